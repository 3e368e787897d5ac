"""The Chapaev shot planner in another process, so the window stays alive while it thinks.

A sibling of :mod:`game.ai.worker` (the board games' search): one worker process started with
multiprocessing's *spawn* method and reused for every request; requests cross as plain
tuples (the table's resting state, the match, the level); the window polls for the answer and
may cancel at any time (the planner checks a shared request number every few shots).
"""
from __future__ import annotations

import multiprocessing
import queue
import random
from dataclasses import dataclass
from typing import Any

ShotData = tuple[tuple[Any, int], tuple[float, float], float]  # (disc, direction, strength)


@dataclass(frozen=True, slots=True)
class ShotAnswer:
    """The worker's answer: the shot to play (hand error included), or ``error``."""

    shot: ShotData | None
    meant: ShotData | None  # the shot as planned, before the hand's error
    score: float
    simulated: int
    seconds: float
    error: str | None = None


def _plan(task: tuple[Any, ...], wanted: Any, simulated: Any) -> tuple[Any, ...]:
    from game.ai.chapaev import PlanCancelled, apply_hand, plan

    ident, state, match, config, level, seed, aim_error = task

    def stop() -> bool:
        return bool(wanted.value != ident)

    def progress(count: int) -> None:
        simulated.value = count

    try:
        chosen = plan(state, match, level, config=config, stop=stop, progress=progress)
    except PlanCancelled:
        return (ident, None, None, 0.0, 0, 0.0, "cancelled")
    shot = apply_hand(chosen.shot, level, random.Random(seed)) if aim_error else chosen.shot
    return (ident, (shot.disc, shot.direction, shot.strength),
            (chosen.shot.disc, chosen.shot.direction, chosen.shot.strength),
            chosen.score, chosen.simulated, chosen.seconds, None)


def serve(tasks: Any, answers: Any, wanted: Any, simulated: Any) -> None:
    """The worker process's loop: a task tuple in, an answer tuple out; None ends it."""
    while True:
        task = tasks.get()
        if task is None:
            return
        try:
            answer = _plan(task, wanted, simulated)
        except Exception as error:  # the window gets the message instead of a dead worker
            answer = (task[0], None, None, 0.0, 0, 0.0, f"{type(error).__name__}: {error}")
        answers.put(answer)


class ShotThinker:
    """Plans Chapaev shots in a worker process: ``start`` a request, ``poll`` for the answer,
    ``progress`` for the shots simulated so far, ``cancel`` to drop it, ``close`` when done."""

    def __init__(self) -> None:
        self._ctx = multiprocessing.get_context("spawn")
        self._tasks: Any = None
        self._answers: Any = None
        self._wanted: Any = self._ctx.Value("q", -1, lock=False)
        self._simulated: Any = self._ctx.Value("i", 0, lock=False)
        self._process: Any = None
        self._next = 0
        self._pending: int | None = None

    def _ensure_process(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        self._tasks = self._ctx.Queue()
        self._answers = self._ctx.Queue()
        self._process = self._ctx.Process(
            target=serve, args=(self._tasks, self._answers, self._wanted, self._simulated),
            name="shashki-chapaev-thinker", daemon=True)
        self._process.start()

    def start(self, state: Any, match: Any, config: Any, level: int, *,
              seed: int | None = None, aim_error: bool = True) -> None:
        """Ask for the shot of the side to shoot in ``match`` (a ``ChapaevMatch``) on the table
        at rest ``state`` (a ``physics.TableState``) with ``config`` at ``level`` (1-5)."""
        self.cancel()
        self._ensure_process()
        self._next += 1
        ident = self._next
        self._pending = ident
        self._simulated.value = 0
        self._wanted.value = ident
        if seed is None:
            seed = random.getrandbits(32)
        self._tasks.put((ident, state, match, config, level, seed, aim_error))

    @property
    def busy(self) -> bool:
        """Whether a request is waiting for its answer."""
        return self._pending is not None

    def poll(self) -> ShotAnswer | None:
        """The answer to the last request once it is ready (once), else None."""
        if self._pending is None or self._answers is None:
            return None
        while True:
            try:
                answer = self._answers.get_nowait()
            except queue.Empty:
                if self._process is not None and not self._process.is_alive():
                    # the worker died (killed, or could not start): say so, do not wait
                    self._pending = None
                    return ShotAnswer(None, None, 0.0, 0, 0.0, "the worker process stopped")
                return None
            if answer[0] != self._pending:
                continue  # the late answer of a cancelled request
            self._pending = None
            _, shot, meant, score, simulated, seconds, error = answer
            return ShotAnswer(shot, meant, float(score), int(simulated), float(seconds), error)

    def progress(self) -> int:
        """Shots the current plan has simulated so far."""
        return int(self._simulated.value)

    def cancel(self) -> None:
        """Drop the current request; the worker stops planning within a few shots."""
        self._wanted.value = -1
        self._pending = None

    def close(self) -> None:
        """Stop the worker process (waits briefly, then ends it)."""
        self.cancel()
        process = self._process
        if process is None:
            return
        try:
            self._tasks.put(None)
            process.join(timeout=2.0)
        finally:
            if process.is_alive():
                process.terminate()
                process.join(timeout=1.0)
            self._process = None
            for q in (self._tasks, self._answers):
                q.close()
                q.join_thread()

    def __enter__(self) -> ShotThinker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
