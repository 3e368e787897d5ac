"""The computer's view of Italian draughts: the English board's short-king terms
(docs/rules/italian.md).

An Italian king cannot be taken by a man, so one would expect it to be worth more than an
English king (1.5 men). Measured, it is not, at least for the search's own play: in
``benchmarks/italian_king.py`` (40 games from random openings, depth 5) a king of 2.5 men
scored 18/40 and one of 2 men 15.5/40 against the English 1.5. The search sees what a king
does among men by itself; a higher fixed worth only makes it give up men for a crown too
early. So the weights are the English ones, kept here as the Italian board's own so that the
next measurement has a place to change them.
"""
from __future__ import annotations

from game.ai.draughts_more import ENGLISH_WEIGHTS, EnglishBoard
from game.ai.eval_draughts import Weights
from game.rules.draughts import DraughtsGame

#: a short king worth one and a half men, no long diagonal to flood (as measured above)
ITALIAN_WEIGHTS = ENGLISH_WEIGHTS


class ItalianBoard(EnglishBoard):
    """Italian draughts: the English board's terms. The moves come from the rules' own
    generator (men that never take a king, the order of captures)."""

    def __init__(self, game: DraughtsGame, *, weights: Weights | None = None,
                 rule_root: bool = True) -> None:
        super().__init__(game, weights=weights or ITALIAN_WEIGHTS, rule_root=rule_root)
