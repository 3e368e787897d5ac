"""What the forms that connect to another end share (joining a friend's game, asking a DXP
program for one): their text fields and the one typed into, Start, Cancel while it connects
and Back, the line under the fields ("connecting…" or what went wrong), the keys (Tab, the
arrows, Enter, Esc) and the keyboard's text switched on while the form is shown.

A form says what it connects to through a few hooks (``busy``, ``start``, ``stop``,
``connecting_text``, ``lay_out``) and draws its own labels; the rest is here.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.i18n import tr
from game.scene import Scene
from game.scenes.network.fields import TextField, draw_state_line, text_input
from game.ui import drawing, theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike


class ConnectForm(Scene):
    """A form of ``fields`` (``typing``: the one typed into first) that connects somewhere."""

    #: the i18n keys of the title, the line under it, the start button and the hint
    title_key: ClassVar[str] = ""
    subtitle_key: ClassVar[str] = ""
    go_key: ClassVar[str] = ""
    hint_key: ClassVar[str] = ""
    #: where the state line and the buttons stand, in the 1280×800 design
    state_y: ClassVar[int] = 470
    buttons_y: ClassVar[int] = 560

    def __init__(self, app: AppLike, fields: list[TextField], typing: int) -> None:
        self.fields = fields
        self.typing = typing
        self.error: str | None = None
        self.began = 0.0
        super().__init__(app)
        self._focus_field()

    # the hooks ------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Connecting now (Cancel is offered, the fields wait)."""
        raise NotImplementedError

    def start(self) -> None:
        """Check the form and connect (the window goes on: the answer is polled)."""
        raise NotImplementedError

    def stop(self) -> None:
        """Cancel a connection under way: the form stays as it was typed."""
        raise NotImplementedError

    def connecting_text(self) -> str:
        """What the state line says while it connects."""
        raise NotImplementedError

    def lay_out(self, px: int) -> None:
        """Place the fields (and any buttons of the form's own) for the size now."""
        raise NotImplementedError

    def active(self) -> list[TextField]:
        """The fields typed into now (all, unless a choice hides one)."""
        return self.fields

    def choices(self) -> list[Button]:
        """The form's own buttons (they take clicks before the fields)."""
        return []

    def draw_fields(self, surface: pygame.Surface) -> None:
        """The labels and the fields; by default each label left of its field."""
        label_px = max(15, round(28 * self.scale))
        for field in self.active():
            words, px = theme.fit(tr(field.label_key), label_px, round(280 * self.scale), True)
            label = theme.text(words, px, theme.ACCENT if field.focused else theme.TEXT, True)
            surface.blit(label, label.get_rect(midleft=(self._at(100, 0)[0],
                                                        field.rect.centery)))
            field.draw(surface, self.scale)

    # layout -------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.lay_out(max(16, round(28 * s)))
        big = max(16, round(30 * s))
        self.go = Button(tr(self.go_key), self.start, px=big, focused=True)
        self.go.rect = pygame.Rect(*self._at(540, self.buttons_y), round(400 * s), round(70 * s))
        self.cancel = Button(tr("net.cancel"), self.stop, px=big)
        self.cancel.rect = self.go.rect.copy()
        self.back = Button(tr("common.back"), self.on_back, px=big)
        self.back.rect = pygame.Rect(*self._at(100, self.buttons_y), round(300 * s),
                                     round(70 * s))

    def _at(self, x: float, y: float) -> tuple[int, int]:
        return (self.origin[0] + round(x * self.scale), self.origin[1] + round(y * self.scale))

    def _focus_field(self) -> None:
        for i, field in enumerate(self.fields):
            field.focused = i == self.typing

    # the form's life ------------------------------------------------------------------------
    def begin_connecting(self) -> None:
        """A connection begins: the state line counts from now."""
        self.error = None
        self.began = time.monotonic()

    def failed(self, message: str) -> None:
        """The connection failed: it stops and ``message`` is said under the fields."""
        self.stop()
        self.error = message
        self.app.redraw()

    def on_back(self) -> None:
        self.stop()
        self.app.scenes.pop()

    def on_leave(self) -> None:
        self.stop()
        text_input(False)

    on_quit = on_leave

    def on_enter(self) -> None:
        text_input(True)

    @property
    def animating(self) -> bool:
        return self.busy  # the dots of "connecting…"

    # input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
            return True
        if self.busy:
            return self.cancel.handle_event(event)
        for button in (self.go, *self.choices()):
            if button.handle_event(event):
                return True
        active = self.active()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, field in enumerate(active):
                if field.rect.collidepoint(event.pos):
                    self.typing = i
                    self._focus_field()
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return True
            if event.key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_UP):
                back = event.key == pygame.K_UP or bool(event.mod & pygame.KMOD_SHIFT)
                self.typing = (self.typing + (-1 if back else 1)) % len(active)
                self._focus_field()
                return True
        return self.fields[self.typing].handle_key(event)

    # drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr(self.title_key), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, self._at(100, 40))
        words, px = theme.fit(tr(self.subtitle_key), max(14, round(24 * s)), round(1080 * s))
        surface.blit(theme.text(words, px, theme.TEXT_MUTED), self._at(104, 110))
        self.draw_fields(surface)
        connecting = self.connecting_text() if self.busy else None
        draw_state_line(surface, self._at(100, self.state_y), s, connecting, self.began,
                        self.error)
        (self.cancel if self.busy else self.go).draw(surface)
        self.back.draw(surface)
        words, px = theme.fit(tr(self.hint_key), max(theme.MIN_PX, round(18 * s)),
                              round(1080 * s))
        surface.blit(theme.text(words, px, theme.TEXT_MUTED), self._at(100, 760))
