"""The search board of Frisian draughts: the draughts board with the Frisian move generator
(captures along the lines too, the most valuable capture, a king's first), and what the
search must know besides the pieces: how many quiet moves in a row each side's king has made
(a king that has made three while its side has men may only capture; see
game/rules/frisian.py). That count is part of the position: it is in the key.

Compiled with mypyc (game/native.py): typed like game/ai/draughts.py.
"""
from __future__ import annotations

import random
from dataclasses import replace

from game.ai.draughts import DraughtsBoard
from game.ai.eval_draughts import Weights
from game.ai.levels import LEVELS, Level
from game.ai.search import WIN
from game.rules.draughts import DraughtsGame
from game.rules.movegen import CAPTURE_SHIFT, END_SHIFT, SQUARE

#: the quiet moves in a row after which a king rests (game.rules.frisian.KING_MOVES_IN_A_ROW)
_IN_A_ROW = 3

_RUN_KEYS: dict[int, tuple[int, ...]] = {}


def _run_keys(nbits: int) -> tuple[int, ...]:
    """Random keys (fixed seed) for a king's run: colour, count 1-3 and square."""
    keys = _RUN_KEYS.get(nbits)
    if keys is None:
        rng = random.Random(0xF415)
        keys = _RUN_KEYS[nbits] = tuple(rng.getrandbits(62) for _ in range(2 * 4 * nbits))
    return keys


class FrisianBoard(DraughtsBoard):
    """A Frisian position for the search. The king runs are kept by colour: White's count
    and king bit, Black's (-1: no king running)."""

    def __init__(self, game: DraughtsGame, *, weights: Weights | None = None,
                 rule_root: bool = True) -> None:
        super().__init__(game, weights=weights, rule_root=rule_root)
        runs = king_runs(game)
        self.w_count = runs[0]
        self.w_bit = runs[1]
        self.b_count = runs[2]
        self.b_bit = runs[3]
        self.run_keys = _run_keys(len(self.t.number_of))
        self.nbits = len(self.t.number_of)
        self.key ^= self._run_hash()
        self.runs: list[tuple[int, int, int, int]] = []

    def _run_hash(self) -> int:
        keys = self.run_keys
        n = self.nbits
        h = 0
        if self.w_count and self.w_bit >= 0:
            h ^= keys[(min(self.w_count, _IN_A_ROW)) * n + self.w_bit]
        if self.b_count and self.b_bit >= 0:
            h ^= keys[(4 + min(self.b_count, _IN_A_ROW)) * n + self.b_bit]
        return h

    def _resting(self) -> int:
        """The bit of the side to move's king that may only capture, or -1."""
        if self.white:
            count, bit = self.w_count, self.w_bit
        else:
            count, bit = self.b_count, self.b_bit
        if count >= _IN_A_ROW and self.om and bit >= 0:
            return bit
        return -1

    # --- moves ---------------------------------------------------------------------------
    def moves(self) -> list[int]:
        moves = super().moves()
        if not moves or moves[0] >> CAPTURE_SHIFT & self.capture_field:
            return moves
        resting = self._resting()
        if resting < 0:
            return moves
        return [m for m in moves if m & SQUARE != resting]

    def quiescence(self, ply: int) -> tuple[list[int], int | None]:
        if self._resting() >= 0 and not self.gen.capture_codes(self.om, self.ok, self.pm,
                                                               self.pk, self.white):
            if not self.moves():
                return [], -WIN + ply  # only the resting king could move: blocked
            return [], self.evaluate()
        return super().quiescence(ply)

    def make(self, move: int) -> None:
        self.runs.append((self.w_count, self.w_bit, self.b_count, self.b_bit))
        before = self._run_hash()
        s = move & SQUARE
        e = move >> END_SHIFT & SQUARE
        capmask = (move >> CAPTURE_SHIFT & self.capture_field) << self.half
        fb = 1 << s
        om = self.om
        if om & fb:
            king_move = False
            men_after = (om ^ fb) | (0 if move & self.promote_flag else 1 << e)
        else:
            king_move = not capmask
            men_after = om
        other_men = self.pm & ~capmask
        if self.white:
            count, bit = self.w_count, self.w_bit
        else:
            count, bit = self.b_count, self.b_bit
        if men_after and king_move:
            count = (0 if bit != s else count) + 1
            bit = e
        else:
            count, bit = 0, -1
        if self.white:
            self.w_count, self.w_bit = count, bit
            if not other_men:
                self.b_count, self.b_bit = 0, -1
        else:
            self.b_count, self.b_bit = count, bit
            if not other_men:
                self.w_count, self.w_bit = 0, -1
        super().make(move)
        self.key ^= before ^ self._run_hash()

    def unmake(self) -> None:
        super().unmake()
        self.w_count, self.w_bit, self.b_count, self.b_bit = self.runs.pop()

    def reverse_futility(self) -> bool:
        return False  # not measured for its king runs and capture values

    def history_malus(self) -> bool:
        return False  # not measured

    def history_keys(self, game: DraughtsGame) -> list[int]:
        """Keys of the game's earlier positions that a later one could repeat, each with its
        king runs (back to the last man move or capture)."""
        keys: list[int] = []
        copy = game.copy()
        while copy.move_stack:
            move = copy.pop()
            wm, wk, bm, bk = copy.bitboards()
            key = self.key_of(wm, wk, bm, bk, copy.turn.value == "W")
            runs = king_runs(copy)
            keys.append(key ^ self._hash_of(runs))
            if move.captured or not (wk | bk) & (1 << self.t.bit_of[move.start]):
                break
        return keys

    def _hash_of(self, runs: tuple[int, int, int, int]) -> int:
        keys = self.run_keys
        n = self.nbits
        h = 0
        if runs[0] and runs[1] >= 0:
            h ^= keys[min(runs[0], _IN_A_ROW) * n + runs[1]]
        if runs[2] and runs[3] >= 0:
            h ^= keys[(4 + min(runs[2], _IN_A_ROW)) * n + runs[3]]
        return h


def king_runs(game: DraughtsGame) -> tuple[int, int, int, int]:
    """White's and Black's king runs of a Frisian game (count, king bit or -1 each); none in
    a game of other rules."""
    runs = getattr(game, "king_runs", None)
    if runs is None:
        return (0, -1, 0, -1)
    white, black = runs()
    return (white[0], white[1], black[0], black[1])


#: Frisian's levels (``Frisian.level_table``): the draughts levels' depths and temperatures,
#: with a careless move now and then below level 8 (what looks best at a glance, the reply
#: unseen), less often the higher the level. With the draughts table as it is, one ply more
#: gained little in Frisian, where captures in eight directions make a short look see most
#: of a position's tactics: 4 against 3 scored 45 % and 5 against 4 47.5 % (20 games each).
#: With these (benchmarks/ai_ladder.py --variant frisian --time 1.0, interpreted, 20 games a
#: pair, 12 for 8-7): 2-1 95 %, 3-2 77.5 %, 4-3 70 %, 5-4 75 %, 6-5 75 %, 7-6 85 %, 8-7 79 %.
FRISIAN_LEVELS: dict[int, Level] = {
    level: replace(spec, blunder=blunder) for (level, spec), blunder in zip(
        sorted(LEVELS.items()), (0.3, 0.3, 0.3, 0.18, 0.1, 0.05, 0.02, 0.0))
}
