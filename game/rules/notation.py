"""Draughts notation as parse/produce pairs: FEN and move text.

Pure text handling over a :class:`BoardGeometry`; nothing here knows a variant's rules. Game
files (PDN) are read and written by :mod:`game.rules.pdn`, which replays moves through games.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from game.rules.core import BoardGeometry, Color, NotationError, Piece, PieceKind, quote

# --- squares ------------------------------------------------------------------------------


def _lookup(geometry: BoardGeometry) -> dict[str, int]:
    return {name.lower(): square for square, name in zip(geometry.squares, geometry.names)}


def _square(token: str, names: dict[str, int], what: str) -> int:
    square = names.get(token.strip().lower())
    if square is None:
        raise NotationError(f"expected a square, found {quote(token.strip())} in {what}")
    return square


# --- FEN ----------------------------------------------------------------------------------


def parse_fen(text: str, geometry: BoardGeometry, *, ranges: bool
              ) -> tuple[Color, dict[int, Piece]]:
    """The side to move and the pieces of a PDN FEN such as ``W:W31-50:B1-20``.

    ``ranges`` allows ``31-50`` (numbered boards). Lidraughts' extra ``:H0:F1`` fields are
    accepted and ignored. A side whose list is left out (``W:W28``) has no pieces.
    """
    if not isinstance(text, str):
        raise NotationError("expected the FEN as text")
    body = text.strip().strip('"').strip()
    if body.endswith("."):
        body = body[:-1]
    if not body:
        raise NotationError("empty FEN: expected something like W:W31-50:B1-20")
    fields = [f.strip() for f in body.split(":")]
    side = fields[0].upper()
    if side not in ("W", "B"):
        raise NotationError(f"expected W or B (the side to move) at the start of the FEN, "
                            f"found {quote(fields[0])}")
    names = _lookup(geometry)
    pieces: dict[int, Piece] = {}
    seen: set[str] = set()
    for raw in fields[1:]:
        if not raw:
            raise NotationError("empty field in the FEN (two ':' in a row or a ':' at the end)")
        head = raw[0].upper()
        if head in ("H", "F") and raw[1:].isdigit():
            continue  # move counters some programs add
        if head not in ("W", "B"):
            raise NotationError(f"expected a list of pieces starting with W or B, "
                                f"found {quote(raw)}")
        if head in seen:
            raise NotationError(f"the pieces of {'White' if head == 'W' else 'Black'} "
                                f"are given twice")
        seen.add(head)
        color = Color.WHITE if head == "W" else Color.BLACK
        items = raw[1:].strip()
        if not items:
            continue
        for item in items.split(","):
            item = item.strip()
            if not item:
                raise NotationError(f"empty square in {quote(raw)} (two commas in a row?)")
            kind = PieceKind.MAN
            if item[0] in "Kk" and len(item) > 1:
                kind = PieceKind.KING
                item = item[1:]
            squares: Iterable[int]
            if "-" in item:
                if not ranges:
                    raise NotationError(f"expected a square, found the range {quote(item)}")
                low_text, _, high_text = item.partition("-")
                low = _square(low_text, names, "a range of the FEN")
                high = _square(high_text, names, "a range of the FEN")
                if low > high:
                    raise NotationError(f"the range {quote(item)} runs backwards")
                squares = range(low, high + 1)
            else:
                squares = (_square(item, names, "the FEN"),)
            for square in squares:
                if square in pieces:
                    raise NotationError(f"square {geometry.name(square)} is given twice")
                pieces[square] = Piece(color, kind)
    if not seen:
        raise NotationError("expected the pieces after the side to move, such as "
                            "W:W31-50:B1-20")
    # a side whose list is left out (W:W28) has no pieces
    return (Color.WHITE if side == "W" else Color.BLACK), pieces


def numbers_as_names(fen: str, geometry: BoardGeometry) -> str:
    """A FEN of a board whose squares have names (a1..h8) written with the squares' numbers
    instead (``W:W21-32:B1-12``, as some programs write Russian and Brazilian positions), in
    the board's own names; what is not a number stays as it is. The numbers are the
    board's 1 (b8) to 32 (g1) on 8x8, the order English books number the squares."""
    if ":" not in fen:
        return fen
    count = len(geometry.squares)

    def name(number: str) -> str:
        value = int(number)
        return geometry.name(value) if 1 <= value <= count else number

    def expand(found: re.Match[str]) -> str:  # a range 21-32
        low, high = int(found.group(1)), int(found.group(2))
        if not (1 <= low <= high <= count):
            return found.group(0)
        return ",".join(geometry.name(n) for n in range(low, high + 1))

    fields = fen.strip().strip('"').split(":")
    out = [fields[0]]
    for part in fields[1:]:
        head, body = part[:1], part[1:]
        if head.upper() in ("W", "B"):
            items = []
            for item in body.split(","):
                bare = item.strip()
                king = bare[:1] if bare[:1] in ("K", "k") else ""
                bare = bare[len(king):]
                if re.fullmatch(r"[0-9]{1,2}-[0-9]{1,2}", bare):
                    bare = re.sub(r"([0-9]+)-([0-9]+)", expand, bare)
                    items.append(",".join(king + one for one in bare.split(",")))
                elif re.fullmatch(r"[0-9]{1,2}", bare):
                    items.append(king + name(bare))
                else:
                    items.append(item)
            body = ",".join(items)
        out.append(head + body)
    return ":".join(out)


def make_fen(turn: Color, pieces: Iterable[tuple[int, Piece]], geometry: BoardGeometry, *,
             sort_by_coord: bool) -> str:
    """The FEN of a position: ``W:W31,32,K46:B1,2``; algebraic boards list squares rank by
    rank from White's side (``Wa1,c1,...``)."""
    by_color: dict[Color, list[tuple[Any, str]]] = {Color.WHITE: [], Color.BLACK: []}
    for square, piece in pieces:
        column, row = geometry.coord(square)
        order: Any = (row, column) if sort_by_coord else square
        text = ("K" if piece.kind is PieceKind.KING else "") + geometry.name(square)
        by_color[piece.color].append((order, text))
    parts = [turn.value]
    for color in (Color.WHITE, Color.BLACK):
        parts.append(color.value + ",".join(text for _, text in sorted(by_color[color])))
    return ":".join(parts)


# --- move text ----------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[-x:×]", re.IGNORECASE)


def parse_move_squares(text: str, geometry: BoardGeometry) -> list[int]:
    """The squares of a move written ``32-28``, ``28x19``, ``28x17x19``, ``c3:e5:g3`` or
    ``c3xe5``: start, any landing squares, end."""
    if not isinstance(text, str):
        raise NotationError("expected the move as text")
    body = text.strip().rstrip("!?+#")
    tokens = _SEPARATORS.split(body)
    if len(tokens) < 2 or not all(t.strip() for t in tokens):
        raise NotationError(f"expected a move such as {_example(geometry)}, found {quote(text)}")
    names = _lookup(geometry)
    what = f"the move {quote(text.strip())}"  # once: quoting is not free on long text
    return [_square(t, names, what) for t in tokens]


# --- the huff ("фук") before a move ----------------------------------------------------------

#: ``(huff f4)``, ``(ф f4)``, ``(фук f4)`` or the PDN comment ``{huff f4}`` before a move
_HUFF = re.compile(r"^\s*[({]\s*(?:huff|фук|ф)\s+([^\s)}]+)\s*[)}]\s*", re.IGNORECASE)


def huff_text(square_name: str) -> str:
    """How a huff is written before the move that follows it: ``(huff f4)``."""
    return f"(huff {square_name})"


def split_huff(text: str, geometry: BoardGeometry) -> tuple[int | None, str]:
    """The square huffed before a move, if the text starts with one (``(huff f4) c3-d4``,
    ``(ф f4) c3-d4``, ``{huff f4} c3-d4``), and the move's own text."""
    if not isinstance(text, str):
        raise NotationError("expected the move as text")
    match = _HUFF.match(text)
    if match is None:
        return None, text
    square = _square(match.group(1), _lookup(geometry), f"the huff {quote(match.group(0).strip())}")
    return square, text[match.end():]


def _example(geometry: BoardGeometry) -> str:
    return "c3-d4 or c3:e5" if geometry.names[0][0].isalpha() else "32-28 or 28x19"
