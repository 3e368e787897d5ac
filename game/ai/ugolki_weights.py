"""The weights of Уголки's evaluation (:class:`game.ai.ugolki_board.UgolkiEval`), in a module
of their own that the compiled board reads and that stays interpreted."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UgolkiWeights:
    step: int = 10  # per step a piece still has to go to reach the goal house
    depth: int = 3  # per step from the far corner: the deep squares filled first leave room
    jump: int = 4  # per forward jump ready now
    straggler: int = 4  # per step the last piece is behind the others' average
    home: int = 15  # per piece at home, per move past the 30th (the 40-move rule)
    tempo: int = 5  # the side to move is half a step ahead
