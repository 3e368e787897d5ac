"""Search speed of the Apokachi and Уголки boards: a fixed-depth search of a few positions of
each, with the move, score and node count it ends with, and nodes per CPU second.

    python benchmarks/search_boards.py [--game apokachi ugolki] [--repeat 3]

Run it once from a compiled build and once from the source (back to back: other programs
change the figures) and compare: the move, score and node count of every line must be the
same both ways, only the speed may differ. The best of ``--repeat`` runs is shown.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Limit, search  # noqa: E402
from game.rules import find_variant  # noqa: E402

#: (game, label, position or None for the start, options, depth)
POSITIONS: list[tuple[str, str, str | None, dict[str, int], int]] = [
    ("apokachi", "start", None, {}, 8),
    # ai_speed.py's middle game: 16 plies of level 6 against itself
    ("apokachi", "middle", "W:9:Wc1,d1,e1,f1,g1,i1,b2,c2,g2:Bb8,c8,d8,b9,d9,e9,g9,h9,i9", {}, 8),
    ("apokachi", "contact", "B:9:Wc3,d4,e4,f3,g5,c5,b2,h2,e2:Bc6,d6,e5,f6,g6,b7,h7,e8,d8", {}, 6),
    ("apokachi", "7 points", "W:7:Wb1,e1,f1,g1,b2,c2,d3:Be5,d6,e6,a7,b7,c7,g7", {}, 8),
    ("ugolki", "start", None, {}, 7),
    ("ugolki", "middle", "W:Wc3,d3,e2,a4,e4,b5,c5,f5,d6,g4,a1,b1:Bg6,f6,h5,e6,h7,g7,d7,e8,"
                         "c6,f4,h8,g8:F12", {}, 6),
    ("ugolki", "late", "B:Wf6,g6,h6,f7,h7,e7,g8,h8,e6,d5,c4,g5:Ba1,b1,c1,a2,b2,c2,d2,a3,b3,"
                       "d4,e3,c5:F38", {}, 6),
    ("ugolki", "9 a side", None, {"house": 9}, 8),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", nargs="+", default=["apokachi", "ugolki"])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    print(f"{'game':<9} {'position':<9} {'depth':>5} {'move':<10} {'score':>6} {'nodes':>8} "
          f"{'CPU s':>6} {'nodes/s':>9}")
    total_nodes = 0
    total_cpu = 0.0
    for name, label, fen, options, depth in POSITIONS:
        if name not in args.game:
            continue
        cls = find_variant(name)
        game = cls.from_fen(fen, **options) if fen else cls.new(**options)
        best = float("inf")
        result = None
        for _ in range(args.repeat):
            began = time.process_time()
            result = search(game, Limit(depth=depth))
            best = min(best, time.process_time() - began)
        assert result is not None
        total_nodes += result.nodes
        total_cpu += best
        print(f"{name:<9} {label:<9} {depth:>5} {game.move_text(result.move):<10} "
              f"{result.score:>6} {result.nodes:>8} {best:>6.2f} "
              f"{result.nodes / max(best, 1e-9):>9,.0f}", flush=True)
    print(f"{'all':<9} {'':<9} {'':>5} {'':<10} {'':>6} {total_nodes:>8} {total_cpu:>6.2f} "
          f"{total_nodes / max(total_cpu, 1e-9):>9,.0f}")


if __name__ == "__main__":
    main()
