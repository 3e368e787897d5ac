"""The computer's view of Italian draughts: the English board's short-king terms, with a king
worth more, because no man can capture it (docs/rules/italian.md).

An Italian king is the only piece that can take a king, so against men alone it cannot be
lost: it walks among them, and a side with a king and fewer men often holds or wins. The
players' own advice is to give up even two men for a king; the weight below (2.5 men, an
English king 1.5) is what the Italian literature's figure comes to, measured in
``benchmarks/italian_levels.py`` against the English weight.
"""
from __future__ import annotations

from game.ai.draughts_more import EnglishBoard
from game.ai.eval_draughts import Weights
from game.rules.draughts import DraughtsGame

#: a king out of the men's reach: worth two and a half men; no long diagonal to flood
ITALIAN_WEIGHTS = Weights(king=250, king_mobility=0, main_road=0, back_rank=10)


class ItalianBoard(EnglishBoard):
    """Italian draughts: the English board's terms with an Italian king's worth. The moves
    come from the rules' own generator (men that never take a king, the quality rules)."""

    def __init__(self, game: DraughtsGame, *, weights: Weights | None = None,
                 rule_root: bool = True) -> None:
        super().__init__(game, weights=weights or ITALIAN_WEIGHTS, rule_root=rule_root)
