"""Perft speed of the Apokachi engine on the standard (9-point) board, start position.

Run from the repository root:  .venv/bin/python benchmarks/perft_apokachi.py [DEPTH]
(default depth 7, a few seconds). Prints the engine's perft (last ply counted in bulk from bit
masks) and, for comparison, a perft through the public ``perft_moves``/``push``/``pop`` interface
at a smaller depth, each with leaves per second.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.apokachi import STANDARD, Apokachi  # noqa: E402
from game.rules.core import Game  # noqa: E402


def generic_perft(game: Game, depth: int) -> int:
    """Perft through the public interface: every leaf is a Move object pushed and popped."""
    if depth == 0:
        return 1
    total = 0
    for move in game.perft_moves():
        game.push(move)
        total += generic_perft(game, depth - 1)
        game.pop()
    return total


def measure(label: str, depth: int, count: Callable[[int], int]) -> None:
    began = time.perf_counter()
    leaves = count(depth)
    seconds = time.perf_counter() - began
    print(f"{label}: perft({depth}) = {leaves:,} in {seconds:.2f} s, "
          f"{leaves / seconds:,.0f} leaves/s")


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    game = Apokachi.new(size=STANDARD)
    print(f"Apokachi {STANDARD}x{STANDARD} points, start position: {game.fen()}")
    measure("engine perft (bulk last ply)", depth, game.perft)
    measure("public push/pop, no bulk    ", max(1, depth - 2),
            lambda d: generic_perft(game, d))


if __name__ == "__main__":
    main()
