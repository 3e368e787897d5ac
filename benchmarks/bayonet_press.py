"""Benchmark: the bayonet press by feel: how often a careful and a hasty player push the enemy
piece off without rocking the board, with the press curve the game uses and the old one.

Run from the project root:

    python benchmarks/bayonet_press.py [--trials 20000] [--seed 1]

The table is the bayonet fight as the game sets it: White on its swamp, a plain Black piece
lying over each White piece; Black presses the d-piece. For each kind of troops White may
defend with, what a press of each strength does is played on the physical table (a grid of
strengths, each pressed once: the table is deterministic), so "success" is the table's own
verdict: the White piece fell and the board did not rock.

The players hold the piece and let go:

- careful: watches the gauge and lets go a reaction time after the press shows it is enough
  (normal, 0.45 s after it, spread 0.2 s: now and then he lets go a moment too soon); if the
  board starts to creak first, he lets go a reaction time after that (0.35 s, spread 0.15 s);
- hasty: lets go by feel around the same moment with a wide spread (0.3 s after enough,
  spread 0.7 s: too soon about a third of the time), and heeds the creaking only half the
  time, slowly (0.5 s, spread 0.3 s);
- heavy-handed: means to press firmly and holds on about 1.3 s after enough (spread 0.6 s),
  heeding the creaking half the time as the hasty one does.

The old curve (before issue 34): the press grew evenly to full in 1.8 s, the board rocked past
0.7 (after 1.26 s) with no warning. The same players are given the same "enough" cue on every
curve, so the figures compare the curves alone; "silent" is today's curve without the
creaking and trembling, to show what the warning adds.
"""
from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.play.chapaev_kinds import TABLE_SIDES, kind_of  # noqa: E402
from game.rules.chapaev import Troop  # noqa: E402
from game.rules.core import Color  # noqa: E402
from game.scenes.chapaev.press import (  # noqa: E402
    PRESS_RISE,
    WARN_SECONDS,
    press_seconds,
    press_strength,
)
from physics import DEFAULT_CONFIG, Table, square_centre  # noqa: E402

W, B = Color.WHITE, Color.BLACK
GRID = 0.0025  # the strengths pressed on the table
THRESHOLD = DEFAULT_CONFIG.press_threshold


@dataclass(frozen=True)
class Curve:
    name: str
    strength: Callable[[float], float]  # hold seconds -> press strength
    seconds: Callable[[float], float]  # press strength -> hold seconds
    warn: float | None  # seconds of hold at which the board starts to creak


NEW = Curve("now", lambda t: press_strength(t, THRESHOLD),
            lambda s: press_seconds(s, THRESHOLD), PRESS_RISE - WARN_SECONDS)
SILENT = Curve("silent", NEW.strength, NEW.seconds, None)
OLD = Curve("old", lambda t: min(1.0, max(0.0, t / 1.8)), lambda s: s * 1.8, None)


def bayonet(defender: Troop) -> Table:
    table = Table(troops={W: kind_of(defender), B: kind_of(Troop.INFANTRY)}, swamp=W,
                  sides=TABLE_SIDES)
    for column in range(8):
        table.place((W, column), *square_centre(column, 0))
    for column in range(8):
        table.place_over((B, column), (W, column))
    return table


def outcomes(defender: Troop) -> list[bool]:
    """For each strength on the grid: did the press push the piece off without rocking?"""
    table = bayonet(defender)
    out = []
    for k in range(round(1.0 / GRID) + 1):
        result = table.copy().simulate_press((B, 3), k * GRID)
        out.append(result.fallen == ((W, 3),) and not result.rocked)
    return out


def careful(rng: random.Random, enough_at: float, warn_at: float | None) -> float:
    let_go = enough_at + rng.gauss(0.45, 0.2)
    if warn_at is not None:
        let_go = min(let_go, warn_at + max(0.15, rng.gauss(0.35, 0.15)))
    return let_go


def hasty(rng: random.Random, enough_at: float, warn_at: float | None) -> float:
    let_go = enough_at + rng.gauss(0.3, 0.7)
    if warn_at is not None and rng.random() < 0.5:
        let_go = min(let_go, warn_at + max(0.15, rng.gauss(0.5, 0.3)))
    return let_go


def heavy(rng: random.Random, enough_at: float, warn_at: float | None) -> float:
    let_go = enough_at + rng.gauss(1.3, 0.6)
    if warn_at is not None and rng.random() < 0.5:
        let_go = min(let_go, warn_at + max(0.15, rng.gauss(0.5, 0.3)))
    return let_go


PLAYERS = (careful, hasty, heavy)


def success_rate(player: Callable[[random.Random, float, float | None], float], curve: Curve,
                 table: list[bool], enough: float, trials: int, seed: int) -> float:
    rng = random.Random(seed)
    enough_at = curve.seconds(enough)
    wins = 0
    for _ in range(trials):
        strength = curve.strength(player(rng, enough_at, curve.warn))
        wins += table[min(len(table) - 1, round(strength / GRID))]
    return wins / trials


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"the board rocks past {THRESHOLD}; now: reached after {PRESS_RISE:.2f} s of hold, "
          f"creaking from {PRESS_RISE - WARN_SECONDS:.2f} s; old: after {THRESHOLD * 1.8:.2f} s")
    print(f"{'defender':<14}{'enough':>7}  {'curve':<7}{'enough at':>10}{'rocks at':>9}"
          f"{'margin':>8}{'careful':>9}{'hasty':>7}{'heavy':>7}")
    for troop in Troop:
        table = bayonet(troop)
        enough = table.press_needed((B, 3))
        if enough is None:
            continue
        played = outcomes(troop)
        for curve in (NEW, SILENT, OLD):
            enough_at, rocks_at = curve.seconds(enough), curve.seconds(THRESHOLD)
            rates = [success_rate(player, curve, played, enough, args.trials, args.seed)
                     for player in PLAYERS]
            print(f"{troop.value if curve is NEW else '':<14}"
                  f"{f'{enough:.3f}' if curve is NEW else '':>7}  {curve.name:<7}"
                  f"{enough_at:>9.2f}s{rocks_at:>8.2f}s{rocks_at - enough_at:>7.2f}s"
                  + "".join(f"{rate:>{9 if i == 0 else 7}.1%}" for i, rate in enumerate(rates)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
