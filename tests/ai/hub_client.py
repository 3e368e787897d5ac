"""A small scripted Hub client (what a draughts GUI does with a Hub engine), for the Hub
tests and ``benchmarks/hub_games.py``: it starts ``python -m game.ai hub``, sends the start
position with the game's moves as ``moves=``, the clock as ``level time= inc=``, ``go think``,
now and then a ``ping`` or an early ``stop`` during the search, and checks every ``done`` and
``ponder`` against the rules (its own, not the engine's parser).
"""
from __future__ import annotations

import queue
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game.rules import Color, Game, Move

ROOT = Path(__file__).resolve().parents[2]
START = "W" + "b" * 20 + "e" * 10 + "w" * 20
#: a game still going after this many plies is stopped (and counted apart)
MAX_PLIES = 400


def position_text(game: Game) -> str:
    """Hub's position text of a game's position (the side to move, then 50 squares)."""
    chars = ["e"] * 50
    for square, piece in game.pieces():
        char = "w" if piece.color is Color.WHITE else "b"
        chars[square - 1] = char.upper() if piece.kind.value == "king" else char
    return ("W" if game.turn is Color.WHITE else "B") + "".join(chars)


def find_move(game: Game, text: str) -> Move | None:
    """The legal move (by the movement rules) that ``text`` names, the captured squares in
    any order; None if there is none."""
    parts = text.replace("-", "x").split("x")
    if not all(p.isdigit() for p in parts) or len(parts) < 2:
        return None
    start, end, taken = int(parts[0]), int(parts[1]), sorted(int(p) for p in parts[2:])
    for move in game.perft_moves():
        if move.start == start and move.end == end and sorted(move.captured) == taken \
                and ("x" in text) == bool(move.captured):
            return move
    return None


def _pairs(line: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for word in line.split()[1:]:
        name, _, value = word.partition("=")
        out[name] = value
    return out


@dataclass
class GameReport:
    """What one game through the Hub showed."""

    result: str = "*"  # 2-0, 1-1, 0-2 (White's points first) or * when cut off
    plies: int = 0
    dones: int = 0
    illegal: list[str] = field(default_factory=list)  # moves or ponders that were not legal
    # done lines whose move and ponder are not the first two of the last info line's pv
    inconsistent: list[str] = field(default_factory=list)
    missing: int = 0  # go without a done in time
    pings: int = 0
    stops: int = 0
    flags: int = 0  # moves whose time went past the clock
    worst_over: float = 0.0  # the most a move took beyond what was on the clock
    errors: list[str] = field(default_factory=list)


class HubClient:
    """One engine process driven like a GUI drives it."""

    def __init__(self, *, python: str = sys.executable) -> None:
        self.proc = subprocess.Popen([python, "-m", "game.ai", "hub"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, cwd=ROOT, bufsize=1, encoding="utf-8")
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.stderr: list[str] = []
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _read_errors(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr.append(line)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, want: Callable[[str], bool], seconds: float) -> list[str]:
        """The lines up to and including the first that ``want`` accepts; raises
        TimeoutError (or EOFError if the engine closed its output)."""
        got: list[str] = []
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer in {seconds} s after {got[-5:]}")
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EOFError(f"the engine closed its output after {got[-5:]}")
            got.append(line)
            self.seen.append(line)
            if want(line):
                return got

    def until_word(self, word: str, seconds: float = 30.0) -> list[str]:
        return self.until(lambda line: line.split()[:1] == [word], seconds)

    def handshake(self) -> None:
        self.send("hub")
        self.until_word("wait")
        self.send("init")
        self.until_word("ready")

    def alive(self, seconds: float = 10.0) -> bool:
        """Whether the engine answers a ``ping``."""
        self.send("ping")
        try:
            self.until_word("pong", seconds)
        except (TimeoutError, EOFError):
            return False
        return True

    def quit(self) -> int:
        try:
            self.send("quit")
        except OSError:
            pass
        try:
            return self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.quit()

    # --- a whole game ---------------------------------------------------------------------
    def ask(self, game: Game, start: str, history: list[str], level: str, *,
            rng: random.Random, report: GameReport, ping: float = 0.0, stop: float = 0.0,
            seconds: float = 60.0) -> tuple[Move | None, float]:
        """One search as a GUI asks for it; the move (checked) and the seconds it took."""
        moves = f' moves="{" ".join(history)}"' if history else ""
        self.send(f"pos pos={start}{moves}")
        self.send(f"level {level}")
        began = time.monotonic()
        self.send("go think")
        pinged = rng.random() < ping
        if pinged:
            time.sleep(rng.uniform(0.0, 0.02))
            self.send("ping")
            report.pings += 1
        if rng.random() < stop:
            time.sleep(rng.uniform(0.0, 0.05))
            self.send("stop")
            report.stops += 1
        try:
            lines = self.until_word("done", seconds)
        except TimeoutError:
            report.missing += 1
            self.send("stop")
            lines = self.until_word("done", 10.0)
        took = time.monotonic() - began
        if pinged and "pong" not in lines:  # the search was over before the ping came
            lines[:-1] += self.until_word("pong", 10.0)
        report.errors += [line for line in lines if line.startswith("error")]
        report.dones += 1
        pairs = _pairs(lines[-1])
        move = find_move(game, pairs.get("move", ""))
        if move is None:
            report.illegal.append(f"{position_text(game)}: {lines[-1]}")
            return None, took
        if "ponder" in pairs:
            after = game.copy()
            after.push(move)
            if find_move(after, pairs["ponder"]) is None:
                report.illegal.append(f"{position_text(game)}: {lines[-1]} (ponder)")
        last: list[str] | None = None
        for line in lines:  # every line of play the engine showed is legal too
            if line.startswith("info") and 'pv="' in line:
                pv = line.split('pv="', 1)[1].rstrip('"').split()
                last = pv
                replay = game.copy()
                for word in pv:
                    step = find_move(replay, word)
                    if step is None:
                        report.illegal.append(f"{position_text(game)}: {line} (pv)")
                        break
                    replay.push(step)
        if last is not None:
            shown = [find_move(game, last[0])] if last else []
            if len(last) > 1 and shown[0] is not None:
                after = game.copy()
                after.push(shown[0])
                shown.append(find_move(after, last[1]))
            ponder_ok = "ponder" not in pairs or len(shown) < 2 or \
                shown[1] == find_move(after_move(game, move), pairs["ponder"])
            if not shown or shown[0] != move or not ponder_ok:
                report.inconsistent.append(f"{position_text(game)}: {lines[-1]} after "
                                           f"pv {' '.join(last[:3])}")
        return move, took

    def play(self, *, start: str = START, clock: tuple[float, float] = (60.0, 1.0),
             rng: random.Random, engine_plays: tuple[Color, ...] = (Color.WHITE, Color.BLACK),
             ping: float = 0.2, stop: float = 0.05, max_plies: int = MAX_PLIES) -> GameReport:
        """A whole game from ``start`` with a clock (minutes as seconds, increment): the
        engine plays the sides in ``engine_plays``, the client the others at random."""
        report = GameReport()
        game = _game_from(start)
        history: list[str] = []
        left = {Color.WHITE: clock[0], Color.BLACK: clock[0]}
        while game.outcome() is None and game.legal_moves() and len(history) < max_plies:
            side = game.turn
            if side in engine_plays:
                left[side] += clock[1]  # the increment comes before the move
                level = f"time={left[side]:.3f} inc={clock[1]:g}"
                move, took = self.ask(game, start, history, level, rng=rng, report=report,
                                      ping=ping, stop=stop)
                if move is None:
                    break
                left[side] -= took
                if left[side] < 0:
                    report.flags += 1
                    report.worst_over = max(report.worst_over, -left[side])
                    left[side] = 0.0
            else:
                move = rng.choice(game.legal_moves())
            history.append(game.hub_text(move))
            game.push(move)
        report.plies = len(history)
        outcome = game.outcome()
        if outcome is not None:
            report.result = outcome.result()
        return report


def after_move(game: Game, move: Move) -> Game:
    after = game.copy()
    after.push(move)
    return after


def _game_from(text: str) -> Game:
    from game.ai.hub import position
    return position(text)


#: lines an engine must answer with an error, staying alive (at least forty)
MALFORMED: list[str] = [
    "", "   ", "\t", "foo", "go-fast now", "=x", '"quoted"', "pos pos=", 'pos pos="Wbbb',
    "pos pos=X" + "e" * 50, "pos pos=W" + "e" * 49, "pos pos=W" + "e" * 51,
    "pos pos=W" + "q" * 50,
    "pos pos=W" + "bbwbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwe",  # a white man on 3
    "pos pos=W" + "ebbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwbww",  # a black man on 48
    "pos pos=W" + "bbbbbbbbbbbbbbbbbbbb" + "eeeeeeeeew" + "wwwwwwwwwwwwwwwwwwww",  # 21 white
    "pos pos=W" + "w" * 50,
    'pos start moves="32"', 'pos start moves="32-"', 'pos start moves="32-99"',
    'pos start moves="0-5"', 'pos start moves="32-27x"', 'pos start moves="31-26 31-26"',
    'pos start moves="19-23"', 'pos start moves="32x23"', 'pos start moves="abc"',
    'pos start moves="32-28 19-23 28-22"', 'pos start moves="1x2x3x4"',
    'pos start moves="٣٢-٢٨"', 'pos start moves="32--28"', 'pos start moves="32-28-23"',
    "level", "level depth=-5", "level depth=0", "level depth=abc", "level depth=1000000",
    "level depth=2.5", "level move-time=nan", "level move-time=inf", "level move-time=-1",
    "level move-time=0", "level move-time=1e300", "level time=-3", "level time=nan",
    "level time=10 inc=-1", "level time=10 inc=nan", "level time=10 moves=-2",
    "level moves=10", "level nodes=0", "level nodes=1e20", "level time=1e999",
    "set-param", "set-param name=variant value=killer", "set-param name=threads value=4",
    "\x00\x01\x02", "go think\x7f", "ping = =", "level depth=\"5",
    "x" * 1_000_000,
    'pos start moves="' + "32-28 " * 200_000 + '"',
]


def check_malformed(client: HubClient, lines: list[str] = MALFORMED,
                    seconds: float = 10.0) -> list[str]:
    """Send each line, expect an ``error`` for it and a ``pong`` after: the lines that got
    no error, or after which the engine was gone (with what happened)."""
    failed = []
    for line in lines:
        shown = line if len(line) < 60 else line[:40] + f"... ({len(line)} characters)"
        began = time.monotonic()
        client.send(line)
        client.send("ping")
        try:
            got = client.until_word("pong", seconds)
        except (TimeoutError, EOFError) as error:
            failed.append(f"{shown!r}: {error}")
            continue
        if not any(g.startswith("error") for g in got):
            failed.append(f"{shown!r}: no error, only {got}")
        elif time.monotonic() - began > 2.0:
            failed.append(f"{shown!r}: the error took {time.monotonic() - began:.1f} s")
    return failed


__all__ = ["GameReport", "HubClient", "MALFORMED", "START", "check_malformed", "find_move",
           "position_text"]
