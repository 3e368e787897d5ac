"""``python -m physics``: simulate a Chapaev shot headless and print what happened, or time
the simulation.

    python -m physics shot W4 90 1.0            # e1 straight at Black's row, full strength
    python -m physics shot B2 -80 0.6 --random 7   # on a random table (seed 7)
    python -m physics random --seed 3           # a random shot on a random table
    python -m physics bench --shots 300         # shots per second, x real time

Angles are in degrees: 0 points toward column h (+x), 90 toward row 8 (+y, at Black).
"""
from __future__ import annotations

import argparse
import math
import random
import sys

from physics.bench import run as run_bench
from physics import ShotResult, Table, TableError, disc_name, parse_disc, random_table


def board_picture(table: Table) -> str:
    """The discs on a text board, row 8 at the top (each cell is a square)."""
    cells = [["." for _ in range(8)] for _ in range(8)]
    for disc, (x, y) in table.positions().items():
        column, row = min(int(x), 7), min(int(y), 7)
        mark = disc_name(disc)[0]
        cells[row][column] = mark if cells[row][column] == "." else "*"
    lines = [f"{r + 1} " + " ".join(cells[r]) for r in range(7, -1, -1)]
    lines.append("  a b c d e f g h")
    return "\n".join(lines)


def describe(table: Table, result: ShotResult) -> str:
    out = [f"shot by {disc_name(result.striker)}: {result.seconds:.3f} s simulated, "
           f"{result.steps} steps, {result.knocks} knocks"
           + (" (TIMED OUT)" if result.timed_out else "")]
    if result.falls:
        for fall in result.falls:
            out.append(f"  {fall.order}. {disc_name(fall.disc)} fell at "
                       f"({fall.x:.2f}, {fall.y:.2f}) moving ({fall.vx:.2f}, {fall.vy:.2f}) "
                       f"after {fall.time:.3f} s")
    else:
        out.append("  nothing fell")
    out.append(f"  striker {'stayed on the board' if result.striker_stayed else 'fell'}")
    out.append(board_picture(table))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m physics", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    shot = sub.add_parser("shot", help="one shot on the starting (or a random) table")
    shot.add_argument("disc", help="W0..W7 or B0..B7 (index = column a..h at the start)")
    shot.add_argument("angle", type=float, help="degrees, 0 = toward h, 90 = toward row 8")
    shot.add_argument("strength", type=float, help="0..1")
    shot.add_argument("--random", type=int, metavar="SEED", help="a random table instead")
    rnd = sub.add_parser("random", help="a random full-table shot")
    rnd.add_argument("--seed", type=int, default=None)
    bench = sub.add_parser("bench", help="headless shots per second")
    bench.add_argument("--shots", type=int, default=300)
    args = parser.parse_args(argv)

    if args.command == "bench":
        for result in run_bench(args.shots):
            print(result.line())
        return 0
    if args.command == "random":
        seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        rng = random.Random(seed)
        table = random_table(rng)
        disc = rng.choice(table.discs)
        angle = rng.uniform(0, 360)
        strength = rng.uniform(0.2, 1.0)
        print(f"seed {seed}: {disc_name(disc)} at {angle:.1f} degrees, strength {strength:.2f}")
    else:
        try:
            disc = parse_disc(args.disc)
        except ValueError as error:
            parser.error(str(error))
        angle, strength = args.angle, args.strength
        table = (random_table(random.Random(args.random)) if args.random is not None
                 else Table.starting())
    before = board_picture(table)
    radians = math.radians(angle)
    try:
        outcome = table.simulate_shot(disc, (math.cos(radians), math.sin(radians)), strength)
    except TableError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(before)
    print(describe(table, outcome))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
