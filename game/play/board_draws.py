"""Draw offers in a board game in play: the side whose offer waits for an answer, and the
answer.

A part of :class:`~game.play.board_play.BoardPlay`, with its own state (``offered``); the play
owns it and passes in the game now, the turn driver (the seats hear the offer and the answer,
and the seat to move is stopped by an agreed draw), how the play ends a game (``end``) and
whether another question waits for its answer (a takeback: no offer meanwhile).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.play.events import DrawDeclined, DrawOffered
from game.play.turns import Turns
from game.rules.core import Color, Game


class DrawOffers:
    """A draw offered by one side and answered by the other."""

    def __init__(self, game: Callable[[], Game], turns: Turns[Any],
                 end: Callable[[], None], other_question: Callable[[], bool]) -> None:
        self._game = game
        self._turns = turns
        self._end = end
        self._other_question = other_question
        self.offered: Color | None = None  # the side whose draw offer awaits an answer

    def can_offer(self) -> bool:
        """Whether the game allows a draw offer now (not over, not too early)."""
        game = self._game()
        return game.outcome() is None and game.can_offer_draw()

    def offer(self, by: Color | None = None) -> bool:
        """``by`` (default: the side to move) offers a draw. A seat that decides for itself
        answers at once; a person's answer comes through :meth:`answer`. Returns whether the
        offer was made."""
        game = self._game()
        by = game.turn if by is None else by
        if not self.can_offer() or self.offered is not None or self._other_question():
            return False
        self.offered = by
        self._turns.emit(DrawOffered(by))
        answer = self._turns.seats[by.other].accepts_draw(game.copy(), by.other)
        if answer is not None:
            self.answer(answer)
        return True

    def answer(self, accept: bool) -> None:
        """The other side's answer to the pending draw offer."""
        by = self.offered
        if by is None:
            return
        self.offered = None
        if accept:
            self._turns.cancel()
            self._game().agree_draw()
            self._end()
        else:
            self._turns.emit(DrawDeclined(by.other))
