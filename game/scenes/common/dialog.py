"""A small question over the current scene: confirm or cancel."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import theme
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app import App


class ConfirmDialog(Scene):
    """Asks one question; the confirm button runs ``on_confirm``, Esc or Cancel closes it."""

    overlay = True
    key = "quit"

    def __init__(self, app: App, question_key: str, confirm_key: str,
                 on_confirm: Callable[[], None], cancel_key: str = "dialog.cancel",
                 on_cancel: Callable[[], None] | None = None) -> None:
        self.question_key = question_key
        self.on_cancel = on_cancel
        self.cancel_key = cancel_key
        self.confirm_key = confirm_key
        self.on_confirm = on_confirm
        super().__init__(app)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = theme.scale_for(size)
        self.panel = pygame.Rect(0, 0, round(560 * s), round(250 * s))
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
        # a long question (Russian especially) wraps and shrinks a little to fit the panel
        px = max(16, round((36 if len(tr(self.question_key)) < 28 else 30) * s))
        lines = theme.wrap(tr(self.question_key), px, self.panel.width - round(60 * s), True)
        top = self.buttons.buttons[0].rect.top
        y = self.panel.top + (top - self.panel.top - len(lines) * round(px * 1.3)) // 2
        for line in lines:
            label = theme.text(line, px, theme.TEXT, True)
            surface.blit(label, label.get_rect(midtop=(self.panel.centerx, y)))
            y += round(px * 1.3)
        self.buttons.draw(surface)
