"""One DXP conversation in either role: game requests and their answers, moves checked
against the rules and the turn, back requests, the end of a game and its confirmation, chat.

It keeps the game (an International draughts :class:`Game`) as both sides played it and
says what the other side did as events; the caller (the headless follower, the initiator of
a match, the window's seat) decides our moves and answers. A move that is illegal or out of
turn, or a message the role does not allow, ends the link with the reason (see
:meth:`DxpLink.fail`); a silent peer ends it after a timeout. Nothing here raises to the
caller or waits.
"""
from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Union

from game.net.dxp import AcceptCode, BackAccept, BackCode, BackRequest, Chat, DxpError, \
    EndReason, GameAccept, GameEnd, GameRequest, MoveMessage, clean_chat, find_move, game_of, \
    move_message, number_of, ply_of
from game.net.dxp_link import DxpLink
from game.rules.core import Color, Game, Move

#: seconds the initiator waits for the answer to its request, and either side for the
#: confirmation of a game end
ANSWER_TIMEOUT = 10.0
#: seconds a follower waits for a game request on a new or idle connection
REQUEST_TIMEOUT = 60.0
#: seconds of silence allowed beyond the peer's whole thinking time while it is to move
GRACE = 120.0


class Role(enum.Enum):
    INITIATOR = "initiator"
    FOLLOWER = "follower"


class State(enum.Enum):
    IDLE = "idle"  # connected, no game: the initiator may request one
    REQUESTED = "requested"  # the initiator waits for the answer to its request
    PLAYING = "playing"
    ENDING = "ending"  # we sent a game end and wait for its confirmation
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A game began: our colour, each side's minutes, the moves of the game (0: no limit),
    and the other program's name."""

    our_color: Color
    minutes: int
    moves: int
    opponent: str


@dataclass(frozen=True, slots=True)
class GameRefused:
    """The follower refused our request (its code), or we refused theirs."""

    code: AcceptCode
    by_us: bool


@dataclass(frozen=True, slots=True)
class MoveReceived:
    """The other side played ``move`` (already on :attr:`DxpGame.game`)."""

    move: Move
    seconds: int


@dataclass(frozen=True, slots=True)
class BackRequested:
    """The other side asks to take the game back to ``ply`` plies; answer with
    :meth:`DxpGame.answer_back`."""

    ply: int


@dataclass(frozen=True, slots=True)
class BackAnswered:
    """The answer to our back request (accepted: the game is already taken back)."""

    code: BackCode
    ply: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: the other side ended it (``by_them``, with its reason) or
    confirmed our end. ``stop``: the other side wants no next game."""

    reason: EndReason
    by_them: bool
    stop: bool
    why: str = ""  # ours, in words, when it was not theirs


@dataclass(frozen=True, slots=True)
class ChatReceived:
    text: str


@dataclass(frozen=True, slots=True)
class LinkLost:
    """The connection ended; ``reason`` says why."""

    reason: str
    peer_fault: bool


DxpEvent = Union[GameStarted, GameRefused, MoveReceived, BackRequested, BackAnswered,
                 GameEnded, ChatReceived, LinkLost]


class DxpGame:
    """The DXP conversation over one link, in one role. :meth:`poll` it every update."""

    def __init__(self, link: DxpLink, role: Role, *, name: str = "Shashki",
                 clock: Callable[[], float] = time.monotonic,
                 answer_timeout: float = ANSWER_TIMEOUT,
                 request_timeout: float = REQUEST_TIMEOUT,
                 accept: Callable[[GameRequest], AcceptCode] | None = None) -> None:
        self.link = link
        self.role = role
        self.name = name
        self._clock = clock
        self.answer_timeout = answer_timeout
        self.request_timeout = request_timeout
        #: the follower's judge of a request (None: every request it can play is taken)
        self._accept = accept
        self.state = State.IDLE
        self.game: Game | None = None
        self.our_color = Color.WHITE
        self.minutes = 0
        self.moves = 0
        self.opponent = ""
        self.request: GameRequest | None = None
        self._first = Color.WHITE
        self._deadline: float | None = clock() + request_timeout \
            if role is Role.FOLLOWER else None
        self._waiting_for = "game request"
        self._end_why = ""  # why we ended the game, in words
        self._back_asked: int | None = None  # the ply we asked to go back to
        self._their_back: int | None = None  # the ply they asked to go back to
        self._lost_told = False
        self._broken = False  # we cut the link for what the peer sent

    # --- what the caller asks ------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.state is State.PLAYING

    @property
    def our_turn(self) -> bool:
        return (self.state is State.PLAYING and self.game is not None
                and self.game.outcome() is None and self.game.turn is self.our_color)

    def request_game(self, request: GameRequest, start: Game | None = None) -> None:
        """(Initiator) ask for a game; the answer comes as GameStarted or GameRefused."""
        if self.role is not Role.INITIATOR or self.state is not State.IDLE:
            raise RuntimeError(f"no game request in state {self.state.value}")
        try:
            game = start.copy() if start is not None else game_of(request)
        except DxpError as error:
            raise ValueError(error.reason) from None
        self.request = request
        self.game = game
        self.our_color = request.follower_color.other
        self.minutes, self.moves = request.minutes, request.moves
        self.link.send(request)
        self._wait(self.answer_timeout, "answer to the game request")
        self.state = State.REQUESTED

    def play(self, move: Move, seconds: int = 0) -> None:
        """Our move: onto the game and to the other side. Raises ValueError when it is
        not our turn or the move is not legal (our own mistake, not the peer's)."""
        game = self.game
        if not self.our_turn or game is None:
            raise ValueError("it is not our turn")
        if not game.is_legal(move):
            raise ValueError(f"{game.move_text(move)} is not legal here")
        message = move_message(game, move, seconds)
        game.push(move)
        self.link.send(message)
        self._their_move_expected()

    def end(self, reason: EndReason, *, stop: bool = False, why: str = "") -> None:
        """We end the game (the other side confirms it with its own GAMEEND)."""
        if self.state is not State.PLAYING:
            return
        self.link.send(GameEnd(reason, stop))
        self.state = State.ENDING
        self._end_why = why
        self._wait(self.answer_timeout, "confirmation of the game end")

    def ask_back(self, ply: int) -> None:
        """Ask to take the game back to ``ply`` plies (BackAnswered comes)."""
        game = self.game
        if self.state is not State.PLAYING or game is None:
            return
        if not 0 <= ply <= len(game.move_stack):
            raise ValueError(f"no ply {ply} to go back to")
        number, color = number_of(ply, self._first)
        self._back_asked = ply
        self.link.send(BackRequest(number, color))

    def answer_back(self, accept: bool) -> None:
        """Answer the other side's back request (accepted: the game is taken back now)."""
        ply, self._their_back = self._their_back, None
        if ply is None:
            return
        if accept and self.game is not None and ply <= len(self.game.move_stack):
            self._take_back(ply)
            self.link.send(BackAccept(BackCode.ACCEPT))
        else:
            self.link.send(BackAccept(BackCode.DECLINE))

    def chat(self, text: str) -> None:
        self.link.send(clean_chat(text))

    def close(self, reason: str = "closed") -> None:
        self.link.close(reason)
        self.state = State.CLOSED

    # --- what arrives --------------------------------------------------------------------------
    def poll(self) -> list[DxpEvent]:
        """What the other side did since the last poll (never blocks)."""
        if self.state is State.CLOSED:
            return []
        events: list[DxpEvent] = []
        for message in self.link.poll():
            if self._broken:  # what the peer sent after breaking the protocol is not read
                break
            self._take(message, events)
        if not self.link.closed and self._deadline is not None \
                and self._clock() > self._deadline:
            if self.state is State.ENDING:  # a confirmation that never came ends it anyway
                events.append(GameEnded(EndReason.UNKNOWN, False, False, self._end_why))
                self._idle()
            else:
                self._fail(f"no {self._waiting_for} in time")
        if self.link.closed:
            self.state = State.CLOSED
            if not self._lost_told:
                self._lost_told = True
                events.append(LinkLost(self.link.reason or "closed", self.link.peer_fault))
        return events

    def _take(self, message: object, events: list[DxpEvent]) -> None:
        if isinstance(message, Chat):
            events.append(ChatReceived(message.text))
        elif isinstance(message, GameRequest):
            self._requested(message, events)
        elif isinstance(message, GameAccept):
            self._accepted(message, events)
        elif isinstance(message, MoveMessage):
            self._moved(message, events)
        elif isinstance(message, GameEnd):
            self._ended(message, events)
        elif isinstance(message, BackRequest):
            self._back_requested(message, events)
        elif isinstance(message, BackAccept):
            self._back_answered(message, events)

    def _requested(self, request: GameRequest, events: list[DxpEvent]) -> None:
        if self.role is not Role.FOLLOWER:
            self._fail("only the initiator sends a game request")
            return
        code = AcceptCode.ACCEPT
        game: Game | None = None
        if request.version != 1:
            code = AcceptCode.WRONG_VERSION
        else:
            try:
                game = game_of(request)
            except DxpError:
                code = AcceptCode.NOT_THIS_GAME
        if code is AcceptCode.ACCEPT and self._accept is not None:
            code = self._accept(request)
        self.link.send(GameAccept(self.name, code))
        if code is not AcceptCode.ACCEPT or game is None:
            events.append(GameRefused(code, True))
            self._idle()
            return
        self._start(request, game, request.follower_color, events)

    def _accepted(self, answer: GameAccept, events: list[DxpEvent]) -> None:
        if self.role is not Role.INITIATOR or self.state is not State.REQUESTED:
            self._fail("a game acceptance nobody asked for")
            return
        request, game = self.request, self.game
        assert request is not None and game is not None
        if answer.code is not AcceptCode.ACCEPT:
            events.append(GameRefused(answer.code, False))
            self._idle()
            return
        self.opponent = answer.follower
        self._start(request, game, request.follower_color.other, events, answer.follower)

    def _start(self, request: GameRequest, game: Game, ours: Color, events: list[DxpEvent],
               opponent: str | None = None) -> None:
        self.request = request
        self.game = game
        self._first = game.turn
        self.our_color = ours
        self.minutes, self.moves = request.minutes, request.moves
        self.opponent = request.initiator if opponent is None else opponent
        self.state = State.PLAYING
        self._back_asked = self._their_back = None
        events.append(GameStarted(ours, request.minutes, request.moves, self.opponent))
        if game.turn is ours:
            self._deadline = None
        else:
            self._their_move_expected()

    def _moved(self, message: MoveMessage, events: list[DxpEvent]) -> None:
        game = self.game
        if self.state is State.ENDING:
            return  # sent before it read our end: the game is over anyway
        if self.state is not State.PLAYING or game is None:
            self._fail("a move when no game is played")
            return
        if game.turn is self.our_color:
            self._fail("a move out of turn")
            return
        try:
            move = find_move(game, message)
        except DxpError as error:
            self._fail(error.reason)
            return
        game.push(move)
        self._deadline = None
        events.append(MoveReceived(move, message.seconds))

    def _ended(self, message: GameEnd, events: list[DxpEvent]) -> None:
        if self.state is State.ENDING:
            events.append(GameEnded(message.reason, False, message.stop, self._end_why))
        elif self.state is State.PLAYING:
            self.link.send(GameEnd(EndReason.UNKNOWN, False))
            events.append(GameEnded(message.reason, True, message.stop))
        else:
            return  # a late or repeated end: nothing to end
        self._idle()

    def _back_requested(self, message: BackRequest, events: list[DxpEvent]) -> None:
        game = self.game
        ply = ply_of(message.number, message.color, self._first)
        if self.state is not State.PLAYING or game is None \
                or not 0 <= ply <= len(game.move_stack):
            self.link.send(BackAccept(BackCode.DECLINE))
            return
        self._their_back = ply
        events.append(BackRequested(ply))

    def _back_answered(self, message: BackAccept, events: list[DxpEvent]) -> None:
        ply, self._back_asked = self._back_asked, None
        if ply is None:
            self._fail("a back answer nobody asked for")
            return
        if message.code is BackCode.ACCEPT and self.game is not None:
            self._take_back(ply)
        events.append(BackAnswered(message.code, ply))

    def _fail(self, reason: str) -> None:
        self._broken = True
        self.link.fail(reason)

    # --- the clock of waiting ------------------------------------------------------------------
    def _take_back(self, ply: int) -> None:
        game = self.game
        assert game is not None
        while len(game.move_stack) > ply:
            game.pop()
        if game.turn is self.our_color:
            self._deadline = None
        else:
            self._their_move_expected()

    def _their_move_expected(self) -> None:
        seconds = self.minutes * 60.0 + GRACE if self.minutes else 3600.0
        self._wait(seconds, "move from the other side")

    def _wait(self, seconds: float, what: str) -> None:
        self._deadline = self._clock() + seconds
        self._waiting_for = what

    def _idle(self) -> None:
        self.state = State.IDLE
        self._back_asked = self._their_back = None
        if self.role is Role.FOLLOWER:
            self._wait(self.request_timeout, "game request")
        else:
            self._deadline = None


class DxpInitiator(DxpGame):
    """The initiator's side of a DXP conversation: connects to ``host``:``port`` and asks
    for a game at once (``request``; more with :meth:`request_game` once a game ended). A
    follower that does not answer in time, or cannot be reached, ends in LinkLost."""

    def __init__(self, host: str, port: int, request: GameRequest | None = None, *,
                 start: Game | None = None, name: str = "Shashki",
                 connect_timeout: float = 5.0, answer_timeout: float = ANSWER_TIMEOUT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        link = DxpLink.connect(host, port, timeout=connect_timeout, clock=clock)
        super().__init__(link, Role.INITIATOR, name=name, clock=clock,
                         answer_timeout=answer_timeout)
        if request is not None and not link.closed:
            self.request_game(request, start)
