"""Settings: window or fullscreen, sound and its volume, language, and what the computer may
use of the machine (thinking on the player's time, its memory). A change applies and is saved
at once."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import LANGUAGE_NAMES, LANGUAGES, tr
from game.scenes.common.form import FormScene
from game.settings import ENGINE_MEMORY_CHOICES, VOLUMES, Settings
from game.ui.widgets import OptionRow

if TYPE_CHECKING:
    pass


def _coach_choice(settings: Settings) -> str:
    """The coach's setting as one choice: all it says, the combinations only, or nothing."""
    if not settings.coach:
        return "off"
    return "all" if settings.coach_principles else "combinations"


def _with_coach(settings: Settings, choice: object) -> Settings:
    return settings.with_(coach=choice != "off", coach_principles=choice == "all")


class SettingsScene(FormScene):
    key = "settings"

    def title(self) -> str:
        return tr("settings.title")

    def build_rows(self) -> list[OptionRow]:
        return [
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
            self._row("settings.ponder",
                      [(tr("settings.on"), True), (tr("settings.off"), False)],
                      lambda st: st.ponder, lambda st, v: st.with_(ponder=v),
                      lambda v: tr("settings.ponder.on.help" if v else "settings.ponder.off.help")),
            self._row("settings.engine_memory",
                      [(tr("settings.engine_memory.value", mb=mb), mb)
                       for mb in ENGINE_MEMORY_CHOICES],
                      lambda st: st.engine_memory, lambda st, v: st.with_(engine_memory=v),
                      lambda v: tr("settings.engine_memory.help")),
            self._row("settings.coach",
                      [(tr("settings.coach.all"), "all"),
                       (tr("settings.coach.combinations"), "combinations"),
                       (tr("settings.off"), "off")],
                      _coach_choice, _with_coach, lambda v: tr(f"settings.coach.help.{v}")),
        ]

    def _row(self, label_key: str, options: list[tuple[str, object]],
             current: Callable[[Settings], object],
             change: Callable[[Settings, object], Settings],
             help: Callable[[object], str] | None = None) -> OptionRow:
        return OptionRow(label_key, options, lambda: current(self.app.settings),
                         lambda value: self._change(change(self.app.settings, value)),
                         help=help)

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
