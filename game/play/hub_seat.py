"""An International draughts engine that speaks the Hub protocol (Scan, or this program's own
``python -m game.ai hub``) in a seat: a third kind of player beside the computer and the
friend elsewhere, through the same seat protocol.

The engine runs as a process of its own; a thread reads its lines into a queue, and the seat
is polled like every other (``begin`` sends the position and ``go think``, ``poll`` takes the
``done`` line once it came). An engine that says something wrong, says nothing, or dies is
said in the seat's notice and never freezes the game: its side then waits, and the person may
take its seat back (a new game, or a person in its place).
"""
from __future__ import annotations

import queue
import subprocess
import threading
import time
from collections.abc import Sequence

from game.ai.hub import HubError, hub_move
from game.play.events import Notice
from game.play.seats import Answer, Position, Seat
from game.rules.core import Color, Game, PieceKind
from game.rules.international import International
from game.rules.text import clean

#: what a Hub position calls each piece
_CHARS = {(Color.WHITE, PieceKind.MAN): "w", (Color.WHITE, PieceKind.KING): "W",
          (Color.BLACK, PieceKind.MAN): "b", (Color.BLACK, PieceKind.KING): "B"}
#: seconds an engine may take to say it is ready
STARTUP = 15.0
#: the longest line read from an engine
MAX_LINE = 65536


def hub_position(game: Game) -> str:
    """The position as Hub writes it: the side to move, then one character per square."""
    pieces = dict(game.pieces())
    squares = "".join(_CHARS[(p.color, p.kind)] if (p := pieces.get(square)) else "e"
                      for square in range(1, 51))
    return ("W" if game.turn is Color.WHITE else "B") + squares


class HubEngineSeat(Seat):
    """The engine started by ``command`` (a program and its arguments) plays this seat of an
    International game, ``move_time`` seconds a move."""

    is_person = False
    at_window = False
    kind = "hub"
    is_program = True

    def __init__(self, command: Sequence[str], *, move_time: float = 1.0,
                 startup: float = STARTUP) -> None:
        self.command = list(command)
        self.move_time = move_time
        self.startup = startup
        self.name = ""
        self.notice: Notice | None = None
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._state = "new"  # new, hello, init, ready, thinking, dead
        self._began = 0.0
        self._game: Game | None = None
        self._stale = 0  # ``done`` lines still to come for searches cancelled

    # --- the process -------------------------------------------------------------------------
    def prepare(self) -> None:
        if self._process is not None or self._state == "dead":
            return
        try:
            self._process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as error:
            self._die("hub.notice.cannot_start", str(error))
            return
        threading.Thread(target=self._read, args=(self._process,), daemon=True).start()
        self._began = time.monotonic()
        self._state = "hello"
        self._say("hub")

    def _read(self, process: subprocess.Popen[str]) -> None:
        """The reader thread: every line the engine writes, then None at its end."""
        assert process.stdout is not None
        for line in iter(lambda: process.stdout.readline(MAX_LINE) if process.stdout else "",
                         ""):
            self._lines.put(line.rstrip("\n")[:MAX_LINE])
        self._lines.put(None)

    def _say(self, line: str) -> None:
        process = self._process
        if process is None or process.stdin is None:
            return
        try:
            process.stdin.write(line + "\n")
            process.stdin.flush()
        except (OSError, ValueError):
            self._die("hub.notice.stopped", "")

    def _die(self, key: str, detail: str) -> None:
        self._state = "dead"
        self.notice = Notice(key, {"detail": clean(detail, 120)})

    @property
    def present(self) -> bool:
        return True

    @property
    def thinking(self) -> bool:
        return self._state == "thinking"

    # --- the protocol -----------------------------------------------------------------------
    def begin(self, position: Position) -> None:
        if not isinstance(position, Game) or type(position).name != "international":
            self._die("hub.notice.not_international", "")
            return
        self._game = position
        self.prepare()
        if self._state == "ready":
            self._go()

    def _go(self) -> None:
        game = self._game
        assert game is not None
        self._say(f"pos pos={hub_position(game)}")
        self._say(f"level move-time={self.move_time:g}")
        self._say("go think")
        self._state = "thinking"

    def poll(self) -> Answer | None:
        if self._state in ("new", "dead"):
            return None
        if self._state in ("hello", "init") and time.monotonic() - self._began > self.startup:
            self._die("hub.notice.silent", "")
            return None
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return None
            if line is None:
                self._die("hub.notice.stopped", "")
                return None
            answer = self._take(line)
            if answer is not None:
                return answer

    def _take(self, line: str) -> Answer | None:
        """One line of the engine's: its greeting, readiness, or the move it found."""
        words = line.split()
        if not words:
            return None
        if self._state == "hello":
            if words[0] == "id":
                self.name = clean(" ".join(w.split("=", 1)[1] for w in words[1:2] if "=" in w),
                                  40)
            elif words[0] == "wait":
                self._state = "init"
                self._say("init")
        elif self._state == "init":
            if words[0] == "ready":
                self._state = "ready"
                if self._game is not None:
                    self._go()
        elif words[0] == "done":
            if self._stale:
                self._stale -= 1
                return None
            game, self._game = self._game, None
            self._state = "ready"
            text = next((w.split("=", 1)[1] for w in words[1:] if w.startswith("move=")), "")
            if game is None:
                return None
            try:
                assert isinstance(game, International)
                return hub_move(game, text)
            except HubError as error:
                self._die("hub.notice.bad_move", str(error))
        elif words[0] == "error":
            self.notice = Notice("hub.notice.error", {"detail": clean(line[6:], 120)})
        return None

    def cancel(self) -> None:
        if self._state == "thinking":
            self._say("stop")
            self._stale += 1
            self._state = "ready"
        self._game = None

    def close(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.write("quit\n")
                process.stdin.close()
        except (OSError, ValueError):
            pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if self._state != "dead":
            self._state = "new"

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "name": self.name}
