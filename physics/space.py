"""Space and contacts: one shot's pymunk world. Built from the table at rest (the discs added
in a fixed order, each side's pooled bodies reused, the joints made new), stepped at the fixed
rate; it reports knocks and falls, watches for rest, and on the last step leaves the discs at
rest in the :class:`~physics.layout.Layout` again.

Determinism: every shot starts from a freshly built pymunk space, the discs (each table's
bodies and shapes are made once and reused, the joints made new) added in a fixed order
from their resting positions, with nothing left of their last shot (:func:`forget_bias`).
So a table and its copy (or a table rebuilt from its state) give bit-identical results for
the same shot, however either got to its position.
"""
from __future__ import annotations

import math

import pymunk

from physics.layout import Layout
from physics.config import TableError
from physics.reports import DiscState, Fall, Knock, ShotOver, ShotResult, TableEvent
from physics.sides import DiscId, Field, SideKey, disc_name
from physics.troops import Kind

_DISC = 1  # collision types
_EDGE = 2
_BIG = 1000.0  # reach of the off-board sensor zones
_NEAR_BIT, _FAR_BIT = 1, 2  # shape filter categories: a side's discs
_ZONE_BIT = 4  # an off-board zone, felt only by the discs of the sides it is the edge of

Pool = dict[tuple[DiscId, Kind], tuple[pymunk.Body, pymunk.Circle]]
"""Each disc's pymunk body and shape, made once per kind of troops and moved into every
shot's fresh space (constraints are made new: they carry impulses from their last step).
A pooled body keeps one thing of its last shot that its position and velocity do not say:
see :func:`forget_bias`."""


def forget_bias(body: pymunk.Body) -> None:
    """Clear what Chipmunk's solver left in ``body`` of its last step in a space.

    Besides its velocity a Chipmunk body has a bias velocity (``v_bias``, ``w_bias``): the
    solver's push apart of overlapping shapes, applied and cleared by the next position
    step. A disc pressed into another on the last step of a shot keeps it, and a pooled
    body carried it into the next shot's first step: nudged a hair where a table rebuilt
    from the same state (new bodies, none) was not, it came to rest elsewhere (about one
    shot in a thousand, a tenth of a millionth of a square apart). pymunk does not show the
    field; its position step over no time moves nothing and clears it."""
    pymunk.Body.update_position(body, 0.0)


class ShotSpace:
    """The pymunk world of one running shot (a flick or a press) over ``layout``."""

    def __init__(self, layout: Layout, pool: Pool, events: list[TableEvent],
                 record_knocks: bool) -> None:
        cfg = self.config = layout.config
        self.layout = layout
        self._events = events
        self._record_knocks = record_knocks
        self.bodies: dict[DiscId, pymunk.Body] = {}
        # what each disc has in the space: its body and shape, then its friction joints once
        # it has moved (a disc that never moves needs none: see attach_friction)
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
        self.striker: DiscId | None = None
        self.steps = 0
        self._calm_steps = 0
        self._knocks = 0
        self.rocked = False
        self.result: ShotResult | None = None
        space = self.space = pymunk.Space()
        space.iterations = cfg.solver_iterations
        space.collision_slop = cfg.collision_slop
        static = space.static_body
        # Sensor zones outside each side's field: a disc touches one once its centre is
        # within fall_margin of the edge (the smallest piece; bigger ones a little sooner);
        # from then on its centre is tested exactly every step.
        present = {d[0] for d in layout.rest}
        smallest = min((layout.side_body[c].radius for c in present), default=cfg.radius)
        inner = cfg.fall_margin - smallest
        by_field: dict[Field, int] = {}
        side_bit: dict[SideKey, int] = {layout.sides[0]: _NEAR_BIT, layout.sides[1]: _FAR_BIT}
        self._side_bit = side_bit
        for color in layout.sides:
            if color in present:
                spot = layout.field(color)
                by_field[spot] = by_field.get(spot, 0) | side_bit[color]
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
        rest_speed = cfg.rest_speed
        for disc in sorted(layout.rest, key=layout.sort_key):
            x, y, angle = layout.rest[disc]
            key = (disc, layout.troops[disc[0]])
            parts = pool.get(key)
            if parts is None:
                parts = pool[key] = self._make_disc(disc)
            body, shape = parts
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            forget_bias(body)
            body.position = (x, y)
            body.angle = angle
            space.add(body, shape)
            self.bodies[disc] = body
            self._parts[disc] = (body, shape)
            self._disc_of_shape[shape] = disc
            self._calm.append((body, 0.5 * body.mass * rest_speed ** 2))
        space.on_collision(_DISC, _DISC, begin=self._on_knock, separate=self._on_part,
                           pre_solve=self._on_press if cfg.restitution_falloff else None)
        space.on_collision(_DISC, _EDGE, begin=self._on_edge, separate=self._on_leave_edge)
        self._calm_limit = max(1, math.ceil(cfg.rest_time * cfg.step_hz - 1e-9))
        self._max_steps = max(1, math.ceil(cfg.time_out * cfg.step_hz - 1e-9))

    def release(self) -> None:
        """Take the pooled bodies and shapes out of this space for the next shot's."""
        for parts in self._parts.values():
            self.space.remove(*parts)

    def discs(self) -> tuple[DiscId, ...]:
        return tuple(sorted(self.bodies, key=self.layout.sort_key))

    def position(self, disc: DiscId) -> tuple[float, float]:
        try:
            p = self.bodies[disc].position
        except KeyError:
            raise TableError(f"{disc_name(disc)} is not on the board") from None
        return (p.x, p.y)

    def disc_states(self) -> tuple[DiscState, ...]:
        troops, over = self.layout.troops, self.layout.stacks
        out = []
        for d in self.discs():
            b = self.bodies[d]
            p, v = b.position, b.velocity
            out.append(DiscState(d, p.x, p.y, b.angle, v.x, v.y, b.angular_velocity,
                                 troops[d[0]], over.get(d)))
        return tuple(out)

    @property
    def shot_time(self) -> float:
        return self.steps * self.config.dt

    def has_friction(self, disc: DiscId) -> bool:
        return len(self._parts[disc]) != 2

    def attach_friction(self, disc: DiscId, *, missed_step: bool = False) -> None:
        """Give a disc its table friction: a pivot and a gear joint to the static body
        with no bias, whose force limit is the Coulomb friction (pymunk's tank example).

        Only discs that move need them, and the joints are most of a step's cost, so a shot
        starts with the striker's alone and a disc gets its own after the step in which it
        first touches another (no disc starts a shot touching one: see rest_gap). For that
        one step it slid free, so (``missed_step``) the step's friction is taken off its
        speed and spin then, as the joints would have done."""
        space = self.space
        cfg = self.config
        body = self.bodies[disc]
        make = self.layout.body(disc)
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
        make = self.layout.body(disc)
        body = pymunk.Body(make.mass, pymunk.moment_for_circle(make.mass, 0.0, make.radius))
        shape = pymunk.Circle(body, make.radius)
        shape.elasticity = math.sqrt(make.restitution)
        shape.friction = math.sqrt(self.config.disc_friction)
        shape.collision_type = _DISC
        shape.filter = pymunk.ShapeFilter(categories=self._side_bit[disc[0]])
        return (body, shape)

    # --- contacts ----------------------------------------------------------------------------
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

    def _on_part(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Two discs stopped overlapping: a piece that lay over the other no longer does."""
        stacks = self.layout.stacks
        if not stacks or arbiter.is_removal:  # not a shape leaving the space
            return
        shape_a, shape_b = arbiter.shapes
        a = self._disc_of_shape.get(shape_a)
        b = self._disc_of_shape.get(shape_b)
        if a is not None and b is not None and self.layout.stacked(a, b):
            stacks.pop(a, None)
            stacks.pop(b, None)

    def _on_press(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Every step two discs touch: their bounce for how hard they meet now (the space
        sets the shapes' product again each step, so this never compounds)."""
        body_a, body_b = arbiter.shapes[0].body, arbiter.shapes[1].body
        assert body_a is not None and body_b is not None
        n = arbiter.normal
        dv = body_a.velocity - body_b.velocity
        approach = dv.x * n.x + dv.y * n.y
        arbiter.restitution = min(1.0, arbiter.restitution * self.config.bounce_share(approach))

    def _on_knock(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        shape_a, shape_b = arbiter.shapes
        a = self._disc_of_shape[shape_a]
        b = self._disc_of_shape[shape_b]
        if self.layout.stacks and self.layout.stacked(a, b):
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
        if not self._record_knocks:
            return
        mid = (body_a.position + body_b.position) * 0.5
        make_a, make_b = self.layout.body(a), self.layout.body(b)
        # the normal impulse of the bounce: (1 + e) times the pair's reduced mass times v_n
        if make_a is make_b:
            e, reduced = make_a.restitution, 0.5 * make_a.mass
        else:
            e = math.sqrt(make_a.restitution * make_b.restitution)
            reduced = make_a.mass * make_b.mass / (make_a.mass + make_b.mass)
        e = min(1.0, e * self.config.bounce_share(speed))
        impulse = (1.0 + e) * reduced * speed
        self._events.append(Knock(a, b, mid.x, mid.y, impulse, speed, self.shot_time))

    # --- stepping ----------------------------------------------------------------------------
    def step(self) -> bool:
        """Advance the shot one step; False once it has ended (then :attr:`result` holds
        how it ended and the layout its discs at rest)."""
        cfg = self.config
        self.space.step(cfg.dt)
        self.steps += 1
        if self._to_attach:
            for disc in sorted(self._to_attach, key=self.layout.sort_key):
                self.attach_friction(disc, missed_step=True)
            self._to_attach.clear()
        if self._watch:
            self._check_falls()
        if self.steps % cfg.rest_check_steps == 0:
            if all(b.kinetic_energy <= limit for b, limit in self._calm):
                self._calm_steps += cfg.rest_check_steps
                if self._calm_steps >= self._calm_limit:
                    self._finish(timed_out=False)
                    return False
            else:
                self._calm_steps = 0
        if self.steps >= self._max_steps:
            self._finish(timed_out=True)
            return False
        return True

    def _check_falls(self) -> None:
        out: list[tuple[float, DiscId]] = []
        for disc in self._watch:
            body = self.bodies[disc]
            p = body.position
            x0, y0, x1, y1 = self.layout.field(disc[0])
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
        sort_key = self.layout.sort_key
        out.sort(key=lambda item: (item[0], sort_key(item[1])))
        space = self.space
        for _, disc in out:
            parts = self._parts.pop(disc)
            body = self.bodies[disc]
            p, v = body.position, body.velocity
            fall = Fall(disc, p.x, p.y, v.x, v.y, body.angle, body.angular_velocity,
                        len(self._falls) + 1, self.shot_time)
            self._falls.append(fall)
            self._events.append(fall)
            del self.bodies[disc]
            del self._disc_of_shape[parts[1]]  # type: ignore[arg-type]
            self._calm = [(b, limit) for b, limit in self._calm if b is not body]
            space.remove(*parts)
            self._watch.pop(disc, None)
            if self.layout.stacks:
                self.layout.unstack(disc)

    def _finish(self, *, timed_out: bool) -> None:
        layout = self.layout
        rest: dict[DiscId, tuple[float, float, float]] = {}
        for disc in sorted(self.bodies, key=layout.sort_key):
            body = self.bodies[disc]
            body.velocity = (0.0, 0.0)
            body.angular_velocity = 0.0
            p = body.position
            rest[disc] = (p.x, p.y, body.angle)
        layout.rest = rest
        layout.spread_apart()
        striker = self.striker
        assert striker is not None
        self.result = ShotResult(
            striker=striker,
            fallen=tuple(f.disc for f in self._falls),
            falls=tuple(self._falls),
            striker_stayed=striker in rest,
            positions=tuple((d, x, y) for d, (x, y, _) in layout.rest.items()),
            seconds=self.steps * self.config.dt,
            steps=self.steps,
            timed_out=timed_out,
            knocks=self._knocks,
            rocked=self.rocked,
            stacks=layout.stacked_pairs(),
        )
        self._events.append(ShotOver(self.result))
