"""The aim line: where a shot's striker would go, from the table's geometry alone (no
physics run), for the aiming help and for a shot planner's quick screening.

Pure functions of positions and a :class:`~physics.table.TableConfig`; the view only draws
what these return.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from physics.config import TableConfig
    from physics.sides import DiscId, Field
    from physics.troops import DiscBody


@dataclass(frozen=True, slots=True)
class AimPath:
    """Where the striker would go: a straight line to its first contact (a disc, the edge) or
    to where friction alone would stop it."""

    start: tuple[float, float]
    end: tuple[float, float]
    hits: DiscId | None  # the first disc it would strike
    leaves_board: bool  # its centre would cross the edge first: it would fall

    @property
    def length(self) -> float:
        return math.hypot(self.end[0] - self.start[0], self.end[1] - self.start[1])


def stopping_distance(strength: float, config: TableConfig,
                      body: DiscBody | None = None) -> float:
    """How far a lone disc (a plain piece, or ``body``) shot with ``strength`` slides before
    friction stops it."""
    if body is None:
        return config.stopping_distance(config.speed_for(strength))
    return body.stopping_distance(body.speed_for(strength, config.strength_exponent))


def first_contact(start: tuple[float, float], direction: tuple[float, float],
                  others: Iterable[tuple[DiscId, float, float]], config: TableConfig,
                  reach: float = math.inf, *, radius: float | None = None,
                  radii: Mapping[DiscId, float] | None = None) -> tuple[float, DiscId | None]:
    """How far a disc at ``start`` moving along ``direction`` travels before it touches one
    of ``others`` (``(disc, x, y)``), and which; ``(reach, None)`` if none is that close.
    A disc already touching ahead is struck at once (distance 0). ``radius`` is the moving
    disc's and ``radii`` the others' (a plain piece's where not given)."""
    ux, uy = _unit(direction)
    x0, y0 = start
    best, hit = reach, None
    own = config.radius if radius is None else radius
    plain = config.disc_diameter if radius is None else own + config.radius
    for disc, qx, qy in others:
        contact = plain if radii is None or disc not in radii else own + radii[disc]
        # |p + t u - q| = r1 + r2, the first root with t >= 0
        fx, fy = x0 - qx, y0 - qy
        b = fx * ux + fy * uy
        c = fx * fx + fy * fy - contact * contact
        if c <= 0.0:  # touching (or overlapping) already: struck now if it lies ahead
            t = 0.0 if b < 0.0 else math.inf
        else:
            disc_sq = b * b - c
            if disc_sq < 0.0 or b >= 0.0:
                continue  # passes beside it, or it lies behind
            t = -b - math.sqrt(disc_sq)
        if t < best:
            best, hit = t, disc
    return best, hit


def edge_distance(start: tuple[float, float], direction: tuple[float, float],
                  config: TableConfig, field: Field | None = None) -> float:
    """How far along ``direction`` the centre at ``start`` crosses the board's edge (or the
    edge of ``field``, ``(x0, y0, x1, y1)``: a side's board with its swamp)."""
    ux, uy = _unit(direction)
    size = config.size
    x0, y0, x1, y1 = (0.0, 0.0, size, size) if field is None else field
    edge = math.inf
    for p, u, low, high in ((start[0], ux, x0, x1), (start[1], uy, y0, y1)):
        if u > 1e-12:
            edge = min(edge, (high - p) / u)
        elif u < -1e-12:
            edge = min(edge, (low - p) / u)
    return max(0.0, edge)


def aim_path(start: tuple[float, float], direction: tuple[float, float], strength: float,
             others: Iterable[tuple[DiscId, float, float]], config: TableConfig, *,
             body: DiscBody | None = None, radii: Mapping[DiscId, float] | None = None,
             field: Field | None = None) -> AimPath:
    """The striker's straight path up to its first contact: a disc, the edge (it would fall)
    or where it would stop. ``body`` is the striker's make, ``radii`` the others' sizes and
    ``field`` where the striker stands (plain pieces on the board where not given)."""
    ux, uy = _unit(direction)
    x0, y0 = start
    best, hit = first_contact(start, (ux, uy), others, config,
                              stopping_distance(strength, config, body),
                              radius=None if body is None else body.radius, radii=radii)
    leaves = False
    edge = edge_distance(start, (ux, uy), config, field)
    if edge < best:
        best, hit, leaves = edge, None, True
    return AimPath(start, (x0 + ux * best, y0 + uy * best), hit, leaves)


def _unit(direction: tuple[float, float]) -> tuple[float, float]:
    dx, dy = float(direction[0]), float(direction[1])
    length = math.hypot(dx, dy)
    if not (math.isfinite(length) and length > 0.0):
        raise ValueError(f"an aim needs a direction, not {direction!r}")
    return (dx / length, dy / length)


def disc_at(positions: Mapping[DiscId, tuple[float, float]],
            radius: Callable[[DiscId], float], over: Mapping[DiscId, DiscId],
            x: float, y: float, slack: float = 0.0) -> DiscId | None:
    """The disc covering the point ``(x, y)``: the nearest centre within its radius plus
    ``slack``; a piece lying over another (a key of ``over``) before the one below."""
    best: tuple[int, float, DiscId] | None = None
    for d, (dx, dy) in positions.items():
        dist = math.hypot(x - dx, y - dy)
        if dist <= radius(d) + slack:
            key = (0 if d in over else 1, dist, d)
            if best is None or key[:2] < best[:2]:
                best = key
    return None if best is None else best[2]
