"""Turkish draughts' moves on bitboards, and their count: the hot part of the rules, on its own.

Typed so that mypyc compiles it; the same source runs interpreted and gives the same answers.

A bit is a square, ``row * 8 + column`` (a1 is bit 0, h8 bit 63); every square of the board
is used. The four directions are up (towards row 8, White's forward), right, down and left;
``d ^ 2`` is the direction opposite ``d``. Side-relative like the diagonal generator: ``om``
and ``ok`` are the mover's men and kings, ``pm`` and ``pk`` the opponent's.

The capture rules (see :mod:`game.rules.turkish`): a man jumps an adjacent enemy piece forward
or sideways onto the empty square behind it; a king along a line over any number of empty
squares, onto any empty square beyond. A captured piece leaves the board at once, so its
square is free for the rest of the move. A king may not turn straight back between two
captures. A man that reaches the far row mid-capture goes on capturing as a man (sideways:
there is no forward any more) and is crowned where the move ends. The move that takes the
most pieces is compulsory, a king counting as one piece like a man.

A move is also one int, a *move code*: the start bit (bits 0-5), the end bit (6-11), the
crowning flag (bit 12) and the captured pieces' mask from bit 13 (0 for a quiet move). Two
captures with the same start, end and captured set are one move (the position after them is
the same); the first found is kept.
"""
from __future__ import annotations

from typing import Final

#: every square
FULL: Final = (1 << 64) - 1
ROW_1: Final = 0xFF
ROW_8: Final = 0xFF << 56
FILE_A: Final = 0x0101010101010101
FILE_H: Final = FILE_A << 7
NOT_A: Final = FULL ^ FILE_A
NOT_H: Final = FULL ^ FILE_H
BELOW_8: Final = FULL ^ ROW_8

UP: Final = 0
RIGHT: Final = 1
DOWN: Final = 2
LEFT: Final = 3

SQUARE: Final = 0x3F
END_SHIFT: Final = 6
PROMOTE: Final = 1 << 12
CAPTURE_SHIFT: Final = 13

#: the directions a man moves and captures in: White's (up, right, left), Black's (down, ...)
MAN_DIRECTIONS: Final = ((UP, RIGHT, LEFT), (DOWN, RIGHT, LEFT))

_STEPS: Final = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (column, row) of up, right, down, left


def _rays() -> list[list[list[int]]]:
    out: list[list[list[int]]] = []
    for square in range(64):
        column = square % 8
        row = square // 8
        four: list[list[int]] = []
        for dc, dr in _STEPS:
            ray: list[int] = []
            c = column + dc
            r = row + dr
            while 0 <= c < 8 and 0 <= r < 8:
                ray.append(r * 8 + c)
                c += dc
                r += dr
            four.append(ray)
        out.append(four)
    return out


#: RAYS[s][d]: the squares from s outwards in direction d, nearest first
RAYS: Final = _rays()


def _jumps() -> list[list[int]]:
    """JUMPS[s][d]: a short jump from s in direction d as ``over * 64 + land``, or -1."""
    out: list[list[int]] = []
    for square in range(64):
        out.append([ray[0] * 64 + ray[1] if len(ray) >= 2 else -1 for ray in RAYS[square]])
    return out


JUMPS: Final = _jumps()

#: a sequence of captures as found: (landing bits, captured bits in order, captured mask)
Found = tuple[tuple[int, ...], tuple[int, ...], int]
#: a capture for the rules: (start bit, landing bits, captured bits, captured mask, crowns)
RawCapture = tuple[int, tuple[int, ...], tuple[int, ...], int, bool]


def _man(square: int, opp: int, empty: int, directions: tuple[int, int, int],
         path: tuple[int, ...], caps: tuple[int, ...], mask: int, out: list[Found]) -> bool:
    """Continue a man's capture from ``square``; appends each finished sequence, says whether
    there was any jump."""
    found = False
    jumps = JUMPS[square]
    for d in directions:
        jump = jumps[d]
        if jump < 0:
            continue
        over = jump >> 6
        land = jump & 63
        if (opp >> over) & 1 and (empty >> land) & 1:
            found = True
            bit = 1 << over
            npath = path + (land,)
            ncaps = caps + (over,)
            if not _man(land, opp ^ bit, empty | bit, directions, npath, ncaps, mask | bit,
                        out):
                out.append((npath, ncaps, mask | bit))
    return found


def _king(square: int, opp: int, empty: int, back: int, path: tuple[int, ...],
          caps: tuple[int, ...], mask: int, out: list[Found]) -> bool:
    """Continue a king's capture from ``square`` (``back``: the direction it may not take,
    straight back; -1 at the start); appends each finished sequence, says whether there was
    any capture."""
    found = False
    rays = RAYS[square]
    for d in range(4):
        if d == back:
            continue
        ray = rays[d]
        n = len(ray)
        i = 0
        while i < n and (empty >> ray[i]) & 1:
            i += 1
        if i + 1 >= n:
            continue
        victim = ray[i]
        if not (opp >> victim) & 1 or not (empty >> ray[i + 1]) & 1:
            continue
        found = True
        bit = 1 << victim
        nopp = opp ^ bit
        nempty = empty | bit
        ncaps = caps + (victim,)
        i += 1
        while i < n and (nempty >> ray[i]) & 1:
            land = ray[i]
            npath = path + (land,)
            if not _king(land, nopp, nempty, d ^ 2, npath, ncaps, mask | bit, out):
                out.append((npath, ncaps, mask | bit))
            i += 1
    return found


def captures(om: int, ok: int, pm: int, pk: int, white: bool, majority: bool = True,
             routes: bool = False) -> list[RawCapture]:
    """Every capture (only those taking the most pieces unless ``majority`` is False), one
    per start, end and captured set (one per route of landings with ``routes``); [] when
    there is none. Men first, each side's pieces from bit 0 up."""
    opp = pm | pk
    empty = FULL ^ (om | ok | opp)
    last = ROW_8 if white else ROW_1
    directions = MAN_DIRECTIONS[0 if white else 1]
    out: list[RawCapture] = []
    for kings in (False, True):
        rest = ok if kings else om
        while rest:
            low = rest & -rest
            rest ^= low
            start = low.bit_length() - 1
            found: list[Found] = []
            if kings:
                _king(start, opp, empty | low, -1, (), (), 0, found)
            else:
                _man(start, opp, empty | low, directions, (), (), 0, found)
            for path, caps, mask in found:
                out.append((start, path, caps, mask,
                            not kings and bool((last >> path[-1]) & 1)))
    if not out:
        return out
    if majority:
        most = 0
        for c in out:
            if len(c[2]) > most:
                most = len(c[2])
        out = [c for c in out if len(c[2]) == most]
    if routes:
        return out
    seen: set[tuple[int, int, int]] = set()
    unique: list[RawCapture] = []
    for c in out:
        key = (c[0], c[1][-1], c[3])
        if key not in seen:
            seen.add(key)
            unique.append(c)
    return unique


def code(start: int, end: int, mask: int, promotes: bool) -> int:
    """The move code of a move (``mask``: the captured pieces' bits, 0 if none)."""
    return start | end << END_SHIFT | (PROMOTE if promotes else 0) | mask << CAPTURE_SHIFT


def capture_codes(om: int, ok: int, pm: int, pk: int, white: bool) -> list[int]:
    """The legal captures as move codes, in the order of :func:`captures`."""
    return [code(c[0], c[1][-1], c[3], c[4]) for c in captures(om, ok, pm, pk, white)]


def has_capture(om: int, ok: int, pm: int, pk: int, white: bool) -> bool:
    """Whether the mover has any capture (cheaper than listing them)."""
    opp = pm | pk
    empty = FULL ^ (om | ok | opp)
    # men: an enemy piece next to it and an empty square behind, in a man's directions
    if (((om & NOT_H) << 1) & opp & NOT_H) << 1 & empty:
        return True
    if (((om & NOT_A) >> 1) & opp & NOT_A) >> 1 & empty:
        return True
    if white:
        if ((((om & BELOW_8) << 8) & opp & BELOW_8) << 8) & empty:
            return True
    elif (((om >> 8) & opp) >> 8) & empty:
        return True
    rest = ok
    while rest:
        low = rest & -rest
        rest ^= low
        rays = RAYS[low.bit_length() - 1]
        for d in range(4):
            ray = rays[d]
            n = len(ray)
            i = 0
            while i < n and (empty >> ray[i]) & 1:
                i += 1
            if i + 1 < n and (opp >> ray[i]) & 1 and (empty >> ray[i + 1]) & 1:
                return True
    return False


def quiet_codes(om: int, ok: int, pm: int, pk: int, white: bool) -> list[int]:
    """Every move that takes nothing, as move codes: the men forward, right and left (each
    from bit 0 up), then the kings."""
    empty = FULL ^ (om | ok | pm | pk)
    out: list[int] = []
    if white:
        forward = ((om & BELOW_8) << 8) & empty
        shift = -8
        last = ROW_8
    else:
        forward = (om >> 8) & empty
        shift = 8
        last = ROW_1
    while forward:
        low = forward & -forward
        forward ^= low
        end = low.bit_length() - 1
        out.append((end + shift) | end << END_SHIFT | (PROMOTE if last & low else 0))
    right = ((om & NOT_H) << 1) & empty
    while right:
        low = right & -right
        right ^= low
        end = low.bit_length() - 1
        out.append((end - 1) | end << END_SHIFT)
    left = ((om & NOT_A) >> 1) & empty
    while left:
        low = left & -left
        left ^= low
        end = low.bit_length() - 1
        out.append((end + 1) | end << END_SHIFT)
    rest = ok
    while rest:
        low = rest & -rest
        rest ^= low
        start = low.bit_length() - 1
        rays = RAYS[start]
        for d in range(4):
            for to in rays[d]:
                if not (empty >> to) & 1:
                    break
                out.append(start | to << END_SHIFT)
    return out


def count_quiet(om: int, ok: int, pm: int, pk: int, white: bool) -> int:
    """How many moves that take nothing there are (no move is built)."""
    empty = FULL ^ (om | ok | pm | pk)
    if white:
        total = (((om & BELOW_8) << 8) & empty).bit_count()
    else:
        total = ((om >> 8) & empty).bit_count()
    total += (((om & NOT_H) << 1) & empty).bit_count() + (((om & NOT_A) >> 1) & empty).bit_count()
    rest = ok
    while rest:
        low = rest & -rest
        rest ^= low
        rays = RAYS[low.bit_length() - 1]
        for d in range(4):
            for to in rays[d]:
                if not (empty >> to) & 1:
                    break
                total += 1
    return total


def moves(om: int, ok: int, pm: int, pk: int, white: bool) -> list[int]:
    """The legal moves as codes: the captures if there is any, else the quiet moves."""
    caps = capture_codes(om, ok, pm, pk, white)
    if caps:
        return caps
    return quiet_codes(om, ok, pm, pk, white)


def perft(om: int, ok: int, pm: int, pk: int, white: bool, depth: int) -> int:
    """Leaf nodes ``depth`` plies below this position (the last ply counted in bulk)."""
    if depth <= 0:
        return 1
    caps = capture_codes(om, ok, pm, pk, white)
    if not caps:
        if depth == 1:
            return count_quiet(om, ok, pm, pk, white)
        caps = quiet_codes(om, ok, pm, pk, white)
    elif depth == 1:
        return len(caps)
    total = 0
    for c in caps:
        fb = 1 << (c & SQUARE)
        tb = 1 << ((c >> END_SHIFT) & SQUARE)
        mask = c >> CAPTURE_SHIFT
        keep = FULL ^ mask
        if ok & fb:
            total += perft(pm & keep, pk & keep, om, (ok ^ fb) | tb, not white, depth - 1)
        elif c & PROMOTE:
            total += perft(pm & keep, pk & keep, om ^ fb, ok | tb, not white, depth - 1)
        else:
            total += perft(pm & keep, pk & keep, (om ^ fb) | tb, ok, not white, depth - 1)
    return total


def route_perft(om: int, ok: int, pm: int, pk: int, white: bool, depth: int) -> int:
    """As :func:`perft`, but two captures of the same pieces from the same start to the same
    end by different landings count as two moves (a king landing on c5 or d5 before it takes
    again): how other Dama engines count (kish's published figures)."""
    if depth <= 0:
        return 1
    found = captures(om, ok, pm, pk, white, True, True)
    if not found:
        if depth == 1:
            return count_quiet(om, ok, pm, pk, white)
        total = 0
        for c in quiet_codes(om, ok, pm, pk, white):
            fb = 1 << (c & SQUARE)
            tb = 1 << ((c >> END_SHIFT) & SQUARE)
            if ok & fb:
                total += route_perft(pm, pk, om, (ok ^ fb) | tb, not white, depth - 1)
            elif c & PROMOTE:
                total += route_perft(pm, pk, om ^ fb, ok | tb, not white, depth - 1)
            else:
                total += route_perft(pm, pk, (om ^ fb) | tb, ok, not white, depth - 1)
        return total
    if depth == 1:
        return len(found)
    total = 0
    for start, path, _, mask, promotes in found:
        fb = 1 << start
        tb = 1 << path[-1]
        keep = FULL ^ mask
        if ok & fb:
            total += route_perft(pm & keep, pk & keep, om, (ok ^ fb) | tb, not white, depth - 1)
        elif promotes:
            total += route_perft(pm & keep, pk & keep, om ^ fb, ok | tb, not white, depth - 1)
        else:
            total += route_perft(pm & keep, pk & keep, (om ^ fb) | tb, ok, not white, depth - 1)
    return total
