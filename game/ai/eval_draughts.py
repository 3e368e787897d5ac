"""Evaluation of diagonal draughts positions (International 10x10, Russian 8x8) on bitboards.

Every term is a method of :class:`DraughtsEval` that scores the position from White's side
(positive is good for White), so each can be tested alone; :meth:`DraughtsEval.evaluate`
adds them up with the weights of :class:`Weights`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.rules.draughts import Tables
from game.rules.movegen import popcount


# what a free man is worth by the rows it still has to go (index 0: it is crowned already)
_RUNAWAY: Final = (0, 150, 110, 80, 55, 35, 20, 12, 8, 5, 3)


@dataclass(frozen=True, slots=True)
class Weights:
    man: int = 100
    king: int = 300
    tempo: int = 2  # per row a man has advanced (development)
    centre: int = 6
    outpost: int = 8
    back_rank: int = 7  # per man guarding the back row while the opponent has no king
    balance: int = 3  # per man of difference between the left and right wings
    runaway: int = 1  # times the table _RUNAWAY: a man with a free road to the crown
    king_mobility: int = 2
    main_road: int = 25  # a king holding the long diagonal in a king ending
    mobility: int = 0  # per quiet step a man could make (a side short of moves is squeezed)


class DraughtsEval:
    """Static evaluation for one board size (the masks are built once per size)."""

    def __init__(self, tables: Tables, weights: Weights) -> None:
        self.t = tables
        self.w = weights
        size = tables.size
        self.size = size
        rows = [0] * size
        columns = [0] * size
        for bit, coord in enumerate(tables.coord_of):
            if coord is None:
                continue
            c, r = coord
            rows[r] |= 1 << bit
            columns[c] |= 1 << bit
        self.rows = tuple(rows)
        self.left = sum(columns[: size // 2])
        self.right = sum(columns[size // 2:])
        # the four (8x8: two) middle columns on the middle rows
        lo, hi = (3, 6) if size == 10 else (2, 5)
        mid_rows = range(size // 2 - 2, size // 2 + 2)
        self.centre_mask = sum(1 << b for b, co in enumerate(tables.coord_of)
                               if co is not None and lo <= co[0] <= hi and co[1] in mid_rows)
        self.white_half = sum(rows[size // 2:])  # rows on Black's side, where White's outposts are
        self.black_half = sum(rows[: size // 2])
        self.white_back = rows[0]
        self.black_back = rows[size - 1]
        # forward cones: every square a man could still reach on its way to the crown
        nbits = len(tables.coord_of)
        wcone = [0] * nbits
        bcone = [0] * nbits
        for b, co in enumerate(tables.coord_of):
            if co is None:
                continue
            c, r = co
            for b2, co2 in enumerate(tables.coord_of):
                if co2 is None:
                    continue
                c2, r2 = co2
                if r2 > r and abs(c2 - c) <= r2 - r:
                    wcone[b] |= 1 << b2
                if r2 < r and abs(c2 - c) <= r - r2:
                    bcone[b] |= 1 << b2
        self.white_cone = tuple(wcone)
        self.black_cone = tuple(bcone)
        self.row_of = tuple(-1 if co is None else co[1] for co in tables.coord_of)
        # tempo as a sum of popcounts over bit-sliced row masks: row r = sum of 2**k
        top = size - 1
        self.white_slices = tuple(
            (1 << k, sum(rows[r] for r in range(size) if (r >> k) & 1)) for k in range(4))
        self.black_slices = tuple(
            (1 << k, sum(rows[r] for r in range(size) if ((top - r) >> k) & 1)) for k in range(4))
        # men this near the crown are looked at as runaways (the rest are worth little)
        self.white_run_zone = sum(rows[r] for r in range(size) if top - r <= 5)
        self.black_run_zone = sum(rows[r] for r in range(size) if r <= 5)

    # --- the terms (White's point of view) ---------------------------------------------
    def material(self, wm: int, wk: int, bm: int, bk: int) -> int:
        w = self.w
        return (w.man * (popcount(wm) - popcount(bm))
                + w.king * (popcount(wk) - popcount(bk)))

    def tempo(self, wm: int, bm: int) -> int:
        """Rows advanced by White's men minus rows advanced by Black's."""
        total = 0
        for weight, mask in self.white_slices:
            total += weight * popcount(wm & mask)
        for weight, mask in self.black_slices:
            total -= weight * popcount(bm & mask)
        return total

    def centre(self, wm: int, bm: int) -> int:
        return popcount(wm & self.centre_mask) - popcount(bm & self.centre_mask)

    def outposts(self, wm: int, bm: int) -> int:
        """Men in the opponent's half backed by two men behind them."""
        h = self.t.half
        # White is backed from below (higher bits), Black from above (lower bits)
        w_backed = wm & (wm >> h) & (wm >> (h + 1)) & self.white_half
        b_backed = bm & (bm << h) & (bm << (h + 1)) & self.black_half
        return popcount(w_backed) - popcount(b_backed)

    def back_rank(self, wm: int, wk: int, bm: int, bk: int) -> int:
        """Men still guarding the crowning row, while the other side has no king yet."""
        score = 0
        if not bk and bm:
            score += popcount(wm & self.white_back)
        if not wk and wm:
            score -= popcount(bm & self.black_back)
        return score

    def balance(self, wm: int, bm: int) -> int:
        """How evenly each side's men stand on the two wings (a lop-sided side is worse)."""
        wl, wr = popcount(wm & self.left), popcount(wm & self.right)
        bl, br = popcount(bm & self.left), popcount(bm & self.right)
        return abs(bl - br) - abs(wl - wr)

    def mobility(self, wm: int, bm: int, empty: int) -> int:
        """Quiet steps White's men could make minus Black's (kings not counted)."""
        h = self.t.half
        return (popcount((wm >> h) & empty) + popcount((wm >> (h + 1)) & empty)
                - popcount((bm << h) & empty) - popcount((bm << (h + 1)) & empty))

    def runaways(self, wm: int, wk: int, bm: int, bk: int) -> int:
        """Men whose way to the crown is free of enemy pieces, worth more the nearer they are.

        A runaway counts while the other side has no king to catch it."""
        score = 0
        top = self.size - 1
        bonus = _RUNAWAY
        if not bk:
            black = bm
            x = wm & self.white_run_zone
            while x:
                b = x & -x
                x ^= b
                sq = b.bit_length() - 1
                if not self.white_cone[sq] & black:
                    score += bonus[top - self.row_of[sq]]
        if not wk:
            white = wm
            x = bm & self.black_run_zone
            while x:
                b = x & -x
                x ^= b
                sq = b.bit_length() - 1
                if not self.black_cone[sq] & white:
                    score -= bonus[self.row_of[sq]]
        return score

    def king_mobility(self, wm: int, wk: int, bm: int, bk: int) -> int:
        """Squares the kings can move to (flooded along the diagonals)."""
        if not wk and not bk:
            return 0
        empty = self.t.board & ~(wm | wk | bm | bk)
        return self._flood(wk, empty) - self._flood(bk, empty)

    def _flood(self, kings: int, empty: int) -> int:
        total = 0
        for s in self.t.steps:
            x = kings
            if s < 0:
                while x:
                    x = (x >> -s) & empty
                    total += popcount(x)
            else:
                while x:
                    x = (x << s) & empty
                    total += popcount(x)
        return total

    def main_road(self, wm: int, wk: int, bm: int, bk: int) -> int:
        """A king on the long diagonal, which matters once the men are nearly gone."""
        road = self.t.main_road
        return (1 if wk & road else 0) - (1 if bk & road else 0)

    # --- the sum -------------------------------------------------------------------------
    def evaluate(self, wm: int, wk: int, bm: int, bk: int) -> int:
        w = self.w
        score = self.material(wm, wk, bm, bk)
        men = popcount(wm | bm)
        if men:
            score += (w.tempo * self.tempo(wm, bm) + w.centre * self.centre(wm, bm)
                      + w.outpost * self.outposts(wm, bm)
                      + w.back_rank * self.back_rank(wm, wk, bm, bk)
                      + w.balance * self.balance(wm, bm)
                      + w.runaway * self.runaways(wm, wk, bm, bk))
            if w.mobility:
                score += w.mobility * self.mobility(
                    wm, bm, self.t.board & ~(wm | wk | bm | bk))
        if wk or bk:
            score += w.king_mobility * self.king_mobility(wm, wk, bm, bk)
            if men <= 4:
                score += w.main_road * self.main_road(wm, wk, bm, bk)
        return score


INTERNATIONAL_WEIGHTS = Weights()
RUSSIAN_WEIGHTS = Weights(king=250)
