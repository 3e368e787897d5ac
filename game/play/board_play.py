"""A board game in play (International, Russian, Apokachi): the game, its options, the record,
the clocks, resignation, and a player in each seat; its parts keep the rest, each with its own
state: the huff (``huff``, board_huff.py), the review (``reviewing``, board_review.py), draw
offers (``draws``, board_draws.py), takebacks and redo (``takebacks``, board_takebacks.py).

Pure: no pygame. The board scene is a view of one of these; ``events()`` tells it what
happened since it last looked.
"""
from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from game.play.board_draws import DrawOffers
from game.play.board_huff import Huff
from game.play.board_review import Review
from game.play.board_takebacks import Takebacks
from game.play.events import DrawDeclined, GameOver, MovePlayed, PlayEvent, Refused, Synced, \
    TakebackDeclined
from game.play.clock import ChessClock, ClockSpec
from game.play.fingerprints import board_digest
from game.play.seats import AnswerDraw, AnswerTakeback, AskTakeback, OfferDraw, Request, \
    Resign, Seat
from game.play.turns import Seated, Turns
from game.rules import find_variant
from game.rules.core import Color, Game, GameOverError, IllegalMoveError, Move, Outcome, \
    Piece, Termination


def pdn_date(day: datetime.date) -> str:
    """A day as PDN writes it: ``2026.11.30``."""
    return f"{day.year:04d}.{day.month:02d}.{day.day:02d}"



class BoardPlay(Seated):
    """One game of a board variant from its first move to its end, and its review after.
    Keeps the :class:`~game.play.protocol.Play` protocol."""

    kind: ClassVar[str] = "board"

    def __init__(self, variant: str, options: Mapping[str, Any] | None = None, *,
                 fen: str | None = None, game: Game | None = None,
                 seats: Mapping[Color, Seat] | None = None,
                 clock: ClockSpec | None = None,
                 tags: Mapping[str, str] | None = None) -> None:
        self.variant = variant
        cls = find_variant(variant)
        if game is None:
            game = cls.from_fen(fen, **dict(options or {})) if fen else cls.new(**dict(options or {}))
        self.game: Game = game
        self.options: dict[str, Any] = dict(options or {})
        #: the seats, what they hear and ask, whose turn is asked (one driver for every game)
        self.turns: Turns[PlayEvent] = Turns(seats)
        #: the parts, each keeping its own state; they read the game through ``_now``, as
        #: adopting the host's copy replaces it
        self.huff = Huff(self._now, self.turns, lambda: self.person_to_move)
        self.reviewing = Review(self._now, self.turns, self.huff)
        self.draws = DrawOffers(self._now, self.turns, self._check_over,
                                lambda: self.takebacks.asked is not None)
        self.takebacks = Takebacks(self._now, self.turns, huff=self.huff,
                                   review=self.reviewing, draws=self.draws,
                                   pop=self._pop, push=self._push_again)
        #: whether a fallen flag ends the game here (not on the guest's side of a game over
        #: the network: the host's clock is the one that decides)
        self.flag_falls = True
        self.notation: list[str] = []
        self.first_turn: Color = game.turn
        self._rebuild_notation()
        if clock is not None and not game.chess_clock:
            raise ValueError(f"{game.title} is not played with a chess clock")
        self.clock: ChessClock | None = ChessClock(clock) if clock is not None else None
        #: PDN tags of the game: the players' names (``White``, ``Black``), the ``Date`` it
        #: began (today for a new game), and whatever a file it came from said (``Event`` ...)
        self.tags: dict[str, str] = {str(k): str(v) for k, v in (tags or {}).items()}
        if tags is None:
            self.tags["Date"] = pdn_date(datetime.date.today())

    def _now(self) -> Game:
        return self.game

    # --- the record ---------------------------------------------------------------------------
    def _rebuild_notation(self) -> None:
        replay = self.game.copy()
        moves = list(replay.move_stack)
        for _ in moves:
            replay.pop()
        self.first_turn = replay.turn
        self.notation = []
        for move in moves:
            self.notation.append(replay.move_text(move))
            replay.push(move)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self.game.move_stack)

    @property
    def ply(self) -> int:
        return len(self.game.move_stack)

    @property
    def line_offset(self) -> int:
        """1 when the game began with the second side to move (the first line of the record
        has a gap where the first side's move would be), else 0. The first side is the
        game's ``first_color``: White, or Black in English draughts."""
        return 0 if self.first_turn is type(self.game).first_color else 1

    def full_moves(self) -> int:
        """Moves as the move list numbers them: a line holds a move of each side."""
        plies = self.ply + self.line_offset
        return (plies + 1) // 2

    # --- the state --------------------------------------------------------------------------
    @property
    def turn(self) -> Color:
        return self.game.turn

    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    @property
    def is_over(self) -> bool:
        return self.game.outcome() is not None

    @property
    def in_progress(self) -> bool:
        """Started and not over: worth a question before leaving it."""
        return bool(self.game.move_stack) and self.game.outcome() is None

    @property
    def shown(self) -> Game:
        """The game whose position is on the board: the real one, or the reviewed one."""
        return self.reviewing.game if self.reviewing.game is not None else self.game

    @property
    def person_to_move(self) -> bool:
        """Whether the window may enter a move now (the turn of a person at this window, in a
        live game that waits for no answer and no one away)."""
        return (self.seats[self.game.turn].at_window and self.reviewing.ply is None
                and self.game.outcome() is None and self.draws.offered is None
                and self.takebacks.asked is None and self.turns.everyone_present)

    def has_person(self) -> bool:
        """Whether a person plays at this window."""
        return self.turns.has_person_at_window()

    def events(self) -> list[PlayEvent]:
        """What happened since the last call, oldest first."""
        return self.turns.drain()

    def _emit(self, event: PlayEvent) -> None:
        self.turns.emit(event)

    # --- the Play protocol's facts (game/play/protocol.py says what each means) ----------------
    @property
    def game_key(self) -> str:
        return self.variant

    @property
    def result(self) -> str:
        outcome = self.game.outcome()
        return "*" if outcome is None else outcome.result()

    @property
    def to_move(self) -> Color | None:
        return None if self.is_over else self.game.turn

    @property
    def played(self) -> int:
        return self.ply

    @property
    def resigned(self) -> bool:
        outcome = self.game.outcome()
        return outcome is not None and outcome.termination is Termination.RESIGNATION

    @property
    def started(self) -> bool:
        game = self.game
        return bool(game.move_stack or self.takebacks.redo_stack) \
            or game.starting_fen() != type(game).new(**game.options).starting_fen()

    @property
    def asking(self) -> bool:
        return self.draws.offered is not None or self.takebacks.asked is not None

    @property
    def in_motion(self) -> bool:
        return False  # nothing rolls on a board

    @property
    def swaps_seats(self) -> bool:
        return False

    def fingerprint(self) -> str:
        return board_digest(self.game)

    def figures(self) -> dict[str, object]:
        return {"draw": self.draws.offered, "takeback": self.takebacks.asked}

    def same_rules(self, other: object) -> bool:
        return isinstance(other, BoardPlay) and other.variant == self.variant \
            and other.game.options == self.game.options \
            and other.game.starting_fen() == self.game.starting_fen()

    def follow(self, other: object) -> bool:
        if not isinstance(other, BoardPlay):
            raise ValueError("a board game follows only a board game")
        if other.notation != self.notation or other.game.outcome() != self.game.outcome():
            self.adopt(other)
            return True
        if other.clock is not None and self.clock is not None:  # the same game: its times
            self.clock.left.update(other.clock.left)
        return False

    def settle(self) -> None:
        """Nothing moves on a board between two moves."""

    def step(self) -> None:
        self.update()

    # --- the position the person moves from -----------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The moves the person may enter now: after the huff chosen, if any."""
        return self.huff.legal_moves()

    def pieces(self) -> dict[int, Piece]:
        """The pieces on the board as shown: the reviewed position, or the game's without
        the piece taken for фук this turn."""
        pieces = dict(self.shown.pieces())
        return pieces if self.reviewing.ply is not None else self.huff.hidden(pieces)

    # --- moves --------------------------------------------------------------------------------
    def play(self, move: Move, *, by_person: bool = True, keep_redo: bool = False) -> None:
        """Make ``move`` on the real game (a huff it carries first); raises IllegalMoveError
        if it is not legal now."""
        if self.game.outcome() is not None:
            raise GameOverError("the game is over")
        if not self.game.is_legal(move):
            raise IllegalMoveError(f"{self.game.move_text(move)} is not a legal move here")
        self._push(move, by_person=by_person, redo=keep_redo)
        if not keep_redo:
            self.takebacks.redo_stack.clear()

    def play_text(self, text: str, *, by_person: bool = True) -> Move:
        """Make a move given in the game's notation."""
        move = self.game.parse_move(self.huff.move_text(text))
        self.play(move, by_person=by_person)
        return move

    def _push(self, move: Move, *, by_person: bool, redo: bool) -> None:
        self._cancel_seat()
        self.reviewing.leave()
        self.huff.pending = None
        before = dict(self.game.pieces())
        text = self.game.move_text(move)
        if self.clock is not None:
            self.clock.moved(self.game.turn)
        self.game.push(move)
        self.notation.append(text)
        self.draws.offered = None
        self.takebacks.declined_by_moving()
        self._emit(MovePlayed(move, text, before[move.start], before, self.ply,
                                       by_person, redo))
        self._check_over()

    def _check_over(self) -> None:
        outcome = self.game.outcome()
        if outcome is not None:
            self.huff.withdraw()
            self._cancel_seat()
            self._emit(GameOver(outcome, outcome.winner))

    def _push_again(self, move: Move) -> None:
        """A move taken back played again (a redo)."""
        self._push(move, by_person=False, redo=True)

    def _pop(self) -> Move:
        """The last move taken off the record (a takeback): the game, the move list, the
        clock."""
        move = self.game.pop()
        self.notation.pop()
        if self.clock is not None:
            self.clock.take_back()
        return move

    # --- takebacks (the part ``takebacks``) ------------------------------------------------------
    def undo(self, by: Color | None = None) -> bool:
        """``by`` (default: the side at this window) takes back its last move, or asks to
        (:meth:`Takebacks.undo <game.play.board_takebacks.Takebacks.undo>` says how far)."""
        return self.takebacks.undo(by)

    def redo(self) -> bool:
        """Play again the moves taken back, up to a person's turn. False if there is none."""
        return self.takebacks.redo()

    # --- draws and resignation -------------------------------------------------------------
    def offer_draw(self, by: Color | None = None) -> bool:
        """``by`` (default: the side to move) offers a draw; whether the offer was made (the
        part ``draws`` keeps it until it is answered)."""
        return self.draws.offer(by)

    def resign(self, color: Color | None = None) -> None:
        """``color`` (default: the side to move) gives up."""
        if self.game.outcome() is not None:
            raise GameOverError("the game is over")
        self.draws.offered = None
        self.takebacks.asked = None
        self.game.resign(self.game.turn if color is None else color)
        self._check_over()

    # --- the clock ------------------------------------------------------------------------------
    def clock_running(self) -> bool:
        """A clock runs from the first move while the game is played (not while it is
        reviewed, nor after it ended): Apokachi's game timer, or the chess clock of the side
        to move."""
        return ((self.game.time_limit is not None or self.clock is not None)
                and self.reviewing.ply is None and bool(self.game.move_stack)
                and self.game.outcome() is None and self.turns.everyone_present)

    def tick(self, seconds: float) -> None:
        """The caller reports ``seconds`` of time passing; the play object decides whether a
        clock runs and whether time is up. A fallen flag loses, unless the other side has no
        way left to win: then it is a draw."""
        if seconds <= 0 or not self.clock_running():
            return
        if self.game.time_limit is not None:
            self.game.add_elapsed(seconds)
        if self.clock is not None and self.clock.run(self.game.turn, seconds) \
                and self.flag_falls:
            loser = self.game.turn
            winner = loser.other if self.game.could_win(loser.other) else None
            self._cancel_seat()
            self.draws.offered = None
            self.game.record_end(Outcome(Termination.TIME_FORFEIT, winner))
        self._check_over()

    # --- the seats ---------------------------------------------------------------------------
    def update(self) -> Move | None:
        """Take what the seats asked for (resign, draw, takeback and their answers), then ask
        the seat to move, if it is not at this window, and play its answer once it has one.
        Call once per update; never blocks. Returns the move played, if any."""
        for color, request in self.turns.requests():
            self.request(color, request)
        color = self.game.turn
        asked = self.draws.offered or self.takebacks.asked  # the side waiting for an answer
        # a seat elsewhere asked a question may answer it by moving (that declines it)
        answers_by_moving = asked is color.other and not self.seats[color].at_window
        if self.game.outcome() is not None or self.reviewing.ply is not None \
                or (asked is not None and not answers_by_moving) \
                or not self.turns.everyone_present:
            self.turns.idle()
            return None
        if self.seats[color].at_window:
            self.turns.ponder(color.other, self.ply, self.game.copy)
            return None
        self.huff.withdraw()  # a person's huff, and then the seat was given to the computer
        answer = self.turns.step(color, self.game.copy)
        if answer is None:
            return None
        if not isinstance(answer, Move):
            self._emit(Refused(color, f"{self.seats[color].kind} seat answered {answer!r}, "
                                      "not a move"))
            raise IllegalMoveError(f"{self.seats[color].kind} seat answered {answer!r}, "
                                   "not a move")
        try:
            self.play(answer, by_person=False)
        except IllegalMoveError as error:
            self._emit(Refused(color, str(error)))
            if self.seats[color].is_person:  # a person elsewhere: told, and asked again
                self.turns.cancel()
                return None
            raise
        return answer

    def request(self, color: Color, request: Request) -> bool:
        """Do what the seat of ``color`` asked for, if it can be done now; else the seat hears
        why not (a :class:`Refused`). Whether it was done."""
        reason: str | None = None
        over = self.game.outcome() is not None
        if isinstance(request, Resign):
            if over:
                reason = "the game is over"
            else:
                self.resign(color)
        elif isinstance(request, OfferDraw):
            if not self.offer_draw(color):
                # declined at once: the asking side (a seat elsewhere) stops waiting
                self._emit(DrawDeclined(color.other))
                reason = "a draw cannot be offered now"
        elif isinstance(request, AnswerDraw):
            if self.draws.offered is not color.other:
                reason = "no draw was offered to this side"
            else:
                self.draws.answer(request.accept)
        elif isinstance(request, AskTakeback):
            asked = self.takebacks.asked
            if asked is not None and asked is not color:
                self._emit(TakebackDeclined(color.other))  # the asking side stops waiting
                reason = "the other side's takeback request waits for an answer"
            elif asked is None and not self.takebacks.can_undo():
                self._emit(TakebackDeclined(color.other))
                reason = "nothing can be taken back now"
            elif asked is None:
                self.undo(color)  # granted, asked of the other side, or declined (said)
        elif isinstance(request, AnswerTakeback):
            if self.takebacks.asked is not color.other:
                reason = "no takeback was asked of this side"
            else:
                self.takebacks.answer(request.accept)
        if reason is not None:
            self._emit(Refused(color, reason))
        return reason is None

    def run(self, max_plies: int = 10_000) -> Outcome | None:
        """Play the game out with its seats, none of which may be a person (headless games)."""
        if self.has_person():
            raise ValueError("a seat at the window cannot be run without a window")
        for _ in range(max_plies):
            if self.game.outcome() is not None:
                break
            if self.update() is None and self.game.outcome() is None:
                raise RuntimeError(f"the {self.seats[self.game.turn].kind} seat did not move")
        return self.game.outcome()

    # --- another copy of the game --------------------------------------------------------
    def adopt(self, other: BoardPlay) -> None:
        """Take ``other``'s game as this one's (the host's copy, when this one fell out of
        step): its moves, clock and end; the seats stay. The window hears :class:`Synced`."""
        if other.variant != self.variant:
            raise ValueError(f"a game of {other.variant} cannot replace one of {self.variant}")
        self.turns.cancel()
        self.game = other.game
        self.notation = list(other.notation)
        self.first_turn = other.first_turn
        self.clock = other.clock
        self.takebacks.redo_stack = []
        self.draws.offered = other.draws.offered
        self.takebacks.asked = other.takebacks.asked
        self.huff.pending = None
        self.reviewing.leave()
        self._emit(Synced())

    # --- construction helpers -----------------------------------------------------------------
    @classmethod
    def from_moves(cls, variant: str, moves: Iterable[str],
                   options: Mapping[str, Any] | None = None, *,
                   fen: str | None = None) -> BoardPlay:
        """A game replayed from move texts (a saved game, a PDN record)."""
        play = cls(variant, options, fen=fen)
        for text in moves:
            play.play_text(text)
        play.events()
        return play
