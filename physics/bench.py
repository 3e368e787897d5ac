"""How fast the table simulates whole shots headless (what the computer player pays)."""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from game.rules.core import Color
from physics.table import DEFAULT_CONFIG, Table, TableConfig


@dataclass(frozen=True, slots=True)
class BenchResult:
    """``shots`` simulated in ``wall`` seconds, covering ``simulated`` seconds of play."""

    name: str
    shots: int
    wall: float
    simulated: float
    steps: int

    @property
    def shots_per_second(self) -> float:
        return self.shots / self.wall

    @property
    def real_time_factor(self) -> float:
        """Shot-seconds simulated per wall-clock second."""
        return self.simulated / self.wall

    def line(self) -> str:
        return (f"{self.name:<26} {self.shots:>5} shots  {self.shots_per_second:8.1f} shots/s  "
                f"{self.real_time_factor:7.1f}x real time  "
                f"{self.simulated / self.shots:5.2f} s/shot  "
                f"{self.wall / self.steps * 1e6:5.1f} us/step")


def bench_break_shot(shots: int = 200, config: TableConfig = DEFAULT_CONFIG) -> BenchResult:
    """A full-strength shot from e1 straight into Black's full row 8, each on a fresh copy
    of the starting table (copy + shot, as the computer player would try it)."""
    start = Table.starting(config)
    simulated, steps = 0.0, 0
    begin = time.perf_counter()
    for _ in range(shots):
        result = start.try_shot((Color.WHITE, 4), (0.0, 1.0), 1.0)
        simulated += result.seconds
        steps += result.steps
    return BenchResult("break shot, full row", shots, time.perf_counter() - begin,
                       simulated, steps)


def bench_random_shots(shots: int = 200, seed: int = 1,
                       config: TableConfig = DEFAULT_CONFIG) -> BenchResult:
    """Full-strength shots of random White discs in random forward directions from the
    starting table."""
    rng = random.Random(seed)
    start = Table.starting(config)
    simulated, steps = 0.0, 0
    begin = time.perf_counter()
    for _ in range(shots):
        angle = rng.uniform(0.15 * math.pi, 0.85 * math.pi)
        result = start.try_shot((Color.WHITE, rng.randrange(8)),
                                (math.cos(angle), math.sin(angle)), 1.0)
        simulated += result.seconds
        steps += result.steps
    return BenchResult("random forward shots", shots, time.perf_counter() - begin,
                       simulated, steps)


def run(shots: int = 200) -> list[BenchResult]:
    bench_break_shot(20)  # warm up caches and lazy imports before timing
    return [bench_break_shot(shots), bench_random_shots(shots)]
