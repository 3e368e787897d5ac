"""Apokachi: the top level against players that cannot plan, and against a Monte-Carlo tree
search player (UCT with random play-outs: the way general game-playing systems play a game
they know nothing about but its rules).

    python benchmarks/ai_apokachi.py --games 10 --time 1 --opponents random 1 mcts
    python benchmarks/ai_apokachi.py --player 8 --opponents 8:old --games 20 --time 0.5

``8:old`` is level 8 with the evaluation before threats, immune pieces and the move limit
were looked at. Games are on the standard 9-point board with the default move limit.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.apokachi import ApokachiBoard  # noqa: E402
from game.ai.match import EXTRA_PLAYERS, Player, run_match, table  # noqa: E402
from game.rules import Game, Move  # noqa: E402

PLAYOUT_CAP = 200  # plies a play-out may last when the game has no move limit


class Node:
    __slots__ = ("move", "parent", "children", "untried", "visits", "wins", "white")

    def __init__(self, move: Any, parent: Node | None, moves: list[Any], white: bool) -> None:
        self.move = move
        self.parent = parent
        self.children: list[Node] = []
        self.untried = moves
        self.visits = 0
        self.wins = 0.0  # for the side that made ``move`` (the parent's side to move)
        self.white = white  # the side to move in this node


def _result(board: ApokachiBoard) -> float | None:
    """1 White won, 0 Black, 0.5 a draw; None while the game goes on."""
    score = board.rule_end(0)
    if score is None:
        if board.moves():
            return None
        score = board.no_moves_score(0)
    white_score = score if board.white else -score
    return 0.5 if white_score == 0 else (1.0 if white_score > 0 else 0.0)


def mcts_move(game: Game, seconds: float, rng: random.Random, c: float = 1.4) -> Move:
    """The most visited root move after ``seconds`` of UCT with uniformly random play-outs."""
    board = ApokachiBoard(game)
    root = Node(None, None, board.moves(), board.white)
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        node = root
        made = 0
        # selection
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children, key=lambda ch: ch.wins / ch.visits
                       + c * math.sqrt(log_n / ch.visits))
            board.make(node.move)
            made += 1
        # expansion
        outcome = _result(board) if made else None
        if outcome is None and node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            mover = board.white
            board.make(move)
            made += 1
            child = Node(move, node, board.moves(), board.white)
            node.children.append(child)
            node = child
            assert child.white != mover
        # play-out
        plies = 0
        outcome = _result(board)
        while outcome is None and plies < PLAYOUT_CAP:
            board.make(rng.choice(board.moves()))
            made += 1
            plies += 1
            outcome = _result(board)
        if outcome is None:
            outcome = 0.5
        for _ in range(made):
            board.unmake()
        # back-propagation: a node's wins count for the side that moved into it
        while node is not None:
            node.visits += 1
            moved_white = not node.white
            node.wins += outcome if moved_white else 1.0 - outcome
            node = node.parent
    best = max(root.children, key=lambda ch: ch.visits)
    return board.public(best.move)


def mcts_player(seconds: float | None) -> Player:
    def play(game: Game, rng: random.Random) -> Move:
        moves = game.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return mcts_move(game, seconds or 1.0, rng)
    return play


EXTRA_PLAYERS["mcts"] = mcts_player


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--player", default="8")
    parser.add_argument("--opponents", nargs="+", default=["random", "1", "mcts"])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    for opponent in args.opponents:
        began = time.perf_counter()
        score = run_match("apokachi", args.player, opponent, args.games, time=args.time,
                          seed=args.seed, jobs=args.jobs)
        print(f"== apokachi: {args.player} vs {opponent}, {args.games} games, {args.time} s/move, "
              f"{time.perf_counter() - began:.0f} s")
        print(table(args.player, opponent, score), flush=True)


if __name__ == "__main__":
    main()
