"""The aim line the player sees agrees with what the shot then does."""
from __future__ import annotations

import math

import pytest

from physics import Side
from physics import DEFAULT_CONFIG as CFG
from physics import Knock, Table, aim_path

W, B = Side.WHITE, Side.BLACK


def test_a_free_shot_stops_where_the_aim_line_ends() -> None:
    for strength in (0.1, 0.4, 0.6):
        table = Table()
        table.place((W, 0), 1.5, 1.5)
        path = table.aim_path((W, 0), (1, 1), strength)
        assert path.hits is None and not path.leaves_board
        result = table.simulate_shot((W, 0), (1, 1), strength)
        x, y = result.position((W, 0))  # type: ignore[misc]
        assert math.hypot(x - path.end[0], y - path.end[1]) < 0.05 + 0.01 * path.length


def test_the_aim_line_ends_where_the_striker_first_touches_the_target() -> None:
    table = Table()
    table.place((W, 0), 2.5, 1.5)
    table.place((B, 0), 4.0, 5.5)
    table.place((B, 1), 6.5, 6.5)  # beyond the first target on the same line: not hit first
    direction = (1.5 - 0.5, 4.0)  # aimed a little beside B0's centre: a cut
    path = table.aim_path((W, 0), direction, 0.9)
    assert path.hits == (B, 0) and not path.leaves_board
    table.shoot((W, 0), direction, 0.9)
    while True:
        table.step()
        knocks = [e for e in table.events() if isinstance(e, Knock)]
        if knocks:
            break
    x, y = table.position((W, 0))
    # the contact is found within one step's travel of the predicted point
    assert math.hypot(x - path.end[0], y - path.end[1]) < CFG.max_speed * CFG.dt
    assert math.hypot(path.end[0] - 4.0, path.end[1] - 5.5) == pytest.approx(
        CFG.disc_diameter)


def test_an_aim_over_the_edge_says_it_falls_and_it_does() -> None:
    table = Table()
    table.place((W, 0), 6.5, 3.5)
    path = table.aim_path((W, 0), (1, 0), 0.5)
    assert path.leaves_board and path.hits is None
    assert path.end == pytest.approx((8.0, 3.5))
    assert table.simulate_shot((W, 0), (1, 0), 0.5).fallen == ((W, 0),)
    # too gentle to get there: no fall shown
    short = table_with_one(6.5, 3.5).aim_path((W, 0), (1, 0), 0.15)
    assert not short.leaves_board


def table_with_one(x: float, y: float) -> Table:
    table = Table()
    table.place((W, 0), x, y)
    return table


def test_a_piece_touching_ahead_is_struck_at_once() -> None:
    path = aim_path((3.5, 3.5), (1, 0), 0.5, [((B, 0), 3.5 + CFG.disc_diameter, 3.5)], CFG)
    assert path.hits == (B, 0) and path.length == 0.0
    behind = aim_path((3.5, 3.5), (-1, 0), 0.5, [((B, 0), 3.5 + CFG.disc_diameter, 3.5)],
                      CFG)
    assert behind.hits is None


def test_picking_forgives_a_click_just_beside_the_rim() -> None:
    table = Table.starting()
    just_outside = 0.5 + CFG.radius + 0.03  # 0.03 square right of a1's rim
    assert table.disc_at(just_outside, 0.5) is None
    assert table.disc_at(just_outside, 0.5, slack=0.04) == (W, 0)
    # between two pieces the nearer one wins
    assert table.disc_at(0.95, 0.5, slack=0.2) == (W, 0)
    assert table.disc_at(1.05, 0.5, slack=0.2) == (W, 1)
