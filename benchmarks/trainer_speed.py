"""How fast the trainer chooses the next puzzle and answers a right move (no window).

Run: python benchmarks/trainer_speed.py [--puzzles N] [--rounds N]
The collection is made of the puzzles available (the shipped ones, or those of
$SHASHKI_PUZZLES_DIR, else the tests' fixtures), repeated with their ratings spread and
their ids made unique, until there are N (default 5000); the person has made 2000 attempts
(60 % solved).
Targets (issue 38): the next puzzle in <= 50 ms, a right move answered in <= 100 ms.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.puzzles.collection import FOLDER_ENV, available  # noqa: E402
from game.puzzles.model import Puzzle, Technique  # noqa: E402
from game.puzzles.progress import Progress  # noqa: E402
from game.puzzles.trainer import Session, Verdict, choose  # noqa: E402

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "puzzles" / "fixtures"


def collection(game: str, n: int, rng: random.Random) -> list[Puzzle]:
    base = list(available(game))
    if not base:
        os.environ[FOLDER_ENV] = str(FIXTURES)
        base = list(available(game))
    return [Puzzle(p.game, p.fen, p.lines, p.techniques, p.flank, p.gain,
                   rng.uniform(900, 2300), p.depth, p.source, id=f"{game}-{i:08d}")
            for i, p in zip(range(n), base * (n // len(base) + 1))]


def percentiles(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return f"p50 {statistics.median(times):6.2f} ms   p95 {p95:6.2f} ms   max {times[-1]:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    rng = random.Random(1)
    for game in ("russian", "international"):
        puzzles = collection(game, args.puzzles, rng)
        progress = Progress()
        session = Session(puzzles, progress, None, rng)
        for _ in range(2000):  # a person who has been at it for a while, solving 60 %
            progress.record(session.next().puzzle, rng.random() < 0.6)
        present: list[Technique | None] = [t for t in Technique
                                           if any(t in p.techniques for p in puzzles)] or [None]
        chooses: list[float] = []
        for i in range(args.rounds):
            technique = None if i % 2 else present[i % len(present)]
            began = time.perf_counter()
            choose(puzzles, progress, technique, rng)
            chooses.append((time.perf_counter() - began) * 1000)
        answers: list[float] = []
        nexts: list[float] = []
        for _ in range(args.rounds):
            began = time.perf_counter()
            run = session.next()  # chosen, its lines checked, its position set up
            nexts.append((time.perf_counter() - began) * 1000)
            move = run.game.parse_move(run.puzzle.answers(run.played)[0])
            began = time.perf_counter()
            step = session.play(move)  # the check, the reply chosen and played, the count
            answers.append((time.perf_counter() - began) * 1000)
            assert step.verdict is not Verdict.WRONG
        print(f"{game}: {len(puzzles)} puzzles, {len(progress.puzzles)} tried")
        print(f"  choose             {percentiles(chooses)}")
        print(f"  next puzzle's run  {percentiles(nexts)}")
        print(f"  right move answer  {percentiles(answers)}")


if __name__ == "__main__":
    main()
