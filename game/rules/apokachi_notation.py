"""Apokachi notation: point names, move text and positions, as parse/produce pairs.

A point is named like a chess square (``a1`` is White's left corner); a move is ``from-to``
followed by ``x<point>`` for each captured point (``d4-e4xf4xe5``); a position is
``SIDE:N:W<points>:B<points>`` (``W:6:Wa1,b1,c1,d1,e1,f1:Ba6,b6,c6,d6,e6,f6``).
Point numbers are ``row * N + column``. Every parser raises :class:`NotationError`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.rules.core import Color, NotationError, quote

MIN_SIZE = 5
MAX_SIZE = 13
COLUMNS = "abcdefghijklm"  # enough letters for the largest board (13 points)

_POINT = re.compile(r"([a-z])([0-9]{1,2})")
_MOVE = re.compile(r"([a-z][0-9]{1,2})-([a-z][0-9]{1,2})((?:x[a-z][0-9]{1,2})*)")


def check_size(size: int) -> int:
    """``size`` if it is a playable board size, else NotationError."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise NotationError(f"board size {size} is out of range ({MIN_SIZE} to {MAX_SIZE} points)")
    return size


def point_name(point: int, size: int) -> str:
    """``a1`` for point 0: column letter, then the 1-based row."""
    row, column = divmod(point, size)
    return f"{COLUMNS[column]}{row + 1}"


def parse_point(text: str, size: int) -> int:
    """The point number of a name such as ``e4`` on a ``size``-point board."""
    match = _POINT.fullmatch(text.strip().lower())
    if match is None:
        raise NotationError(f"{quote(text)} is not a point name (expected a letter and a number, e.g. e4)")
    column = COLUMNS.index(match.group(1)) if match.group(1) in COLUMNS else MAX_SIZE
    row = int(match.group(2)) - 1
    if column >= size or not 0 <= row < size:
        raise NotationError(f"{quote(text)} is not on a {size}-point board "
                            f"(a1 to {point_name(size * size - 1, size)})")
    return row * size + column


@dataclass(frozen=True, slots=True)
class MoveText:
    """A move as written: start, end and, when given, the captured points (``None``: not given)."""

    start: int
    end: int
    captured: tuple[int, ...] | None


def write_move(start: int, end: int, captured: tuple[int, ...], size: int) -> str:
    """``e1-e2`` or ``d4-e4xf4xe5``."""
    text = f"{point_name(start, size)}-{point_name(end, size)}"
    return text + "".join(f"x{point_name(p, size)}" for p in captured)


def parse_move_text(text: str, size: int) -> MoveText:
    """Read ``from-to`` with optional ``x<point>`` captures; checks the names, not legality."""
    cleaned = text.strip().lower()
    match = _MOVE.fullmatch(cleaned)
    if match is None:
        raise NotationError(f"{quote(text)} is not a move (expected from-to, e.g. e1-e2 or d4-e4xf4)")
    start = parse_point(match.group(1), size)
    end = parse_point(match.group(2), size)
    tail = match.group(3)
    if not tail:
        return MoveText(start, end, None)
    captured = tuple(parse_point(name, size) for name in tail[1:].split("x"))
    return MoveText(start, end, captured)


@dataclass(frozen=True, slots=True)
class Position:
    """A position as written: side to move, board size and each side's points (sorted)."""

    turn: Color
    size: int
    white: tuple[int, ...]
    black: tuple[int, ...]


def write_fen(position: Position) -> str:
    """``W:6:Wa1,b1:Ba6`` with each side's points in ascending order."""
    n = position.size
    white = ",".join(point_name(p, n) for p in sorted(position.white))
    black = ",".join(point_name(p, n) for p in sorted(position.black))
    return f"{position.turn.value}:{n}:W{white}:B{black}"


def parse_fen(text: str) -> Position:
    """Read ``SIDE:N:W<points>:B<points>``; the two piece lists may come in either order, and
    a side whose list is left out (``W:6:Wa1,b1``) has no pieces."""
    if not isinstance(text, str):
        raise NotationError(f"a position must be text, not {type(text).__name__}")
    parts = [part.strip() for part in text.strip().split(":")]
    if len(parts) not in (3, 4):
        raise NotationError(f"{quote(text)} is not an Apokachi position "
                            "(expected SIDE:N:W<points>:B<points>, e.g. W:6:Wa1,b1:Ba6,b6)")
    side, size_text, *lists = parts
    if side.upper() not in ("W", "B"):
        raise NotationError(f"side to move must be W or B, not {quote(side)}")
    turn = Color(side.upper())
    if re.fullmatch(r"[0-9]{1,3}", size_text) is None:
        raise NotationError(f"board size must be a number, not {quote(size_text)}")
    size = check_size(int(size_text))
    found: dict[Color, tuple[int, ...]] = {}
    for block in lists:
        if not block or block[0].upper() not in ("W", "B"):
            raise NotationError(f"a piece list must start with W or B, not {quote(block)}")
        color = Color(block[0].upper())
        if color in found:
            raise NotationError(f"the {color.name.lower()} pieces are listed twice")
        body = block[1:].strip()
        names = [name.strip() for name in body.split(",")] if body else []
        if any(not name for name in names):
            raise NotationError(f"empty point name in {quote(block)}")
        found[color] = tuple(parse_point(name, size) for name in names)
    seen: set[int] = set()
    for color in (Color.WHITE, Color.BLACK):
        found.setdefault(color, ())  # a side whose list is left out has no pieces
        for point in found[color]:
            if point in seen:
                raise NotationError(f"point {point_name(point, size)} is listed twice")
            seen.add(point)
    return Position(turn, size, tuple(sorted(found[Color.WHITE])), tuple(sorted(found[Color.BLACK])))
