"""The Chapaev table: a pymunk world of discs on an 8x8 board with no walls.

Units: one square is one unit of length, a disc weighs one unit of mass, time is in seconds.
The board is the square ``[0, 8] x [0, 8]``; ``x`` grows from the near side's (White's) left
(column a) and ``y`` from its side (row 1), so the centre of square (column ``c`` 0..7, row
``r`` 1..8) is ``(c + 0.5, r - 0.5)``. The physics in numbers is told in
:mod:`physics.config`; troops, the swamp and the bayonet fight in :mod:`physics.layout`.

The table is composed by role: :mod:`physics.config` (the constants), :mod:`physics.sides`
(the two sides and the discs' names), :mod:`physics.reports` (what it reports),
:mod:`physics.layout` (placement at rest), :mod:`physics.space` (one shot's pymunk world and
its contacts), :mod:`physics.flick` (flick, press and rocking), :mod:`physics.trace` (a shot
recorded over time). :class:`Table` holds them and keeps the one public face; a shot is
deterministic (see :mod:`physics.space`): a table, its copy and a table rebuilt from its
state give bit-identical results.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from physics import flick
from physics.aim import AimPath, aim_path, disc_at
from physics.config import DEFAULT_CONFIG, TableConfig, TableError, square_centre
from physics.layout import Layout
from physics.reports import (Action, DiscState, Press, Shot, ShotResult, TableEvent,
                              TableState)
from physics.sides import DEFAULT_SIDES, DiscId, Field, SideKey, Sides
from physics.space import Pool, ShotSpace
from physics.trace import ShotTrace, record
from physics.troops import DiscBody, Kind


class Table:
    """The Chapaev table. Idle (every disc at rest, positions kept as plain numbers) or in a
    shot (a pymunk space steps at a fixed rate until everything rests).

    The scene calls :meth:`advance` (or :meth:`step`) every update, reads :meth:`disc_states`
    and drains :meth:`events`; a shot planner calls :meth:`simulate` (or :meth:`try_shot`)
    from :meth:`snapshot` positions, hundreds of times a decision. ``sides`` names the two
    sides, the near one first (physics' own :class:`~physics.sides.Side` by default).
    """

    def __init__(self, config: TableConfig = DEFAULT_CONFIG, *,
                 record_knocks: bool = True, troops: Mapping[SideKey, Kind] | None = None,
                 swamp: SideKey | None = None, sides: Sides = DEFAULT_SIDES) -> None:
        self.config = config
        self.record_knocks = record_knocks
        self._layout = Layout(config, sides)
        self._events: list[TableEvent] = []
        self._pending = 0.0  # fractions of a step not yet run by advance()
        self.time = 0.0  # simulated seconds the table has lived
        self.last_result: ShotResult | None = None
        self._shot: ShotSpace | None = None
        self._last_steps = 0  # steps of the last shot, once it is over
        self._pool: Pool = {}
        self._scratch: dict[int, Table] = {}  # for simulate(), by step rate
        self._layout.set_troops(troops or {})
        self._layout.set_swamp(swamp)

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
        near, far = kwargs.get("sides", DEFAULT_SIDES)
        squares = {(near, i): (i, white_row) for i in range(white_count)}
        squares.update({(far, i): (i, black_row) for i in range(black_count)})
        return cls.from_squares(squares, config, **kwargs)

    @classmethod
    def from_state(cls, state: TableState, config: TableConfig = DEFAULT_CONFIG,
                   **kwargs: Any) -> Table:
        table = cls(config, sides=state.sides, **kwargs)
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
        self._layout.clear()

    def set_troops(self, troops: Mapping[SideKey, Kind]) -> None:
        """Each side's kind of troops (the sides not named keep theirs)."""
        self._require_idle("change the troops")
        self._layout.set_troops(troops)

    def set_swamp(self, color: SideKey | None) -> None:
        """The side whose swamp (the wide board's rim behind its last line) is part of its
        table, or None. Pieces already on the board must stay inside their fields."""
        self._require_idle("change the swamp")
        self._layout.set_swamp(color)

    def place(self, disc: DiscId, x: float, y: float, angle: float = 0.0) -> None:
        """Put a disc (or move it) at rest with its centre at ``(x, y)`` on the board (or on
        its swamp). It may overlap only the piece it lies over or under (the bayonet fight);
        moved clear of that piece, it no longer lies over it."""
        self._require_idle("place a disc")
        self._layout.place(disc, x, y, angle)

    def place_over(self, top: DiscId, below: DiscId, angle: float = 0.0) -> None:
        """Lay ``top`` partly over ``below`` (the bayonet fight's placement): its centre
        straight in from ``below`` toward the board, ``bayonet_inset`` inside the board's edge
        (or, for a piece already on the board, a half diameter in from it toward the middle)."""
        self._require_idle("place a disc")
        self._layout.place_over(top, below, angle)

    def remove(self, disc: DiscId) -> None:
        self._require_idle("remove a disc")
        self._layout.remove(disc)

    def state(self) -> TableState:
        """The resting position, to rebuild an identical table from."""
        self._require_idle("take a snapshot")
        return self._layout.state()

    def snapshot(self) -> TableState:
        """The resting position, to :meth:`restore` or :meth:`simulate` from later."""
        return self.state()

    def restore(self, state: TableState) -> None:
        """Put every disc back where ``state`` has it (the discs not in it leave the board),
        with its sides, troops, swamp and stacks. The position is taken as it is: no overlap
        checks."""
        self._require_idle("restore a position")
        self._layout.restore(state)

    def copy(self, *, record_knocks: bool | None = None) -> Table:
        """An independent table at the same resting position (cheap: no pymunk objects are
        made until it shoots). Only an idle table can be copied exactly."""
        self._require_idle("copy the table")
        table = Table(self.config,
                      record_knocks=self.record_knocks if record_knocks is None
                      else record_knocks, sides=self._layout.sides)
        table._layout.copy_from(self._layout)
        return table

    # --- reading ---------------------------------------------------------------------------
    @property
    def is_at_rest(self) -> bool:
        """No shot is running (every disc is still)."""
        return self._shot is None

    @property
    def sides(self) -> Sides:
        """The near side, the far side."""
        return self._layout.sides

    @property
    def troops(self) -> dict[SideKey, Kind]:
        """Each side's kind of troops."""
        return dict(self._layout.troops)

    def troop(self, color: SideKey) -> Kind:
        return self._layout.troops[color]

    @property
    def swamp(self) -> SideKey | None:
        """The side whose swamp is part of the table, if any."""
        return self._layout.swamp

    def body(self, disc: DiscId) -> DiscBody:
        """The physical make of ``disc`` (its side's kind of troops)."""
        return self._layout.body(disc)

    def radius(self, disc: DiscId) -> float:
        return self._layout.radius(disc)

    def field(self, color: SideKey) -> Field:
        """Where ``color``'s pieces may stand, ``(x0, y0, x1, y1)``: the board, and the swamp
        strip behind its last line while it stands on its swamp."""
        return self._layout.field(color)

    @property
    def stacks(self) -> tuple[tuple[DiscId, DiscId], ...]:
        """The pieces lying partly over others: ``(top, below)`` pairs."""
        return self._layout.stacked_pairs()

    def partner(self, disc: DiscId) -> DiscId | None:
        """The piece ``disc`` lies over or under, if any (then it can be pressed)."""
        return self._layout.partner(disc)

    def lies_over(self, disc: DiscId) -> DiscId | None:
        """The piece ``disc`` lies partly over, if any."""
        return self._layout.stacks.get(disc)

    @property
    def discs(self) -> tuple[DiscId, ...]:
        """The discs on the board, the near side's first."""
        return self._now().discs()

    def discs_of(self, color: SideKey) -> tuple[DiscId, ...]:
        return tuple(d for d in self.discs if d[0] is color)

    def __contains__(self, disc: object) -> bool:
        return disc in (self._layout.rest if self._shot is None else self._shot.bodies)

    def position(self, disc: DiscId) -> tuple[float, float]:
        return self._now().position(disc)

    def positions(self) -> dict[DiscId, tuple[float, float]]:
        return {d: self.position(d) for d in self.discs}

    def disc_states(self) -> tuple[DiscState, ...]:
        """Every disc on the board with position, angle, velocity and kind, for drawing."""
        return self._now().disc_states()

    def _now(self) -> Layout | ShotSpace:
        """Where the discs are now: at rest, or moving in a shot."""
        return self._layout if self._shot is None else self._shot

    def disc_at(self, x: float, y: float, slack: float = 0.0) -> DiscId | None:
        """The disc covering the point (for picking with the pointer), if any: the nearest
        centre within its radius plus ``slack`` squares (a forgiving rim for the mouse); a
        piece lying over another is picked before the one below."""
        return disc_at(self.positions(), self.radius, self._layout.stacks, x, y, slack)

    def aim_path(self, disc: DiscId, direction: tuple[float, float],
                 strength: float, start: tuple[float, float] | None = None) -> AimPath:
        """Where ``disc`` shot along ``direction`` with ``strength`` would go, up to its
        first contact with another disc or the edge (geometry only; see
        :func:`physics.aim.aim_path`). ``start`` overrides the disc's own position."""
        here = self.position(disc) if start is None else start
        partner = self.partner(disc)
        others = [(d, x, y) for d, (x, y) in self.positions().items()
                  if d != disc and d != partner]
        radii = {d: self.radius(d) for d in self.discs}
        return aim_path(here, direction, strength, others, self.config,
                        body=self.body(disc), radii=radii, field=self.field(disc[0]))

    def events(self) -> list[TableEvent]:
        """Knocks, falls and the end of the shot since the last call, oldest first."""
        out = list(self._events)
        self._events.clear()
        return out

    @property
    def shot_steps(self) -> int:
        """Steps simulated in the running (or last) shot."""
        return self._last_steps if self._shot is None else self._shot.steps

    @property
    def shot_time(self) -> float:
        """Seconds simulated in the running (or last) shot."""
        return self.shot_steps * self.config.dt

    # --- shooting --------------------------------------------------------------------------
    def _begin(self) -> ShotSpace:
        """Move touching discs apart and build the shot's pymunk world."""
        self._layout.spread_apart()
        self._shot = ShotSpace(self._layout, self._pool, self._events, self.record_knocks)
        return self._shot

    def shoot(self, disc: DiscId, direction: tuple[float, float], strength: float) -> None:
        """Flick ``disc`` toward ``direction`` with ``strength`` in [0, 1] (1 = the maximum).
        The discs then move as :meth:`step` / :meth:`advance` are called."""
        self._require_idle("shoot")
        flick.flick(self._layout, self._begin, disc, direction, strength)

    def press(self, disc: DiscId, strength: float) -> None:
        """Press on ``disc``, which lies over (or under) an enemy piece, with ``strength`` in
        [0, 1] (see :func:`physics.flick.press`: past ``press_threshold`` the board rocks)."""
        self._require_idle("press")
        flick.press(self._layout, self._begin, disc, strength)

    def press_needed(self, disc: DiscId) -> float | None:
        """The least strength of a press on ``disc`` that carries the piece it lies over (or
        under) past the edge of that piece's field: enough to push it off, as it slides
        alone (pieces in its way are not counted). None when ``disc`` lies over no piece and
        under none, or when no press can (the other piece is squeezed toward the far side of
        the board, as an attacker pressed from below is)."""
        return flick.press_needed(self._layout, disc, self.position)

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

    # --- simulation --------------------------------------------------------------------------
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
            scratch = self._scratch[rate] = Table(config, record_knocks=False,
                                                  sides=self.sides)
        if state is None:
            self._require_idle("try a shot")
            scratch._layout.copy_from(self._layout)
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
        start = self.state() if state is None else state
        table = Table(self.config, sides=start.sides)
        table.restore(start)
        return record(table, action, every)

    def run_to_rest(self) -> ShotResult:
        """Step the running shot until it ends; its result."""
        if self._shot is None:
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
        if self._shot is not None:
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

    def _step_shot(self) -> bool:
        """Advance the running shot one step; False once it has ended."""
        shot = self._shot
        assert shot is not None
        if shot.step():
            return True
        self.last_result = shot.result
        self._last_steps = shot.steps  # shot_time keeps telling how long the last shot took
        shot.release()
        self._shot = None
        return False

    def _require_idle(self, what: str) -> None:
        if self._shot is not None:
            raise TableError(f"cannot {what} while the discs are moving")

