"""A chess clock for each side (every draughts game of the collection): minutes for the game
and seconds added after every move, ticking only for the side to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.core import Color


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """A time control: ``minutes`` for the game and ``increment`` seconds per move (5+3)."""

    minutes: float
    increment: float = 0.0

    def __post_init__(self) -> None:
        if not (0 < self.minutes <= 600) or not (0 <= self.increment <= 600):
            raise ValueError(f"no such time control: {self.minutes}+{self.increment}")

    def label(self) -> str:
        return f"{self.minutes:g}+{self.increment:g}"

    @classmethod
    def parse(cls, text: str) -> ClockSpec:
        """``"5+3"`` → five minutes and three seconds a move."""
        minutes, _, increment = text.partition("+")
        try:
            return cls(float(minutes), float(increment or 0))
        except ValueError:
            raise ValueError(f"a time control is written like 5+3, not {text[:20]!r}") from None


#: the time controls a setup screen offers (None: no clock)
CLOCK_CHOICES: tuple[ClockSpec | None, ...] = (
    None, ClockSpec(5, 3), ClockSpec(10, 5), ClockSpec(30, 0))


class ChessClock:
    """Seconds left for each side; the play object says who moves and how long passed."""

    def __init__(self, spec: ClockSpec) -> None:
        self.spec = spec
        start = spec.minutes * 60.0
        self.left: dict[Color, float] = {Color.WHITE: start, Color.BLACK: start}
        self.history: list[dict[Color, float]] = []

    def run(self, color: Color, seconds: float) -> bool:
        """``seconds`` pass on ``color``'s clock; whether its flag fell."""
        self.left[color] = max(0.0, self.left[color] - seconds)
        return self.left[color] <= 0.0

    def fallen(self, color: Color) -> bool:
        return self.left[color] <= 0.0

    def moved(self, color: Color) -> None:
        """``color`` made a move: its increment is added (the times before are kept so that
        a takeback gives them back)."""
        self.history.append(dict(self.left))
        self.left[color] += self.spec.increment

    def take_back(self) -> None:
        """Undo the last :meth:`moved`: both clocks show what they showed before it."""
        if self.history:
            self.left = self.history.pop()
