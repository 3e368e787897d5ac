"""Pieces left touching pass a blow on like a real Newton's cradle, not as one glued block."""
from __future__ import annotations

import math

import pytest

from physics import Side
from physics import DEFAULT_CONFIG as CFG
from physics import Table
from physics.bench import fuzz_shots

W, B = Side.WHITE, Side.BLACK
D = CFG.disc_diameter


@pytest.mark.parametrize("count", [2, 3])
def test_a_touching_row_hit_in_line_sends_only_the_last_piece_away(count: int) -> None:
    table = Table()
    table.place((W, 0), 1.5, 3.5)
    row = [3.5 + i * D for i in range(count)]  # touching: centres exactly a diameter apart
    for i, x in enumerate(row):
        table.place((B, i), x, 3.5)
    strength = 0.5
    result = table.simulate_shot((W, 0), (1, 0), strength)
    # the striker meets the row after sliding 2 - D squares; each contact passes on
    # (1 + e) / 2 of the speed it meets (e falls with that speed), on to the last piece
    v0 = CFG.speed_for(strength)
    passed_on = math.sqrt(v0 ** 2 - 2 * CFG.friction_decel * (2.0 - D))
    for _ in range(count):
        passed_on *= (1 + CFG.restitution * CFG.bounce_share(passed_on)) / 2
    last = result.position((B, count - 1))
    assert last is not None
    assert last[0] - row[-1] == pytest.approx(CFG.stopping_distance(passed_on), rel=0.1)
    for i in range(count - 1):  # the middle pieces barely move
        pos = result.position((B, i))
        assert pos is not None and abs(pos[0] - row[i]) < 0.15
    # a glued block would have shared the blow: the first piece would go as far as the last
    # (wood keeps a little of each blow: the first piece creeps about a seventh as far)
    first = result.position((B, 0))
    assert first is not None and last[0] - row[-1] > 5 * (first[0] - row[0])


def test_shots_never_leave_pieces_touching() -> None:
    report = fuzz_shots(120, seed=9, overlap_tolerance=CFG.rest_gap - 1e-6)
    assert report.overlaps == 0, report.line()
    assert report.closest_pair >= CFG.rest_gap - 1e-6


def test_pieces_apart_by_more_than_the_gap_do_not_move_between_shots() -> None:
    table = Table()
    table.place((W, 0), 1.5, 1.5)
    table.place((W, 1), 1.5 + D + 0.01, 1.5)
    table.place((B, 0), 6.5, 6.5)
    table.simulate_shot((B, 0), (1, 0), 0.05)
    assert table.position((W, 0)) == (1.5, 1.5)
    assert table.position((W, 1)) == (1.5 + D + 0.01, 1.5)


def test_a_touching_pair_is_moved_apart_by_the_gap_only() -> None:
    table = Table()
    table.place((W, 0), 3.5, 3.5)
    table.place((W, 1), 3.5 + D, 3.5)
    table.place((B, 0), 6.5, 6.5)
    table.simulate_shot((B, 0), (1, 0), 0.05)
    (ax, ay), (bx, by) = table.position((W, 0)), table.position((W, 1))
    assert bx - ax == pytest.approx(D + CFG.rest_gap, abs=1e-6)
    assert ay == by == 3.5
    assert (ax + bx) / 2 == pytest.approx(3.5 + D / 2)  # both moved, neither far
