"""Two evaluations at the same search depth: the learned one against the hand-made one (or two
weights files against each other), from random openings with colours alternating.

    python benchmarks/eval_match.py --variant international --games 40 --depth 5
    python benchmarks/eval_match.py --variant russian --weights-b /tmp/other.json

A fixed depth leaves the machine's speed and load out of it: only the evaluation differs
(``benchmarks/ai_speed.py`` measures what each costs). Each pair of games starts from one
random opening of ``--plies`` plies, once with either colour.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import eval_learned  # noqa: E402
from game.ai.engine import search  # noqa: E402
from game.ai.match import Score, table  # noqa: E402
from game.ai.options import set_engine  # noqa: E402
from game.ai.search import Limit  # noqa: E402
from game.rules import Color, find_variant  # noqa: E402

MAX_PLIES = 250


_EVALS: dict[str, eval_learned.LearnedEval | None] = {}


def _use(side: str, weights_b: str | None, variant: str, weights_a: str | None = None) -> None:
    """Switch this process to evaluation A (learned) or B (hand-made, or another file)."""
    tables = find_variant(variant)._tables
    key = (variant, id(tables))
    if not _EVALS:
        _EVALS["a"] = eval_learned.learned_eval(variant, tables)
        if weights_a is not None:
            raw = Path(weights_a).read_bytes()
            _EVALS["a"] = eval_learned.LearnedEval(tables,
                                                   eval_learned.load_weights(raw, tables))
        if weights_b is not None:
            raw = Path(weights_b).read_bytes()
            _EVALS["b"] = eval_learned.LearnedEval(tables,
                                                   eval_learned.load_weights(raw, tables))
    if side == "b" and weights_b is None:
        set_engine(eval="classic", tables=False, book=False)
        return
    set_engine(eval="learned", tables=False, book=False)
    eval_learned._LOADED[key] = _EVALS[side]


def play(variant: str, index: int, depth: int, plies: int, seed: int,
         weights_b: str | None, weights_a: str | None = None) -> str:
    opening = random.Random(seed * 1000 + index // 2)
    game = find_variant(variant).new()
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(opening.choice(moves))
    a_white = index % 2 == 0
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
        a_moves = (game.turn is Color.WHITE) == a_white
        _use("a" if a_moves else "b", weights_b, variant, weights_a)
        game.push(search(game, Limit(depth=depth)).move)
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return "="
    return "+" if (outcome.winner is Color.WHITE) == a_white else "-"


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--plies", type=int, default=4, help="random plies to open a pair")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--weights-a", default=None,
                        help="a weights file for A (default: the game's own)")
    parser.add_argument("--weights-b", default=None,
                        help="a weights file for B (default: B is the hand-made evaluation)")
    args = parser.parse_args()
    began = time.perf_counter()
    score = Score()
    n = args.games
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for mark in pool.map(play, [args.variant] * n, range(n), [args.depth] * n,
                             [args.plies] * n, [args.seed] * n, [args.weights_b] * n,
                             [args.weights_a] * n):
            score.wins += mark == "+"
            score.draws += mark == "="
            score.losses += mark == "-"
            score.games.append(mark)
    b = "hand-made" if args.weights_b is None else Path(args.weights_b).name
    print(f"== {args.variant}: learned vs {b} at depth {args.depth}, {n} games, "
          f"{time.perf_counter() - began:.0f} s")
    print(table("learned", b[:8], score))


if __name__ == "__main__":
    main()
