"""The learned evaluation of the draughts games: the hand-made terms of
:class:`~game.ai.eval_draughts.DraughtsEval` with fitted weights, plus local patterns.

Each term's weight may slide with the number of pieces on the board, from its weight with
every piece there to its weight with none (version 2 of the file: a pair per term).

A pattern is a window of squares whose contents (empty, White man, Black man: 3**k states
for k squares) index a table of weights. Two shapes of window:

- ``diamond``: four squares, a square and the three in front of it as White looks at the
  board ``(c, r), (c-1, r+1), (c+1, r+1), (c, r+2)``, at every place it fits;
- ``block``: a region of four columns by four rows (its eight dark squares, 3**8 = 6561
  states), at every second column and row, so that neighbouring regions overlap by half:
  the shape of a formation (a lock, an outpost with its supports, a hole) is seen whole.

A window turned round with the colours swapped is the same pattern for Black, so the two
share one table with the sign changed, and the evaluation is the same for both sides. Kings
are left out of the patterns (they have terms of their own). A weights file names its shapes
(version 3; versions 1 and 2 hold diamonds). A pattern's weight may slide with the number of
pieces on the board as a base term's does (version 4: a second set of tables, the weights
with no piece there): a formation that holds the centre in the opening is not worth what it
is worth in a thinned-out ending.

The weights are fitted by ``tools/fit_eval.py`` to self-play games and shipped per game in
``assets/eval/<game>.json``; they are read when a search first needs them. Evaluating every
window one by one would double the evaluation's cost, so the windows are summed a band of
four rows at a time and each band's sum is remembered by the band's contents: the men of a
band change seldom, and most lookups find the sum already there. The tables are kept as
ints, in sixteenths, so the sum is the same in any order (see :meth:`LearnedEval._bands`).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass

from game.ai.data import read_data
from game.ai.eval_draughts import DraughtsEval, Weights
from game.ai.options import ENGINE, lasting_cache
from game.rules.draughts import Tables
from game.rules.movegen import popcount

FORMAT = "shashki-eval"
#: 4: a second set of pattern tables may give their weights on the empty board; 3: the file
#: names its window shapes; 2: each base weight is a pair (full board, empty board); 1: one
#: number
VERSION = 4
SHAPES = ("diamond", "block")
#: the base terms, in the order of the weights file (each is a DraughtsEval method)
BASE_TERMS = ("man", "king", "tempo", "centre", "outpost", "back_rank", "balance", "runaway",
              "king_mobility", "main_road")


def windows(tables: Tables, shape: str) -> list[tuple[int, ...]]:
    """Every window of a shape on the board, each as its bits (see the module's docstring)."""
    by_coord = {co: b for b, co in enumerate(tables.coord_of) if co is not None}
    out: list[tuple[int, ...]] = []
    if shape == "diamond":  # as four bits: top, left, right, bottom (White's view)
        for (c, r), top in sorted(by_coord.items(), key=lambda item: (item[0][1], item[0][0])):
            cells = ((c - 1, r + 1), (c + 1, r + 1), (c, r + 2))
            if all(cell in by_coord for cell in cells):
                out.append((top, *(by_coord[cell] for cell in cells)))
    elif shape == "block":
        side = tables.size
        for r in range(0, side - 3, 2):
            for c in range(0, side - 3, 2):
                out.append(tuple(by_coord[(cc, rr)] for rr in range(r, r + 4)
                                 for cc in range(c, c + 4) if (cc, rr) in by_coord))
    else:
        raise ValueError(f"unknown pattern shape {shape!r}")
    return out


def pattern_groups(tables: Tables, shapes: tuple[str, ...] = ("diamond",)
                   ) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The windows paired with their turned-round twins: (window, twin) per shared table,
    shape after shape.

    The twin's squares are listed in the order that matches the window's as seen by Black
    (its first square is the turned-round first square), so one state number means the same
    shape for both. A window that is its own twin (the middle region) keeps one table."""
    from game.ai.endgame import rotation
    rot = rotation(tables)
    groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for shape in shapes:
        seen: set[frozenset[int]] = set()
        for d in windows(tables, shape):
            if frozenset(d) in seen:
                continue  # the twin of a window already taken
            twin = tuple(rot[b] for b in d)
            seen.add(frozenset(d))
            seen.add(frozenset(twin))
            groups.append((d, twin))
    return groups


def state(bits: tuple[int, ...], mine: int, theirs: int) -> int:
    """The state number of a window: base 3, 1 for a man of ``mine``, 2 for ``theirs``."""
    s = 0
    for b in reversed(bits):
        s = s * 3 + (1 if (mine >> b) & 1 else 2 if (theirs >> b) & 1 else 0)
    return s


@dataclass(frozen=True)
class LearnedWeights:
    """What a weights file holds: the base terms' weights and one table per pattern group.

    A base term's weight slides with the number of pieces on the board: ``base`` with every
    piece still there, ``base_end`` with none (what a term is worth changes as the game goes:
    an advanced man is a weakness in the opening and a near-king in the ending)."""

    base: dict[str, float]
    patterns: tuple[tuple[float, ...], ...]
    base_end: dict[str, float] | None = None  # None: the same as ``base``
    shapes: tuple[str, ...] = ("diamond",)  # the pattern windows' shapes, in table order
    #: the tables' weights on the empty board (a pattern's weight slides between the two as
    #: a base term's does); None: ``patterns`` whatever is on the board
    patterns_end: tuple[tuple[float, ...], ...] | None = None


def load_weights(raw: bytes, tables: Tables, name: str = "weights") -> LearnedWeights:
    """The weights in a file's bytes, checked against the board."""
    data = json.loads(raw.decode("utf-8"))
    version = data.get("version")
    if data.get("format") != FORMAT or version not in (1, 2, 3, VERSION):
        raise ValueError(f"{name}: not a version 1-{VERSION} evaluation file")
    if data.get("size") != tables.size:
        raise ValueError(f"{name}: made for a {data.get('size')}-square board")
    if version == 1:
        base = {term: float(data["base"][term]) for term in BASE_TERMS}
        base_end = dict(base)
    else:
        pairs = {term: data["base"][term] for term in BASE_TERMS}
        if any(not isinstance(v, list) or len(v) != 2 for v in pairs.values()):
            raise ValueError(f"{name}: a base weight is not a pair")
        base = {term: float(v[0]) for term, v in pairs.items()}
        base_end = {term: float(v[1]) for term, v in pairs.items()}
    if not all(math.isfinite(x) for x in (*base.values(), *base_end.values())):
        raise ValueError(f"{name}: a base weight is not a number")
    shapes: tuple[str, ...] = ("diamond",)
    if version >= 3:
        listed = data.get("shapes")
        if not isinstance(listed, list) or not listed or \
                any(shape not in SHAPES for shape in listed) or len(set(listed)) != len(listed):
            raise ValueError(f"{name}: the pattern shapes are not a list of {SHAPES}")
        shapes = tuple(listed)
    groups = pattern_groups(tables, shapes)

    def fitting(listed: object) -> tuple[tuple[float, ...], ...]:
        if not isinstance(listed, list):
            raise ValueError(f"{name}: the pattern tables are not a list")
        out = tuple(tuple(float(x) for x in table) for table in listed)
        if not all(math.isfinite(x) for table in out for x in table):
            raise ValueError(f"{name}: a pattern weight is not a number")
        if len(out) != len(groups) or \
                any(len(p) != 3 ** len(d) for p, (d, _) in zip(out, groups)):
            raise ValueError(f"{name}: the pattern tables do not fit this board")
        return out
    patterns = fitting(data["patterns"])
    ends = data.get("patterns_end") if version >= 4 else None
    return LearnedWeights(base, patterns, base_end, shapes,
                          None if ends is None else fitting(ends))


def full_board(tables: Tables) -> int:
    """The pieces on the board at the start (both sides)."""
    half = tables.size // 2
    return 2 * half * (half - 1)


def base_features(ev: DraughtsEval, wm: int, wk: int, bm: int, bk: int) -> list[float]:
    """The base terms of a position (White's view), gated as the evaluation gates them."""
    men = popcount(wm | bm)
    kings = wk or bk
    f = [float(popcount(wm) - popcount(bm)), float(popcount(wk) - popcount(bk))]
    if men:
        f += [ev.tempo(wm, bm), ev.centre(wm, bm), ev.outposts(wm, bm),
              ev.back_rank(wm, wk, bm, bk), ev.balance(wm, bm), ev.runaways(wm, wk, bm, bk)]
    else:
        f += [0.0] * 6
    f.append(ev.king_mobility(wm, wk, bm, bk) if kings else 0.0)
    f.append(ev.main_road(wm, wk, bm, bk) if kings and men <= 4 else 0.0)
    return [float(x) for x in f]


#: a sliding pattern weight is kept as one int, its full board's sixteenths times 2**24 plus
#: its empty board's (see :meth:`LearnedEval._bands`)
SHIFT = 24
HALF = 1 << (SHIFT - 1)
LOW = (1 << SHIFT) - 1


class Band:
    """One band of the pattern windows (two rows of their tops): the squares it covers,
    where its cache key begins and how wide each side's half is, its windows and the cache of
    its values. (An object whose fields the compiled code reads without unboxing them, where
    a tuple's ints would be unboxed at every evaluation.)"""

    def __init__(self, mask: int, low: int, span: int,
                 items: list[tuple[tuple[int, ...], tuple[int, ...], int]],
                 memo: dict[object, int]) -> None:
        self.mask = mask
        self.low = low
        self.span = span
        self.items = items
        self.memo = memo


class LearnedEval(DraughtsEval):
    """The evaluation with fitted weights (see the module's docstring)."""

    def __init__(self, tables: Tables, learned: LearnedWeights) -> None:
        super().__init__(tables, Weights())
        self.learned = learned
        b = learned.base
        e = learned.base_end if learned.base_end is not None else b
        # the weights with n pieces on the board, for every n up to the board's squares: a
        # term's weight slides from its weight on the empty board by the same step a piece
        full = full_board(tables)
        end = [e[name] for name in BASE_TERMS]
        step = [(b[name] - e[name]) / full for name in BASE_TERMS]
        self.nbits = len(tables.coord_of)
        self.by_count = tuple(tuple(end[i] + n * step[i] for i in range(len(BASE_TERMS)))
                              for n in range(self.nbits + 1))
        self.full = float(full)
        self.sliding = learned.patterns_end is not None
        self.band_keys = self._bands(pattern_groups(tables, learned.shapes), learned)

    def _bands(self, groups: list[tuple[tuple[int, ...], tuple[int, ...]]],
               learned: LearnedWeights) -> list[Band]:
        """The windows by their first row, two first rows a band (four rows: the diamonds
        starting in either, the regions starting in the first).

        The tables are kept in sixteenths, as ints: the windows' sum is then the same in any
        order, and a position turned round scores exactly the opposite. A sliding weight (the
        file gives the empty board's tables too) is one int that holds both, the full board's
        sixteenths times 2**SHIFT plus the empty board's. Sums of such ints are the two sums
        held the same way, so a band still costs one lookup, and its sum is split in two once
        per evaluation (:meth:`patterns`)."""
        row = self.row_of
        ends = learned.patterns_end if learned.patterns_end is not None else learned.patterns
        bands: dict[int, list[tuple[tuple[int, ...], tuple[int, ...], int]]] = {}
        bound = 0
        for (d, twin), fitted, fitted_end in zip(groups, learned.patterns, ends):
            if not any(fitted) and not any(fitted_end):
                continue  # a table of zeros adds nothing (a fit of the base terms alone)
            sixteenths = [round(x * 16) for x in fitted]
            if self.sliding:
                end16 = [round(x * 16) for x in fitted_end]
                table = tuple(f * (1 << SHIFT) + e for f, e in zip(sixteenths, end16))
                bound += 2 * max(abs(x) for x in end16)  # the window and its twin
            else:
                table = tuple(sixteenths)
            bands.setdefault(min(row[b] for b in d) // 2, []).append((d, table, 1))
            bands.setdefault(min(row[b] for b in twin) // 2, []).append((twin, table, -1))
        if bound >= HALF:
            raise ValueError("the empty board's pattern weights are too large to be kept")
        out: list[Band] = []
        for key in sorted(bands):
            items = bands[key]
            mask = 0
            for bits, _, _ in items:
                for bit in bits:
                    mask |= 1 << bit
            # a band's cache key: its men of each side, shifted down to the band's first bit
            # and side by side, so that the key stays below 2**62 (an unboxed int compiled)
            low = (mask & -mask).bit_length() - 1
            span = mask.bit_length() - low
            assert 2 * span <= 62, "a pattern band spans too many squares for its key"
            out.append(Band(mask, low, span, items, lasting_cache({})))
        return out

    def _band(self, items: list[tuple[tuple[int, ...], tuple[int, ...], int]], wm: int,
              bm: int) -> int:
        total = 0
        for bits, table, sign in items:
            if sign > 0:
                total += table[state(bits, wm, bm)]
            else:
                total -= table[state(bits, bm, wm)]
        return total

    def patterns(self, wm: int, bm: int, pieces: int) -> float:
        """The patterns' part of the score (White's view) with ``pieces`` on the board."""
        total = 0
        for band in self.band_keys:
            mask = band.mask
            low = band.low
            key: object = (wm & mask) >> low | ((bm & mask) >> low) << band.span  # boxed once
            memo = band.memo
            value = memo.get(key)
            if value is None:
                if len(memo) >= ENGINE.cache_entries:
                    memo.clear()
                value = memo[key] = self._band(band.items, wm & mask, bm & mask)
            total += value
        if not self.sliding:
            return total / 16
        end = ((total + HALF) & LOW) - HALF
        full = (total - end) >> SHIFT
        # the weight slides as a base term's does (the same float steps for a position and
        # its turned-round twin, so that the two still score exactly the opposite)
        return (end + pieces * (full - end) / self.full) / 16

    def evaluate(self, wm: int, wk: int, bm: int, bk: int) -> int:
        pieces = popcount(wm | wk | bm | bk)
        w = self.by_count[pieces]
        score = (w[0] * (popcount(wm) - popcount(bm))
                 + w[1] * (popcount(wk) - popcount(bk)))
        men = popcount(wm | bm)
        if men:
            score += (w[2] * self.tempo(wm, bm) + w[3] * self.centre(wm, bm)
                      + w[4] * self.outposts(wm, bm) + w[5] * self.back_rank(wm, wk, bm, bk)
                      + w[6] * self.balance(wm, bm) + w[7] * self.runaways(wm, wk, bm, bk))
            if self.band_keys:
                score += self.patterns(wm, bm, pieces)
        if wk or bk:
            score += w[8] * self.king_mobility(wm, wk, bm, bk)
            if men <= 4:
                score += w[9] * self.main_road(wm, wk, bm, bk)
        return int(round(score))


def file_name(game: str) -> str:
    """The weights file of a game, in the assets' ``eval`` folder."""
    return f"{game}.json"


_LOADED: dict[tuple[str, int], LearnedEval | None] = {}


def learned_eval(game: str, tables: Tables) -> LearnedEval | None:
    """The learned evaluation of a game (by name), built on first use; None when the game
    has no weights file or it cannot be read (the hand-made weights are used then)."""
    key = (game, id(tables))
    if key not in _LOADED:
        ev: LearnedEval | None = None
        try:
            raw = read_data("eval", file_name(game))
            if raw is not None:
                ev = LearnedEval(tables, load_weights(raw, tables, file_name(game)))
        except (OSError, ValueError, KeyError, TypeError):
            ev = None
        _LOADED[key] = ev
    return _LOADED[key]
