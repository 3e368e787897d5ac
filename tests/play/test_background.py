"""Work done off the window's loop (game/play/background.py): the value or the error comes
back once done, and a value dropped by a screen left meanwhile is released, not lost."""
from __future__ import annotations

import threading

import pytest

from game.play.background import Background


def test_the_value_comes_back_once_done_and_not_before() -> None:
    go = threading.Event()
    work = Background(lambda: (go.wait(5), 42)[1])
    assert not work.done()
    with pytest.raises(RuntimeError):
        work.result()
    go.set()
    assert work.wait(5)
    assert work.result() == 42


def test_an_error_in_the_work_is_raised_to_the_screen() -> None:
    def fails() -> int:
        raise ValueError("a record of pieces on each other")

    work = Background(fails)
    assert work.wait(5)
    with pytest.raises(ValueError, match="pieces on each other"):
        work.result()


@pytest.mark.parametrize("drop_first", [True, False])
def test_a_dropped_value_is_discarded_once_whenever_it_comes(drop_first: bool) -> None:
    go = threading.Event()
    discarded: list[str] = []
    work = Background(lambda: (go.wait(5), "a game")[1], discard=discarded.append)
    if drop_first:
        work.drop()
        go.set()
        assert work.wait(5)
    else:
        go.set()
        assert work.wait(5)
        work.drop()
    work.drop()
    assert discarded == ["a game"]
    with pytest.raises(RuntimeError):
        work.result()
