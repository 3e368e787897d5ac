"""Flick, press and rocking: how an action starts a shot. A flick sets the striker's speed; a
press (the bayonet fight) squeezes the piece under or over the pressed one away, and a hard
press rocks the board so that every piece slides toward the side pressed."""
from __future__ import annotations

import math
import random
from collections.abc import Callable

from physics.config import TableError
from physics.layout import Layout
from physics.sides import DiscId, disc_name
from physics.space import ShotSpace


def check_strength(strength: float) -> None:
    if not (isinstance(strength, (int, float)) and 0.0 <= strength <= 1.0):
        raise TableError(f"strength must lie in [0, 1], not {strength!r}")


def flick(layout: Layout, begin: Callable[[], ShotSpace], disc: DiscId,
          direction: tuple[float, float], strength: float) -> None:
    """Send ``disc`` off along ``direction`` (any length) at the speed a flick of
    ``strength`` in [0, 1] gives its kind of troops; ``begin`` builds the shot's world."""
    if disc not in layout.rest:
        raise TableError(f"{disc_name(disc)} is not on the board")
    dx, dy = (float(direction[0]), float(direction[1]))
    length = math.hypot(dx, dy)
    if not (math.isfinite(length) and length > 0.0):
        raise TableError(f"a shot needs a direction, not {direction!r}")
    check_strength(strength)
    shot = begin()
    shot.striker = disc
    shot.attach_friction(disc)
    speed = layout.body(disc).speed_for(float(strength), shot.config.strength_exponent)
    shot.bodies[disc].velocity = (speed * dx / length, speed * dy / length)


def press(layout: Layout, begin: Callable[[], ShotSpace], disc: DiscId,
          strength: float) -> None:
    """Press on ``disc``, which lies over (or under) an enemy piece, with ``strength`` in
    [0, 1]: the other piece is squeezed away along the line from ``disc``'s centre to
    its own, at ``press_speed * strength`` for a plain piece (slower for a heavier one:
    over the square root of its mass; ``press_lever`` of that from below), and ``disc``
    slides back ``press_recoil`` of it. Past ``press_threshold`` the board rocks: every
    piece on it slides toward the side pressed (the board's middle to ``disc``), a
    harder press and a lower friction further, each a little differently (how each
    piece sits; a fixed function of the piece and the press, so a press is repeatable)."""
    if disc not in layout.rest:
        raise TableError(f"{disc_name(disc)} is not on the board")
    partner = layout.partner(disc)
    if partner is None:
        raise TableError(f"{disc_name(disc)} lies over no piece and under none")
    check_strength(strength)
    cfg = layout.config
    strength = float(strength)
    px, py, _ = layout.rest[disc]
    qx, qy, _ = layout.rest[partner]
    shot = begin()
    shot.striker = disc
    shot.attach_friction(disc)
    shot.attach_friction(partner)
    dx, dy = qx - px, qy - py
    length = math.hypot(dx, dy)
    if length < 1e-9:  # one right over the other: squeezed out toward its own edge
        dx, dy, length = 0.0, (-1.0 if qy < cfg.size / 2 else 1.0), 1.0
    ux, uy = dx / length, dy / length
    share = 1.0 if layout.stacks.get(disc) == partner else cfg.press_lever
    partner_mass = layout.body(partner).mass / cfg.disc_mass
    squeeze = cfg.press_speed * strength * share / math.sqrt(partner_mass)
    bodies = shot.bodies
    bodies[partner].velocity = (ux * squeeze, uy * squeeze)
    back = squeeze * cfg.press_recoil
    bodies[disc].velocity = (-ux * back, -uy * back)
    shot.rocked = strength > cfg.press_threshold
    if shot.rocked:
        rock(shot, (px, py), strength)


def rock(shot: ShotSpace, pressed: tuple[float, float], strength: float) -> None:
    """The board rocks under a press past the threshold at ``pressed``: every piece slides
    toward that side, a harder press and a lower friction further, each a little
    differently (a fixed function of the piece and the press, so a press is repeatable)."""
    layout, cfg = shot.layout, shot.config
    px, py = pressed
    hard = (strength - cfg.press_threshold) / (1.0 - cfg.press_threshold)
    cx, cy = px - cfg.size / 2.0, py - cfg.size / 2.0
    reach = math.hypot(cx, cy) or 1.0
    down = math.atan2(cy / reach, cx / reach)
    for other in sorted(shot.bodies, key=layout.sort_key):
        jitter = random.Random(f"{disc_name(other)}/{strength!r}")
        slide = (cfg.rock_speed * (0.15 + 0.85 * hard) * (0.5 + jitter.random())
                 * math.sqrt(cfg.friction_decel / layout.body(other).friction_decel))
        turn = down + jitter.uniform(-0.35, 0.35)
        body = shot.bodies[other]
        v = body.velocity
        body.velocity = (v.x + slide * math.cos(turn), v.y + slide * math.sin(turn))
        if not shot.has_friction(other):
            shot.attach_friction(other)


def press_needed(layout: Layout, disc: DiscId,
                 position: Callable[[DiscId], tuple[float, float]]) -> float | None:
    """The least strength of a press on ``disc`` that carries its partner past the edge of
    its field, as it slides alone from where ``position`` has it; None when there is no
    partner or no press can."""
    partner = layout.partner(disc)
    if partner is None:
        return None
    cfg = layout.config
    px, py = position(disc)
    qx, qy = position(partner)
    dx, dy = qx - px, qy - py
    length = math.hypot(dx, dy)
    if length < 1e-9:  # as in press(): squeezed out toward its own edge
        dx, dy, length = 0.0, (-1.0 if qy < cfg.size / 2 else 1.0), 1.0
    ux, uy = dx / length, dy / length
    x0, y0, x1, y1 = layout.field(partner[0])
    room = math.inf  # how far the partner's centre is from its field's edge that way
    for u, q, low, high in ((ux, qx, x0, x1), (uy, qy, y0, y1)):
        if u > 1e-12:
            room = min(room, (high - q) / u)
        elif u < -1e-12:
            room = min(room, (low - q) / u)
    body = layout.body(partner)
    share = 1.0 if layout.stacks.get(disc) == partner else cfg.press_lever
    speed = math.sqrt(2.0 * body.friction_decel * max(0.0, room))  # slides that far
    strength = speed * math.sqrt(body.mass / cfg.disc_mass) / (cfg.press_speed * share)
    return strength if strength <= 1.0 else None
