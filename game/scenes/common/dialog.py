"""A small question over the current scene: confirm or cancel."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import theme
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app_like import AppLike


class ConfirmDialog(Scene):
    """Asks one question (``question_values`` fill it in; ``detail``, if given, says more
    under it in smaller letters); the confirm button runs ``on_confirm``, Esc or Cancel
    closes it."""

    overlay = True
    key = "quit"

    def __init__(self, app: AppLike, question_key: str, confirm_key: str,
                 on_confirm: Callable[[], None], cancel_key: str = "dialog.cancel",
                 on_cancel: Callable[[], None] | None = None,
                 question_values: Mapping[str, object] | None = None,
                 detail: str = "") -> None:
        self.question_key = question_key
        self.question_values = dict(question_values or {})
        self.detail = detail
        self.on_cancel = on_cancel
        self.cancel_key = cancel_key
        self.confirm_key = confirm_key
        self.on_confirm = on_confirm
        super().__init__(app)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = theme.scale_for(size)
        width = round(560 * s)
        # a long question (Russian especially) wraps, a little smaller; the panel grows to
        # hold every line above the buttons
        question = tr(self.question_key, **self.question_values)
        self.question_px = max(16, round((36 if len(question) < 28 else 30) * s))
        inner = width - round(60 * s)
        #: (text, size, ink, bold) of every line above the buttons
        self.lines = [(line, self.question_px, theme.TEXT, True)
                      for line in theme.wrap(question, self.question_px, inner, True)]
        if self.detail:
            small = max(theme.MIN_PX, round(20 * s))
            self.lines += [(line, small, theme.TEXT_MUTED, False)
                           for line in theme.wrap_lines(self.detail, small, inner, 4)]
        needed = (round(28 * s) + sum(round(px * 1.3) for _, px, _, _ in self.lines)
                  + round(20 * s) + round(62 * s) + round(34 * s))
        self.panel = pygame.Rect(0, 0, width, max(round(250 * s), needed))
        self.panel.center = (size[0] // 2, size[1] // 2)
        px = max(16, round(30 * s))
        confirm = Button(tr(self.confirm_key), self._confirm, px=px)
        cancel = Button(tr(self.cancel_key), self.on_back, px=px)
        width, height, gap = round(220 * s), round(62 * s), round(24 * s)
        left = self.panel.centerx - width - gap // 2
        for i, button in enumerate((confirm, cancel)):
            button.rect = pygame.Rect(left + i * (width + gap),
                                      self.panel.bottom - height - round(34 * s), width, height)
        self.buttons = ButtonColumn([confirm, cancel],
                                    keys_prev=(pygame.K_LEFT, pygame.K_UP),
                                    keys_next=(pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB))
        self.buttons.set_focus(1)  # the safe answer has the focus

    def _confirm(self) -> None:
        self.app.scenes.pop()
        self.on_confirm()

    def on_back(self) -> None:
        self.app.scenes.pop()
        if self.on_cancel is not None:
            self.on_cancel()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.buttons.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = theme.scale_for(self.size)
        radius = round(18 * s)
        pygame.draw.rect(surface, (0, 0, 0), self.panel.move(0, round(8 * s)),
                         border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, self.panel, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, self.panel, width=2, border_radius=radius)
        top = self.buttons.buttons[0].rect.top
        y = self.panel.top + (top - self.panel.top
                              - sum(round(px * 1.3) for _, px, _, _ in self.lines)) // 2
        for line, px, ink, bold in self.lines:
            label = theme.text(line, px, ink, bold)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += round(px * 1.3)
        self.buttons.draw(surface)
