"""A person's hand at the Chapaev table: how a flick goes wrong in life.

A flick is a fast, ballistic act of the finger: once the nail snaps, nothing corrects it. In
such acts the spread of where they land grows with how forcefully and how fast they are made
(the speed-accuracy trade-off; Schmidt et al. 1979, "Motor-output variability: a theory for
the accuracy of rapid motor acts", Psychological Review 86: the spread grows about in
proportion to the movement's speed). Here:

- the direction's spread (one standard deviation, degrees) is
  ``calm + by_strength * strength + by_haste * haste``;
- the strength's spread (a share of it) is
  ``calm_power + power_by_strength * strength + power_by_haste * haste``;
- ``haste`` in [0, 1] is how fast the hand was moving over the last moments of the pull
  (:attr:`HandModel.haste_speed` squares/s or faster is 1): a pull made slowly, or held still
  a moment before it is let go, is steady;
- part of the direction's error (:attr:`HandModel.sway_share` of its variance) is the hand's
  sway while it holds the pull, slow and smooth, which the player sees (the aim line sways
  as the pull grows) and can time the release against; the rest comes at the release itself
  and is not seen.

The model is pure and draws nothing itself: the randomness is drawn once, where the shot is
made (:func:`sway_phases` when a piece is taken, :meth:`HandModel.release` when it is let go),
and the shot as played (its direction and strength) is what is simulated, recorded and sent.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

SWAY_HZ = (0.55, 1.35)  # the hand's slow sway while it holds a pull: two mixed rhythms
_SWAY_WEIGHTS = (0.8, 0.6)
_SWAY_NORM = math.sqrt((_SWAY_WEIGHTS[0] ** 2 + _SWAY_WEIGHTS[1] ** 2) / 2.0)  # sd of 1


@dataclass(frozen=True, slots=True)
class HandModel:
    """How unsteady a hand is. The defaults are a person's; :meth:`steadier` scales it."""

    calm: float = 0.4  # degrees: a gentle, slow flick
    by_strength: float = 4.5  # degrees more at full strength
    by_haste: float = 2.0  # degrees more for a pull made at full haste
    calm_power: float = 0.02  # the strength's spread, as a share of it
    power_by_strength: float = 0.05
    power_by_haste: float = 0.06
    haste_speed: float = 8.0  # squares/s of pull speed that count as full haste
    haste_time: float = 0.25  # s: how long the hand's speed is remembered
    sway_share: float = 0.6  # the share of the direction's variance seen as sway

    def steadier(self, factor: float) -> HandModel:
        """This hand with every spread times ``factor`` (below 1: steadier)."""
        return HandModel(self.calm * factor, self.by_strength * factor, self.by_haste * factor,
                         self.calm_power * factor, self.power_by_strength * factor,
                         self.power_by_haste * factor, self.haste_speed, self.haste_time,
                         self.sway_share)

    def spread(self, strength: float, haste: float) -> float:
        """The direction's whole spread (degrees, one standard deviation)."""
        s, h = _unit(strength), _unit(haste)
        return self.calm + self.by_strength * s + self.by_haste * h

    def power_spread(self, strength: float, haste: float) -> float:
        s, h = _unit(strength), _unit(haste)
        return self.calm_power + self.power_by_strength * s + self.power_by_haste * h

    def sway(self, strength: float, haste: float, seconds: float,
             phases: tuple[float, float]) -> float:
        """The hand's sway (degrees) ``seconds`` into holding a pull of ``strength`` made
        with ``haste``: a smooth swing whose spread is the seen share of :meth:`spread`."""
        seen = self.spread(strength, haste) * math.sqrt(self.sway_share)
        wave = sum(w * math.sin(2.0 * math.pi * hz * seconds + p)
                   for w, hz, p in zip(_SWAY_WEIGHTS, SWAY_HZ, phases))
        return seen * wave / _SWAY_NORM

    def release(self, rng: random.Random, direction: tuple[float, float], strength: float,
                haste: float, sway: float = 0.0) -> tuple[tuple[float, float], float]:
        """The flick a hand lets go of: ``direction`` turned by the ``sway`` it showed and
        by the unseen error of the release, ``strength`` off by its spread (within [0, 1]).
        Draws three numbers from ``rng``."""
        unseen = self.spread(strength, haste) * math.sqrt(1.0 - self.sway_share)
        off = sway + _bounded(rng, unseen)
        power = strength * (1.0 + _bounded(rng, self.power_spread(strength, haste)))
        return turned(direction, off), max(0.0, min(1.0, power))

    def flick(self, rng: random.Random, direction: tuple[float, float], strength: float,
              haste: float) -> tuple[tuple[float, float], float]:
        """A flick let go at a moment of the sway nobody chose (the computer's hand, or a
        person who does not watch the sway): the whole spread at once."""
        sway = self.sway(strength, haste, rng.uniform(0.0, 10.0), sway_phases(rng))
        return self.release(rng, direction, strength, haste, sway)


PERSON = HandModel()
"""A person's hand (the numbers are explained in docs/rules/chapaev.md, section 15)."""
STEADY = HandModel(0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
"""A hand that never errs: staged pictures and tests of the screen's mechanics."""


def sway_phases(rng: random.Random) -> tuple[float, float]:
    """Where in its rhythms a hand's sway starts (drawn when a piece is taken)."""
    return (rng.uniform(0.0, 2.0 * math.pi), rng.uniform(0.0, 2.0 * math.pi))


def turned(direction: tuple[float, float], degrees: float) -> tuple[float, float]:
    """``direction`` turned by ``degrees`` (counterclockwise), of the same length."""
    if degrees == 0.0:
        return (float(direction[0]), float(direction[1]))
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    dx, dy = direction
    return (dx * c - dy * s, dx * s + dy * c)


def haste_after(haste_speed: float, moved: float, seconds: float, remember: float) -> float:
    """The hand's remembered speed (squares/s) after it moved ``moved`` squares in
    ``seconds``: an average over about the last ``remember`` seconds."""
    if seconds <= 0.0:
        return haste_speed
    keep = math.exp(-seconds / remember)
    return haste_speed * keep + (moved / seconds) * (1.0 - keep)


def _unit(value: float) -> float:
    return max(0.0, min(1.0, float(value)))


def _bounded(rng: random.Random, spread: float) -> float:
    """A normal error of ``spread``, never past 2.5 spreads (a hand never flicks at
    random)."""
    if spread <= 0.0:
        rng.random()  # the same numbers are drawn whatever the spread
        return 0.0
    return max(-2.5 * spread, min(2.5 * spread, rng.gauss(0.0, spread)))
