"""Nodes per second of a search on one process against the same search with helper processes
(issue 51, item 3: "two cores: nodes per second at least 1.7x one core"):

    python benchmarks/smp_speed.py --time 2 --processes 2
    SHASHKI_NATIVE_DIR=build/native python benchmarks/smp_speed.py   # the compiled engine

Each position is searched for ``--time`` seconds with one process, then with ``--processes``
(the main search and its helpers, sharing a table of ``--megabytes``); nodes are every
process's (the main search's own and what each helper last reported) over the wall time the
search took. Run on an idle machine: another program's work takes cores from the helpers,
and the load average before and after is printed for that reason. On a busy machine the
processor time the search got is the fairer figure: nodes a processor-second (this process's
and its reaped helpers', from ``os.times``) says whether the processes slow each other down
(the shared table, the memory bus); nodes a second of wall time is what the player gets.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Limit, search  # noqa: E402
from game.ai.table import TranspositionTable, can_share  # noqa: E402
from game.rules import find_variant  # noqa: E402

#: fixed positions: the starts, and middle games from real play
POSITIONS = [
    ("international", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,"
     "4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"),
    ("international", "W:W27,28,30,32,33,34,35,37,38,39,40,41,42,43,44,46,47,48:B2,3,4,5,6,"
     "7,8,9,10,11,12,13,14,15,16,17,18,19,20,24"),
    ("international", "B:W25,27,28,30,32,33,34,35,36,38,39,40,42,43,44,45,48:B2,3,4,6,7,8,"
     "9,10,12,13,14,15,16,17,18,19,20,23,26"),
    ("russian", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"),
    ("russian", "W:Wa1,c1,e1,g1,b2,d2,f4,h6:Ba3,b4,d6,f6,g7,b8,d8,f8,h8"),
]


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def cpu() -> float:
    """Processor seconds of this process and its children that ended."""
    now = os.times()
    return now.user + now.system + now.children_user + now.children_system


def measure(variant: str, fen: str, seconds: float, processes: int,
            megabytes: float) -> tuple[int, float, float, int]:
    """(nodes of every process, wall seconds, processor seconds, depth reached) of one
    search."""
    game = find_variant(variant).from_fen(fen)
    table = TranspositionTable(megabytes, shared=processes > 1)
    began, used = time.perf_counter(), cpu()
    result = search(game, Limit(time=seconds), tt=table, helpers=processes - 1)
    took, used = time.perf_counter() - began, cpu() - used
    return result.nodes, took, used, result.depth


def main() -> None:
    from game.native import engine_line

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--time", type=float, default=2.0, help="seconds a search")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--megabytes", type=float, default=64)
    parser.add_argument("--rounds", type=int, default=1, help="each position this many times")
    args = parser.parse_args()
    if args.processes < 2 or not can_share():
        raise SystemExit("--processes is 2 or more, on a system that can fork")
    print(engine_line(), f"cores {os.cpu_count()}", f"load average {load()}", flush=True)
    totals = {1: [0.0, 0.0, 0.0], args.processes: [0.0, 0.0, 0.0]}
    for variant, fen in POSITIONS:
        for _ in range(args.rounds):
            for processes in (1, args.processes):
                nodes, took, used, depth = measure(variant, fen, args.time, processes,
                                                   args.megabytes)
                for i, value in enumerate((nodes, took, used)):
                    totals[processes][i] += value
                print(f"{variant:14} {processes} process{'es' if processes > 1 else '  '} "
                      f"{nodes:9d} nodes {took:6.2f} s {nodes / took:9.0f} n/s, "
                      f"{used:5.2f} cpu-s {nodes / max(used, 1e-9):9.0f} n/cpu-s, depth {depth}",
                      flush=True)
    one, many = totals[1], totals[args.processes]
    print(f"== wall: 1 process {one[0] / one[1]:.0f} n/s, {args.processes} processes "
          f"{many[0] / many[1]:.0f} n/s: {many[0] / many[1] / (one[0] / one[1]):.2f}x")
    print(f"== processor time: 1 process {one[2] / one[1]:.2f} cpu-s a second, "
          f"{one[0] / one[2]:.0f} n/cpu-s; {args.processes} processes "
          f"{many[2] / many[1]:.2f} cpu-s a second, {many[0] / many[2]:.0f} n/cpu-s "
          f"({many[0] / many[2] / (one[0] / one[2]):.2f} of one process's rate)")
    print(f"== load average after {load()}")


if __name__ == "__main__":
    main()
