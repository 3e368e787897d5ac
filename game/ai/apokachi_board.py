"""The search's Apokachi board and its evaluation: the hot part of :mod:`game.ai.apokachi`,
typed so that mypyc compiles it (the same source runs interpreted and searches the same).

The board keeps the points as a list of cells (for the moves: the rules' own generator in
:mod:`game.rules.apokachi_moves`) and the two sides as bit masks (for the evaluation), with an
incremental Zobrist key below 2**62 (compiled code keeps such an int in a machine word). A raw
move is an int, ``start | end << 8 | captured << 16`` with the captured points packed as the
rules pack them. Every end is decided by counting, so an end reached in the search (the move
limit, a side left with nothing) scores as a win, draw or loss by the count.
"""
from __future__ import annotations

import random
from typing import Any, Final, final

from game.ai.apokachi_weights import ApokachiWeights, default_weights
from game.ai.options import ENGINE
from game.ai.search import WIN, SearchBoard
from game.rules.apokachi_moves import POINT_BITS, ApokachiMoves, moves_for, unpack
from game.rules.core import Color, Game, Move

_WIN: Final = WIN
_BYTE: Final = 0xFF
#: bits of a Zobrist key: below 2**62 it stays a machine word in compiled code
KEY_BITS: Final = 62


@final
class ApokachiEval:
    """Terms on the bit masks of an n x n point board (point = row * n + column)."""

    def __init__(self, n: int, weights: ApokachiWeights) -> None:
        self.n = n
        self.w = weights
        self.piece: int = weights.piece
        self.pair: int = weights.pair
        self.exposed_weight: int = weights.exposed
        self.mobility_weight: int = weights.mobility
        self.immune_weight: int = weights.immune
        self.pressure_weight: int = weights.pressure
        self.pair_in_contact: bool = weights.pair_in_contact
        self.threat: int = weights.threat
        self.double_threat: int = weights.double_threat
        self.full: int = (1 << (n * n)) - 1
        first = 0
        for r in range(n):
            first |= 1 << (r * n)
        self.not_first: int = self.full ^ first
        self.not_last: int = self.full ^ (first << (n - 1))
        rows = [((1 << n) - 1) << (r * n) for r in range(n)]
        # a piece r rows forward is worth advance * r(r+1)/2: a spearhead reaches the enemy
        # sooner than a wall moved up row by row; and march * r, so the pieces left at home
        # come too (with the spearheads alone, level 8 took one or two pieces of a random
        # mover in thirty moves). Summed over bit-sliced row masks (value = sum of 2**k)
        value = [weights.advance * r * (r + 1) // 2 + weights.march * r for r in range(n)]
        bits = max(value).bit_length()
        self.slice_weights: list[int] = [1 << k for k in range(bits)]
        self.white_slices: list[int] = []
        self.black_slices: list[int] = []
        for k in range(bits):
            white = 0
            black = 0
            for r in range(n):
                if (value[r] >> k) & 1:
                    white |= rows[r]
                if (value[n - 1 - r] >> k) & 1:
                    black |= rows[r]
            self.white_slices.append(white)
            self.black_slices.append(black)

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
        return self._victims(own, self.full ^ (own | enemy), self.east(own), self.west(own),
                             self.north(own), self.south(own), enemy, self.east(enemy),
                             self.west(enemy), self.north(enemy), self.south(enemy))

    def immune(self, m: int, enemy: int) -> int:
        """Pieces in contact with the enemy (two steps at most) that cannot be taken while
        their friends stay: one beside them on their row and one on their column (the far
        side of each line is then their own). A block at home is not counted: it does not
        take part in the fight."""
        return self._immune(m, self.contact(enemy))

    def _immune(self, m: int, near_enemy: int) -> int:
        row = m & (self.east(m) | self.west(m))
        column = m & (self.north(m) | self.south(m))
        return (row & column & near_enemy).bit_count()

    def contact(self, m: int) -> int:
        """The points within two steps of a piece of ``m``."""
        near = self.neighbours(m)
        return near | self.neighbours(near)

    def pressure(self, m: int, enemy: int) -> int:
        """How closely ``m`` presses the enemy pieces that can be taken (no friend beside
        them on their row, or none on their column): each such piece counts once for every
        piece of ``m`` within two steps and twice for one next to it. This is what draws
        the pieces into "two against one" against a side that leaves its pieces alone."""
        near1 = self.neighbours(m)
        return self._pressure(enemy, near1, near1 | self.neighbours(near1))

    def _pressure(self, enemy: int, near1: int, near2: int) -> int:
        row = enemy & (self.east(enemy) | self.west(enemy))
        column = enemy & (self.north(enemy) | self.south(enemy))
        weak = enemy & ~(row & column)
        if not weak:
            return 0
        return 2 * (weak & near1).bit_count() + (weak & near2).bit_count()

    def pairs(self, m: int) -> int:
        """Adjacent own pairs along rows and columns."""
        return (m & ((m & self.not_last) << 1)).bit_count() + (m & (m << self.n)).bit_count()

    def exposed(self, m: int, enemy: int) -> int:
        """Pieces with no friend beside them and an enemy already beside them."""
        return self._exposed(m, self.neighbours(m), self.neighbours(enemy))

    @staticmethod
    def _exposed(m: int, near_own: int, near_enemy: int) -> int:
        return (m & ~near_own & near_enemy).bit_count()

    def mobility(self, m: int, empty: int) -> int:
        n = self.n
        return ((((m & self.not_last) << 1) & empty).bit_count()
                + (((m & self.not_first) >> 1) & empty).bit_count()
                + ((m << n) & empty).bit_count() + ((m >> n) & empty).bit_count())

    def advance(self, white: int, black: int) -> int:
        """How far White's pieces have come forward, less Black's, weighted (see
        ``white_slices``)."""
        total = 0
        weights = self.slice_weights
        white_slices = self.white_slices
        black_slices = self.black_slices
        for k in range(len(weights)):
            total += weights[k] * ((white & white_slices[k]).bit_count()
                                   - (black & black_slices[k]).bit_count())
        return total

    def positional(self, white: int, black: int) -> int:
        """The terms besides material, White's, one term method at a time (what
        :meth:`side_score` works out in one go; the tests hold the two together)."""
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
        material = self.piece * (white.bit_count() - black.bit_count())
        return material + self.positional(white, black)

    def side_score(self, white: int, black: int, white_to_move: bool) -> int:
        """:meth:`evaluate` for the side to move, less the threats it faces (pieces of its
        own :meth:`victims` of the other side's next move): the terms worked out together,
        each step of each side's pieces computed once and shared."""
        n = self.n
        full = self.full
        not_last = self.not_last
        not_first = self.not_first
        empty = full ^ (white | black)
        # one step east, west, north and south of each side's pieces
        white_e = (white & not_last) << 1
        white_w = (white & not_first) >> 1
        white_n = (white << n) & full
        white_s = white >> n
        black_e = (black & not_last) << 1
        black_w = (black & not_first) >> 1
        black_n = (black << n) & full
        black_s = black >> n
        near_white = white_e | white_w | white_n | white_s
        near_black = black_e | black_w | black_n | black_s
        contact_white = near_white | self.neighbours(near_white)
        contact_black = near_black | self.neighbours(near_black)
        if self.pair_in_contact:
            pairs = self.pairs(white & contact_black) - self.pairs(black & contact_white)
        else:
            pairs = ((white & white_e).bit_count() + (white & white_n).bit_count()
                     - (black & black_e).bit_count() - (black & black_n).bit_count())
        exposed = (((white ^ (white & near_white)) & near_black).bit_count()
                   - ((black ^ (black & near_black)) & near_white).bit_count())
        mobility = ((white_e & empty).bit_count() + (white_w & empty).bit_count()
                    + (white_n & empty).bit_count() + (white_s & empty).bit_count()
                    - (black_e & empty).bit_count() - (black_w & empty).bit_count()
                    - (black_n & empty).bit_count() - (black_s & empty).bit_count())
        # guarded on the row and on the column: immune in contact; the others can be taken
        white_guarded = white & (white_e | white_w) & (white_n | white_s)
        black_guarded = black & (black_e | black_w) & (black_n | black_s)
        immune = (white_guarded & contact_black).bit_count() - (
            black_guarded & contact_white).bit_count()
        pressure = 0
        weak = black ^ black_guarded
        if weak:
            pressure += 2 * (weak & near_white).bit_count() + (weak & contact_white).bit_count()
        weak = white ^ white_guarded
        if weak:
            pressure -= 2 * (weak & near_black).bit_count() + (weak & contact_black).bit_count()
        score = (self.piece * (white.bit_count() - black.bit_count()) + self.pair * pairs
                 - self.exposed_weight * exposed + self.mobility_weight * mobility
                 + self.advance(white, black) + self.immune_weight * immune
                 + self.pressure_weight * pressure)
        if not self.threat:
            return score if white_to_move else -score
        if white_to_move:
            threatened = self._victims(black, empty, black_e, black_w, black_n, black_s,
                                       white, white_e, white_w, white_n, white_s)
        else:
            score = -score
            threatened = self._victims(white, empty, white_e, white_w, white_n, white_s,
                                       black, black_e, black_w, black_n, black_s)
        if threatened:
            count = threatened.bit_count()
            score -= self.threat + self.double_threat * (count - 1)
        return score

    def _victims(self, own: int, empty: int, eo: int, wo: int, no: int, so: int,
                 enemy: int, ee: int, we: int, ne: int, se: int) -> int:
        """:meth:`victims` with the steps of both sides' pieces given (``eo``: one step east
        of ``own``, ``we``: west of ``enemy``...)."""
        n = self.n
        full = self.full
        nl = self.not_last
        nf = self.not_first
        vertical = no | so
        horizontal = eo | wo
        found = 0
        # east: the victim east of the run; its east neighbour must not be one of its own
        single = enemy ^ (enemy & we)
        near = (single & nf) >> 1
        y = near & empty & eo & vertical  # a piece steps in beside a friend
        x = (((near & own) & nf) >> 1) & empty & (eo | vertical)  # or in behind the friend
        found |= ((y & nl) << 1) | ((((x & nl) << 1) & nl) << 1)
        # west
        single = enemy ^ (enemy & ee)
        near = (single & nl) << 1
        y = near & empty & wo & vertical
        x = (((near & own) & nl) << 1) & empty & (wo | vertical)
        found |= ((y & nf) >> 1) | ((((x & nf) >> 1) & nf) >> 1)
        # north (towards higher rows)
        single = enemy ^ (enemy & se)
        near = single >> n
        y = near & empty & no & horizontal
        x = ((near & own) >> n) & empty & (no | horizontal)
        found |= ((y << n) | (x << (2 * n))) & full
        # south
        single = enemy ^ (enemy & ne)
        near = (single << n) & full
        y = near & empty & so & horizontal
        x = ((near & own) << n) & full & empty & (so | horizontal)
        found |= (y >> n) | (x >> (2 * n))
        return found


_ZOBRIST: dict[int, list[list[int]]] = {}


def zobrist(points: int) -> list[list[int]]:
    """The keys of an ``points``-point board: White's per point, Black's per point, and
    the one of Black to move (alone in a list of its own)."""
    keys = _ZOBRIST.get(points)
    if keys is None:
        rng = random.Random(7001 + points)
        keys = [[rng.getrandbits(KEY_BITS) for _ in range(points)],
                [rng.getrandbits(KEY_BITS) for _ in range(points)], [rng.getrandbits(KEY_BITS)]]
        _ZOBRIST[points] = keys
    return keys


def captures_in(move: int) -> int:
    """How many points a raw move captures."""
    captured = move >> 16
    count = 0
    while captured:
        count += 1
        captured >>= POINT_BITS
    return count


@final
class ApokachiBoard(SearchBoard):
    """An Apokachi position for the search (see :class:`game.ai.search.SearchBoard`).

    Moves come from the rules' generator on the board's cells (which looks for a capture
    only where the moved piece arrives beside a friend, since "two against one" needs a run
    of two); a test holds them to the rules' moves through ``push`` and ``pop``.
    """

    def __init__(self, game: Game, weights: ApokachiWeights | None = None) -> None:
        n = game.geometry.columns
        self.n = n
        self.generator: ApokachiMoves = moves_for(n)
        if weights is None:
            weights = default_weights()
        self.w = weights
        self.convert: int = weights.convert
        self.ev = ApokachiEval(n, weights)
        keys = zobrist(n * n)
        self.z_white: list[int] = keys[0]
        self.z_black: list[int] = keys[1]
        self.z_side: int = keys[2][0]
        self.masks: list[int] = [0, 0]  # white, black
        self.cells: list[int] = [0] * (n * n)  # 0 empty, 1 White, 2 Black (the rules' codes)
        for point, piece in game.pieces():
            side = 0 if piece.color is Color.WHITE else 1
            self.masks[side] |= 1 << point
            self.cells[point] = side + 1
        self.white: bool = game.turn is Color.WHITE
        self.key: int = self._key(self.masks[0], self.masks[1], self.white)
        self.plies: int = len(game.move_stack)
        limit = game.move_limit
        self.end_ply: int | None = None if limit is None else 2 * limit
        #: (White's mask, Black's, the key, the move) before each move made
        self.stack: list[tuple[int, int, int, int]] = []
        self.eval_cache: dict[int, int] = {}
        self.cache_entries: int = ENGINE.cache_entries

    def _key(self, white: int, black: int, white_to_move: bool) -> int:
        key = 0 if white_to_move else self.z_side
        for m, z in ((white, self.z_white), (black, self.z_black)):
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
    def moves(self) -> list[int]:
        if self.white:
            return self.generator.steps(self.cells, self.masks[0], self.masks[1], 1)
        return self.generator.steps(self.cells, self.masks[1], self.masks[0], 2)

    def forced(self, moves: list[Any]) -> bool:
        return False  # captures are never compulsory in Apokachi

    def quiescence(self, ply: int) -> tuple[list[Any], int | None]:
        moves = self.moves()
        if not moves:
            return [], self.count_score(ply)
        return [m for m in moves if m >> 16], self.evaluate()

    def capture_size(self, move: Any) -> int:
        return captures_in(move)

    def history_key(self, move: Any) -> int:
        raw: int = move
        return raw & 0xFFFF  # start * 256 + end

    def public(self, move: Any) -> Move:
        if isinstance(move, Move):
            return move
        raw: int = move
        return Move(raw & _BYTE, ((raw >> 8) & _BYTE,), unpack(raw >> 16))

    def make(self, move: Any) -> None:
        raw: int = move
        masks = self.masks
        cells = self.cells
        self.stack.append((masks[0], masks[1], self.key, raw))
        start = raw & _BYTE
        end = (raw >> 8) & _BYTE
        captured = raw >> 16
        if self.white:
            me, z_me, z_you = 0, self.z_white, self.z_black
        else:
            me, z_me, z_you = 1, self.z_black, self.z_white
        key = self.key ^ z_me[start] ^ z_me[end] ^ self.z_side
        masks[me] ^= (1 << start) | (1 << end)
        cells[start] = 0
        cells[end] = me + 1
        if captured:
            taken = 0
            while captured:
                p = (captured & _BYTE) - 1
                captured >>= POINT_BITS
                cells[p] = 0
                taken |= 1 << p
                key ^= z_you[p]
            masks[1 - me] ^= taken
        self.key = key
        self.white = not self.white
        self.plies += 1

    def unmake(self) -> None:
        white, black, key, raw = self.stack.pop()
        masks = self.masks
        masks[0] = white
        masks[1] = black
        self.key = key
        self.white = not self.white
        self.plies -= 1
        me = 1 if self.white else 2  # the side that had made the move
        cells = self.cells
        cells[(raw >> 8) & _BYTE] = 0
        cells[raw & _BYTE] = me
        captured = raw >> 16
        while captured:
            cells[(captured & _BYTE) - 1] = 3 - me
            captured >>= POINT_BITS

    # --- scores --------------------------------------------------------------------------
    def count_score(self, ply: int) -> int:
        """The result by counting, for the side to move."""
        mine = self.masks[0 if self.white else 1].bit_count()
        theirs = self.masks[1 if self.white else 0].bit_count()
        if mine == theirs:
            return 0
        return _WIN - ply if mine > theirs else -_WIN + ply

    def evaluate(self) -> int:
        """The score for the side to move: the evaluation, less the threats it faces, plus
        the lead's extra worth as the move limit nears."""
        white = self.masks[0]
        black = self.masks[1]
        if self.white:
            mover, other = white, black
        else:
            mover, other = black, white
        lead = mover.bit_count() - other.bit_count()
        key = self.key
        cached = self.eval_cache.get(key)
        if cached is None:
            score = self.ev.side_score(white, black, self.white)
            if len(self.eval_cache) >= self.cache_entries:
                self.eval_cache.clear()
            self.eval_cache[key] = score
        else:
            score = cached
        end_ply = self.end_ply
        if end_ply is not None and self.convert and lead:
            # nearer the limit, the lead in pieces counts more (the count will decide)
            score += self.convert * min(self.plies, end_ply) * lead // end_ply
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
