"""An independent, simple and slow Italian move generator, written from the federation's
(FID) rules as docs/rules/italian.md tells them, for comparing with the game's: a board is a
dict from (column, row) to a piece; nothing is shared with game/rules, not even the square
numbering, which is worked out here again from the rules text.

- The board is turned: the corner at each player's left hand is light, so the dark squares
  are those with (column + row) odd, a8 = (0, 7) and h1 = (7, 0) among them. They are
  numbered 1..32 row by row from Black's side, left to right as White sees the board:
  1 = a8, 4 = g8, 5 = b7, 32 = h1. White (rows 0 -> 7) moves first from 21-32.
- A man steps one square diagonally forward and captures forward only, one square, never a
  king; a man whose move ends on the far row is crowned, and a capture ends there.
- A king steps one square in any diagonal direction and captures by short jumps in all four,
  men and kings. Captured pieces stay on the board until the move is over (they block, and
  are never jumped twice); the moving piece has left its start.
- Capturing is compulsory, and a capture goes on while it can. Of the captures: the most
  pieces; of those, a king's if a king can make one; of those, the most kings; of those, the
  one whose kings come earliest: the places in the order of capture at which kings are
  taken, compared as tuples (``first_king_only``: compare only the first such place, the
  way some programs read the rule; ``quality=False``: the most pieces alone, to count where
  the quality rules decide).
"""
from __future__ import annotations

from dataclasses import dataclass

Square = tuple[int, int]
Board = dict[Square, tuple[str, str]]  # square -> (colour "W"/"B", kind "man"/"king")

SIZE = 8
DIAGONAL = ((1, 1), (-1, 1), (1, -1), (-1, -1))


def coord(number: int) -> Square:
    """The (column, row) of dark square ``number`` (1..32); row 0 is White's first row."""
    row_from_top, k = divmod(number - 1, SIZE // 2)
    row = SIZE - 1 - row_from_top
    # the top row (row 7) starts in the a8 corner, which is dark on the turned board
    column = 2 * k if row % 2 == 1 else 2 * k + 1
    return column, row


def number(square: Square) -> int:
    """The square number of dark square ``square`` (the inverse of :func:`coord`)."""
    column, row = square
    return (SIZE - 1 - row) * (SIZE // 2) + column // 2 + 1


@dataclass(frozen=True)
class RefMove:
    """A legal move as a player tells it apart: from, to, what it takes, whether it crowns."""

    start: Square
    end: Square
    captured: frozenset[Square]
    crowns: bool


@dataclass(frozen=True)
class RefCapture:
    """One legal capture route: the landings in order and the pieces taken in order."""

    start: Square
    landings: tuple[Square, ...]
    taken: tuple[Square, ...]
    crowns: bool


def on_board(square: Square) -> bool:
    c, r = square
    return 0 <= c < SIZE and 0 <= r < SIZE and (c + r) % 2 == 1


def far_row(side: str) -> int:
    return SIZE - 1 if side == "W" else 0


def legal_captures(board: Board, side: str, first_king_only: bool = False,
                   quality: bool = True) -> list[RefCapture]:
    """Every capture route ``side`` may play, after the priority rules (empty: none)."""
    found: list[RefCapture] = []
    for square, (colour, kind) in board.items():
        if colour == side:
            found.extend(_routes(board, square, kind, side))
    if not found:
        return []
    most = max(len(c.taken) for c in found)
    found = [c for c in found if len(c.taken) == most]
    if not quality:
        return found
    by_king = [c for c in found if board[c.start][1] == "king"]
    if by_king:
        found = by_king

    def king_places(c: RefCapture) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(c.taken) if board[t][1] == "king")

    most_kings = max(len(king_places(c)) for c in found)
    found = [c for c in found if len(king_places(c)) == most_kings]
    if most_kings:
        if first_king_only:
            first = min(king_places(c)[0] for c in found)
            found = [c for c in found if king_places(c)[0] == first]
        else:
            earliest = min(king_places(c) for c in found)
            found = [c for c in found if king_places(c) == earliest]
    return found


def legal_moves(board: Board, side: str, first_king_only: bool = False,
                quality: bool = True) -> set[RefMove]:
    """Every legal move of ``side`` ("W" or "B") on ``board``."""
    captures = legal_captures(board, side, first_king_only, quality)
    if captures:
        return {RefMove(c.start, c.landings[-1], frozenset(c.taken), c.crowns)
                for c in captures}
    moves: set[RefMove] = set()
    forward = 1 if side == "W" else -1
    for square, (colour, kind) in board.items():
        if colour != side:
            continue
        c, r = square
        for dc, dr in DIAGONAL:
            if kind == "man" and dr != forward:
                continue
            to = (c + dc, r + dr)
            if on_board(to) and to not in board:
                moves.add(RefMove(square, to, frozenset(),
                                  kind == "man" and to[1] == far_row(side)))
    return moves


def _routes(board: Board, start: Square, kind: str, side: str) -> list[RefCapture]:
    """Every finished capture route of the piece on ``start`` (none: it cannot capture)."""
    out: list[RefCapture] = []
    forward = 1 if side == "W" else -1

    def free(square: Square) -> bool:
        return on_board(square) and (square == start or square not in board)

    def go(here: Square, landings: tuple[Square, ...], taken: tuple[Square, ...]) -> None:
        if kind == "man" and here[1] == far_row(side):
            out.append(RefCapture(start, landings, taken, True))  # crowned: the move ends
            return
        went = False
        for dc, dr in DIAGONAL:
            if kind == "man" and dr != forward:
                continue
            over = (here[0] + dc, here[1] + dr)
            land = (over[0] + dc, over[1] + dr)
            prey = board.get(over)
            if (prey is None or prey[0] == side or over in taken or not free(land)
                    or (kind == "man" and prey[1] == "king")):
                continue
            went = True
            go(land, landings + (land,), taken + (over,))
        if not went and taken:
            out.append(RefCapture(start, landings, taken, False))

    go(start, (), ())
    return out


def perft(board: Board, side: str, depth: int) -> int:
    """Leaf count of the move tree ``depth`` plies deep (moves told apart as :class:`RefMove`)."""
    if depth == 0:
        return 1
    moves = legal_moves(board, side)
    if depth == 1:
        return len(moves)
    other = "B" if side == "W" else "W"
    return sum(perft(after(board, side, m), other, depth - 1) for m in moves)


def after(board: Board, side: str, move: RefMove) -> Board:
    """The board once ``side`` has played ``move``."""
    out = dict(board)
    colour, kind = out.pop(move.start)
    for square in move.captured:
        del out[square]
    out[move.end] = (colour, "king" if move.crowns else kind)
    return out


def start_board() -> Board:
    board: Board = {coord(n): ("B", "man") for n in range(1, 13)}
    board.update({coord(n): ("W", "man") for n in range(21, 33)})
    return board
