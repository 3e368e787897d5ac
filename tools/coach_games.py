"""Writes the games the coach is checked on (tests/review/data/coach_games.pdn): 16 games our
computer played against itself at its human-like levels (2-5), each from a fixed seed, so the
file comes out the same every time. A game stops at its end or after ``PLIES`` plies (the
opening and middle game, where the coach speaks; the test's analysis stays short).

    python tools/coach_games.py [--out FILE]
"""
from __future__ import annotations

import argparse
import random
from pathlib import Path

from game.ai.levels import choose_move
from game.rules import find_variant
from game.rules.draughts import DraughtsGame
from game.rules.pdn import write_pdn

#: the most plies a game is played for
PLIES = 60
#: (game, White's level, Black's level) of each game, played from seed = its index
MATCHES: tuple[tuple[str, int, int], ...] = (
    ("russian", 2, 3), ("russian", 3, 2), ("russian", 3, 4), ("russian", 4, 3),
    ("russian", 4, 5), ("russian", 5, 4), ("russian", 2, 5), ("russian", 5, 2),
    ("russian", 3, 3), ("russian", 4, 4), ("russian", 2, 4), ("russian", 5, 3),
    ("international", 3, 4), ("international", 4, 2),
    ("english", 3, 4), ("brazilian", 4, 3),
)
DEFAULT_OUT = (Path(__file__).resolve().parent.parent / "tests" / "review" / "data"
               / "coach_games.pdn")
HEADER = ("; Games for the coach's test (tests/review/test_coach.py), written by "
          "tools/coach_games.py:\n; our computer against itself at levels 2-5, each from a "
          "fixed seed, at most {plies} plies.\n; Made by the program, not by people: a "
          "result of * is a game stopped there.\n\n")


def play_one(index: int, variant: str, white: int, black: int) -> str:
    """One game's PDN: levels ``white`` and ``black`` from seed ``index``."""
    rng = random.Random(index)
    game = find_variant(variant).new()
    assert isinstance(game, DraughtsGame)
    while game.outcome() is None and len(game.move_stack) < PLIES:
        level = white if game.turn is game.first_color else black
        game.push(choose_move(game, level, rng))
    return write_pdn(game, {"Event": f"Coach test game {index + 1}",
                            "White": f"Computer, level {white}",
                            "Black": f"Computer, level {black}"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    parts = [play_one(i, *match) for i, match in enumerate(MATCHES)]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(HEADER.format(plies=PLIES) + "\n".join(parts), encoding="utf-8")
    print(f"{len(parts)} games written to {args.out}")


if __name__ == "__main__":
    main()
