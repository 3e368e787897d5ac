"""A piece going over the edge keeps its speed while it tips and drops (the view's falling
piece follows the exit velocity the table reports). Imports the view, so pygame, but needs
no display."""
from __future__ import annotations

import math

import pytest

from physics import Side
from game.ui.chapaev_view import FALL_SECONDS, FallingDisc
from physics import DEFAULT_CONFIG as CFG
from physics import Fall, Table

W = Side.WHITE


def _fall_of(x: float, y: float, direction: tuple[float, float], strength: float) -> Fall:
    table = Table()
    table.place((W, 0), x, y)
    result = table.simulate_shot((W, 0), direction, strength)
    assert len(result.falls) == 1
    return result.falls[0]


def _speed(fall: FallingDisc, age: float, dt: float = 1 / 120) -> float:
    (x0, y0), (x1, y1) = fall.where(age), fall.where(age + dt)
    return math.hypot(x1 - x0, y1 - y0) / dt


def test_a_fast_piece_does_not_brake_at_the_edge() -> None:
    fall = _fall_of(4.5, 6.5, (0, 1), 1.0)
    exit_speed = math.hypot(fall.vx, fall.vy)
    assert exit_speed > 25  # leaves at most of its 34 squares/s
    piece = FallingDisc(fall.disc, fall.x, fall.y, fall.vx, fall.vy)
    # the first frames off the board move as fast as the last frames on it
    assert _speed(piece, 0.0) == pytest.approx(exit_speed, rel=0.02)
    for age in (0.1, 0.25, FALL_SECONDS - 0.02):
        assert _speed(piece, age) >= exit_speed * 0.98
    x, y = piece.where(FALL_SECONDS)
    assert y - fall.y >= exit_speed * FALL_SECONDS  # it flew on, well clear of the board
    assert x == pytest.approx(fall.x, abs=1e-9)


def test_a_creeping_piece_still_tips_outward_over_the_rim() -> None:
    # from 0.05 inside the right edge, a tap that slides 0.06: over by a hundredth
    speed = math.sqrt(2 * CFG.friction_decel * 0.06)
    fall = _fall_of(7.95, 4.5, (1, 0), (speed / CFG.max_speed) ** (1 / CFG.strength_exponent))
    assert math.hypot(fall.vx, fall.vy) < 1.5
    piece = FallingDisc(fall.disc, fall.x, fall.y, fall.vx, fall.vy)
    start, end = piece.where(0.0), piece.where(FALL_SECONDS)
    assert start == (fall.x, fall.y)
    assert end[0] - start[0] > 0.3  # visibly goes over, away from the board
    assert end[1] == pytest.approx(start[1])
