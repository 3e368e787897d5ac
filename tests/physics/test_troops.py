"""The kinds of troops on the table: each feels different in the way the rules page says."""
from __future__ import annotations

import math
import random

import pytest

from physics import Kind
from physics import Side
from physics import DEFAULT_CONFIG as CFG
from physics import MAKES, Shot, Table, TableState, body_of, random_table

W, B = Side.WHITE, Side.BLACK


def _free_slide(troop: Kind, strength: float) -> float | None:
    """How far a lone piece of ``troop`` slides from the middle of row 1 (None: it fell)."""
    table = Table(troops={W: troop})
    table.place((W, 0), 4.0, 0.5)
    spot = table.simulate_shot((W, 0), (0, 1), strength).position((W, 0))
    return None if spot is None else spot[1] - 0.5


def _slide(troop: Kind, strength: float) -> float:
    """:func:`_free_slide` of a piece that stays on the board."""
    slide = _free_slide(troop, strength)
    assert slide is not None
    return slide


def _knocked(target: Kind, striker: Kind = Kind.INFANTRY, strength: float = 0.5) -> float:
    """How far a plain piece shot head-on from two squares away moves a piece of ``target``
    (or a piece of ``striker`` moves a plain piece, with ``target`` infantry)."""
    table = Table(troops={W: striker, B: target})
    table.place((W, 0), 4.0, 1.5)
    table.place((B, 0), 4.0, 3.5)
    spot = table.simulate_shot((W, 0), (0, 1), strength).position((B, 0))
    assert spot is not None
    return spot[1] - 3.5


def test_plain_pieces_are_the_tables_own_numbers_bit_for_bit() -> None:
    body = body_of(Kind.INFANTRY, CFG)
    assert (body.diameter, body.mass, body.friction_decel, body.restitution, body.max_speed) \
        == (CFG.disc_diameter, CFG.disc_mass, CFG.friction_decel, CFG.restitution,
            CFG.max_speed)
    rng = random.Random(5)
    plain = random_table(rng)
    named = Table(troops={W: Kind.INFANTRY, B: Kind.INFANTRY})
    named.restore(plain.state())
    shot = Shot(plain.discs[3], (0.3, 1.0), 0.8)
    assert plain.simulate(shot) == named.simulate(shot)


def test_at_least_five_kinds_each_with_a_make_of_its_own() -> None:
    makes = {(m.diameter, m.mass, m.friction, m.restitution) for m in MAKES.values()}
    assert len(MAKES) == len(Kind) >= 5 and len(makes) == len(MAKES)
    assert MAKES[Kind.TANKS].stack == 2 and MAKES[Kind.HEAVY_TANKS].stack == 3
    assert MAKES[Kind.TANKS].mass == 2 * MAKES[Kind.INFANTRY].mass
    assert MAKES[Kind.HEAVY_TANKS].mass == 3 * MAKES[Kind.INFANTRY].mass
    for troop in Kind:  # every kind fits on a square and a full flick carries it 3 squares
        body = body_of(troop, CFG)
        assert 0.5 < body.diameter < 1.0 and body.stopping_distance(body.max_speed) > 3.0


def test_stacked_tanks_are_hard_to_knock_off_and_heavy_tanks_harder() -> None:
    plain, tank, heavy = (_knocked(t) for t in (Kind.INFANTRY, Kind.TANKS,
                                                Kind.HEAVY_TANKS))
    assert heavy < 0.4 * plain and tank < 0.6 * plain and heavy < tank
    # and a flick sends them off slower: less far for the same pull
    assert _slide(Kind.HEAVY_TANKS, 0.5) < _slide(Kind.TANKS, 0.5) \
        < _slide(Kind.INFANTRY, 0.5)


def test_cavalry_glides_further_and_flies_further_when_hit() -> None:
    assert _slide(Kind.CAVALRY, 0.35) > 1.5 * _slide(Kind.INFANTRY, 0.35)
    assert _knocked(Kind.CAVALRY) > 1.5 * _knocked(Kind.INFANTRY)


def test_artillery_is_dug_in_short_range_and_holding_its_ground() -> None:
    full = _free_slide(Kind.ARTILLERY, 1.0)
    assert full is not None and full < 6.0, "a full shot stops short of the far edge"
    assert _free_slide(Kind.INFANTRY, 1.0) is None
    assert _knocked(Kind.ARTILLERY) < 0.5 * _knocked(Kind.INFANTRY)
    # a bigger target: a near miss of a plain piece still strikes a gun
    table = Table(troops={B: Kind.ARTILLERY})
    table.place((W, 0), 4.0, 1.5)
    table.place((B, 0), 4.0 + 0.83, 4.5)
    assert table.simulate_shot((W, 0), (0, 1), 0.5).knocks == 1


def test_a_stack_is_slower_off_the_finger_and_hits_no_harder_than_a_plain_piece() -> None:
    plain = _knocked(Kind.INFANTRY, Kind.INFANTRY)
    for troop in (Kind.TANKS, Kind.HEAVY_TANKS):
        assert _knocked(Kind.INFANTRY, troop) < plain
    heavy = _free_slide(Kind.HEAVY_TANKS, 1.0)
    assert heavy is not None and heavy < 4.0, "heavy tanks close in before they strike"


def test_motorcyclists_are_small_a_near_miss_passes_them_by() -> None:
    for troop, hit in ((Kind.INFANTRY, True), (Kind.MOTORCYCLISTS, False)):
        table = Table(troops={B: troop})
        table.place((W, 0), 4.0, 1.5)
        table.place((B, 0), 4.0 + 0.75, 4.5)  # 0.75 to the side: a plain pair touches
        result = table.simulate_shot((W, 0), (0, 1), 0.5)
        assert (result.position((B, 0)) != (4.75, 4.5)) is hit, troop


def test_sailors_stand_firm_and_soak_up_a_blow() -> None:
    assert _knocked(Kind.SAILORS) < 0.7 * _knocked(Kind.INFANTRY)
    # their own blow passes on less than a plain piece's too (a low bounce)
    assert _knocked(Kind.INFANTRY, Kind.SAILORS) < _knocked(Kind.INFANTRY)


@pytest.mark.parametrize("troop", [Kind.MOTORCYCLISTS, Kind.CAVALRY])
def test_the_fastest_kinds_never_pass_through_a_piece(troop: Kind) -> None:
    table = Table(troops={W: troop, B: Kind.MOTORCYCLISTS})
    table.place((W, 0), 4.0, 0.5)
    table.place((B, 0), 4.0, 2.0)
    result = table.simulate_shot((W, 0), (0, 1), 1.0)
    assert (B, 0) in result.fallen or result.position((B, 0)) != (4.0, 2.0)
    assert result.knocks >= 1


def test_a_mixed_table_keeps_its_troops_through_state_copy_and_simulate() -> None:
    table = Table.starting(troops={W: Kind.TANKS, B: Kind.CAVALRY})
    state = table.state()
    assert state.troops == (Kind.TANKS, Kind.CAVALRY)
    assert state.troop(B) is Kind.CAVALRY
    rebuilt = Table.from_state(state)
    assert rebuilt.troops == {W: Kind.TANKS, B: Kind.CAVALRY}
    shot = Shot((W, 4), (0, 1), 1.0)
    expected = table.copy().simulate_shot(shot.disc, shot.direction, shot.strength)
    assert rebuilt.simulate(shot) == expected
    assert Table().simulate(shot, state) == expected, "the planner's scratch takes the troops"
    # and the same shot with plain pieces on both sides is a different shot
    assert Table.starting().simulate(shot).positions != expected.positions
    states = {s.troop for s in rebuilt.disc_states()}
    assert states == {Kind.TANKS, Kind.CAVALRY}


def test_a_table_state_from_an_older_save_is_plain_pieces() -> None:
    state = TableState((((W, 0), 1.0, 1.0, 0.0), ((B, 0), 5.0, 5.0, 0.0)))
    table = Table.from_state(state)
    assert table.troops == {W: Kind.INFANTRY, B: Kind.INFANTRY} and table.swamp is None
    assert math.isclose(table.radius((W, 0)), CFG.radius)
