"""A search board that the compiled engine cannot build: mypyc's compiled classes cannot be
subclassed by interpreted ones, so a game whose board class lives in an interpreted module
but derives from a compiled board plays interpreted and fails the moment it is compiled
("interpreted classes cannot inherit from compiled"). Checked here with the source, so that
the interpreted suite catches it before a compiled build does."""
from __future__ import annotations

import pytest

from game.ai.engine import board_class
from game.native import NATIVE_MODULES
from game.rules import VARIANTS, find_variant


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_game_board_is_compiled_wherever_its_base_is(name: str) -> None:
    cls = board_class(find_variant(name))
    if cls.__module__ in NATIVE_MODULES:
        return
    compiled_bases = [base.__qualname__ for base in cls.__mro__[1:]
                      if base.__module__ in NATIVE_MODULES]
    assert not compiled_bases, (
        f"{name}'s board {cls.__qualname__} ({cls.__module__}) derives from compiled "
        f"{compiled_bases}: add its module to game.native.NATIVE_MODULES, or name a "
        f"compiled board as the game's engine")
