"""The search's view of an Уголки game, and its evaluation.

The board and the evaluation live in :mod:`game.ai.ugolki_board` (compiled with mypyc where a
compiler is present); their weights in
:mod:`game.ai.ugolki_weights` (interpreted). The board keeps the two sides as 64-bit masks,
the moves each side has made (the 40-move home rule and the 80-move limit depend on them) and
a Zobrist key that includes the ply, so that the same pieces at another point of the race,
where other rules apply, are not mistaken for each other. Moves are generated on the masks (a
raw move is ``(start, end, others)``, the other pieces when it was made, from which its route
is found); a test holds them to the rules' generator.

The evaluation is a race count with what decides races between people:

- **distance to go**: every piece's steps to the far corner, less what the goal house itself
  needs (a step gains one, a jump two);
- **chains**: the forward jumps ready now (a ladder of pieces with gaps is worth keeping);
- **stragglers**: the last piece home costs the most, since nobody is left to jump over;
- **blocking**: own pieces standing in the opponent's goal house hold it up;
- **the home rule**: pieces still at home as the 40th move comes near.
"""
from __future__ import annotations

from game.ai.ugolki_board import UgolkiBoard, UgolkiEval
from game.ai.ugolki_weights import UgolkiWeights

__all__ = ["UgolkiBoard", "UgolkiEval", "UgolkiWeights"]
