"""The deeper check (``game.puzzles.verify.confirm``) at its full depth on the five
International puzzles of the first collection that an independent engine found wanting
(issue 48): the three wins that lose their gain deeper must be rejected as no wins, the two
saves must be rejected as wins and found and confirmed as saves (their own depth plus
``Deep().extra`` plies, and a search of ``Deep().hold`` plies at each line's end).

    python benchmarks/puzzles_truth.py [--extra 4] [--hold 8] [--only race --only exchange]

tests/puzzles/test_truth.py checks the same five with a shallower confirmation (a ply or two
deeper than the miner looked) to stay quick; this is the check at the depth the collection is
kept by. Prints the engine line, per puzzle the depth, the verdict and the seconds, and exits
with 1 when one of them is not what issue 48 found. Bounded: five puzzles, each one search.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.native import engine_line  # noqa: E402
from game.puzzles.model import Kind, Puzzle  # noqa: E402
from game.puzzles.verify import Criteria, Deep, confirm, find_puzzle  # noqa: E402
from tests.puzzles.test_truth import (AS_WELL, DEFLECTION, EXCHANGE, LEAST_BAD,  # noqa: E402
                                      NO_WIN, RACE)

WINS: dict[str, Puzzle] = {"exchange": EXCHANGE, "least-bad": LEAST_BAD, "as-well": AS_WELL}
SAVES: dict[str, Puzzle] = {"race": RACE, "deflection": DEFLECTION}


def check_win(puzzle: Puzzle, deep: Deep) -> tuple[bool, str]:
    """Whether a win that issue 48 found wanting is rejected, and what was said."""
    truth = confirm(puzzle, deep)
    right = not truth.holds and truth.doubt in NO_WIN
    doubt = truth.doubt.value if truth.doubt else "holds"
    return right, f"depth {truth.depth}: {doubt}"


def check_save(puzzle: Puzzle, deep: Deep) -> tuple[bool, str]:
    """Whether a save kept as a win is rejected as a win and found and confirmed as a save."""
    as_win = confirm(puzzle, deep)
    found = find_puzzle(puzzle.start(), Criteria(depth=6)).puzzle
    if found is None or found.kind is not Kind.SAVE or found.main[0] != puzzle.main[0]:
        return False, f"as a win: {as_win.doubt}; not found again as a save"
    truth = confirm(found, deep)
    right = (not as_win.holds and truth.holds and truth.puzzle is not None
             and truth.puzzle.kind is Kind.SAVE and truth.puzzle.main[0] == puzzle.main[0])
    doubt = as_win.doubt.value if as_win.doubt else "holds"
    return right, (f"as a win, depth {as_win.depth}: {doubt}; as a save, depth "
                   f"{truth.depth}: {'holds' if truth.holds else truth.doubt}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--extra", type=int, default=Deep().extra,
                        help="plies deeper than each puzzle's own depth")
    parser.add_argument("--hold", type=int, default=Deep().hold,
                        help="the search at each line's end")
    parser.add_argument("--only", action="append", default=[],
                        choices=sorted(WINS) + sorted(SAVES))
    args = parser.parse_args(argv)
    deep = Deep(extra=args.extra, hold=args.hold)
    print(engine_line(), flush=True)
    wrong = 0
    began = time.perf_counter()
    for name, puzzle in [*WINS.items(), *SAVES.items()]:
        if args.only and name not in args.only:
            continue
        start = time.perf_counter()
        right, said = (check_win if name in WINS else check_save)(puzzle, deep)
        wrong += not right
        print(f"{'ok  ' if right else 'FAIL'} {name}: {said} "
              f"({time.perf_counter() - start:.1f} s)", flush=True)
    print(f"{wrong} not as issue 48 found, {time.perf_counter() - began:.0f} s in all")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
