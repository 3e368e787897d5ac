"""Benchmark: headless Chapaev shots per second and shot-seconds per wall second.

Run from the project root:

    python benchmarks/chapaev_shots.py [--shots 300]
    python -m physics bench [--shots 300]        # the same code

It times a full-strength break shot (e1 straight into Black's full row 8) and random
full-strength forward shots, each on a fresh copy of the starting table. The target is at
least 100x real time (the computer player tries dozens of shots a second).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from physics.bench import run  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=300)
    args = parser.parse_args(argv)
    for result in run(args.shots):
        print(result.line())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
