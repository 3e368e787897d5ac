"""Falling off near the corners: a disc over the edge always falls, wherever it crosses."""
from __future__ import annotations

import math

import pytest

from physics import Side
from physics import Table
from physics.bench import fuzz_shots

W = Side.WHITE


def test_a_disc_sliding_along_a_corner_and_over_the_edge_falls() -> None:
    # It starts touching the left and the bottom zone, leaves the left one first and
    # crosses the bottom edge: it must fall then, not rest off the board.
    table = Table()
    table.place((W, 0), 0.0, 0.045)
    result = table.simulate_shot((W, 0), (1.0, -0.05), 0.2)
    assert result.fallen == ((W, 0),)
    fall = result.falls[0]
    assert fall.y < 0.0 and fall.y > -0.05  # the step it crossed
    assert table.discs == ()


@pytest.mark.parametrize("corner", [(0.0, 0.0), (8.0, 0.0), (0.0, 8.0), (8.0, 8.0)])
def test_from_every_corner_a_slide_along_the_edge_then_out_falls(
        corner: tuple[float, float]) -> None:
    cx, cy = corner
    sx, sy = (1.0 if cx == 0.0 else -1.0), (1.0 if cy == 0.0 else -1.0)
    table = Table()
    table.place((W, 0), cx + sx * 0.01, cy + sy * 0.045)
    # mostly along the x edge, drifting out over the y edge
    result = table.simulate_shot((W, 0), (sx * 1.0, -sy * 0.05), 0.2)
    assert result.fallen == ((W, 0),)


def test_random_shots_near_edges_never_leave_a_disc_resting_off_the_board() -> None:
    report = fuzz_shots(160, seed=2)
    assert report.falls > 50  # the shots do reach the edges
    assert report.resting_off == 0, report.line()
    assert report.late_falls == 0, report.line()
    assert report.worst_off == 0.0
