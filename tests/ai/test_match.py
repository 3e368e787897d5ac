"""Engine matches (game/ai/match.py), from the start or from given positions."""
from __future__ import annotations

import argparse
import random
from collections.abc import Iterator

import pytest

from game.ai.match import EXTRA_PLAYERS, Player, run_match, time_share
from game.rules import Game, Move

STARTS = ["W:WKa1,c3:Bf6,h8", "B:We1,g3:BKd8,b6"]  # Russian endings, either side to move


@pytest.fixture
def first_positions() -> Iterator[list[str]]:
    """A random mover named "watcher" that notes the position each game began from."""
    seen: list[str] = []

    def watcher(time: float | None) -> Player:
        def play(game: Game, rng: random.Random) -> Move:
            if not game.move_stack:
                seen.append(game.fen())
            return rng.choice(game.every_move())
        return play

    EXTRA_PLAYERS["watcher"] = watcher
    yield seen
    del EXTRA_PLAYERS["watcher"]


def test_a_match_from_positions_plays_each_one_from_either_side(
        first_positions: list[str]) -> None:
    score = run_match("russian", "watcher", "watcher", 4, seed=3, starts=STARTS)
    assert score.n == 4
    # games 1 and 2 from the first position, 3 and 4 from the second (A White, then Black)
    assert first_positions[0] == first_positions[1] != first_positions[2]
    assert first_positions[2] == first_positions[3]
    assert first_positions[0].startswith("W:") and first_positions[2].startswith("B:")


def test_a_match_wants_a_position_for_every_two_games() -> None:
    with pytest.raises(ValueError, match="need 3 start positions"):
        run_match("russian", "random", "random", 6, starts=STARTS)


@pytest.mark.parametrize("text", ["0", "1.5", "-0.2", "nan", "half"])
def test_a_share_of_the_time_outside_zero_to_one_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="above 0 and at most 1"):
        time_share(text)


def test_a_share_of_the_time_is_read_as_a_number() -> None:
    assert time_share("0.9") == 0.9
    assert time_share("1") == 1.0
