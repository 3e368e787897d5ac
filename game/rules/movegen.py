"""The move generator of diagonal draughts: the board's geometry in ghost-square bit layout
(:class:`Tables`) and the generation of captures and quiet moves on bitboards for one set of
capture rules (:class:`MoveGenerator`), with perft.

The engine's hot core: a module of its own so that mypyc compiles it (game/native.py); the
same source runs interpreted and gives the same answers. Written for the compiler: every int
stays below 2**62 (a bitboard of the 10x10 board has 55 bits, and no shift carries one past
bit 61), so the compiled code keeps them unboxed; counts of bits go through :func:`popcount`.

Besides the moves as tuples (the rules build their Move objects from them), the generator
gives the search each move as one int, a *move code* (:func:`MoveGenerator.capture_codes`,
:func:`MoveGenerator.quiet_codes`): no tuple is built per move, and two codes are the same
move when they are equal.
"""
from __future__ import annotations

from typing import Final

try:
    from mypy_extensions import i64
except ImportError:  # the interpreter needs no native ints: an i64 is an int there
    i64 = int  # type: ignore[misc]

# Directions: 0 up-left, 1 up-right, 2 down-left, 3 down-right. "Up" is towards Black's back
# row (lower square numbers and lower bits), the way White's men move. On a board whose pieces
# also capture orthogonally (Frisian) there are four more, along the dark squares of a row or
# a column (two squares at a time): 4 left, 5 right, 6 up, 7 down.
_REVERSE: Final = (3, 2, 1, 0, 5, 4, 7, 6)
#: the capture directions a board may have: the diagonals, or the diagonals and the lines
DIAGONAL: Final = 4
DIAGONAL_AND_ORTHOGONAL: Final = 8
_WHITE_FORWARD: Final = (0, 1)
_BLACK_FORWARD: Final = (2, 3)

# A capture as the generator finds it: (start bit, landing bits, captured bits in order,
# captured mask, promotes).
RawCapture = tuple[int, tuple[int, ...], tuple[int, ...], int, bool]

# A move code: the start bit (bits 0-5), the end bit (6-11), the captured pieces' mask
# shifted down by ``Tables.capture_low`` (from bit 12, ``Tables.capture_bits`` wide; 0 for a
# quiet move: a diagonal capture never takes a piece on the edge, so the first row never holds
# one and ``capture_low`` is a row), then ``Tables.promote_flag``. The search's boards may put
# more above ``Tables.code_bits``. Where pieces also capture along the lines (Frisian), a piece
# on the first row can be taken and the code is wider than 62 bits (a boxed int when compiled:
# the same answers, a little slower).
SQUARE: Final = 0x3F
END_SHIFT: Final = 6
CAPTURE_SHIFT: Final = 12
#: the start and end of a move code
FROM_TO: Final = 0xFFF

_M1: Final = 0x1555555555555555
_M2: Final = 0x3333333333333333
_M4: Final = 0x0F0F0F0F0F0F0F0F


def popcount(mask: int) -> int:
    """The number of bits set in ``mask`` (0 <= mask < 2**62).

    Compiled, this arithmetic is a few machine instructions where ``int.bit_count`` would be
    a call through the interpreter; interpreted, the name is ``int.bit_count`` itself (see
    below), so the interpreter pays nothing for it."""
    x: i64 = mask
    x = x - ((x >> 1) & _M1)
    x = (x & _M2) + ((x >> 2) & _M2)
    x = (x + (x >> 4)) & _M4
    x = x + (x >> 8)
    x = x + (x >> 16)
    x = x + (x >> 32)
    return x & 0x7F


# Code that runs interpreted (this module uncompiled, or a caller that is not compiled) gets
# the interpreter's own count; compiled callers are bound to the function above at compile
# time. The two give the same answer for every mask the engine has.
globals()["popcount"] = int.bit_count


_TABLES: dict[tuple[int, int, bool], Tables] = {}


def tables_of(size: int, directions: int = DIAGONAL, turned: bool = False) -> Tables:
    """The geometry of a size x size board whose pieces capture in ``directions``
    (:data:`DIAGONAL` or :data:`DIAGONAL_AND_ORTHOGONAL`), built once and shared by the
    variants on it. ``turned``: the board is set the other way round, with a light square in
    each player's left-hand corner (Italian draughts)."""
    tables = _TABLES.get((size, directions, turned))
    if tables is None:
        tables = _TABLES[(size, directions, turned)] = Tables(size, directions, turned)
    return tables


class Tables:
    """Precomputed geometry of a size x size board in ghost-square bit layout.

    Squares are numbered row by row from Black's side, left to right as White sees the
    board. On the usual board the corner at White's left hand (a1) is dark, so the first
    row from the top starts on its second square (b8); on a ``turned`` board (Italian) that
    corner is light and the top row starts in the corner (a8). The ghost bit then goes
    before each row that starts on its second square rather than after it, which keeps the
    four diagonal neighbours at the same four bit offsets."""

    __slots__ = ("size", "half", "count", "bit_of", "number_of", "coord_of", "board",
                 "steps", "neighbour", "jumps", "rays", "ray_mask", "white_promotion",
                 "black_promotion", "main_road", "capture_bits", "capture_field",
                 "promote_flag", "code_bits", "directions", "capture_low", "turned")

    def __init__(self, size: int, directions: int = DIAGONAL, turned: bool = False) -> None:
        if directions not in (DIAGONAL, DIAGONAL_AND_ORTHOGONAL):
            raise ValueError(f"capture directions: {DIAGONAL} or {DIAGONAL_AND_ORTHOGONAL}")
        if turned and directions != DIAGONAL:
            raise ValueError("a turned board captures along the diagonals only")
        half = size // 2
        self.size = size
        self.directions = directions
        self.turned = turned
        self.half = half
        self.count = size * half
        # up-left, up-right, down-left, down-right as bit offsets and as (column, row) steps
        self.steps = (-(half + 1), -half, half, half + 1)
        # the diagonals, then (a board with orthogonal captures) the rows and columns, along
        # which the next dark square is two squares away
        coord_steps = ((-1, 1), (1, 1), (-1, -1), (1, -1), (-2, 0), (2, 0), (0, 2),
                       (0, -2))[:directions]
        bit_of = [-1] * (self.count + 1)
        nbits = self.count + (size // 2 - 1) + 1 + (1 if turned else 0)
        number_of = [0] * nbits
        coord_of: list[tuple[int, int] | None] = [None] * nbits
        by_coord: dict[tuple[int, int], int] = {}
        for number in range(1, self.count + 1):
            row_from_top, k = divmod(number - 1, half)
            if turned:
                bit = number - 1 + (row_from_top + 1) // 2
                column = 2 * k if row_from_top % 2 == 0 else 2 * k + 1
            else:
                bit = number - 1 + row_from_top // 2
                column = 2 * k + 1 if row_from_top % 2 == 0 else 2 * k
            coord = (column, size - 1 - row_from_top)
            bit_of[number] = bit
            number_of[bit] = number
            coord_of[bit] = coord
            by_coord[coord] = bit
        self.bit_of = tuple(bit_of)
        self.number_of = tuple(number_of)
        self.coord_of = tuple(coord_of)
        self.board = sum(1 << b for b in by_coord.values())
        neighbour = [[-1] * 4 for _ in range(nbits)]
        rays: list[list[tuple[int, ...]]] = [[()] * directions for _ in range(nbits)]
        for (c, r), bit in by_coord.items():
            for d, (dc, dr) in enumerate(coord_steps):
                ray: list[int] = []
                cc, rr = c + dc, r + dr
                while (cc, rr) in by_coord:
                    ray.append(by_coord[(cc, rr)])
                    cc, rr = cc + dc, rr + dr
                rays[bit][d] = tuple(ray)
                if ray and d < 4:
                    neighbour[bit][d] = ray[0]
                    assert ray[0] - bit == self.steps[d]  # the ghost layout's promise
        self.neighbour = tuple(tuple(n) for n in neighbour)
        self.rays = tuple(tuple(r) for r in rays)
        self.ray_mask = tuple(tuple(sum(1 << b for b in ray) for ray in r) for r in rays)
        # (jumped bit, landing bit, direction) for every short jump a man can make
        self.jumps = tuple(
            tuple((ray[0], ray[1], d) for d, ray in enumerate(rays[bit]) if len(ray) >= 2)
            for bit in range(nbits))
        self.white_promotion = sum(1 << b for (c, r), b in by_coord.items() if r == size - 1)
        self.black_promotion = sum(1 << b for (c, r), b in by_coord.items() if r == 0)
        # the long diagonal: corner to corner over dark squares (a1-h8, turned a8-h1)
        self.main_road = sum(1 << b for (c, r), b in by_coord.items()
                             if (c + r == size - 1 if turned else c == r))
        # the move codes' captured field: the bits from the second row to the last but one
        # (a captured piece has a square on each side of it), shifted down by a row; with
        # orthogonal captures, every bit a jump goes over
        if directions == DIAGONAL:
            self.capture_low = half
            last_inner = bit_of[(size - 1) * half]
        else:
            over = [j[0] for jumps in self.jumps for j in jumps]
            self.capture_low = min(over)
            last_inner = max(over)
        self.capture_bits = last_inner - self.capture_low + 1
        self.capture_field = (1 << self.capture_bits) - 1
        self.promote_flag = 1 << (CAPTURE_SHIFT + self.capture_bits)
        self.code_bits = CAPTURE_SHIFT + self.capture_bits + 1
        # a diagonal board's move code stays an unboxed int when compiled
        assert self.code_bits <= 62 or directions != DIAGONAL


class MoveGenerator:
    """Move generation on bitboards for one set of capture rules.

    Side-relative: ``om``/``ok`` are the mover's men and kings, ``pm``/``pk`` the opponent's.
    """

    __slots__ = ("t", "majority", "promote_mid_capture", "men_back", "flying", "man_jumps",
                 "half", "board", "white_promotion", "black_promotion", "promote_flag",
                 "capture_field", "rays", "jumps", "steps", "low", "directions", "man_value",
                 "king_value", "king_first", "weighted", "men_take_kings", "quality")

    def __init__(self, tables: Tables, *, majority: bool, promote_mid_capture: bool,
                 men_capture_backward: bool = True, flying_kings: bool = True,
                 man_value: int = 1, king_value: int = 1, king_first: bool = False,
                 men_capture_kings: bool = True, capture_quality: bool = False) -> None:
        """``majority``: a capture must take the most; what "most" weighs is ``man_value``
        for each man taken and ``king_value`` for each king (1 and 1: the most pieces), and
        with ``king_first`` a capture by a king goes before a man's of the same value.

        ``men_capture_kings=False``: a man may not jump a king (Italian). ``capture_quality``:
        of the captures that take the most pieces, one made by a king must be played, then
        one taking the most kings, then one that meets a king first (Italian)."""
        self.t = tables
        self.men_take_kings = men_capture_kings
        self.quality = capture_quality
        self.majority = majority
        self.man_value = man_value
        self.king_value = king_value
        self.king_first = king_first
        self.weighted = man_value != king_value or king_first
        self.directions = tables.directions
        self.low = tables.capture_low
        self.promote_mid_capture = promote_mid_capture
        self.men_back = men_capture_backward
        self.flying = flying_kings
        # the tables' figures the loops below read, at hand
        self.half = tables.half
        self.board = tables.board
        self.white_promotion = tables.white_promotion
        self.black_promotion = tables.black_promotion
        self.promote_flag = tables.promote_flag
        self.capture_field = tables.capture_field
        self.rays = tables.rays
        self.jumps = tables.jumps
        self.steps = tables.steps
        # the short jumps a man may make, for White and for Black (English men jump forward only)
        if men_capture_backward:
            self.man_jumps = (tables.jumps, tables.jumps)
        else:
            white, black = (
                tuple(tuple(j for j in jumps if j[2] in forward) for jumps in tables.jumps)
                for forward in (_WHITE_FORWARD, _BLACK_FORWARD))
            self.man_jumps = (white, black)

    # --- move codes ----------------------------------------------------------------------
    def code(self, start: int, end: int, capmask: int, promotes: bool) -> int:
        """The move code of a move (``capmask``: the captured pieces' bits, 0 if none)."""
        return (start | end << END_SHIFT | (capmask >> self.low) << CAPTURE_SHIFT
                | (self.promote_flag if promotes else 0))

    def code_capmask(self, code: int) -> int:
        """The captured pieces' bits of a move code (0: a quiet move)."""
        return (code >> CAPTURE_SHIFT & self.capture_field) << self.low

    # --- captures ------------------------------------------------------------------------
    def capturing_men(self, men: int, opp: int, empty: int, white: bool = True) -> int:
        """The men that have at least one capture (backwards too, unless the rules forbid)."""
        h = self.half
        g = h + 1
        # White's men go up (to lower bits): their jumps are the << terms (shifted after the
        # AND, so that no intermediate value grows past the board's bits)
        up = ((opp & (empty << h)) << h) | ((opp & (empty << g)) << g)
        down = ((opp >> h) & (empty >> (2 * h))) | ((opp >> g) & (empty >> (2 * g)))
        if self.men_back:
            found = men & (up | down)
        else:
            found = men & (up if white else down)
        if self.directions == DIAGONAL:
            return found
        # along the rows and columns: looked up square by square (a row's squares are not
        # a shift apart in the ghost layout)
        rest = men & ~found
        jumps = self.jumps
        while rest:
            b = rest & -rest
            rest ^= b
            for over, land, d in jumps[b.bit_length() - 1]:
                if d >= 4 and (opp >> over) & 1 and (empty >> land) & 1:
                    found |= b
                    break
        return found

    def capturers(self, om: int, ok: int, pm: int, pk: int, white: bool) -> int:
        """The mover's pieces (men and kings) that have at least one capture, as a bit mask:
        what a huff may take after a capture was skipped ("with фук")."""
        opp = pm | pk
        empty = self.board & ~(om | ok | opp)
        found = self.capturing_men(om, opp if self.men_take_kings else pm, empty, white)
        kings = ok
        while kings:
            b = kings & -kings
            kings ^= b
            sq = b.bit_length() - 1
            if self.flying:
                for ray in self.rays[sq]:
                    i = 0
                    n = len(ray)
                    while i < n and (empty >> ray[i]) & 1:
                        i += 1
                    if i + 1 < n and (opp >> ray[i]) & 1 and (empty >> ray[i + 1]) & 1:
                        found |= b
                        break
            else:
                for over, land, _ in self.jumps[sq]:
                    if (opp >> over) & 1 and (empty >> land) & 1:
                        found |= b
                        break
        return found

    def captures(self, om: int, ok: int, pm: int, pk: int, white: bool,
                 majority: bool | None = None) -> list[RawCapture]:
        """Every legal capture, one per start, end and captured set; [] when none.

        ``majority=False`` lists the captures the majority rule would otherwise drop."""
        t = self.t
        opp = pm | pk
        empty = t.board & ~(om | ok | opp)
        out: list[RawCapture] = []
        promotion = t.white_promotion if white else t.black_promotion
        prey = opp if self.men_take_kings else pm  # what a man may jump
        men = self.capturing_men(om, prey, empty, white)
        jumps = self.man_jumps[0 if white else 1]
        while men:
            b = men & -men
            men ^= b
            sq = b.bit_length() - 1
            found: list[tuple[tuple[int, ...], tuple[int, ...], int, bool]] = []
            self._man(sq, 0, (), (), prey, empty | b, promotion, found, jumps)
            out.extend((sq, *f) for f in found)
        kings = ok
        while kings:
            b = kings & -kings
            kings ^= b
            sq = b.bit_length() - 1
            found = []
            if self.flying:
                self._king(sq, 0, (), (), opp, empty | b, -1, False, found)
            else:
                self._short_king(sq, 0, (), (), opp, empty | b, -1, False, found)
            out.extend((sq, *f) for f in found)
        if not out:
            return out
        if self.majority if majority is None else majority:
            if self.weighted:
                out = self._most_valued_raw(out, ok, pm)
            else:
                most = max(len(c[2]) for c in out)
                out = [c for c in out if len(c[2]) == most]
            if self.quality and len(out) > 1:
                out = self._best_quality(out, ok, pk)
        if len(out) == 1:
            return out
        seen: set[tuple[int, int, int]] = set()
        unique: list[RawCapture] = []
        for c in out:
            key = (c[0], c[1][-1], c[3])
            if key not in seen:
                seen.add(key)
                unique.append(c)
        return unique

    def _best_quality(self, out: list[RawCapture], ok: int, pk: int) -> list[RawCapture]:
        """Of captures of the same size, the ones the quality rules leave: made by a king if
        a king can; of those, taking the most kings; of those, meeting a king first (the
        kings' places in the order of capture, compared from the first)."""
        kings = [c for c in out if (ok >> c[0]) & 1]
        if kings:
            out = kings
        most = max(popcount(c[3] & pk) for c in out)
        out = [c for c in out if popcount(c[3] & pk) == most]
        if most == 0 or len(out) == 1:
            return out
        places = [tuple(i for i, bit in enumerate(c[2]) if (pk >> bit) & 1) for c in out]
        first = min(places)
        return [c for c, p in zip(out, places) if p == first]

    def _value(self, capmask: int, pm: int) -> int:
        """What a capture of ``capmask`` weighs (the opponent's men are ``pm``)."""
        men = popcount(capmask & pm)
        return men * self.man_value + (popcount(capmask) - men) * self.king_value

    def _most_valued_raw(self, out: list[RawCapture], ok: int, pm: int) -> list[RawCapture]:
        """The captures that take the most value; of those, a king's first if asked."""
        values = [self._value(c[3], pm) for c in out]
        most = max(values)
        best = [c for c, v in zip(out, values) if v == most]
        if self.king_first:
            kings = [c for c in best if (ok >> c[0]) & 1]
            if kings:
                return kings
        return best

    def _most_valued(self, out: list[int], ok: int, pm: int) -> list[int]:
        """:meth:`_most_valued_raw` for move codes."""
        field = self.capture_field
        low = self.low
        most = -1
        best: list[int] = []
        for c in out:
            v = self._value((c >> CAPTURE_SHIFT & field) << low, pm)
            if v > most:
                most = v
                best = [c]
            elif v == most:
                best.append(c)
        if self.king_first:
            kings = [c for c in best if (ok >> (c & SQUARE)) & 1]
            if kings:
                return kings
        return best

    def _man(self, sq: int, cap: int, path: tuple[int, ...], caps: tuple[int, ...], opp: int,
             empty: int, promotion: int,
             out: list[tuple[tuple[int, ...], tuple[int, ...], int, bool]],
             jumps: tuple[tuple[tuple[int, int, int], ...], ...]) -> bool:
        """Continue a man's capture from ``sq``; appends finished sequences, says if any.

        A man that cannot capture backwards (English) and reaches the far row finds no jump
        from there, so its move ends on the crowning square, as those rules say."""
        found = False
        for over, land, d in jumps[sq]:
            ob = 1 << over
            if not opp & ob or cap & ob or not (empty >> land) & 1:
                continue
            found = True
            ncap = cap | ob
            npath = path + (land,)
            ncaps = caps + (over,)
            if (promotion >> land) & 1 and self.promote_mid_capture:
                # Russian: crowned on the spot, the capture goes on as a king
                if self.flying:
                    goes_on = self._king(land, ncap, npath, ncaps, opp, empty, _REVERSE[d],
                                         True, out)
                else:
                    goes_on = self._short_king(land, ncap, npath, ncaps, opp, empty,
                                               _REVERSE[d], True, out)
                if not goes_on:
                    out.append((npath, ncaps, ncap, True))
            elif not self._man(land, ncap, npath, ncaps, opp, empty, promotion, out, jumps):
                out.append((npath, ncaps, ncap, bool((promotion >> land) & 1)))
        return found

    def _king(self, sq: int, cap: int, path: tuple[int, ...], caps: tuple[int, ...], opp: int,
              empty: int, forbid: int, promotes: bool,
              out: list[tuple[tuple[int, ...], tuple[int, ...], int, bool]]) -> bool:
        """Continue a king's capture from ``sq``; appends finished sequences, says if any."""
        found = False
        rays = self.rays[sq]
        for d in range(self.directions):
            # going back is never possible: the piece just jumped still blocks the line
            if d == forbid:
                continue
            ray = rays[d]
            n = len(ray)
            i = 0
            while i < n and (empty >> ray[i]) & 1:
                i += 1
            if i + 1 >= n:
                continue
            victim = ray[i]
            vb = 1 << victim
            # Turkish strike: a piece already jumped stays on the board and blocks
            if not opp & vb or cap & vb or not (empty >> ray[i + 1]) & 1:
                continue
            found = True
            ncap = cap | vb
            ncaps = caps + (victim,)
            back = _REVERSE[d]
            ends: list[int] = []
            goes_on = False
            i += 1
            while i < n and (empty >> ray[i]) & 1:
                land = ray[i]
                if self._king(land, ncap, path + (land,), ncaps, opp, empty, back, promotes, out):
                    goes_on = True
                elif not goes_on:
                    ends.append(land)
                i += 1
            # the king must land where the capture continues, if there is such a square
            if not goes_on:
                for land in ends:
                    out.append((path + (land,), ncaps, ncap, promotes))
        return found

    def _short_king(self, sq: int, cap: int, path: tuple[int, ...], caps: tuple[int, ...],
                    opp: int, empty: int, forbid: int, promotes: bool,
                    out: list[tuple[tuple[int, ...], tuple[int, ...], int, bool]]) -> bool:
        """Continue a short (English) king's capture from ``sq``: it jumps an adjacent enemy
        piece onto the square right behind, in any direction. Landing squares and jumped
        squares are of different colours of the checkered grid, so whether captured pieces
        are lifted at once or at the end cannot matter here."""
        found = False
        for over, land, d in self.jumps[sq]:
            ob = 1 << over
            if d == forbid or not opp & ob or cap & ob or not (empty >> land) & 1:
                continue
            found = True
            ncap = cap | ob
            npath = path + (land,)
            ncaps = caps + (over,)
            if not self._short_king(land, ncap, npath, ncaps, opp, empty, _REVERSE[d], promotes,
                                    out):
                out.append((npath, ncaps, ncap, promotes))
        return found

    # --- captures as move codes ----------------------------------------------------------
    def capture_codes(self, om: int, ok: int, pm: int, pk: int, white: bool) -> list[int]:
        """The legal captures as move codes, in the order of :meth:`captures` (the same
        captures: one per start, end and captured set, the first found); [] when none.
        No landing squares are kept on the way, only the captured set."""
        if self.quality:
            # the quality rules weigh the order of capture, which a code does not keep: the
            # codes of the full sequences (one already per start, end and captured set)
            return [self.code(raw[0], raw[1][-1], raw[3], raw[4])
                    for raw in self.captures(om, ok, pm, pk, white)]
        opp = pm | pk
        empty = self.board & ~(om | ok | opp)
        out: list[int] = []
        men = self.capturing_men(om, opp if self.men_take_kings else pm, empty, white)
        if men:
            promotion = self.white_promotion if white else self.black_promotion
            jumps = self.man_jumps[0 if white else 1]
            while men:
                b = men & -men
                men ^= b
                sq = b.bit_length() - 1
                self._man_codes(sq, sq, 0, opp if self.men_take_kings else pm, empty | b,
                                promotion, out, jumps)
        kings = ok
        while kings:
            b = kings & -kings
            kings ^= b
            sq = b.bit_length() - 1
            if self.flying:
                self._king_codes(sq, sq, 0, opp, empty | b, -1, False, out)
            else:
                self._short_king_codes(sq, sq, 0, opp, empty | b, -1, False, out)
        n = len(out)
        if n <= 1:
            return out
        if self.majority and self.weighted:
            out = self._most_valued(out, ok, pm)
            n = len(out)
            if n == 1:
                return out
        elif self.majority:
            field = self.capture_field
            most = 0
            for c in out:
                size = popcount(c >> CAPTURE_SHIFT & field)
                if size > most:
                    most = size
            out = [c for c in out if popcount(c >> CAPTURE_SHIFT & field) == most]
            n = len(out)
            if n == 1:
                return out
        # one capture per start, end and captured set: the first found (a capture may reach
        # the same end over the same pieces by different routes, or crowned and not)
        same = ~self.promote_flag
        unique: list[int] = []
        seen: set[int] = set()
        for c in out:
            key = c & same
            if key not in seen:
                seen.add(key)
                unique.append(c)
        return unique

    def _man_codes(self, start: int, sq: int, cap: int, opp: int, empty: int, promotion: int,
                   out: list[int], jumps: tuple[tuple[tuple[int, int, int], ...], ...]) -> bool:
        """:meth:`_man` without the route: appends the codes of finished captures."""
        found = False
        for over, land, d in jumps[sq]:
            ob = 1 << over
            if not opp & ob or cap & ob or not (empty >> land) & 1:
                continue
            found = True
            ncap = cap | ob
            if (promotion >> land) & 1:
                if self.promote_mid_capture:
                    # Russian: crowned on the spot, the capture goes on as a king
                    if self.flying:
                        goes_on = self._king_codes(start, land, ncap, opp, empty, _REVERSE[d],
                                                   True, out)
                    else:
                        goes_on = self._short_king_codes(start, land, ncap, opp, empty,
                                                         _REVERSE[d], True, out)
                    if not goes_on:
                        out.append(start | land << END_SHIFT
                                   | (ncap >> self.low) << CAPTURE_SHIFT | self.promote_flag)
                elif not self._man_codes(start, land, ncap, opp, empty, promotion, out, jumps):
                    out.append(start | land << END_SHIFT | (ncap >> self.low) << CAPTURE_SHIFT
                               | self.promote_flag)
            elif not self._man_codes(start, land, ncap, opp, empty, promotion, out, jumps):
                out.append(start | land << END_SHIFT | (ncap >> self.low) << CAPTURE_SHIFT)
        return found

    def _king_codes(self, start: int, sq: int, cap: int, opp: int, empty: int, forbid: int,
                    promotes: bool, out: list[int]) -> bool:
        """:meth:`_king` without the route: appends the codes of finished captures."""
        found = False
        rays = self.rays[sq]
        for d in range(self.directions):
            if d == forbid:
                continue
            ray = rays[d]
            n = len(ray)
            i = 0
            while i < n and (empty >> ray[i]) & 1:
                i += 1
            if i + 1 >= n:
                continue
            victim = ray[i]
            vb = 1 << victim
            if not opp & vb or cap & vb or not (empty >> ray[i + 1]) & 1:
                continue
            found = True
            ncap = cap | vb
            back = _REVERSE[d]
            goes_on = False
            first = i + 1
            i = first
            while i < n and (empty >> ray[i]) & 1:
                if self._king_codes(start, ray[i], ncap, opp, empty, back, promotes, out):
                    goes_on = True
                i += 1
            if not goes_on:
                # the capture goes on from none of the landing squares: each ends it
                base = start | (ncap >> self.low) << CAPTURE_SHIFT
                if promotes:
                    base |= self.promote_flag
                for j in range(first, i):
                    out.append(base | ray[j] << END_SHIFT)
        return found

    def _short_king_codes(self, start: int, sq: int, cap: int, opp: int, empty: int,
                          forbid: int, promotes: bool, out: list[int]) -> bool:
        """:meth:`_short_king` without the route: appends the codes of finished captures."""
        found = False
        for over, land, d in self.jumps[sq]:
            ob = 1 << over
            if d == forbid or not opp & ob or cap & ob or not (empty >> land) & 1:
                continue
            found = True
            ncap = cap | ob
            if not self._short_king_codes(start, land, ncap, opp, empty, _REVERSE[d],
                                          promotes, out):
                code = start | land << END_SHIFT | (ncap >> self.low) << CAPTURE_SHIFT
                out.append(code | self.promote_flag if promotes else code)
        return found

    # --- quiet moves -------------------------------------------------------------------
    def quiet(self, om: int, ok: int, pm: int, pk: int, white: bool, mirrored: bool = False
              ) -> list[tuple[int, int, bool]]:
        """Every non-capturing move as (start bit, end bit, promotes), in the order of
        :meth:`quiet_codes`."""
        flag = self.promote_flag
        return [(c & SQUARE, c >> END_SHIFT & SQUARE, bool(c & flag))
                for c in self.quiet_codes(om, ok, pm, pk, white, mirrored)]

    def quiet_codes(self, om: int, ok: int, pm: int, pk: int, white: bool,
                    mirrored: bool = False) -> list[int]:
        """Every non-capturing move as a move code: men by direction, each direction from
        the top of the board down, then kings. ``mirrored`` lists them in the mirror image of
        that order (directions the other way round, from the bottom up), as the search asks
        for Black so that both colours' moves come in the same order."""
        empty = self.board & ~(om | ok | pm | pk)
        out: list[int] = []
        h = self.half
        flag = self.promote_flag
        if white:
            promotion = self.white_promotion
            # up-left (the man moves h + 1 bits down), then up-right (h bits)
            first, second = h + 1, h
            if mirrored:
                first, second = h, h + 1
            for s in (first, second):
                targets = (om >> s) & empty
                while targets:
                    if mirrored:
                        b = 1 << (targets.bit_length() - 1)
                    else:
                        b = targets & -targets
                    targets ^= b
                    to = b.bit_length() - 1
                    code = (to + s) | to << END_SHIFT
                    out.append(code | flag if promotion & b else code)
        else:
            promotion = self.black_promotion
            # down-left (h bits up), then down-right (h + 1 bits)
            first, second = h, h + 1
            if mirrored:
                first, second = h + 1, h
            for s in (first, second):
                targets = (om << s) & empty
                while targets:
                    if mirrored:
                        b = 1 << (targets.bit_length() - 1)
                    else:
                        b = targets & -targets
                    targets ^= b
                    to = b.bit_length() - 1
                    code = (to - s) | to << END_SHIFT
                    out.append(code | flag if promotion & b else code)
        kings = ok
        while kings:
            if mirrored:
                b = 1 << (kings.bit_length() - 1)
            else:
                b = kings & -kings
            kings ^= b
            sq = b.bit_length() - 1
            rays = self.rays[sq]
            for k in range(4):
                ray = rays[3 - k if mirrored else k]
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    out.append(sq | to << END_SHIFT)
                    if not self.flying:
                        break
        return out

    def count_quiet(self, om: int, ok: int, pm: int, pk: int, white: bool) -> int:
        """How many non-capturing moves there are, by popcount (no move is built)."""
        empty = self.board & ~(om | ok | pm | pk)
        h = self.half
        if white:
            total = popcount((om >> h) & empty) + popcount((om >> (h + 1)) & empty)
        else:
            total = popcount((om << h) & empty) + popcount((om << (h + 1)) & empty)
        if ok:
            g = h + 1
            if not self.flying:
                total += (popcount((ok >> g) & empty) + popcount((ok >> h) & empty)
                          + popcount((ok << h) & empty) + popcount((ok << g) & empty))
            else:
                # flood each direction; two kings' rays on one line never overlap (the nearer
                # king blocks the farther one), so the popcounts add up to the move count
                for s in (g, h):
                    x = (ok >> s) & empty
                    while x:
                        total += popcount(x)
                        x = (x >> s) & empty
                    x = (ok << s) & empty
                    while x:
                        total += popcount(x)
                        x = (x << s) & empty
        return total

    # --- counting -----------------------------------------------------------------------
    def perft(self, om: int, ok: int, pm: int, pk: int, white: bool, depth: int) -> int:
        """Leaf nodes ``depth`` plies below this position (bulk-counted at the last ply)."""
        caps = self.capture_codes(om, ok, pm, pk, white)
        if caps:
            if depth == 1:
                return len(caps)
            total = 0
            low = self.low
            field = self.capture_field
            flag = self.promote_flag
            for c in caps:
                fb = 1 << (c & SQUARE)
                tb = 1 << (c >> END_SHIFT & SQUARE)
                keep = ~((c >> CAPTURE_SHIFT & field) << low)
                if om & fb:
                    if c & flag:
                        total += self.perft(pm & keep, pk & keep, om ^ fb, ok | tb,
                                            not white, depth - 1)
                    else:
                        total += self.perft(pm & keep, pk & keep, om ^ fb | tb, ok,
                                            not white, depth - 1)
                else:
                    total += self.perft(pm & keep, pk & keep, om, ok ^ fb | tb,
                                        not white, depth - 1)
            return total
        if depth == 1:
            return self.count_quiet(om, ok, pm, pk, white)
        total = 0
        empty = self.board & ~(om | ok | pm | pk)
        h = self.half
        nw = not white
        d1 = depth - 1
        if white:
            promotion = self.white_promotion
            for s in (h + 1, h):
                targets = (om >> s) & empty
                while targets:
                    tb = targets & -targets
                    targets ^= tb
                    fb = tb << s
                    if promotion & tb:
                        total += self.perft(pm, pk, om ^ fb, ok | tb, nw, d1)
                    else:
                        total += self.perft(pm, pk, om ^ fb ^ tb, ok, nw, d1)
        else:
            promotion = self.black_promotion
            for s in (h, h + 1):
                targets = (om << s) & empty
                while targets:
                    tb = targets & -targets
                    targets ^= tb
                    fb = tb >> s
                    if promotion & tb:
                        total += self.perft(pm, pk, om ^ fb, ok | tb, nw, d1)
                    else:
                        total += self.perft(pm, pk, om ^ fb ^ tb, ok, nw, d1)
        kings = ok
        flying = self.flying
        while kings:
            fb = kings & -kings
            kings ^= fb
            rest = ok ^ fb
            for ray in self.rays[fb.bit_length() - 1]:
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    total += self.perft(pm, pk, om, rest | (1 << to), nw, d1)
                    if not flying:
                        break
        return total
