"""A DXP program in a seat of an International draughts game: what the other side does here
goes to the program, what the program does comes back through the seat protocol.

The seat hears every event (:mod:`game.play.events`): a move of the other side becomes a
MOVE, a takeback it asks for a BACKREQ, the end of the game a GAMEEND. The program's MOVE is
the seat's answer (``poll``), its BACKREQ an :class:`AskTakeback`, its BACKACC the answer to
ours, its GAMEEND a resignation ("I give up") or a draw offer ("draw"); its chat and a lost
link are the seat's notice. A program that ended the game otherwise, or vanished, is not
waited for: the seat stops thinking and says so, and the game stays as it was.

Both roles: :meth:`DxpSeat.initiate` connects to a program and asks for a game (the seat is
away, the game waiting, until the program accepts); :meth:`DxpSeat.follow` listens, and the
:class:`DxpWaiting` it gives turns the request of a program that connects into a seat.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from game.net.dxp import PORT, AcceptCode, BackCode, EndReason, GameRequest, setup_of
from game.net.dxp_game import BackAnswered, BackRequested, ChatReceived, DxpEvent, DxpGame, \
    DxpInitiator, GameEnded, GameRefused, GameStarted, LinkLost, MoveReceived, Role, State
from game.net.dxp_link import DxpListener
from game.play.events import DrawOffered, GameOver, MovePlayed, MovesTakenBack, Notice, \
    PlayEvent, Refused, TakebackAsked, TakebackDeclined
from game.play.seats import Answer, AnswerTakeback, AskTakeback, OfferDraw, Position, \
    Request, Resign, Seat
from game.rules.core import Color, Game, Move


def _end_reason(event: GameOver, ours: Color) -> EndReason:
    """A GAMEEND reason, said by our side (``ours``), for an end of the game here."""
    outcome = event.outcome
    winner = outcome.winner if outcome is not None else event.winner
    if winner is None:
        return EndReason.DRAW
    return EndReason.WIN if winner is ours else EndReason.GIVE_UP


class DxpSeat(Seat):
    """The DXP program at the other end of ``dxp`` plays this seat."""

    is_person = False
    at_window = False
    kind = "dxp"
    is_program = True
    keeps_own_game = True

    def __init__(self, dxp: DxpGame, *, address: str = "") -> None:
        self.dxp = dxp
        self.address = address
        self.notice: Notice | None = None
        self._moves: list[Move] = []  # the program's moves, each waiting for its turn
        self._begun = False
        self._requests: list[Request] = []
        self._their_back: int | None = None  # the ply the program asked to go back to
        self._our_back: int | None = None  # the ply we asked the program to go back to
        self.gone = False  # the program ended the game or left: it plays no more
        self.events_seen: list[DxpEvent] = []  # for tests and a log
        self._started = False  # this seat's game began (a later start is the next game's)
        #: the seat of the next game the program asked for on the same connection (the
        #: window starts a new game with it: ``successor.start``, ``successor.our_color``)
        self.successor: DxpSeat | None = None
        #: the position this seat's game began from, and the side played here
        self.start: Game | None = None if dxp.game is None else dxp.game.copy()
        self.our_color = dxp.our_color

    # --- making one ---------------------------------------------------------------------------
    @classmethod
    def initiate(cls, host: str, port: int = PORT, our_color: Color = Color.WHITE,
                 minutes: int = 10, moves: int = 0, *, start: Game | None = None,
                 name: str = "Shashki", connect_timeout: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> DxpSeat:
        """Connect to the program at ``host``:``port`` and ask for a game in which we play
        ``our_color`` (the program the other), ``minutes`` each, ``moves`` in all (0: no
        limit), from ``start`` (None: the usual start). The seat is away until the program
        accepts; a refusal or no answer is its notice."""
        request = GameRequest(name, our_color.other, minutes, moves,
                              None if start is None else setup_of(start))
        dxp = DxpInitiator(host, port, request, start=start, name=name,
                           connect_timeout=connect_timeout, clock=clock)
        return cls(dxp, address=f"{host}:{port}")

    @staticmethod
    def follow(port: int = PORT, bind: str = "127.0.0.1", *, name: str = "Shashki",
               clock: Callable[[], float] = time.monotonic) -> DxpWaiting:
        """Listen on ``port`` for a program that asks for a game (see :class:`DxpWaiting`)."""
        return DxpWaiting(port, bind, name=name, clock=clock)

    # --- the state ------------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """The program accepted (or asked for) the game and plays it."""
        return self.dxp.state in (State.PLAYING, State.ENDING) and not self.gone

    @property
    def present(self) -> bool:
        """Away (the game waits) only while the connection opens and the request is
        answered; a program that refused, ended or left is not waited for."""
        if self.gone:
            return True
        if self.dxp.role is Role.FOLLOWER:
            return True
        if self.dxp.state in (State.IDLE, State.REQUESTED):
            # the game asks only this while the seat is away: the connection is read here
            self._pump()
        return self.gone or self.dxp.state not in (State.IDLE, State.REQUESTED)

    @property
    def opponent(self) -> str:
        return self.dxp.opponent

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "name": self.dxp.opponent[:40], "address": self.address[:60]}

    def say(self, text: str) -> None:
        """Chat to the program (one line of ASCII, cut to what DXP carries)."""
        self.dxp.chat(text)

    # --- the seat protocol ------------------------------------------------------------------------
    def begin(self, position: Position) -> None:
        self._begun = True

    def cancel(self) -> None:
        self._begun = False

    @property
    def thinking(self) -> bool:
        return self._begun and not self.gone

    def poll(self) -> Answer | None:
        self._pump()
        if not self._begun or not self._moves:
            return None
        self._begun = False
        return self._moves.pop(0)

    def requests(self) -> list[Request]:
        self._pump()
        out, self._requests = self._requests, []
        return out

    def accepts_draw(self, game: Game, color: Color) -> bool | None:
        return False  # DXP has no draw offer: the program plays on

    def grants_takeback(self, game: Position, by: Color) -> bool | None:
        if self.ready:
            return None  # the program answers with BACKACC
        if self.gone:  # nothing is taken back in a game the program has left
            self.notice = Notice("board.dxp.ended", {"name": self.dxp.opponent[:32] or "DXP"})
        return False

    def close(self) -> None:
        if self.successor is not None:
            return  # the connection plays the next game now, in the successor's seat
        if self.dxp.playing:
            self.dxp.end(EndReason.UNKNOWN, stop=True, why="the game was left")
        self.dxp.close("the game was left")

    # --- what happens here ------------------------------------------------------------------------
    def hear(self, event: PlayEvent) -> None:
        if self.successor is not None:
            return  # the connection plays the next game: this one's events stay here
        mine = self.color
        dxp, game = self.dxp, self.dxp.game
        if isinstance(event, MovePlayed):
            if event.piece.color is mine or game is None or not dxp.playing:
                return  # the program's own move (already on its game), or no game there
            if not dxp.our_turn or len(game.move_stack) != event.ply - 1:
                self._lost("the game here and the program's are out of step")
                dxp.close("out of step")
                return
            dxp.play(event.move)
        elif isinstance(event, TakebackAsked) and event.by is not mine and game is not None:
            if self._moves:  # the program has moved meanwhile: its move first
                self._requests.append(AnswerTakeback(False))
                return
            # our side asks: back to its own turn, as the play object will take it back
            replay, target = game.copy(), len(game.move_stack)
            while replay.move_stack:
                replay.pop()
                target -= 1
                if replay.turn is event.by:
                    break
            self._our_back = target
            dxp.ask_back(target)
        elif isinstance(event, TakebackDeclined) and event.by is not mine:
            if self._their_back is not None:
                self._their_back = None
                dxp.answer_back(False)
        elif isinstance(event, MovesTakenBack):
            if self._their_back is not None:  # the program asked and our side granted it
                self._their_back = None
                dxp.answer_back(True)
        elif isinstance(event, DrawOffered) and event.by is not mine:
            dxp.chat("A draw is offered.")
        elif isinstance(event, GameOver):
            if dxp.playing and mine is not None:
                dxp.end(_end_reason(event, mine.other), why="the game ended here")
        elif isinstance(event, Refused) and event.color is mine:
            dxp.chat(f"Refused: {event.reason}")

    # --- what comes from the program -----------------------------------------------------------
    def _pump(self) -> None:
        if self.successor is not None:  # what comes now is the next game's
            self.successor._pump()
            return
        for event in self.dxp.poll():
            self.events_seen.append(event)
            if self.successor is not None:
                self.successor.events_seen.append(event)
                self.successor._take(event)
            else:
                self._take(event)

    def _take(self, event: DxpEvent) -> None:
        if isinstance(event, MoveReceived):
            self._moves.append(event.move)
        elif isinstance(event, BackRequested):
            game = self.dxp.game
            mine = self.color
            # the play object takes back to the asker's own turn: one or two plies
            if game is None or mine is None or not game.move_stack or self._moves:
                self.dxp.answer_back(False)  # nothing to take back, or its move not yet here
                return
            replay, target = game.copy(), len(game.move_stack)
            while replay.move_stack:
                replay.pop()
                target -= 1
                if replay.turn is mine:
                    break
            if event.ply != target:
                self.dxp.answer_back(False)  # only back to its own last turn, as here
                self.dxp.chat("Back only to your own last move, please.")
                return
            self._their_back = event.ply
            self._requests.append(AskTakeback())
        elif isinstance(event, BackAnswered):
            accepted = event.code is BackCode.ACCEPT and event.ply == self._our_back
            self._our_back = None
            self._requests.append(AnswerTakeback(accepted))
        elif isinstance(event, GameEnded):
            self._ended(event)
        elif isinstance(event, ChatReceived):
            self.notice = Notice("board.dxp.chat", {"name": self.dxp.opponent[:32] or "DXP",
                                                    "text": event.text[:126]})
        elif isinstance(event, GameRefused):
            self.gone = True
            self.notice = Notice("board.dxp.refused", {"code": int(event.code)})
        elif isinstance(event, LinkLost):
            if not self.gone:
                self._lost(event.reason)
        elif isinstance(event, GameStarted):
            if self._started:  # the program asks for the next game
                self.gone = True
                self.successor = DxpSeat(self.dxp, address=self.address)
                self.successor._started = True
            else:
                self._started = True
                self.start = None if self.dxp.game is None else self.dxp.game.copy()
                self.our_color = event.our_color

    def _ended(self, event: GameEnded) -> None:
        game = self.dxp.game
        self.gone = True  # the game is over for the program: it plays no more of it
        if not event.by_them or game is None or game.outcome() is not None:
            return  # the confirmation of our end, or the rules ended it here too
        if event.reason is EndReason.GIVE_UP:
            self._requests.append(Resign())
        elif event.reason is EndReason.DRAW:
            self._requests.append(OfferDraw())
            self.notice = Notice("board.dxp.draw", {"name": self.dxp.opponent[:32] or "DXP"})
        else:
            self.notice = Notice("board.dxp.ended", {"name": self.dxp.opponent[:32] or "DXP"})

    def _lost(self, reason: str) -> None:
        self.gone = True
        self._begun = False
        self.notice = Notice("board.dxp.lost", {"reason": reason[:120]})


class DxpWaiting:
    """Listens for a DXP program that asks for a game; :meth:`poll` it every update. Once a
    program's request is accepted, ``seat`` is its :class:`DxpSeat` (its ``color`` still to
    be told by the play object: the program plays ``their_color``), and ``our_color``,
    ``minutes``, ``moves`` and ``start`` say the game to set up here."""

    def __init__(self, port: int = PORT, bind: str = "127.0.0.1", *, name: str = "Shashki",
                 clock: Callable[[], float] = time.monotonic,
                 request_timeout: float = 60.0) -> None:
        self.listener = DxpListener(port, bind)
        self.name = name
        self._clock = clock
        self.request_timeout = request_timeout
        self._dxp: DxpGame | None = None
        self.seat: DxpSeat | None = None
        self.our_color = Color.WHITE
        self.minutes = 0
        self.moves = 0
        self.start: Game | None = None
        self.refused: AcceptCode | None = None  # the last request we could not play
        self.last_error: str | None = None  # the last connection that failed, and why

    @property
    def address(self) -> tuple[str, int]:
        return self.listener.host, self.listener.port

    def poll(self) -> DxpSeat | None:
        """The seat, once a program's game request was accepted (then the listener closes);
        else None. Never blocks."""
        if self.seat is not None:
            return self.seat
        if self._dxp is None:
            link = self.listener.accept()
            if link is None:
                return None
            self._dxp = DxpGame(link, Role.FOLLOWER, name=self.name, clock=self._clock,
                                request_timeout=self.request_timeout)
        dxp = self._dxp
        events = dxp.poll()
        for number, event in enumerate(events):
            if isinstance(event, GameRefused):
                self.refused = event.code
            elif isinstance(event, LinkLost):
                self.last_error = event.reason
                self._dxp = None  # listen for the next one
                return None
            elif isinstance(event, GameStarted):
                game = dxp.game
                assert game is not None
                self.our_color = event.our_color
                self.minutes, self.moves = event.minutes, event.moves
                self.start = game.copy()
                seat = DxpSeat(dxp)
                seat._started = True
                for later in events[number + 1:]:  # what came with the request
                    seat.events_seen.append(later)
                    seat._take(later)
                self.seat = seat
                self.listener.close()
                return seat
        return None

    @property
    def their_color(self) -> Color:
        return self.our_color.other

    def close(self) -> None:
        self.listener.close()
        if self.seat is None and self._dxp is not None:
            self._dxp.close("no longer waiting")
