"""Glicko-2 against the worked example of Glickman's published description, and the
trainer's use of it: one attempt, a win or a loss for the person against the puzzle."""
from __future__ import annotations

import math
import random

import pytest

from game.puzzles.rating import (
    HIGHEST,
    MIN_DEVIATION,
    STEP_SHARE,
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


def test_a_newcomers_first_miss_costs_a_moderate_step_not_211_points() -> None:
    # the case: a newcomer (1500 +- 350) misses a puzzle of 1425 (deviation 150);
    # Glicko-2 alone, one attempt a rating period, takes 211 points for it
    newcomer, puzzle = Rating(), Rating(1425, 150)
    assert round(update(newcomer, [(puzzle, 0.0)]).rating) == 1289
    missed, _ = attempt(newcomer, puzzle, solved=False)
    solved, _ = attempt(newcomer, puzzle, solved=True)
    assert missed.rating == pytest.approx(1500 - STEP_SHARE * 350) == 1412.5
    assert solved.rating == pytest.approx(1587.5)
    # the step held back took in less: the rating stays more uncertain than Glicko's
    assert update(newcomer, [(puzzle, 0.0)]).deviation < missed.deviation < 350


def test_the_step_follows_the_deviation_and_a_settled_rating_is_plain_glicko() -> None:
    person, steps, deviations = Rating(), [], []
    for _ in range(12):  # misses in a row at puzzles 75 below the rating, as chosen
        after, _ = attempt(person, Rating(person.rating - 75, 150), solved=False)
        steps.append(person.rating - after.rating)
        deviations.append(person.deviation)
        person = after
    assert all(0 < step <= STEP_SHARE * deviation + 1e-9
               for step, deviation in zip(steps, deviations))
    assert steps == sorted(steps, reverse=True), "the steps narrow as the rating settles"
    assert steps[0] < 90 and steps[-1] < 45
    settled, puzzle = Rating(1600, 80), Rating(1550, 150)
    plain = update(settled, [(puzzle, 0.0)]).held()
    assert attempt(settled, puzzle, solved=False)[0] == plain, "the hold no longer bites"


@pytest.mark.parametrize("strength", [900, 1500, 2100])
def test_a_new_person_reaches_their_level_in_a_few_dozen_puzzles(strength: float) -> None:
    """A person of ``strength`` solving puzzles 75 below their rating (as the trainer picks
    them), each solved with the Elo chance: within 100 of it after 60 puzzles, averaged over
    20 people."""
    errors = []
    for seed in range(20):
        rng, person = random.Random(seed), Rating()
        for _ in range(60):
            puzzle = Rating(person.rating - 75 + rng.gauss(0, 40), 150)
            chance = 1 / (1 + 10 ** ((puzzle.rating - strength) / 400))
            person, _ = attempt(person, puzzle, rng.random() < chance)
        errors.append(abs(person.rating - strength))
        assert not person.provisional
    assert sum(errors) / len(errors) < 100
