"""The search's view of an Apokachi game, and its evaluation.

The board keeps the two sides as bit masks with an incremental Zobrist key and generates its
own moves on them (three to four times faster than going through the rules' ``push``/``pop``; a
test holds it to the rules' generator). Every end is decided by counting, so an end reached in
the search (the move limit, a side left with nothing) scores as a win, draw or loss by the
count.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai.options import ENGINE
from game.ai.search import WIN
from game.rules.core import Color, Game, Move



@dataclass(frozen=True, slots=True)
class ApokachiWeights:
    piece: int = 100
    pair: int = 8  # two own pieces side by side on a line
    exposed: int = 14  # a lone piece with an enemy next to it (food for "two against one")
    mobility: int = 2
    advance: int = 3  # times r(r+1)/2 for a piece r rows forward: captures need contact
    # the side to move facing a threat (a piece of its own the opponent could take with its
    # next move) must spend its move on it; facing two or more it usually loses a piece
    threat: int = 25
    double_threat: int = 60  # each threatened piece after the first
    immune: int = 6  # a piece with a friend beside it on its row and on its column
    pressure: int = 5  # own pieces near enemy pieces that can be taken (see ``pressure``)
    march: int = 6  # per row a piece has come forward (besides ``advance``)
    pair_in_contact: bool = True  # count ``pair`` only within two steps of the enemy
    # the count decides at the move limit: each piece of the lead is worth this much more
    # by the last move (so a lead is kept and increased rather than risked)
    convert: int = 60


#: the evaluation before threats, immune pieces and the move limit were looked at
CLASSIC_WEIGHTS = ApokachiWeights(threat=0, double_threat=0, immune=0, pressure=0,
                                 march=0, convert=0, pair_in_contact=False)


class ApokachiEval:
    """Terms on the bit masks of an n x n point board (point = row * n + column)."""

    def __init__(self, n: int, weights: ApokachiWeights) -> None:
        self.n = n
        self.w = weights
        self.full = (1 << (n * n)) - 1
        first = sum(1 << (r * n) for r in range(n))
        self.not_first = self.full ^ first
        self.not_last = self.full ^ (first << (n - 1))
        rows = [((1 << n) - 1) << (r * n) for r in range(n)]
        # a piece r rows forward is worth advance * r(r+1)/2: a spearhead reaches the enemy
        # sooner than a wall moved up row by row; and march * r, so the pieces left at home
        # come too (with the spearheads alone, level 8 took one or two pieces of a random
        # mover in thirty moves). Summed over bit-sliced row masks (value = sum of 2**k)
        value = [weights.advance * r * (r + 1) // 2 + weights.march * r for r in range(n)]
        bits = max(value).bit_length()
        self.white_slices = tuple((1 << k, sum(rows[r] for r in range(n) if (value[r] >> k) & 1))
                                  for k in range(bits))
        self.black_slices = tuple(
            (1 << k, sum(rows[r] for r in range(n) if (value[n - 1 - r] >> k) & 1))
            for k in range(bits))

    def neighbours(self, m: int) -> int:
        """Every point orthogonally next to a point of ``m``."""
        n = self.n
        return (((m & self.not_last) << 1) | ((m & self.not_first) >> 1) | (m << n)
                | (m >> n)) & self.full

    # --- one step along a line, as bit masks (nothing wraps round an edge) --------------
    def east(self, m: int) -> int:
        return (m & self.not_last) << 1

    def west(self, m: int) -> int:
        return (m & self.not_first) >> 1

    def north(self, m: int) -> int:
        return (m << self.n) & self.full

    def south(self, m: int) -> int:
        return m >> self.n

    def victims(self, own: int, enemy: int) -> int:
        """The enemy pieces ``own`` could take with one move ("two against one" formed by
        the move): a piece steps in next to a friend so that the two stand against a single
        enemy piece on the line. Runs longer than two are not looked at."""
        n, full, nl, nf = self.n, self.full, self.not_last, self.not_first
        empty = full & ~(own | enemy)
        eo, wo = (own & nl) << 1, (own & nf) >> 1  # points east / west of an own piece
        no, so = (own << n) & full, own >> n  # north / south
        vertical, horizontal = no | so, eo | wo
        found = 0
        # east: the victim east of the run; its east neighbour must not be one of its own
        single = enemy & ~((enemy & nf) >> 1)
        near = (single & nf) >> 1
        y = near & empty & eo & vertical  # a piece steps in beside a friend
        x = (((near & own) & nf) >> 1) & empty & (eo | vertical)  # or in behind the friend
        found |= ((y & nl) << 1) | ((((x & nl) << 1) & nl) << 1)
        # west
        single = enemy & ~((enemy & nl) << 1)
        near = (single & nl) << 1
        y = near & empty & wo & vertical
        x = (((near & own) & nl) << 1) & empty & (wo | vertical)
        found |= ((y & nf) >> 1) | ((((x & nf) >> 1) & nf) >> 1)
        # north (towards higher rows)
        single = enemy & ~(enemy >> n)
        near = single >> n
        y = near & empty & no & horizontal
        x = ((near & own) >> n) & empty & (no | horizontal)
        found |= ((y << n) | (x << (2 * n))) & full
        # south
        single = enemy & ~((enemy << n) & full)
        near = (single << n) & full
        y = near & empty & so & horizontal
        x = ((near & own) << n) & full & empty & (so | horizontal)
        found |= (y >> n) | (x >> (2 * n))
        return found

    def immune(self, m: int, enemy: int) -> int:
        """Pieces in contact with the enemy (two steps at most) that cannot be taken while
        their friends stay: one beside them on their row and one on their column (the far
        side of each line is then their own). A block at home is not counted: it does not
        take part in the fight."""
        row = m & (self.east(m) | self.west(m))
        column = m & (self.north(m) | self.south(m))
        near = self.neighbours(enemy)
        near |= self.neighbours(near)
        return (row & column & near).bit_count()

    def contact(self, m: int) -> int:
        """The points within two steps of a piece of ``m``."""
        near = self.neighbours(m)
        return near | self.neighbours(near)

    def pressure(self, m: int, enemy: int) -> int:
        """How closely ``m`` presses the enemy pieces that can be taken (no friend beside
        them on their row, or none on their column): each such piece counts once for every
        piece of ``m`` within two steps and twice for one next to it. This is what draws
        the pieces into "two against one" against a side that leaves its pieces alone."""
        row = enemy & (self.east(enemy) | self.west(enemy))
        column = enemy & (self.north(enemy) | self.south(enemy))
        weak = enemy & ~(row & column)
        if not weak:
            return 0
        near1 = self.neighbours(m)
        near2 = near1 | self.neighbours(near1)
        return 2 * (weak & near1).bit_count() + (weak & near2).bit_count()

    def pairs(self, m: int) -> int:
        """Adjacent own pairs along rows and columns."""
        return (m & ((m & self.not_last) << 1)).bit_count() + (m & (m << self.n)).bit_count()

    def exposed(self, m: int, enemy: int) -> int:
        """Pieces with no friend beside them and an enemy already beside them."""
        lone = m & ~self.neighbours(m)
        return (lone & self.neighbours(enemy)).bit_count()

    def mobility(self, m: int, empty: int) -> int:
        n = self.n
        return ((((m & self.not_last) << 1) & empty).bit_count()
                + (((m & self.not_first) >> 1) & empty).bit_count()
                + ((m << n) & empty).bit_count() + ((m >> n) & empty).bit_count())

    def advance(self, white: int, black: int) -> int:
        """How far White's pieces have come forward, less Black's, weighted (see
        ``white_slices``)."""
        total = 0
        for weight, mask in self.white_slices:
            total += weight * (white & mask).bit_count()
        for weight, mask in self.black_slices:
            total -= weight * (black & mask).bit_count()
        return total

    def positional(self, white: int, black: int) -> int:
        w = self.w
        empty = self.full & ~(white | black)
        if w.pair_in_contact:
            # a pair matters where it fights: side by side at home it only keeps pieces home
            wp = self.pairs(white & self.contact(black))
            bp = self.pairs(black & self.contact(white))
        else:
            wp, bp = self.pairs(white), self.pairs(black)
        return (w.pair * (wp - bp)
                - w.exposed * (self.exposed(white, black) - self.exposed(black, white))
                + w.mobility * (self.mobility(white, empty) - self.mobility(black, empty))
                + self.advance(white, black)
                + w.immune * (self.immune(white, black) - self.immune(black, white))
                + w.pressure * (self.pressure(white, black) - self.pressure(black, white)))

    def evaluate(self, white: int, black: int) -> int:
        """White's score.

        The positional terms keep their full weight up to the end: an end within the search's
        reach is scored by the count itself, and before it they are what brings the pieces
        into contact (faded out near the end, level 8 drew against a random mover that stayed
        at home)."""
        material = self.w.piece * (white.bit_count() - black.bit_count())
        return material + self.positional(white, black)


_ZOBRIST: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {}


def _zobrist(points: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    keys = _ZOBRIST.get(points)
    if keys is None:
        rng = random.Random(7001 + points)
        keys = (tuple(rng.getrandbits(64) for _ in range(points)),
                tuple(rng.getrandbits(64) for _ in range(points)), rng.getrandbits(64))
        _ZOBRIST[points] = keys
    return keys


class StepTables:
    """The steps and lines of an n x n point board, for generating moves on bit masks."""

    def __init__(self, n: int) -> None:
        self.steps: list[tuple[int, ...]] = []  # the orthogonal neighbours, ascending
        self.near: list[int] = []  # the same as a bit mask
        self.cross: list[int] = []  # every point on the row and the column through a point
        # the two halves of the row and of the column through a point, nearest first:
        # ((toward column a, toward the last column), (toward row 1, toward row n))
        self.lines: list[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = []
        for p in range(n * n):
            row, column = divmod(p, n)
            steps = tuple(q for q, ok in ((p - n, row > 0), (p - 1, column > 0),
                                          (p + 1, column < n - 1), (p + n, row < n - 1)) if ok)
            self.steps.append(steps)
            self.near.append(sum(1 << q for q in steps))
            self.cross.append(sum(1 << (row * n + c) for c in range(n))
                              | sum(1 << (r * n + column) for r in range(n)))
            self.lines.append((
                (tuple(row * n + c for c in range(column - 1, -1, -1)),
                 tuple(row * n + c for c in range(column + 1, n))),
                (tuple(r * n + column for r in range(row - 1, -1, -1)),
                 tuple(r * n + column for r in range(row + 1, n))),
            ))


_STEPS: dict[int, StepTables] = {}


def step_tables(n: int) -> StepTables:
    tables = _STEPS.get(n)
    if tables is None:
        tables = _STEPS[n] = StepTables(n)
    return tables


def captured_by(tables: StepTables, mine: int, enemy: int, end: int) -> tuple[int, ...]:
    """The points captured when a piece of ``mine`` (the position after the move, the moved
    piece at ``end`` included) has just arrived at ``end``: "two against one" along the row
    and the column, in the order the rules list them."""
    found: list[int] = []
    for near, far in tables.lines[end]:
        i = 0
        for q in near:
            if not (mine >> q) & 1:
                break
            i += 1
        j = 0
        for q in far:
            if not (mine >> q) & 1:
                break
            j += 1
        if i + j:  # the run through the moved piece has at least two pieces
            for k, ray in ((i, near), (j, far)):
                if k < len(ray) and (enemy >> ray[k]) & 1 and (
                        k + 1 == len(ray) or not (enemy >> ray[k + 1]) & 1):
                    found.append(ray[k])
    return tuple(found)


class ApokachiBoard:
    """An Apokachi position for the search (see :class:`game.ai.search.SearchBoard`).

    Moves are generated on the two sides' bit masks (a raw move is ``(start, end,
    captured)``); a capture is looked for only where the moved piece arrives beside a friend,
    since "two against one" needs a run of two. The rules' own generator is the reference
    the tests compare this one with.
    """

    def __init__(self, game: Game, weights: ApokachiWeights | None = None) -> None:
        n = game.geometry.columns
        self.n = n
        self.t = step_tables(n)
        if weights is None:
            weights = CLASSIC_WEIGHTS if ENGINE.eval == "classic" else ApokachiWeights()
        self.w = weights
        self.ev = ApokachiEval(n, weights)
        self.z = _zobrist(n * n)
        self.masks = [0, 0]  # white, black
        for point, piece in game.pieces():
            self.masks[0 if piece.color is Color.WHITE else 1] |= 1 << point
        self.white = game.turn is Color.WHITE
        self.key = self._key(self.masks[0], self.masks[1], self.white)
        self.plies = len(game.move_stack)
        limit = game.move_limit
        self.end_ply = None if limit is None else 2 * limit
        self.stack: list[tuple[int, int, int]] = []
        self.eval_cache: dict[int, int] = {}

    def _key(self, white: int, black: int, white_to_move: bool) -> int:
        zw, zb, zside = self.z
        key = 0 if white_to_move else zside
        for m, z in ((white, zw), (black, zb)):
            while m:
                b = m & -m
                m ^= b
                key ^= z[b.bit_length() - 1]
        return key

    def history_keys(self, game: Game) -> list[int]:
        """Keys of the game's earlier positions (back to the last capture)."""
        keys: list[int] = []
        copy = game.copy()
        while copy.move_stack:
            move = copy.pop()
            masks = [0, 0]
            for point, piece in copy.pieces():
                masks[0 if piece.color is Color.WHITE else 1] |= 1 << point
            keys.append(self._key(masks[0], masks[1], copy.turn is Color.WHITE))
            if move.captured:
                break
        return keys

    # --- moves ---------------------------------------------------------------------------
    def moves(self) -> list[Any]:
        me = 0 if self.white else 1
        own, enemy = self.masks[me], self.masks[1 - me]
        empty = self.ev.full & ~(own | enemy)
        t = self.t
        steps, near, cross = t.steps, t.near, t.cross
        # a victim stands next to the attacking run: next to one of our pieces now, or next
        # to the point the piece arrives at
        touched = enemy & self.ev.neighbours(own)
        out: list[tuple[int, int, tuple[int, ...]]] = []
        rest = own
        while rest:
            bit = rest & -rest
            rest ^= bit
            start = bit.bit_length() - 1
            others = own ^ bit
            for end in steps[start]:
                if (empty >> end) & 1:
                    if others & near[end] and (touched | (enemy & near[end])) & cross[end]:
                        out.append((start, end, captured_by(t, others | (1 << end), enemy,
                                                            end)))
                    else:
                        out.append((start, end, ()))
        return out

    def forced(self, moves: list[Any]) -> bool:
        return False  # captures are never compulsory in Apokachi

    def quiescence(self, ply: int) -> tuple[list[Any], int | None]:
        moves = self.moves()
        if not moves:
            return [], self.count_score(ply)
        return [m for m in moves if m[2]], self.evaluate()

    def capture_size(self, move: Any) -> int:
        return len(move[2])

    def history_key(self, move: Any) -> int:
        return int(move[0]) * 256 + int(move[1])

    def public(self, move: Any) -> Move:
        if isinstance(move, Move):
            return move
        start, end, captured = move
        return Move(start, (end,), captured)

    def make(self, move: Any) -> None:
        me, you = (0, 1) if self.white else (1, 0)
        masks = self.masks
        self.stack.append((masks[0], masks[1], self.key))
        zw, zb, zside = self.z
        z_me, z_you = (zw, zb) if me == 0 else (zb, zw)
        start, end, captured = move
        key = self.key ^ z_me[start] ^ z_me[end] ^ zside
        masks[me] ^= (1 << start) | (1 << end)
        for p in captured:
            masks[you] ^= 1 << p
            key ^= z_you[p]
        self.key = key
        self.white = not self.white
        self.plies += 1

    def unmake(self) -> None:
        self.masks[0], self.masks[1], self.key = self.stack.pop()
        self.white = not self.white
        self.plies -= 1

    # --- scores --------------------------------------------------------------------------
    def count_score(self, ply: int) -> int:
        """The result by counting, for the side to move."""
        mine = self.masks[0 if self.white else 1].bit_count()
        theirs = self.masks[1 if self.white else 0].bit_count()
        if mine == theirs:
            return 0
        return WIN - ply if mine > theirs else -WIN + ply

    def evaluate(self) -> int:
        """The score for the side to move: the evaluation, less the threats it faces, plus
        the lead's extra worth as the move limit nears."""
        white, black = self.masks
        w = self.w
        mover, other = (white, black) if self.white else (black, white)
        lead = mover.bit_count() - other.bit_count()
        score = self.eval_cache.get(self.key)
        if score is None:
            ev = self.ev
            score = ev.evaluate(white, black)
            if not self.white:
                score = -score
            if w.threat:
                threatened = ev.victims(other, mover).bit_count()
                if threatened:
                    score -= w.threat + w.double_threat * (threatened - 1)
            if len(self.eval_cache) >= ENGINE.cache_entries:
                self.eval_cache.clear()
            self.eval_cache[self.key] = score
        if self.end_ply is not None and w.convert and lead:
            # nearer the limit, the lead in pieces counts more (the count will decide)
            score += w.convert * min(self.plies, self.end_ply) * lead // self.end_ply
        return score

    def rule_end(self, ply: int) -> int | None:
        white, black = self.masks[0].bit_count(), self.masks[1].bit_count()
        if white == 0 or black == 0 or (white <= 1 and black <= 1):
            return self.count_score(ply)
        if self.end_ply is not None and self.plies >= self.end_ply:
            return self.count_score(ply)
        return None

    def no_moves_score(self, ply: int) -> int:
        return self.count_score(ply)

    def repetition_score(self, ply: int) -> int:
        return self.count_score(ply)
