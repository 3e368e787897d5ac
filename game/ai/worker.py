"""A search in another process, so the window stays alive while the computer thinks.

:class:`Thinker` starts one worker process (multiprocessing's *spawn* start method, which
works the same on Windows, macOS and Linux and from an installed console script) and reuses
it for every request, because starting a process is slow. Requests and answers cross as plain
tuples and strings; the window polls for the answer in its update and may cancel at any time.

Neither starting nor closing a worker waits for it: a closed worker is told to stop and left
to finish on its own (its queues are kept until it has, so that a worker closed while it is
still starting up finds everything it was handed); a dead one is noticed at the next poll.
"""
from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.queues
import random
import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.ai.crew import Crew, most_processes
from game.ai.table import DEFAULT_MEGABYTES, TranspositionTable, table_megabytes
from game.rules.core import Move

# start, landings, captured, promotes, and the square huffed before the move (-1: none)
MoveData = tuple[int, tuple[int, ...], tuple[int, ...], bool, int]
#: a worker of any kind, as its ``with`` gives it
_W = TypeVar("_W", bound="WorkerProcess")


@dataclass(frozen=True, slots=True)
class ThinkResult:
    """The worker's answer: the move (and its ``hub_text``), or ``error`` if it failed."""

    move: Move | None
    text: str
    score: int
    depth: int
    nodes: int
    pv: tuple[Move, ...]
    error: str | None = None
    died: bool = False  # the worker process stopped (killed, out of memory) before answering


def _pack(move: Move) -> MoveData:
    return (move.start, tuple(move.path), tuple(move.captured), move.promotes,
            -1 if move.huff is None else move.huff)


def _unpack(data: MoveData) -> Move:
    huff = data[4] if len(data) > 4 else -1
    return Move(data[0], tuple(data[1]), tuple(data[2]), bool(data[3]),
                None if huff < 0 else huff)


#: the transposition table the worker keeps between requests of one game (what pondering
#: fills for the next move), and which game and budget it was made for
_TABLE: list[TranspositionTable | None] = [None]
_TABLE_FOR: list[Any] = [None]


def _table_for(variant: str, options: dict[str, Any], fen: str | None,
               megabytes: int, shared: bool = False) -> TranspositionTable:
    """The kept table if the request is about the same game as the last one (and the same
    budget for the search's memory, shared with helper processes or not), else a new one
    (the old one's memory is given back)."""
    ident = (variant, tuple(sorted(options.items())), fen, megabytes, shared)
    table = _TABLE[0]
    if table is None or _TABLE_FOR[0] != ident:
        # the old table's memory goes back to the system as it is let go (and its helper
        # processes, which share it, end)
        Crew.release()
        table = _TABLE[0] = TranspositionTable(table_megabytes(megabytes), shared=shared)
        _TABLE_FOR[0] = ident
    return table


def kept_table() -> TranspositionTable | None:
    """The table this process keeps for the game it was last asked about (tests)."""
    return _TABLE[0]


def _think(task: tuple[Any, ...], wanted: Any, depth_seen: Any) -> tuple[Any, ...]:
    """Run one request inside the worker; returns the answer tuple."""
    from game.ai.engine import search
    from game.ai.levels import LEVELS
    from game.ai.options import set_memory
    from game.ai.search import MAX_PLY, Limit
    from game.rules import find_variant

    (ident, variant, options, fen, moves, level, limit, seed, elapsed, quick_forced,
     ponder, megabytes, processes) = task
    cls = find_variant(variant)
    game = cls.from_fen(fen, **options) if fen else cls.new(**options)
    for move in moves:
        if isinstance(move, str):
            game.play(game.parse_move(move))
        else:
            game.play(_unpack(move))
    if elapsed:
        game.set_elapsed(elapsed)

    def stop() -> bool:
        return bool(wanted.value != ident)

    def on_depth(depth: int, score: int, nodes: int, pv: list[Move]) -> None:
        depth_seen.value = depth

    set_memory(megabytes)
    tt = _table_for(variant, options, fen, megabytes, shared=processes > 1)
    if ponder:
        # think on the opponent's time until cancelled: the answer only fills the table. One
        # process only: while a person thinks, the other core is the window's (helpers on
        # every core would make its frames wait)
        result = search(game, Limit(depth=MAX_PLY - 8), stop=stop, on_depth=on_depth, tt=tt)
        return (ident, _pack(result.move), game.hub_text(result.move), result.score,
                result.depth, result.nodes, tuple(_pack(m) for m in result.pv), None)
    if level is not None:
        from game.ai.levels import choose_move
        if level not in LEVELS:
            raise ValueError(f"level must be 1 to {max(LEVELS)}, not {level}")
        move = choose_move(game, level, random.Random(seed), time=limit[0] if limit else None,
                           stop=stop, on_depth=on_depth, tt=tt, processes=processes)
        return (ident, _pack(move), game.hub_text(move), 0, depth_seen.value, 0,
                (_pack(move),), None)
    time_s, depth, nodes = limit if limit else (None, None, None)
    result = search(game, Limit(time_s, depth, nodes), stop=stop, on_depth=on_depth,
                    quick_forced=quick_forced, tt=tt, helpers=processes - 1)
    return (ident, _pack(result.move), game.hub_text(result.move), result.score, result.depth,
            result.nodes, tuple(_pack(m) for m in result.pv), None)


def serve(tasks: Any, answers: Any, wanted: Any, depth_seen: Any) -> None:
    """The worker process's loop: a task tuple in, an answer tuple out; None ends it."""
    while True:
        task = tasks.get()
        if task is None:
            return
        try:
            answer = _think(task, wanted, depth_seen)
        except Exception as error:  # the window gets the message instead of a dead worker
            answer = (task[0], None, "", 0, 0, 0, (), f"{type(error).__name__}: {error}")
        answers.put(answer)


_DIED = object()  # what the process answers when it is no longer there to answer

#: seconds a closed worker has to stop by itself before it is terminated, then killed
_GRACE = 5.0
#: closed workers not yet gone: (process, what it was handed, when it was closed)
_RETIRED: list[tuple[Any, tuple[Any, ...], float]] = []


def _reap() -> None:
    """Let go of closed workers that have stopped; hurry the ones that take too long. Never
    waits: ``is_alive`` only asks the system."""
    now = time.monotonic()
    for item in list(_RETIRED):
        process, handed, since = item
        if not process.is_alive():
            _RETIRED.remove(item)
            for q in handed:
                if isinstance(q, multiprocessing.queues.SimpleQueue):
                    q.close()
        elif now - since > 2 * _GRACE:
            process.kill()
        elif now - since > _GRACE:
            process.terminate()


def retired_workers() -> int:
    """How many closed workers are still finishing (for tests and benchmarks)."""
    _reap()
    return len(_RETIRED)


@atexit.register
def _end_all() -> None:
    # runs before multiprocessing's own exit handler (registered earlier, run later), which
    # removes the queues' semaphores before it stops the children: a child still starting up
    # would then fail to find them and print a traceback. A terminated child prints nothing.
    for process in multiprocessing.active_children():
        if process.name.startswith("shashki-"):
            process.terminate()
    for process, _, _ in _RETIRED:
        process.join(timeout=1.0)


class _Live:
    """The worker process of a :class:`WorkerProcess` and what it was handed, kept apart so
    that it can be retired when its owner is dropped without being closed."""

    __slots__ = ("process", "tasks", "answers", "values")

    def __init__(self, values: tuple[Any, ...]) -> None:
        self.process: Any = None
        self.tasks: Any = None
        self.answers: Any = None
        self.values = values

    def retire(self, stop: bool = False) -> None:
        """Hand the process and its queues to the reaper (telling it to stop, if asked):
        they are let go once it has stopped, never while it may still be reading them."""
        if self.process is None:
            return
        if stop:
            try:
                self.tasks.put(None)
            except (OSError, ValueError):
                self.process.terminate()
        _RETIRED.append((self.process, (self.tasks, self.answers, *self.values),
                         time.monotonic()))
        self.process = self.tasks = self.answers = None


class WorkerProcess:
    """One worker process (spawn start method, reused between requests) serving ``target``
    (``target(tasks, answers, wanted, progress)``): a request goes in, the window polls for
    its answer, and may cancel it or close the process at any time. Subclasses turn their
    requests and answers into the tuples that cross.

    A worker that dies is answered for with ``_DIED`` at the next poll; the next request
    starts a new one (:attr:`started` and :attr:`deaths` count them)."""

    def __init__(self, target: Any, name: str) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._target = target
        self._name = name
        self._wanted: Any = self._ctx.Value("q", -1, lock=False)
        self._progress: Any = self._ctx.Value("i", 0, lock=False)
        self._live = _Live((self._wanted, self._progress))
        # dropped without close (a screen left in a hurry): the worker is still told to stop,
        # and what it was handed stays until it has (else, still starting, it would not find
        # its queues' semaphores and print a traceback)
        weakref.finalize(self, self._live.retire, True).atexit = False
        self._next = 0
        self._pending: int | None = None
        self.started = 0  # worker processes started so far
        self.deaths = 0  # of them, how many died in the middle of a request

    def warm_up(self) -> None:
        """Start the worker process now (it takes a moment), not on the first request."""
        self._ensure_process()

    @property
    def _process(self) -> Any:
        return self._live.process

    @property
    def _tasks(self) -> Any:
        return self._live.tasks

    @property
    def _answers(self) -> Any:
        return self._live.answers

    @property
    def pid(self) -> int | None:
        """The worker process's id while there is one (tests and benchmarks kill it)."""
        return None if self._process is None else self._process.pid

    def _ensure_process(self) -> None:
        _reap()
        if self._process is not None and self._process.is_alive():
            return
        live = self._live
        live.retire()
        # simple queues: a put writes to the pipe at once, with no feeder thread to start
        # (which can take tens of milliseconds on a busy machine) or to wait for on exit
        live.tasks = self._ctx.SimpleQueue()
        live.answers = self._ctx.SimpleQueue()
        live.process = self._ctx.Process(
            target=self._target,
            args=(live.tasks, live.answers, self._wanted, self._progress),
            name=self._name, daemon=True)
        live.process.start()
        self.started += 1

    def _submit(self, *payload: Any) -> None:
        """Send a request (dropping the one before); its answer comes from :meth:`_take`."""
        self.cancel()
        self._ensure_process()
        self._next += 1
        self._pending = self._next
        self._progress.value = 0
        self._wanted.value = self._next
        self._tasks.put((self._next, *payload))

    def _take(self) -> Any:
        """The answer tuple to the pending request (without its number), ``_DIED`` if the
        process is gone, or None while there is nothing yet."""
        if self._pending is None or self._answers is None:
            return None
        while True:
            try:
                if self._answers.empty():
                    if self._process is not None and not self._process.is_alive():
                        # the worker died (killed, out of memory): say so, do not wait
                        self._pending = None
                        self.deaths += 1
                        self._live.retire()
                        return _DIED
                    return None
                answer = self._answers.get()  # the parent is its only reader: no race
            except (OSError, EOFError, ValueError):
                # the pipe broke with the process on the other end
                self._pending = None
                self.deaths += 1
                if self._process is not None:
                    self._process.kill()
                    self._live.retire()
                return _DIED
            if answer[0] != self._pending:
                continue  # the late answer of a cancelled request
            self._pending = None
            return answer[1:]

    @property
    def busy(self) -> bool:
        """Whether a request is waiting for its answer."""
        return self._pending is not None

    def progress(self) -> int:
        """How far the current request has got (what the worker reports: depth, shots)."""
        return int(self._progress.value)

    def cancel(self) -> None:
        """Drop the current request; the worker stops working on it at once."""
        self._wanted.value = -1
        self._pending = None

    def close(self) -> None:
        """Stop the worker process, without waiting for it: it is told to end and left to
        do so (terminated if it has not within a few seconds)."""
        self.cancel()
        self._live.retire(stop=True)
        _reap()

    def __enter__(self: _W) -> _W:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class Thinker(WorkerProcess):
    """Searches in a worker process: ``start`` a request, ``poll`` for the answer,
    ``progress`` for the depth reached, ``cancel`` to drop it, ``close`` when done.

    ``memory_mb`` is the most the search keeps in megabytes (its transposition table and
    the evaluation's caches), on top of what the worker process needs anyway (the
    interpreter, the game's tables); ``processes`` how many processes a search may use
    (the worker's own and helpers it forks, :mod:`game.ai.crew`; the levels below 6 use one).
    A request made after either changed follows it."""

    def __init__(self, memory_mb: int = DEFAULT_MEGABYTES, processes: int = 1) -> None:
        super().__init__(serve, "shashki-thinker")
        self.memory_mb = memory_mb
        self.processes = processes
        self._ponders = False  # the last request was to think on the opponent's time

    def start(self, variant: str, options: dict[str, Any] | None = None, fen: str | None = None,
              moves: Sequence[str | Move | MoveData] = (), *, level: int | None = None,
              time: float | None = None, depth: int | None = None, nodes: int | None = None,
              seed: int | None = None, elapsed: float = 0.0,
              quick_forced: bool = False) -> None:
        """Ask for a move in the game of ``variant`` started from ``fen`` (None: the usual
        start) after ``moves``; by ``level`` (1-8, ``time`` its most) or by a limit. A single
        legal move is searched for its score unless ``quick_forced`` (see ``search``)."""
        packed = [m if isinstance(m, str) else _pack(m if isinstance(m, Move) else _unpack(m))
                  for m in moves]
        limit = (time, depth, nodes) if level is None or time is not None else None
        if seed is None:
            seed = random.getrandbits(32)
        self._submit(variant, dict(options or {}), fen, packed, level, limit, seed, elapsed,
                     quick_forced, False, self.memory_mb, self._processes())
        self._ponders = False

    def ponder(self, variant: str, options: dict[str, Any] | None = None,
               fen: str | None = None, moves: Sequence[str | Move | MoveData] = ()) -> None:
        """Think about the position after ``moves`` (the opponent to move) until
        :meth:`cancel` or the next :meth:`start`, which then finds the work done in the
        worker's table. Cancelling stops it within a few milliseconds; its answer (the
        reply it expects) may be polled but need not be."""
        packed = [m if isinstance(m, str) else _pack(m if isinstance(m, Move) else _unpack(m))
                  for m in moves]
        self._submit(variant, dict(options or {}), fen, packed, None, None, 0, 0.0, False,
                     True, self.memory_mb, self._processes())
        self._ponders = True

    def _processes(self) -> int:
        """The processes a search may use: as set, within one and one a core."""
        return max(1, min(int(self.processes), most_processes()))

    @property
    def pondering(self) -> bool:
        """Whether the worker is thinking on the opponent's time now (a ponder asked for,
        not cancelled, not replaced by a request for a move)."""
        return self._ponders and self.busy

    def poll(self) -> ThinkResult | None:
        """The answer to the last request once it is ready (once), else None."""
        answer = self._take()
        if answer is None:
            return None
        if answer is _DIED:
            return ThinkResult(None, "", 0, 0, 0, (), "the worker process stopped", died=True)
        move, text, score, depth, nodes, pv, error = answer
        return ThinkResult(None if move is None else _unpack(move), text, score, depth,
                           nodes, tuple(_unpack(m) for m in pv), error)
