"""Frisian draughts: the game's legal moves against the independent reference written from
the rules text (tests/rules/frisian_reference.py), on many random positions (random
placements and positions along random games, the king rule included).

    python benchmarks/frisian_reference.py [positions] [seed]     (default 10000, 36)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.rules.frisian_positions import compared_positions  # noqa: E402


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 36
    started = time.perf_counter()
    checked = captures = 0
    for where, ours, reference in compared_positions(seed, count):
        if ours != reference:
            print(f"DIFFERENT at {where}\n  game only: {sorted(map(str, ours - reference))}"
                  f"\n  reference only: {sorted(map(str, reference - ours))}")
            sys.exit(1)
        checked += 1
        captures += any(m.captured for m in ours)
    print(f"{checked} positions, the same legal moves in each ({captures} with a capture "
          f"to make), {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
