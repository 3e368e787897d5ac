"""Search speed: nodes per second and depth reached in a fixed time, at the start and in a
middle-game position of each game.

    python benchmarks/ai_speed.py [--time 1.0] [--depth 8] [--eval classic]

Nodes/s are given per wall-clock second and per CPU second (the second does not suffer when
other programs share the processor); the last column is the CPU time a search to a fixed
depth takes.

The middle-game positions were reached by level 6 playing itself (seed 11, 0.2 s a move):
40 plies of International, 24 of Russian (no capture pending), 16 of Apokachi on the standard
9-point board.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Limit, search  # noqa: E402
from game.rules import find_variant  # noqa: E402

POSITIONS = [
    ("international", "start", None),
    ("international", "middle", "W:W28,31,33,35,36,43,45,46,47,48,49,50:B1,2,3,4,5,6,12,16,17,19,24"),
    ("russian", "start", None),
    ("russian", "middle", "W:Wc1,e1,g1,b2,a3,e3,g3,f4,a5:Bc5,e5,b6,d6,h6,a7,c7,g7,f8,h8"),
    ("apokachi", "start", None),
    ("apokachi", "middle", "W:9:Wc1,d1,e1,f1,g1,i1,b2,c2,g2:Bb8,c8,d8,b9,d9,e9,g9,h9,i9"),
]


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--depth", type=int, default=8, help="also time a search this deep")
    parser.add_argument("--eval", default="current", choices=("current", "learned", "hand", "classic"),
                        help="classic: the engine before the learned evaluation (and "
                             "Apokachi's before threats), without book, endgame tables or the "
                             "threat search")
    args = parser.parse_args()
    from game.ai.options import set_engine
    if args.eval == "classic":
        set_engine(eval="classic", tables=False, book=False, search="classic")
    else:
        set_engine(eval=args.eval)
    print(f"{'game':<14} {'position':<8} {'depth':>5} {'nodes':>8} {'nodes/s':>9} "
          f"{'per CPU s':>9} {'s':>5}  move   | CPU s to depth {args.depth}")
    for variant, label, fen in POSITIONS:
        cls = find_variant(variant)
        game = cls.from_fen(fen) if fen else cls.new()
        began, cpu = time.perf_counter(), time.process_time()
        result = search(game, Limit(time=args.time))
        seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
        cpu_deep = time.process_time()
        deep = search(game, Limit(depth=args.depth))
        cpu_deep = time.process_time() - cpu_deep
        print(f"{variant:<14} {label:<8} {result.depth:>5} {result.nodes:>8} "
              f"{result.nodes / seconds:>9,.0f} {result.nodes / max(cpu, 1e-9):>9,.0f} "
              f"{seconds:>5.2f}  {game.hub_text(result.move):<6} | {cpu_deep:.2f} "
              f"({deep.nodes} nodes)", flush=True)


if __name__ == "__main__":
    main()
