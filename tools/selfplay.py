"""Self-play games for fitting the draughts evaluation (``tools/fit_eval.py`` reads them).

    python tools/selfplay.py --variant international --games 400 --nodes 1500 \\
        --out data/selfplay-international.jsonl [--seed 1] [--eval classic]

Each game starts with 2-6 random plies (``--openings``, so the games differ), then both sides
play the engine's best move at a node budget (so the data do not depend on the machine's
speed), fixed or drawn afresh each move (``--vary``: on 8x8 a fixed budget plays many games
twice, half the positions of a Russian run at 2-6 plies were repeats).
Every later position with no capture pending is written as one JSON line with the bitboards
(White men, White kings, Black men, Black kings), the side to move, the search's score (for
the side to move, 1/100 man) and the game's result for White (1, 0.5, 0). Lines are appended,
so several runs (seeds) can fill one file.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.engine import search  # noqa: E402
from game.ai.search import Limit  # noqa: E402
from game.rules import Color, find_variant  # noqa: E402
from game.rules.draughts import DraughtsGame  # noqa: E402

MAX_PLIES = 240  # a game still going after this many plies is scored a draw


def read_positions(paths: Iterable[Path], skipped: list[int] | None = None
                   ) -> Iterator[dict[str, Any]]:
    """The positions of files this tool wrote, in order; a line cut short by a stopped run
    is left out (and counted in ``skipped[0]`` when a list is given)."""
    for path in paths:
        with path.open(encoding="utf-8") as f:
            for line in f:
                try:
                    row = json.loads(line)
                    row["wm"], row["wk"], row["bm"], row["bk"], row["w"], row["r"], row["s"]
                    row["ply"]
                except (ValueError, KeyError, TypeError):
                    if skipped is not None:
                        skipped[0] += 1
                    continue
                yield row


def play_one(variant: str, nodes: int, rng: random.Random, openings: tuple[int, int] = (2, 6),
             vary: float = 0.0) -> tuple[list[dict[str, object]], float]:
    """One game: the quiet positions seen (without the result yet) and White's result.

    ``openings``: the fewest and most random plies it starts with; ``vary``: each move's
    node budget is drawn within that share either side of ``nodes`` (a fixed budget plays
    the same game again from the same opening, and an 8x8 board has few short openings)."""
    game = find_variant(variant).new()
    assert isinstance(game, DraughtsGame)
    positions: list[dict[str, object]] = []
    random_plies = rng.randint(*openings)
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
        moves = game.legal_moves()
        if len(game.move_stack) < random_plies:
            game.push(rng.choice(moves))
            continue
        budget = nodes if not vary else int(nodes * rng.uniform(1 - vary, 1 + vary))
        result = search(game, Limit(nodes=budget))
        if not moves[0].captured and len(moves) > 1:
            wm, wk, bm, bk = game.bitboards()
            positions.append({"wm": wm, "wk": wk, "bm": bm, "bk": bk,
                              "w": game.turn is Color.WHITE, "s": result.score,
                              "ply": len(game.move_stack)})
        game.push(result.move)
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return positions, 0.5
    return positions, 1.0 if outcome.winner is Color.WHITE else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", required=True)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--openings", default="2-6",
                        help="the fewest and most random plies a game starts with (2-6)")
    parser.add_argument("--vary", type=float, default=0.0,
                        help="draw each move's node budget within this share either side of "
                             "--nodes (0.5: from half to one and a half), so that games from "
                             "one opening part")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--eval", default=None,
                        help="which evaluation plays: hand, learned, classic (as before the "
                        "learned one); default the game's (the fitted one in International and "
                        "Russian)")
    args = parser.parse_args()
    low, _, high = args.openings.partition("-")
    if not (low.isdigit() and high.isdigit() and int(low) <= int(high)):
        raise SystemExit(f"--openings is two whole numbers like 2-6, not {args.openings!r}")
    if not 0 <= args.vary < 1:
        raise SystemExit("--vary is a share from 0 up to (not including) 1")
    if args.eval is not None:
        from game.ai.options import set_engine
        set_engine(eval=args.eval)
    rng = random.Random(args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    tally = {1.0: 0, 0.5: 0, 0.0: 0}
    for i in range(args.games):
        positions, result = play_one(args.variant, args.nodes, rng, (int(low), int(high)),
                                     args.vary)
        tally[result] += 1
        with args.out.open("a", encoding="utf-8") as f:
            for p in positions:
                p["r"] = result
                f.write(json.dumps(p, separators=(",", ":")) + "\n")
        print(f"game {i + 1}/{args.games}: {result} {len(positions)} positions, "
              f"{time.perf_counter() - began:.0f} s, W/D/L {tally[1.0]}/{tally[0.5]}/"
              f"{tally[0.0]}", flush=True)


if __name__ == "__main__":
    main()
