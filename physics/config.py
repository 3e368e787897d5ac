"""The table's physical constants (:class:`TableConfig`), its fixed step and the board's
squares. The units are :mod:`physics.table`'s (a square, a disc's mass, a second).

The physics, in numbers (all in :class:`TableConfig`, defaults below):

- discs: diameter 0.8 square, mass 1, equal for every piece;
- table friction: Coulomb sliding friction, a constant deceleration ``mu*g = 48`` squares/s^2
  while a disc slides and ``(4/3)*mu*g/R`` for its spin (the torque of a uniformly pressed
  disc). That is mu = 0.2 with 4 cm squares, wood on lacquer; the earlier 24 felt icy, a full
  shot sliding for a whole second. It is done the way pymunk's tank example does it: a pivot
  joint and a gear joint to the static body with ``max_bias = 0`` and ``max_force = mu*m*g``
  (torque ``2/3*mu*m*g*R``).
  The joint removes at most ``mu*g*dt`` of speed a step, so a disc stops exactly. The joints
  are most of a step's cost, so only moving discs carry them: the striker from the start,
  any other disc from the step after its first touch (with that step's friction taken off
  by hand), which makes a shot about twice as fast to simulate;
- disc against disc: restitution 0.7 for the pair at an approach of 8 squares/s, surface
  friction 0.1 for the pair (pymunk multiplies the two shapes' values, so each shape carries
  the square root). Wood is not a billiard ball: the harder two discs meet, the more of the
  blow is lost in crushing the wood, and the restitution falls with the approach speed as
  ``(8 / v) ** 0.25`` (the quasi-static elastic-plastic law, Johnson, Contact Mechanics,
  1985, ch. 11), at most 1.2 times the pair's own at a gentle touch. So a gentle shot stops
  its striker where it meets its target and a hard one follows it through (as filmed with
  crokinole's wooden discs), the price of an over-strong hit (docs/rules/chapaev.md, 16).
  Table 1 (the build before this, :data:`TABLES`) kept 0.7 at every speed;
- a shot sets the striker's velocity (an impulse at its centre): ``speed = 34 * strength**0.75``
  squares/s. The free stopping distance is ``speed**2 / (2*mu*g)``, so full strength slides
  12 squares in 0.71 s (from row 1 it leaves the far edge with room to spare), strength 0.5
  about 4.2 squares, strength 0.1 about 0.38 of a square: the distance grows as
  ``strength**1.5``, between the linear feel of ``sqrt`` and the too-flat feel of ``speed ~
  strength``;
- a fixed step of 1/480 s (:data:`STEP_HZ`; four steps to a 1/120 s frame). At the maximum
  speed a disc moves 0.07 square a step, under a tenth of a diameter, so no disc can pass
  through another;
- falling off: the step a disc's centre leaves the board it is taken out of the world and a
  :class:`Fall` is reported (several in one step are ordered by when each centre crossed the
  edge within the step);
- rest: checked every 4 steps; a shot is over once every disc's kinetic energy has stayed
  below that of a disc sliding at 0.03 square/s for 0.05 s (then every velocity is set to
  exactly zero), or at the hard time-out of 8 s;
- discs left touching (pymunk lets resting discs overlap by up to ``collision_slop``) are
  moved apart to a gap of ``rest_gap = 0.003`` square when a shot ends and before the next
  one starts. Touching discs would take the next hit as one block (a contact that exists
  before the blow gets no bounce: a pair hit in line slid off together, 1.0 and 1.0 squares,
  where a real pair passes the blow on, 0.08 and 1.6); with the gap each contact begins at
  its own step and bounces.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

STEP_HZ = 480
"""Physics steps per second: the table's one fixed step (``1 / STEP_HZ`` s). At the top speed
a disc moves 34/480 = 0.07 square a step, under a tenth of a diameter, so nothing tunnels.
Scenes advance the table by their frame time; they never step it at their own rate."""
SCREEN_STEP_HZ = 240
"""A coarser step for a shot planner's first screening of many candidate shots (half the
work; still no tunnelling, positions within a few hundredths of a square of the real step)."""


class TableError(ValueError):
    """A request the table cannot carry out (a disc that is not there, a shot while the
    discs still move, a placement off the board or on top of another disc)."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Every physical constant of the table. The defaults are the game's."""

    squares: int = 8
    disc_diameter: float = 0.8  # squares
    disc_mass: float = 1.0
    friction_decel: float = 48.0  # mu*g, squares/s^2: mu = 0.2 on 4 cm squares
    max_speed: float = 34.0  # squares/s at strength 1: a free slide of 12 squares
    strength_exponent: float = 0.75  # speed = max_speed * strength**exponent
    restitution: float = 0.7  # disc against disc, for the pair, at restitution_speed
    restitution_speed: float = 8.0  # squares/s of approach where a pair bounces with its own
    restitution_falloff: float = 0.25  # above it the bounce falls as (speed / v) ** falloff
    # (0: the same bounce at every speed, table 1)
    restitution_gain: float = 1.2  # a gentle touch bounces at most this times the pair's own
    disc_friction: float = 0.1  # disc against disc surface friction, for the pair
    step_hz: int = STEP_HZ
    solver_iterations: int = 10
    collision_slop: float = 0.002  # squares of overlap pymunk tolerates
    rest_speed: float = 0.03  # squares/s
    rest_time: float = 0.05  # s
    rest_check_steps: int = 4
    time_out: float = 8.0  # s of simulated time a shot may last
    fall_margin: float = 0.05  # the sensor zone starts this far inside the edge (an
    # exact test of the centre then decides)
    rest_gap: float = 0.003  # squares between discs left touching when a shot ends
    # the wide board: the swamp strip behind a side's last line, and the bayonet fight
    swamp_depth: float = 1.0  # squares of rim behind row 1 (and row 8) a piece can stand on
    bayonet_inset: float = 0.15  # an attacker over a piece on the swamp: its centre this far
    # inside the board's edge (so a plain piece lies over a fifth of the one below)
    press_speed: float = 19.0  # squares/s a press of strength 1 squeezes a plain piece out
    # (a press of 0.37 just carries a plain piece from the middle of the swamp over the rim;
    # a heavy tank, over the square root of three times the mass, needs 0.63)
    press_threshold: float = 0.7  # a press harder than this rocks the board
    press_lever: float = 0.7  # the share a piece pressed from below passes on (a lever)
    press_recoil: float = 0.1  # the share of the squeeze the pressed piece itself slides back
    rock_speed: float = 8.0  # squares/s of slide the hardest press gives a plain piece

    def __post_init__(self) -> None:
        positive = ("squares", "disc_diameter", "disc_mass", "friction_decel", "max_speed",
                    "strength_exponent", "step_hz", "solver_iterations", "rest_speed",
                    "rest_check_steps", "time_out", "fall_margin", "swamp_depth",
                    "press_speed", "press_threshold", "rock_speed")
        for name in positive:
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
                raise ValueError(f"TableConfig.{name} must be a positive number, not {value!r}")
        if self.disc_diameter >= 1.0:
            raise ValueError("discs must be smaller than a square")
        if not 0.0 <= self.restitution <= 1.0:
            raise ValueError("restitution must lie in [0, 1]")
        if not (self.restitution_speed > 0.0 and 0.0 <= self.restitution_falloff <= 1.0
                and self.restitution_gain >= 1.0):
            raise ValueError("restitution_speed is positive, restitution_falloff lies in "
                             "[0, 1], restitution_gain is at least 1")
        if (self.disc_friction < 0 or self.collision_slop < 0 or self.rest_time < 0
                or self.rest_gap < 0):
            raise ValueError("disc_friction, collision_slop, rest_time and rest_gap cannot be "
                             "negative")
        if not (0.0 < self.press_threshold < 1.0 and 0.0 <= self.press_lever <= 1.0
                and 0.0 <= self.press_recoil <= 1.0 and 0.0 <= self.bayonet_inset < 0.5):
            raise ValueError("press_threshold lies in (0, 1), press_lever and press_recoil "
                             "in [0, 1], bayonet_inset in [0, 0.5)")

    @property
    def radius(self) -> float:
        return self.disc_diameter / 2

    @property
    def dt(self) -> float:
        """The fixed physics step in seconds."""
        return 1.0 / self.step_hz

    @property
    def size(self) -> float:
        """The board's side length."""
        return float(self.squares)

    def speed_for(self, strength: float) -> float:
        """Launch speed (squares/s) of a shot of ``strength`` in [0, 1]."""
        return float(self.max_speed * strength ** self.strength_exponent)

    def stopping_distance(self, speed: float) -> float:
        """How far a lone disc launched at ``speed`` slides before it stops."""
        return speed * speed / (2.0 * self.friction_decel)

    def bounce_share(self, approach: float) -> float:
        """The share of a pair's own restitution left when the two meet at ``approach``
        squares/s (1 on table 1; below 1 for a hard blow, up to the gain for a touch)."""
        if self.restitution_falloff == 0.0:
            return 1.0
        if approach <= 0.0:
            return self.restitution_gain
        return float(min(self.restitution_gain,
                         (self.restitution_speed / approach) ** self.restitution_falloff))


DEFAULT_CONFIG = TableConfig()

TABLE_VERSION = 2
"""The table new matches are played on. A saved match names its table, and is replayed on
that one, so an old match ends exactly as it did."""
TABLES: dict[int, TableConfig] = {
    1: TableConfig(restitution_falloff=0.0),  # the same bounce at every speed
    TABLE_VERSION: DEFAULT_CONFIG,
}


def table_version(config: TableConfig) -> int | None:
    """Which of :data:`TABLES` ``config`` is, or None (a table made for a test)."""
    return next((v for v, c in TABLES.items() if c == config), None)


def square_centre(column: int, row: int) -> tuple[float, float]:
    """The centre of a square: ``column`` 0..7 (a..h), ``row`` 1..8."""
    return (column + 0.5, row - 0.5)

