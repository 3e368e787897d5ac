"""How fast the table simulates whole shots headless (what the computer player pays)."""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from physics import DEFAULT_CONFIG, SCREEN_STEP_HZ, Shot, Table, TableConfig, random_table
from physics.sides import Side


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
        result = start.try_shot((Side.WHITE, 4), (0.0, 1.0), 1.0)
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
        result = start.try_shot((Side.WHITE, rng.randrange(8)),
                                (math.cos(angle), math.sin(angle)), 1.0)
        simulated += result.seconds
        steps += result.steps
    return BenchResult("random forward shots", shots, time.perf_counter() - begin,
                       simulated, steps)


def run(shots: int = 200) -> list[BenchResult]:
    bench_break_shot(20)  # warm up caches and lazy imports before timing
    return [bench_break_shot(shots), bench_random_shots(shots)]


@dataclass(frozen=True, slots=True)
class FuzzReport:
    """What random shots left behind: every count but ``shots`` and ``falls`` should be 0.

    ``resting_off`` counts discs that came to rest with their centre off the board (a fall
    the table missed); ``late_falls`` falls reported further past the edge than one step's
    travel (a fall caught steps late, or one missed until the disc slid back); ``overlaps``
    pairs at rest closer than a diameter plus ``overlap_tolerance``; ``worst_off`` is how far
    the worst resting disc lay off the board.
    """

    shots: int
    falls: int
    resting_off: int
    late_falls: int
    overlaps: int
    worst_off: float
    closest_pair: float  # the smallest centre distance at rest, in diameters minus 1
    wall: float

    def line(self) -> str:
        return (f"{self.shots} shots, {self.falls} falls: {self.resting_off} discs resting "
                f"off the board (worst {self.worst_off:.3f} squares off), {self.late_falls} "
                f"falls caught late, {self.overlaps} touching/overlapping pairs at rest "
                f"(closest gap {self.closest_pair:+.4f} squares), {self.wall:.1f} s")


def edge_table(rng: random.Random, config: TableConfig = DEFAULT_CONFIG) -> Table:
    """A random table whose first disc sits within 0.1 square of an edge or a corner (centre
    on or just inside the board), with up to 15 other discs scattered around it."""
    size = config.size
    table = Table(config, record_knocks=False)
    near = rng.uniform(0.0, 0.1)
    along = rng.uniform(0.0, size)
    if rng.random() < 0.5:  # a corner: both coordinates near an edge
        along = rng.choice((rng.uniform(0.0, 0.1), size - rng.uniform(0.0, 0.1)))
    x, y = (near, along) if rng.random() < 0.5 else (along, near)
    if rng.random() < 0.5:
        x = size - x
    if rng.random() < 0.5:
        y = size - y
    first = (Side.WHITE, 0)
    table.place(first, x, y)
    others = [(Side.WHITE, i) for i in range(1, 8)] + [(Side.BLACK, i) for i in range(8)]
    gap = config.disc_diameter * 1.01
    for disc in others[:rng.randrange(16)]:
        for _ in range(200):
            px, py = rng.uniform(0.0, size), rng.uniform(0.0, size)
            if rng.random() < 0.6:  # most of them near the first disc or an edge too
                px = min(size, max(0.0, x + rng.uniform(-2.5, 2.5)))
                py = min(size, max(0.0, y + rng.uniform(-2.5, 2.5)))
            if all(math.hypot(px - qx, py - qy) >= gap
                   for qx, qy in table.positions().values()):
                table.place(disc, px, py)
                break
    return table


def fuzz_shots(shots: int, seed: int = 0, config: TableConfig = DEFAULT_CONFIG,
               overlap_tolerance: float = 0.0) -> FuzzReport:
    """Fire ``shots`` random shots (random strength and direction, mostly from near an edge
    or a corner, some at random tables) and count what a player would see go wrong."""
    rng = random.Random(seed)
    size, diameter = config.size, config.disc_diameter
    falls = resting_off = late = overlaps = 0
    worst_off, closest = 0.0, math.inf
    begin = time.perf_counter()
    for n in range(shots):
        if n % 4 == 3:
            table = random_table(rng, white=rng.randint(1, 8), black=rng.randint(1, 8),
                                 config=config, record_knocks=False)
            disc = rng.choice(table.discs)
        else:
            table = edge_table(rng, config)
            disc = (Side.WHITE, 0)
        angle = rng.uniform(0.0, 2.0 * math.pi)
        strength = rng.random() ** 1.5  # more gentle shots: they end near the edge
        result = table.simulate_shot(disc, (math.cos(angle), math.sin(angle)), strength)
        for fall in result.falls:
            falls += 1
            beyond = max(-fall.x, fall.x - size, -fall.y, fall.y - size)
            # one step's travel: the speed before this step's friction, plus what a
            # contact's push-apart can add in a step
            travel = (math.hypot(fall.vx, fall.vy) + config.friction_decel * config.dt) \
                * config.dt
            if beyond > travel + config.collision_slop:
                late += 1
        placed = list(result.positions)
        for _, x, y in placed:
            off = max(-x, x - size, -y, y - size)
            if off > 0.0:
                resting_off += 1
                worst_off = max(worst_off, off)
        for i, (_, ax, ay) in enumerate(placed):
            for _, bx, by in placed[i + 1:]:
                gap = math.hypot(ax - bx, ay - by) - diameter
                closest = min(closest, gap)
                if gap < overlap_tolerance:
                    overlaps += 1
    return FuzzReport(shots, falls, resting_off, late, overlaps, worst_off,
                      closest if math.isfinite(closest) else 0.0,
                      time.perf_counter() - begin)


@dataclass(frozen=True, slots=True)
class PlannerBench:
    """A shot planner's view: candidate shots from one position, exact and screened."""

    shots: int
    exact_per_second: float
    copy_per_second: float  # the old way: a fresh copy of the table per shot
    screen_per_second: float
    same_fallen: float  # share of candidates whose screened fallen set matches the exact one
    mean_error: float  # mean distance (squares) between screened and exact resting spots
    exact_seconds: float  # simulated seconds per shot

    def lines(self) -> list[str]:
        return [f"exact (Table.simulate, reused space)  {self.exact_per_second:7.1f} shots/s "
                f"({self.exact_seconds:.2f} s simulated per shot)",
                f"fresh copy per shot (copy + shot)     {self.copy_per_second:7.1f} shots/s",
                f"screening at {SCREEN_STEP_HZ} Hz (step_hz=SCREEN_STEP_HZ) "
                f"{self.screen_per_second:7.1f} shots/s: same pieces fall in "
                f"{self.same_fallen:.0%} of shots, resting spots {self.mean_error:.3f} "
                f"squares apart on average"]


def planner_candidates(table: Table, rng: random.Random, count: int) -> list[Shot]:
    """Shots a planner might try: each own piece at each opponent piece, at a few
    strengths, with a little spread of aim; then random ones up to ``count``."""
    shots: list[Shot] = []
    mine, theirs = table.discs_of(Side.WHITE), table.discs_of(Side.BLACK)
    while len(shots) < count:
        disc, target = rng.choice(mine), rng.choice(theirs)
        (x0, y0), (x1, y1) = table.position(disc), table.position(target)
        angle = math.atan2(y1 - y0, x1 - x0) + rng.gauss(0.0, 0.05)
        shots.append(Shot(disc, (math.cos(angle), math.sin(angle)), rng.uniform(0.3, 1.0)))
    return shots


def bench_planner(shots: int = 300, seed: int = 3,
                  config: TableConfig = DEFAULT_CONFIG) -> PlannerBench:
    """Candidate shots on a mid-game random table (6 against 6), simulated three ways.
    Timed in CPU seconds of this process, so other work on a shared machine counts less."""
    rng = random.Random(seed)
    table = random_table(rng, white=6, black=6, config=config, record_knocks=False)
    candidates = planner_candidates(table, rng, shots)
    state = table.snapshot()
    begin = time.process_time()
    exact = [table.simulate(shot, state) for shot in candidates]
    exact_wall = time.process_time() - begin
    begin = time.process_time()
    for shot in candidates:
        table.copy().simulate_shot(shot.disc, shot.direction, shot.strength)
    copy_wall = time.process_time() - begin
    begin = time.process_time()
    screened = [table.simulate(shot, state, step_hz=SCREEN_STEP_HZ) for shot in candidates]
    screen_wall = time.process_time() - begin
    same = sum(a.fallen == b.fallen for a, b in zip(exact, screened)) / len(candidates)
    errors = []
    for a, b in zip(exact, screened):
        for disc, x, y in a.positions:
            spot = b.position(disc)
            if spot is not None:
                errors.append(math.hypot(spot[0] - x, spot[1] - y))
    return PlannerBench(len(candidates), len(candidates) / exact_wall,
                        len(candidates) / copy_wall, len(candidates) / screen_wall,
                        same, sum(errors) / max(1, len(errors)),
                        sum(r.seconds for r in exact) / len(exact))
