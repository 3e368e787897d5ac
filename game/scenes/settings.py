"""Settings: window or fullscreen, sound and its volume, language. A change applies and is
saved at once."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import LANGUAGE_NAMES, LANGUAGES, tr
from game.scene import Scene
from game.settings import VOLUMES, Settings
from game.ui import drawing, theme
from game.ui.widgets import Button, OptionRow, OptionRows

if TYPE_CHECKING:
    from game.app import App


class SettingsScene(Scene):
    key = "settings"

    def __init__(self, app: App) -> None:
        self.focus = 0
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
            self._sound_row(),
            self._row("settings.volume", [(f"{v}%", v) for v in VOLUMES],
                      lambda st: st.volume, lambda st, v: st.with_(volume=v)),
            self._row("settings.language",
                      [(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                      lambda st: st.language, lambda st, v: st.with_(language=v)),
        ]
        px = max(16, round(28 * s))
        height = round(62 * s)
        for r, row in enumerate(self.rows):
            row.place(self.origin[0] + round(480 * s), self.origin[1] + round((190 + r * 108) * s),
                      round(630 * s), height, round(30 * s), px)
        self.back = Button(tr("common.back"), self.on_back, px=px)
        self.back.rect = pygame.Rect(self.origin[0] + round(140 * s),
                                     self.origin[1] + round(640 * s), round(300 * s), height)
        # a change of language or window lays the scene out again: keep the focus where it was
        self.form = OptionRows(self.rows, [self.back], focus=self.focus)

    def _row(self, label_key: str, options: list[tuple[str, object]],
             current: Callable[[Settings], object],
             change: Callable[[Settings, object], Settings]) -> OptionRow:
        return OptionRow(label_key, options, lambda: current(self.app.settings),
                         lambda value: self._change(change(self.app.settings, value)))

    def _sound_row(self) -> OptionRow:
        if self.app.sound.available:
            return self._row("settings.sound",
                             [(tr("settings.on"), True), (tr("settings.off"), False)],
                             lambda st: st.sound, lambda st, v: st.with_(sound=v))
        # no device: saying "On" would be a lie; the setting itself is kept for later
        row = self._row("settings.sound", [(tr("settings.sound.unavailable"), None)],
                        lambda st: None, lambda st, v: st)
        for button in row.buttons:
            button.enabled = False
        return row

    def _change(self, settings: Settings) -> None:
        self.focus = self.form.focus
        self.app.change_settings(settings)  # lays every scene out again
        self.app.sound.play("ui")  # after: a new volume is heard at once
        self.app.notify(tr("settings.saved"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.form.handle_event(event)
        self.focus = self.form.focus
        return used

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        ox, oy = self.origin
        title = theme.text(tr("settings.title"), max(24, round(56 * s)), theme.ACCENT, True)
        surface.blit(title, (ox + round(140 * s), oy + round(70 * s)))
        for r, row in enumerate(self.rows):
            colour = theme.ACCENT if r == self.form.focus else theme.TEXT
            label = theme.text(tr(row.label_key), max(16, round(32 * s)), colour, True)
            anchor = row.buttons[0].rect
            surface.blit(label, label.get_rect(midleft=(ox + round(140 * s), anchor.centery)))
        self.form.draw(surface)
