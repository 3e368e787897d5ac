"""The search's view of an Apokachi game, and its evaluation.

Moves are made on a copy of the game through its public ``push``/``pop`` (captures come ready
with each :class:`Move`), while the board keeps its own bit masks of the two sides and an
incremental Zobrist key. Every end is decided by counting, so an end reached in the search
scores as a win, draw or loss by the count, and the nearer the move limit (or the end of the
game timer) the more the evaluation is material alone.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai.search import WIN
from game.rules.core import Color, Game, Move

SECONDS_PER_PLY = 4.0  # how long a move is expected to take when a game timer runs
URGENT_PLIES = 20  # from this many plies before the end, positional terms fade out


@dataclass(frozen=True, slots=True)
class ApokachiWeights:
    piece: int = 100
    pair: int = 8  # two own pieces side by side on a line
    exposed: int = 14  # a lone piece with an enemy next to it (food for "two against one")
    mobility: int = 2
    advance: int = 3  # times r(r+1)/2 for a piece r rows forward: captures need contact


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
        # a piece r rows forward is worth r(r+1)/2: a spearhead reaches the enemy sooner than
        # a wall moved up row by row. Summed over bit-sliced row masks (value = sum of 2**k)
        value = [r * (r + 1) // 2 for r in range(n)]
        self.white_slices = tuple((1 << k, sum(rows[r] for r in range(n) if (value[r] >> k) & 1))
                                  for k in range(7))
        self.black_slices = tuple(
            (1 << k, sum(rows[r] for r in range(n) if (value[n - 1 - r] >> k) & 1))
            for k in range(7))

    def neighbours(self, m: int) -> int:
        """Every point orthogonally next to a point of ``m``."""
        n = self.n
        return (((m & self.not_last) << 1) | ((m & self.not_first) >> 1) | (m << n)
                | (m >> n)) & self.full

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
        """How far White's pieces have come forward, less Black's (see ``white_slices``)."""
        total = 0
        for weight, mask in self.white_slices:
            total += weight * (white & mask).bit_count()
        for weight, mask in self.black_slices:
            total -= weight * (black & mask).bit_count()
        return total

    def positional(self, white: int, black: int) -> int:
        w = self.w
        empty = self.full & ~(white | black)
        return (w.pair * (self.pairs(white) - self.pairs(black))
                - w.exposed * (self.exposed(white, black) - self.exposed(black, white))
                + w.mobility * (self.mobility(white, empty) - self.mobility(black, empty))
                + w.advance * self.advance(white, black))

    def evaluate(self, white: int, black: int, plies_left: int | None) -> int:
        """White's score; ``plies_left`` to the end (None: no end in sight)."""
        material = self.w.piece * (white.bit_count() - black.bit_count())
        positional = self.positional(white, black)
        if plies_left is not None and plies_left < URGENT_PLIES:
            positional = positional * max(plies_left, 0) // URGENT_PLIES
        return material + positional


_ZOBRIST: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {}


def _zobrist(points: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    keys = _ZOBRIST.get(points)
    if keys is None:
        rng = random.Random(7001 + points)
        keys = (tuple(rng.getrandbits(64) for _ in range(points)),
                tuple(rng.getrandbits(64) for _ in range(points)), rng.getrandbits(64))
        _ZOBRIST[points] = keys
    return keys


class ApokachiBoard:
    """An Apokachi position for the search (see :class:`game.ai.search.SearchBoard`)."""

    def __init__(self, game: Game, weights: ApokachiWeights | None = None) -> None:
        self.g = game.copy()
        n = game.geometry.columns
        self.n = n
        self.ev = ApokachiEval(n, weights or ApokachiWeights())
        self.z = _zobrist(n * n)
        self.masks = [0, 0]  # white, black
        for point, piece in game.pieces():
            self.masks[0 if piece.color is Color.WHITE else 1] |= 1 << point
        self.white = game.turn is Color.WHITE
        self.key = self._key(self.masks[0], self.masks[1], self.white)
        self.plies = len(game.move_stack)
        limit = game.move_limit
        self.end_ply = None if limit is None else 2 * limit
        remaining = game.remaining_time()
        self.timer_end: int | None = None
        if remaining is not None:
            self.timer_end = self.plies + int(remaining / SECONDS_PER_PLY)
        self.stack: list[tuple[int, int, int]] = []

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
        return list(self.g.perft_moves())

    def forced(self, moves: list[Any]) -> bool:
        return False  # captures are never compulsory in Apokachi

    def quiescence(self, ply: int) -> tuple[list[Any], int | None]:
        moves = self.g.perft_moves()
        if not moves:
            return [], self.count_score(ply)
        return [m for m in moves if m.captured], self.evaluate()

    def capture_size(self, move: Any) -> int:
        return len(move.captured)

    def history_key(self, move: Any) -> int:
        return int(move.start) * 256 + int(move.path[-1])

    def public(self, move: Any) -> Move:
        assert isinstance(move, Move)
        return move

    def make(self, move: Any) -> None:
        me, you = (0, 1) if self.white else (1, 0)
        masks = self.masks
        self.stack.append((masks[0], masks[1], self.key))
        zw, zb, zside = self.z
        z_me, z_you = (zw, zb) if me == 0 else (zb, zw)
        start, end = move.start, move.path[-1]
        key = self.key ^ z_me[start] ^ z_me[end] ^ zside
        masks[me] ^= (1 << start) | (1 << end)
        for p in move.captured:
            masks[you] ^= 1 << p
            key ^= z_you[p]
        self.key = key
        self.white = not self.white
        self.plies += 1
        self.g.push(move)

    def unmake(self) -> None:
        self.g.pop()
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

    def plies_left(self) -> int | None:
        ends = [e for e in (self.end_ply, self.timer_end) if e is not None]
        return min(ends) - self.plies if ends else None

    def evaluate(self) -> int:
        score = self.ev.evaluate(self.masks[0], self.masks[1], self.plies_left())
        return score if self.white else -score

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
