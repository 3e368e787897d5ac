"""Ugolki notation: square names, move text and positions, as parse/produce pairs.

A square is named as in chess (``a1`` is White's left corner) and numbered ``row * 8 +
column`` (a1 = 0, h8 = 63). A step is ``a1-a2``; a chain of jumps is written by its landing
squares, ``a1-a3-c3``, and may be read by its start and end alone, ``a1-c3``. A position is
``W:Wa1,b1,...:Bh8,...``, the side to move first, with two optional fields: ``F<n>``, the
number of the move being played (as in PDN: White's and Black's move n share number n; 1
when left out), and ``P<n>``, the pieces a side has in a game with another house than the
usual twelve (``P9``, ``P16``). Every parser raises :class:`NotationError`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules.core import Color, NotationError, quote

SIZE = 8
COLUMNS = "abcdefgh"
_SQUARE = re.compile(r"([a-h])([1-8])")


def square_name(square: int) -> str:
    """``a1`` for square 0, ``h8`` for 63."""
    row, column = divmod(square, SIZE)
    return f"{COLUMNS[column]}{row + 1}"


def parse_square(text: str) -> int:
    """The number of a square name such as ``e4`` (either case)."""
    match = _SQUARE.fullmatch(text.strip().lower())
    if match is None:
        raise NotationError(f"{quote(text.strip())} is not a square (a1 to h8)")
    return (int(match.group(2)) - 1) * SIZE + COLUMNS.index(match.group(1))


def write_move(start: int, path: tuple[int, ...]) -> str:
    """``a1-a2``, or a chain by its landing squares ``a1-a3-c3``."""
    return "-".join(square_name(s) for s in (start, *path))


def parse_move_squares(text: str) -> list[int]:
    """The squares of a move as written: start, any landings, end (``a1-a3-c3``,
    ``a1-c3``); ``:`` and ``x`` are read as ``-`` too."""
    if not isinstance(text, str):
        raise NotationError("expected the move as text")
    parts = re.split(r"[-:x×]", text.strip().lower())
    if len(parts) < 2 or not all(part.strip() for part in parts):
        raise NotationError(f"expected a move such as a1-a2 or a1-a3-c3, found {quote(text)}")
    return [parse_square(part) for part in parts]


@dataclass(frozen=True, slots=True)
class Position:
    """A position as written: the side to move, each side's squares (sorted), the number of
    the move being played and the house (pieces a side starts with), None if not given."""

    turn: Color
    white: tuple[int, ...]
    black: tuple[int, ...]
    move_number: int = 1
    house: int | None = None


def write_fen(position: Position, *, house: int | None = None) -> str:
    """``W:Wa1,b1:Bh8,g8``, then ``:F<n>`` past the first move and ``:P<n>`` for a house
    other than ``house`` (the usual one; None: always written when given)."""
    white = ",".join(square_name(s) for s in sorted(position.white, key=_reading_order))
    black = ",".join(square_name(s) for s in sorted(position.black, key=_reading_order))
    text = f"{position.turn.value}:W{white}:B{black}"
    if position.move_number != 1:
        text += f":F{position.move_number}"
    if position.house is not None and position.house != house:
        text += f":P{position.house}"
    return text


def _reading_order(square: int) -> tuple[int, int]:
    """Rank by rank from White's side, file by file: a1, b1, ..., a2, ..."""
    return divmod(square, SIZE)


def parse_fen(text: str) -> Position:
    """Read ``W:Wa1,b1:Bh8`` with optional ``F<n>`` and ``P<n>`` fields; the two piece
    lists may come in either order, a side whose list is left out has no pieces."""
    if not isinstance(text, str):
        raise NotationError(f"a position must be text, not {type(text).__name__}")
    body = text.strip().strip('"').strip()
    if not body:
        raise NotationError("empty position: expected something like W:Wa1,b1:Bh8,g8")
    side, *fields = [part.strip() for part in body.split(":")]
    if side.upper() not in ("W", "B"):
        raise NotationError(f"expected W or B (the side to move) at the start, "
                            f"found {quote(side)}")
    lists: dict[Color, tuple[int, ...]] = {}
    move_number = 1
    house: int | None = None
    seen_fields: set[str] = set()
    for field in fields:
        if not field:
            raise NotationError("empty field in the position (two ':' in a row or one at "
                                "the end)")
        head = field[0].upper()
        if head in ("F", "P") and field[1:].isdigit():
            if head in seen_fields:
                raise NotationError(f"the field {head} is given twice")
            seen_fields.add(head)
            value = int(field[1:])
            if head == "F":
                if not 1 <= value <= 10_000:
                    raise NotationError(f"the move number must be 1 or more, not {value}")
                move_number = value
            else:
                house = value
            continue
        if head not in ("W", "B"):
            raise NotationError(f"expected a list of pieces starting with W or B, "
                                f"found {quote(field)}")
        color = Color(head)
        if color in lists:
            raise NotationError(f"the {color.name.lower()} pieces are listed twice")
        items = field[1:].strip()
        names = [name.strip() for name in items.split(",")] if items else []
        if any(not name for name in names):
            raise NotationError(f"empty square in {quote(field)} (two commas in a row?)")
        lists[color] = tuple(parse_square(name) for name in names)
    if not lists:
        raise NotationError("expected the pieces after the side to move, such as "
                            "W:Wa1,b1:Bh8,g8")
    seen: set[int] = set()
    for color in (Color.WHITE, Color.BLACK):
        lists.setdefault(color, ())
        for square in lists[color]:
            if square in seen:
                raise NotationError(f"square {square_name(square)} is given twice")
            seen.add(square)
    return Position(Color(side.upper()), tuple(sorted(lists[Color.WHITE])),
                    tuple(sorted(lists[Color.BLACK])), move_number, house)
