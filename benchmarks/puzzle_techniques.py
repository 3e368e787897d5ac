"""Technique detection against the hand-labelled set: precision and recall per technique,
the breakthroughs' flanks, every case it gets wrong, and the count of each technique over
the shipped collections (or the collections of another folder).

    python benchmarks/puzzle_techniques.py [--collections DIR] [--quiet]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.puzzles.collection import read  # noqa: E402
from game.puzzles.model import PUZZLE_GAMES, Puzzle, PuzzleError, Technique  # noqa: E402
from game.puzzles.techniques import detect  # noqa: E402
from game.resources import asset  # noqa: E402
from tests.puzzles.labelled import ENOUGH, cases, score  # noqa: E402


def percent(value: float | None) -> str:
    return "   -  " if value is None else f"{100 * value:5.1f}%"


def labelled_report(quiet: bool) -> None:
    labelled = cases()
    began = time.perf_counter()
    scores, differ = score(labelled)
    took = time.perf_counter() - began
    sources = Counter(c.source for c in labelled)
    print(f"hand-labelled set: {len(labelled)} positions "
          f"({', '.join(f'{v} {k}' for k, v in sorted(sources.items()))}; "
          f"{', '.join(f'{v} {k}' for k, v in sorted(Counter(c.game for c in labelled).items()))})"
          f", detected in {took * 1000:.0f} ms")
    print(f"{'technique':<13} {'labelled':>8} {'found':>6} {'TP':>4} {'FP':>4} {'FN':>4} "
          f"{'precision':>9} {'recall':>7}")
    for s in scores:
        rare = "" if s.labelled >= ENOUGH else "  (too rare to judge)"
        print(f"{s.technique.value:<13} {s.labelled:8d} {s.true_positive + s.false_positive:6d} "
              f"{s.true_positive:4d} {s.false_positive:4d} {s.false_negative:4d} "
              f"{percent(s.precision):>9} {percent(s.recall):>7}{rare}")
    flanked = [c for c in labelled if c.flank is not None]
    agree = sum(1 for c in flanked if c.detected().flank == c.flank)
    print(f"breakthrough flanks: {agree} of {len(flanked)} agree")
    print(f"positions whose detection differs from the labels: {len(differ)}")
    if not quiet:
        for case, found in differ:
            print(f"  {case.game} {case.fen} {' '.join(case.line)}\n"
                  f"    labelled {sorted(t.value for t in case.techniques)} {case.flank}"
                  f"  found {sorted(t.value for t in found.techniques)} {found.flank}")


def collection_report(folder: Path | None) -> None:
    for game in PUZZLE_GAMES:
        path = (folder / f"{game}.json") if folder else asset("puzzles", f"{game}.json")
        if not path.is_file():
            print(f"{game}: no collection at {path}")
            continue
        try:
            puzzles: tuple[Puzzle, ...] = read(path)
        except PuzzleError as error:
            print(f"{game}: {path} cannot be read: {error}")
            continue
        began = time.perf_counter()
        tally: Counter[Technique] = Counter()
        flanks: Counter[str] = Counter()
        none = 0
        for puzzle in puzzles:
            found = detect(puzzle)
            tally.update(found.techniques)
            none += not found.techniques
            if found.flank is not None:
                flanks[found.flank.value] += 1
        took = time.perf_counter() - began
        print(f"{game}: {len(puzzles)} puzzles, detected in {took:.2f} s "
              f"({1000 * took / max(1, len(puzzles)):.1f} ms each)")
        for technique in Technique:
            extra = ""
            if technique is Technique.BREAKTHROUGH and flanks:
                extra = "  (" + ", ".join(f"{k} {v}" for k, v in sorted(flanks.items())) + ")"
            print(f"  {technique.value:<13} {tally[technique]:5d}{extra}")
        print(f"  {'(none)':<13} {none:5d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--collections", type=Path, default=None,
                        help="a folder of <game>.json collections (default: the shipped ones)")
    parser.add_argument("--quiet", action="store_true", help="do not list the wrong cases")
    args = parser.parse_args()
    labelled_report(args.quiet)
    collection_report(args.collections)


if __name__ == "__main__":
    main()
