"""The Hub protocol (version 2, as Scan 3 speaks it) for International draughts, so that the
engine can be run from Hub and other draughts GUIs: ``python -m game.ai hub``.

Supported: ``hub``, ``set-param`` (accepted, ignored), ``init``, ``new-game``,
``pos pos=... [moves="..."]``, ``level depth=|move-time=|time= [moves=] [inc=]|infinite``,
``go think|ponder|analyze`` (pondering is searched as thinking), ``ponder-hit`` (ignored),
``stop``, ``ping`` (also during a search) and ``quit``; end of input quits. In a position
of the opening book ``go think`` is answered from the book at once (analysis searches).
"""
from __future__ import annotations

import random
import shlex
import threading
import time
from collections.abc import Iterable
from typing import Any, Callable, TextIO

from game.ai.engine import search
from game.ai.search import Limit, SearchResult
from game.rules import Color, Move, Piece, PieceKind
from game.rules.international import International

NAME = "Shashki"
VERSION = "0.1"


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """A command and its ``name=value`` arguments (a flag gets the empty string)."""
    try:
        words = shlex.split(line)
    except ValueError:
        words = line.split()
    if not words:
        return "", {}
    args: dict[str, str] = {}
    for word in words[1:]:
        name, _, value = word.partition("=")
        args[name] = value
    return words[0], args


def position(text: str) -> International:
    """A game from Hub's position text: the side to move, then one character per square."""
    if len(text) != 51 or text[0] not in "WB":
        raise ValueError(f"a position is W or B and 50 squares, not {text!r}")
    kinds = {"w": Piece(Color.WHITE), "b": Piece(Color.BLACK),
             "W": Piece(Color.WHITE, PieceKind.KING), "B": Piece(Color.BLACK, PieceKind.KING)}
    pieces: dict[int, Piece] = {}
    for square, char in enumerate(text[1:], start=1):
        if char in kinds:
            pieces[square] = kinds[char]
        elif char != "e":
            raise ValueError(f"unknown square contents {char!r}")
    game = International.from_squares(Color.WHITE if text[0] == "W" else Color.BLACK, pieces)
    assert isinstance(game, International)
    return game


def hub_move(game: International, text: str) -> Move:
    """The legal move Hub writes as ``from-to`` or ``from x to x captured ...``."""
    parts = text.replace("-", "x").split("x")
    start, end = int(parts[0]), int(parts[1])
    captured = {int(p) for p in parts[2:]}
    for move in game.legal_moves():
        if move.start == start and move.end == end and set(move.captured) == captured:
            return move
    raise ValueError(f"{text} is not a legal move here")


class HubEngine:
    """The protocol's state: the position, the limit, and a search running in a thread."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.lock = threading.Lock()
        self.game: International = International.new()  # type: ignore[assignment]
        self.limit = Limit(time=1.0)
        self.tt: dict[int, tuple[int, int, int, Any]] = {}
        self.thread: threading.Thread | None = None
        self.stopping = threading.Event()
        self.rng = random.Random()  # which of the opening book's near-equal moves to play

    def send(self, line: str) -> None:
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    def run(self, lines: Iterable[str]) -> None:
        for raw in lines:
            if not self.handle(raw.strip()):
                break
        self.stop()

    def handle(self, line: str) -> bool:
        """Do one command; False after ``quit``."""
        command, args = parse_line(line)
        handlers: dict[str, Callable[[dict[str, str]], None]] = {
            "hub": self.hello, "init": lambda a: self.send("ready"),
            "set-param": lambda a: None, "new-game": self.new_game, "pos": self.pos,
            "level": self.level, "go": self.go, "stop": lambda a: self.stop(),
            "ping": lambda a: self.send("pong"), "ponder-hit": lambda a: None,
        }
        if command == "quit":
            return False
        handler = handlers.get(command)
        if handler is None:
            return True  # the protocol says: ignore what you do not understand
        try:
            handler(args)
        except (ValueError, KeyError) as error:
            self.send(f'error message="{error}"')
        return True

    def hello(self, args: dict[str, str]) -> None:
        self.send(f'id name={NAME} version={VERSION} author="Shashki project" country=none')
        self.send('param name=variant value=normal type=enum values="normal"')
        self.send("wait")

    def new_game(self, args: dict[str, str]) -> None:
        self.stop()
        self.tt.clear()

    def pos(self, args: dict[str, str]) -> None:
        self.stop()
        game = position(args["pos"])
        for text in args.get("moves", "").split():
            game.push(hub_move(game, text))
        self.game = game

    def level(self, args: dict[str, str]) -> None:
        if "depth" in args:
            self.limit = Limit(depth=int(args["depth"]))
        elif "move-time" in args:
            self.limit = Limit(time=float(args["move-time"]))
        elif "infinite" in args:
            self.limit = Limit(depth=100)
        elif "time" in args:
            left = float(args["time"])
            moves = int(args["moves"]) if "moves" in args else 30
            inc = float(args.get("inc", 0) or 0)
            self.limit = Limit(time=max(0.05, min(left / 2, left / max(moves, 1) + inc)))

    def go(self, args: dict[str, str]) -> None:
        self.stop()
        self.stopping.clear()
        game = self.game.copy()
        # a move to play (not analysis, not pondering) may come from the opening book
        use_book = "analyze" not in args and "ponder" not in args
        self.thread = threading.Thread(target=self._think, args=(game, self.limit, use_book),
                                       daemon=True)
        self.thread.start()

    def _think(self, game: International, limit: Limit, use_book: bool = False) -> None:
        began = time.perf_counter()
        if use_book:
            from game.ai.book import book_move
            booked = book_move(game, self.rng, margin=5)
            if booked is not None:
                self.send(f"done move={game.hub_text(booked)}")
                return

        def info(depth: int, score: int, nodes: int, pv: list[Move]) -> None:
            seconds = time.perf_counter() - began
            board_moves = []
            line = game.copy()
            for move in pv:
                if move not in line.legal_moves():
                    break
                board_moves.append(line.hub_text(move))
                line.push(move)
            self.send(f"info depth={depth} score={score / 100:.2f} nodes={nodes} "
                      f"time={seconds:.3f} nps={nodes / max(seconds, 1e-6) / 1e6:.3f} "
                      f'pv="{" ".join(board_moves)}"')

        try:
            result: SearchResult = search(game, limit, stop=self.stopping.is_set,
                                          on_depth=info, tt=self.tt)
        except ValueError as error:
            self.send(f'error message="{error}"')
            return
        answer = f"done move={game.hub_text(result.move)}"
        if len(result.pv) > 1:
            game.push(result.move)
            answer += f" ponder={game.hub_text(result.pv[1])}"
        self.send(answer)

    def stop(self) -> None:
        thread = self.thread
        if thread is not None:
            self.stopping.set()
            thread.join()
            self.thread = None


def main(source: TextIO, out: TextIO) -> int:
    HubEngine(out).run(source)
    return 0
