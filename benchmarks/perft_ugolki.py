"""Ugolki move counts from the start for each house size, timed, and checked against the
tests' independent move generator (``tests/rules/ugolki_reference.py``).

    python benchmarks/perft_ugolki.py                  # depth 5, every house, engine only
    python benchmarks/perft_ugolki.py --depth 6 --check --house 12

``--check`` counts each depth with the reference generator too and stops at the first
difference; the counts in ``tests/rules/ugolki_perft.json`` were made and checked this way.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules.ugolki import HOUSE_CHOICES, Ugolki  # noqa: E402


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--house", type=int, nargs="*", default=list(HOUSE_CHOICES))
    parser.add_argument("--check", action="store_true",
                        help="count with the tests' reference generator too")
    args = parser.parse_args()
    if args.check:
        from tests.rules.ugolki_reference import perft, start
    for pieces in args.house:
        game = Ugolki.new(house=pieces)
        counts = []
        for depth in range(1, args.depth + 1):
            began = time.perf_counter()
            count = game.perft(depth)
            seconds = time.perf_counter() - began
            line = (f"pieces {pieces:>2} depth {depth}: {count:>12,}  engine {seconds:8.2f} s "
                    f"({count / max(seconds, 1e-9):,.0f} leaves/s)")
            if args.check:
                white, black = start(pieces)
                began = time.perf_counter()
                reference = perft(white, black, True, depth)
                seconds = time.perf_counter() - began
                line += f"  reference {reference:,} in {seconds:.1f} s"
                if reference != count:
                    print(line + "  DIFFERENT", flush=True)
                    sys.exit(1)
            print(line, flush=True)
            counts.append(count)
        print(f"pieces {pieces}: {counts}", flush=True)


if __name__ == "__main__":
    main()
