"""International draughts: our level 8 against dame-rs's engine (a Rust alpha-beta engine on
PyPI, about a million nodes a second on one core here), with time odds if asked.

    pip install -e ".[bench]"
    python benchmarks/vs_dame.py --games 20 --time 0.3 --their-time 0.1 --jobs 2 [--pdn games.pdn]

Each pair of games starts from one random two-ply opening (a random move by each side), once
with either colour. Both engines keep their transposition table between the moves of a game
(dame's without its opening book). Games are played to the end by our rules (draw rules on),
or scored a draw after 300 plies. The moves are checked both ways: a move one side's rules do
not know stops the game with an error.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import choose_move  # noqa: E402
from game.ai.match import FLAVOURS, Score, table  # noqa: E402
from game.ai.options import set_engine  # noqa: E402
from game.ai.table import DEFAULT_MEGABYTES, TranspositionTable, table_megabytes  # noqa: E402
from game.rules import Color, Move, find_variant  # noqa: E402
from game.rules.pdn import write_pdn  # noqa: E402

MAX_PLIES = 300


def _theirs(board: Any, move: Move) -> Any:
    """Our move as dame's (a capture is told apart by the pieces it takes)."""
    for m in board.legal_moves:
        if m.from_square == move.start and m.to_square == move.end and \
                set(m.captured) == set(move.captured):
            return m
    raise ValueError(f"dame has no move {move} in {board.fen()}")


def _ours(game: Any, move: Any) -> Move:
    captured = set(move.captured)
    for m in game.legal_moves():
        if m.start == move.from_square and m.end == move.to_square and \
                set(m.captured) == captured:
            return m
    raise ValueError(f"our rules have no move {move}")


def play(index: int, ours_seconds: float, theirs_seconds: float, seed: int,
         spec: str) -> tuple[str, int, str, str]:
    """Game ``index``: (our result "+"/"="/"-", plies, how it ended, the game as PDN)."""
    import dame

    level, _, flavour = spec.partition(":")
    set_engine(**FLAVOURS[flavour])
    opening = random.Random(seed * 1000 + index // 2)
    rng = random.Random(seed * 7919 + index)
    game = find_variant("international").new()
    board = dame.Board()
    for _ in range(2):
        move = opening.choice(game.legal_moves())
        board.push(_theirs(board, move))
        game.push(move)
    we_white = index % 2 == 0
    engine = dame.Engine(hash_mb=64)
    tt = TranspositionTable(table_megabytes(DEFAULT_MEGABYTES))  # as the game's worker keeps
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
        if (game.turn is Color.WHITE) == we_white:
            move = choose_move(game, int(level), rng, time=ours_seconds, tt=tt)
        else:
            move = _ours(game, engine.search(board, time=theirs_seconds).best_move)
        board.push(_theirs(board, move))
        game.push(move)
    outcome = game.outcome()
    names = (spec, "dame") if we_white else ("dame", spec)
    record = write_pdn(game, {"Event": f"vs_dame seed {seed} game {index + 1}",
                              "White": names[0], "Black": names[1]})
    if outcome is None or outcome.winner is None:
        how = "300 plies" if outcome is None else outcome.termination.name.lower()
        return "=", len(game.move_stack), how, record
    won = (outcome.winner is Color.WHITE) == we_white
    return ("+" if won else "-"), len(game.move_stack), outcome.termination.name.lower(), record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=0.3, help="our seconds a move")
    parser.add_argument("--their-time", type=float, default=None,
                        help="dame's seconds a move (default: the same as ours)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", default="8", help="our player: 8, 8:old, 8:hand or 8:learned")
    parser.add_argument("--pdn", type=Path, help="write the games to this PDN file")
    args = parser.parse_args()
    theirs = args.time if args.their_time is None else args.their_time
    began = time.perf_counter()
    score = Score()
    n = args.games
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(play, range(n), [args.time] * n, [theirs] * n, [args.seed] * n,
                           [args.player] * n)
        records = []
        for i, (mark, plies, how, record) in enumerate(results):
            records.append(record)
            score.add(mark)
            colour = "White" if i % 2 == 0 else "Black"
            print(f"game {i + 1}: {mark} as {colour}, {plies} plies, {how}", flush=True)
    print(f"== international: {args.player} at {args.time} s/move vs dame at {theirs} s/move, "
          f"{n} games, {time.perf_counter() - began:.0f} s")
    print(table(args.player, "dame", score))
    if args.pdn is not None:
        args.pdn.write_text("\n".join(records), encoding="utf-8")


if __name__ == "__main__":
    main()
