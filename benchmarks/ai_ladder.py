"""The level ladder: each level against the level below, colours alternating.

    python benchmarks/ai_ladder.py --variant international --games 40 --time 0.5
    python benchmarks/ai_ladder.py --variant apokachi --levels 1 4 --games 10
    python benchmarks/ai_ladder.py --variant ugolki --house 9 --games 40
    python benchmarks/ai_ladder.py --variant ugolki --random --levels 8 8 --games 20
    python benchmarks/ai_ladder.py --variant russian --option huff=yes --levels 1 4

Prints one score table per pair with the Elo difference and its 95 % error bar; with
``--random``, each level of the range against a random mover instead.
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
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--top-games", type=int, default=20, help="games of the slow top pair")
    parser.add_argument("--time", type=float, default=0.5, help="seconds a move at most")
    parser.add_argument("--levels", type=int, nargs=2, default=(1, 8), metavar=("LOW", "HIGH"))
    parser.add_argument("--size", type=int, help="Apokachi board size")
    parser.add_argument("--house", type=int, help="Ugolki house: 9, 12 or 16 pieces a side")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="any option of the game (yes/no for on/off), e.g. huff=yes")
    parser.add_argument("--random", action="store_true",
                        help="play each level of the range against a random mover")
    parser.add_argument("--seed", type=int, default=0, help="another set of games (0: the usual)")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    args = parser.parse_args()
    options: dict[str, object] = {} if args.size is None else {"size": args.size}
    if args.house is not None:
        options["house"] = args.house
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = {"yes": True, "no": False}.get(value, int(value) if value.isdigit()
                                                       else value)
    low, high = args.levels
    if args.random:
        for level in range(low, high + 1):
            began = time.perf_counter()
            score = run_match(args.variant, str(level), "random", args.games, time=args.time,
                              seed=level + 1000 * args.seed, options=options, jobs=args.jobs)
            print(f"== {args.variant} {options}: level {level} vs random, {args.games} games, "
                  f"{args.time} s/move, {time.perf_counter() - began:.0f} s")
            print(table(str(level), "random", score), flush=True)
        return
    for level in range(low + 1, high + 1):
        began = time.perf_counter()
        games = args.top_games if level == 8 else args.games
        score = run_match(args.variant, str(level), str(level - 1), games, time=args.time,
                          seed=level + 1000 * args.seed, options=options, jobs=args.jobs)
        print(f"== {args.variant} {options}: level {level} vs {level - 1}, {games} games, "
              f"{args.time} s/move, {time.perf_counter() - began:.0f} s")
        print(table(str(level), str(level - 1), score), flush=True)


if __name__ == "__main__":
    main()
