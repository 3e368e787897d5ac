"""Long fuzz of the Chapaev table: thousands of random shots, mostly from near the edges and
corners, counting what a player would see go wrong.

Run from the project root (a few minutes for the default count):

    python benchmarks/chapaev_fuzz.py [--shots 20000] [--seed 0]

Every count but shots and falls must be 0: discs resting with their centre off the board (a
missed fall), falls caught later than the step the centre crossed the edge, and pairs left
at rest touching or overlapping (closer than a diameter plus ``--gap``; the table leaves
``rest_gap`` between them).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from physics.bench import fuzz_shots  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--gap", type=float, default=0.0,
                        help="count pairs at rest closer than a diameter plus this")
    args = parser.parse_args(argv)
    chunk = 1000
    total = None
    for start in range(0, args.shots, chunk):
        report = fuzz_shots(min(chunk, args.shots - start), seed=args.seed * 1_000_003 + start,
                            overlap_tolerance=args.gap)
        print(f"[{start + report.shots:>6}] {report.line()}", flush=True)
        total = report if total is None else type(report)(
            total.shots + report.shots, total.falls + report.falls,
            total.resting_off + report.resting_off, total.late_falls + report.late_falls,
            total.overlaps + report.overlaps, max(total.worst_off, report.worst_off),
            min(total.closest_pair, report.closest_pair), total.wall + report.wall)
    if total is not None:
        print("total:", total.line())
        bad = total.resting_off + total.late_falls + total.overlaps
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
