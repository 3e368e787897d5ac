"""The review of a board game in play: an earlier position of the record shown on the board
while the game itself stands where it is.

A part of :class:`~game.play.board_play.BoardPlay`, with its own state (the ply shown and the
game replayed to it); the play owns it and passes in the game now, the turn driver (the seat
asked to move is stopped) and the huff (a piece taken for фук is put back).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.play.board_huff import Huff
from game.play.turns import Turns
from game.rules.core import Game, Move


class Review:
    """Which ply of the record is shown, if the game is reviewed."""

    def __init__(self, game: Callable[[], Game], turns: Turns[Any], huff: Huff) -> None:
        self._game = game
        self._turns = turns
        self._huff = huff
        self.ply: int | None = None  # plies shown while reviewing; None: the game is played
        self.game: Game | None = None  # the game replayed to ``ply``

    def enter(self) -> None:
        """Show the game as it stands, to be stepped back from."""
        self._turns.cancel()
        self._huff.withdraw()
        game = self._game()
        self.ply = len(game.move_stack)
        self.game = game.copy()

    def to(self, ply: int) -> Move | None:
        """Show the position after ``ply`` plies. Returns the move stepped over when the
        review moved one ply forward (for the scene to animate)."""
        if self.ply is None or self.game is None:
            return None
        game = self._game()
        moves = game.move_stack
        ply = max(0, min(len(moves), ply))
        if ply == self.ply + 1:
            move = moves[ply - 1]
            self.game.push(move)
            self.ply = ply
            return move
        replay = game.copy()
        for _ in range(len(moves) - ply):
            replay.pop()
        self.game = replay
        self.ply = ply
        return None

    def leave(self) -> None:
        """Back to the game as it stands."""
        self.ply = None
        self.game = None
