"""The engine's own Apokachi move generator (on bit masks) against the rules' generator."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.apokachi import ApokachiBoard
from game.rules import find_variant
from game.rules.apokachi_notation import point_name


def _scattered(size: int, rng: random.Random, white: int, black: int, turn: str) -> str:
    points = rng.sample(range(size * size), white + black)
    names = [point_name(p, size) for p in points]
    return f"{turn}:{size}:W{','.join(names[:white])}:B{','.join(names[white:])}"


@settings(max_examples=300, deadline=None)
@given(size=st.integers(5, 13), seed=st.integers(0, 10**6), turn=st.sampled_from("WB"))
def test_the_engine_generates_the_rules_moves_with_their_captures(size: int, seed: int,
                                                                  turn: str) -> None:
    # crowded boards, so that "two against one" shapes are everywhere
    rng = random.Random(seed)
    count = rng.randint(2, size * size // 3)
    game = find_variant("apokachi").from_fen(
        _scattered(size, rng, count, rng.randint(2, size * size // 3), turn))
    board = ApokachiBoard(game)
    assert [board.public(m) for m in board.moves()] == game.perft_moves()


def test_captures_are_found_in_crowded_positions() -> None:
    # the comparison above is not vacuous: crowded boards have many capturing moves
    rng = random.Random(5)
    captures = 0
    for _ in range(50):
        game = find_variant("apokachi").from_fen(_scattered(9, rng, 20, 20, "W"))
        board = ApokachiBoard(game)
        captures += sum(1 for m in board.moves() if board.capture_size(m))
    assert captures > 50


def test_making_and_unmaking_moves_matches_the_rules() -> None:
    rng = random.Random(11)
    game = find_variant("apokachi").new(size=7, move_limit=None)
    board = ApokachiBoard(game)
    made = 0
    while made < 200:
        moves = board.moves()
        assert [board.public(m) for m in moves] == game.perft_moves()
        if not moves:
            break
        move = rng.choice([m for m in moves if board.capture_size(m)] or moves)
        board.make(move)
        game.push(board.public(move))
        made += 1
        if board.masks[0].bit_count() < 2 or board.masks[1].bit_count() < 2:
            break
    while made:
        board.unmake()
        game.pop()
        made -= 1
        assert [board.public(m) for m in board.moves()] == game.perft_moves()
