"""The coach on the test games (the project's PDN records, tests/review/data/coach_games.pdn and
the scripted beginner's games, tests/review/data/beginner_games.pdn): each game analysed at a
fixed depth, the comments counted by kind and printed, the time said. (The coach on a
beginner's games at the review's own time, checked deeper: benchmarks/coach_beginner.py.)

    python benchmarks/coach_review.py [--depth N] [--print]
"""
from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from game.i18n import set_language, tr
from game.review.analysis import Analysis
from game.review.coach import Coach
from game.rules.draughts import DraughtsGame
from game.rules.pdn import read_pdn

ROOT = Path(__file__).resolve().parent.parent
FILES = (*sorted((ROOT / "tests" / "saves" / "pdn").glob("*.pdn")),
         ROOT / "tests" / "review" / "data" / "coach_games.pdn",
         ROOT / "tests" / "review" / "data" / "beginner_games.pdn")


def games() -> list[DraughtsGame]:
    out = []
    for path in FILES:
        for pdn in read_pdn(path.read_text(encoding="utf-8-sig")):
            out.append(pdn.game())
    return out


def analyse(game: DraughtsGame, depth: int) -> Analysis:
    analysis = Analysis(game, depth=depth)
    try:
        while not analysis.finished:
            if not analysis.update():
                time.sleep(0.001)
    finally:
        analysis.close()
    return analysis


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--print", action="store_true")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    set_language(args.lang)
    counts: Counter[str] = Counter()
    begun = time.perf_counter()
    coach = Coach()
    plies = 0
    for number, game in enumerate(games(), start=1):
        analysis = analyse(game, args.depth)
        plies += len(analysis.moves)
        start = type(game).from_fen(analysis.start_fen, **game.options)
        for comment in coach.review(start, analysis.moves, analysis.verdicts):
            label = comment.kind.value + (f":{comment.principle.value}" if comment.principle
                                          else f":{comment.technique.value}"
                                          if comment.technique else "")
            counts[label] += 1
            if args.print:
                notice = comment.notice()
                print(f"game {number} ply {comment.ply}: {tr(notice.key, **notice.values)}"
                      f"  [best {comment.best} played {comment.played} gain {comment.gain}]")
    took = time.perf_counter() - begun
    print(f"{len(games())} games, {plies} plies at depth {args.depth}: {took:.1f} s")
    for label, count in sorted(counts.items()):
        print(f"  {label}: {count}")


if __name__ == "__main__":
    main()
