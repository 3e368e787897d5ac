"""Trying shots for a planner: fast, exact, and without touching the live table."""
from __future__ import annotations

import math
import random

import pytest

from physics import Side
from physics import DEFAULT_CONFIG as CFG
from physics import SCREEN_STEP_HZ, DiscId, Knock, Shot, Table, random_table

W, B = Side.WHITE, Side.BLACK


def _final(table: Table) -> tuple[tuple[DiscId, float, float, float], ...]:
    return tuple((s.disc, s.x, s.y, s.angle) for s in table.disc_states())


def test_simulate_is_exactly_the_real_shot_and_leaves_the_table_alone() -> None:
    rng = random.Random(21)
    table = random_table(rng)
    before = _final(table)
    shots = [Shot(rng.choice(table.discs), (math.cos(a), math.sin(a)), rng.uniform(0.3, 1))
             for a in (rng.uniform(0, 2 * math.pi) for _ in range(6))]
    tried = [table.simulate(shot) for shot in shots]
    assert _final(table) == before and table.is_at_rest
    for shot, result in zip(shots, tried):  # the same, bit for bit, as a fresh table
        fresh = table.copy().simulate_shot(shot.disc, shot.direction, shot.strength)
        assert result == fresh
    # and again, after the scratch table's bodies have been through other shots
    assert [table.simulate(shot) for shot in reversed(shots)] == tried[::-1]


def test_simulate_from_another_position() -> None:
    table = Table.starting()
    state = table.snapshot()
    after = table.copy()
    after.simulate_shot((W, 4), (0, 1), 1.0)
    later = after.snapshot()
    shot = Shot((B, 2), (0.1, -1.0), 0.9)
    assert table.simulate(shot, later) == Table.from_state(later).simulate_shot(
        shot.disc, shot.direction, shot.strength)
    assert table.snapshot() == state


def test_snapshot_and_restore_put_the_discs_back() -> None:
    table = Table.starting()
    state = table.snapshot()
    table.simulate_shot((W, 4), (0, 1), 1.0)
    assert len(table.discs) == 15
    table.restore(state)
    assert _final(table) == _final(Table.starting())
    assert table.simulate_shot((W, 4), (0, 1), 1.0).fallen == ((B, 4),)


def test_screening_at_the_coarse_step_agrees_on_a_break() -> None:
    table = Table.starting()
    shot = Shot((W, 4), (0.0, 1.0), 1.0)
    exact = table.simulate(shot)
    rough = table.simulate(shot, step_hz=SCREEN_STEP_HZ)
    assert rough.fallen == exact.fallen
    assert rough.steps < 0.6 * exact.steps
    for disc, x, y in exact.positions:
        rx, ry = rough.position(disc)  # type: ignore[misc]
        assert math.hypot(rx - x, ry - y) < 0.1


def test_a_struck_piece_slides_as_far_as_friction_lets_it() -> None:
    # the target gets its table friction after its first touch: its slide must match
    # the free stopping distance of the speed it was given
    table = Table()
    table.place((W, 0), 4.5, 1.5)
    table.place((B, 0), 4.5, 3.5)
    table.shoot((W, 0), (0, 1), 0.6)
    while not any(isinstance(e, Knock) for e in table.events()):
        table.step()
    for _ in range(3):
        table.step()
    state = next(s for s in table.disc_states() if s.disc == (B, 0))
    y_then, speed = state.y, math.hypot(state.vx, state.vy)
    result = table.run_to_rest()
    _, y = result.position((B, 0))  # type: ignore[misc]
    assert y - y_then == pytest.approx(CFG.stopping_distance(speed), abs=0.02)


def test_a_gentle_push_into_a_neighbour_stops_both() -> None:
    table = Table()
    table.place((W, 0), 3.5, 3.5)
    table.place((B, 0), 3.5 + CFG.disc_diameter + 0.05, 3.5)
    result = table.simulate_shot((W, 0), (1, 0), 0.04)
    assert not result.timed_out and result.seconds < 0.5
    x, _ = result.position((B, 0))  # type: ignore[misc]
    assert 0.0 < x - (3.5 + CFG.disc_diameter + 0.05) < 0.2
