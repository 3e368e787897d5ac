"""Mine puzzles for the shipped collections (``assets/puzzles/<game>.json``).

    SHASHKI_NATIVE_DIR=build/native python tools/mine_puzzles.py --game russian \\
        --game international --minutes 60 [--count 300] [--seed 1] [--depth russian=12]

Positions come from the project's PDN test data (tests/saves/pdn/*.pdn) and from games our
engine plays against itself at varied levels (a weak side and a stronger one, so mistakes
and the tactics that punish them occur). Each position after the opening passes a cheap
shallow filter (one move clearly best), then the verification of
:func:`game.puzzles.verify.find_puzzle` (a win, or a save: the only defence) and the deeper
check of :func:`game.puzzles.verify.confirm`, whose seal it keeps. New puzzles are appended to the collection (written
atomically after each find; a puzzle already there, by id, is skipped), so a run can be
stopped and started again: the games of a seed are numbered, and a run goes on after the
highest game number its seed recorded. The same seed plays the same games. Techniques stay
empty: ``tools/tag_puzzles.py`` names them.
"""
from __future__ import annotations

import argparse
import dataclasses
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.engine import search  # noqa: E402
from game.ai.levels import LEVELS, pick  # noqa: E402
from game.ai.search import Limit  # noqa: E402
from game.native import engine_line  # noqa: E402
from game.puzzles.collection import read  # noqa: E402
from game.puzzles.model import Puzzle, PuzzleError, dumps  # noqa: E402
from game.puzzles.verify import (Criteria, Deep, confirm, find_puzzle, rate,  # noqa: E402
                                 sealed, verify)
from game.rules import find_variant  # noqa: E402
from game.rules.core import Game  # noqa: E402
from game.settings import write_atomic  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: the verification depth per game (a deeper board is searched less deep in the same time)
DEPTHS: dict[str, int] = {"russian": 10, "international": 10, "english": 10, "brazilian": 10}
FILTER_DEPTH = 6  # the shallow filter's depth
FILTER_GAP = 100  # at the filter, the best move stands this far above the second
OPENING = 8  # plies of a game not screened (a book position is rarely a puzzle)
# a self-play game is stopped after this many plies: later, the game is mostly decided or
# down to kings, and the puzzles found that late were few (none in Russian past ply 80)
MAX_PLIES: dict[str, int] = {"russian": 80, "international": 130}
# the pairs of levels that play (a weak side against a stronger one, and equals)
# (evenly matched middle levels gave the most puzzles: tactics arise while the game is open)
PAIRS: tuple[tuple[int, int], ...] = ((3, 3), (4, 4), (4, 4), (5, 5), (3, 4), (4, 5), (2, 4),
                                      (4, 6), (5, 7), (2, 5), (3, 6))
SOURCE = re.compile(r"selfplay seed=(\d+) game=(\d+)")


@dataclass(slots=True)
class Tally:
    """What a run did, per game."""

    screened: int = 0
    candidates: int = 0
    found: int = 0
    saves: int = 0  # of the found, the saves
    deep_seconds: float = 0.0  # spent in the deep verification (the deeper check too)


def level_move(game: Game, level: int, rng: random.Random) -> str:
    """The move a level plays, by depth only (so a seed gives the same game on any machine)."""
    spec = LEVELS[level]
    moves = game.every_move()
    if len(moves) == 1:
        return game.move_text(moves[0])
    depth = spec.depth or 6
    result = search(game, Limit(depth=depth), multipv=True,
                    multipv_margin=int(6 * spec.temperature) + 20,
                    qsearch_plies=spec.qsearch_plies)
    scored = list(result.root_scores) or [(result.move, result.score)]
    return game.move_text(pick(scored, spec.temperature, spec.top, 0, rng))


def selfplay(variant: str, seed: int, number: int) -> Iterator[tuple[Game, str]]:
    """The positions of self-play game ``number`` of ``seed``, each with its source."""
    rng = random.Random(f"{seed}:{variant}:{number}")
    weak, strong = PAIRS[rng.randrange(len(PAIRS))]
    white, black = (weak, strong) if rng.random() < 0.5 else (strong, weak)
    game = find_variant(variant).new()
    for _ in range(rng.randint(2, 6)):  # a varied start
        game.push(rng.choice(game.every_move()))
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES.get(variant, 130):
        ply = len(game.move_stack)
        if ply >= OPENING:
            yield game, f"selfplay seed={seed} game={number} ply={ply} levels={white}-{black}"
        level = white if game.turn is type(game).first_color else black
        game.push(game.parse_move(level_move(game, level, rng)))


def pdn_positions(variant: str) -> Iterator[tuple[Game, str]]:
    """The positions of the project's PDN test data for ``variant``."""
    from game.rules.pdn import read_pdn

    for path in sorted((ROOT / "tests" / "saves" / "pdn").glob("*.pdn")):
        try:
            games = read_pdn(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            print(f"{path.name}: skipped ({error})", file=sys.stderr)
            continue
        for index, pdn in enumerate(games):
            if pdn.variant != variant:
                continue
            moves, fen = pdn.replay()
            game = find_variant(variant).from_fen(fen) if fen else find_variant(variant).new()
            for ply, move in enumerate(moves):
                yield game, f"pdn {path.name} game={index + 1} ply={ply}"
                game.push(move)
            yield game, f"pdn {path.name} game={index + 1} ply={len(moves)}"


def promising(game: Game) -> bool:
    """The cheap filter: two moves at least, one of them clearly best at a shallow depth."""
    if game.outcome() is not None or len(game.every_move()) < 2:
        return False
    result = search(game, Limit(depth=FILTER_DEPTH), multipv=True, multipv_margin=FILTER_GAP)
    scores = sorted((s for _, s in result.root_scores), reverse=True)
    return len(scores) >= 2 and scores[0] - scores[1] >= FILTER_GAP


def _line_positions(puzzle: Puzzle) -> set[str]:
    """The positions (FEN) along every line of a solution."""
    out: set[str] = set()
    for line in puzzle.lines:
        game = puzzle.start()
        for text in line:
            game.push(game.parse_move(text))
            out.add(game.fen())
    return out


def load(path: Path) -> list[Puzzle]:
    """The collection at ``path`` (empty when there is none yet)."""
    return list(read(path))


def next_game(puzzles: list[Puzzle], seed: int) -> int:
    """The first self-play game of ``seed`` after the last one that gave a puzzle."""
    numbers = [int(m.group(2)) for p in puzzles
               if (m := SOURCE.match(p.source)) is not None and int(m.group(1)) == seed]
    return max(numbers, default=-1) + 1


class Miner:
    """One game's collection being mined: its file, its puzzles and its tally."""

    def __init__(self, variant: str, out: Path, criteria: Criteria, seed: int,
                 deep: Deep | None = Deep()) -> None:
        self.variant = variant
        self.out = out
        self.criteria = criteria
        self.deep = deep  # None: no deeper check (the puzzles are kept unsealed)
        self.seed = seed
        self.puzzles = load(out)
        self.ids = {p.id for p in self.puzzles}
        self.tally = Tally()
        self.number = next_game(self.puzzles, seed)
        self.reasons: dict[str, int] = {}

    def recheck(self) -> None:
        """Drop the puzzles that no longer pass the verification (a stricter miner) and rate
        the others again (the rating's rule may have changed)."""
        kept = []
        for puzzle in self.puzzles:
            problems = verify(puzzle, puzzle.depth, self.criteria)
            if problems:
                print(f"{self.variant}: dropped {puzzle.id}: {problems[0]}", flush=True)
            else:
                rating = rate(puzzle.start(), list(puzzle.lines), self.criteria)
                kept.append(dataclasses.replace(puzzle, rating=rating))
        if kept != self.puzzles:
            self.puzzles = kept
            self.ids = {p.id for p in kept}
            write_atomic(self.out, dumps(kept))
        print(f"{self.variant}: {len(kept)} puzzles kept after the re-check", flush=True)

    def screen(self, positions: Iterator[tuple[Game, str]], deadline: float, count: int
               ) -> None:
        """Look at positions until they end, the time is up or ``count`` are found."""
        # one puzzle per combination of a game: the positions of a found solution are not
        # offered again as puzzles of their own
        seen: set[str] = set()
        for game, source in positions:
            if time.monotonic() > deadline or self.tally.found >= count:
                return
            self.tally.screened += 1
            if game.fen() in seen or not promising(game):
                continue
            self.tally.candidates += 1
            began = time.monotonic()
            verdict = find_puzzle(game, self.criteria, source)
            puzzle = verdict.puzzle
            reason = verdict.reason.split(":")[0]
            if puzzle is not None and puzzle.id not in self.ids and self.deep is not None:
                truth = confirm(puzzle, self.deep, self.criteria)
                if truth.holds:
                    puzzle = sealed(truth.puzzle or puzzle, truth)
                else:
                    puzzle, reason = None, f"deeper: {truth.doubt.value if truth.doubt else ''}"
            self.tally.deep_seconds += time.monotonic() - began
            if puzzle is None:
                self.reasons[reason] = self.reasons.get(reason, 0) + 1
                continue
            if puzzle.id in self.ids or game.fen() in seen:
                continue
            seen.update(_line_positions(puzzle))
            self.puzzles.append(puzzle)
            self.ids.add(puzzle.id)
            self.tally.found += 1
            self.tally.saves += puzzle.kind.value == "save"
            write_atomic(self.out, dumps(self.puzzles))
            print(f"{self.variant}: {len(self.puzzles)} {puzzle.id} {puzzle.kind.value} "
                  f"{' '.join(puzzle.main)} gain={puzzle.gain} rating={puzzle.rating:.0f}",
                  flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", required=True,
                        help="a game to mine (repeat for several; they take turns)")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--count", type=int, default=1_000_000,
                        help="stop a game after this many new puzzles")
    parser.add_argument("--target", type=int, default=1_000_000,
                        help="stop a game once its collection holds this many puzzles")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", action="append", default=[],
                        help="GAME=PLIES: the verification depth of a game")
    parser.add_argument("--out-dir", type=Path, default=ROOT / "assets" / "puzzles")
    parser.add_argument("--no-pdn", action="store_true", help="skip the PDN test data")
    parser.add_argument("--recheck", action="store_true",
                        help="first re-verify the collection and drop what fails")
    args = parser.parse_args(argv)
    depths = dict(DEPTHS)
    for item in args.depth:
        name, _, plies = item.partition("=")
        if not plies.isdigit():
            parser.error(f"--depth wants GAME=PLIES, not {item!r}")
        depths[name] = int(plies)
    print(engine_line(), flush=True)
    miners: list[Miner] = []
    for variant in args.game:
        try:
            find_variant(variant)
            miners.append(Miner(variant, args.out_dir / f"{variant}.json",
                                Criteria(depth=depths.get(variant, 10)), args.seed))
        except (ValueError, PuzzleError, OSError) as error:
            print(f"{variant}: {error}", file=sys.stderr)
            return 2
    if args.recheck:
        for miner in miners:
            miner.recheck()
    began = time.monotonic()
    deadline = began + 60 * args.minutes
    if not args.no_pdn:
        for miner in miners:
            miner.screen(pdn_positions(miner.variant), deadline, args.count)

    count, target = int(args.count), int(args.target)

    def wanted(miner: Miner) -> bool:
        return miner.tally.found < count and len(miner.puzzles) < target

    while time.monotonic() < deadline and any(wanted(m) for m in miners):
        for miner in miners:
            if wanted(miner):
                miner.screen(selfplay(miner.variant, miner.seed, miner.number), deadline,
                             args.count)
                miner.number += 1
    minutes = (time.monotonic() - began) / 60
    for m in miners:
        t = m.tally
        print(f"{m.variant}: depth {m.criteria.depth}, {t.screened} positions screened, "
              f"{t.candidates} past the filter, {t.found} puzzles found ({t.saves} saves) in "
              f"{minutes:.1f} min "
              f"({t.screened / max(minutes, 1e-9):.0f} positions and "
              f"{t.found / max(minutes, 1e-9):.2f} puzzles a minute; {t.deep_seconds:.0f} s "
              f"in the deep verification); "
              f"{len(m.puzzles)} in {m.out.name}; rejected: "
              + ", ".join(f"{r} {n}" for r, n in sorted(m.reasons.items(),
                                                        key=lambda x: -x[1])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
