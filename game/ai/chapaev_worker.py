"""The Chapaev shot planner in another process, so the window stays alive while it thinks.

A sibling of :mod:`game.ai.worker` (the board games' search): one worker process started with
multiprocessing's *spawn* method and reused for every request; requests cross as plain
tuples (the table's resting state, the match, the level); the window polls for the answer and
may cancel at any time (the planner checks a shared request number every few shots).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai.worker import _DIED, WorkerProcess

ShotData = tuple[tuple[Any, int], "tuple[float, float] | None", float]
"""(disc, direction, strength); the direction is None for a press (the bayonet fight)."""


def shot_data(shot: Any) -> ShotData:
    """A shot or press as plain data for the pipe."""
    direction = getattr(shot, "direction", None)  # a press has none
    return (shot.disc, direction, shot.strength)


def shot_of(data: ShotData) -> Any:
    """The shot or press ``data`` stands for (the inverse of :func:`shot_data`)."""
    from game.ai.chapaev import action_of

    return action_of(*data)


@dataclass(frozen=True, slots=True)
class ShotAnswer:
    """The worker's answer: the shot (or press) to play, hand error included, or
    ``error``."""

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
    return (ident, shot_data(shot), shot_data(chosen.shot), chosen.score, chosen.simulated,
            chosen.seconds, None)


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


class ShotThinker(WorkerProcess):
    """Plans Chapaev shots in a worker process: ``start`` a request, ``poll`` for the answer,
    ``progress`` for the shots simulated so far, ``cancel`` to drop it, ``close`` when done."""

    def __init__(self) -> None:
        super().__init__(serve, "shashki-chapaev-thinker")

    def start(self, state: Any, match: Any, config: Any, level: int, *,
              seed: int | None = None, aim_error: bool = True) -> None:
        """Ask for the shot of the side to shoot in ``match`` (a ``ChapaevMatch``) on the table
        at rest ``state`` (a ``physics.TableState``) with ``config`` at ``level`` (1-5)."""
        if seed is None:
            seed = random.getrandbits(32)
        self._submit(state, match, config, level, seed, aim_error)

    def poll(self) -> ShotAnswer | None:
        """The answer to the last request once it is ready (once), else None."""
        answer = self._take()
        if answer is None:
            return None
        if answer is _DIED:
            return ShotAnswer(None, None, 0.0, 0, 0.0, "the worker process stopped")
        shot, meant, score, simulated, seconds, error = answer
        return ShotAnswer(shot, meant, float(score), int(simulated), float(seconds), error)
