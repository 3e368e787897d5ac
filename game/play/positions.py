"""Positions from outside: set up by hand (the position editor), read from a file, a FEN or a
saved Chapaev table. Which pieces may stand where, and the game that starts from it. Pure: no
pygame.

:func:`check_position` says why a position cannot be played (a man on its own crowning row,
more pieces than a side has, a side with none, a board of a size that does not exist, a side
to move with no move) as an i18n key and its values; :func:`build_game` makes the game. Every
game of the registry is set up the same way: what differs (kings or none, the options that
shape the board) the game's class says. The piece rules themselves are the game's
(:meth:`Game.check_pieces`), the same that every FEN from outside goes through.
:func:`check_table` is the one check of a Chapaev table (disc ids, places on the board, discs
apart) for saved matches and their pictures.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules import find_variant
from game.rules.core import BoardGeometry, Color, Game, Piece, RulesError, SetupError, \
    SetupProblem


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a position cannot be played: an i18n key and its values."""

    key: str
    values: dict[str, Any]


def _start(variant: str, options: Mapping[str, Any] | None) -> Game:
    return find_variant(variant).new(**dict(options or {}))


def geometry_of(variant: str, options: Mapping[str, Any] | None = None) -> BoardGeometry:
    """The board of ``variant`` with the given board options (Apokachi: its size)."""
    return _start(variant, options).geometry


def start_pieces(variant: str, options: Mapping[str, Any] | None = None) -> dict[int, Piece]:
    return dict(_start(variant, options).pieces())


def check_position(variant: str, turn: Color, pieces: Mapping[int, Piece],
                   options: Mapping[str, Any] | None = None) -> Refusal | None:
    """None if the position can be played, else why not: the rules' own check of the pieces
    (:meth:`Game.check_pieces`, the same a FEN or a saved game goes through), then what a
    game needs to begin (a piece each, a move for the side to move)."""
    cls = find_variant(variant)
    opts = dict(options or {})
    try:
        geometry_of(variant, opts)
    except ValueError:
        return Refusal("editor.why.size", {"n": opts.get("size")})
    for color in (Color.WHITE, Color.BLACK):
        if not any(p.color is color for p in pieces.values()):
            return Refusal("editor.why.no_pieces", {"side": _side(color)})
    try:
        cls.check_pieces(pieces, **opts)
    except SetupError as error:
        return setup_refusal(error)
    try:
        game = build_game(variant, turn, pieces, opts)
    except (RulesError, ValueError) as error:
        return Refusal("editor.why.fen", {"why": str(error)})
    if not game.legal_moves():
        return Refusal("editor.why.no_moves", {})
    return None


def _side(color: Color) -> str:
    return f"editor.side.{color.name.lower()}"


def setup_refusal(error: SetupError) -> Refusal:
    """What the player is told about pieces the rules refuse, wherever they came from."""
    values = error.values
    if error.problem is SetupProblem.TOO_MANY:
        return Refusal("editor.why.too_many", {"side": _side(values["color"]),
                                               "n": values["count"], "most": values["most"]})
    if error.problem is SetupProblem.CROWNING_ROW:
        return Refusal("editor.why.crowning_row", {"square": values["square"]})
    if error.problem is SetupProblem.NO_KINGS:
        return Refusal("editor.why.no_kings", {"square": values["square"]})
    if error.problem is SetupProblem.NO_SQUARE:
        return Refusal("editor.why.no_square", {"square": values["square"]})
    return Refusal("editor.why.fen", {"why": str(error)})


# --- the Chapaev table -------------------------------------------------------------------------
#: how far two discs' centres may come closer than a diameter and still count as touching
#: (the physics leaves resting discs a hair apart; its solver tolerates 0.002 of overlap)
TABLE_OVERLAP = 0.01
_DISC_ID = re.compile(r"[WB][0-7]")


class TableProblem(ValueError):
    """A Chapaev table that cannot be: a disc id that is not one, a place that is not a number
    or is off the board, a disc twice, two discs on top of each other."""


def parse_disc(text: Any) -> tuple[Color, int]:
    """A disc from its id ``W0``..``W7``, ``B0``..``B7``: exactly those ASCII characters
    (``"W²"`` is no disc, although ``"²".isdigit()``)."""
    if not isinstance(text, str) or _DISC_ID.fullmatch(text) is None:
        raise TableProblem(f"not a piece: {str(text)[:20]!r}")
    return (Color(text[0]), int(text[1]))


def check_table(discs: Any, *, config: Any = None, troops: Any = None, swamp: Color | None = None,
                stacks: Any = (), picture: bool = False
                ) -> tuple[tuple[tuple[Color, int], float, float, float], ...]:
    """The discs of a Chapaev table given as ``[[id, x, y, angle], ...]`` (JSON values), checked:
    at most 16, real ids, each once, finite numbers, centres on the board (or on the rim of the
    side standing on its ``swamp``) and no two discs overlapping, each side's kind of
    ``troops`` (White's, Black's) giving its size, except the ``stacks`` pairs (a piece lying
    partly over another). With ``picture`` (a thumbnail, never a table to play on) pieces may
    stand on either rim and over one another. TableProblem says what is wrong."""
    from game.play.chapaev_kinds import kind_of
    from game.rules.chapaev import Troop
    from physics import DEFAULT_CONFIG, body_of

    cfg = config if config is not None else DEFAULT_CONFIG
    if not isinstance(discs, (list, tuple)) or len(discs) > 16:
        raise TableProblem("a table is a list of at most 16 pieces")
    out: list[tuple[tuple[Color, int], float, float, float]] = []
    seen: set[tuple[Color, int]] = set()
    size = float(cfg.size)
    low = -cfg.swamp_depth if swamp is Color.WHITE or picture else 0.0
    high = size + cfg.swamp_depth if swamp is Color.BLACK or picture else size
    for item in discs:
        if not (isinstance(item, (list, tuple)) and len(item) == 4):
            raise TableProblem("a piece on the table is [piece, x, y, angle]")
        disc = parse_disc(item[0])
        numbers = item[1:]
        if not all(type(v) in (int, float) and math.isfinite(v) for v in numbers):
            raise TableProblem("a piece's place is not a number")
        x, y, angle = (float(v) for v in numbers)
        if not (0.0 <= x <= size and low <= y <= high):
            raise TableProblem(f"{item[0]} is off the board")
        if disc in seen:
            raise TableProblem(f"{item[0]} is on the table twice")
        seen.add(disc)
        out.append((disc, x, y, angle))
    kinds = tuple(troops) if troops is not None else (Troop.INFANTRY, Troop.INFANTRY)
    radius = {Color.WHITE: body_of(kind_of(kinds[0]), cfg).radius,
              Color.BLACK: body_of(kind_of(kinds[1]), cfg).radius}
    over = {frozenset(pair) for pair in stacks}
    if not picture:
        _check_apart(out, radius, over)
    return tuple(out)


def _check_apart(discs: list[tuple[tuple[Color, int], float, float, float]],
                 radius: Mapping[Color, float], over: set[frozenset[tuple[Color, int]]]) -> None:
    """No two centres closer than their radii less :data:`TABLE_OVERLAP`, but for the pairs
    lying one over the other (16 discs: 120 pairs; each disc's radius looked up once, as a
    record from the network may hold a thousand tables)."""
    sized = [(disc, x, y, radius[disc[0]]) for disc, x, y, _ in discs]
    for i, (first, x, y, size) in enumerate(sized):
        for second, ox, oy, other in sized[i + 1:]:
            if math.hypot(x - ox, y - oy) < size + other - TABLE_OVERLAP \
                    and frozenset((first, second)) not in over:
                name = f"{first[0].value}{first[1]} and {second[0].value}{second[1]}"
                raise TableProblem(f"{name} lie on top of each other")


def build_game(variant: str, turn: Color, pieces: Mapping[int, Piece],
               options: Mapping[str, Any] | None = None) -> Game:
    """The game that starts from the position (checked by the rules as a FEN would be)."""
    return find_variant(variant).from_pieces(turn, pieces, **dict(options or {}))


def fen_of(variant: str, turn: Color, pieces: Mapping[int, Piece],
           options: Mapping[str, Any] | None = None) -> str:
    return build_game(variant, turn, pieces, options).fen()


__all__ = ["Refusal", "TableProblem", "build_game", "check_position", "check_table", "fen_of",
           "geometry_of", "parse_disc", "setup_refusal", "start_pieces"]
