"""A wooden panel over the scene below: a title, a few lines and a column of buttons.

The end of a board game, the end of a Chapaev match and Chapaev's pause menu are all this
panel with their own texts and (label, callback) actions; the panel knows nothing of the
scene that opened it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.core import Color
from game.scene import Scene
from game.ui import drawing, theme
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app_like import AppLike


@dataclass(frozen=True)
class PanelAction:
    """A button: its label and what it does. ``close``: the panel goes away first."""

    label: str
    run: Callable[[], None]
    close: bool = True


class PanelOverlay(Scene):
    """Texts and actions given by whoever opened it; Esc runs ``back`` (default: the first
    action)."""

    overlay = True

    def __init__(self, app: AppLike, title: str | Callable[[], str],
                 lines: Sequence[str] | Callable[[], Sequence[str]],
                 actions: Sequence[PanelAction], *, key: str = "panel",
                 icon: Color | None = None, footer: str | None = None,
                 back: PanelAction | None = None,
                 area: Callable[[], pygame.Rect | None] | None = None) -> None:
        self.key = key  # type: ignore[misc]
        self._title = title
        self._lines = lines
        self.panel_actions = list(actions)
        self.icon = icon
        self.footer = footer
        self.back = back if back is not None else self.panel_actions[0]
        self._area = area
        super().__init__(app)

    @property
    def title(self) -> str:
        return self._title() if callable(self._title) else self._title

    @property
    def lines(self) -> list[str]:
        return list(self._lines() if callable(self._lines) else self._lines)

    def _run(self, action: PanelAction) -> None:
        if action.close:
            self.app.scenes.pop()
        action.run()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        width = min(size[0] - round(20 * s), max(360, round(640 * s)))
        self.title_px = max(22, round(40 * s))
        self.text_px = max(15, round(22 * s))
        self.wrapped = [part for line in self.lines
                        for part in theme.wrap(line, self.text_px, width - round(60 * s))]
        button_px = max(15, round(26 * s))
        button_h, gap = max(30, round(54 * s)), round(12 * s)
        icon = round(60 * s) + round(12 * s) if self.icon is not None else 0
        head = (round(28 * s) + icon + round(self.title_px * 1.3) + round(10 * s)
                + len(self.wrapped) * round(self.text_px * 1.35)
                + (round(self.text_px * 1.4) if self.footer else 0) + round(24 * s))
        count = len(self.panel_actions)
        height = head + count * (button_h + gap) - gap + round(28 * s)
        self.panel = pygame.Rect(0, 0, width, min(height, size[1] - round(16 * s)))
        area = self._area() if self._area is not None else None
        self.panel.center = (area.center if area is not None and area.width
                             else (size[0] // 2, size[1] // 2))
        self.panel.clamp_ip(pygame.Rect((0, 0), size))
        buttons = []
        top = self.panel.top + head
        for i, action in enumerate(self.panel_actions):
            button = Button(action.label, partial(self._run, action), px=button_px)
            button.rect = pygame.Rect(0, top + i * (button_h + gap), round(width * 0.7),
                                      button_h)
            button.rect.centerx = self.panel.centerx
            buttons.append(button)
        self.buttons = ButtonColumn(buttons)

    def on_back(self) -> None:
        self._run(self.back)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.buttons.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        radius = round(20 * s)
        panel = self.panel
        pygame.draw.rect(surface, (0, 0, 0), panel.move(0, round(10 * s)), border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, panel, width=3, border_radius=radius)
        y = panel.top + round(28 * s)
        if self.icon is not None:
            r = round(30 * s)
            drawing.draw_piece(surface, (panel.centerx, y + r), r, self.icon is Color.WHITE,
                               king=True)
            y += 2 * r + round(12 * s)
        title = theme.text(self.title, self.title_px, theme.ACCENT, True)
        while title.get_width() > panel.width - round(40 * s) and self.title_px > 14:
            self.title_px -= 1
            title = theme.text(self.title, self.title_px, theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, y)))
        y += round(self.title_px * 1.3) + round(10 * s)
        for line in self.wrapped:
            label = theme.text(line, self.text_px, theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(panel.centerx, y)))
            y += round(self.text_px * 1.35)
        if self.footer:
            label = theme.text(self.footer, max(12, round(18 * s)), theme.TEXT_MUTED)
            surface.blit(label, label.get_rect(midtop=(panel.centerx, y + round(4 * s))))
        self.buttons.draw(surface)
