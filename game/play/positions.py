"""A position set up by hand (the position editor): which pieces may stand where, and the game
that starts from it. Pure: no pygame.

:func:`check_position` says why a position cannot be played (a man on its own crowning row,
more pieces than a side has, a side with none, an Apokachi board of a size that does not
exist, a side to move with no move) as an i18n key and its values; :func:`build_game` makes
the game.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules import find_variant
from game.rules.apokachi_notation import MAX_SIZE, MIN_SIZE, Position, point_name, write_fen
from game.rules.core import Color, Game, Piece, PieceKind, RulesError

#: the most pieces a side has in each game (Apokachi: one per point of a row)
MOST = {"russian": 12, "international": 20}


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a position cannot be played: an i18n key and its values."""

    key: str
    values: dict[str, Any]


def geometry_of(variant: str, size: int | None = None) -> Any:
    cls = find_variant(variant)
    game = cls.new(size=size) if variant == "apokachi" and size else cls.new()
    return game.geometry


def start_pieces(variant: str, size: int | None = None) -> dict[int, Piece]:
    cls = find_variant(variant)
    game = cls.new(size=size) if variant == "apokachi" and size else cls.new()
    return dict(game.pieces())


def check_position(variant: str, turn: Color, pieces: Mapping[int, Piece],
                   size: int | None = None) -> Refusal | None:
    """None if the position can be played, else why not."""
    if variant == "apokachi":
        if size is None or not MIN_SIZE <= size <= MAX_SIZE:
            return Refusal("editor.why.size", {"n": size})
    geometry = geometry_of(variant, size)
    rows = geometry.rows
    most = MOST.get(variant, size or 0)
    for color in (Color.WHITE, Color.BLACK):
        mine = [s for s, p in pieces.items() if p.color is color]
        side = f"editor.side.{color.name.lower()}"
        if not mine:
            return Refusal("editor.why.no_pieces", {"side": side})
        if len(mine) > most:
            return Refusal("editor.why.too_many", {"side": side, "n": len(mine), "most": most})
    valid = set(geometry.squares)
    for square, piece in pieces.items():
        if square not in valid:
            return Refusal("editor.why.fen", {"why": f"no square {square}"})
        if variant != "apokachi" and piece.kind is PieceKind.MAN:
            _, row = geometry.coord(square)
            if row == (rows - 1 if piece.color is Color.WHITE else 0):
                return Refusal("editor.why.crowning_row", {"square": geometry.name(square)})
        if variant == "apokachi" and piece.kind is PieceKind.KING:
            return Refusal("editor.why.fen", {"why": "Apokachi has no kings"})
    try:
        game = build_game(variant, turn, pieces, size)
    except (RulesError, ValueError) as error:
        return Refusal("editor.why.fen", {"why": str(error)})
    if not game.legal_moves():
        return Refusal("editor.why.no_moves", {})
    return None


def build_game(variant: str, turn: Color, pieces: Mapping[int, Piece],
               size: int | None = None, options: Mapping[str, Any] | None = None) -> Game:
    """The game that starts from the position (checked by the rules as a FEN would be)."""
    cls = find_variant(variant)
    opts = dict(options or {})
    if variant == "apokachi":
        n = int(size or 9)
        fen = write_fen(Position(turn, n,
                                 tuple(sorted(s for s, p in pieces.items()
                                              if p.color is Color.WHITE)),
                                 tuple(sorted(s for s, p in pieces.items()
                                              if p.color is Color.BLACK))))
        opts["size"] = n
        return cls.from_fen(fen, **opts)
    return cls.from_fen(cls.from_squares(turn, dict(pieces)).fen(), **opts)  # type: ignore[attr-defined]


def fen_of(variant: str, turn: Color, pieces: Mapping[int, Piece], size: int | None = None) -> str:
    return build_game(variant, turn, pieces, size).fen()


__all__ = ["MOST", "Refusal", "build_game", "check_position", "fen_of", "geometry_of",
           "point_name", "start_pieces"]
