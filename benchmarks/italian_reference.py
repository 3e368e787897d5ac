"""Italian draughts: the game's legal moves against the independent reference written from the
federation's rules (tests/rules/italian_reference.py) on many random positions (random
placements and the positions of random games from them); with ``--pydraughts``, also against
the outside library pydraughts (``draughts.Board(variant="italian")``) on the positions of
random games, and its perft from the start.

    python benchmarks/italian_reference.py [--positions N] [--seed S]
    PYTHONPATH=. /tmp/pydvenv/bin/python benchmarks/italian_reference.py --pydraughts

pydraughts reads the fourth capture rule (the capture meeting a king first) by the first
king's place alone; we compare every king's place in turn. Positions where only that reading
differs are counted apart from real disagreements (found with the reference, which can read
the rule either way).
"""
from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules.draughts import DraughtsGame  # noqa: E402
from game.rules.italian import Italian  # noqa: E402
from tests.rules import italian_reference as ref  # noqa: E402
from tests.rules.italian_positions import (  # noqa: E402
    compared_positions,
    game_routes,
    random_position,
    reference_board,
    side_of,
)

Key = tuple[int, int, frozenset[int]]

#: the hand-made positions of tests/rules/test_italian.py, one for each capture rule; the
#: first is decided by the second king's place
HAND_MADE = ("W:WK22:BK19,K11,10,20,K28", "W:WK22:B18,K10,K19,12", "W:WK22:B18,K19",
             "W:W22,K24:B18,20", "W:W22,K24:B18,10,20", "W:W22:BK18,1", "W:W10:B6,7",
             "B:W22,17:B18", "W:WK22:B18,19,10,11")


def against_reference(count: int, seed: int) -> bool:
    started = time.perf_counter()
    checked = captures = quality = routes_off = 0
    for game, ours, reference in compared_positions(seed, count):
        if ours != reference:
            print(f"DIFFERENT at {game.fen()}\n  game only: {sorted(map(str, ours - reference))}"
                  f"\n  reference only: {sorted(map(str, reference - ours))}")
            return False
        board, side = reference_board(game), side_of(game)
        if not game_routes(game) <= set(ref.legal_captures(board, side)):
            routes_off += 1
            print(f"A ROUTE the reference does not allow at {game.fen()}")
        checked += 1
        if any(m.captured for m in ours):
            captures += 1
            quality += ours != ref.legal_moves(board, side, quality=False)
    print(f"reference: {checked} positions, the same legal moves in each ({captures} with a "
          f"capture to make, {quality} of them decided by the quality rules), "
          f"{routes_off} routes off; {time.perf_counter() - started:.1f} s")
    return routes_off == 0


def our_keys(game: DraughtsGame) -> set[Key]:
    return {(m.start, m.end, frozenset(m.captured)) for m in game.legal_moves()}


def their_keys(board: Any) -> set[Key]:
    out: set[Key] = set()
    for move in board.legal_moves():
        steps = move.steps_move
        out.add((int(steps[0]), int(steps[-1]), frozenset(int(s) for s in move.captures or ())))
    return out


def reference_keys(game: DraughtsGame, first_king_only: bool) -> set[Key]:
    return {(ref.number(m.start), ref.number(m.end), frozenset(ref.number(s) for s in m.captured))
            for m in ref.legal_moves(reference_board(game), side_of(game), first_king_only)}


def pydraughts_positions(seed: int, games: int, count: int) -> list[DraughtsGame]:
    """The hand-made positions; of ``count`` random ones (as compared with the reference),
    those where the two readings of rule 4 differ; and the positions of random games, half
    from the start, half from random placements."""
    rng = random.Random(seed)
    out: list[DraughtsGame] = [Italian.from_fen(fen) for fen in HAND_MADE]
    out.extend(game for game, _, _ in compared_positions(seed, count)
               if reference_keys(game, False) != reference_keys(game, True))
    for number in range(games):
        game: DraughtsGame = Italian.new() if number % 2 == 0 else random_position(rng)
        while game.outcome() is None and len(game.move_stack) < 150:
            out.append(game.copy())
            game.push(rng.choice(game.legal_moves()))
    return out


def against_pydraughts(seed: int, games: int, count: int, depth: int) -> bool:
    # the outside library, in its own environment (and untyped)
    Board: Any = importlib.import_module("draughts").Board

    started = time.perf_counter()
    positions = pydraughts_positions(seed, games, count)
    same = rule4 = other = 0
    for game in positions:
        ours = our_keys(game)
        theirs = their_keys(Board(variant="italian", fen=game.fen()))
        if ours == theirs:
            same += 1
        elif (ours == reference_keys(game, False)
              and theirs == reference_keys(game, True)):
            rule4 += 1
            if rule4 <= 3:
                print(f"  rule 4 read differently at {game.fen()}: ours {_text(ours)}, "
                      f"pydraughts also {_text(theirs - ours)}")
        else:
            other += 1
            if other <= 10:
                print(f"DISAGREE at {game.fen()}\n  ours only: {_text(ours - theirs)}"
                      f"\n  pydraughts only: {_text(theirs - ours)}")
    print(f"pydraughts: {len(positions)} positions ({len(HAND_MADE)} hand-made, the rest where "
          f"rule 4's readings differ and of {games} random games): {same} the same, "
          f"{rule4} differing only by the reading of rule 4 (first king's place vs every "
          f"king's), {other} other disagreements; {time.perf_counter() - started:.1f} s")
    game = Italian.new()
    board = Board(variant="italian")
    for d in range(1, depth + 1):
        started = time.perf_counter()
        mine, listed, distinct = game.perft(d), _their_perft(board, d, False), \
            _their_perft(board, d, True)
        print(f"perft {d}: ours {mine}, pydraughts {listed} moves as it lists them, {distinct} "
              f"told apart by start, end and pieces taken; {time.perf_counter() - started:.1f} s")
        if mine != distinct:
            other += 1
    return other == 0


def _their_perft(board: Any, depth: int, distinct: bool) -> int:
    moves = board.legal_moves()
    if distinct:
        kept: dict[Key, Any] = {}
        for move in moves:
            steps = move.steps_move
            kept.setdefault((steps[0], steps[-1], frozenset(move.captures or ())), move)
        moves = list(kept.values())
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += _their_perft(board, depth - 1, distinct)
        board.pop()
    return total


def _text(keys: set[Key]) -> str:
    return ", ".join(sorted(f"{s}{'x' if c else '-'}{e}"
                            + (f" (takes {sorted(c)})" if c else "") for s, e, c in keys))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20_000,
                        help="positions compared with the reference (default 20 000)")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--pydraughts", action="store_true",
                        help="also compare with pydraughts (it must be importable)")
    parser.add_argument("--games", type=int, default=60,
                        help="random games whose positions pydraughts checks (default 60)")
    parser.add_argument("--depth", type=int, default=5,
                        help="pydraughts' perft from the start to this depth (default 5)")
    args = parser.parse_args()
    good = against_reference(args.positions, args.seed)
    if args.pydraughts:
        good = against_pydraughts(args.seed, args.games, args.positions, args.depth) and good
    sys.exit(0 if good else 1)


if __name__ == "__main__":
    main()
