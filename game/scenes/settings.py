"""Settings: window or fullscreen, sound, language. A change applies and is saved at once."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES, tr
from game.scene import Scene
from game.settings import Settings
from game.ui import drawing, theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App


@dataclass
class ChoiceRow:
    """A setting and its options, one of them chosen."""

    label_key: str
    options: list[tuple[str, object]]  # (label, value)
    current: Callable[[Settings], object]
    change: Callable[[Settings, object], Settings]
    buttons: list[Button]


class SettingsScene(Scene):
    key = "settings"

    def __init__(self, app: App) -> None:
        self.focus_row = 0
        super().__init__(app)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.rows = [
            self._row("settings.window",
                      [(tr("settings.window.windowed"), False),
                       (tr("settings.window.fullscreen"), True)],
                      lambda st: st.fullscreen, lambda st, v: st.with_(fullscreen=v)),
            self._row("settings.sound",
                      [(tr("settings.on"), True), (tr("settings.off"), False)],
                      lambda st: st.sound, lambda st, v: st.with_(sound=v)),
            self._row("settings.language",
                      [(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                      lambda st: st.language, lambda st, v: st.with_(language=v)),
        ]
        px = max(16, round(28 * s))
        width, height = round(300 * s), round(62 * s)
        for r, row in enumerate(self.rows):
            y = self.origin[1] + round((210 + r * 120) * s)
            for i, button in enumerate(row.buttons):
                button.px = px
                button.rect = pygame.Rect(self.origin[0] + round((480 + i * 330) * s), y,
                                          width, height)
        self.back = Button(tr("common.back"), self.on_back, px=px)
        self.back.rect = pygame.Rect(self.origin[0] + round(140 * s),
                                     self.origin[1] + round(640 * s), round(300 * s), height)
        self._sync()

    def _row(self, label_key: str, options: list[tuple[str, object]],
             current: Callable[[Settings], object],
             change: Callable[[Settings, object], Settings]) -> ChoiceRow:
        row = ChoiceRow(label_key, options, current, change, [])
        row.buttons = [Button(label, lambda v=value, r=row: self.choose(r, v))
                       for label, value in options]
        return row

    def choose(self, row: ChoiceRow, value: object) -> None:
        self.focus_row = self.rows.index(row) if row in self.rows else self.focus_row
        if row.current(self.app.settings) == value:
            return
        self.app.sound.play("ui")
        self.app.change_settings(row.change(self.app.settings, value))
        # the app lays every scene out again (new language, new window size)
        self.app.notify(tr("settings.saved"))

    def _sync(self) -> None:
        for r, row in enumerate(self.rows):
            chosen = row.current(self.app.settings)
            for button, (_, value) in zip(row.buttons, row.options):
                button.selected = value == chosen
                button.focused = r == self.focus_row and value == chosen
        self.back.focused = self.focus_row == len(self.rows)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key == pygame.K_UP else 1
                self.focus_row = (self.focus_row + step) % (len(self.rows) + 1)
                self._sync()
                return True
            if self.focus_row == len(self.rows):
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.on_back()
                    return True
                return False
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
                row = self.rows[self.focus_row]
                values = [value for _, value in row.options]
                index = values.index(row.current(self.app.settings))
                step = -1 if event.key == pygame.K_LEFT else 1
                self.choose(row, values[(index + step) % len(values)])
                self._sync()
                return True
            return False
        used = self.back.handle_event(event)
        for row in self.rows:
            for button in row.buttons:
                used = button.handle_event(event) or used
        if used:
            self._sync()
        return used

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        ox, oy = self.origin
        title = theme.text(tr("settings.title"), max(24, round(56 * s)), theme.ACCENT, True)
        surface.blit(title, (ox + round(140 * s), oy + round(70 * s)))
        for r, row in enumerate(self.rows):
            colour = theme.ACCENT if r == self.focus_row else theme.TEXT
            label = theme.text(tr(row.label_key), max(16, round(32 * s)), colour, True)
            anchor = row.buttons[0].rect
            surface.blit(label, label.get_rect(midleft=(ox + round(140 * s), anchor.centery)))
            for button in row.buttons:
                button.draw(surface)
        self.back.draw(surface)
