"""Moves shown one after another at a pace the eye can follow: the defence's reply, a
refutation played out slowly and then taken back, the rest of a solution."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from game.scenes.common.glide import Glides

#: the defence answers a right move at once: its piece sets off this soon after the
#: person's has landed (well inside the 100 ms the issue allows), a breath for the eye
REPLY_PAUSE = 0.08
#: a refutation's or a solution's moves come this far apart: slowly, to be followed
SLOW_PAUSE = 0.75
#: the refuted position stays this long before the board goes back
BACK_PAUSE = 1.4


@dataclass(frozen=True, slots=True)
class Beat:
    """One step of what is shown: ``pause`` seconds after the move before it has landed,
    ``action`` runs (plays a move, goes back, says something)."""

    pause: float
    action: Callable[[], None]


class Playout:
    """The beats still to come, run in order as time passes (never waiting in a frame)."""

    def __init__(self, glides: Glides) -> None:
        self.glides = glides
        self.beats: deque[Beat] = deque()
        self.t = 0.0

    @property
    def busy(self) -> bool:
        """Whether something is still being shown."""
        return bool(self.beats) or self.glides.glide is not None

    def add(self, pause: float, action: Callable[[], None]) -> None:
        if not self.beats:
            self.t = 0.0
        self.beats.append(Beat(pause, action))

    def clear(self) -> None:
        """Drop what was still to be shown (the person moved on)."""
        self.beats.clear()
        self.t = 0.0

    def update(self, dt: float) -> None:
        if self.glides.glide is not None:
            return
        self.t += dt
        while self.beats and self.t >= self.beats[0].pause:
            self.t = 0.0
            self.beats.popleft().action()
            if self.glides.glide is not None:
                break
