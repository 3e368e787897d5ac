"""The move generator of diagonal draughts: the board's geometry in ghost-square bit layout
(:class:`Tables`) and the generation of captures and quiet moves on bitboards for one set of
capture rules (:class:`MoveGenerator`), with perft.

The engine's hot core: a module of its own so that mypyc compiles it (game/native.py); the
same source runs interpreted. :mod:`game.rules.draughts` builds the games on it.
"""
from __future__ import annotations

# Directions: 0 up-left, 1 up-right, 2 down-left, 3 down-right. "Up" is towards Black's back
# row (lower square numbers and lower bits), the way White's men move.
_REVERSE = (3, 2, 1, 0)
_WHITE_FORWARD = (0, 1)
_BLACK_FORWARD = (2, 3)

# A capture as the generator finds it: (start bit, landing bits, captured bits in order,
# captured mask, promotes).
RawCapture = tuple[int, tuple[int, ...], tuple[int, ...], int, bool]


_TABLES: dict[int, Tables] = {}


def tables_of(size: int) -> Tables:
    """The geometry of a size x size board, built once and shared by the variants on it."""
    tables = _TABLES.get(size)
    if tables is None:
        tables = _TABLES[size] = Tables(size)
    return tables


class Tables:
    """Precomputed geometry of a size x size board in ghost-square bit layout."""

    __slots__ = ("size", "half", "count", "bit_of", "number_of", "coord_of", "board",
                 "steps", "neighbour", "jumps", "rays", "ray_mask", "white_promotion",
                 "black_promotion", "main_road")

    def __init__(self, size: int) -> None:
        half = size // 2
        self.size = size
        self.half = half
        self.count = size * half
        # up-left, up-right, down-left, down-right as bit offsets and as (column, row) steps
        self.steps = (-(half + 1), -half, half, half + 1)
        coord_steps = ((-1, 1), (1, 1), (-1, -1), (1, -1))
        bit_of = [-1] * (self.count + 1)
        nbits = self.count + (size // 2 - 1) + 1
        number_of = [0] * nbits
        coord_of: list[tuple[int, int] | None] = [None] * nbits
        by_coord: dict[tuple[int, int], int] = {}
        for number in range(1, self.count + 1):
            row_from_top, k = divmod(number - 1, half)
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
        rays: list[list[tuple[int, ...]]] = [[()] * 4 for _ in range(nbits)]
        for (c, r), bit in by_coord.items():
            for d, (dc, dr) in enumerate(coord_steps):
                ray: list[int] = []
                cc, rr = c + dc, r + dr
                while (cc, rr) in by_coord:
                    ray.append(by_coord[(cc, rr)])
                    cc, rr = cc + dc, rr + dr
                rays[bit][d] = tuple(ray)
                if ray:
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
        self.main_road = sum(1 << b for (c, r), b in by_coord.items() if c == r)


class MoveGenerator:
    """Move generation on bitboards for one set of capture rules.

    Side-relative: ``om``/``ok`` are the mover's men and kings, ``pm``/``pk`` the opponent's.
    """

    __slots__ = ("t", "majority", "promote_mid_capture", "men_back", "flying", "man_jumps")

    def __init__(self, tables: Tables, *, majority: bool, promote_mid_capture: bool,
                 men_capture_backward: bool = True, flying_kings: bool = True) -> None:
        self.t = tables
        self.majority = majority
        self.promote_mid_capture = promote_mid_capture
        self.men_back = men_capture_backward
        self.flying = flying_kings
        # the short jumps a man may make, for White and for Black (English men jump forward only)
        if men_capture_backward:
            self.man_jumps = (tables.jumps, tables.jumps)
        else:
            white, black = (
                tuple(tuple(j for j in jumps if j[2] in forward) for jumps in tables.jumps)
                for forward in (_WHITE_FORWARD, _BLACK_FORWARD))
            self.man_jumps = (white, black)

    # --- captures ------------------------------------------------------------------------
    def capturing_men(self, men: int, opp: int, empty: int, white: bool = True) -> int:
        """The men that have at least one capture (backwards too, unless the rules forbid)."""
        h = self.t.half
        g = h + 1
        # White's men go up (to lower bits): their jumps are the << terms
        up = ((opp << h) & (empty << (2 * h))) | ((opp << g) & (empty << (2 * g)))
        down = ((opp >> h) & (empty >> (2 * h))) | ((opp >> g) & (empty >> (2 * g)))
        if self.men_back:
            return men & (up | down)
        return men & (up if white else down)

    def capturers(self, om: int, ok: int, pm: int, pk: int, white: bool) -> int:
        """The mover's pieces (men and kings) that have at least one capture, as a bit mask:
        what a huff may take after a capture was skipped ("with фук")."""
        t = self.t
        opp = pm | pk
        empty = t.board & ~(om | ok | opp)
        found = self.capturing_men(om, opp, empty, white)
        kings = ok
        while kings:
            b = kings & -kings
            kings ^= b
            sq = b.bit_length() - 1
            if self.flying:
                for ray in t.rays[sq]:
                    i, n = 0, len(ray)
                    while i < n and (empty >> ray[i]) & 1:
                        i += 1
                    if i + 1 < n and (opp >> ray[i]) & 1 and (empty >> ray[i + 1]) & 1:
                        found |= b
                        break
            elif any((opp >> over) & 1 and (empty >> land) & 1
                     for over, land, _ in t.jumps[sq]):
                found |= b
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
        men = self.capturing_men(om, opp, empty, white)
        jumps = self.man_jumps[0 if white else 1]
        while men:
            b = men & -men
            men ^= b
            sq = b.bit_length() - 1
            found: list[tuple[tuple[int, ...], tuple[int, ...], int, bool]] = []
            self._man(sq, 0, (), (), opp, empty | b, promotion, found, jumps)
            out.extend((sq, *f) for f in found)
        kings = ok
        king = self._king if self.flying else self._short_king
        while kings:
            b = kings & -kings
            kings ^= b
            sq = b.bit_length() - 1
            found = []
            king(sq, 0, (), (), opp, empty | b, -1, False, found)
            out.extend((sq, *f) for f in found)
        if not out:
            return out
        if self.majority if majority is None else majority:
            most = max(len(c[2]) for c in out)
            out = [c for c in out if len(c[2]) == most]
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
                king = self._king if self.flying else self._short_king
                if not king(land, ncap, npath, ncaps, opp, empty, _REVERSE[d], True, out):
                    out.append((npath, ncaps, ncap, True))
            elif not self._man(land, ncap, npath, ncaps, opp, empty, promotion, out, jumps):
                out.append((npath, ncaps, ncap, bool((promotion >> land) & 1)))
        return found

    def _king(self, sq: int, cap: int, path: tuple[int, ...], caps: tuple[int, ...], opp: int,
              empty: int, forbid: int, promotes: bool,
              out: list[tuple[tuple[int, ...], tuple[int, ...], int, bool]]) -> bool:
        """Continue a king's capture from ``sq``; appends finished sequences, says if any."""
        found = False
        rays = self.t.rays[sq]
        for d in range(4):
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
        for over, land, d in self.t.jumps[sq]:
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

    # --- quiet moves -------------------------------------------------------------------
    def quiet(self, om: int, ok: int, pm: int, pk: int, white: bool, mirrored: bool = False
              ) -> list[tuple[int, int, bool]]:
        """Every non-capturing move as (start bit, end bit, promotes): men by direction, each
        direction from the top of the board down, then kings. ``mirrored`` lists them in the
        mirror image of that order (directions the other way round, from the bottom up), as
        the search asks for Black so that both colours' moves come in the same order."""
        t = self.t
        empty = t.board & ~(om | ok | pm | pk)
        out: list[tuple[int, int, bool]] = []
        promotion = t.white_promotion if white else t.black_promotion
        forward = _WHITE_FORWARD if white else _BLACK_FORWARD
        for d in (forward[::-1] if mirrored else forward):
            s = t.steps[d]
            targets = (om >> -s if s < 0 else om << s) & empty
            while targets:
                b = (1 << targets.bit_length() - 1) if mirrored else targets & -targets
                targets ^= b
                to = b.bit_length() - 1
                out.append((to - s, to, bool(promotion & b)))
        kings = ok
        while kings:
            b = (1 << kings.bit_length() - 1) if mirrored else kings & -kings
            kings ^= b
            sq = b.bit_length() - 1
            for ray in (t.rays[sq][::-1] if mirrored else t.rays[sq]):
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    out.append((sq, to, False))
                    if not self.flying:
                        break
        return out

    def count_quiet(self, om: int, ok: int, pm: int, pk: int, white: bool) -> int:
        """How many non-capturing moves there are, by popcount (no move is built)."""
        t = self.t
        empty = t.board & ~(om | ok | pm | pk)
        h = t.half
        if white:
            total = ((om >> h) & empty).bit_count() + ((om >> (h + 1)) & empty).bit_count()
        else:
            total = ((om << h) & empty).bit_count() + ((om << (h + 1)) & empty).bit_count()
        if ok and not self.flying:
            for s in t.steps:
                total += ((ok >> -s if s < 0 else ok << s) & empty).bit_count()
        elif ok:
            # flood each direction; two kings' rays on one line never overlap (the nearer
            # king blocks the farther one), so the popcounts add up to the move count
            for s in t.steps:
                x = ok
                if s < 0:
                    while x:
                        x = (x >> -s) & empty
                        total += x.bit_count()
                else:
                    while x:
                        x = (x << s) & empty
                        total += x.bit_count()
        return total

    # --- counting -----------------------------------------------------------------------
    def perft(self, om: int, ok: int, pm: int, pk: int, white: bool, depth: int) -> int:
        """Leaf nodes ``depth`` plies below this position (bulk-counted at the last ply)."""
        caps = self.captures(om, ok, pm, pk, white)
        if caps:
            if depth == 1:
                return len(caps)
            total = 0
            for start, path, _, capmask, promotes in caps:
                fb = 1 << start
                tb = 1 << path[-1]
                if om & fb:
                    if promotes:
                        total += self.perft(pm & ~capmask, pk & ~capmask, om ^ fb, ok | tb,
                                            not white, depth - 1)
                    else:
                        total += self.perft(pm & ~capmask, pk & ~capmask, (om ^ fb) | tb, ok,
                                            not white, depth - 1)
                else:
                    total += self.perft(pm & ~capmask, pk & ~capmask, om, (ok ^ fb) | tb,
                                        not white, depth - 1)
            return total
        if depth == 1:
            return self.count_quiet(om, ok, pm, pk, white)
        t = self.t
        total = 0
        empty = t.board & ~(om | ok | pm | pk)
        promotion = t.white_promotion if white else t.black_promotion
        nw = not white
        d1 = depth - 1
        for d in (_WHITE_FORWARD if white else _BLACK_FORWARD):
            s = t.steps[d]
            targets = (om >> -s if s < 0 else om << s) & empty
            while targets:
                tb = targets & -targets
                targets ^= tb
                fb = tb >> s if s > 0 else tb << -s
                if promotion & tb:
                    total += self.perft(pm, pk, om ^ fb, ok | tb, nw, d1)
                else:
                    total += self.perft(pm, pk, om ^ fb ^ tb, ok, nw, d1)
        kings = ok
        while kings:
            fb = kings & -kings
            kings ^= fb
            rest = ok ^ fb
            for ray in t.rays[fb.bit_length() - 1]:
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    total += self.perft(pm, pk, om, rest | (1 << to), nw, d1)
                    if not self.flying:
                        break
        return total
