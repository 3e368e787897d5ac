"""What is enough in the bayonet fight: the least press that pushes the enemy piece off, as
the table itself plays it."""
from __future__ import annotations

import pytest

from physics import Kind
from physics import Side
from physics import DEFAULT_CONFIG as CFG
from physics import Table, square_centre

W, B = Side.WHITE, Side.BLACK


def bayonet(defender: Kind) -> Table:
    """White (``defender``) on its swamp, Black's plain pieces lying partly over them."""
    table = Table(troops={W: defender, B: Kind.INFANTRY}, swamp=W)
    for column in range(8):
        table.place((W, column), *square_centre(column, 0))
    for column in range(8):
        table.place_over((B, column), (W, column))
    return table


@pytest.mark.parametrize(("defender", "rules_page"), [
    (Kind.INFANTRY, 0.37), (Kind.TANKS, 0.52), (Kind.HEAVY_TANKS, 0.63),
    (Kind.CAVALRY, 0.27), (Kind.SAILORS, 0.46)])
def test_enough_is_what_the_rules_page_says_and_what_the_table_does(
        defender: Kind, rules_page: float) -> None:
    table = bayonet(defender)
    needed = table.press_needed((B, 3))
    assert needed is not None and needed == pytest.approx(rules_page, abs=0.01)
    assert needed < CFG.press_threshold
    # a press a little harder pushes it off, a little softer leaves it on the swamp
    assert table.copy().simulate_press((B, 3), needed * 1.03).fallen == ((W, 3),)
    assert table.copy().simulate_press((B, 3), needed * 0.97).fallen == ()


def test_no_press_from_below_can_push_the_attacker_off_and_a_lone_piece_has_none() -> None:
    table = bayonet(Kind.INFANTRY)
    assert table.press_needed((W, 3)) is None, "the attacker is lifted onto the board"
    table.remove((B, 5))
    assert table.press_needed((W, 5)) is None
