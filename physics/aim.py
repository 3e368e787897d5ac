"""The aim line: where a shot's striker would go, from the table's geometry alone (no
physics run), for the aiming help and for a shot planner's quick screening.

Pure functions of positions and a :class:`~physics.table.TableConfig`; the view only draws
what these return.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from physics.table import DiscId, TableConfig


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


def stopping_distance(strength: float, config: TableConfig) -> float:
    """How far a lone disc shot with ``strength`` slides before friction stops it."""
    return config.stopping_distance(config.speed_for(strength))


def first_contact(start: tuple[float, float], direction: tuple[float, float],
                  others: Iterable[tuple[DiscId, float, float]], config: TableConfig,
                  reach: float = math.inf) -> tuple[float, DiscId | None]:
    """How far a disc at ``start`` moving along ``direction`` travels before it touches one
    of ``others`` (``(disc, x, y)``), and which; ``(reach, None)`` if none is that close.
    A disc already touching ahead is struck at once (distance 0)."""
    ux, uy = _unit(direction)
    x0, y0 = start
    best, hit = reach, None
    contact = config.disc_diameter
    for disc, qx, qy in others:
        # |p + t u - q| = 2r, the first root with t >= 0
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
                  config: TableConfig) -> float:
    """How far along ``direction`` the centre at ``start`` crosses the board's edge."""
    ux, uy = _unit(direction)
    size = config.size
    edge = math.inf
    for p, u in ((start[0], ux), (start[1], uy)):
        if u > 1e-12:
            edge = min(edge, (size - p) / u)
        elif u < -1e-12:
            edge = min(edge, -p / u)
    return max(0.0, edge)


def aim_path(start: tuple[float, float], direction: tuple[float, float], strength: float,
             others: Iterable[tuple[DiscId, float, float]], config: TableConfig) -> AimPath:
    """The striker's straight path up to its first contact: a disc, the edge (it would fall)
    or where it would stop."""
    ux, uy = _unit(direction)
    x0, y0 = start
    best, hit = first_contact(start, (ux, uy), others, config,
                              stopping_distance(strength, config))
    leaves = False
    edge = edge_distance(start, (ux, uy), config)
    if edge < best:
        best, hit, leaves = edge, None, True
    return AimPath(start, (x0 + ux * best, y0 + uy * best), hit, leaves)


def _unit(direction: tuple[float, float]) -> tuple[float, float]:
    dx, dy = float(direction[0]), float(direction[1])
    length = math.hypot(dx, dy)
    if not (math.isfinite(length) and length > 0.0):
        raise ValueError(f"an aim needs a direction, not {direction!r}")
    return (dx / length, dy / length)
