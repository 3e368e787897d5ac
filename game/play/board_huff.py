"""The huff ("with фук") of a board game in play: the opponent's piece the person to move has
taken this turn, before the move that carries it.

A part of :class:`~game.play.board_play.BoardPlay`, with its own state (``pending``); the play
owns it and passes in what it needs: the game now, the turn driver, and whether the person to
move may enter anything now.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.play.events import HuffChosen, HuffWithdrawn
from game.play.turns import Turns
from game.rules.core import Game, IllegalMoveError, Move, Piece
from game.rules.notation import split_huff


class Huff:
    """The piece taken for фук this turn, if any, and the person's right to take one."""

    def __init__(self, game: Callable[[], Game], turns: Turns[Any],
                 person_to_move: Callable[[], bool]) -> None:
        self._game = game
        self._turns = turns
        self._person_to_move = person_to_move
        #: the opponent's piece the person to move has taken for фук this turn (the move
        #: that follows carries it); None: no huff chosen
        self.pending: int | None = None

    def choices(self) -> tuple[int, ...]:
        """The pieces the person to move may take for фук now (none once one is taken)."""
        if not self._person_to_move() or self.pending is not None:
            return ()
        return self._game().huff_choices()

    def choose(self, square: int) -> None:
        """The person to move takes the piece on ``square`` for фук; its move follows.
        Raises IllegalMoveError when that piece may not be taken."""
        if square not in self.choices():
            raise IllegalMoveError("that piece may not be taken for a huff now")
        piece = self._game().piece_at(square)
        assert piece is not None
        self.pending = square
        self._turns.emit(HuffChosen(square, piece))

    def withdraw(self) -> bool:
        """Put back the piece taken for фук this turn (no move has followed it yet)."""
        square, self.pending = self.pending, None
        if square is None:
            return False
        piece = self._game().piece_at(square)
        assert piece is not None
        self._turns.emit(HuffWithdrawn(square, piece))
        return True

    def legal_moves(self) -> list[Move]:
        """The moves the person may enter now: after the huff chosen, if any."""
        game = self._game()
        return game.legal_moves() if self.pending is None else game.moves_after_huff(self.pending)

    def hidden(self, pieces: dict[int, Piece]) -> dict[int, Piece]:
        """``pieces`` without the piece taken for фук this turn."""
        if self.pending is not None:
            pieces.pop(self.pending, None)
        return pieces

    def move_text(self, text: str) -> str:
        """A move's text as entered, with the huff taken on the board put before it when the
        text names only the move after it."""
        game = self._game()
        if self.pending is not None and split_huff(text, game.geometry)[0] is None:
            return f"{{huff {game.geometry.name(self.pending)}}} {text}"
        return text
