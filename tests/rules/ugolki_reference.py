"""A second Ugolki move generator, written straight from the spec's words for the tests.

Nothing is shared with the engine (``game/rules/ugolki.py``): squares are (column, row)
pairs, the pieces are two Python sets, and a chain is followed depth first along every route
that never lands twice on a square, collecting the ends (the engine goes breadth first over
bit masks). Slow, and meant to be.
"""
from __future__ import annotations

Square = tuple[int, int]
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # up, right, down, left


def on_board(square: Square) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def moves(own: frozenset[Square], other: frozenset[Square],
          banned: frozenset[Square] = frozenset()) -> set[tuple[Square, Square]]:
    """Every (start, end) of the side with ``own``: a step to an empty neighbour, or the end
    of a chain of jumps over a neighbouring piece of either colour onto the empty square
    behind, any number of jumps in any directions, never landing twice on a square (the
    start included). No move ends on a square of ``banned`` (a house after the 40th move)."""
    found: set[tuple[Square, Square]] = set()
    for start in own:
        pieces = (own | other) - {start}  # the mover has left its square
        for dx, dy in DIRECTIONS:
            to = (start[0] + dx, start[1] + dy)
            if on_board(to) and to not in pieces and to not in banned:
                found.add((start, to))

        def follow(here: Square, visited: frozenset[Square]) -> None:
            for dx, dy in DIRECTIONS:
                over = (here[0] + dx, here[1] + dy)
                land = (here[0] + 2 * dx, here[1] + 2 * dy)
                if on_board(land) and over in pieces and land not in pieces \
                        and land not in visited:
                    if land not in banned:
                        found.add((start, land))
                    follow(land, visited | {land})

        follow(start, frozenset({start}))
    return found


def perft(white: frozenset[Square], black: frozenset[Square], white_to_move: bool,
          depth: int) -> int:
    """Leaf nodes ``depth`` plies deep (no end rules; no house rule either, which cannot
    apply in the first 40 moves)."""
    if depth == 0:
        return 1
    own, other = (white, black) if white_to_move else (black, white)
    found = moves(own, other)
    if depth == 1:
        return len(found)
    total = 0
    for start, end in found:
        after = (own - {start}) | {end}
        if white_to_move:
            total += perft(after, black, False, depth - 1)
        else:
            total += perft(white, after, True, depth - 1)
    return total


def start(pieces: int) -> tuple[frozenset[Square], frozenset[Square]]:
    """The starting squares of White (corner a1) and Black (corner h8) for 9, 12 or 16."""
    columns, rows = {9: (3, 3), 12: (4, 3), 16: (4, 4)}[pieces]
    white = frozenset((c, r) for c in range(columns) for r in range(rows))
    black = frozenset((7 - c, 7 - r) for c, r in white)
    return white, black
