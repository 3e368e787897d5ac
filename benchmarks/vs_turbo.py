"""International draughts: our level 8 against py-draughts' TurboEngine (the strongest
pure-Python draughts engine on PyPI), equal time a move.

    pip install -e ".[bench]"
    python benchmarks/vs_turbo.py --games 20 --time 1 --jobs 2 [--player 8:old] [--pdn games.pdn]

Each pair of games starts from one random two-ply opening (a random move by each side), once
with either colour. Both engines keep their transposition table between the moves of a game.
Games are played to the end by our rules (draw rules on), or scored a draw after 300 plies.
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
    for m in board.legal_moves:
        if m.square_list[0] + 1 == move.start and m.square_list[-1] + 1 == move.end and \
                {c + 1 for c in m.captured_list} == set(move.captured):
            return m
    raise ValueError(f"py-draughts has no move {move}")


def _ours(game: Any, move: Any) -> Move:
    start, end = move.square_list[0] + 1, move.square_list[-1] + 1
    captured = {c + 1 for c in move.captured_list}
    for m in game.legal_moves():
        if m.start == start and m.end == end and set(m.captured) == captured:
            return m
    raise ValueError(f"our rules have no move {move}")


def play(index: int, seconds: float, seed: int, spec: str) -> tuple[str, int, str, str]:
    """Game ``index``: (our result "+"/"="/"-", plies, how it ended, the game as PDN)."""
    from draughts import StandardBoard
    from draughts.engines.turbo import TurboEngine

    level, _, flavour = spec.partition(":")
    set_engine(**FLAVOURS[flavour])
    opening = random.Random(seed * 1000 + index // 2)
    rng = random.Random(seed * 7919 + index)
    game = find_variant("international").new()
    board = StandardBoard()
    for _ in range(2):
        move = opening.choice(game.legal_moves())
        board.push(_theirs(board, move))
        game.push(move)
    we_white = index % 2 == 0
    turbo = TurboEngine(depth_limit=None, time_limit=seconds)
    tt = TranspositionTable(table_megabytes(DEFAULT_MEGABYTES))  # as the game's worker keeps
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
        ours = (game.turn is Color.WHITE) == we_white
        if ours:
            move = choose_move(game, int(level), rng, time=seconds, tt=tt)
            board.push(_theirs(board, move))
        else:
            move = _ours(game, turbo.get_best_move(board))
            board.push(_theirs(board, move))
        game.push(move)
    outcome = game.outcome()
    names = (spec, "TurboEngine") if we_white else ("TurboEngine", spec)
    record = write_pdn(game, {"Event": f"vs_turbo seed {seed} game {index + 1}",
                              "White": names[0], "Black": names[1]})
    if outcome is None or outcome.winner is None:
        how = "300 plies" if outcome is None else outcome.termination.name.lower()
        return "=", len(game.move_stack), how, record
    won = (outcome.winner is Color.WHITE) == we_white
    return ("+" if won else "-"), len(game.move_stack), outcome.termination.name.lower(), record


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", default="8", help="our player: 8, 8:old, 8:hand or 8:learned")
    parser.add_argument("--pdn", type=Path, help="write the games to this PDN file")
    args = parser.parse_args()
    began = time.perf_counter()
    score = Score()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = pool.map(play, range(args.games), [args.time] * args.games,
                           [args.seed] * args.games, [args.player] * args.games)
        records = []
        for i, (mark, plies, how, record) in enumerate(results):
            records.append(record)
            score.add(mark)
            colour = "White" if i % 2 == 0 else "Black"
            print(f"game {i + 1}: {mark} as {colour}, {plies} plies, {how}", flush=True)
    print(f"== international: {args.player} vs TurboEngine, {args.games} games, {args.time} s/move, "
          f"{time.perf_counter() - began:.0f} s")
    print(table(args.player, "turbo", score))
    if args.pdn is not None:
        args.pdn.write_text("\n".join(records), encoding="utf-8")


if __name__ == "__main__":
    main()
