"""The kinds of troops as pieces on the table: each kind's size, mass, friction and bounce.

A campaign («рода войск») plays infantry, tanks, heavy tanks, artillery, motorcyclists, cavalry
and sailors. The rules text only names them; what each is on a real table is this project's
reconstruction, chosen so that every kind has a feel of its own that a player notices within a
few shots, from things one can actually put on a board:

- **infantry** (пехота): the plain draughts piece, the table's own constants
  (:class:`~physics.table.TableConfig`);
- **tanks** (танки): two pieces stacked. Twice the mass on the same footprint and the same
  wood, so the same sliding friction: a flick sends a tank off slower (half the range: see
  ``launch`` below), and a piece that hits a tank passes on far less (a head-on hit moves a
  tank 0.44 of the way it moves a piece), so tanks are hard to knock off;
- **heavy tanks** (тяжёлые танки): three pieces stacked, the same again and more so (a hit
  moves one a quarter of the way; a full flick goes under four squares, so heavy tanks close
  in before they strike);
- **artillery** (артиллерия): a wide, heavy gun dug in: a bigger disc (0.9 of a square: easier
  to hit), half as heavy again, with a high table friction (the trail in the ground: it stops
  short, five squares at full strength against twelve) and a hard bounce; it fights from where
  it stands and hardly budges when hit;
- **motorcyclists** (мотоциклисты): small, light and lively: a disc of 0.64 of a square (hard
  to hit, and it needs a true aim to hit anything), light, on low friction, bouncy;
- **cavalry** (конница): light and gliding: the usual size, a little lighter, and a low
  friction, so it goes much further both when it shoots and when it is hit (a mounted charge
  across the whole board, and an easy piece to knock off);
- **sailors** (матросы): stand firm as on a rolling deck: a slightly larger, heavier piece with
  a high friction that takes a blow on the chest (a low bounce: a hit on a sailor passes on
  less, and so does a sailor's own hit).

A flick is the fingernail striking the piece: with the fingertip's effective mass taken as
:data:`FINGER_MASS` pieces, a piece of mass ``m`` leaves at ``(F + 1) / (F + m)`` of the speed
a plain piece would (the ``launch`` share), so a heavier piece is slower off the finger without
being impossible to move, and its hit is no harder than a plain piece's (its momentum off the
finger grows with its mass, but its speed falls as fast).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.chapaev import Troop

if TYPE_CHECKING:
    from physics.table import TableConfig

FINGER_MASS = 1.5
"""The flicking fingertip's effective mass, in plain pieces (a piece is about 5 g; a flick is
the last joint of the finger snapping out, some 7-8 g behind the nail). With a heavier finger
(4 pieces were tried) a stack both resists a hit and hits harder than a plain piece, and heavy
tanks beat every other kind nine times in ten or more even with a plain hard shot."""


@dataclass(frozen=True, slots=True)
class TroopMake:
    """What a kind of troops is made of, relative to the plain piece where it says so."""

    diameter: float  # squares (the plain piece: the table's disc_diameter)
    mass: float  # in plain pieces
    stack: int  # pieces stacked (tanks 2, heavy tanks 3): how tall it is drawn
    friction: float  # the table friction, as a share of the plain piece's
    restitution: float  # this kind's own bounce (a pair bounces with the mean of the two)
    reason: str  # why, in a line, for the rules page and the tests' messages


#: every kind of troops; the plain piece uses the table's own constants exactly
MAKES: dict[Troop, TroopMake] = {
    Troop.INFANTRY: TroopMake(0.8, 1.0, 1, 1.0, 0.7, "the plain draughts piece"),
    Troop.TANKS: TroopMake(0.8, 2.0, 2, 1.0, 0.7, "two pieces stacked: twice the mass"),
    Troop.HEAVY_TANKS: TroopMake(0.8, 3.0, 3, 1.0, 0.7, "three pieces stacked"),
    Troop.ARTILLERY: TroopMake(0.9, 1.6, 1, 1.5, 0.8,
                               "a wide heavy gun dug in: a big target, short range, holds"),
    Troop.MOTORCYCLISTS: TroopMake(0.64, 0.6, 1, 0.9, 0.8,
                                   "small, light and quick: hard to hit and hard to aim"),
    Troop.CAVALRY: TroopMake(0.8, 0.8, 1, 0.65, 0.7,
                             "light and gliding: charges far, and flies far when hit"),
    Troop.SAILORS: TroopMake(0.84, 1.2, 1, 1.3, 0.5,
                             "stand firm as on a rolling deck and soak up a blow"),
}


@dataclass(frozen=True, slots=True)
class DiscBody:
    """One piece's physical values on a given table, in the table's units."""

    troop: Troop
    radius: float  # squares
    mass: float
    stack: int
    friction_decel: float  # mu*g while it slides, squares/s^2
    restitution: float  # its own; a pair bounces with sqrt(e1 * e2)
    max_speed: float  # launch speed at strength 1, squares/s

    @property
    def diameter(self) -> float:
        return 2.0 * self.radius

    def speed_for(self, strength: float, exponent: float) -> float:
        """Launch speed of a flick of ``strength`` in [0, 1]."""
        return float(self.max_speed * strength ** exponent)

    def stopping_distance(self, speed: float) -> float:
        """How far this piece slides alone from ``speed``."""
        return speed * speed / (2.0 * self.friction_decel)


def launch_share(mass: float) -> float:
    """The share of a plain piece's launch speed a piece of ``mass`` gets from a flick."""
    return (FINGER_MASS + 1.0) / (FINGER_MASS + mass)


def body_of(troop: Troop, config: TableConfig) -> DiscBody:
    """The piece a kind of troops makes on the table ``config``. The plain piece is exactly
    the table's constants (a match of plain pieces is the classic game, bit for bit)."""
    if troop is Troop.INFANTRY:
        return DiscBody(troop, config.disc_diameter / 2.0, config.disc_mass, 1,
                        config.friction_decel, config.restitution, config.max_speed)
    make = MAKES[troop]
    scale = config.disc_diameter / MAKES[Troop.INFANTRY].diameter
    return DiscBody(troop, make.diameter * scale / 2.0, make.mass * config.disc_mass,
                    make.stack, make.friction * config.friction_decel, make.restitution,
                    config.max_speed * launch_share(make.mass))
