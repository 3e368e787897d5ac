"""Glicko-2 against the worked example of Glickman's published description, and the
trainer's use of it: one attempt, a win or a loss for the person against the puzzle."""
from __future__ import annotations

import math

import pytest

from game.puzzles.rating import (
    HIGHEST,
    MIN_DEVIATION,
    Rating,
    attempt,
    expected,
    update,
)


def test_the_published_worked_example() -> None:
    # "Example of the Glicko-2 system" (Glickman): a 1500/200/0.06 player beats a 1400/30
    # and loses to a 1550/100 and a 1700/300, with tau 0.5
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                             (Rating(1700, 300), 0.0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = update(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.deviation == pytest.approx(200.27, abs=0.01)  # sqrt(phi^2 + sigma^2)


def test_solving_raises_the_person_and_lowers_the_puzzle_and_failing_the_other_way() -> None:
    person, puzzle = Rating(1500, 120), Rating(1600, 150)
    won, beaten = attempt(person, puzzle, solved=True)
    lost, held = attempt(person, puzzle, solved=False)
    assert won.rating > person.rating > lost.rating
    assert beaten.rating < puzzle.rating < held.rating
    # a harder puzzle solved is worth more than an easier one
    easy_win, _ = attempt(person, Rating(1300, 150), solved=True)
    assert won.rating - person.rating > easy_win.rating - person.rating
    assert expected(person, puzzle) < 0.5 < expected(person, Rating(1300, 150))


def test_ratings_stay_within_the_trainers_bounds() -> None:
    person = Rating(HIGHEST, MIN_DEVIATION)
    for _ in range(50):
        person, _ = attempt(person, Rating(100, 60), solved=True)
    assert person.rating <= HIGHEST and person.deviation >= MIN_DEVIATION


@pytest.mark.parametrize("values", [(math.nan, 100, 0.06), (1500, math.inf, 0.06),
                                    (1500, 0, 0.06), (1500, 100, -1)])
def test_a_rating_that_is_no_number_is_refused(values: tuple[float, float, float]) -> None:
    with pytest.raises(ValueError):
        Rating(*values)
