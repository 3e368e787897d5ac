"""Re-verify every shipped puzzle at the depth the miner used (or another), or deeper, and
describe the collection: its kinds, its ratings and the lengths of its solutions.

    SHASHKI_NATIVE_DIR=build/native python benchmarks/puzzles_verify.py \\
        [--game russian --game international] [--depth 10] [--limit 50] [--facts] [--deep]

Prints the engine line (compiled or interpreted), per game the puzzles checked, those that
fail with what is wrong, and the time taken; ``--facts`` prints only the distributions;
``--deep`` asks the deeper check of ``game.puzzles.verify.confirm`` (what
``tools/confirm_puzzles.py`` keeps a puzzle by) instead, writing nothing. Exit code 1 when a
puzzle fails.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.native import engine_line  # noqa: E402
from game.puzzles.collection import shipped  # noqa: E402
from game.puzzles.model import Puzzle  # noqa: E402
from game.puzzles.verify import WIN_GAIN, Criteria, confirm, is_sealed, verify  # noqa: E402


def facts(name: str, puzzles: Sequence[Puzzle]) -> list[str]:
    """The collection's distributions: ratings by 100, solution lengths, lines, gains."""
    ratings = Counter(int(p.rating // 100 * 100) for p in puzzles)
    own = Counter((len(p.main) + 1) // 2 for p in puzzles)
    lines = Counter(len(p.lines) for p in puzzles)
    gains = Counter("game" if p.gain >= WIN_GAIN else f"{p.gain // 100} men" for p in puzzles)
    depths = Counter(p.depth for p in puzzles)
    sources = Counter(p.source.split(" ")[0] for p in puzzles)
    kinds = Counter(p.kind.value for p in puzzles)
    sealed = sum(1 for p in puzzles if is_sealed(p))
    return [
        f"{name}: {len(puzzles)} puzzles; kinds {dict(kinds)}; {sealed} sealed by the deeper "
        f"check; depths {dict(sorted(depths.items()))}; sources {dict(sources)}",
        f"  ratings (by 100): {dict(sorted(ratings.items()))}; median "
        f"{statistics.median(p.rating for p in puzzles):.0f}",
        f"  the solver's moves in the main line: {dict(sorted(own.items()))}; "
        f"plies median {statistics.median(len(p.main) for p in puzzles):.0f}",
        f"  lines per puzzle: {dict(sorted(lines.items()))}; gains: {dict(gains)}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--depth", type=int, help="the depth (default: each puzzle's own)")
    parser.add_argument("--limit", type=int, help="only the first this many of each game")
    parser.add_argument("--facts", action="store_true", help="the distributions only")
    parser.add_argument("--deep", action="store_true", help="the deeper check instead")
    args = parser.parse_args(argv)
    print(engine_line(), flush=True)
    failed = 0
    for name in args.game or ["russian", "international"]:
        puzzles = shipped(name)[:args.limit]
        for line in facts(name, puzzles):
            print(line)
        if args.facts:
            continue
        began = time.perf_counter()
        bad = 0
        for puzzle in puzzles:
            if args.deep:
                truth = confirm(puzzle)
                problems = [] if truth.holds else [
                    f"{truth.doubt.value if truth.doubt else ''}: {truth.detail}"]
            else:
                problems = verify(puzzle, args.depth or puzzle.depth, Criteria())
            if problems:
                bad += 1
                print(f"  FAIL {puzzle.id}: {'; '.join(problems)}", flush=True)
        seconds = time.perf_counter() - began
        failed += bad
        print(f"{name}: {len(puzzles)} re-verified, {bad} failed, {seconds:.0f} s "
              f"({seconds / max(1, len(puzzles)):.2f} s a puzzle)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
