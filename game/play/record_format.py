"""What every saved game of ours shares, whichever game it holds: the format's name and
version, the first check of a record, the seats as a record names them, :class:`RecordError`,
and :class:`GameRecords`, the face of one kind of game's record format.

Each kind of game keeps its own format in a module of its own (:mod:`game.play.board_record`,
:mod:`game.play.chapaev_record`); :mod:`game.play.records` picks the one a game in play or a
record needs. Pure: no pygame, no files; nothing read is ever evaluated, only JSON values are
looked at.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.play.protocol import Play
from game.play.seats import Person, Seat
from game.rules import VARIANTS
from game.rules.core import Color

__all__ = [
    "BOARD_GAMES", "FORMAT", "GAMES", "OPTION_CHARS", "VERSION", "GameRecords", "RecordError",
    "check_record", "describe_seats", "dict_or_empty", "object_of", "plain_option",
    "player_label", "seats_from", "side_of",
]

FORMAT = "shashki-game"
VERSION = 2
"""The newest version read and written. Version 2 added Chapaev's troops campaigns, the swamp
and the bayonet press; a record that uses none of them is still written as version 1, which
older builds read."""
#: the games a record may hold: every board game of the registry, and Chapaev
BOARD_GAMES: tuple[str, ...] = tuple(VARIANTS)
GAMES = (*BOARD_GAMES, "chapaev")
#: how long a name or a text value of an option may be in a summary
OPTION_CHARS = 40
_SIDES = {"white": Color.WHITE, "black": Color.BLACK}


class RecordError(ValueError):
    """A record that cannot be a saved game of ours; ``key`` names the reason for the UI."""

    def __init__(self, message: str, key: str = "saves.why.malformed") -> None:
        self.key = key
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class GameRecords:
    """One kind of game's record format: what :mod:`game.play.records` asks of it."""

    #: the kind of game in play it writes (:attr:`Play.kind`)
    kind: str
    #: the record's ``game`` values it reads
    games: tuple[str, ...]
    #: the game in play as a record, with how it is shown (the view's settings by name)
    write: Callable[[Play, Mapping[str, Any]], dict[str, Any]]
    #: the game a checked record holds, replayed, with its seats or without (RecordError)
    read: Callable[[Mapping[str, Any], bool], Play]
    #: the position now as the record keeps it, for the Games screen's picture
    position: Callable[[Mapping[str, Any]], Any]
    #: the name of that position in a picture (``{"fen": ...}``, ``{"discs": [...]}``)
    picture_key: str
    #: a picture that can be drawn from a position read (its empty picture if it cannot)
    picture: Callable[[Any], dict[str, Any]]
    #: what the record's game was started with that differs from its usual rules
    options: Callable[[Mapping[str, Any]], tuple[tuple[str, Any], ...]]


def check_record(record: Any) -> None:
    """Raise RecordError unless ``record`` looks like a saved game of ours of a version we
    read."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError("not a saved game of Shashki", "saves.why.foreign")
    version = record.get("version")
    if type(version) is not int or version > VERSION or version < 1:
        raise RecordError(f"saved by a newer version ({str(version)[:10]})", "saves.why.newer")
    if record.get("game") not in GAMES:
        raise RecordError("an unknown game", "saves.why.foreign")


# --- values read -----------------------------------------------------------------------------
def dict_or_empty(value: Any) -> dict[str, Any]:
    """``value`` if it is an object, else an empty one (for what may be missing)."""
    return value if isinstance(value, dict) else {}


def object_of(value: Any, what: str) -> dict[str, Any]:
    """``value``, which must be an object (RecordError naming ``what`` if it is not)."""
    if not isinstance(value, dict):
        raise RecordError(f"{what} is not an object")
    return value


def side_of(value: Any) -> Color:
    """A side as a record writes it: ``W`` or ``B``."""
    if value not in ("W", "B"):
        raise RecordError(f"not a side: {str(value)[:10]!r}")
    return Color(value)


def plain_option(value: Any) -> bool:
    """A value an option may have in a summary: None, a truth, a number of sensible size
    (a move limit of a billion moves is no game's), a short text."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, (int, float)):
        return math.isfinite(value) and abs(value) <= 1e9
    return isinstance(value, str) and len(value) <= OPTION_CHARS


# --- seats -----------------------------------------------------------------------------------
def describe_seats(seats: Mapping[Color, Seat]) -> dict[str, dict[str, object]]:
    """Both seats as a record keeps them: ``{"white": ..., "black": ...}``."""
    return {name: seats[color].describe() for name, color in _SIDES.items()}


def seats_from(data: Any, *, chapaev: bool = False) -> dict[Color, Seat]:
    """The seats a record names: a person, or the computer at its level (the Chapaev
    computer for a Chapaev match); anything else (a script, a random player, a remote peer
    that is gone) comes back as a person."""
    if chapaev:
        from game.ai.chapaev import LEVELS as SHOT_LEVELS
        from game.play.chapaev_computer import ChapaevComputer
        levels: Any = SHOT_LEVELS
    else:
        from game.ai.levels import LEVELS as BOARD_LEVELS
        from game.play.computer import ComputerPlayer
        levels = BOARD_LEVELS

    seats: dict[Color, Seat] = {}
    data = data if isinstance(data, dict) else {}
    for name, color in _SIDES.items():
        seat = data.get(name)
        level = seat.get("level") if isinstance(seat, dict) else None
        # an outside engine's seat comes back as our computer at the level that was to
        # play on if it failed (the screen gives the engine its seat back if still chosen)
        if isinstance(seat, dict) and seat.get("kind") in ("computer", "hub") \
                and type(level) is int and level in levels:
            seats[color] = ChapaevComputer(level) if chapaev else ComputerPlayer(level)
        else:
            seats[color] = Person()
    return seats


def player_label(seat: Any) -> str:
    """A seat as a list names a player the record gives no name: ``computer 3``, ``person``."""
    if isinstance(seat, dict) and seat.get("kind") == "computer":
        level = seat.get("level")
        return f"computer {level}" if type(level) is int and 0 < level < 100 else "computer"
    return "person"
