"""Ugolki's moves on bit masks, and their count: the hot part of the rules, on its own.

Typed so that mypyc compiles it; the same source runs interpreted and counts the same.

The masks here number the squares by columns, ``bit = column * 8 + (7 - row)`` (a8 is bit
0, a1 bit 7, h1 bit 63), not as the rest of the rules do (``row * 8 + column``):
:func:`to_bits` and :func:`from_bits` translate. Compiled code keeps an int below 2**62 in
a machine word and a larger one as a Python object, which is much slower; with this order
the two top bits are h2 and h1, the corner neither side's race goes through, so a mask
seldom reaches them. (The usual order puts h8, a corner house, there.) Every mask in the
inner loops is kept non-negative as well: the interpreter is slower on negative ints.
"""
from __future__ import annotations

from typing import Final

#: bit of each square (square = row * 8 + column), and the square of each bit
BIT_OF: Final = [(s % 8) * 8 + 7 - s // 8 for s in range(64)]
SQUARE_OF: Final = [(7 - b % 8) * 8 + b // 8 for b in range(64)]

ROW_8: Final = 0x0101010101010101  # the bits of row 8 (7 - row == 0)
ROW_1: Final = ROW_8 << 7
#: squares off rows 1 and 8: the pieces a chain may jump over up or down (the landing
#: then stays in the column)
INNER_ROWS: Final = ~(ROW_8 | ROW_1)
NOT_ROW_8: Final = ~ROW_8
NOT_ROW_1: Final = ~ROW_1
#: every square off column h: a piece there can step or be jumped over to the right
BEFORE_H: Final = (1 << 56) - 1


def to_bits(squares: int) -> int:
    """The mask here of a mask of squares (bit = row * 8 + column)."""
    out = 0
    while squares:
        low = squares & -squares
        squares ^= low
        out |= 1 << BIT_OF[low.bit_length() - 1]
    return out


def from_bits(mask: int) -> int:
    """The mask of squares (bit = row * 8 + column) of a mask here."""
    out = 0
    while mask:
        low = mask & -mask
        mask ^= low
        out |= 1 << SQUARE_OF[low.bit_length() - 1]
    return out


def chain_ends(start: int, occupied: int) -> int:
    """Every bit a chain of jumps from the bit ``start`` can end on: ``occupied`` holds the
    other pieces (the mover has left its start, which no chain may land on again). Breadth
    first over all four directions at once."""
    vertical = occupied & INNER_ROWS
    rightward = occupied & BEFORE_H
    blocked = occupied | start  # landed on, or not to be landed on
    frontier = start
    while frontier:
        new = (((((frontier >> 1) & vertical) >> 1) | (((frontier << 1) & vertical) << 1)
                | (((frontier << 8) & rightward) << 8) | (((frontier >> 8) & occupied) >> 8))
               | blocked) ^ blocked
        blocked |= new
        frontier = new
    return blocked ^ (occupied | start)


def step_ends(bit: int, free: int) -> int:
    """The empty neighbours of the bit ``bit`` among ``free``."""
    return ((((bit & NOT_ROW_8) >> 1) | ((bit & NOT_ROW_1) << 1) | ((bit & BEFORE_H) << 8)
             | (bit >> 8)) & free)


def count_moves(own: int, occupied: int, banned: int) -> int:
    """How many moves (start, end) the pieces ``own`` have, none ending on ``banned``."""
    free = ~(occupied | banned)
    total = ((((own & NOT_ROW_8) >> 1) & free).bit_count()
             + (((own & NOT_ROW_1) << 1) & free).bit_count()
             + (((own & BEFORE_H) << 8) & free).bit_count() + ((own >> 8) & free).bit_count())
    rest = own
    if banned:
        while rest:
            low = rest & -rest
            rest ^= low
            total += ((chain_ends(low, occupied ^ low) | banned) ^ banned).bit_count()
    else:
        while rest:
            low = rest & -rest
            rest ^= low
            total += chain_ends(low, occupied ^ low).bit_count()
    return total


def move_ends(low: int, occupied: int, banned: int) -> int:
    """Every bit the piece on the bit ``low`` can move to (a step or a chain), none on
    ``banned``; ``occupied`` holds every piece, that one included."""
    others = occupied ^ low
    return (chain_ends(low, others) | step_ends(low, ~occupied)) & ~banned


def perft(white: int, black: int, side: int, made: list[int], homes: list[int],
          rule_move: int, depth: int) -> int:
    """Leaf nodes ``depth`` plies deep from the position with ``side`` (0 White, 1 Black) to
    move, the end rules aside; the last ply is counted in bulk. ``made`` holds the moves
    each side has made (back as it was afterwards): from ``rule_move`` on, no move of a side
    ends in its own house ``homes[side]``."""
    own = white if side == 0 else black
    occupied = white | black
    banned = homes[side] if made[side] >= rule_move else 0
    if depth <= 1:
        return count_moves(own, occupied, banned) if depth == 1 else 1
    total = 0
    made[side] += 1
    rest = own
    while rest:
        low = rest & -rest
        rest ^= low
        ends = move_ends(low, occupied, banned)
        while ends:
            to = ends & -ends
            ends ^= to
            if side == 0:
                total += perft(white ^ low ^ to, black, 1, made, homes, rule_move, depth - 1)
            else:
                total += perft(white, black ^ low ^ to, 0, made, homes, rule_move, depth - 1)
    made[side] -= 1
    return total
