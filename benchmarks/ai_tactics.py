"""Tactics: positions with a known forced win, solved by the top level at 1 s a move?

    python benchmarks/ai_tactics.py [--time 1.0]

Two sets. PUBLISHED: compositions printed with their solutions (the source is given with each);
solved means the engine plays the composer's key move, the solution being the proof that it
wins. POSITIONS come from a random sweep over small positions (3-5 pieces a side, White
to move, no capture pending) kept only where an exhaustive search over the rules' public
``legal_moves``/``outcome`` proves that White wins by force in exactly the stated plies (and
not sooner). They are combinations in the engine-free sense: every winning line was checked
by brute force, not by this engine. A position counts as solved when the move played still
wins by force within the stated plies (checked by the same brute force).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import choose_move  # noqa: E402
from game.rules import Color, Game, Move, find_variant  # noqa: E402
from tests.ai.helpers import wins_within  # noqa: E402  (the same brute-force proof the tests use)

# (variant, FEN, plies to the win, a winning first move as the sweep found it)
POSITIONS = [
    ("russian", "W:Wg5,Kc7,g7:Bd2,e3,c5,f8", 5, "c7-h2"),
    ("russian", "W:Wa5,Ka7,c7:Bg3,g5,g7,b8", 5, "a7-e3"),
    ("russian", "W:WKd6,h6,e7:Bb2,c3,g7,f8", 5, "d6-b8"),
    ("international", "W:W7,K15,21:B2,9,23,44", 5, "15-4"),
    ("international", "W:WK7,17,18:B9,33,36,42", 5, "18-13"),
    ("international", "W:WK15,28,40:B16,17,22,31", 5, "15-20"),
    ("international", "W:W32,K43,44:B11,18,20,21,42", 7, "32-27"),
    ("international", "W:WK13,31,45:B14,20,21,26", 7, "13-8"),
    ("international", "W:WK1,8,13,25:B16,19,24,28,31", 7, "8-2"),
]


# (variant, FEN, the key move, where it was published)
PUBLISHED = [
    ("international", "W:W20,30,34,37,40,44,48:B8,15,17,18,27,33,45", "37-31",
     "V. Matus, miniature; 'The best miniature of Matus', endgamesandmore.blogspot.com, "
     "29 Dec 2017 (1. 37-31 15x35 2. 31x2 45-50 3. 2-11 ...)"),
    ("english", "W:W8,K11,K15,18,22:B4,9,13,25,K29", "15-10",
     "T. Duncan, problem; The Checker Maven (bobnewell.net), 14 July, 'fireworks' "
     "(15-10 25-30 18-14 9-25 10-14 30-26 11-15 4-18 14-21)"),
    ("english", "W:W13,31,32:B4,21,28", "13-9",
     "T. Wiswell, problem; The Checker Maven (bobnewell.net, item 476)"),
    ("english", "W:W12,15,16,25,30,32:B3,7,9,14,18,24", "15-11",
     "T. Wiswell, 'A Good Start' (from actual play); The Checker Maven, 21 Oct 2006 "
     "(15-10 only draws)"),
]


def published(seconds: float) -> int:
    solved = 0
    for variant, fen, key, source in PUBLISHED:
        game = find_variant(variant).from_fen(fen)
        began = time.perf_counter()
        move = choose_move(game, 8, random.Random(1), time=seconds)
        took = time.perf_counter() - began
        ok = move == game.parse_move(key)
        solved += ok
        print(f"{variant:<14} {fen:<44} key {key:<6} played {game.hub_text(move):<7} "
              f"({'solved' if ok else 'MISSED'}) {took:.2f} s\n    {source}")
    print(f"published: solved {solved} of {len(PUBLISHED)}")
    return solved


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--time", type=float, default=1.0)
    args = parser.parse_args()
    published(args.time)
    solved = 0
    for variant, fen, plies, known in POSITIONS:
        game = find_variant(variant).from_fen(fen)
        began = time.perf_counter()
        move = choose_move(game, 8, random.Random(1), time=args.time)
        seconds = time.perf_counter() - began
        text = game.hub_text(move)
        game.push(move)
        ok = game.outcome() is not None or all(
            _after(game, reply, plies - 2) for reply in game.legal_moves())
        game.pop()
        solved += ok
        print(f"{variant:<14} {fen:<40} win in {plies}: played {text:<10} "
              f"({'solved' if ok else 'MISSED'}, sweep found {known}) {seconds:.2f} s")
    print(f"sweep: solved {solved} of {len(POSITIONS)}")


def _after(game: Game, reply: Move, plies: int) -> bool:
    game.push(reply)
    try:
        outcome = game.outcome()
        if outcome is not None:
            return outcome.winner is Color.WHITE
        return wins_within(game, plies) is not None
    finally:
        game.pop()


if __name__ == "__main__":
    main()
