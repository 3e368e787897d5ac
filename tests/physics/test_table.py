"""The Chapaev table, headless, with numbers a player would feel."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from physics import Side
from physics import (
    DEFAULT_CONFIG,
    DiscId,
    Fall,
    SCREEN_STEP_HZ,
    Knock,
    ShotOver,
    Table,
    TableConfig,
    TableError,
    random_table,
    square_centre,
)

from physics.config import TABLE_VERSION, TABLES, table_version
W = Side.WHITE
B = Side.BLACK
CFG = DEFAULT_CONFIG
D = CFG.disc_diameter


def strength_for_distance(distance: float, config: TableConfig = CFG) -> float:
    """The strength whose free slide is ``distance`` squares."""
    speed = math.sqrt(2 * config.friction_decel * distance)
    return float((speed / config.max_speed) ** (1 / config.strength_exponent))


def strength_for_speed(speed: float, config: TableConfig = CFG) -> float:
    return float((speed / config.max_speed) ** (1 / config.strength_exponent))


def lone(x: float, y: float) -> Table:
    table = Table()
    table.place((W, 0), x, y)
    return table


def speed_of(table: Table, disc: tuple[Side, int]) -> float:
    for state in table.disc_states():
        if state.disc == disc:
            return math.hypot(state.vx, state.vy)
    raise AssertionError(f"{disc} is not on the board")


# --- range and friction ----------------------------------------------------------------------
def test_full_strength_from_row_1_crosses_the_board() -> None:
    table = Table.from_squares({(W, 4): (4, 1)})
    result = table.simulate_shot((W, 4), (0, 1), 1.0)
    assert result.fallen == ((W, 4),)
    fall = result.falls[0]
    assert fall.y > 8.0 and 4.4 < fall.x < 4.6
    assert fall.vy > 5.0  # still flying when it leaves the far edge, not creeping off
    assert CFG.stopping_distance(CFG.max_speed) > 10.0


def test_full_strength_diagonal_from_a_corner_leaves_the_board() -> None:
    table = Table.from_squares({(W, 0): (0, 1)})
    result = table.simulate_shot((W, 0), (1, 1), 1.0)
    assert result.fallen == ((W, 0),)


def test_a_full_shot_slides_twelve_squares_and_is_over_in_three_quarters_of_a_second() -> None:
    # on a bigger table, so the whole free slide fits: mu*g = 48 squares/s^2 (mu = 0.2 on
    # 4 cm squares) from 34 squares/s stops in 34/48 = 0.71 s after 34**2/96 = 12.04 squares
    config = TableConfig(squares=16)
    table = Table(config)
    table.place((W, 0), 1.0, 8.0)
    result = table.simulate_shot((W, 0), (1, 0), 1.0)
    x, _ = result.position((W, 0))  # type: ignore[misc]
    assert x - 1.0 == pytest.approx(12.0, abs=0.15)
    moving = result.seconds - config.rest_time  # the rest check waits rest_time after it
    assert moving == pytest.approx(0.71, abs=0.02)


@pytest.mark.parametrize("strength", [0.05, 0.1])
def test_a_gentle_shot_nudges_a_fraction_of_a_square(strength: float) -> None:
    table = lone(4.5, 3.5)
    result = table.simulate_shot((W, 0), (1, 0), strength)
    x, y = result.position((W, 0))  # type: ignore[misc]
    assert 0.05 < x - 4.5 < 0.6
    assert y == pytest.approx(3.5, abs=1e-9)


def test_half_strength_goes_a_few_squares() -> None:
    table = lone(0.5, 0.5)
    result = table.simulate_shot((W, 0), (1, 1), 0.5)
    x, y = result.position((W, 0))  # type: ignore[misc]
    assert 3.0 < math.hypot(x - 0.5, y - 0.5) < 5.5


def test_stopping_distance_grows_with_the_square_of_the_speed() -> None:
    distances = []
    for speed in (4.0, 8.0, 16.0):
        table = lone(0.5, 0.5)
        result = table.simulate_shot((W, 0), (1, 1), strength_for_speed(speed))
        x, y = result.position((W, 0))  # type: ignore[misc]
        distances.append(math.hypot(x - 0.5, y - 0.5))
        assert distances[-1] == pytest.approx(speed ** 2 / (2 * CFG.friction_decel), rel=0.05)
    # Coulomb: doubling the speed quadruples the slide (exponential damping would double it)
    assert distances[1] / distances[0] == pytest.approx(4.0, rel=0.06)
    assert distances[2] / distances[1] == pytest.approx(4.0, rel=0.03)


def test_sliding_speed_falls_at_a_constant_rate_and_stops_exactly() -> None:
    table = lone(0.5, 0.5)
    v0 = 12.0
    table.shoot((W, 0), (1, 1), strength_for_speed(v0))
    speeds = []
    while not table.is_at_rest:
        table.step()
        if not table.is_at_rest:
            speeds.append(speed_of(table, (W, 0)))
    a, dt = CFG.friction_decel, CFG.dt
    for n, speed in enumerate(speeds, start=1):
        assert speed == pytest.approx(max(0.0, v0 - a * n * dt), abs=1e-6)
    stopped = next(n for n, s in enumerate(speeds, start=1) if s == 0.0)
    assert stopped * dt == pytest.approx(v0 / a, abs=2 * dt)
    assert all(s == 0.0 for s in speeds[stopped:])
    assert table.disc_states()[0].vx == 0.0


# --- collisions ------------------------------------------------------------------------------
def test_a_head_on_hit_passes_most_of_the_momentum_on() -> None:
    table = Table()
    table.place((W, 0), 4.5, 1.5)
    table.place((B, 0), 4.5, 4.5)
    table.shoot((W, 0), (0, 1), 0.5)
    knocks: list[Knock] = []
    while not knocks:
        table.step()
        knocks = [e for e in table.events() if isinstance(e, Knock)]
    for _ in range(3):  # let the contact resolve
        table.step()
    impact = knocks[0].relative_speed
    target, striker = speed_of(table, (B, 0)), speed_of(table, (W, 0))
    e = 0.7 * CFG.bounce_share(impact)  # about 0.6 at this blow: (1 + e) / 2 passes on
    # (three steps of the board's friction after the blow take a little more off both)
    assert target / impact == pytest.approx((1 + e) / 2, abs=0.04) and target / impact > 0.75
    assert striker / impact == pytest.approx((1 - e) / 2, abs=0.04) and striker / impact < 0.25
    result = table.run_to_rest()
    (sx, sy), (tx, ty) = result.position((W, 0)), result.position((B, 0))  # type: ignore[misc]
    assert sx == pytest.approx(4.5, abs=1e-6) and tx == pytest.approx(4.5, abs=1e-6)
    assert ty - 4.5 > 5 * (sy - (4.5 - D))


def _bounce(config: TableConfig, strength: float, gap: float = 2.0) -> tuple[float, float]:
    """The approach speed of a head-on blow and the pair's restitution measured in it."""
    table = Table(config)
    table.place((W, 0), 2.5, 3.5)
    table.place((B, 0), 2.5 + gap, 3.5)
    table.shoot((W, 0), (1, 0), strength)
    knocks: list[Knock] = []
    while not knocks:
        assert not table.is_at_rest, "the striker stopped short of its target"
        table.step()
        knocks = [e for e in table.events() if isinstance(e, Knock)]
    for _ in range(3):
        table.step()
    vx = {s.disc: s.vx for s in table.disc_states()}
    return knocks[0].relative_speed, (vx[(B, 0)] - vx[(W, 0)]) / knocks[0].relative_speed


def test_restitution_of_a_pair_is_0_7_at_8_squares_a_second_and_falls_with_speed() -> None:
    # wood crushes more the harder it is hit: (8 / v) ** 0.25 of 0.7, at most 1.2 times it
    measured = [_bounce(CFG, strength, gap)
                for strength, gap in ((0.12, 1.0), (0.3, 2.1), (0.6, 2.0), (1.0, 2.0))]
    for approach, e in measured:
        assert e == pytest.approx(0.7 * min(1.2, (8.0 / approach) ** 0.25), abs=0.03)
    assert measured[1][0] == pytest.approx(8.0, abs=2.5) and measured[1][1] == pytest.approx(
        0.7, abs=0.04)
    assert measured[-1][1] < 0.55 < 0.75 < measured[0][1]  # a full blow, a gentle touch


def test_table_1_bounces_0_7_at_every_speed() -> None:
    # the table matches saved before the bounce fell with speed are replayed on
    for strength, gap in ((0.12, 1.0), (0.6, 2.0), (1.0, 2.0)):
        assert _bounce(TABLES[1], strength, gap)[1] == pytest.approx(0.7, abs=0.05)
    assert table_version(DEFAULT_CONFIG) == TABLE_VERSION == 2 and table_version(TABLES[1]) == 1


def test_a_hard_hit_carries_its_striker_on_after_its_target() -> None:
    # the price of an over-strong flick: the striker follows its target through
    def striker_travel(config: TableConfig, strength: float) -> float:
        table = Table(config)
        table.place((W, 0), 3.5, 0.5)
        table.place((B, 0), 3.5, 2.5)
        result = table.simulate_shot((W, 0), (0, 1), strength)
        where = result.position((W, 0))
        assert where is not None
        return where[1] - 0.5

    assert striker_travel(CFG, 1.0) > striker_travel(TABLES[1], 1.0) + 0.3
    assert striker_travel(CFG, 0.3) == pytest.approx(striker_travel(TABLES[1], 0.3), abs=0.05)


def test_knocks_are_reported_louder_for_harder_shots() -> None:
    impulses = []
    for strength in (0.4, 0.9):
        table = Table()
        table.place((W, 0), 4.5, 2.5)
        table.place((B, 0), 4.5, 5.5)
        table.simulate_shot((W, 0), (0, 1), strength)
        knocks = [e for e in table.events() if isinstance(e, Knock)]
        assert len(knocks) == 1
        assert {knocks[0].a, knocks[0].b} == {(W, 0), (B, 0)}
        assert knocks[0].y == pytest.approx(5.5 - D / 2, abs=0.1)
        impulses.append(knocks[0].impulse)
    assert impulses[1] > 2 * impulses[0] > 0


def test_discs_touching_at_rest_make_no_knock() -> None:
    table = Table()
    table.place((W, 0), 3.5, 3.5)
    table.place((W, 1), 3.5 + D, 3.5)
    table.place((B, 0), 6.5, 6.5)
    table.simulate_shot((B, 0), (1, 0), 0.05)
    assert not [e for e in table.events() if isinstance(e, Knock)]


# --- falling off -------------------------------------------------------------------------------
@pytest.mark.parametrize("edge", ["top", "right", "bottom", "left"])
def test_just_past_the_edge_falls_and_just_inside_stays(edge: str) -> None:
    direction = {"top": (0, 1), "right": (1, 0), "bottom": (0, -1), "left": (-1, 0)}[edge]
    x, y = (4.5 if d == 0 else 4.0 + 3.5 * d for d in direction)  # 0.5 from the edge
    start = (x, y)
    over = lone(*start).simulate_shot((W, 0), direction, strength_for_distance(0.56))
    assert over.fallen == ((W, 0),) and not over.striker_stayed
    short = lone(*start)
    result = short.simulate_shot((W, 0), direction, strength_for_distance(0.44))
    assert result.fallen == () and result.striker_stayed
    x, y = result.position((W, 0))  # type: ignore[misc]
    assert 0.0 < x < 8.0 and 0.0 < y < 8.0
    # it rests overhanging the edge by more than a third of its width, and stays
    edge_distance = min(x, 8.0 - x, y, 8.0 - y)
    assert edge_distance < 0.1


def test_a_fall_reports_where_and_how_fast_it_left() -> None:
    table = lone(7.5, 4.5)
    table.shoot((W, 0), (1, 0), 0.6)
    events = []
    while not table.is_at_rest:
        table.step()
        events.extend(table.events())
    falls = [e for e in events if isinstance(e, Fall)]
    assert len(falls) == 1
    fall = falls[0]
    assert fall.disc == (W, 0) and fall.order == 1
    # removed the very step its centre crossed: within one step's travel of the edge
    assert 8.0 < fall.x <= 8.0 + math.hypot(fall.vx, fall.vy) * CFG.dt + 1e-9
    assert fall.vx > 0 and fall.y == pytest.approx(4.5)
    assert isinstance(events[-1], ShotOver) and events[-1].result.fallen == ((W, 0),)
    assert (W, 0) not in table and table.discs == ()


def test_break_shot_knocks_a_piece_off_and_reports_the_order() -> None:
    table = Table.starting()
    result = table.simulate_shot((W, 4), (0, 1), 1.0)
    assert result.fallen == ((B, 4),)
    assert result.striker_stayed
    assert result.fallen_of(B) == ((B, 4),) and result.fallen_of(W) == ()
    assert len(table.discs) == 15


def test_falls_come_in_order() -> None:
    # a chain along row 4: the far disc flies off first, then its pusher may follow
    rng = random.Random(5)
    for _ in range(10):
        table = random_table(rng)
        disc = rng.choice(table.discs)
        angle = rng.uniform(0, 2 * math.pi)
        result = table.simulate_shot(disc, (math.cos(angle), math.sin(angle)), 1.0)
        assert [f.order for f in result.falls] == list(range(1, len(result.falls) + 1))
        assert [f.time for f in result.falls] == sorted(f.time for f in result.falls)
        assert len(set(result.fallen)) == len(result.fallen)
        assert set(result.fallen).isdisjoint(d for d, _, _ in result.positions)


# --- no tunnelling, nothing broken ---------------------------------------------------------------
def _closest_approach(p0: tuple[float, float], p1: tuple[float, float]) -> float:
    """Distance from the origin to the segment p0-p1 (a pair's relative positions)."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, -(x0 * dx + y0 * dy) / length2))
    return math.hypot(x0 + t * dx, y0 + t * dy)


def _run_checking_every_step(table: Table, disc: DiscId, direction: tuple[float, float],
                             strength: float) -> None:
    table.shoot(disc, direction, strength)
    before = table.positions()
    while not table.is_at_rest:
        table.step()
        after = table.positions()
        items = [(d, before[d], p) for d, p in after.items()]
        for d, (x, y) in after.items():
            assert math.isfinite(x) and math.isfinite(y), f"{d} is at {(x, y)}"
        for i in range(len(items)):
            _, a0, a1 = items[i]
            for j in range(i + 1, len(items)):
                _, b0, b1 = items[j]
                rel0 = (b0[0] - a0[0], b0[1] - a0[1])
                rel1 = (b1[0] - a1[0], b1[1] - a1[1])
                # a pass-through would sweep one centre close to (or across) the other
                assert _closest_approach(rel0, rel1) > 0.8 * D, (items[i][0], items[j][0])
        before = after
    result = table.last_result
    assert result is not None and not result.timed_out
    _assert_sound(table)


def _assert_sound(table: Table) -> None:
    states = table.disc_states()
    for s in states:
        assert all(math.isfinite(v) for v in (s.x, s.y, s.angle))
        assert s.vx == s.vy == s.angular_velocity == 0.0
        assert 0.0 <= s.x <= 8.0 and 0.0 <= s.y <= 8.0
    for i, a in enumerate(states):
        for b in states[i + 1:]:
            assert math.hypot(a.x - b.x, a.y - b.y) > D - 0.01, (a.disc, b.disc)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_at_full_strength_no_disc_passes_through_another(seed: int) -> None:
    rng = random.Random(seed)
    table = random_table(rng)
    disc = rng.choice(table.discs)
    angle = rng.uniform(0, 2 * math.pi)
    _run_checking_every_step(table, disc, (math.cos(angle), math.sin(angle)), 1.0)


@pytest.mark.parametrize("offset", [0.0, 0.2, 0.5, 0.75, 0.79])
def test_full_speed_into_a_packed_block_never_tunnels(offset: float) -> None:
    _packed_block_shot(Table(), offset)


@pytest.mark.parametrize("offset", [0.0, 0.5, 0.79])
def test_the_coarse_screening_step_never_tunnels_either(offset: float) -> None:
    # a planner's screening step (twice as long: 0.14 square a step at the top speed)
    _packed_block_shot(Table(TableConfig(step_hz=SCREEN_STEP_HZ)), offset)


def _packed_block_shot(table: Table, offset: float) -> None:
    table.place((W, 0), 1.5 + offset, 0.5)
    for column in range(8):
        table.place((B, column), *square_centre(column, 8))
    for column in range(1, 8):
        table.place((W, column), *square_centre(column - 1, 7))
    _run_checking_every_step(table, (W, 0), (0, 1), 1.0)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), strength=st.floats(0.0, 1.0))
def test_every_shot_comes_to_rest_soundly(seed: int, strength: float) -> None:
    rng = random.Random(seed)
    table = random_table(rng, white=rng.randint(1, 8), black=rng.randint(1, 8))
    disc = rng.choice(table.discs)
    angle = rng.uniform(0, 2 * math.pi)
    result = table.simulate_shot(disc, (math.cos(angle), math.sin(angle)), strength)
    assert not result.timed_out
    assert result.seconds < 3.0
    _assert_sound(table)
    assert len(result.positions) + len(result.fallen) == len(
        {d for d, _, _ in result.positions} | set(result.fallen))


def test_a_shot_that_outlasts_the_time_out_is_stopped() -> None:
    config = TableConfig(time_out=0.2)
    table = Table(config)
    table.place((W, 0), 0.5, 0.5)
    result = table.simulate_shot((W, 0), (1, 1), 0.9)
    assert result.timed_out
    assert result.steps == round(0.2 * config.step_hz)
    assert table.is_at_rest and result.striker_stayed
    s = table.disc_states()[0]
    assert s.vx == s.vy == 0.0 and 1.0 < s.x < 7.0


# --- determinism and copies ----------------------------------------------------------------------
def _final(table: Table) -> tuple[tuple[DiscId, float, float, float], ...]:
    return tuple((s.disc, s.x, s.y, s.angle) for s in table.disc_states())


def test_the_same_shot_twice_gives_the_same_result() -> None:
    results = []
    for _ in range(2):
        table = random_table(random.Random(11))
        table.simulate_shot((W, 3), (0.3, 1.0), 1.0)
        table.simulate_shot((B, 5), (-0.7, -1.0), 0.8)
        results.append(_final(table))
    assert results[0] == results[1]


def test_a_copy_reproduces_the_original_exactly() -> None:
    table = Table.starting()
    table.simulate_shot((W, 4), (0.05, 1.0), 1.0)  # the original has a history
    copy = table.copy()
    state_copy = Table.from_state(table.state())
    shot = ((B, 2), (0.4, -1.0), 0.9)
    r1 = table.simulate_shot(*shot)
    r2 = copy.simulate_shot(*shot)
    r3 = state_copy.simulate_shot(*shot)
    assert _final(table) == _final(copy) == _final(state_copy)
    assert r1.fallen == r2.fallen == r3.fallen
    assert r1.steps == r2.steps == r3.steps


def test_try_shot_leaves_the_table_untouched() -> None:
    table = Table.starting()
    before = _final(table)
    tried = table.try_shot((W, 4), (0, 1), 1.0)
    assert _final(table) == before
    assert tried == table.simulate_shot((W, 4), (0, 1), 1.0)


def test_frame_driven_stepping_matches_headless_simulation() -> None:
    headless = Table.starting()
    result = headless.simulate_shot((W, 2), (0.2, 1.0), 1.0)
    scene = Table.starting()
    scene.shoot((W, 2), (0.2, 1.0), 1.0)
    frames = 0
    while not scene.is_at_rest:
        assert scene.advance(1 / 120) == 4
        frames += 1
    assert _final(scene) == _final(headless)
    assert frames == math.ceil(result.steps / 4)


def test_advance_carries_partial_steps() -> None:
    table = Table()
    assert table.advance(1 / 1000) == 0
    assert table.advance(1 / 1000) == 0
    assert table.advance(1 / 1000) == 1  # 3 ms >= one 1/480 s step
    assert table.advance(0.5) == 240


# --- the table's interface ---------------------------------------------------------------------
def test_starting_table_has_two_full_lines() -> None:
    table = Table.starting()
    assert len(table.discs_of(W)) == len(table.discs_of(B)) == 8
    assert table.position((W, 0)) == (0.5, 0.5)
    assert table.position((B, 7)) == (7.5, 7.5)
    assert table.disc_at(3.6, 0.7) == (W, 3)
    assert table.disc_at(3.0, 3.0) is None


def test_set_up_places_pieces_on_squares() -> None:
    table = Table()
    table.set_up({(W, 0): (1, 3), (B, 0): (1, 4)})
    assert table.positions() == {(W, 0): (1.5, 2.5), (B, 0): (1.5, 3.5)}


def test_bad_requests_are_refused() -> None:
    table = Table.starting()
    with pytest.raises(TableError):
        table.shoot((W, 9), (0, 1), 1.0)
    with pytest.raises(TableError):
        table.shoot((W, 0), (0, 0), 1.0)
    with pytest.raises(TableError):
        table.shoot((W, 0), (0, 1), 1.5)
    with pytest.raises(TableError):
        table.place((W, 0), 1.2, 0.5)  # on top of W1
    with pytest.raises(TableError):
        table.place((W, 0), -0.5, 0.5)
    with pytest.raises(TableError):
        table.place((W, 0), math.nan, 0.5)
    with pytest.raises(TableError):
        table.place(("W", 0), 3.5, 3.5)
    table.shoot((W, 0), (0, 1), 0.5)
    with pytest.raises(TableError):
        table.shoot((W, 1), (0, 1), 0.5)
    with pytest.raises(TableError):
        table.place((W, 0), 0.5, 0.5)
    with pytest.raises(TableError):
        table.copy()
    table.run_to_rest()
    table.copy()


def test_a_zero_strength_shot_moves_nothing() -> None:
    table = Table.starting()
    before = _final(table)
    result = table.simulate_shot((W, 0), (0, 1), 0.0)
    assert result.fallen == () and _final(table) == before


def test_config_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        TableConfig(step_hz=0)
    with pytest.raises(ValueError):
        TableConfig(disc_diameter=1.2)
    with pytest.raises(ValueError):
        TableConfig(restitution=1.5)
