"""Time to depth: how much sooner a search with helper processes completes a fixed depth than
the same search on one process (issue 51, item 3). Nodes a second say the cores are busy; the
time to a depth says whether their work helps the main search, which is what turns into
strength.

    python benchmarks/smp_depth.py --depth 9 --processes 2 --positions 20
    SHASHKI_NATIVE_DIR=build/native python benchmarks/smp_depth.py   # the compiled engine

The positions are the five of ``smp_speed.py`` and positions from random games of level 4
against itself (``--positions`` in all, International and Russian taken in turn), each searched
to ``--depth`` plies with a fresh table, once on one process and once on ``--processes``. A
search at a fixed depth completes every iteration itself (a helper only fills the table), so
the two searches find a move of the same depth; the figure is the ratio of their wall times,
over all positions (their sum) and as a geometric mean. Run on an idle machine.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.smp_speed import POSITIONS, load  # noqa: E402
from game.ai import Limit, choose_move, search  # noqa: E402
from game.ai.table import TranspositionTable, can_share  # noqa: E402
from game.rules import find_variant  # noqa: E402


def positions(count: int, seed: int) -> list[tuple[str, str]]:
    """The fixed positions, then middle games of level 4 against itself."""
    found = list(POSITIONS[:count])
    rng = random.Random(seed)
    variants = ("international", "russian")
    while len(found) < count:
        game = find_variant(variants[len(found) % 2]).new()
        for _ in range(rng.randrange(12, 40)):
            if game.outcome() is not None:
                break
            game.push(choose_move(game, 4, rng, time=0.05))
        if game.outcome() is None and len(game.legal_moves()) > 1:
            found.append((game.name, game.fen()))
    return found


def timed(variant: str, fen: str, depth: int, processes: int, megabytes: float) -> float:
    game = find_variant(variant).from_fen(fen)
    table = TranspositionTable(megabytes, shared=processes > 1)
    began = time.perf_counter()
    search(game, Limit(depth=depth), tt=table, helpers=processes - 1)
    return time.perf_counter() - began


def main() -> None:
    from game.native import engine_line

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--megabytes", type=float, default=64)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.processes < 2 or not can_share():
        raise SystemExit("--processes is 2 or more, on a system that can fork")
    print(engine_line(), f"cores {os.cpu_count()}", f"load average {load()}", flush=True)
    one_total = many_total = logs = 0.0
    chosen = positions(args.positions, args.seed)
    for variant, fen in chosen:
        one = timed(variant, fen, args.depth, 1, args.megabytes)
        many = timed(variant, fen, args.depth, args.processes, args.megabytes)
        one_total, many_total = one_total + one, many_total + many
        logs += math.log(one / many)
        print(f"{variant:14} 1 process {one:6.2f} s, {args.processes} processes {many:6.2f} s:"
              f" {one / many:.2f}x", flush=True)
    print(f"== depth {args.depth}, {len(chosen)} positions: 1 process {one_total:.1f} s, "
          f"{args.processes} processes {many_total:.1f} s: {one_total / many_total:.2f}x "
          f"(geometric mean {math.exp(logs / len(chosen)):.2f}x); load average {load()}")


if __name__ == "__main__":
    main()
