"""A draughts engine that speaks the Hub protocol (Scan, or this program's own
``python -m game.ai hub``) in a seat: a third kind of player beside the computer and the
friend elsewhere, through the same seat protocol. It plays the games whose class names a Hub
variant (``Game.hub_variant``: International is ``normal``; Frisian, antidraughts), told to
the engine with ``set-param name=variant`` before ``init``.

The engine runs as a process of its own; a thread reads its lines into a queue, and the seat
is polled like every other (``begin`` sends the position and ``go think``, ``poll`` takes the
``done`` line once it came). An engine that cannot start, says nothing, thinks far longer than
its time, answers with a move that is none, or dies is said in the seat's notice and never
freezes the game: with a ``fallback`` seat (our own computer) that seat plays on from the
same position, else the side waits and the person may take its seat back.
"""
from __future__ import annotations

import math
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.hub import HubError, hub_move
from game.play.events import Notice
from game.play.hub_probe import (DEFAULT_VARIANT, hub_variant, plays, quit_engine, read_id,
                                  read_variants)
from game.play.seats import Answer, EngineBudget, Position, Seat
from game.play.protocol import Play
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
#: seconds an engine may think beyond its move time before it is taken for stuck
GRACE = 10.0


@dataclass(frozen=True, slots=True)
class HubInfo:
    """What an ``info`` line says of the search under way: its depth, its score for the side
    to move (hundredths of a man), its nodes, and its line (the moves' Hub texts)."""

    depth: int
    score: int
    nodes: int
    pv: tuple[str, ...]


def read_info(line: str) -> HubInfo | None:
    """An ``info`` line's figures; None if it gives no score."""
    try:
        words = shlex.split(line)
    except ValueError:
        return None
    values = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    try:
        score = float(values["score"])
        depth = int(float(values.get("depth", "0")))
        nodes = int(float(values.get("nodes", "0")))
    except (KeyError, ValueError):
        return None
    if not math.isfinite(score):
        return None
    return HubInfo(max(0, depth), round(max(-1e6, min(1e6, score)) * 100), max(0, nodes),
                   tuple(values.get("pv", "").split()[:64]))


def hub_position(game: Game) -> str:
    """The position as Hub writes it: the side to move, then one character per square."""
    pieces = dict(game.pieces())
    squares = "".join(_CHARS[(p.color, p.kind)] if (p := pieces.get(square)) else "e"
                      for square in range(1, 51))
    return ("W" if game.turn is Color.WHITE else "B") + squares


class HubEngineSeat(Seat):
    """The engine started by ``command`` (a program and its arguments) plays this seat,
    ``move_time`` seconds a move; ``fallback`` (our computer) plays on if it fails."""

    is_person = False
    at_window = False
    kind = "hub"
    is_program = True

    def __init__(self, command: Sequence[str], *, move_time: float = 1.0,
                 startup: float = STARTUP, grace: float = GRACE, name: str = "",
                 fallback: Seat | None = None, analyse: bool = False) -> None:
        self.command = list(command)
        self.move_time = move_time
        #: search with ``go analyze`` (the engine's own line, no book), stopped by us once
        #: ``move_time`` is up; the last ``info`` line is kept (:attr:`last_info`)
        self.analyse = analyse
        self.last_info: HubInfo | None = None
        self._stop_sent = False
        self.startup = startup
        self.grace = grace
        #: the engine's name: as the settings knew it, then as its ``id`` line says
        self.name = clean(name, 40)
        self.fallback = fallback
        #: the fallback seat plays now (the engine failed)
        self.fell_back = False
        self._variant = DEFAULT_VARIANT
        self._declared: tuple[str, ...] | None = None
        self.notice: Notice | None = None
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._state = "new"  # new, hello, init, ready, thinking, dead
        self._began = 0.0
        self._game: Game | None = None
        self._stale = 0  # ``done`` lines still to come for searches cancelled
        self._budget = EngineBudget()

    # --- the process -------------------------------------------------------------------------
    def prepare(self) -> None:
        if self._process is not None or self._state == "dead":
            return
        try:
            self._process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1, errors="replace")
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
        try:
            for line in iter(lambda: process.stdout.readline(MAX_LINE) if process.stdout
                             else "", ""):
                self._lines.put(line.rstrip("\r\n")[:MAX_LINE])
        except (OSError, ValueError):
            pass  # the pipe closed under us: the end all the same
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

    def _die(self, key: str, detail: str, move: str = "") -> None:
        """The engine failed: said, its process ended, and the fallback seat (if any) takes
        the turn under way from the same position. ``move``: the text it sent for a move."""
        self._state = "dead"
        values: dict[str, object] = {"detail": clean(detail, 120), "move": clean(move, 20),
                                     "name": self.name or "Hub"}
        fallback = self.fallback
        if fallback is not None:
            key += ".fallback"
            values["level"] = fallback.describe().get("level", "")
        self.notice = Notice(key, values)
        self._end_process(polite=False)  # nothing more is wanted of it: no waiting
        if fallback is not None and not self.fell_back:
            self.fell_back = True
            if self.color is not None:
                fallback.sit(self.color)
            fallback.use_engine(self._budget)
            if self._game is not None:
                fallback.begin(self._game)

    @property
    def present(self) -> bool:
        return True

    @property
    def failed(self) -> bool:
        """The engine failed (its notice says how) and plays no more."""
        return self._state == "dead"

    @property
    def thinking(self) -> bool:
        if self.fell_back and self.fallback is not None:
            return self.fallback.thinking
        return self._state == "thinking"

    def progress(self) -> int:
        if self.fell_back and self.fallback is not None:
            return self.fallback.progress()
        return 0

    def use_engine(self, budget: EngineBudget) -> None:
        self._budget = budget
        if self.fell_back and self.fallback is not None:
            self.fallback.use_engine(budget)

    def accepts_draw(self, game: Game, color: Color) -> bool | None:
        """Hub has no draw offer: the engine plays on (our computer, once it took over,
        answers as it does)."""
        if self.fell_back and self.fallback is not None:
            return self.fallback.accepts_draw(game, color)
        return False

    # --- the protocol -----------------------------------------------------------------------
    def begin(self, position: Position) -> None:
        if self.fell_back and self.fallback is not None:
            self.fallback.begin(position)
            return
        if not isinstance(position, Game):
            self._die("hub.notice.not_played", "")
            return
        self._game = position
        variant = hub_variant(type(position).name)
        if variant is None or not isinstance(position, International):
            self._die("hub.notice.not_played", "")  # the fallback takes this turn
            return
        self._variant = variant
        self.prepare()
        if self._state == "ready":
            self._go()

    def _go(self) -> None:
        game = self._game
        assert game is not None
        self._say(f"pos pos={hub_position(game)}")
        self._say(f"level move-time={self.move_time:g}")
        self._say("go analyze" if self.analyse else "go think")
        self._state = "thinking"
        self._began = time.monotonic()
        self.last_info, self._stop_sent = None, False

    def poll(self) -> Answer | None:
        if self.fell_back and self.fallback is not None:
            return self.fallback.poll()
        if self._state in ("new", "dead"):
            return None
        waited = time.monotonic() - self._began
        if self._state in ("hello", "init") and waited > self.startup:
            self._die("hub.notice.silent", "")
            return self.poll()
        if self._state == "thinking" and self.analyse and not self._stop_sent \
                and waited > self.move_time:
            self._stop_sent = True  # an engine may analyse for ever: enough
            self._say("stop")
        if self._state == "thinking" and waited > self.move_time + self.grace:
            self._die("hub.notice.timeout", f"{waited:.0f}")
            return self.poll()
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return None
            if line is None:
                self._die("hub.notice.stopped", "")
                return self.poll()
            answer = self._take(line)
            if answer is not None:
                return answer
            if self._state == "dead":
                return self.poll()

    def _take(self, line: str) -> Answer | None:
        """One line of the engine's: its greeting, readiness, or the move it found."""
        words = line.split()
        if not words:
            return None
        if self._state == "hello":
            if words[0] == "id":
                self.name = self.name or read_id(line)  # the name the player saw first
            elif words[0] == "param":
                self._declared = read_variants(line) or self._declared
            elif words[0] == "wait":
                if self._variant != DEFAULT_VARIANT:
                    if self._variant not in (self._declared or (DEFAULT_VARIANT,)):
                        self._die("hub.notice.not_played", "")
                        return None
                    self._say(f"set-param name=variant value={self._variant}")
                self._state = "init"
                self._began = time.monotonic()
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
                assert isinstance(game, International)  # as begin checked
                return hub_move(game, text)
            except HubError as error:
                self._game = game  # the fallback takes this turn
                self._die("hub.notice.bad_move", str(error), text)
        elif words[0] == "info" and self._state == "thinking" and not self._stale:
            self.last_info = read_info(line) or self.last_info
        elif words[0] == "error":
            self.notice = Notice("hub.notice.error", {"detail": clean(line[6:], 120)})
        return None

    def cancel(self) -> None:
        if self.fell_back and self.fallback is not None:
            self.fallback.cancel()
        if self._state == "thinking":
            self._say("stop")
            self._stale += 1
            self._state = "ready"
        self._game = None

    def close(self) -> None:
        if self.fallback is not None:
            self.fallback.close()
        self._end_process()
        if self._state != "dead":
            self._state = "new"

    def _end_process(self, *, polite: bool = True) -> None:
        """Ask the engine to quit (a second, then it is killed); not ``polite``: kill it."""
        process, self._process = self._process, None
        if process is None:
            return
        if not polite:
            try:
                process.kill()
                process.wait(timeout=1.0)
            except (OSError, subprocess.TimeoutExpired):
                pass
            return
        quit_engine(process)

    def describe(self) -> dict[str, object]:
        """The engine's name, and the level of our computer that plays on if it fails (a
        saved game comes back with that computer, or with the engine if it is still the
        one chosen: :func:`rejoin`)."""
        level = None if self.fallback is None else self.fallback.describe().get("level")
        return {"kind": self.kind, "name": self.name,
                **({"level": level} if isinstance(level, int) else {})}


def outside_seat(command: Sequence[str], name: str, level: int) -> HubEngineSeat:
    """The outside engine in a seat, a second a move; if it fails (does not start, stops,
    says nothing, answers with a move that is none), our computer at ``level`` plays on from
    the same position: the game the player chose (a person against a computer) goes on."""
    from game.play.computer import ComputerPlayer

    return HubEngineSeat(command, name=name, fallback=ComputerPlayer(level))


def rejoin(play: Play, seats: object, command: Sequence[str], name: str,
           variants: Sequence[str]) -> None:
    """A saved game against the outside engine ``name`` (its record's ``seats``), opened
    again while that engine is still the one chosen and plays the game: the engine takes
    its seat back (the record gave our computer at its level)."""
    if not isinstance(seats, dict) or not plays(variants, play.game_key):
        return
    for side, color in (("white", Color.WHITE), ("black", Color.BLACK)):
        seat = seats.get(side)
        if isinstance(seat, dict) and seat.get("kind") == "hub" and seat.get("name") == name:
            level = play.seat(color).describe().get("level")
            if isinstance(level, int):
                play.set_seat(color, outside_seat(command, name, level))
