"""Placement: the table at rest. Where each disc lies, each side's kind of troops and make,
the swamp, the pieces lying over others (the bayonet fight), and moving touching discs apart
before and after a shot. No pymunk: a shot's world is built from this
(:mod:`physics.space`).

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
"""
from __future__ import annotations

import math
from collections.abc import Mapping

from physics.config import TableConfig, TableError
from physics.reports import DiscState, TableState
from physics.sides import DiscId, Field, SideKey, Sides, check_sides, disc_name, side_order
from physics.troops import DiscBody, Kind, body_of


class Layout:
    """The discs at rest on a table with its two ``sides`` (the near one first), each side's
    kind of troops and swamp. Every check of a placement lives here."""

    def __init__(self, config: TableConfig, sides: Sides) -> None:
        self.config = config
        self.rest: dict[DiscId, tuple[float, float, float]] = {}  # disc -> (x, y, angle)
        self.stacks: dict[DiscId, DiscId] = {}  # the piece on top -> the piece below it
        self.swamp: SideKey | None = None
        self._use_sides(check_sides(sides), (Kind.INFANTRY, Kind.INFANTRY))

    def _use_sides(self, sides: Sides, kinds: tuple[Kind, Kind]) -> None:
        self.sides = sides
        self.sort_key = side_order(sides)
        self.troops: dict[SideKey, Kind] = {sides[0]: kinds[0], sides[1]: kinds[1]}
        self.side_body: dict[SideKey, DiscBody] = {
            c: body_of(t, self.config) for c, t in self.troops.items()}

    # --- the sides: troops and swamp -------------------------------------------------------
    def set_troops(self, troops: Mapping[SideKey, Kind]) -> None:
        """Each side's kind of troops (the sides not named keep theirs)."""
        for color, troop in troops.items():
            if not isinstance(troop, Kind):
                raise TableError(f"not a kind of troops: {troop!r}")
            if color not in self.troops:
                raise TableError(f"not a side of this table: {color!r}")
            self.troops[color] = troop
        self.side_body = {c: body_of(t, self.config) for c, t in self.troops.items()}

    def set_swamp(self, color: SideKey | None) -> None:
        if color is not None and color not in self.troops:
            raise TableError(f"not a side: {color!r}")
        self.swamp = color

    def field(self, color: SideKey) -> Field:
        """Where ``color``'s pieces may stand, ``(x0, y0, x1, y1)``: the board, and the swamp
        strip behind its last line while it stands on its swamp."""
        size = self.config.size
        if self.swamp is color:
            depth = self.config.swamp_depth
            return (0.0, -depth, size, size) if color is self.sides[0] else \
                (0.0, 0.0, size, size + depth)
        return (0.0, 0.0, size, size)

    def body(self, disc: DiscId) -> DiscBody:
        return self.side_body[disc[0]]

    def radius(self, disc: DiscId) -> float:
        return self.side_body[disc[0]].radius

    # --- reading ---------------------------------------------------------------------------
    def discs(self) -> tuple[DiscId, ...]:
        return tuple(sorted(self.rest, key=self.sort_key))

    def position(self, disc: DiscId) -> tuple[float, float]:
        try:
            x, y, _ = self.rest[disc]
        except KeyError:
            raise TableError(f"{disc_name(disc)} is not on the board") from None
        return (x, y)

    def disc_states(self) -> tuple[DiscState, ...]:
        troops, over, rest = self.troops, self.stacks, self.rest
        return tuple(DiscState(d, *rest[d], troop=troops[d[0]], over=over.get(d))
                     for d in self.discs())

    def stacked_pairs(self) -> tuple[tuple[DiscId, DiscId], ...]:
        """The pieces lying partly over others: ``(top, below)`` pairs."""
        return tuple(sorted(self.stacks.items(), key=lambda p: self.sort_key(p[0])))

    def partner(self, disc: DiscId) -> DiscId | None:
        """The piece ``disc`` lies over or under, if any (then it can be pressed)."""
        below = self.stacks.get(disc)
        if below is not None:
            return below
        for top, under in self.stacks.items():
            if under == disc:
                return top
        return None

    def stacked(self, a: DiscId, b: DiscId) -> bool:
        return self.stacks.get(a) == b or self.stacks.get(b) == a

    # --- placing ---------------------------------------------------------------------------
    def _check_spot(self, disc: DiscId, x: float, y: float, angle: float) -> None:
        if not (isinstance(disc, tuple) and len(disc) == 2 and disc[0] in self.troops
                and isinstance(disc[1], int)):
            raise TableError(f"a disc is a (side, index) pair, not {disc!r}")
        values = (x, y, angle)
        if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in values):
            raise TableError(f"not a position: {values!r}")
        x0, y0, x1, y1 = self.field(disc[0])
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            raise TableError(f"({x}, {y}) is off the board")

    def place(self, disc: DiscId, x: float, y: float, angle: float = 0.0) -> None:
        """Put a disc (or move it) at rest with its centre at ``(x, y)``; it may overlap only
        the piece it lies over or under, and moved clear of that piece no longer lies over
        it."""
        self._check_spot(disc, x, y, angle)
        partner = self.partner(disc)
        reach = self.radius(disc)
        for other, (ox, oy, _) in self.rest.items():
            if other == disc:
                continue
            gap = math.hypot(x - ox, y - oy) - reach - self.radius(other)
            if gap < -1e-9 and other != partner:
                raise TableError(f"{disc_name(disc)} would overlap {disc_name(other)}")
            if other == partner and gap >= 0.0:
                self.unstack(disc)
        self.rest[disc] = (float(x), float(y), float(angle))

    def place_over(self, top: DiscId, below: DiscId, angle: float = 0.0) -> None:
        """Lay ``top`` partly over ``below`` (see :meth:`physics.table.Table.place_over`)."""
        if top[0] is below[0]:
            raise TableError("a piece lies over an enemy piece, not its own")
        if below not in self.rest:
            raise TableError(f"{disc_name(below)} is not on the board")
        if self.partner(top) is not None or self.partner(below) is not None:
            raise TableError("a piece lies over one piece at most")
        bx, by, _ = self.rest[below]
        size, inset = self.config.size, self.config.bayonet_inset
        x = min(size - inset, max(inset, bx))
        y = min(size - inset, max(inset, by))
        if (x, y) == (bx, by):  # on the board already: toward the middle
            cx, cy = size / 2.0 - bx, size / 2.0 - by
            length = math.hypot(cx, cy) or 1.0
            step = self.radius(below)
            x, y = bx + cx / length * step, by + cy / length * step
        if math.hypot(x - bx, y - by) >= self.radius(top) + self.radius(below):
            raise TableError(f"{disc_name(top)} would not reach over {disc_name(below)}")
        self.stacks[top] = below
        try:
            self.place(top, x, y, angle)
        except TableError:
            del self.stacks[top]
            raise

    def unstack(self, disc: DiscId) -> None:
        self.stacks.pop(disc, None)
        for top, below in list(self.stacks.items()):
            if below == disc:
                del self.stacks[top]

    def remove(self, disc: DiscId) -> None:
        if self.rest.pop(disc, None) is None:
            raise TableError(f"{disc_name(disc)} is not on the board")
        self.unstack(disc)

    def clear(self) -> None:
        self.rest.clear()
        self.stacks.clear()

    # --- whole positions -------------------------------------------------------------------
    def state(self) -> TableState:
        near, far = self.sides
        return TableState(tuple((d, *self.rest[d]) for d in sorted(self.rest,
                                                                  key=self.sort_key)),
                          (self.troops[near], self.troops[far]), self.swamp,
                          self.stacked_pairs(), self.sides)

    def restore(self, state: TableState) -> None:
        """Every disc where ``state`` has it, with its sides, troops, swamp and stacks (no
        overlap checks)."""
        self.rest = {disc: (float(x), float(y), float(angle))
                     for disc, x, y, angle in state.discs}
        if not {disc[0] for disc in self.rest} <= set(state.sides):
            raise TableError(f"a disc of the state is on neither of its sides {state.sides!r}")
        if state.sides != self.sides:
            self._use_sides(check_sides(state.sides), state.troops)
        elif (self.troops[self.sides[0]], self.troops[self.sides[1]]) != state.troops:
            self.set_troops({self.sides[0]: state.troops[0], self.sides[1]: state.troops[1]})
        self.swamp = state.swamp
        self.stacks = {top: below for top, below in state.stacks
                       if top in self.rest and below in self.rest}

    def copy_from(self, other: Layout) -> None:
        """This layout made the same as ``other`` (both on tables of one config)."""
        self.rest = dict(other.rest)
        self.stacks = dict(other.stacks)
        self.swamp = other.swamp
        if other.sides != self.sides:
            self._use_sides(other.sides, (other.troops[other.sides[0]],
                                          other.troops[other.sides[1]]))
        elif self.troops != other.troops:
            self.set_troops(other.troops)

    def spread_apart(self) -> None:
        """Move resting discs that touch or overlap apart to ``rest_gap`` (each of a pair
        half the way along the line of centres, centres kept inside their fields); a few
        sweeps settle chains and clusters. Discs already that far apart do not move, nor a
        piece lying over another and that piece."""
        cfg = self.config
        order = sorted(self.rest, key=self.sort_key)
        spots = [self.rest[d] for d in order]
        xs = [x for x, _, _ in spots]
        ys = [y for _, y, _ in spots]
        count = len(order)
        radii = [self.radius(d) for d in order]
        fields = [self.field(d[0]) for d in order]
        stacked = {frozenset(pair) for pair in self.stacks.items()}
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
                self.rest[disc] = (xs[k], ys[k], spots[k][2])
