"""Whether a level's look is cut by its time or by its plies: a faster engine must not make
the beginner levels stronger.

    python benchmarks/level_limits.py --variant international --positions 40
    SHASHKI_NATIVE_DIR=build/native python benchmarks/level_limits.py --variant russian

Levels 1-7 look a fixed number of plies (game/ai/levels.py); each also has a time cap, a
share of the seconds the game allows a move (2 s in the window). Where a level always
completes its plies within the cap, its play is decided by its plies and its chosen
mistakes alone, and any engine, however fast, plays it the same. For positions of games
between the middle levels, this prints per level how often the search finished its plies,
how often it ended sooner because a won or lost line settled the move, how often time cut
it short, and the longest look it took.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import choose_move, level_limit, levels_for  # noqa: E402
from game.ai.engine import search  # noqa: E402
from game.ai.search import NEXT_ITERATION  # noqa: E402
from game.rules import find_variant  # noqa: E402
from game.rules.core import Game  # noqa: E402


def positions(variant: str, count: int, seed: int) -> list[Game]:
    """``count`` positions from games of level 4 against level 5, a few plies apart."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = find_variant(variant).new()
        while not game.is_over() and len(found) < count and len(game.move_stack) < 160:
            if len(game.move_stack) >= 4 and rng.random() < 0.15:
                found.append(game.copy())
            level = 4 if len(game.move_stack) % 2 == 0 else 5
            game.play(choose_move(game, level, rng, time=0.3))
    return found


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="international")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--time", type=float, default=2.0,
                        help="seconds the game allows a move (the window's is 2)")
    parser.add_argument("--levels", type=int, nargs=2, default=(1, 7), metavar=("LOW", "HIGH"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table = levels_for(args.variant)
    found = positions(args.variant, args.positions, args.seed)
    print(f"{args.variant}: {len(found)} positions, {args.time:g} s a move allowed")
    print("level  plies  cap s  finished  ended early  cut by time  longest s")
    for level in range(args.levels[0], args.levels[1] + 1):
        spec = table[level]
        if spec.depth is None:
            print(f"{level:5}  (thinks the whole time)")
            continue
        limit = level_limit(spec, args.time)
        finished = cut = early = 0
        longest = 0.0
        for game in found:
            if len(game.every_move()) < 2:
                continue
            began = time.perf_counter()
            # as choose_move looks past the opening: every move scored within a window
            result = search(game, limit, multipv=spec.temperature > 0,
                            multipv_margin=int(6 * spec.temperature) + 20,
                            qsearch_plies=spec.qsearch_plies, width=spec.width,
                            threats=spec.threats)
            took = time.perf_counter() - began
            longest = max(longest, took)
            if result.depth >= spec.depth:
                finished += 1
            elif took >= NEXT_ITERATION * (limit.time or 0.0):
                cut += 1  # time ran out before the plies did
            else:
                early += 1  # a won or lost line ended the look before its plies
        print(f"{level:5}  {spec.depth:5}  {limit.time:5.2f}  {finished:8}  {early:11}  "
              f"{cut:11}  {longest:9.2f}", flush=True)


if __name__ == "__main__":
    main()
