"""The weights of Apokachi's evaluation (:class:`game.ai.apokachi_board.ApokachiEval`), in a
module of their own that the compiled board reads and that stays interpreted."""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.options import ENGINE


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


def default_weights() -> ApokachiWeights:
    """The weights a board is given when none are named (the classic ones when the engine is
    set to play as before)."""
    return CLASSIC_WEIGHTS if ENGINE.eval == "classic" else ApokachiWeights()
