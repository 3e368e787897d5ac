"""Turkish draughts: move counts from the start, timed and held to kish's published figures,
and the rules' moves against the tests' independent generator in random positions.

    python benchmarks/perft_turkish.py                   # depth 6, engine only
    python benchmarks/perft_turkish.py --depth 7 --routes
    python benchmarks/perft_turkish.py --positions 10000 # moves vs tests/rules/turkish_reference.py

``--routes`` counts two routes to the same captures as two moves, as kish does (its
examples/perft.rs lists 8, 64, 708, 7 538, 85 090, 931 312, 10 782 382, ...); the rules keep
one move per start, end and captured set. ``--positions`` compares the legal moves of that
many random positions (up to 24 pieces, a third of them kings, either side to move) with
the reference generator and stops at the first difference.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules import turkish_moves  # noqa: E402
from game.rules.turkish import Turkish  # noqa: E402

KISH = (8, 64, 708, 7_538, 85_090, 931_312, 10_782_382, 123_290_300, 1_454_144_462)


def compare(count: int, seed: int) -> None:
    from tests.rules import turkish_reference as reference
    from tests.rules.test_turkish import engine_moves, fen_of, random_board

    rng = random.Random(seed)
    began = time.perf_counter()
    captures = moves = 0
    for i in range(count):
        board = random_board(rng)
        colour = rng.choice("WB")
        fen = fen_of(board, colour)
        expected = reference.moves(board, colour)
        got = engine_moves(Turkish.from_fen(fen, tournament_draws=False))
        if got != expected:
            print(f"position {i}: {fen}: DIFFERENT\n  only the rules: {sorted(got - expected)}"
                  f"\n  only the reference: {sorted(expected - got)}", flush=True)
            sys.exit(1)
        moves += len(expected)
        captures += any(m[2] for m in expected)
    print(f"{count:,} random positions (seed {seed}): the same moves ({moves:,} moves, "
          f"{captures:,} positions with a capture) in {time.perf_counter() - began:.1f} s",
          flush=True)


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--routes", action="store_true",
                        help="count each route of a capture as a move (as kish does)")
    parser.add_argument("--positions", type=int, default=0,
                        help="compare the moves of this many random positions with the "
                             "reference generator (no perft)")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()
    if args.positions:
        compare(args.positions, args.seed)
        return
    game = Turkish.new()
    wm, _, bm, _ = game.bitboards()
    for depth in range(1, args.depth + 1):
        began = time.perf_counter()
        if args.routes:
            count = turkish_moves.route_perft(wm, 0, bm, 0, True, depth)
        else:
            count = game.perft(depth)
        seconds = time.perf_counter() - began
        line = f"depth {depth}: {count:>14,}  {seconds:8.2f} s"
        if args.routes and depth <= len(KISH):
            line += "  = kish" if count == KISH[depth - 1] else f"  kish {KISH[depth - 1]:,}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
