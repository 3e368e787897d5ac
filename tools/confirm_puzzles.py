"""Check every puzzle of the shipped collections deeper than the depth that found it, keep
what holds, and say what was dropped and why (``game.puzzles.verify.confirm``).

    SHASHKI_NATIVE_DIR=build/native nice -n 10 python tools/confirm_puzzles.py \\
        --game russian --game international [--again] [--limit 50] [--dry-run] > log

Each puzzle is looked at :attr:`~game.puzzles.verify.Deep.extra` plies deeper (14 for the
collections' depth 10), by the engine's own evaluation and by the game's other one, with the
endgame tables where they reach. A win that holds is sealed as it is; a win that does not is
looked at once more as a save (the only defence: found afresh at the puzzle's own depth,
then confirmed deeper) and kept as one when it is; anything else is dropped with the reason.
A puzzle kept must also pass the finder's own check at its own depth (``verify``), as the
tests' sample asks. A sealed puzzle (confirmed under the same rules, unchanged since) is
passed over unless
``--again``. The collection is written atomically every few puzzles, so a run that is stopped
goes on where it was at the next start. One line per puzzle, then the counts per game: kept
(wins, saves, of them turned from wins into saves), dropped by reason, and the time taken.
"""
from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.native import engine_line  # noqa: E402
from game.puzzles.collection import read  # noqa: E402
from game.puzzles.model import Kind, Puzzle, PuzzleError, dumps  # noqa: E402
from game.puzzles.techniques import detect  # noqa: E402
from game.puzzles.verify import (Criteria, Deep, Truth, confirm, find_puzzle,  # noqa: E402
                                 is_sealed, rate, sealed, verify)
from game.settings import write_atomic  # noqa: E402

PUZZLES = ROOT / "assets" / "puzzles"
#: the collection is written after this many puzzles looked at
WRITE_EVERY = 10
#: the reason of a puzzle dropped because it fails the finder's check at its own depth
OWN_DEPTH = "fails the check at its own depth"


@dataclasses.dataclass(slots=True)
class Tally:
    """What a run did to one collection."""

    looked: int = 0
    already: int = 0  # sealed before, passed over
    wins: int = 0
    saves: int = 0
    turned: int = 0  # wins that are saves
    dropped: Counter[str] = dataclasses.field(default_factory=Counter)
    seconds: float = 0.0

    def line(self, game: str, kept: int) -> str:
        reasons = ", ".join(f"{reason} {n}" for reason, n in self.dropped.most_common())
        return (f"{game}: {self.looked} looked at ({self.already} sealed before, passed over) "
                f"in {self.seconds / 60:.1f} min ({self.seconds / max(1, self.looked):.1f} s "
                f"a puzzle); kept {kept}: {self.wins} wins confirmed, {self.saves} saves "
                f"({self.turned} of them wins before); dropped {sum(self.dropped.values())}"
                + (f": {reasons}" if reasons else ""))


def as_save(puzzle: Puzzle, criteria: Criteria, deep: Deep) -> tuple[Puzzle | None, str]:
    """``puzzle``'s position as a save confirmed deeper, with its techniques named (None
    and why not when it is none)."""
    verdict = find_puzzle(puzzle.start(), dataclasses.replace(criteria, depth=puzzle.depth),
                          puzzle.source)
    found = verdict.puzzle
    if found is None:
        return None, verdict.reason
    if found.kind is not Kind.SAVE:
        return None, "found again as a win"
    truth = confirm(found, deep, criteria)
    if not truth.holds or truth.puzzle is None:
        return None, f"{truth.doubt.value if truth.doubt else ''}: {truth.detail}"
    kept = truth.puzzle
    rating = rate(kept.start(), list(kept.lines), dataclasses.replace(criteria,
                                                                      depth=kept.depth))
    named = detect(kept)
    return sealed(dataclasses.replace(kept, rating=rating, techniques=named.techniques,
                                      flank=named.flank), truth), ""


def judge(puzzle: Puzzle, criteria: Criteria, deep: Deep) -> tuple[Puzzle | None, str, str]:
    """The puzzle to keep (or None), what became of it (win, save, turned) or the reason it
    is dropped, and the detail to print."""
    kept, outcome, detail = _judge(puzzle, criteria, deep)
    if kept is not None:
        problems = verify(kept, kept.depth, criteria)
        if problems:
            return None, OWN_DEPTH, f"{detail}{'; ' if detail else ''}{problems[0]}"
    return kept, outcome, detail


def _judge(puzzle: Puzzle, criteria: Criteria, deep: Deep) -> tuple[Puzzle | None, str, str]:
    truth: Truth = confirm(puzzle, deep, criteria)
    if truth.holds:
        kept = sealed(truth.puzzle or puzzle, truth)
        if puzzle.kind is Kind.SAVE and kept.lines != puzzle.lines:
            kept = dataclasses.replace(kept, rating=rate(
                kept.start(), list(kept.lines), dataclasses.replace(criteria,
                                                                    depth=kept.depth)))
        return kept, puzzle.kind.value, ""
    assert truth.doubt is not None
    reason, detail = truth.doubt.value, truth.detail
    if puzzle.kind is Kind.WIN and criteria.saves:
        save, why_not = as_save(puzzle, criteria, deep)
        if save is not None:
            return save, "turned", detail
        detail = f"{detail}; as a save: {why_not}"
    return None, reason, detail


def confirm_file(path: Path, criteria: Criteria, deep: Deep, again: bool, limit: int | None,
                 dry_run: bool) -> Tally:
    """Confirm one collection file in place (written every few puzzles unless ``dry_run``)."""
    puzzles = list(read(path))
    game = puzzles[0].game if puzzles else path.stem
    tally = Tally()
    done: list[Puzzle | None] = []  # the verdicts so far, in the collection's order
    began = time.monotonic()

    def write() -> None:
        kept = [p for p in done if p is not None] + puzzles[len(done):]
        if not dry_run:
            write_atomic(path, dumps(kept))

    for index, puzzle in enumerate(puzzles):
        if limit is not None and tally.looked >= limit:
            done.append(puzzle)
            continue
        if not again and is_sealed(puzzle, deep):
            tally.already += 1
            tally.wins += puzzle.kind is Kind.WIN
            tally.saves += puzzle.kind is Kind.SAVE
            done.append(puzzle)
            continue
        tally.looked += 1
        one = time.monotonic()
        try:
            kept, outcome, detail = judge(puzzle, criteria, deep)
        except PuzzleError as error:
            kept, outcome, detail = None, "does not replay", str(error)
        done.append(kept)
        if kept is None:
            tally.dropped[outcome] += 1
            word = f"DROPPED ({outcome})"
        else:
            tally.wins += kept.kind is Kind.WIN
            tally.saves += kept.kind is Kind.SAVE
            tally.turned += outcome == "turned"
            word = {"win": "win holds", "save": "save holds", "turned": "now a SAVE"}[outcome]
        print(f"{game} {index + 1}/{len(puzzles)} {puzzle.id} {' '.join(puzzle.main)}: {word}"
              f" ({time.monotonic() - one:.1f} s){f'; {detail}' if detail else ''}", flush=True)
        if tally.looked % WRITE_EVERY == 0:
            write()
    write()
    tally.seconds = time.monotonic() - began
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", default=[],
                        help="a game whose shipped collection to confirm (default: both)")
    parser.add_argument("--file", action="append", default=[], type=Path,
                        help="a collection file to confirm instead of a shipped one")
    parser.add_argument("--again", action="store_true", help="also the sealed puzzles")
    parser.add_argument("--limit", type=int, help="look at this many puzzles of each at most")
    parser.add_argument("--dry-run", action="store_true", help="write nothing")
    args = parser.parse_args(argv)
    paths = list(args.file) + [PUZZLES / f"{game}.json" for game in args.game]
    if not paths:
        paths = [PUZZLES / "russian.json", PUZZLES / "international.json"]
    print(engine_line(), flush=True)
    lines = []
    for path in paths:
        try:
            tally = confirm_file(path, Criteria(), Deep(), args.again, args.limit,
                                 args.dry_run)
            kept = len(read(path)) if not args.dry_run else tally.wins + tally.saves
        except (OSError, PuzzleError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 2
        lines.append(tally.line(path.stem, kept))
        print(lines[-1], flush=True)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
