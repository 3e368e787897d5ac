"""Our engine over DXP with no window: ``shashki dxp --port N --level L`` listens for a DXP
initiator (a match program, another engine, a GUI) and plays it game after game; the same
driver plays the initiator's side for ``benchmarks/dxp_match.py``.

One connection is served at a time (another is told it is busy and closed). Every move
received is checked by the rules; the game ends by the rules (E with the reason: "I give
up", a draw, "I win") or when the initiator ends it; back requests are granted; chat is
answered. One line a game goes to the output.
"""
from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from game.net.dxp import PORT, Chat, EndReason
from game.net.dxp_game import BackRequested, ChatReceived, DxpEvent, DxpGame, GameEnded, \
    GameRefused, GameStarted, LinkLost, MoveReceived, Role, State
from game.net.dxp_link import DxpLink, DxpListener
from game.ai.levels import LEVELS
from game.play.computer import ComputerPlayer
from game.play.seats import Seat
from game.rules.core import Color, Move, Outcome

#: seconds a move may take at most when the request gives no time
DEFAULT_MOVE_TIME = 2.0
#: moves a game is expected to last when the request sets no limit (for the time per move)
EXPECTED_MOVES = 60
#: the shortest thought allowed for a move
SHORTEST = 0.05
#: seconds a connection that comes during a game waits before it is told we are busy
BUSY_AFTER = 1.0
#: connections that may wait so at once (the others are told at once)
KNOCKING = 4
BUSY = "Busy: one game at a time. Try later."


@dataclass(frozen=True, slots=True)
class GameReport:
    """How one game went, from our side: ``result`` is win, loss, draw or unfinished."""

    number: int
    opponent: str
    our_color: Color
    result: str
    why: str
    plies: int

    def line(self, name: str) -> str:
        color = "white" if self.our_color is Color.WHITE else "black"
        return (f"game {self.number}: {name} ({color}) vs {self.opponent or '?'}: "
                f"{self.result} ({self.why}) after {self.plies} plies")


def _reason(outcome: Outcome, ours: Color) -> EndReason:
    if outcome.winner is None:
        return EndReason.DRAW
    return EndReason.WIN if outcome.winner is ours else EndReason.GIVE_UP


class EngineDriver:
    """Plays a seat (our engine) in a :class:`DxpGame`: asks it for a move on our turn
    within the time the request gave, ends the game when the rules do, grants back
    requests, answers chat; :meth:`handle` each event, :meth:`update` every poll."""

    def __init__(self, dxp: DxpGame, seat: Seat, *,
                 clock: Callable[[], float] = time.monotonic,
                 greeting: str = "Shashki plays International draughts.") -> None:
        self.dxp = dxp
        self.seat = seat
        self._clock = clock
        self.greeting = greeting
        self._asked_at: float | None = None
        self.used = 0.0  # seconds our engine thought this game
        self.reports: list[GameReport] = []
        self._games = 0
        self._reported = True  # the current game was reported (none started yet)

    def handle(self, event: DxpEvent) -> None:
        if isinstance(event, GameStarted):
            self._cancel()
            if not self._reported:  # the initiator asked for a new game in the middle
                self._report_text("unfinished", "a new game was requested")
            self.used = 0.0
            self._games += 1
            self._reported = False
        elif isinstance(event, MoveReceived):
            self._check_over()
        elif isinstance(event, BackRequested):
            self._cancel()
            self.dxp.answer_back(True)
        elif isinstance(event, ChatReceived):
            self.dxp.chat(f"{self.greeting} (you said: {event.text[:60]})")
        elif isinstance(event, GameEnded):
            self._cancel()
            self._report(event)
        elif isinstance(event, LinkLost):
            self._cancel()
            if not self._reported:
                self._report_text("unfinished", f"link lost: {event.reason}")

    def update(self) -> None:
        dxp, game = self.dxp, self.dxp.game
        if not dxp.our_turn or game is None:
            return
        if dxp.moves and (len(game.move_stack) + 1) // 2 >= dxp.moves:
            dxp.end(EndReason.UNKNOWN, why="the move limit of the request")
            return
        if self._asked_at is None:
            self._asked_at = self._clock()
            if isinstance(self.seat, ComputerPlayer):
                self.seat.move_time = self._move_time()
            self.seat.begin(game.copy())
        answer = self.seat.poll()
        if answer is None:
            return
        seconds = self._clock() - self._asked_at
        self._asked_at = None
        self.used += seconds
        if not isinstance(answer, Move) or not game.is_legal(answer):
            dxp.end(EndReason.GIVE_UP, why="our engine found no move")
            return
        dxp.play(answer, round(seconds))
        self._check_over()

    def _move_time(self) -> float:
        dxp, game = self.dxp, self.dxp.game
        if not dxp.minutes or game is None:
            return DEFAULT_MOVE_TIME
        played = len(game.move_stack) // 2
        to_go = max(1, dxp.moves - played) if dxp.moves else max(15, EXPECTED_MOVES - played)
        left = dxp.minutes * 60.0 - self.used
        return max(SHORTEST, 0.9 * left / to_go)

    def _check_over(self) -> None:
        game = self.dxp.game
        outcome = None if game is None else game.outcome()
        if outcome is not None and self.dxp.playing:
            self.dxp.end(_reason(outcome, self.dxp.our_color),
                         why=outcome.termination.value.replace("_", " "))

    def _cancel(self) -> None:
        if self._asked_at is not None:
            self.seat.cancel()
            self._asked_at = None

    def _report(self, event: GameEnded) -> None:
        game = self.dxp.game
        outcome = None if game is None else game.outcome()
        ours = self.dxp.our_color
        if outcome is not None:
            result = "draw" if outcome.winner is None else (
                "win" if outcome.winner is ours else "loss")
            self._report_text(result, outcome.termination.value.replace("_", " "))
            return
        if event.by_them:
            result, why = {EndReason.GIVE_UP: ("win", "they gave up"),
                           EndReason.DRAW: ("draw", "they claimed a draw"),
                           EndReason.WIN: ("loss", "they claimed the win"),
                           EndReason.UNKNOWN: ("unfinished", "they ended it")}[event.reason]
        else:
            result, why = "unfinished", event.why or "we ended it"
        self._report_text(result, why)

    def _report_text(self, result: str, why: str) -> None:
        game = self.dxp.game
        self._reported = True
        self.reports.append(GameReport(self._games, self.dxp.opponent, self.dxp.our_color,
                                       result, why,
                                       0 if game is None else len(game.move_stack)))


class DxpFollower:
    """``shashki dxp``: listens on ``port``, plays each initiator that connects with our
    engine (``engine()`` makes the seat: by default the computer at ``level``), until
    ``games`` games are over (None: for ever)."""

    def __init__(self, port: int = PORT, *, bind: str = "127.0.0.1", level: int = 5,
                 games: int | None = None, out: TextIO | None = None,
                 engine: Callable[[], Seat] | None = None, name: str = "Shashki",
                 request_timeout: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if engine is None and level not in LEVELS:
            raise ValueError(f"level must be 1 to {max(LEVELS)}, not {level!r}")
        self.listener = DxpListener(port, bind)
        self.name = name
        self.level = level
        self.games = games
        self.out = out if out is not None else sys.stdout
        self._engine = engine if engine is not None else (
            lambda: ComputerPlayer(level, min_delay=0.0))
        self._seat: Seat | None = None
        self.request_timeout = request_timeout
        self._clock = clock
        self.session: DxpGame | None = None
        self.driver: EngineDriver | None = None
        self.reports: list[GameReport] = []
        #: connections that came while a game was played, and when
        self._knocking: list[tuple[DxpLink, float]] = []

    @property
    def address(self) -> tuple[str, int]:
        return self.listener.host, self.listener.port

    @property
    def finished(self) -> bool:
        return self.games is not None and len(self.reports) >= self.games

    def step(self) -> None:
        """Read, think and answer, then take a new connection, once (never blocks). One that
        knocks while a game is played waits a moment (the game may just have ended) before
        it is told the follower is busy."""
        session, driver = self.session, self.driver
        if session is not None and driver is not None:
            self._serve(session, driver)
        link = self.listener.accept()
        if link is not None:
            if len(self._knocking) < KNOCKING:
                self._knocking.append((link, self._clock()))
            else:
                link.close("busy", farewell=Chat(BUSY))
        now = self._clock()
        while self._knocking and (self._knocking[0][1] < now - BUSY_AFTER or self.finished):
            self._knocking.pop(0)[0].close("busy", farewell=Chat(BUSY))
        if self.session is not None or not self._knocking:
            return
        self.session = DxpGame(self._knocking.pop(0)[0], Role.FOLLOWER, name=self.name,
                               clock=self._clock, request_timeout=self.request_timeout)
        if self._seat is None:
            self._seat = self._engine()
        self.driver = EngineDriver(self.session, self._seat, clock=self._clock)

    def _serve(self, session: DxpGame, driver: EngineDriver) -> None:
        for event in session.poll():
            driver.handle(event)
            if isinstance(event, GameRefused):
                self._say(f"refused a game request ({event.code.name.lower()})")
        while len(self.reports) < len(driver.reports):
            report = driver.reports[len(self.reports)]
            report = GameReport(len(self.reports) + 1, report.opponent, report.our_color,
                                report.result, report.why, report.plies)
            self.reports.append(report)
            self._say(report.line(self.name))
        if self.finished and session.state not in (State.CLOSED, State.PLAYING):
            session.close("the games asked for are played")
        driver.update()
        if session.state is State.CLOSED:
            self.session = self.driver = None

    def _say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def run(self, *, stop: Callable[[], bool] | None = None, deadline: float | None = None,
            pause: float = 0.005) -> int:
        """Step until the games are played, ``stop()`` says so or ``deadline`` (the
        clock's) passes; returns the games played."""
        while not self.finished:
            if stop is not None and stop():
                break
            if deadline is not None and self._clock() > deadline:
                break
            self.step()
            time.sleep(pause)
        return len(self.reports)

    def close(self) -> None:
        for link, _ in self._knocking:
            link.close("the follower stops")
        self._knocking.clear()
        if self.session is not None:
            self.session.close("the follower stops")
            self.session = None
        if self._seat is not None:
            self._seat.close()
            self._seat = None
        self.listener.close()


def main(argv: Sequence[str]) -> int:
    """``shashki dxp``: the follower on the command line."""
    parser = argparse.ArgumentParser(
        prog="shashki dxp",
        description="Play International draughts against a program over DXP (DamExchange): "
                    "listen for an initiator and play it with the computer, game after game.")
    parser.add_argument("--port", type=int, default=PORT,
                        help=f"the TCP port to listen on (default {PORT}; 0: any free port)")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1, this computer "
                             "only; 0.0.0.0 for the network)")
    parser.add_argument("--level", type=int, default=5, choices=range(1, 9), metavar="1-8",
                        help="the computer's level (default 5)")
    parser.add_argument("--games", type=int, default=None,
                        help="exit after this many games (default: serve until stopped)")
    parser.add_argument("--name", default="Shashki", help="the name we give the initiator")
    args = parser.parse_args(list(argv))
    try:
        follower = DxpFollower(args.port, bind=args.bind, level=args.level, games=args.games,
                               name=args.name)
    except OSError as error:
        print(f"shashki dxp: cannot listen on {args.bind}:{args.port}: {error}",
              file=sys.stderr)
        return 1
    host, port = follower.address
    print(f"listening on {host}:{port}", flush=True)
    # stopped by a signal, it still closes its engine's worker process (which would
    # otherwise outlive it, holding its output open)
    signal.signal(signal.SIGTERM, _stop)
    try:
        follower.run()
    except KeyboardInterrupt:
        pass
    finally:
        follower.close()
    return 0


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
