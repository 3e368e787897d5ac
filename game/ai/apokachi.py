"""The search's view of an Apokachi game, and its evaluation.

The board and the evaluation live in :mod:`game.ai.apokachi_board` (compiled with mypyc where
a compiler is present); their weights in
:mod:`game.ai.apokachi_weights` (interpreted). The board keeps the points as cells and the
two sides as bit masks with an incremental Zobrist key, and generates its moves with the
rules' own generator on the cells (several times faster than going through the rules'
``push``/``pop``; a test holds it to the rules' moves). Every end is decided by counting, so
an end reached in the search (the move limit, a side left with nothing) scores as a win, draw
or loss by the count.
"""
from __future__ import annotations

from game.ai.apokachi_board import ApokachiBoard, ApokachiEval
from game.ai.apokachi_weights import CLASSIC_WEIGHTS, ApokachiWeights, default_weights

__all__ = ["CLASSIC_WEIGHTS", "ApokachiBoard", "ApokachiEval", "ApokachiWeights",
           "default_weights"]
