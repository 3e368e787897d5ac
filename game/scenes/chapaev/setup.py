"""Chapaev's setup screen: who plays whom, the computer's level, the rule options (the troops
campaign and the wide board with the swamp among them), the board view and the aiming help; Start begins the match (:mod:`.scene`)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

from game.ai.chapaev import LEVELS
from game.i18n import tr
from game.play.chapaev_play import ChapaevPlay
from game.play.players import PLAY_AS_CHOICES, make_seats
from game.rules.chapaev import BoardView, BothCleared, Campaign, ChapaevOptions, ExtraShot
from game.scenes.common.form import FormScene
from game.ui.chapaev_view import AimHelp
from game.ui import theme
from game.ui.widgets import OptionRow

if TYPE_CHECKING:
    from game.app import App


@dataclass(frozen=True, slots=True)
class ChapaevPrefs:
    """Everything chosen on the setup screen: the rule options and the aiming help."""

    options: ChapaevOptions = field(default_factory=ChapaevOptions)
    aim: AimHelp = AimHelp.FULL
    play_as: str = "two"  # white, black, random, two (people), watch (the computer alone)
    level: int = 3  # the computer's level, 1-5


# the choices last started with, offered again while the game runs (not saved to disk)
_last_prefs = ChapaevPrefs()


def _rule(prefs: ChapaevPrefs, **changes: object) -> ChapaevPrefs:
    return replace(prefs, options=replace(prefs.options, **changes))  # type: ignore[arg-type]


def _with_level(prefs: ChapaevPrefs, level: object) -> ChapaevPrefs:
    assert isinstance(level, int)
    return replace(prefs, level=level)


class ChapaevSetupScene(FormScene):
    """The rule options before a match, with their defaults; Start begins the match."""

    key = "chapaev-setup"

    def __init__(self, app: App, prefs: ChapaevPrefs | None = None) -> None:
        self.prefs = prefs if prefs is not None else _last_prefs
        super().__init__(app)

    def title(self) -> str:
        return tr("game.chapaev")

    def subtitle(self) -> str:
        return tr("setup.subtitle")

    def hint(self) -> str:
        return tr("setup.hint")

    def main_action(self) -> tuple[str, Callable[[], None]]:
        return tr("chapaev.setup.start"), self.begin

    def build_rows(self) -> list[OptionRow]:
        return self._rows()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        # nine rows: closer than the form's usual button height, so the buttons are made
        # lower (and their letters smaller) to keep a gap between the rows
        s = self.scale
        height = round(56 * s)
        gap = round(self.spacing * s) - height
        if gap < round(8 * s):
            height = round(self.spacing * s) - round(8 * s)
            px = max(theme.MIN_PX, min(round(24 * s), round(height * 0.5)))
            for row in self.rows:
                first = row.buttons[0].rect
                row.place(first.left, first.top, round(660 * s), height, round(12 * s), px,
                          columns=self.columns)

    def _rows(self) -> list[OptionRow]:
        specs: list[tuple[str, str, list[tuple[str, object]], Callable[[ChapaevPrefs], object],
                          Callable[[ChapaevPrefs, object], ChapaevPrefs]]] = [
            ("chapaev.setup.play_as", "",
             [(f"chapaev.setup.play_as.{c}", c) for c in PLAY_AS_CHOICES],
             lambda p: p.play_as, lambda p, v: replace(p, play_as=v)),  # type: ignore[arg-type]
            ("chapaev.setup.extra", "chapaev.setup.extra_help",
             [("chapaev.setup.extra.striker", ExtraShot.STRIKER_STAYS),
              ("chapaev.setup.extra.all_own", ExtraShot.ALL_OWN_STAY),
              ("chapaev.setup.extra.never", ExtraShot.NEVER)],
             lambda p: p.options.extra_shot, lambda p, v: _rule(p, extra_shot=v)),
            ("chapaev.setup.both", "chapaev.setup.both_help",
             [("chapaev.setup.both.draw", BothCleared.DRAW),
              ("chapaev.setup.both.last", BothCleared.LAST_FALLEN_WINS)],
             lambda p: p.options.both_cleared, lambda p, v: _rule(p, both_cleared=v)),
            ("chapaev.setup.prisoners", "chapaev.setup.prisoners_help",
             [("chapaev.setup.off", False), ("chapaev.setup.on", True)],
             lambda p: p.options.prisoners, lambda p, v: _rule(p, prisoners=v)),
            ("chapaev.setup.troops", "chapaev.setup.troops_help",
             [("chapaev.setup.troops.off", Campaign.OFF),
              ("chapaev.setup.troops.loser", Campaign.LOSER_CHANGES),
              ("chapaev.setup.troops.winner", Campaign.WINNER_CHANGES)],
             lambda p: p.options.campaign, lambda p, v: _rule(p, campaign=v)),
            ("chapaev.setup.swamp", "chapaev.setup.swamp_help",
             [("chapaev.setup.swamp.off", False), ("chapaev.setup.swamp.on", True)],
             lambda p: p.options.swamp, lambda p, v: _rule(p, swamp=v)),
            ("chapaev.setup.view", "chapaev.setup.view_help",
             [("chapaev.setup.view.fixed", BoardView.FIXED),
              ("chapaev.setup.view.turn", BoardView.TURN_TO_SHOOTER)],
             lambda p: p.options.board_view, lambda p, v: _rule(p, board_view=v)),
            ("chapaev.setup.aim", "chapaev.setup.aim_help",
             [("chapaev.setup.aim.full", AimHelp.FULL),
              ("chapaev.setup.aim.arrow", AimHelp.ARROW),
              ("chapaev.setup.aim.none", AimHelp.NONE)],
             lambda p: p.aim, lambda p, v: replace(p, aim=v)),  # type: ignore[arg-type]
        ]
        rows = [OptionRow(label, [(tr(key), value) for key, value in options],
                          partial(self._get, get), partial(self._put, put),
                          help=partial(self._help, options))
                for label, help_key, options, get, put in specs]
        level = OptionRow("chapaev.setup.level", [(str(n), n) for n in sorted(LEVELS)],
                          partial(self._get, lambda p: p.level),
                          partial(self._put, _with_level),
                          help=self._level_help)
        rows.insert(1, level)
        return rows

    def _level_help(self, value: object) -> str:
        if self.prefs.play_as == "two":
            return tr("chapaev.setup.level.help.none")
        return tr(f"chapaev.setup.level.{value}.help")

    def _get(self, get: Callable[[ChapaevPrefs], object]) -> object:
        return get(self.prefs)

    def _put(self, put: Callable[[ChapaevPrefs, object], ChapaevPrefs], value: object) -> None:
        self.app.sound.play("ui")
        self.prefs = put(self.prefs, value)

    @staticmethod
    def _help(options: list[tuple[str, object]], value: object) -> str:
        """What the chosen value means, in a short sentence."""
        for key, choice in options:
            if choice == value:
                return tr(f"{key}.help")
        return ""

    def begin(self) -> None:
        global _last_prefs
        _last_prefs = self.prefs
        self.app.sound.play("ui")
        play = ChapaevPlay(self.prefs.options, seats=make_seats(
            self.prefs.play_as, self.prefs.level, game="chapaev"))
        self.app.routes.replace("chapaev", play=play, aim=self.prefs.aim)
