"""An independent, simple and slow Frisian move generator, written from the rules text
(docs/rules/frisian.md) for comparing with the game's: a board is a dict from (column, row)
to a piece, nothing is shared with game/rules but the square numbering it is compared in.

- Pieces stand on the dark squares ((column + row) even); White moves up (rows 0 -> 9).
- A man steps one square diagonally forward; a king any distance diagonally.
- Both capture in eight directions: diagonally over the next square, or along a row or column
  over the dark square two squares away (the next dark square on that line), landing on the
  dark square right behind. A man lands right behind; a king flies: any empty squares before
  the piece, any empty square behind it. Captured pieces stay on the board until the move is
  over (they block, and are never jumped twice); the moving piece has left its start.
- A capture goes on while it can. The capture taking the most value (man 100, king 199) must
  be played; of those, a king's if there is one.
- A man whose move ends on the far row is crowned.
- A king that has made three quiet moves in a row (its side still having men) may only
  capture: the caller says which king that is.
"""
from __future__ import annotations

from dataclasses import dataclass

Square = tuple[int, int]

DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))
ORTHOGONAL = ((2, 0), (-2, 0), (0, 2), (0, -2))
MAN, KING = 100, 199


@dataclass(frozen=True)
class RefMove:
    start: Square
    end: Square
    captured: frozenset[Square]
    crowns: bool


def on_board(square: Square, size: int = 10) -> bool:
    c, r = square
    return 0 <= c < size and 0 <= r < size


def legal_moves(board: dict[Square, tuple[str, str]], side: str,
                resting: Square | None = None, size: int = 10) -> set[RefMove]:
    """Every legal move of ``side`` ("W" or "B"); ``board`` maps a square to (colour, kind),
    kind "man" or "king"; ``resting``: the king that may only capture."""
    captures: list[tuple[int, bool, RefMove]] = []
    for square, (colour, kind) in board.items():
        if colour != side:
            continue
        for end, taken in _sequences(board, square, kind, side, size):
            value = sum(KING if board[t][1] == "king" else MAN for t in taken)
            crowns = kind == "man" and end[1] == (size - 1 if side == "W" else 0)
            captures.append((value, kind == "king", RefMove(square, end, frozenset(taken),
                                                           crowns)))
    if captures:
        best = max(value for value, _, _ in captures)
        top = [(king, move) for value, king, move in captures if value == best]
        if any(king for king, _ in top):
            top = [(king, move) for king, move in top if king]
        return {move for _, move in top}
    moves: set[RefMove] = set()
    has_men = any(c == side and k == "man" for c, k in board.values())
    forward = 1 if side == "W" else -1
    for square, (colour, kind) in board.items():
        if colour != side:
            continue
        c, r = square
        if kind == "man":
            for dc in (-1, 1):
                to = (c + dc, r + forward)
                if on_board(to, size) and to not in board:
                    moves.add(RefMove(square, to, frozenset(),
                                      to[1] == (size - 1 if side == "W" else 0)))
        elif not (has_men and square == resting):
            for dc, dr in DIAGONAL:
                to = (c + dc, r + dr)
                while on_board(to, size) and to not in board:
                    moves.add(RefMove(square, to, frozenset(), False))
                    to = (to[0] + dc, to[1] + dr)
    return moves


def _sequences(board: dict[Square, tuple[str, str]], start: Square, kind: str, side: str,
               size: int) -> list[tuple[Square, tuple[Square, ...]]]:
    """Every finished capture sequence of the piece on ``start``: (end, taken in order)."""
    out: list[tuple[Square, tuple[Square, ...]]] = []

    def empty(square: Square) -> bool:
        return on_board(square, size) and (square == start or square not in board)

    def enemy(square: Square, taken: tuple[Square, ...]) -> bool:
        piece = board.get(square)
        return piece is not None and piece[0] != side and square not in taken

    def go(here: Square, taken: tuple[Square, ...]) -> None:
        went = False
        for dc, dr in DIAGONAL + ORTHOGONAL:
            if kind == "man":
                over = (here[0] + dc, here[1] + dr)
                land = (over[0] + dc, over[1] + dr)
                if enemy(over, taken) and empty(land):
                    went = True
                    go(land, taken + (over,))
            else:
                over = (here[0] + dc, here[1] + dr)
                while empty(over):
                    over = (over[0] + dc, over[1] + dr)
                if not enemy(over, taken):
                    continue
                land = (over[0] + dc, over[1] + dr)
                while empty(land):
                    went = True
                    go(land, taken + (over,))
                    land = (land[0] + dc, land[1] + dr)
        if not went and taken:
            out.append((here, taken))

    go(start, ())
    return out


class KingRuns:
    """The king rule's count, kept from the moves as the rules text says: per side, the quiet
    moves in a row made by one king while the side had men."""

    def __init__(self) -> None:
        self.runs: dict[str, tuple[int, Square | None]] = {"W": (0, None), "B": (0, None)}

    def resting(self, board: dict[Square, tuple[str, str]], side: str) -> Square | None:
        count, king = self.runs[side]
        return king if count >= 3 else None

    def after(self, board_after: dict[Square, tuple[str, str]], side: str,
              start: Square, end: Square, was_king: bool, captured: bool) -> None:
        """Record a move of ``side`` (``board_after``: the position it left)."""
        other = "B" if side == "W" else "W"
        has_men = any(c == side and k == "man" for c, k in board_after.values())
        if has_men and was_king and not captured:
            count, king = self.runs[side]
            self.runs[side] = ((count if king == start else 0) + 1, end)
        else:
            self.runs[side] = (0, None)
        if not any(c == other and k == "man" for c, k in board_after.values()):
            self.runs[other] = (0, None)
