"""Benchmark: how many candidate shots a Chapaev shot planner can try per second.

Run from the project root:

    python benchmarks/chapaev_planner.py [--shots 400] [--seed 3]

On a mid-game random table (6 against 6) it tries shots of White pieces at Black pieces
three ways: ``Table.simulate`` at the real step (exact: what the table would do), a fresh
``copy()`` per shot (the old way), and ``Table.simulate(..., step_hz=SCREEN_STEP_HZ)`` for a
first screening, with how often the screening agrees with the exact result. Rates are per
CPU second of the process (steadier than wall time on a shared machine).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from physics.bench import bench_planner  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=400)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    bench_planner(40, args.seed)  # warm up
    for line in bench_planner(args.shots, args.seed).lines():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
