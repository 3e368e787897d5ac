"""The computer's view of the draughts games that need more than the ordinary board: English
(short kings) and the giveaway games, each a small change to
:class:`~game.ai.draughts.DraughtsBoard`. (Brazilian needs none: the search takes its draw
rules from the rules' own hooks, which are the Russian ones.)

Giveaway is not the ordinary evaluation turned round: in the ordinary game a piece is worth
having everywhere and a king most of all, while in giveaway every piece of your own is a
debt and a king the worst one (it is hard to lose, and the opponent can force it to capture
again and again, which clears *their* pieces). Free moves stay an asset: they are the choice
of where and when to offer a piece, and a side short of them is pushed into captures it did
not choose. (The first version counted free moves against their owner, "being blocked
wins"; in 16 games at depth 3 on 10x10 it scored 3.5 against the ordinary evaluation turned
round, and 12 with the sign as it is now; on 8x8 14/40 against 23/40. The search sees the
blocked ends by itself.) See :class:`GiveawayEval`.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.draughts import DraughtsBoard
from game.ai.eval_draughts import Weights
from game.ai.search import WIN
from game.rules.draughts import DraughtsGame, MoveGenerator, Tables
from game.rules.movegen import popcount

#: English kings are short: worth about one and a half men, not three; a flood of the
#: diagonals and the long-diagonal bonus are about flying kings, so they are switched off
ENGLISH_WEIGHTS = Weights(king=150, king_mobility=0, main_road=0, back_rank=10)


class EnglishBoard(DraughtsBoard):
    """English draughts: the ordinary terms with a short king's worth."""

    def __init__(self, game: DraughtsGame, *, weights: Weights | None = None,
                 rule_root: bool = True) -> None:
        super().__init__(game, weights=weights or ENGLISH_WEIGHTS, rule_root=rule_root)

    def reverse_futility(self) -> bool:
        return False  # 47.5/100 with it at 0.1 s (benchmarks/ab_engine.py --a-rfp)

    def history_malus(self) -> bool:
        return False  # not measured

    def _evaluate(self, wm: int, wk: int, bm: int, bk: int) -> int:
        score = self.ev.evaluate(wm, wk, bm, bk)
        # a short king's reach: the empty squares next to it
        empty = self.t.board & ~(wm | wk | bm | bk)
        for s in self.t.steps:
            if s < 0:
                score += 3 * (popcount((wk >> -s) & empty) - popcount((bk >> -s) & empty))
            else:
                score += 3 * (popcount((wk << s) & empty) - popcount((bk << s) & empty))
        return score


@dataclass(frozen=True, slots=True)
class GiveawayWeights:
    man: int = 100  # what an own man costs
    king: int = 250  # what an own king costs: hard to lose, and forced to capture
    mobility: int = 6  # per quiet move of one's own more than the opponent's
    advance: int = 2  # per row a man has advanced: nearer to a crown nobody wants


class GiveawayEval:
    """Static evaluation of a giveaway position from White's side (positive: good for White).

    - material turned round: every own piece costs, a king more than a man;
    - mobility as usual: own quiet moves are the choice of what to give away and when;
    - advancement costs: a man near the far row is about to become a king.
    """

    def __init__(self, tables: Tables, generator: MoveGenerator,
                 weights: GiveawayWeights) -> None:
        self.t = tables
        self.gen = generator
        self.w = weights
        size = tables.size
        rows = [0] * size
        for bit, coord in enumerate(tables.coord_of):
            if coord is not None:
                rows[coord[1]] |= 1 << bit
        # rows advanced as bit slices (row r of White = r rows advanced; Black's mirrored)
        top = size - 1
        self.white_slices = tuple(
            (1 << k, sum(rows[r] for r in range(size) if (r >> k) & 1)) for k in range(4))
        self.black_slices = tuple(
            (1 << k, sum(rows[r] for r in range(size) if ((top - r) >> k) & 1)) for k in range(4))

    def material(self, wm: int, wk: int, bm: int, bk: int) -> int:
        w = self.w
        return w.man * (popcount(bm) - popcount(wm)) + w.king * (popcount(bk)
                                                                   - popcount(wk))

    def mobility(self, wm: int, wk: int, bm: int, bk: int) -> int:
        """White's quiet moves minus Black's."""
        return (self.gen.count_quiet(wm, wk, bm, bk, True)
                - self.gen.count_quiet(bm, bk, wm, wk, False))

    def advance(self, wm: int, bm: int) -> int:
        """Rows advanced by Black's men minus White's (good for White when White's are back)."""
        total = 0
        for weight, mask in self.black_slices:
            total += weight * popcount(bm & mask)
        for weight, mask in self.white_slices:
            total -= weight * popcount(wm & mask)
        return total

    def evaluate(self, wm: int, wk: int, bm: int, bk: int) -> int:
        w = self.w
        return (self.material(wm, wk, bm, bk) + w.mobility * self.mobility(wm, wk, bm, bk)
                + w.advance * self.advance(wm, bm))


class GiveawayBoard(DraughtsBoard):
    """A giveaway game for the search: a side that cannot move has won."""

    learnable = False  # its own evaluation (GiveawayEval), not the ordinary one

    def __init__(self, game: DraughtsGame, *, weights: GiveawayWeights | None = None,
                 rule_root: bool = True) -> None:
        super().__init__(game, rule_root=rule_root)
        self.gev = GiveawayEval(self.t, self.gen, weights or GiveawayWeights())

    def reverse_futility(self) -> bool:
        return False  # not measured with its own evaluation

    def history_malus(self) -> bool:
        return False  # not measured

    def quiescence(self, ply: int) -> tuple[list[int], int | None]:
        caps = self.gen.capture_codes(self.om, self.ok, self.pm, self.pk, self.white)
        if caps:
            return caps, None
        if not self.gen.count_quiet(self.om, self.ok, self.pm, self.pk, self.white):
            return [], WIN - ply  # blocked or bare: won
        return [], self.evaluate()

    def no_moves_score(self, ply: int) -> int:
        return WIN - ply

    def _evaluate(self, wm: int, wk: int, bm: int, bk: int) -> int:
        return self.gev.evaluate(wm, wk, bm, bk)
