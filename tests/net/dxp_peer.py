"""A DXP peer for the tests, written from the protocol's public description (mesander.nl/
damexchange) with its own string handling, not with game.net.dxp: blocking sockets with
timeouts, so that a test fails instead of hanging."""
from __future__ import annotations

import io
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from game.net.dxp_engine import DxpFollower
from game.play.seats import RandomPlayer
from game.rules.core import Color, Game, Move
from game.rules.international import International

TIMEOUT = 5.0


def name32(name: str) -> str:
    return (name + " " * 32)[:32]


def request(name: str = "TestPeer", follower: str = "Z", minutes: int = 5, moves: int = 0,
            position: str | None = None, version: str = "01") -> str:
    """A GAMEREQ; ``position``: the side to move (W/Z) and 50 squares, or None."""
    text = "R" + version + name32(name) + follower + "%03d" % minutes + "%03d" % moves
    return text + ("A" if position is None else "B" + position)


def move_text(move: Move, seconds: int = 1) -> str:
    """A MOVE message of our rules' move, captured squares reversed (order is free)."""
    taken = "".join("%02d" % s for s in reversed(move.captured))
    return "M%04d%02d%02d%02d%s" % (seconds, move.start, move.end, len(move.captured), taken)


def read_move(game: Game, text: str) -> Move:
    """The legal move of ``game`` a MOVE message names (assert: it is one)."""
    assert text[0] == "M" and len(text) >= 11, text
    start, end, count = int(text[5:7]), int(text[7:9]), int(text[9:11])
    taken = {int(text[11 + 2 * i:13 + 2 * i]) for i in range(count)}
    assert len(text) == 11 + 2 * count, text
    fits = [m for m in game.legal_moves()
            if (m.start, m.end) == (start, end) and set(m.captured) == taken]
    assert fits, f"not a legal move: {text} in {game.fen()}"
    return fits[0]


def position_of(fen: str) -> str:
    """The side to move and 50 squares of a FEN, as GAMEREQ writes them."""
    game = International.from_fen(fen)
    squares = []
    for square in range(1, 51):
        piece = game.piece_at(square)
        if piece is None:
            squares.append("e")
        else:
            letter = "w" if piece.color is Color.WHITE else "z"
            squares.append(letter.upper() if piece.kind.value == "king" else letter)
    return ("W" if game.turn is Color.WHITE else "Z") + "".join(squares)


class Peer:
    """One end of a DXP connection: send texts (the NUL added), receive texts."""

    def __init__(self, sock: socket.socket) -> None:
        sock.settimeout(TIMEOUT)
        self.sock = sock
        self.held = b""
        self.chats: list[str] = []  # chat texts met while expecting something else

    @classmethod
    def connect(cls, host: str, port: int) -> Peer:
        return cls(socket.create_connection((host, port), timeout=TIMEOUT))

    def send(self, text: str) -> None:
        self.sock.sendall(text.encode("ascii") + b"\0")

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def receive(self, timeout: float = TIMEOUT) -> str | None:
        """The next message, or None when the other side closed (a timeout fails)."""
        deadline = time.monotonic() + timeout
        while b"\0" not in self.held:
            left = deadline - time.monotonic()
            assert left > 0, "no message in time"
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096)
            except ConnectionResetError:
                return None
            except TimeoutError:
                raise AssertionError("no message in time") from None
            if not data:
                return None
            self.held += data
        text, _, self.held = self.held.partition(b"\0")
        return text.decode("ascii")

    def expect(self, kind: str, timeout: float = TIMEOUT) -> str:
        """The next message not a chat (chats are kept in ``chats``), of type ``kind``."""
        while True:
            text = self.receive(timeout)
            assert text is not None, f"closed while waiting for {kind}"
            if text[0] == "C" and kind != "C":
                self.chats.append(text[1:])
                continue
            assert text[0] == kind, f"wanted {kind}, got {text!r}"
            return text

    def rest(self, timeout: float = TIMEOUT) -> list[str]:
        """Every message until the other side closes."""
        out: list[str] = []
        while True:
            text = self.receive(timeout)
            if text is None:
                return out
            out.append(text)

    def close(self) -> None:
        self.sock.close()


class Background:
    """Runs ``work`` in a thread and keeps what it raised, for the test to see."""

    def __init__(self, work: Callable[[], Any]) -> None:
        self.error: BaseException | None = None
        self.result: Any = None

        def run() -> None:
            try:
                self.result = work()
            except BaseException as error:  # noqa: BLE001 - shown by the test
                self.error = error

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def join(self, timeout: float = 20.0) -> Any:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the background work hung"
        if self.error is not None:
            raise self.error
        return self.result


@contextmanager
def running_follower(seed: int, *, request_timeout: float, seconds: float
                     ) -> Iterator[DxpFollower]:
    """Our follower serving on a free loopback port in a thread, with a random mover as its
    engine, for at most ``seconds``; stopped (and what it raised raised here) on leaving."""
    made = DxpFollower(0, engine=lambda: RandomPlayer(random.Random(seed)), out=io.StringIO(),
                       request_timeout=request_timeout)
    stopped = threading.Event()
    running = Background(lambda: made.run(stop=stopped.is_set,
                                          deadline=time.monotonic() + seconds))
    try:
        yield made
    finally:
        stopped.set()
        running.join(10)  # raises what the follower raised, if anything
        made.close()
