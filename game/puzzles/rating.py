"""Glicko-2 ratings for the trainer: the person and each puzzle are players, and one attempt at
a puzzle is one game between them (solved at the first try: the person wins; a wrong move, a
hint or the solution shown: the puzzle wins).

Written from Mark Glickman's published description of the Glicko-2 system ("Example of the
Glicko-2 system", 2012): ratings on the Glicko scale are mapped to the Glicko-2 scale, the
volatility is found by the Illinois algorithm, and every attempt is a rating period of its own
(so that the puzzles that follow come at the difficulty just reached).

One attempt is a single game, and Glicko-2 moves a newcomer's rating (deviation 350) by more
than 200 points on it: a first miss took 1500 to 1289. The trainer holds a step to
:data:`STEP_SHARE` of the deviation before it (at most 87 points for a newcomer, 15 for a
settled rating at 60, where Glicko's own step is smaller anyway), and a step held back
narrows the deviation only as much as it moved: the rating stays as uncertain as what it has
taken in, so the steps after it stay wide enough to find the person's level.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: the factor between the Glicko and Glicko-2 scales
SCALE = 173.7178
#: the system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2)
TAU = 0.5
#: the convergence tolerance of the volatility's iteration
EPSILON = 1e-6
#: a newcomer: an average rating, known badly
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
#: a puzzle's deviation before anyone here has tried it: its rating is the miner's estimate
PUZZLE_DEVIATION = 150.0
#: the deviation never falls below this, so that a rating keeps following the person's form
MIN_DEVIATION = 60.0
#: where ratings are held (a rating outside has come from a broken file or a runaway)
LOWEST, HIGHEST = 100.0, 3500.0
#: one attempt moves a rating by at most this share of its deviation before the attempt
STEP_SHARE = 0.25
#: above this deviation a rating is provisional (still finding the person's level)
PROVISIONAL_DEVIATION = 110.0
MIN_VOLATILITY, MAX_VOLATILITY = 0.01, 0.5


@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: the rating, its deviation (how uncertain it is)
    and its volatility (how erratic the results have been)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def __post_init__(self) -> None:
        for value in (self.rating, self.deviation, self.volatility):
            if not math.isfinite(value):
                raise ValueError(f"a rating must be a finite number, not {value}")
        if self.deviation <= 0 or self.volatility <= 0:
            raise ValueError("a rating's deviation and volatility must be positive")

    @property
    def provisional(self) -> bool:
        """Whether the rating is still uncertain (a newcomer's, or one long unused)."""
        return self.deviation > PROVISIONAL_DEVIATION

    def held(self, min_deviation: float = MIN_DEVIATION) -> Rating:
        """The same rating brought within the bounds the trainer keeps."""
        return Rating(min(HIGHEST, max(LOWEST, self.rating)),
                      min(START_DEVIATION, max(min_deviation, self.deviation)),
                      min(MAX_VOLATILITY, max(MIN_VOLATILITY, self.volatility)))


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (the person solves the puzzle)."""
    return _expected((player.rating - START_RATING) / SCALE,
                     (opponent.rating - START_RATING) / SCALE, opponent.deviation / SCALE)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the description: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):  # converges in a handful; the bound only guards odd input
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[tuple[Rating, float]],
           tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``results`` (each the opponent's
    rating before the period and the score: 1 a win, 0.5 a draw, 0 a loss). No games: only
    the deviation grows."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, min(START_DEVIATION,
                                         SCALE * math.sqrt(phi * phi + sigma * sigma)), sigma)
    inverse_v = 0.0
    pull = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - START_RATING) / SCALE
        g = _g(opponent.deviation / SCALE)
        e = _expected(mu, mu_j, opponent.deviation / SCALE)
        inverse_v += g * g * e * (1.0 - e)
        pull += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * pull
    sigma_new = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * pull
    return Rating(SCALE * mu_new + START_RATING, SCALE * phi_new, sigma_new)


def stepped(before: Rating, after: Rating, share: float = STEP_SHARE) -> Rating:
    """``after`` (an update of ``before``) with its step held to ``share`` of ``before``'s
    deviation. A step held back to a fraction f of Glicko's takes in only f of the result's
    information: the variance narrows by f of what the update would narrow it."""
    step = after.rating - before.rating
    most = share * before.deviation
    if abs(step) <= most:
        return after
    taken = most / abs(step)
    narrowed = before.deviation ** 2 - after.deviation ** 2
    deviation = math.sqrt(max(0.0, before.deviation ** 2 - taken * narrowed))
    return Rating(before.rating + math.copysign(most, step), deviation, after.volatility)


def attempt(person: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The person's and the puzzle's ratings after one attempt (each from the other's rating
    before it), each step held to a share of the deviation (:func:`stepped`), within the
    trainer's bounds."""
    score = 1.0 if solved else 0.0
    return (stepped(person, update(person, [(puzzle, score)])).held(),
            stepped(puzzle, update(puzzle, [(person, 1.0 - score)])).held())


__all__ = ["MIN_DEVIATION", "PROVISIONAL_DEVIATION", "PUZZLE_DEVIATION", "Rating", "STEP_SHARE",
           "attempt", "expected", "stepped", "update"]
