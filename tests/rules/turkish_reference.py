"""A second Turkish draughts move generator, written straight from the rules' words for the
tests.

Nothing is shared with the engine (``game/rules/turkish_moves.py``): a square is a (column,
row) pair, a position is a dict from square to ``(colour, king)``, and a capture is followed
depth first on a copy of the board from which each captured piece is lifted as it is taken.
A move is ``(start, end, frozenset of captured squares, crowns)``; moves with the same four
are one move. Slow, and meant to be.
"""
from __future__ import annotations

Square = tuple[int, int]
Board = dict[Square, tuple[str, bool]]  # square -> ("W" or "B", is a king)
Move = tuple[Square, Square, frozenset[Square], bool]

UP, RIGHT, DOWN, LEFT = (0, 1), (1, 0), (0, -1), (-1, 0)


def on_board(square: Square) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def step(square: Square, direction: Square, times: int = 1) -> Square:
    return square[0] + times * direction[0], square[1] + times * direction[1]


def man_directions(colour: str) -> tuple[Square, ...]:
    """Forward (up for White, down for Black) and the two sideways; never back."""
    return (UP if colour == "W" else DOWN, RIGHT, LEFT)


def far_row(colour: str) -> int:
    return 7 if colour == "W" else 0


def _sequences(board: Board, here: Square, colour: str, king: bool,
               came: Square | None) -> list[tuple[Square, list[Square]]]:
    """Every way to go on capturing from ``here`` on ``board`` (the mover is not on it):
    (end square, squares taken in order); ``[(here, [])]`` when no capture is possible.
    ``came`` is the direction of the last capture: a king may not turn straight back."""
    out: list[tuple[Square, list[Square]]] = []
    if king:
        for direction in (UP, RIGHT, DOWN, LEFT):
            if came is not None and direction == (-came[0], -came[1]):
                continue
            distance = 1
            while on_board(step(here, direction, distance)) \
                    and step(here, direction, distance) not in board:
                distance += 1
            victim = step(here, direction, distance)
            if not on_board(victim) or board[victim][0] == colour:
                continue
            after = dict(board)
            del after[victim]  # lifted at once
            land = step(victim, direction)
            while on_board(land) and land not in after:
                for end, taken in _sequences(after, land, colour, True, direction):
                    out.append((end, [victim, *taken]))
                land = step(land, direction)
    else:
        for direction in man_directions(colour):
            victim = step(here, direction)
            land = step(here, direction, 2)
            if not on_board(land) or victim not in board or board[victim][0] == colour \
                    or land in board:
                continue
            after = dict(board)
            del after[victim]
            # a man on the far row mid-capture is still a man: it goes on sideways
            for end, taken in _sequences(after, land, colour, False, direction):
                out.append((end, [victim, *taken]))
    return out or [(here, [])]


def moves(board: Board, colour: str) -> set[Move]:
    """The legal moves of ``colour``: the captures taking the most pieces if there is any
    capture, else every step of a man (forward or sideways) and every slide of a king."""
    captures: set[Move] = set()
    most = 0
    for square, (owner, king) in board.items():
        if owner != colour:
            continue
        rest = dict(board)
        del rest[square]  # the mover has left its square
        for end, taken in _sequences(rest, square, colour, king, None):
            if not taken:
                continue
            crowns = not king and end[1] == far_row(colour)
            if len(taken) > most:
                most = len(taken)
                captures = set()
            if len(taken) == most:
                captures.add((square, end, frozenset(taken), crowns))
    if captures:
        return captures
    quiet: set[Move] = set()
    for square, (owner, king) in board.items():
        if owner != colour:
            continue
        for direction in ((UP, RIGHT, DOWN, LEFT) if king else man_directions(colour)):
            to = step(square, direction)
            while on_board(to) and to not in board:
                quiet.add((square, to, frozenset(), not king and to[1] == far_row(colour)))
                if not king:
                    break
                to = step(to, direction)
    return quiet


def play(board: Board, colour: str, move: Move) -> Board:
    """The board after ``move``."""
    start, end, taken, crowns = move
    after = {s: p for s, p in board.items() if s != start and s not in taken}
    after[end] = (colour, board[start][1] or crowns)
    return after


def start() -> Board:
    board: Board = {}
    for column in range(8):
        for row in (1, 2):
            board[(column, row)] = ("W", False)
        for row in (5, 6):
            board[(column, row)] = ("B", False)
    return board


def perft(board: Board, colour: str, depth: int) -> int:
    if depth == 0:
        return 1
    other = "B" if colour == "W" else "W"
    return sum(perft(play(board, colour, m), other, depth - 1) for m in moves(board, colour))
