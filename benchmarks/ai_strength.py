"""The top level at a fixed time per move against random play and against level 1.

    python benchmarks/ai_strength.py --variant international --games 10 --time 1
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.match import run_match, table  # noqa: E402


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--size", type=int, help="Apokachi board size")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    parser.add_argument("--opponents", nargs="+", default=["random", "1"])
    args = parser.parse_args()
    options = {} if args.size is None else {"size": args.size}
    for opponent in args.opponents:
        began = time.perf_counter()
        score = run_match(args.variant, "8", opponent, args.games, time=args.time, seed=7,
                          options=options, jobs=args.jobs)
        print(f"== {args.variant}: level 8 at {args.time} s/move vs {opponent}, "
              f"{args.games} games, {time.perf_counter() - began:.0f} s")
        print(table("8", opponent, score), flush=True)


if __name__ == "__main__":
    main()
