"""The Chapaev table: a pymunk world of discs on an 8x8 board with no walls.

Units: one square is one unit of length, a disc weighs one unit of mass, time is in seconds.
The board is the square ``[0, 8] x [0, 8]``; ``x`` grows from White's left (column a) and
``y`` from White's side (row 1), so the centre of square (column ``c`` 0..7, row ``r`` 1..8)
is ``(c + 0.5, r - 0.5)``.

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
- disc against disc: restitution 0.7 for the pair, surface friction 0.1 for the pair (pymunk
  multiplies the two shapes' values, so each shape carries the square root);
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

Troops, the swamp and the bayonet fight (the campaign and wide-board options):

- each side's pieces are one kind of troops (:mod:`physics.troops`: size, mass, friction,
  bounce, launch speed); plain pieces are exactly the numbers above;
- a side standing on its swamp (the wide board's rim behind its last line, ``swamp_depth``
  squares deep) has that strip as part of its table: its pieces fall only past the rim's
  outer edge, the other side's past the board's edge as always;
- in the bayonet fight a piece lies partly over an enemy piece (a *stack*): the pair does not
  collide while it overlaps, and either piece can be *pressed* (:meth:`Table.press`): the
  other one is squeezed away along the line of centres; past ``press_threshold`` the board
  rocks and every piece slides toward the side pressed (see :meth:`Table.press`).

Determinism: every shot starts from a freshly built pymunk space, the discs (each table's
bodies and shapes are made once and reused, the joints made new) added in a fixed order
from their resting positions. So a table and its :meth:`Table.copy` (or a table rebuilt
from :meth:`Table.state`) give bit-identical results for the same shot, however either got
to its position.
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Union

import pymunk

from game.rules.chapaev import Troop
from game.rules.core import Color
from physics.aim import AimPath, aim_path
from physics.troops import DiscBody, body_of

DiscId = tuple[Color, int]
"""A disc: its side and its index within the side (0..7, White's a-h and Black's a-h at the
start of a round). The same pair the match rules use for a piece."""

_DISC = 1  # collision types
_EDGE = 2
_BIG = 1000.0  # reach of the off-board sensor zones
_SIDE_BIT = {Color.WHITE: 1, Color.BLACK: 2}  # shape filter categories: a side's discs
_ZONE_BIT = 4  # an off-board zone, felt only by the discs of the sides it is the edge of
Field = tuple[float, float, float, float]  # (x0, y0, x1, y1): where a side's pieces stand

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
    restitution: float = 0.7  # disc against disc, for the pair
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


DEFAULT_CONFIG = TableConfig()


def square_centre(column: int, row: int) -> tuple[float, float]:
    """The centre of a square: ``column`` 0..7 (a..h), ``row`` 1..8."""
    return (column + 0.5, row - 0.5)


# --- what the table reports ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Knock:
    """Two discs struck each other (once per contact). ``impulse`` (mass*squares/s) is what
    the sound's loudness should follow; ``relative_speed`` is the closing speed."""

    a: DiscId
    b: DiscId
    x: float
    y: float
    impulse: float
    relative_speed: float
    time: float  # seconds since the shot began


@dataclass(frozen=True, slots=True)
class Fall:
    """A disc's centre left the board: it is out of play. Position and velocity are those of
    the step it left, for the tip-over animation. ``order`` counts falls in the shot from 1."""

    disc: DiscId
    x: float
    y: float
    vx: float
    vy: float
    angle: float
    angular_velocity: float
    order: int
    time: float


@dataclass(frozen=True, slots=True)
class ShotResult:
    """The end of a shot: what fell in which order, where every remaining disc stands."""

    striker: DiscId
    fallen: tuple[DiscId, ...]
    falls: tuple[Fall, ...]
    striker_stayed: bool
    positions: tuple[tuple[DiscId, float, float], ...]  # discs still on the board
    seconds: float
    steps: int
    timed_out: bool
    knocks: int
    rocked: bool = False  # a press past the threshold rocked the board
    stacks: tuple[tuple[DiscId, DiscId], ...] = ()  # pieces still lying over others

    def fallen_of(self, color: Color) -> tuple[DiscId, ...]:
        return tuple(d for d in self.fallen if d[0] is color)

    def position(self, disc: DiscId) -> tuple[float, float] | None:
        for d, x, y in self.positions:
            if d == disc:
                return (x, y)
        return None


@dataclass(frozen=True, slots=True)
class Shot:
    """A flick: the disc, the direction (any length), the strength in [0, 1]."""

    disc: DiscId
    direction: tuple[float, float]
    strength: float


@dataclass(frozen=True, slots=True)
class Press:
    """A press on one's own piece that lies over (or under) an enemy piece, in the bayonet
    fight: the strength in [0, 1]; past the table's ``press_threshold`` the board rocks."""

    disc: DiscId
    strength: float


Action = Union[Shot, Press]
"""What a player does on the table: a flick, or in the bayonet fight a press."""


@dataclass(frozen=True, slots=True)
class ShotOver:
    """The shot came to rest (or timed out); the table is idle again."""

    result: ShotResult


TableEvent = Union[Knock, Fall, ShotOver]


@dataclass(frozen=True, slots=True)
class DiscState:
    """Where a disc is and how it moves, for drawing."""

    disc: DiscId
    x: float
    y: float
    angle: float
    vx: float = 0.0
    vy: float = 0.0
    angular_velocity: float = 0.0
    troop: Troop = Troop.INFANTRY
    over: DiscId | None = None  # the piece this one lies partly over (the bayonet fight)

    @property
    def color(self) -> Color:
        return self.disc[0]


@dataclass(frozen=True, slots=True)
class TableState:
    """A table at rest: the discs on the board with their positions and angles, each side's
    kind of troops, the side whose swamp is part of the table, the pieces lying over others."""

    discs: tuple[tuple[DiscId, float, float, float], ...]  # (disc, x, y, angle)
    troops: tuple[Troop, Troop] = (Troop.INFANTRY, Troop.INFANTRY)  # White's, Black's
    swamp: Color | None = None
    stacks: tuple[tuple[DiscId, DiscId], ...] = ()  # (the piece on top, the piece below)

    def troop(self, color: Color) -> Troop:
        return self.troops[0 if color is Color.WHITE else 1]


def disc_sort_key(disc: DiscId) -> tuple[int, int]:
    """White before Black, then by index: the order discs enter a pymunk space."""
    return (0 if disc[0] is Color.WHITE else 1, disc[1])


def disc_name(disc: DiscId) -> str:
    """``W0`` .. ``W7``, ``B0`` .. ``B7``."""
    return f"{disc[0].value}{disc[1]}"


def parse_disc(text: str) -> DiscId:
    """The inverse of :func:`disc_name` (case-insensitive)."""
    text = text.strip().upper()
    try:
        return (Color(text[0]), int(text[1:]))
    except (ValueError, IndexError):
        raise ValueError(f"not a disc: {text!r} (write W0..W7 or B0..B7)") from None


# --- the table ----------------------------------------------------------------------------
class Table:
    """The Chapaev table. Idle (every disc at rest, positions kept as plain numbers) or in a
    shot (a pymunk space steps at a fixed rate until everything rests).

    The scene calls :meth:`advance` (or :meth:`step`) every update, reads :meth:`disc_states`
    and drains :meth:`events`; a shot planner calls :meth:`simulate` (or :meth:`try_shot`)
    from :meth:`snapshot` positions, hundreds of times a decision.
    """

    def __init__(self, config: TableConfig = DEFAULT_CONFIG, *,
                 record_knocks: bool = True, troops: Mapping[Color, Troop] | None = None,
                 swamp: Color | None = None) -> None:
        self.config = config
        self.record_knocks = record_knocks
        self._rest: dict[DiscId, tuple[float, float, float]] = {}
        self._troops: dict[Color, Troop] = {Color.WHITE: Troop.INFANTRY,
                                            Color.BLACK: Troop.INFANTRY}
        self._side_body: dict[Color, DiscBody] = {}
        self._swamp: Color | None = None
        self._stacks: dict[DiscId, DiscId] = {}  # the piece on top -> the piece below it
        self._events: list[TableEvent] = []
        self._pending = 0.0  # fractions of a step not yet run by advance()
        self.time = 0.0  # simulated seconds the table has lived
        self.last_result: ShotResult | None = None
        self._space: pymunk.Space | None = None
        # each disc's pymunk body and shape, made once per kind of troops and moved into every
        # shot's fresh space (constraints are made new: they carry impulses from their last
        # step)
        self._pool: dict[tuple[DiscId, Troop], tuple[pymunk.Body, pymunk.Circle]] = {}
        self._scratch: dict[int, Table] = {}  # for simulate(), by step rate
        self._rocked = False
        self._clear_shot()
        self.set_troops(troops or {})
        self.set_swamp(swamp)

    def _clear_shot(self) -> None:
        space = self._space
        if space is not None:  # free the pooled bodies and shapes for the next space
            for parts in self._parts.values():
                space.remove(*parts)
        self._space = None
        self._bodies: dict[DiscId, pymunk.Body] = {}
        # what each disc has in the space: its body and shape, then its friction joints once
        # it has moved (a disc that never moves needs none: see _attach_friction)
        self._parts: dict[DiscId, tuple[pymunk.Body | pymunk.Shape | pymunk.Constraint,
                                        ...]] = {}
        self._to_attach: set[DiscId] = set()
        self._disc_of_shape: dict[pymunk.Shape, DiscId] = {}
        # every body in the space with the kinetic energy it counts as resting below
        self._calm: list[tuple[pymunk.Body, float]] = []
        # how many off-board zones each disc touches (two near a corner): a disc is watched
        # until it has left every zone, not just the first one it leaves
        self._watch: dict[DiscId, int] = {}
        self._falls: list[Fall] = []
        self._striker: DiscId | None = None
        self._steps = 0
        self._calm_steps = 0
        self._knocks = 0

    # --- building positions ----------------------------------------------------------------
    @classmethod
    def from_squares(cls, squares: Mapping[DiscId, tuple[int, int]] |
                     Iterable[tuple[DiscId, tuple[int, int]]],
                     config: TableConfig = DEFAULT_CONFIG, **kwargs: Any) -> Table:
        """A table with each disc centred on a square ``(column 0..7, row 1..8)``."""
        table = cls(config, **kwargs)
        table.set_up(squares)
        return table

    @classmethod
    def starting(cls, config: TableConfig = DEFAULT_CONFIG, *, white_row: int = 1,
                 black_row: int = 8, white_count: int = 8, black_count: int = 8,
                 **kwargs: Any) -> Table:
        """Both sides on their lines, the first ``count`` columns of each (a full line by
        default). For rounds with fewer pieces use the match rules' setup instead."""
        squares = {(Color.WHITE, i): (i, white_row) for i in range(white_count)}
        squares.update({(Color.BLACK, i): (i, black_row) for i in range(black_count)})
        return cls.from_squares(squares, config, **kwargs)

    @classmethod
    def from_state(cls, state: TableState, config: TableConfig = DEFAULT_CONFIG,
                   **kwargs: Any) -> Table:
        table = cls(config, **kwargs)
        table.restore(state)
        return table

    def set_up(self, squares: Mapping[DiscId, tuple[int, int]] |
               Iterable[tuple[DiscId, tuple[int, int]]]) -> None:
        """Clear the board and centre each given disc on its square (a round's setup)."""
        items = squares.items() if isinstance(squares, Mapping) else squares
        self.clear()
        for disc, (column, row) in items:
            self.place(disc, *square_centre(column, row))

    def clear(self) -> None:
        self._require_idle("clear the board")
        self._rest.clear()
        self._stacks.clear()

    def set_troops(self, troops: Mapping[Color, Troop]) -> None:
        """Each side's kind of troops (the sides not named keep theirs)."""
        self._require_idle("change the troops")
        for color, troop in troops.items():
            if not isinstance(troop, Troop):
                raise TableError(f"not a kind of troops: {troop!r}")
            self._troops[color] = troop
        self._side_body = {c: body_of(t, self.config) for c, t in self._troops.items()}

    def set_swamp(self, color: Color | None) -> None:
        """The side whose swamp (the wide board's rim behind its last line) is part of its
        table, or None. Pieces already on the board must stay inside their fields."""
        self._require_idle("change the swamp")
        if color is not None and not isinstance(color, Color):
            raise TableError(f"not a side: {color!r}")
        self._swamp = color

    def _check_spot(self, disc: DiscId, x: float, y: float, angle: float) -> None:
        if not (isinstance(disc, tuple) and len(disc) == 2 and isinstance(disc[0], Color)
                and isinstance(disc[1], int)):
            raise TableError(f"a disc is a (Color, index) pair, not {disc!r}")
        values = (x, y, angle)
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values):
            raise TableError(f"not a position: {values!r}")
        x0, y0, x1, y1 = self.field(disc[0])
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            raise TableError(f"({x}, {y}) is off the board")

    def place(self, disc: DiscId, x: float, y: float, angle: float = 0.0) -> None:
        """Put a disc (or move it) at rest with its centre at ``(x, y)`` on the board (or on
        its swamp). It may overlap only the piece it lies over or under (the bayonet fight);
        moved clear of that piece, it no longer lies over it."""
        self._require_idle("place a disc")
        self._check_spot(disc, x, y, angle)
        partner = self.partner(disc)
        reach = self._radius_of(disc)
        for other, (ox, oy, _) in self._rest.items():
            if other == disc:
                continue
            gap = math.hypot(x - ox, y - oy) - reach - self._radius_of(other)
            if gap < -1e-9 and other != partner:
                raise TableError(f"{disc_name(disc)} would overlap {disc_name(other)}")
            if other == partner and gap >= 0.0:
                self._unstack(disc)
        self._rest[disc] = (float(x), float(y), float(angle))

    set_position = place

    def place_over(self, top: DiscId, below: DiscId, angle: float = 0.0) -> None:
        """Lay ``top`` partly over ``below`` (the bayonet fight's placement): its centre
        straight in from ``below`` toward the board, ``bayonet_inset`` inside the board's edge
        (or, for a piece already on the board, a half diameter in from it toward the middle)."""
        self._require_idle("place a disc")
        if top[0] is below[0]:
            raise TableError("a piece lies over an enemy piece, not its own")
        if below not in self._rest:
            raise TableError(f"{disc_name(below)} is not on the board")
        if self.partner(top) is not None or self.partner(below) is not None:
            raise TableError("a piece lies over one piece at most")
        bx, by, _ = self._rest[below]
        size, inset = self.config.size, self.config.bayonet_inset
        x = min(size - inset, max(inset, bx))
        y = min(size - inset, max(inset, by))
        if (x, y) == (bx, by):  # on the board already: toward the middle
            cx, cy = size / 2.0 - bx, size / 2.0 - by
            length = math.hypot(cx, cy) or 1.0
            step = self._radius_of(below)
            x, y = bx + cx / length * step, by + cy / length * step
        if math.hypot(x - bx, y - by) >= self._radius_of(top) + self._radius_of(below):
            raise TableError(f"{disc_name(top)} would not reach over {disc_name(below)}")
        self._stacks[top] = below
        try:
            self.place(top, x, y, angle)
        except TableError:
            del self._stacks[top]
            raise

    def _unstack(self, disc: DiscId) -> None:
        self._stacks.pop(disc, None)
        for top, below in list(self._stacks.items()):
            if below == disc:
                del self._stacks[top]

    def remove(self, disc: DiscId) -> None:
        self._require_idle("remove a disc")
        if self._rest.pop(disc, None) is None:
            raise TableError(f"{disc_name(disc)} is not on the board")
        self._unstack(disc)

    def state(self) -> TableState:
        """The resting position, to rebuild an identical table from."""
        self._require_idle("take a snapshot")
        return TableState(tuple((d, *self._rest[d]) for d in sorted(self._rest,
                                                                   key=disc_sort_key)),
                          (self._troops[Color.WHITE], self._troops[Color.BLACK]),
                          self._swamp, self.stacks)

    def snapshot(self) -> TableState:
        """The resting position, to :meth:`restore` or :meth:`simulate` from later."""
        return self.state()

    def restore(self, state: TableState) -> None:
        """Put every disc back where ``state`` has it (the discs not in it leave the board),
        with its troops, swamp and stacks. The position is taken as it is: no overlap
        checks."""
        self._require_idle("restore a position")
        self._rest = {disc: (float(x), float(y), float(angle))
                      for disc, x, y, angle in state.discs}
        if (self._troops[Color.WHITE], self._troops[Color.BLACK]) != state.troops:
            self.set_troops({Color.WHITE: state.troops[0], Color.BLACK: state.troops[1]})
        self._swamp = state.swamp
        self._stacks = {top: below for top, below in state.stacks
                        if top in self._rest and below in self._rest}

    def copy(self, *, record_knocks: bool | None = None) -> Table:
        """An independent table at the same resting position (cheap: no pymunk objects are
        made until it shoots). Only an idle table can be copied exactly."""
        self._require_idle("copy the table")
        table = Table(self.config,
                      record_knocks=self.record_knocks if record_knocks is None
                      else record_knocks, troops=self._troops, swamp=self._swamp)
        table._rest = dict(self._rest)
        table._stacks = dict(self._stacks)
        return table

    # --- reading ---------------------------------------------------------------------------
    @property
    def is_at_rest(self) -> bool:
        """No shot is running (every disc is still)."""
        return self._space is None

    @property
    def troops(self) -> dict[Color, Troop]:
        """Each side's kind of troops."""
        return dict(self._troops)

    def troop(self, color: Color) -> Troop:
        return self._troops[color]

    @property
    def swamp(self) -> Color | None:
        """The side whose swamp is part of the table, if any."""
        return self._swamp

    def body(self, disc: DiscId) -> DiscBody:
        """The physical make of ``disc`` (its side's kind of troops)."""
        return self._side_body[disc[0]]

    def radius(self, disc: DiscId) -> float:
        return self._side_body[disc[0]].radius

    _radius_of = radius

    def field(self, color: Color) -> Field:
        """Where ``color``'s pieces may stand, ``(x0, y0, x1, y1)``: the board, and the swamp
        strip behind its last line while it stands on its swamp."""
        size = self.config.size
        if self._swamp is color:
            depth = self.config.swamp_depth
            return (0.0, -depth, size, size) if color is Color.WHITE else \
                (0.0, 0.0, size, size + depth)
        return (0.0, 0.0, size, size)

    @property
    def stacks(self) -> tuple[tuple[DiscId, DiscId], ...]:
        """The pieces lying partly over others: ``(top, below)`` pairs."""
        return tuple(sorted(self._stacks.items(), key=lambda p: disc_sort_key(p[0])))

    def partner(self, disc: DiscId) -> DiscId | None:
        """The piece ``disc`` lies over or under, if any (then it can be pressed)."""
        below = self._stacks.get(disc)
        if below is not None:
            return below
        for top, under in self._stacks.items():
            if under == disc:
                return top
        return None

    def lies_over(self, disc: DiscId) -> DiscId | None:
        """The piece ``disc`` lies partly over, if any."""
        return self._stacks.get(disc)

    @property
    def discs(self) -> tuple[DiscId, ...]:
        """The discs on the board, White's first."""
        if self._space is None:
            return tuple(sorted(self._rest, key=disc_sort_key))
        return tuple(sorted(self._bodies, key=disc_sort_key))

    def discs_of(self, color: Color) -> tuple[DiscId, ...]:
        return tuple(d for d in self.discs if d[0] is color)

    def __contains__(self, disc: object) -> bool:
        return disc in (self._rest if self._space is None else self._bodies)

    def position(self, disc: DiscId) -> tuple[float, float]:
        if self._space is None:
            try:
                x, y, _ = self._rest[disc]
            except KeyError:
                raise TableError(f"{disc_name(disc)} is not on the board") from None
            return (x, y)
        try:
            p = self._bodies[disc].position
        except KeyError:
            raise TableError(f"{disc_name(disc)} is not on the board") from None
        return (p.x, p.y)

    def positions(self) -> dict[DiscId, tuple[float, float]]:
        return {d: self.position(d) for d in self.discs}

    def disc_states(self) -> tuple[DiscState, ...]:
        """Every disc on the board with position, angle, velocity and kind, for drawing."""
        troops, over = self._troops, self._stacks
        if self._space is None:
            return tuple(DiscState(d, *self._rest[d], troop=troops[d[0]], over=over.get(d))
                         for d in self.discs)
        out = []
        for d in self.discs:
            b = self._bodies[d]
            p, v = b.position, b.velocity
            out.append(DiscState(d, p.x, p.y, b.angle, v.x, v.y, b.angular_velocity,
                                 troops[d[0]], over.get(d)))
        return tuple(out)

    def disc_at(self, x: float, y: float, slack: float = 0.0) -> DiscId | None:
        """The disc covering the point (for picking with the pointer), if any: the nearest
        centre within its radius plus ``slack`` squares (a forgiving rim for the mouse); a
        piece lying over another is picked before the one below."""
        best: tuple[int, float, DiscId] | None = None
        for d, (dx, dy) in self.positions().items():
            dist = math.hypot(x - dx, y - dy)
            if dist <= self._radius_of(d) + slack:
                key = (0 if d in self._stacks else 1, dist, d)
                if best is None or key[:2] < best[:2]:
                    best = key
        return None if best is None else best[2]

    def _radii(self) -> dict[DiscId, float]:
        return {d: self._radius_of(d) for d in self.discs}

    def aim_path(self, disc: DiscId, direction: tuple[float, float],
                 strength: float, start: tuple[float, float] | None = None) -> AimPath:
        """Where ``disc`` shot along ``direction`` with ``strength`` would go, up to its
        first contact with another disc or the edge (geometry only; see
        :func:`physics.aim.aim_path`). ``start`` overrides the disc's own position."""
        here = self.position(disc) if start is None else start
        partner = self.partner(disc)
        others = [(d, x, y) for d, (x, y) in self.positions().items()
                  if d != disc and d != partner]
        return aim_path(here, direction, strength, others, self.config,
                        body=self.body(disc), radii=self._radii(), field=self.field(disc[0]))

    def events(self) -> list[TableEvent]:
        """Knocks, falls and the end of the shot since the last call, oldest first."""
        out, self._events = self._events, []
        return out

    @property
    def shot_time(self) -> float:
        """Seconds simulated in the running (or last) shot."""
        return self._steps * self.config.dt

    # --- shooting --------------------------------------------------------------------------
    def shoot(self, disc: DiscId, direction: tuple[float, float], strength: float) -> None:
        """Flick ``disc`` toward ``direction`` with ``strength`` in [0, 1] (1 = the maximum).
        The discs then move as :meth:`step` / :meth:`advance` are called."""
        self._require_idle("shoot")
        if disc not in self._rest:
            raise TableError(f"{disc_name(disc)} is not on the board")
        dx, dy = (float(direction[0]), float(direction[1]))
        length = math.hypot(dx, dy)
        if not (math.isfinite(length) and length > 0.0):
            raise TableError(f"a shot needs a direction, not {direction!r}")
        if not (isinstance(strength, (int, float)) and 0.0 <= strength <= 1.0):
            raise TableError(f"strength must lie in [0, 1], not {strength!r}")
        self._spread_apart()
        self._build_space()
        self._striker = disc
        self._attach_friction(disc)
        speed = self.body(disc).speed_for(float(strength), self.config.strength_exponent)
        self._bodies[disc].velocity = (speed * dx / length, speed * dy / length)

    def press(self, disc: DiscId, strength: float) -> None:
        """Press on ``disc``, which lies over (or under) an enemy piece, with ``strength`` in
        [0, 1]: the other piece is squeezed away along the line from ``disc``'s centre to
        its own, at ``press_speed * strength`` for a plain piece (slower for a heavier one:
        over the square root of its mass; ``press_lever`` of that from below), and ``disc``
        slides back ``press_recoil`` of it. Past ``press_threshold`` the board rocks: every
        piece on it slides toward the side pressed (the board's middle to ``disc``), a
        harder press and a lower friction further, each a little differently (how each
        piece sits; a fixed function of the piece and the press, so a press is repeatable).
        """
        self._require_idle("press")
        if disc not in self._rest:
            raise TableError(f"{disc_name(disc)} is not on the board")
        partner = self.partner(disc)
        if partner is None:
            raise TableError(f"{disc_name(disc)} lies over no piece and under none")
        if not (isinstance(strength, (int, float)) and 0.0 <= strength <= 1.0):
            raise TableError(f"strength must lie in [0, 1], not {strength!r}")
        cfg = self.config
        strength = float(strength)
        px, py, _ = self._rest[disc]
        qx, qy, _ = self._rest[partner]
        self._spread_apart()
        self._build_space()
        self._striker = disc
        self._attach_friction(disc)
        self._attach_friction(partner)
        dx, dy = qx - px, qy - py
        length = math.hypot(dx, dy)
        if length < 1e-9:  # one right over the other: squeezed out toward its own edge
            dx, dy, length = 0.0, (-1.0 if qy < cfg.size / 2 else 1.0), 1.0
        ux, uy = dx / length, dy / length
        share = 1.0 if self._stacks.get(disc) == partner else cfg.press_lever
        partner_mass = self.body(partner).mass / cfg.disc_mass
        squeeze = cfg.press_speed * strength * share / math.sqrt(partner_mass)
        self._bodies[partner].velocity = (ux * squeeze, uy * squeeze)
        back = squeeze * cfg.press_recoil
        self._bodies[disc].velocity = (-ux * back, -uy * back)
        self._rocked = strength > cfg.press_threshold
        if not self._rocked:
            return
        hard = (strength - cfg.press_threshold) / (1.0 - cfg.press_threshold)
        cx, cy = px - cfg.size / 2.0, py - cfg.size / 2.0
        reach = math.hypot(cx, cy) or 1.0
        down = math.atan2(cy / reach, cx / reach)
        for other in sorted(self._bodies, key=disc_sort_key):
            jitter = random.Random(f"{disc_name(other)}/{strength!r}")
            slide = (cfg.rock_speed * (0.15 + 0.85 * hard) * (0.5 + jitter.random())
                     * math.sqrt(cfg.friction_decel / self.body(other).friction_decel))
            turn = down + jitter.uniform(-0.35, 0.35)
            body = self._bodies[other]
            v = body.velocity
            body.velocity = (v.x + slide * math.cos(turn), v.y + slide * math.sin(turn))
            if len(self._parts[other]) == 2:
                self._attach_friction(other)

    def press_needed(self, disc: DiscId) -> float | None:
        """The least strength of a press on ``disc`` that carries the piece it lies over (or
        under) past the edge of that piece's field: enough to push it off, as it slides
        alone (pieces in its way are not counted). None when ``disc`` lies over no piece and
        under none, or when no press can (the other piece is squeezed toward the far side of
        the board, as an attacker pressed from below is)."""
        partner = self.partner(disc)
        if partner is None:
            return None
        cfg = self.config
        px, py = self.position(disc)
        qx, qy = self.position(partner)
        dx, dy = qx - px, qy - py
        length = math.hypot(dx, dy)
        if length < 1e-9:  # as in press(): squeezed out toward its own edge
            dx, dy, length = 0.0, (-1.0 if qy < cfg.size / 2 else 1.0), 1.0
        ux, uy = dx / length, dy / length
        x0, y0, x1, y1 = self.field(partner[0])
        room = math.inf  # how far the partner's centre is from its field's edge that way
        for u, q, low, high in ((ux, qx, x0, x1), (uy, qy, y0, y1)):
            if u > 1e-12:
                room = min(room, (high - q) / u)
            elif u < -1e-12:
                room = min(room, (low - q) / u)
        body = self.body(partner)
        share = 1.0 if self._stacks.get(disc) == partner else cfg.press_lever
        speed = math.sqrt(2.0 * body.friction_decel * max(0.0, room))  # slides that far
        strength = speed * math.sqrt(body.mass / cfg.disc_mass) / (cfg.press_speed * share)
        return strength if strength <= 1.0 else None

    def act(self, action: Action) -> None:
        """Start ``action``: a flick or a press."""
        if isinstance(action, Press):
            self.press(action.disc, action.strength)
        else:
            self.shoot(action.disc, action.direction, action.strength)

    def simulate_shot(self, disc: DiscId, direction: tuple[float, float],
                      strength: float) -> ShotResult:
        """Shoot and run the shot to rest at once (headless)."""
        self.shoot(disc, direction, strength)
        return self.run_to_rest()

    def simulate_press(self, disc: DiscId, strength: float) -> ShotResult:
        """Press and run to rest at once (headless)."""
        self.press(disc, strength)
        return self.run_to_rest()

    def try_shot(self, disc: DiscId, direction: tuple[float, float],
                 strength: float) -> ShotResult:
        """What the shot would do, leaving this table untouched (for the computer player)."""
        return self.simulate(Shot(disc, direction, strength))

    def simulate(self, shot: Action, state: TableState | None = None, *,
                 step_hz: int | None = None) -> ShotResult:
        """What ``shot`` (a flick or a press) would do from ``state`` (this table's resting
        position if None), run to rest at once, leaving this table untouched: for a shot
        planner trying hundreds of shots. At the table's own step the result is exactly what
        this table would get from :meth:`simulate_shot`; ``step_hz=SCREEN_STEP_HZ`` runs half
        the steps for a first screening. One scratch table per step rate is kept and reused
        (its pymunk bodies too), and the shot stops as soon as everything rests."""
        rate = self.config.step_hz if step_hz is None else int(step_hz)
        scratch = self._scratch.get(rate)
        if scratch is None:
            config = (self.config if rate == self.config.step_hz
                      else replace(self.config, step_hz=rate))
            scratch = self._scratch[rate] = Table(config, record_knocks=False)
        if state is None:
            self._require_idle("try a shot")
            scratch._rest = dict(self._rest)
            scratch._stacks = dict(self._stacks)
            scratch._swamp = self._swamp
            if scratch._troops != self._troops:
                scratch.set_troops(self._troops)
        else:
            scratch.restore(state)
        scratch._events.clear()
        scratch.act(shot)
        return scratch.run_to_rest()

    def trace(self, action: Action, state: TableState | None = None, *,
              every: int = 4) -> ShotTrace:
        """``action`` played again from ``state`` (this table's resting position if None)
        on a table of its own, with every disc's place recorded each ``every`` steps (4: a
        frame at 120 fps): the path of each piece over time, for a slow replay. The table
        is deterministic, so this is the shot exactly as it was played from there."""
        if every < 1:
            raise ValueError("every must be a positive number of steps")
        table = Table(self.config)
        table.restore(self.state() if state is None else state)
        start = table.state()
        table.act(action)
        times: list[float] = [0.0]
        frames = [tuple((d, x, y, a) for d, x, y, a in start.discs)]
        knocks: list[Knock] = []
        falls: list[Fall] = []
        result: ShotResult | None = None
        while result is None:
            table.step()
            for event in table.events():
                if isinstance(event, Knock):
                    knocks.append(event)
                elif isinstance(event, Fall):
                    falls.append(event)
                else:
                    result = event.result
            if result is not None or table._steps % every == 0:
                times.append(table.shot_time)
                frames.append(tuple((s.disc, s.x, s.y, s.angle) for s in table.disc_states()))
        return ShotTrace(action, start, tuple(times), tuple(frames), tuple(falls),
                         tuple(knocks), result, table.state())

    def run_to_rest(self) -> ShotResult:
        """Step the running shot until it ends; its result."""
        if self._space is None:
            if self.last_result is None:
                raise TableError("no shot has been made")
            return self.last_result
        step = self._step_shot
        while step():
            pass
        assert self.last_result is not None
        return self.last_result

    def step(self) -> None:
        """One fixed physics step (``config.dt`` seconds). Idle tables just let time pass."""
        self.time += self.config.dt
        if self._space is not None:
            self._step_shot()

    def advance(self, seconds: float) -> int:
        """Run as many whole steps as ``seconds`` holds (the rest carries to the next call);
        the number of steps run. ``advance(1/120)`` runs exactly four steps."""
        if seconds < 0 or not math.isfinite(seconds):
            raise ValueError(f"cannot advance by {seconds!r} s")
        self._pending += seconds * self.config.step_hz
        count = int(self._pending + 1e-6)
        self._pending = max(0.0, self._pending - count)
        for _ in range(count):
            self.step()
        return count

    def _spread_apart(self) -> None:
        """Move resting discs that touch or overlap apart to ``rest_gap`` (each of a pair
        half the way along the line of centres, centres kept inside their fields); a few
        sweeps settle chains and clusters. Discs already that far apart do not move, nor a
        piece lying over another and that piece."""
        cfg = self.config
        order = sorted(self._rest, key=disc_sort_key)
        spots = [self._rest[d] for d in order]
        xs = [x for x, _, _ in spots]
        ys = [y for _, y, _ in spots]
        count = len(order)
        radii = [self._radius_of(d) for d in order]
        fields = [self.field(d[0]) for d in order]
        stacked = {frozenset(pair) for pair in self._stacks.items()}
        changed = False
        for _ in range(50):
            moved = False
            for i in range(count):
                ax, ay = xs[i], ys[i]
                x0, y0, x1, y1 = fields[i]
                for j in range(i + 1, count):
                    keep = radii[i] + radii[j] + cfg.rest_gap
                    dx, dy = xs[j] - ax, ys[j] - ay
                    if dx >= keep or dx <= -keep or dy >= keep or dy <= -keep:
                        continue
                    dist = math.hypot(dx, dy)
                    if dist >= keep:
                        continue
                    if stacked and frozenset((order[i], order[j])) in stacked:
                        continue
                    target = keep + 1e-9  # a hair beyond: rounding cannot leave it short
                    if dist < 1e-12:  # one on top of the other: part them along x
                        ux, uy, push = 1.0, 0.0, target / 2
                    else:
                        ux, uy, push = dx / dist, dy / dist, (target - dist) / 2
                    ax = min(x1, max(x0, ax - ux * push))
                    ay = min(y1, max(y0, ay - uy * push))
                    xs[i], ys[i] = ax, ay
                    u0, v0, u1, v1 = fields[j]
                    xs[j] = min(u1, max(u0, xs[j] + ux * push))
                    ys[j] = min(v1, max(v0, ys[j] + uy * push))
                    moved = changed = True
            if not moved:
                break
        if changed:
            for k, disc in enumerate(order):
                self._rest[disc] = (xs[k], ys[k], spots[k][2])

    # --- the pymunk world --------------------------------------------------------------------
    def _require_idle(self, what: str) -> None:
        if self._space is not None:
            raise TableError(f"cannot {what} while the discs are moving")

    def _build_space(self) -> None:
        cfg = self.config
        self._clear_shot()
        self._rocked = False
        space = pymunk.Space()
        space.iterations = cfg.solver_iterations
        space.collision_slop = cfg.collision_slop
        static = space.static_body
        # Sensor zones outside each side's field: a disc touches one once its centre is
        # within fall_margin of the edge (the smallest piece; bigger ones a little sooner);
        # from then on its centre is tested exactly every step.
        present = {d[0] for d in self._rest}
        smallest = min((self._side_body[c].radius for c in present), default=cfg.radius)
        inner = cfg.fall_margin - smallest
        by_field: dict[Field, int] = {}
        for color in (Color.WHITE, Color.BLACK):
            if color in present:
                spot = self.field(color)
                by_field[spot] = by_field.get(spot, 0) | _SIDE_BIT[color]
        for (x0, y0, x1, y1), sides in by_field.items():
            zones = [
                ((-_BIG, -_BIG), (x0 + inner, -_BIG), (x0 + inner, _BIG), (-_BIG, _BIG)),
                ((x1 - inner, -_BIG), (_BIG, -_BIG), (_BIG, _BIG), (x1 - inner, _BIG)),
                ((-_BIG, -_BIG), (_BIG, -_BIG), (_BIG, y0 + inner), (-_BIG, y0 + inner)),
                ((-_BIG, y1 - inner), (_BIG, y1 - inner), (_BIG, _BIG), (-_BIG, _BIG)),
            ]
            for vertices in zones:
                zone = pymunk.Poly(static, vertices)
                zone.sensor = True
                zone.collision_type = _EDGE
                zone.filter = pymunk.ShapeFilter(categories=_ZONE_BIT, mask=sides)
                space.add(zone)
        pool = self._pool
        rest_speed = cfg.rest_speed
        for disc in sorted(self._rest, key=disc_sort_key):
            x, y, angle = self._rest[disc]
            key = (disc, self._troops[disc[0]])
            parts = pool.get(key)
            if parts is None:
                parts = pool[key] = self._make_disc(disc)
            body, shape = parts
            body.position = (x, y)
            body.angle = angle
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            space.add(body, shape)
            self._bodies[disc] = body
            self._parts[disc] = (body, shape)
            self._disc_of_shape[shape] = disc
            self._calm.append((body, 0.5 * body.mass * rest_speed ** 2))
        space.on_collision(_DISC, _DISC, begin=self._on_knock, separate=self._on_part)
        space.on_collision(_DISC, _EDGE, begin=self._on_edge, separate=self._on_leave_edge)
        self._space = space
        self._calm_limit = max(1, math.ceil(cfg.rest_time * cfg.step_hz - 1e-9))
        self._max_steps = max(1, math.ceil(cfg.time_out * cfg.step_hz - 1e-9))

    def _attach_friction(self, disc: DiscId, *, missed_step: bool = False) -> None:
        """Give a disc its table friction: a pivot and a gear joint to the static body
        with no bias, whose force limit is the Coulomb friction (pymunk's tank example).

        Only discs that move need them, and the joints are most of a step's cost, so a shot
        starts with the striker's alone and a disc gets its own after the step in which it
        first touches another (no disc starts a shot touching one: see rest_gap). For that
        one step it slid free, so (``missed_step``) the step's friction is taken off its
        speed and spin then, as the joints would have done."""
        space = self._space
        assert space is not None
        cfg = self.config
        body = self._bodies[disc]
        make = self.body(disc)
        decel = make.friction_decel
        if missed_step:
            loss = decel * cfg.dt
            v = body.velocity
            speed = v.length
            body.velocity = (0.0, 0.0) if speed <= loss else v * ((speed - loss) / speed)
            spin_loss = 4.0 / 3.0 * decel / make.radius * cfg.dt
            w = body.angular_velocity
            body.angular_velocity = 0.0 if abs(w) <= spin_loss else w - math.copysign(
                spin_loss, w)
        force = make.mass * decel
        pivot = pymunk.PivotJoint(space.static_body, body, (0.0, 0.0), (0.0, 0.0))
        pivot.max_bias = 0.0  # friction only: never pull the disc back anywhere
        pivot.max_force = force
        gear = pymunk.GearJoint(space.static_body, body, 0.0, 1.0)
        gear.max_bias = 0.0
        gear.max_force = 2.0 / 3.0 * force * make.radius
        space.add(pivot, gear)
        self._parts[disc] = (*self._parts[disc], pivot, gear)

    def _make_disc(self, disc: DiscId) -> tuple[pymunk.Body, pymunk.Circle]:
        make = self.body(disc)
        body = pymunk.Body(make.mass, pymunk.moment_for_circle(make.mass, 0.0, make.radius))
        shape = pymunk.Circle(body, make.radius)
        shape.elasticity = math.sqrt(make.restitution)
        shape.friction = math.sqrt(self.config.disc_friction)
        shape.collision_type = _DISC
        shape.filter = pymunk.ShapeFilter(categories=_SIDE_BIT[disc[0]])
        return (body, shape)

    def _disc_of(self, arbiter: pymunk.Arbiter) -> DiscId | None:
        for shape in arbiter.shapes:
            disc = self._disc_of_shape.get(shape)
            if disc is not None:
                return disc
        return None

    def _on_edge(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        disc = self._disc_of(arbiter)
        if disc is not None:
            self._watch[disc] = self._watch.get(disc, 0) + 1

    def _on_leave_edge(self, arbiter: pymunk.Arbiter, space: pymunk.Space,
                       data: object) -> None:
        disc = self._disc_of(arbiter)
        if disc is not None:
            left = self._watch.get(disc, 0) - 1
            if left > 0:
                self._watch[disc] = left
            else:
                self._watch.pop(disc, None)

    def _stacked(self, a: DiscId, b: DiscId) -> bool:
        return self._stacks.get(a) == b or self._stacks.get(b) == a

    def _on_part(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Two discs stopped overlapping: a piece that lay over the other no longer does."""
        if not self._stacks or arbiter.is_removal:  # not a shape leaving the space
            return
        shape_a, shape_b = arbiter.shapes
        a = self._disc_of_shape.get(shape_a)
        b = self._disc_of_shape.get(shape_b)
        if a is not None and b is not None and self._stacked(a, b):
            self._stacks.pop(a, None)
            self._stacks.pop(b, None)

    def _on_knock(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        shape_a, shape_b = arbiter.shapes
        a = self._disc_of_shape[shape_a]
        b = self._disc_of_shape[shape_b]
        if self._stacks and self._stacked(a, b):
            arbiter.process_collision = False  # one lies over the other: they never collide
            return
        for disc in (a, b):
            if len(self._parts[disc]) == 2:  # no friction joints yet: after this step
                self._to_attach.add(disc)
        body_a, body_b = shape_a.body, shape_b.body
        assert body_a is not None and body_b is not None  # disc shapes always have a body
        n = arbiter.normal
        dv = body_b.velocity - body_a.velocity
        speed = abs(dv.x * n.x + dv.y * n.y)
        if speed <= self.config.rest_speed:
            return  # discs that merely touch at rest
        self._knocks += 1
        if not self.record_knocks:
            return
        mid = (body_a.position + body_b.position) * 0.5
        make_a, make_b = self.body(a), self.body(b)
        # the normal impulse of the bounce: (1 + e) times the pair's reduced mass times v_n
        if make_a is make_b:
            e, reduced = make_a.restitution, 0.5 * make_a.mass
        else:
            e = math.sqrt(make_a.restitution * make_b.restitution)
            reduced = make_a.mass * make_b.mass / (make_a.mass + make_b.mass)
        impulse = (1.0 + e) * reduced * speed
        self._events.append(Knock(a, b, mid.x, mid.y, impulse, speed, self.shot_time))

    def _step_shot(self) -> bool:
        """Advance the running shot one step; False once it has ended."""
        space = self._space
        assert space is not None
        cfg = self.config
        space.step(cfg.dt)
        self._steps += 1
        if self._to_attach:
            for disc in sorted(self._to_attach, key=disc_sort_key):
                self._attach_friction(disc, missed_step=True)
            self._to_attach.clear()
        if self._watch:
            self._check_falls()
        if self._steps % cfg.rest_check_steps == 0:
            if all(b.kinetic_energy <= limit for b, limit in self._calm):
                self._calm_steps += cfg.rest_check_steps
                if self._calm_steps >= self._calm_limit:
                    self._finish(timed_out=False)
                    return False
            else:
                self._calm_steps = 0
        if self._steps >= self._max_steps:
            self._finish(timed_out=True)
            return False
        return True

    def _check_falls(self) -> None:
        out: list[tuple[float, DiscId]] = []
        for disc in self._watch:
            body = self._bodies[disc]
            p = body.position
            x0, y0, x1, y1 = self.field(disc[0])
            beyond = max(x0 - p.x, p.x - x1, y0 - p.y, p.y - y1)
            if beyond > 0.0:
                v = body.velocity
                outward = max(-v.x if p.x < x0 else 0.0, v.x if p.x > x1 else 0.0,
                              -v.y if p.y < y0 else 0.0, v.y if p.y > y1 else 0.0)
                # how long ago within this step the centre crossed: earlier falls first
                ago = beyond / outward if outward > 0.0 else math.inf
                out.append((-ago, disc))
        if not out:
            return
        out.sort(key=lambda item: (item[0], disc_sort_key(item[1])))
        space = self._space
        assert space is not None
        for _, disc in out:
            parts = self._parts.pop(disc)
            body = self._bodies[disc]
            p, v = body.position, body.velocity
            fall = Fall(disc, p.x, p.y, v.x, v.y, body.angle, body.angular_velocity,
                        len(self._falls) + 1, self.shot_time)
            self._falls.append(fall)
            self._events.append(fall)
            del self._bodies[disc]
            del self._disc_of_shape[parts[1]]  # type: ignore[arg-type]
            self._calm = [(b, limit) for b, limit in self._calm if b is not body]
            space.remove(*parts)
            self._watch.pop(disc, None)
            if self._stacks:
                self._unstack(disc)

    def _finish(self, *, timed_out: bool) -> None:
        rest: dict[DiscId, tuple[float, float, float]] = {}
        for disc in sorted(self._bodies, key=disc_sort_key):
            body = self._bodies[disc]
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            p = body.position
            rest[disc] = (p.x, p.y, body.angle)
        self._rest = rest
        self._spread_apart()
        striker = self._striker
        assert striker is not None
        result = ShotResult(
            striker=striker,
            fallen=tuple(f.disc for f in self._falls),
            falls=tuple(self._falls),
            striker_stayed=striker in rest,
            positions=tuple((d, x, y) for d, (x, y, _) in self._rest.items()),
            seconds=self._steps * self.config.dt,
            steps=self._steps,
            timed_out=timed_out,
            knocks=self._knocks,
            rocked=self._rocked,
            stacks=self.stacks,
        )
        self.last_result = result
        self._events.append(ShotOver(result))
        steps = self._steps
        self._clear_shot()
        self._steps = steps  # shot_time keeps telling how long the last shot took


@dataclass(frozen=True, slots=True)
class ShotTrace:
    """A shot played again from where it started, with every disc's place over time: what a
    slow replay draws. ``frames[i]`` holds the discs on the board at ``times[i]`` seconds
    into the shot (a disc that fell is in no frame after its fall; its :class:`Fall` says
    where it went over)."""

    action: Action
    start: TableState
    times: tuple[float, ...]
    frames: tuple[tuple[tuple[DiscId, float, float, float], ...], ...]  # (disc, x, y, angle)
    falls: tuple[Fall, ...]
    knocks: tuple[Knock, ...]
    result: ShotResult
    end: TableState

    @property
    def seconds(self) -> float:
        return self.times[-1]

    def path(self, disc: DiscId) -> list[tuple[float, float, float]]:
        """``(time, x, y)`` of ``disc`` at every frame it is on the board, and then where it
        went over the edge if it fell."""
        out = [(t, x, y) for t, frame in zip(self.times, self.frames)
               for d, x, y, _ in frame if d == disc]
        for fall in self.falls:
            if fall.disc == disc:
                out.append((fall.time, fall.x, fall.y))
        return out

    def moved(self) -> tuple[DiscId, ...]:
        """The discs that moved in the shot (their paths are worth drawing)."""
        first = {d: (x, y) for d, x, y, _ in self.frames[0]}
        last = {d: (x, y) for d, x, y, _ in self.frames[-1]}
        return tuple(d for d in first
                     if d not in last or math.hypot(last[d][0] - first[d][0],
                                                    last[d][1] - first[d][1]) > 1e-6)

    def at(self, seconds: float) -> dict[DiscId, tuple[float, float, float]]:
        """Every disc on the board ``seconds`` into the shot, ``(x, y, angle)``, between two
        frames by a straight blend (for a replay drawn at any speed)."""
        times = self.times
        if seconds <= times[0]:
            return {d: (x, y, a) for d, x, y, a in self.frames[0]}
        if seconds >= times[-1]:
            return {d: (x, y, a) for d, x, y, a in self.frames[-1]}
        lo, hi = 0, len(times) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if times[mid] <= seconds:
                lo = mid
            else:
                hi = mid
        share = (seconds - times[lo]) / (times[hi] - times[lo])
        later = {d: (x, y, a) for d, x, y, a in self.frames[hi]}
        out: dict[DiscId, tuple[float, float, float]] = {}
        for d, x, y, a in self.frames[lo]:
            if d in later:
                x2, y2, a2 = later[d]
                out[d] = (x + (x2 - x) * share, y + (y2 - y) * share, a + (a2 - a) * share)
        return out


def random_table(rng: random.Random, *, white: int = 8, black: int = 8,
                 config: TableConfig = DEFAULT_CONFIG, **kwargs: Any) -> Table:
    """Discs scattered at random (not overlapping, centres at least a radius inside the
    board), for tests, the command line and benchmarks."""
    table = Table(config, **kwargs)
    # the widest kind on the table sets the spacing (plain pieces: the table's own size)
    r = max(table.radius((Color.WHITE, 0)), table.radius((Color.BLACK, 0)))
    size = config.size
    gap = 2.0 * r * 1.02
    placed: list[tuple[float, float]] = []
    wanted = [(Color.WHITE, i) for i in range(white)] + [(Color.BLACK, i) for i in range(black)]
    for disc in wanted:
        for _ in range(10_000):
            x, y = rng.uniform(r, size - r), rng.uniform(r, size - r)
            if all(math.hypot(x - px, y - py) >= gap for px, py in placed):
                break
        else:  # pragma: no cover - 16 discs always fit
            raise TableError("could not scatter the discs")
        placed.append((x, y))
        table.place(disc, x, y)
    return table
