"""Tracing: a shot played again with every disc's place recorded over time (what a slow
replay draws)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from physics.reports import Action, DiscState, Fall, Knock, ShotResult, TableEvent, TableState
from physics.sides import DiscId


@dataclass(frozen=True, slots=True)
class ShotTrace:
    """A shot played again from where it started, with every disc's place over time: what a
    slow replay draws. ``frames[i]`` holds the discs on the board at ``times[i]`` seconds
    into the shot (a disc that fell is in no frame after its fall; its :class:`Fall` says
    where it went over)."""

    action: Action
    start: TableState
    times: tuple[float, ...]
    frames: tuple[tuple[tuple[DiscId, float, float, float], ...], ...]  # (disc, x, y, angle)
    falls: tuple[Fall, ...]
    knocks: tuple[Knock, ...]
    result: ShotResult
    end: TableState

    @property
    def seconds(self) -> float:
        return self.times[-1]

    def path(self, disc: DiscId) -> list[tuple[float, float, float]]:
        """``(time, x, y)`` of ``disc`` at every frame it is on the board, and then where it
        went over the edge if it fell."""
        out = [(t, x, y) for t, frame in zip(self.times, self.frames)
               for d, x, y, _ in frame if d == disc]
        for fall in self.falls:
            if fall.disc == disc:
                out.append((fall.time, fall.x, fall.y))
        return out

    def moved(self) -> tuple[DiscId, ...]:
        """The discs that moved in the shot (their paths are worth drawing)."""
        first = {d: (x, y) for d, x, y, _ in self.frames[0]}
        last = {d: (x, y) for d, x, y, _ in self.frames[-1]}
        return tuple(d for d in first
                     if d not in last or math.hypot(last[d][0] - first[d][0],
                                                    last[d][1] - first[d][1]) > 1e-6)

    def at(self, seconds: float) -> dict[DiscId, tuple[float, float, float]]:
        """Every disc on the board ``seconds`` into the shot, ``(x, y, angle)``, between two
        frames by a straight blend (for a replay drawn at any speed)."""
        times = self.times
        if seconds <= times[0]:
            return {d: (x, y, a) for d, x, y, a in self.frames[0]}
        if seconds >= times[-1]:
            return {d: (x, y, a) for d, x, y, a in self.frames[-1]}
        lo, hi = 0, len(times) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if times[mid] <= seconds:
                lo = mid
            else:
                hi = mid
        share = (seconds - times[lo]) / (times[hi] - times[lo])
        later = {d: (x, y, a) for d, x, y, a in self.frames[hi]}
        out: dict[DiscId, tuple[float, float, float]] = {}
        for d, x, y, a in self.frames[lo]:
            if d in later:
                x2, y2, a2 = later[d]
                out[d] = (x + (x2 - x) * share, y + (y2 - y) * share, a + (a2 - a) * share)
        return out


class Steppable(Protocol):
    """What tracing needs of a table (:class:`physics.table.Table` is one)."""

    @property
    def shot_steps(self) -> int: ...
    @property
    def shot_time(self) -> float: ...
    def state(self) -> TableState: ...
    def act(self, action: Action) -> None: ...
    def step(self) -> None: ...
    def events(self) -> list[TableEvent]: ...
    def disc_states(self) -> tuple[DiscState, ...]: ...


def record(table: Steppable, action: Action, every: int) -> ShotTrace:
    """Play ``action`` on ``table`` (a fresh one at the start), recording every disc's place
    each ``every`` steps."""
    start = table.state()
    table.act(action)
    times: list[float] = [0.0]
    frames = [tuple((d, x, y, a) for d, x, y, a in start.discs)]
    knocks: list[Knock] = []
    falls: list[Fall] = []
    result: ShotResult | None = None
    while result is None:
        table.step()
        for event in table.events():
            if isinstance(event, Knock):
                knocks.append(event)
            elif isinstance(event, Fall):
                falls.append(event)
            else:
                result = event.result
        if result is not None or table.shot_steps % every == 0:
            times.append(table.shot_time)
            frames.append(tuple((s.disc, s.x, s.y, s.angle) for s in table.disc_states()))
    return ShotTrace(action, start, tuple(times), tuple(frames), tuple(falls),
                     tuple(knocks), result, table.state())
