"""Tag a puzzle collection with the techniques its solutions use: every puzzle's techniques
and flank are set anew from its main line by game.puzzles.techniques.detect, the file is
rewritten in place (atomically), and the count of each technique is printed.

    python tools/tag_puzzles.py                      # every assets/puzzles/*.json
    python tools/tag_puzzles.py --game russian       # assets/puzzles/russian.json
    python tools/tag_puzzles.py FILE.json --dry-run  # count only, write nothing

A puzzle whose line cannot be replayed keeps its old tags and is named; a file that cannot
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

from game.puzzles.model import MAX_BYTES, Puzzle, PuzzleError, Technique, dumps, loads  # noqa: E402
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


def tag_file(path: Path, dry_run: bool) -> bool:
    """Tag one collection file; False when it cannot be read or written."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise PuzzleError(f"larger than {MAX_BYTES // (1024 * 1024)} MB")
        puzzles = loads(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError, PuzzleError) as error:
        print(f"{path}: cannot be read: {error}", file=sys.stderr)
        return False
    tagged, problems = retag(puzzles)
    for problem in problems:
        print(f"{path.name}: kept as it was: {problem}", file=sys.stderr)
    if not dry_run and tagged != list(puzzles):
        try:
            write_atomic(path, dumps(tagged))
        except OSError as error:
            print(f"{path}: cannot be written: {error}", file=sys.stderr)
            return False
    changed = sum(1 for old, new in zip(puzzles, tagged, strict=True) if old != new)
    verb = "would change" if dry_run else "changed"
    print(f"{path.name}: {len(tagged)} puzzles, {verb} {changed}")
    print(counts(tagged))
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="collection files (default: all)")
    parser.add_argument("--game", action="append", default=[],
                        help="a game whose shipped collection to tag (may be repeated)")
    parser.add_argument("--dry-run", action="store_true", help="count only, write nothing")
    args = parser.parse_args(argv)
    paths: list[Path] = list(args.files) + [PUZZLES / f"{game}.json" for game in args.game]
    if not paths:
        paths = sorted(PUZZLES.glob("*.json"))
        if not paths:
            print(f"no collection in {PUZZLES}", file=sys.stderr)
            return 2
    ok = True
    for path in paths:
        ok = tag_file(path, args.dry_run) and ok
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
