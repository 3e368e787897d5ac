"""Tag a puzzle collection with the techniques its solutions use: every puzzle's techniques
and flank are set anew from its main line by game.puzzles.techniques.detect, the file is
rewritten in place (atomically), and the count of each technique is printed.

    python tools/tag_puzzles.py                      # every assets/puzzles/*.json
    python tools/tag_puzzles.py --game russian       # assets/puzzles/russian.json
    python tools/tag_puzzles.py FILE.json --dry-run  # count only, write nothing
    python tools/tag_puzzles.py --game russian --add OTHER/russian.json --drop-untagged

``--add`` takes in the puzzles of other collection files of the same game (another miner's
run, say), skipping those already there by id; ``--drop-untagged`` leaves out the wins
whose line uses none of the techniques (the shipped collections hold only named ones; a save,
the only defence, is a puzzle of its own kind and is kept named or not). A
puzzle whose line cannot be replayed keeps its old tags and is named; a file that cannot
be read is named and left alone (exit code 2).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.puzzles.collection import read  # noqa: E402
from game.puzzles.model import Kind, Puzzle, PuzzleError, Technique, dumps  # noqa: E402
from game.puzzles.techniques import detect  # noqa: E402
from game.settings import write_atomic  # noqa: E402

PUZZLES = ROOT / "assets" / "puzzles"


def retag(puzzles: Sequence[Puzzle]) -> tuple[list[Puzzle], list[str]]:
    """The puzzles with their techniques and flank detected anew, and what went wrong (a
    puzzle that cannot be replayed is kept as it was)."""
    out: list[Puzzle] = []
    problems: list[str] = []
    for puzzle in puzzles:
        try:
            found = detect(puzzle)
        except PuzzleError as error:
            problems.append(str(error))
            out.append(puzzle)
            continue
        out.append(replace(puzzle, techniques=found.techniques, flank=found.flank))
    return out, problems


def counts(puzzles: Sequence[Puzzle]) -> str:
    """One line per technique: how many puzzles use it (breakthroughs by flank), and how many
    have none."""
    tally = Counter(t for p in puzzles for t in p.techniques)
    flanks = Counter(p.flank.value for p in puzzles if p.flank is not None)
    lines = []
    for technique in Technique:
        extra = ""
        if technique is Technique.BREAKTHROUGH and flanks:
            extra = "  (" + ", ".join(f"{k} {v}" for k, v in sorted(flanks.items())) + ")"
        lines.append(f"  {technique.value:<13} {tally[technique]:5d}{extra}")
    lines.append(f"  {'(none)':<13} {sum(1 for p in puzzles if not p.techniques):5d}")
    return "\n".join(lines)


def tag_file(path: Path, dry_run: bool, add: Sequence[Path] = (),
             drop_untagged: bool = False) -> bool:
    """Tag one collection file (with the puzzles of ``add`` taken in; the untagged left out
    if asked); False when a file cannot be read or written."""
    reading = path
    try:
        if not path.is_file() and not add:
            raise PuzzleError("no such collection file")
        puzzles = read(path)
        known = {p.id for p in puzzles}
        taken_in: list[Puzzle] = []
        for reading in add:
            for puzzle in read(reading):
                if puzzle.id not in known and (not puzzles or puzzle.game == puzzles[0].game):
                    known.add(puzzle.id)
                    taken_in.append(puzzle)
    except (OSError, PuzzleError) as error:
        print(f"{reading}: cannot be read: {error}", file=sys.stderr)
        return False
    before = [*puzzles, *taken_in]
    retagged, problems = retag(before)
    tagged = retagged
    for problem in problems:
        print(f"{path.name}: kept as it was: {problem}", file=sys.stderr)
    dropped = 0
    if drop_untagged:
        kept = [p for p in tagged if p.techniques or p.kind is Kind.SAVE]
        dropped, tagged = len(tagged) - len(kept), kept
    if not dry_run and tagged != list(puzzles):
        try:
            write_atomic(path, dumps(tagged))
        except OSError as error:
            print(f"{path}: cannot be written: {error}", file=sys.stderr)
            return False
    changed = sum(1 for old, new in zip(before, retagged, strict=True) if old != new)
    verb = "would change" if dry_run else "changed"
    print(f"{path.name}: {len(tagged)} puzzles ({len(taken_in)} taken in, {dropped} without a "
          f"technique left out), {verb} {changed}")
    print(counts(tagged))
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="collection files (default: all)")
    parser.add_argument("--game", action="append", default=[],
                        help="a game whose shipped collection to tag (may be repeated)")
    parser.add_argument("--dry-run", action="store_true", help="count only, write nothing")
    parser.add_argument("--add", action="append", default=[], type=Path,
                        help="take in the puzzles of this collection file too (one game)")
    parser.add_argument("--drop-untagged", action="store_true",
                        help="leave out the wins whose line uses none of the techniques")
    args = parser.parse_args(argv)
    paths: list[Path] = list(args.files) + [PUZZLES / f"{game}.json" for game in args.game]
    if not paths:
        paths = sorted(PUZZLES.glob("*.json"))
        if not paths:
            print(f"no collection in {PUZZLES}", file=sys.stderr)
            return 2
    if args.add and len(paths) != 1:
        print("--add goes with one collection (one --game or one FILE)", file=sys.stderr)
        return 2
    ok = True
    for path in paths:
        ok = tag_file(path, args.dry_run, args.add, args.drop_untagged) and ok
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
