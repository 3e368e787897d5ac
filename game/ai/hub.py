"""The Hub protocol (version 2, as Scan 3 speaks it) for International draughts, so that the
engine can be run from Hub and other draughts GUIs: ``python -m game.ai hub``.

Supported: ``hub``, ``set-param`` (the one parameter, ``variant``, is ``normal``), ``init``,
``new-game``, ``pos [start] [pos=...] [moves="..."]``, ``level`` with any of ``depth=``,
``nodes=``, ``move-time=``, ``[moves=] time= [inc=]``, ``infinite``; ``go think|ponder|analyze``,
``ponder-hit``, ``stop``, ``ping`` (also during a search) and ``quit``; end of input quits.

As a GUI expects of an engine (and as Scan behaves where the protocol text says nothing):

- every ``go`` gets its ``done``, with a legal move whenever the position has one, whatever
  our own draw rules would say (ending the game is the GUI's decision); the ``ponder`` move is
  legal after the move played;
- with one legal move ``go think`` answers at once; ``go analyze`` and ``go ponder`` search it;
- every line that cannot be taken (an unknown command, bad syntax, a malformed or illegal
  move, an impossible position, a limit that is not a number, negative or absurd) is answered
  with ``error message="..."`` and the engine goes on; a bad ``pos`` keeps the position (a bad
  move in its ``moves`` keeps the moves before it); a bad ``level`` keeps the level;
- any command but ``ping``, ``ponder-hit`` and ``stop`` that arrives during a search ends the
  search first (its ``done`` comes before the command is done);
- a line longer than :data:`MAX_LINE` characters is refused unread (it is skipped in chunks,
  never held whole); the level set stays for the following searches until changed.

In a position of the opening book ``go think`` is answered from the book at once (analysis
and pondering search).
"""
from __future__ import annotations

import math
import random
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TextIO

from game.ai.search import MAX_PLY, Limit, Searcher, SearchResult
from game.ai.table import DEFAULT_MEGABYTES, TranspositionTable, table_megabytes
from game.rules import Color, Move, Piece, PieceKind
from game.rules.international import International

NAME = "Shashki"
VERSION = "0.2"

#: the longest line read (a whole game's moves in a ``pos`` fit many times over)
MAX_LINE = 65536
#: the most pieces a side has in International draughts
MOST_PIECES = 20
#: limits beyond these are refused as absurd
MAX_DEPTH = MAX_PLY - 8
MAX_NODES = 10**12
MAX_SECONDS = 1e6  # about eleven days (Scan's own "no limit")
MAX_INC = 3600.0
MAX_MOVES = 1000
#: the share of a move's time, and the seconds, kept back for the pipe and the GUI
LAG = 0.1
LAG_SECONDS = 0.01


class HubError(ValueError):
    """A line the engine cannot take; its text goes back in an ``error`` line."""


# --- reading and writing lines -------------------------------------------------------------
def read_lines(stream: TextIO, cap: int = MAX_LINE) -> Iterator[str | None]:
    """The lines of ``stream`` without their ends; None for a line longer than ``cap``
    characters, whose rest is skipped a chunk at a time (never held whole)."""
    while True:
        line = stream.readline(cap + 1)
        if not line:
            return
        if len(line) > cap and not line.endswith("\n"):
            while True:  # skip the rest of the long line
                rest = stream.readline(cap)
                if not rest or rest.endswith("\n"):
                    break
            yield None
            continue
        yield line.rstrip("\r\n")


def _is_name_char(char: str) -> bool:
    return not char.isspace() and char not in '="' and char.isprintable()


def parse_line(line: str) -> tuple[str, list[tuple[str, str]]]:
    """A command and its ``name[=value]`` pairs (a flag gets the empty value); values may be
    double-quoted. Raises HubError on bad syntax. One pass over the line."""
    pos, end = 0, len(line)

    def skip_blanks() -> None:
        nonlocal pos
        while pos < end and line[pos].isspace():
            pos += 1

    def name() -> str:
        nonlocal pos
        skip_blanks()
        start = pos
        while pos < end and _is_name_char(line[pos]):
            pos += 1
        if pos == start:
            where = f"character {pos + 1}" if pos < end else "the end of the line"
            raise HubError(f"bad syntax: a name expected at {where}")
        return line[start:pos]

    skip_blanks()
    if pos == end:
        raise HubError("missing command")
    command = name()
    pairs: list[tuple[str, str]] = []
    while True:
        skip_blanks()
        if pos == end:
            return command, pairs
        key = name()
        value = ""
        skip_blanks()
        if pos < end and line[pos] == "=":
            pos += 1
            skip_blanks()
            if pos < end and line[pos] == '"':
                close = line.find('"', pos + 1)
                if close < 0:
                    raise HubError(f"bad syntax: the value of {key} has no closing quote")
                value = line[pos + 1:close]
                pos = close + 1
            else:
                value = name()
        pairs.append((key, value))


def _clean(text: str, limit: int = 120) -> str:
    """Text fit to go back inside a quoted value: no quotes, no control characters, short."""
    text = "".join(c if c.isprintable() else "?" for c in text[:limit + 1]).replace('"', "'")
    return text if len(text) <= limit else text[:limit] + "..."


# --- positions and moves ------------------------------------------------------------------
_KINDS = {"w": Piece(Color.WHITE), "b": Piece(Color.BLACK),
          "W": Piece(Color.WHITE, PieceKind.KING), "B": Piece(Color.BLACK, PieceKind.KING)}
START = "W" + "b" * 20 + "e" * 10 + "w" * 20


def position(text: str) -> International:
    """A game from Hub's position text: the side to move, then one character per square.
    Refuses what cannot stand on a board: a man on its own crowning row, more than twenty
    pieces a side."""
    if len(text) != 51 or text[0] not in "WB":
        raise HubError(f"bad position: W or B and 50 squares, not {_clean(text, 60)!r}")
    pieces: dict[int, Piece] = {}
    for square, char in enumerate(text[1:], start=1):
        if char in _KINDS:
            pieces[square] = _KINDS[char]
        elif char != "e":
            raise HubError(f"bad position: square {square} holds {_clean(char)!r}")
    for color, row, name in ((Color.WHITE, range(1, 6), "white"),
                             (Color.BLACK, range(46, 51), "black")):
        count = sum(1 for p in pieces.values() if p.color is color)
        if count > MOST_PIECES:
            raise HubError(f"bad position: {count} {name} pieces (at most {MOST_PIECES})")
        crowned = [s for s in row if pieces.get(s) == Piece(color)]
        if crowned:
            raise HubError(f"bad position: a {name} man on square {crowned[0]}, "
                           "its crowning row")
    game = International.from_squares(Color.WHITE if text[0] == "W" else Color.BLACK, pieces)
    assert isinstance(game, International)
    return game


_MOVE = re.compile(r"(\d{1,2})(?:-(\d{1,2})|((?:x\d{1,2})+))", re.ASCII)


def hub_move(game: International, text: str) -> Move:
    """The move Hub writes as ``from-to`` or ``from x to x captured ...`` (the captured
    squares in any order; ``from x to`` alone if only one capture fits). Legal by the moves of
    the pieces, whatever the draw rules say."""
    match = _MOVE.fullmatch(text)
    if match is None:
        raise HubError(f"bad move {_clean(text, 40)!r}: from-to or from x to x captured...")
    numbers = [int(match.group(1))]
    if match.group(2) is not None:
        numbers.append(int(match.group(2)))
    else:
        numbers += [int(n) for n in match.group(3)[1:].split("x")]
    if not all(1 <= n <= 50 for n in numbers):
        raise HubError(f"bad move {text!r}: squares are 1 to 50")
    capture = match.group(2) is None
    start, end, captured = numbers[0], numbers[1], set(numbers[2:])
    fits = [m for m in game.perft_moves()
            if m.start == start and m.end == end and bool(m.captured) == capture
            and (not captured or set(m.captured) == captured)]
    if not fits:
        raise HubError(f"illegal move {text!r}")
    if len(fits) > 1:
        raise HubError(f"ambiguous move {text!r}: name the pieces it takes")
    return fits[0]


# --- the level -----------------------------------------------------------------------------
def _number(name: str, value: str, low: float, high: float, *, whole: bool = False,
            low_open: bool = False) -> float:
    try:
        number = int(value) if whole else float(value)
    except ValueError:
        raise HubError(f"bad level: {name}={_clean(value, 40)!r} is not "
                       f"{'a whole number' if whole else 'a number'}") from None
    if not math.isfinite(number) or number < low or number > high or \
            (low_open and number <= low):
        bound = f"more than {low:g}" if low_open else f"at least {low:g}"
        raise HubError(f"bad level: {name}={_clean(value, 40)} (it must be {bound} "
                       f"and at most {high:g})")
    return number


@dataclass(frozen=True, slots=True)
class Level:
    """What ``level`` set: any of a depth, nodes, a time per move, a clock, or no limit."""

    depth: int | None = None
    nodes: int | None = None
    move_time: float | None = 1.0
    clock: tuple[int, float, float] | None = None  # moves to go (0: all), time left, inc
    infinite: bool = False

    @classmethod
    def parse(cls, pairs: list[tuple[str, str]]) -> Level:
        """The level of a ``level`` line's pairs (unknown names are ignored)."""
        depth = nodes = None
        move_time = None
        moves, left, inc = 0, None, 0.0
        infinite = smart = False
        for name, value in pairs:
            if name == "depth":
                depth = int(_number(name, value, 1, MAX_DEPTH, whole=True))
            elif name == "nodes":
                nodes = int(_number(name, value, 1, MAX_NODES, whole=True))
            elif name == "move-time":
                move_time = _number(name, value, 0, MAX_SECONDS, low_open=True)
            elif name == "moves":
                moves = int(_number(name, value, 0, MAX_MOVES, whole=True))
                smart = True
            elif name == "time":
                left = _number(name, value, 0, MAX_SECONDS)
                smart = True
            elif name == "inc":
                inc = _number(name, value, 0, MAX_INC)
                smart = True
            elif name == "infinite":
                infinite = True
        if smart and left is None:
            raise HubError("bad level: moves= and inc= need time=")
        clock = (moves, left, inc) if smart and left is not None else None
        if not (depth or nodes or move_time or clock or infinite):
            raise HubError("bad level: none of depth=, nodes=, move-time=, time= or infinite")
        return cls(depth, nodes, move_time, clock, infinite and not (move_time or clock))

    def seconds(self, game: International) -> float | None:
        """Seconds for the next move (None: no time limit): the move time, or a share of
        the clock, whichever is less."""
        if self.infinite:
            return None
        limits = [] if self.move_time is None else [self.move_time]
        if self.clock is not None:
            moves, left, inc = self.clock
            # moves still to play: about 30 at the start, 10 with few pieces left
            pieces = sum(1 for _ in game.pieces())
            to_go = 10 + 20 * min(1.0, pieces / 40)
            if moves:
                to_go = min(to_go, moves)
            # the time left (which holds this move's increment) and the increments to come,
            # shared among the moves to go; never more than half of what is on the clock,
            # and a tenth kept back for the pipe and the GUI
            share = (left + inc * (to_go - 1)) / to_go
            limits.append(max(0.005, min(share, left / 2) * (1 - LAG) - LAG_SECONDS))
        return min(limits) if limits else None


# --- the engine ----------------------------------------------------------------------------
class HubEngine:
    """The protocol's state: the position, the level, and a search running in a thread."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lock = threading.Lock()
        self.game: International = International.new()  # type: ignore[assignment]
        self.level = Level()
        # kept between the moves of a game, the size of the game's own by default
        self.tt = TranspositionTable(table_megabytes(DEFAULT_MEGABYTES))
        self.thread: threading.Thread | None = None
        self.stopping = threading.Event()
        self.ponder_hit: float | None = None  # when ponder-hit came (the clock starts)
        self.closed = False  # the GUI's end of the output is gone
        self.rng = random.Random()  # which of the opening book's near-equal moves to play

    def send(self, line: str) -> None:
        with self.lock:
            if self.closed:
                return
            try:
                self.out.write(line + "\n")
                self.out.flush()
            except (OSError, ValueError):
                self.closed = True  # nobody is listening any more

    def error(self, message: str) -> None:
        self.send(f'error message="{_clean(message, 200)}"')

    def run(self, lines: Iterable[str | None]) -> None:
        """Handle lines (None: a line too long to read) until ``quit`` or their end."""
        try:
            for line in lines:
                if not self.handle(line) or self.closed:
                    break
        finally:
            self.stop()

    @property
    def searching(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def handle(self, line: str | None) -> bool:
        """Do one command; False after ``quit``."""
        if line is None:
            if self.searching:
                self.stop()
            self.error(f"line too long: more than {MAX_LINE} characters")
            return True
        try:
            command, pairs = parse_line(line)
        except HubError as error:
            self.error(str(error))
            return True
        if command == "ping":
            self.send("pong")
            return True
        if command == "ponder-hit":
            if self.ponder_hit is None:
                self.ponder_hit = time.perf_counter()
            return True
        # anything else ends a search first, as Scan does
        self.stop()
        if command == "quit":
            return False
        handlers: dict[str, Callable[[list[tuple[str, str]]], None]] = {
            "hub": self.hello, "init": lambda a: self.send("ready"),
            "set-param": self.set_param, "new-game": self.new_game, "pos": self.pos,
            "level": self.set_level, "go": self.go, "stop": lambda a: None,
        }
        handler = handlers.get(command)
        if handler is None:
            self.error(f"unknown command {_clean(command, 40)!r}")
            return True
        try:
            handler(pairs)
        except HubError as error:
            self.error(str(error))
        except Exception as error:  # an engine that dies leaves the GUI waiting for ever
            self.error(f"{type(error).__name__}: {error}")
        return True

    def hello(self, pairs: list[tuple[str, str]]) -> None:
        self.send(f'id name={NAME} version={VERSION} author="Shashki project" country=none')
        self.send('param name=variant value=normal type=enum values="normal"')
        self.send("wait")

    def set_param(self, pairs: list[tuple[str, str]]) -> None:
        values = dict(pairs)
        name = values.get("name", "")
        if not name:
            raise HubError("missing name")
        if name != "variant":
            raise HubError(f"unknown parameter {_clean(name, 40)!r}")
        if values.get("value") != "normal":
            raise HubError(f"variant {_clean(values.get('value', ''), 40)!r}: only normal "
                           "(International draughts) is played")

    def new_game(self, pairs: list[tuple[str, str]]) -> None:
        self.tt.clear()

    def pos(self, pairs: list[tuple[str, str]]) -> None:
        text, moves = START, ""
        for name, value in pairs:
            if name == "start":
                text = START
            elif name == "pos":
                text = value
            elif name == "moves":
                moves = value
        game = position(text)
        self.game = game  # a bad move below keeps the moves before it (as Scan does)
        for count, word in enumerate(moves.split(), start=1):
            try:
                game.push(hub_move(game, word))
            except HubError as error:
                raise HubError(f"{error} (move {count} of moves=)") from None

    def set_level(self, pairs: list[tuple[str, str]]) -> None:
        self.level = Level.parse(pairs)

    def go(self, pairs: list[tuple[str, str]]) -> None:
        names = {name for name, _ in pairs}
        mode = "analyze" if "analyze" in names else "ponder" if "ponder" in names else "think"
        game = self.game.copy()
        if not game.perft_moves():
            self.error("no legal move in this position")
            self.send("done")
            return
        self.stopping.clear()
        self.ponder_hit = None
        self.thread = threading.Thread(target=self._think,
                                       args=(game, self.level, mode, time.perf_counter()),
                                       daemon=True)
        self.thread.start()

    def _think(self, game: International, level: Level, mode: str, asked: float) -> None:
        """The search thread: info lines, then ``done`` (always)."""
        if mode == "think":  # a move to play (not analysis, not pondering): the book first
            from game.ai.book import book_move

            booked = book_move(game, self.rng, margin=5)
            if booked is not None:
                self.send(f"done move={game.hub_text(booked)}")
                return
        try:
            result = self._search(game, level, mode, asked)
        except Exception as error:  # still a move: the GUI must not wait for ever
            self.error(f"the search failed: {type(error).__name__}: {error}")
            self.send(f"done move={game.hub_text(game.perft_moves()[0])}")
            return
        answer = f"done move={game.hub_text(result.move)}"
        reply = self._ponder_move(game, result)
        if reply is not None:
            after = game.copy()
            after.push(result.move)
            answer += f" ponder={after.hub_text(reply)}"
        self.send(answer)

    def _search(self, game: International, level: Level, mode: str, asked: float
                ) -> SearchResult:
        from game.ai.draughts import DraughtsBoard, history_keys

        began = asked  # the clock runs from the go
        seconds = level.seconds(game)
        pondering = mode == "ponder"
        shown: list[tuple[Move, ...]] = [()]  # the line of the last info

        def stop() -> bool:
            if self.stopping.is_set():
                return True
            if pondering and seconds is not None and self.ponder_hit is not None:
                # the clock runs from ponder-hit
                return time.perf_counter() - self.ponder_hit >= seconds
            return False

        def info(depth: int, score: int, nodes: int, pv: list[Move] | tuple[Move, ...]
                 ) -> None:
            shown[0] = tuple(pv)
            elapsed = time.perf_counter() - began
            line, texts = game.copy(), []
            for move in pv:
                if move not in line.perft_moves():
                    break
                texts.append(line.hub_text(move))
                line.push(move)
            self.send(f"info depth={depth} score={score / 100:.2f} nodes={nodes} "
                      f"time={elapsed:.3f} nps={nodes / max(elapsed, 1e-6) / 1e6:.3f} "
                      f'pv="{" ".join(texts)}"')

        # when our own rules have already ended the game (a repetition, a count run out),
        # the GUI still wants a move: search as if the counts began now
        board = DraughtsBoard(game, rule_root=game.outcome() is None)
        keys = history_keys(game, board)
        if seconds is not None and not pondering:
            seconds = max(0.002, seconds - (time.perf_counter() - asked))  # spent setting up
        limit = Limit(time=None if pondering else seconds, depth=level.depth,
                      nodes=level.nodes)
        searcher = Searcher(board, limit, history_keys=keys, stop=stop,
                            on_depth=info, tt=self.tt, quick_forced=mode == "think")
        result = searcher.run()
        if result.depth and result.pv != shown[0]:
            # a better move found in the iteration cut short: its own line, so that what the
            # GUI shows last is the move played and the reply expected
            info(result.depth, result.score, result.nodes, result.pv)
        return result

    @staticmethod
    def _ponder_move(game: International, result: SearchResult) -> Move | None:
        """The expected reply: the line's second move if it is legal after the move played,
        else the only reply there is, else none."""
        after = game.copy()
        after.push(result.move)
        replies = after.perft_moves()
        if len(result.pv) > 1 and result.pv[0] == result.move and result.pv[1] in replies:
            return result.pv[1]
        return replies[0] if len(replies) == 1 else None

    def stop(self) -> None:
        """End the search under way, if any (its ``done`` is sent before this returns)."""
        thread = self.thread
        if thread is not None:
            self.stopping.set()
            thread.join()
            self.thread = None


def main(source: TextIO, out: TextIO) -> int:
    if hasattr(source, "reconfigure"):
        source.reconfigure(errors="replace")  # bytes that are not UTF-8 are not a crash
    HubEngine(out).run(read_lines(source))
    return 0
