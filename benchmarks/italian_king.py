"""What an Italian king is worth to the computer: two evaluations at the same search depth,
a king worth A (2.5 men by default) against the one Italian plays with (B: 1.5 men, the English
board's), from random openings with colours alternating.

    python benchmarks/italian_king.py --games 40 --depth 5
    python benchmarks/italian_king.py --king-a 200

An Italian king cannot be taken by a man, so one would expect it to be worth more than an
English one; this match is how Italian's board was chosen (measured, it is not: a king of 2.5
men scored 18/40 and one of 2 men 15.5/40 against 1.5 at depth 5, so Italian plays with the
English board; docs/rules/italian.md). A fixed depth leaves the machine's speed out of it: only the evaluation
differs.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.draughts_more import ENGLISH_WEIGHTS, EnglishBoard  # noqa: E402
from game.ai.match import Score, table  # noqa: E402
from game.ai.search import Limit, Searcher  # noqa: E402
from game.rules import Color  # noqa: E402
from game.rules.italian import Italian  # noqa: E402

MAX_PLIES = 250


def _move(game: Italian, king: int, depth: int) -> object:
    copy = game.copy()
    assert isinstance(copy, Italian)
    board = EnglishBoard(copy, weights=replace(ENGLISH_WEIGHTS, king=king))
    searcher = Searcher(board, Limit(depth=depth), history_keys=board.history_keys(copy),
                        quick_forced=True)
    return searcher.run().move


def play(opening: list[int], a_white: bool, kings: tuple[int, int], depth: int) -> str:
    """One game from the opening (indices into the legal moves); "a", "b" or "=" (a draw or
    the ply cap)."""
    game = Italian.new()
    for index in opening:
        moves = game.legal_moves()
        if game.outcome() is not None or not moves:
            break
        game.push(moves[index % len(moves)])
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
        a_moves = (game.turn is Color.WHITE) == a_white
        move = _move(game, kings[0] if a_moves else kings[1], depth)
        game.push(move)  # type: ignore[arg-type]
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return "="
    return "a" if (outcome.winner is Color.WHITE) == a_white else "b"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--king-a", type=int, default=250)
    parser.add_argument("--king-b", type=int, default=ENGLISH_WEIGHTS.king)
    parser.add_argument("--plies", type=int, default=4, help="random plies to open a pair")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    score = Score()
    started = time.perf_counter()
    results = []
    for pair in range(args.games // 2):
        opening = [rng.randrange(1000) for _ in range(args.plies)]
        for a_white in (True, False):
            result = play(opening, a_white, (args.king_a, args.king_b), args.depth)
            results.append(result)
            score.add({"a": "+", "b": "-"}.get(result, "="))
        print(f"pair {pair + 1}: {''.join(results[-2:])}", flush=True)
    print(f"king {args.king_a} (A) against king {args.king_b} (B), depth {args.depth}")
    print(table("A", "B", score))
    print(f"{len(results)} games, {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
