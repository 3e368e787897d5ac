"""Takebacks in a board game in play: moves taken back (asked of the other side when it is a
person elsewhere), and played again.

A part of :class:`~game.play.board_play.BoardPlay`, with its own state (the side whose request
waits for an answer, the moves that may be played again); the play owns it and passes in the
game now, the turn driver (the seats, what they hear), the parts a takeback touches (the huff
put back, the review left, a draw offer dropped) and the play's own way to take one move off
the record (``pop``) and to play one again (``push``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.play.board_draws import DrawOffers
from game.play.board_huff import Huff
from game.play.board_review import Review
from game.play.events import EndWithdrawn, MovesTakenBack, TakebackAsked, TakebackDeclined
from game.play.turns import Turns
from game.rules.core import Color, Game, Move, Termination

#: an end the players declared: a takeback withdraws it
DECLARED = (Termination.RESIGNATION, Termination.AGREEMENT)
#: time is up (Apokachi's timer, a fallen flag): nothing is taken back
_FINAL = ("timer", Termination.TIME_FORFEIT.value)


class Takebacks:
    """Taking moves back and playing them again."""

    def __init__(self, game: Callable[[], Game], turns: Turns[Any], *, huff: Huff,
                 review: Review, draws: DrawOffers, pop: Callable[[], Move],
                 push: Callable[[Move], None]) -> None:
        self._game = game
        self._turns = turns
        self._huff = huff
        self._review = review
        self._draws = draws
        self._pop = pop
        self._push = push
        #: the side whose takeback request awaits the other side's answer
        self.asked: Color | None = None
        #: the moves taken back, the last taken on top: what a redo plays again
        self.redo_stack: list[Move] = []

    def can_undo(self) -> bool:
        """Whether anything may be taken back now: a move, a huff chosen this turn, a
        resignation or agreed draw (not a game whose time is up)."""
        game = self._game()
        outcome = game.outcome()
        if outcome is not None and outcome.termination.value in _FINAL:
            return False  # the time is up: no move of the game can be taken back
        return bool(game.move_stack) or self._huff.pending is not None or (
            outcome is not None and outcome.termination in DECLARED)

    def _window_side(self) -> Color:
        """The side a command at this window is made for: the side to move if its seat is at
        this window, else the other."""
        turn = self._game().turn
        return turn if self._turns.seats[turn].at_window else turn.other

    def undo(self, by: Color | None = None) -> bool:
        """``by`` (default: the side at this window) takes back its last move; against the
        computer, or a person at another computer, back to its own turn (two plies when the
        other side has moved since). A huff chosen this turn, or a resignation or agreed draw
        after the last move, is withdrawn first; a move made after a huff is taken back with
        it. The other side is asked first when it is a person at another computer (or a person
        here asked by one there): then the takeback waits for the answer. Returns whether
        anything was taken back or asked for."""
        if not self.can_undo() or self.asked is not None:
            return False
        if self._huff.withdraw():
            return True
        by = self._window_side() if by is None else by
        seats = self._turns.seats
        other = seats[by.other]
        if not (seats[by].at_window and other.at_window):
            if not seats[by].at_window:
                # asked from elsewhere: every seat hears the question, even one answered now
                self._turns.emit(TakebackAsked(by))
            grant = other.grants_takeback(self._game().copy(), by)
            if grant is None:
                self.asked = by
                if seats[by].at_window:
                    self._turns.emit(TakebackAsked(by))
                return True
            if not grant:
                self._turns.emit(TakebackDeclined(by.other))
                return False
        self._take_back(by)
        return True

    def answer(self, accept: bool) -> None:
        """The other side's answer to the pending takeback request."""
        by = self.asked
        if by is None:
            return
        self.asked = None
        if accept and self.can_undo():
            self._take_back(by)
        else:
            self._turns.emit(TakebackDeclined(by.other))

    def declined_by_moving(self) -> None:
        """The other side moved instead of answering the request: that declines it."""
        if self.asked is not None:
            self._turns.emit(TakebackDeclined(self.asked.other))
            self.asked = None

    def _take_back(self, by: Color) -> None:
        self._review.leave()
        self._turns.cancel()
        self._draws.offered = None
        game = self._game()
        outcome = game.outcome()
        if outcome is not None and outcome.termination in DECLARED:
            game.withdraw_end()
            self._turns.emit(EndWithdrawn())
            return
        seats = self._turns.seats
        both_here = all(seat.at_window for seat in seats.values())
        taken: list[Move] = []
        while game.move_stack:
            taken.append(self._pop())
            if both_here or game.turn is by or not self._turns.has_person_at_window():
                break
        self.redo_stack.extend(taken)
        self._turns.emit(MovesTakenBack(tuple(taken)))

    def can_redo(self) -> bool:
        """Moves taken back may be played again, unless a seat keeps a game of its own (a
        person at another computer, a DXP program): what was taken back stays taken back."""
        return bool(self.redo_stack) and self._game().outcome() is None and not any(
            seat.keeps_own_game for seat in self._turns.seats.values())

    def redo(self) -> bool:
        """Play again the moves taken back, up to a person's turn. False if there is none."""
        if not self.can_redo():
            return False
        self._review.leave()
        self._huff.withdraw()
        game = self._game()
        while self.redo_stack and game.outcome() is None:
            move = self.redo_stack.pop()
            if not game.is_legal(move):
                self.redo_stack.clear()
                return False
            self._push(move)
            if self._turns.seats[game.turn].at_window or not self._turns.has_person_at_window():
                break
        return True
