"""The game class is the one source of its computer player: each registered game names its own
search board and level table, and a game that names none has no computer player (an error,
never another game's engine)."""
from __future__ import annotations

import pytest

from game.ai.engine import board_class, make_board
from game.ai.levels import LEVEL_TABLES, levels_for
from game.ai.search import SearchBoard
from game.rules import VARIANTS, find_variant
from game.rules.international import International


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_registered_game_names_its_own_engine_and_levels(name: str) -> None:
    cls = find_variant(name)
    assert isinstance(cls.__dict__.get("engine"), str), f"{name} names no engine of its own"
    board = board_class(cls)
    assert issubclass(board, SearchBoard)
    assert cls.level_table in LEVEL_TABLES
    assert sorted(levels_for(name)) == list(range(1, 9))
    searched, keys = make_board(cls.new())
    assert isinstance(searched, SearchBoard) and isinstance(keys, list)


def test_a_game_derived_from_another_without_an_engine_of_its_own_has_none() -> None:
    class Forgotten(International):  # new rules, no engine named: no silent fallback
        name = "forgotten"
        majority_capture = False

    with pytest.raises(ValueError, match="no computer player for 'forgotten'"):
        board_class(Forgotten)
    with pytest.raises(ValueError, match="names no engine"):
        make_board(Forgotten.new())
