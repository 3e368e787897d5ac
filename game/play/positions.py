"""A position set up by hand (the position editor): which pieces may stand where, and the game
that starts from it. Pure: no pygame.

:func:`check_position` says why a position cannot be played (a man on its own crowning row,
more pieces than a side has, a side with none, a board of a size that does not exist, a side
to move with no move) as an i18n key and its values; :func:`build_game` makes the game. Every
game of the registry is set up the same way: what differs (kings or none, the options that
shape the board) the game's class says.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules import find_variant
from game.rules.core import BoardGeometry, Color, Game, Piece, PieceKind, RulesError


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
    """None if the position can be played, else why not."""
    cls = find_variant(variant)
    opts = dict(options or {})
    try:
        geometry = geometry_of(variant, opts)
    except ValueError:
        return Refusal("editor.why.size", {"n": opts.get("size")})
    most = cls.most_pieces(**opts)
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
        if piece.kind is PieceKind.KING and not cls.has_kings:
            return Refusal("editor.why.fen", {"why": f"{cls.title} has no kings"})
        if cls.has_kings and piece.kind is PieceKind.MAN:
            _, row = geometry.coord(square)
            if row == (geometry.rows - 1 if piece.color is Color.WHITE else 0):
                return Refusal("editor.why.crowning_row", {"square": geometry.name(square)})
    try:
        game = build_game(variant, turn, pieces, opts)
    except (RulesError, ValueError) as error:
        return Refusal("editor.why.fen", {"why": str(error)})
    if not game.legal_moves():
        return Refusal("editor.why.no_moves", {})
    return None


def build_game(variant: str, turn: Color, pieces: Mapping[int, Piece],
               options: Mapping[str, Any] | None = None) -> Game:
    """The game that starts from the position (checked by the rules as a FEN would be)."""
    return find_variant(variant).from_pieces(turn, pieces, **dict(options or {}))


def fen_of(variant: str, turn: Color, pieces: Mapping[int, Piece],
           options: Mapping[str, Any] | None = None) -> str:
    return build_game(variant, turn, pieces, options).fen()


__all__ = ["Refusal", "build_game", "check_position", "fen_of", "geometry_of", "start_pieces"]
