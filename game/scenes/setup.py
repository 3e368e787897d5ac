"""Before a board game: its options on one screen, sensible defaults, one click to start.

Who plays whom and the computer's level; the options the game declares (International and
Russian: tournament draw rules, when a draw may be offered, International's move limit;
Apokachi: board size, move limit, game timer); a chess clock where the game has one; turning
the board toward the player to move. The choices a game was started with are the next setup's
of the same game, in this run and the next (kept in the settings file, each read back only if
it is still one of its row's choices).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from game.i18n import STRINGS, tr
from game.play.board_play import BoardPlay
from game.play.clock import CLOCK_CHOICES
from game.play.hub_probe import plays as engine_plays
from game.play.hub_seat import HubEngineSeat, outside_seat
from game.play.players import DEFAULT_LEVEL, LEVEL_CHOICES, PLAY_AS_CHOICES, make_seats
from game.play.seats import Person, Seat
from game.rules import VARIANTS, find_variant
from game.rules.core import Color
from game.scenes.common.form import FormScene
from game.scenes.common.network import host_game
from game.scenes.common.remembered import (LEVEL, PLAY_AS, last_chosen, recall, to_keep,
                                           unchanged)
from game.settings import OutsideEngine, SetupValue
from game.ui.widgets import OptionRow

if TYPE_CHECKING:
    from game.app_like import AppLike

FLIP = "flip"  # rows that are not rules options but the scene's own: the board turning,
CLOCK = "clock"  # a chess clock for each side, and common.remembered's PLAY_AS (who plays
# whom, as Chapaev's setup keeps it too) and LEVEL (the computer's strength, as the editor
# reads it too)
OPPONENT = "opponent"  # our computer, or the outside engine of the settings (Scan)

#: option name -> the label key of its row (its help is the same key + ".help", or
#: "setup.<variant>.<name>.help" where a game words it its own way)
LABELS: dict[str, str] = {
    "tournament_draws": "setup.tournament",
    "draw_offer_after": "setup.draw_offer",
    "move_limit": "setup.move_limit",
    "size": "setup.size",
    "time_limit": "setup.timer",
}
_SIZE_PRESETS = {6: "setup.size.small", 9: "setup.size.standard"}

#: the scene's own rows at the values a first setup has (the rest are the game's options):
#: most who open a game alone want the computer, at a middle level (who moves first: see
#: :func:`own_defaults`)
_OWN_DEFAULTS: dict[str, Any] = {FLIP: False, PLAY_AS: "white", LEVEL: DEFAULT_LEVEL,
                                 CLOCK: None, OPPONENT: "computer"}


def own_defaults(variant: str) -> dict[str, Any]:
    """The scene's own rows on the first setup of any game here: a person against the
    computer at a middle level, with the side that moves first (English draughts: Black)."""
    first = find_variant(variant).first_color
    return {**_OWN_DEFAULTS, PLAY_AS: "white" if first is Color.WHITE else "black"}


def carried(setups: Mapping[str, Mapping[str, SetupValue]]) -> dict[str, SetupValue]:
    """Who plays whom and the computer's level as the setup made last chose them (any game's
    who plays whom, a board game's level), for a game not set up here before."""
    return {**last_chosen(setups, PLAY_AS), **last_chosen(setups, LEVEL, VARIANTS)}


def _on_off() -> list[tuple[str, object]]:
    return [(tr("settings.on"), True), (tr("settings.off"), False)]


def choice_label(name: str, value: object) -> str:
    """How a setup row shows one value of an option."""
    if value is None:
        return tr("setup.draw_offer.any" if name == "draw_offer_after" else "setup.none")
    if isinstance(value, bool):
        return tr("settings.on" if value else "settings.off")
    if name == "time_limit" and isinstance(value, (int, float)):
        return tr("setup.minutes", n=round(value / 60))
    if name == "draw_offer_after":
        return tr("setup.draw_offer.after", moves=value)
    return str(value)


def _help(variant: str, name: str, value: object) -> str:
    own = f"setup.{variant}.{name}.help"
    text = tr(own if own in STRINGS else f"{LABELS.get(name, 'setup.' + name)}.help", n=value)
    preset = _SIZE_PRESETS.get(value) if name == "size" and isinstance(value, int) else None
    return f"{text} — {tr(preset)}" if preset else text


def _play_as_help(variant: str, value: object) -> str:
    """The help of a "you play" choice; a game where Black moves first words it its own way."""
    own = f"setup.{variant}.play_as.{value}.help"
    return tr(own if own in STRINGS else f"setup.play_as.{value}.help")


def defaults(variant: str) -> dict[str, Any]:
    """Every option of ``variant`` at the value a new game has."""
    return {spec.name: spec.default for spec in find_variant(variant).option_specs()}


#: the colours a player hosting a game over the network may take
HOST_PLAY_AS = ("white", "black", "random")


def plays(engine: OutsideEngine | None, variant: str) -> bool:
    """Whether the outside engine chosen in the settings plays ``variant``."""
    return engine is not None and engine_plays(engine.variants, variant)


def option_specs(variant: str, host: bool = False, engine: OutsideEngine | None = None
                 ) -> list[tuple[str, str, list[tuple[str, object]], Callable[[object], str]]]:
    """(label key, option name, choices, help) of a game's setup rows, in the current
    language: the options the game declares, then the scene's own board turning. ``host``:
    a game over the network (the player's colour instead of who plays whom, no level).
    ``engine``: the outside engine of the settings, offered as the opponent where it plays
    the game."""
    opponent: list[tuple[str, str, list[tuple[str, object]], Callable[[object], str]]] = [
        ("setup.opponent", OPPONENT, [(tr("setup.opponent.computer"), "computer"),
                                      (tr("setup.opponent.engine", name=engine.name), "hub")],
         lambda v: tr(f"setup.opponent.{v}.help", name=engine.name)),
    ] if engine is not None and plays(engine, variant) else []
    specs: list[tuple[str, str, list[tuple[str, object]], Callable[[object], str]]] = [
        ("setup.play_as", PLAY_AS, [(tr(f"setup.play_as.{c}"), c) for c in PLAY_AS_CHOICES],
         partial(_play_as_help, variant)),
        *opponent,
        ("setup.level", LEVEL, [(str(n), n) for n in LEVEL_CHOICES],
         lambda v: tr("setup.level.help")),
    ] if not host else [
        ("net.play_as", PLAY_AS, [(tr(f"setup.play_as.{c}"), c) for c in HOST_PLAY_AS],
         lambda v: tr("net.play_as.help")),
    ]
    for spec in find_variant(variant).option_specs():
        specs.append((LABELS.get(spec.name, f"setup.{spec.name}"), spec.name,
                      [(choice_label(spec.name, c), c) for c in spec.choices],
                      partial(_help, variant, spec.name)))
    if find_variant(variant).chess_clock:
        specs.append(("setup.clock", CLOCK,
                      [(tr("setup.none") if c is None else c.label(), c) for c in CLOCK_CHOICES],
                      lambda v: tr("setup.clock.help") if v is not None
                      else tr("setup.clock.help.none")))
    if not host:  # one person at this window: the board faces them
        specs.append(("setup.flip", FLIP, _on_off(), lambda v: tr("setup.flip.help")))
    return specs


def engine_seat(engine: OutsideEngine, level: int) -> Seat:
    """The outside engine in a seat, our computer at ``level`` playing on if it fails."""
    return outside_seat(engine.command, engine.name, level)


class SetupScene(FormScene):
    """The options of one board game and a Start button that has the focus."""

    key = "setup"

    def __init__(self, app: AppLike, variant: str, options: dict[str, Any] | None = None,
                 flip: bool | None = None, own: dict[str, Any] | None = None,
                 host: bool = False) -> None:
        self.variant = variant
        #: the game is to be hosted over the network: Start says Host
        self.host = host
        #: the outside engine of the settings, where it plays this game
        engine = app.settings.hub_engine
        self.engine = engine if plays(engine, variant) else None
        # the last setup of this game, row by row where still one of the row's choices;
        # what the caller passes (New game: the options of the game just played) comes first
        setups = app.settings.setups
        # hosting: the last hosted game's choices (its own colour row), else the game's last
        # setup at this window for the rows the two share
        # a game set up here for the first time: who plays whom as last chosen in another
        kept = recall({**carried(setups),
                       **(setups.get(self.setup_key) or setups.get(variant, {}))},
                      {name: [value for _, value in choices]
                       for _, name, choices, _ in option_specs(variant, host, self.engine)})
        remembered_own = {name: value for name, value in kept.items() if name in _OWN_DEFAULTS}
        remembered = {name: value for name, value in kept.items() if name not in _OWN_DEFAULTS}
        self.options: dict[str, Any] = {**defaults(variant), **remembered, **(options or {})}
        self.own: dict[str, Any] = {**own_defaults(variant), **remembered_own, **(own or {})}
        if flip is not None:
            self.own[FLIP] = flip
        if host and self.own[PLAY_AS] not in HOST_PLAY_AS:
            self.own[PLAY_AS] = "white"
        super().__init__(app)

    @property
    def setup_key(self) -> str:
        """Where this setup is remembered: hosting keeps its own (a colour, not who plays)."""
        return f"host:{self.variant}" if self.host else self.variant

    @property
    def flip(self) -> bool:
        return bool(self.own[FLIP])

    def value(self, name: str) -> Any:
        return self.own[name] if name in self.own else self.options.get(name)

    def choose(self, name: str, value: Any) -> None:
        if name in self.own:
            self.own[name] = value
        else:
            self.options[name] = value
        self.app.sound.play("ui", 0.5)

    def title(self) -> str:
        return tr(f"game.{self.variant}")

    def subtitle(self) -> str:
        return tr("net.setup.subtitle" if self.host else "setup.subtitle")

    def hint(self) -> str:
        return tr("setup.hint")

    def build_rows(self) -> list[OptionRow]:
        return [OptionRow(label, choices, partial(self.value, name), partial(self.choose, name),
                          name=name, help=help_text)
                for label, name, choices, help_text in option_specs(self.variant, self.host,
                                                                    self.engine)]

    def main_action(self) -> tuple[str, Callable[[], None]]:
        if self.host:
            return tr("setup.host"), self.host_game
        return tr("setup.start"), self.start_game

    def host_game(self) -> None:
        """The game over the network: this window plays the colour chosen, a friend joins."""
        self.remember()
        self.app.sound.play("ui")
        play_as = self.own[PLAY_AS]
        own = Color.WHITE if play_as == "white" else Color.BLACK if play_as == "black" \
            else random.choice((Color.WHITE, Color.BLACK))
        play = BoardPlay(self.variant, dict(self.options), seats={own: Person()},
                         clock=self.own[CLOCK] if find_variant(self.variant).chess_clock
                         else None)
        host_game(self.app, play, own, "board")

    def start_game(self) -> None:
        options = dict(self.options)
        self.remember()
        self.app.sound.play("ui")
        engine = self.engine if self.own[OPPONENT] == "hub" else None
        level = self.own[LEVEL]
        play = BoardPlay(self.variant, options,
                         seats=make_seats(self.own[PLAY_AS], level, engine=None
                                          if engine is None else partial(engine_seat, engine,
                                                                         level)),
                         clock=self.own[CLOCK] if find_variant(self.variant).chess_clock
                         else None)
        for color, seat in play.seats.items():
            if isinstance(seat, HubEngineSeat):  # its name in the panel and the PDN
                play.tags["White" if color is Color.WHITE else "Black"] = seat.name
        self.app.routes.replace("board", play=play, flip_each_move=self.flip)

    def remember(self) -> None:
        """Keep every row's choice in the settings file as the next setup's of this game
        (written once, as a game starts or is hosted; not at all when nothing changed)."""
        values = to_keep({name: self.value(name)
                          for _, name, _, _ in option_specs(self.variant, self.host,
                                                            self.engine)})
        if not unchanged(self.app.settings.setups.get(self.setup_key), values):
            self.app.change_settings(self.app.settings.with_setup(self.setup_key, values))
