"""What the table reports and keeps: knocks, falls, a shot's result, the actions (a flick, a
press), a disc as drawn and a table at rest. Plain values, no pymunk."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from physics.sides import DEFAULT_SIDES, DiscId, SideKey, Sides
from physics.troops import Kind


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

    def fallen_of(self, color: SideKey) -> tuple[DiscId, ...]:
        return tuple(d for d in self.fallen if d[0] is color)

    def position(self, disc: DiscId) -> tuple[float, float] | None:
        for d, x, y in self.positions:
            if d == disc:
                return (x, y)
        return None


@dataclass(frozen=True, slots=True)
class Shot:
    """A flick: the disc, the direction (any length), the strength in [0, 1], as played
    (the hand's error in them: what is simulated, recorded and sent). ``aim`` is the pull
    the hand meant (direction x, y and strength) when it is known; the table never reads
    it."""

    disc: DiscId
    direction: tuple[float, float]
    strength: float
    aim: tuple[float, float, float] | None = None


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
    troop: Kind = Kind.INFANTRY
    over: DiscId | None = None  # the piece this one lies partly over (the bayonet fight)

    @property
    def color(self) -> SideKey:
        return self.disc[0]


@dataclass(frozen=True, slots=True)
class TableState:
    """A table at rest: the discs on the board with their positions and angles, each side's
    kind of troops, the side whose swamp is part of the table, the pieces lying over others."""

    discs: tuple[tuple[DiscId, float, float, float], ...]  # (disc, x, y, angle)
    troops: tuple[Kind, Kind] = (Kind.INFANTRY, Kind.INFANTRY)  # the near side's, the far's
    swamp: SideKey | None = None
    stacks: tuple[tuple[DiscId, DiscId], ...] = ()  # (the piece on top, the piece below)
    sides: Sides = DEFAULT_SIDES  # the near side, the far side

    def troop(self, color: SideKey) -> Kind:
        return self.troops[0 if color is self.sides[0] else 1]
