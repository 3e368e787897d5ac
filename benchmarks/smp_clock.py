"""Depth on the clock: what helper processes give level 8 at a short time a move (issue 51,
item 3), where a match's result is decided. Time to a fixed depth (``smp_depth.py``) is
measured on fresh tables and deep searches; a game at 0.1 s a move searches some 0.05 s from a
table kept between moves, and there what it costs to hand the helpers a search counts.

    python benchmarks/smp_clock.py --time 0.1 --games 3 --processes 2
    SHASHKI_NATIVE_DIR=build/native python benchmarks/smp_clock.py   # the compiled engine

Games of International draughts are played from the start by level 8 on one process (with a
random move now and then, ``--wander``, so that the games differ); every position is searched
by level 8 on one process and by level 8 on ``--processes``, each with a table of its own kept
through the game as the worker keeps one. Printed: the mean depth each completed, the mean wall
time of a move (the search, handing the helpers its root and taking their answer), and the
mean nodes. Run on an idle machine: other programs' work takes cores from the helpers.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.smp_speed import load  # noqa: E402
from game.ai.crew import Crew  # noqa: E402
from game.ai.levels import choose_move  # noqa: E402
from game.ai.table import TranspositionTable, can_share, table_megabytes  # noqa: E402
from game.rules import find_variant  # noqa: E402


def main() -> None:
    from game.native import engine_line

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--time", type=float, default=0.1, help="seconds a move")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--plies", type=int, default=80, help="plies a game at most")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--megabytes", type=int, default=256, help="each side's memory")
    parser.add_argument("--wander", type=float, default=0.2,
                        help="the share of moves played at random")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    if args.processes < 2 or not can_share():
        raise SystemExit("--processes is 2 or more, on a system that can fork")
    if not 0.01 <= args.time <= 60 or not 1 <= args.games <= 1000:
        raise SystemExit("--time is 0.01 to 60 seconds, --games 1 to 1000")
    print(engine_line(), f"cores {os.cpu_count()}", f"load average {load()}", flush=True)
    rng = random.Random(args.seed)
    seen: dict[int, list[tuple[float, int, int]]] = {1: [], args.processes: []}
    for _ in range(args.games):
        game = find_variant("international").new()
        tables = {p: TranspositionTable(table_megabytes(args.megabytes), shared=p > 1)
                  for p in seen}
        for ply in range(args.plies):
            moves = game.every_move()
            if game.outcome() is not None or not moves:
                break
            if len(moves) == 1:
                game.push(moves[0])
                continue
            chosen: dict[int, Any] = {}
            for processes in seen:
                depth = [0, 0]

                def on_depth(d: int, score: int, nodes: int, pv: list[Any]) -> None:
                    depth[0], depth[1] = d, nodes

                began = time.perf_counter()
                chosen[processes] = choose_move(game, 8, random.Random(ply), time=args.time,
                                                tt=tables[processes], processes=processes,
                                                on_depth=on_depth)
                seen[processes].append((time.perf_counter() - began, depth[0], depth[1]))
            # the game goes on as one process plays it (now and then at random)
            game.push(chosen[1] if rng.random() >= args.wander else rng.choice(moves))
        Crew.release()
    for processes, rows in seen.items():
        n = max(1, len(rows))
        print(f"{processes} process{'es' if processes > 1 else ''}: {len(rows)} moves, "
              f"mean depth {sum(r[1] for r in rows) / n:.2f}, "
              f"mean wall {1000 * sum(r[0] for r in rows) / n:.1f} ms, "
              f"mean nodes {sum(r[2] for r in rows) / n:.0f}")
    print(f"load average {load()}")


if __name__ == "__main__":
    main()
