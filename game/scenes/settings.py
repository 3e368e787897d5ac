"""Settings: window or fullscreen, sound and its volume, language, what the computer may
use of the machine (thinking on the player's time, its memory, its search processes), the coach, and an outside
engine that speaks Hub (Scan) to play against. A change applies and is saved at once; an
engine is first checked (its file, then asked who it is and what it plays, in a thread: the
window goes on) and kept only if it answers as a Hub engine does, else what is wrong is said."""
from __future__ import annotations

import shlex
import threading
from collections.abc import Callable

from game.ai.crew import most_processes
from game.ai.table import can_share
from game.i18n import LANGUAGE_NAMES, LANGUAGES, counted, tr
from game.notices import Kind
from game.play.hub_probe import EngineInfo, EngineProblem, engine_command, games_played, probe
from game.scenes.common.form import FormScene
from game.settings import ENGINE_MEMORY_CHOICES, VOLUMES, OutsideEngine, Settings
from game.ui.widgets import OptionRow

#: the outside engine row's choices: none, the engine chosen, and choose another
NO_ENGINE, CHOSEN, CHOOSE = "none", "engine", "choose"
#: the most buttons the search processes' row has (a machine of many cores gets a few steps)
PROCESS_BUTTONS = 6


def process_choices(cores: int) -> list[int]:
    """The search processes a player may choose on a machine of ``cores`` cores: one, two,
    the powers of two between, and all of them; at most :data:`PROCESS_BUTTONS`."""
    steps = sorted({n for n in (1, 2, 4, 8, 16, 32, 64, 128, 256) if n < cores} | {1, cores})
    if len(steps) > PROCESS_BUTTONS:
        steps = steps[:2] + steps[2 - PROCESS_BUTTONS:]
    return steps


def _processes_help(value: object) -> str:
    n = value if isinstance(value, int) else 1
    if n <= 1:
        return tr("settings.search_processes.help.one")
    return counted("settings.search_processes.help.many", n)


def _coach_choice(settings: Settings) -> str:
    """The coach's setting as one choice: all it says, the combinations only, or nothing."""
    if not settings.coach:
        return "off"
    return "all" if settings.coach_principles else "combinations"


def _with_coach(settings: Settings, choice: object) -> Settings:
    return settings.with_(coach=choice != "off", coach_principles=choice == "all")


class SettingsScene(FormScene):
    key = "settings"
    #: an engine being checked: its command, and what the check found (set by its thread)
    checking: list[str] | None = None
    _found: EngineInfo | EngineProblem | None = None

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
            self._processes_row(),
            self._row("settings.coach",
                      [(tr("settings.coach.all"), "all"),
                       (tr("settings.coach.combinations"), "combinations"),
                       (tr("settings.off"), "off")],
                      _coach_choice, _with_coach, lambda v: tr(f"settings.coach.help.{v}")),
            self._engine_row(),
            *self._analysis_row(),
        ]

    def _row(self, label_key: str, options: list[tuple[str, object]],
             current: Callable[[Settings], object],
             change: Callable[[Settings, object], Settings],
             help: Callable[[object], str] | None = None) -> OptionRow:
        return OptionRow(label_key, options, lambda: current(self.app.settings),
                         lambda value: self._change(change(self.app.settings, value)),
                         help=help)

    def _processes_row(self) -> OptionRow:
        """How many processes the strong levels search on: one to a process a core, where
        the system can run helpers (elsewhere the row says the search keeps to one)."""
        if not can_share():
            return self._row("settings.search_processes", [("1", 1)], lambda st: 1,
                             lambda st, v: st,
                             lambda v: tr("settings.search_processes.help.single"))
        choices = process_choices(most_processes())
        return self._row("settings.search_processes", [(str(n), n) for n in choices],
                         lambda st: min(choices, key=lambda n: abs(n - st.search_processes)),
                         lambda st, v: st.with_(search_processes=v), _processes_help)

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

    # --- the outside engine -------------------------------------------------------------------
    def _engine_row(self) -> OptionRow:
        engine = self.app.settings.hub_engine
        choices: list[tuple[str, object]] = [(tr("settings.hub.none"), NO_ENGINE)]
        if engine is not None:
            choices.append((engine.name, CHOSEN))
        choices.append((tr("settings.hub.change"), CHOOSE))
        return OptionRow("settings.hub", choices, self._engine_now, self._engine_chosen,
                         help=self._engine_help)

    def _analysis_row(self) -> list[OptionRow]:
        """Who analyses a finished game in its review: our engine or the outside one (only
        while one is chosen)."""
        engine = self.app.settings.hub_engine
        if engine is None:
            return []
        return [self._row("settings.hub.analysis",
                          [(tr("settings.hub.analysis.ours"), False), (engine.name, True)],
                          lambda st: st.hub_analysis, lambda st, v: st.with_(hub_analysis=v),
                          lambda v: tr("settings.hub.analysis.help.engine" if v
                                       else "settings.hub.analysis.help.ours"))]

    def _engine_now(self) -> object:
        engine = self.app.settings.hub_engine
        return NO_ENGINE if engine is None else CHOSEN

    def _engine_help(self, value: object) -> str:
        if self.checking is not None and value != NO_ENGINE:
            return tr("settings.hub.checking")
        engine = self.app.settings.hub_engine
        if value == CHOOSE:
            return tr("settings.hub.help.change")
        if engine is None or value == NO_ENGINE:
            return tr("settings.hub.help.none")
        games = ", ".join(tr(f"game.{key}") for key in games_played(engine.variants))
        return tr("settings.hub.help.engine", games=games)

    def _engine_chosen(self, value: object) -> None:
        if value == CHOOSE:
            engine = self.app.settings.hub_engine
            self.app.routes.push("name", question=tr("settings.hub.ask"),
                                 text=shlex.join(engine.command) if engine else "",
                                 on_done=self.check_engine, limit=400)
        elif value == NO_ENGINE:
            self._change(self.app.settings.with_(hub_engine=None))

    def check_engine(self, text: str) -> None:
        """The command typed: said plainly if it names no program that runs, else the engine
        is asked who it is in a thread (:meth:`fixed_update` takes the answer)."""
        if not text.strip() or self.checking is not None:
            return
        try:
            command = engine_command(text)
        except EngineProblem as problem:
            self._refuse(problem)
            return
        self.checking, self._found = command, None

        def ask() -> None:
            try:
                self._found = probe(command)
            except EngineProblem as problem:
                self._found = problem

        threading.Thread(target=ask, daemon=True).start()
        self.on_resize(self.size)  # the row says it is checking

    @property
    def animating(self) -> bool:
        return self.checking is not None

    def fixed_update(self, dt: float) -> None:
        found, command = self._found, self.checking
        if found is None or command is None:
            return
        self.checking, self._found = None, None
        if isinstance(found, EngineProblem):
            self._refuse(found)
            self.on_resize(self.size)
            return
        self._change(self.app.settings.with_(
            hub_engine=OutsideEngine(tuple(command), found.name, found.variants)))
        self.app.notify(tr("settings.hub.kept", name=found.name))

    def _refuse(self, problem: EngineProblem) -> None:
        self.app.notify(tr("settings.hub.refused", why=tr(problem.key, **problem.values)),
                        Kind.ERROR)

    def _change(self, settings: Settings) -> None:
        self.focus = self.form.focus
        self.app.change_settings(settings)  # lays every scene out again
        self.app.sound.play("ui")  # after: a new volume is heard at once
        self.app.notify(tr("settings.saved"))
