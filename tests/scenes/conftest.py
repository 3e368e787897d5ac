"""The Chapaev screen's tests of its mechanics (a pull's direction, a drag that knocks a piece
off) flick with a steady hand: a person's hand (physics.hand) errs at random. A test of the
hand itself is marked ``person_hand`` and gets the person's."""
from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "person_hand: the Chapaev screen flicks with a "
                                       "person's unsteady hand")


@pytest.fixture(autouse=True)
def _steady_hand(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("person_hand") is not None:
        return
    from game.scenes.chapaev import hand
    from physics import STEADY

    monkeypatch.setattr(hand, "HAND", STEADY)


@pytest.fixture(autouse=True)
def _replays_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # a saved game opens at once when its replay (in a thread) is over within 30 ms, else its
    # replay is shown going on; a loaded machine could make a test's short game take longer
    # and show that for a frame. The tests of the replay shown set the wait to 0 themselves.
    from game.scenes.games import opening

    monkeypatch.setattr(opening, "REPLAY_WAIT", 30.0)
