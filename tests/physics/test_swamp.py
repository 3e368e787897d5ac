"""The wide board: the swamp behind a side's last line, and the bayonet fight's press."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from physics import Kind
from physics import Side
from physics import DEFAULT_CONFIG as CFG
from physics import Press, Table, TableError, square_centre

W, B = Side.WHITE, Side.BLACK
ROOT = Path(__file__).resolve().parents[2]


def bayonet(white: Kind = Kind.INFANTRY, black: Kind = Kind.INFANTRY) -> Table:
    """White on its swamp, every Black piece lying partly over a White one."""
    table = Table(troops={W: white, B: black}, swamp=W)
    for column in range(8):
        table.place((W, column), *square_centre(column, 0))
    for column in range(8):
        table.place_over((B, column), (W, column))
    return table


def test_the_swamp_is_part_of_the_table_for_the_side_on_it_only() -> None:
    table = Table(swamp=W)
    assert table.field(W) == (0.0, -CFG.swamp_depth, 8.0, 8.0)
    assert table.field(B) == (0.0, 0.0, 8.0, 8.0)
    table.place((W, 0), 4.5, -0.5)  # standing on the swamp
    with pytest.raises(TableError):
        table.place((B, 0), 2.5, -0.5)
    table.place((W, 1), 2.5, 3.0)
    table.place((B, 0), 6.5, 3.0)
    # both slide toward White's rim the same way: White's piece stays on the swamp, Black's
    # goes over the board's edge
    white = table.copy().simulate_shot((W, 1), (0, -1), 0.45)
    spot = white.position((W, 1))
    assert white.fallen == () and spot is not None and spot[1] < 0.0
    black = table.copy().simulate_shot((B, 0), (0, -1), 0.45)
    assert black.fallen == ((B, 0),)
    # past the swamp's own edge a piece on it falls too
    far = table.copy().simulate_shot((W, 1), (0, -1), 0.9)
    assert far.fallen == ((W, 1),) and far.falls[0].y < -CFG.swamp_depth
    # off the swamp, the same piece falls at the board's edge like any other
    table.set_swamp(None)
    table.remove((W, 0))
    assert table.copy().simulate_shot((W, 1), (0, -1), 0.45).fallen == ((W, 1),)


def test_a_piece_lies_partly_over_an_enemy_piece_and_they_do_not_collide() -> None:
    table = bayonet()
    assert table.partner((B, 3)) == (W, 3) and table.partner((W, 3)) == (B, 3)
    assert table.lies_over((B, 3)) == (W, 3) and table.lies_over((W, 3)) is None
    (bx, by), (wx, wy) = table.position((B, 3)), table.position((W, 3))
    gap = ((bx - wx) ** 2 + (by - wy) ** 2) ** 0.5
    assert 0.0 < gap < 2 * CFG.radius, "partly over: overlapping, not centred"
    assert by == pytest.approx(CFG.bayonet_inset) and bx == wx
    # a shot elsewhere leaves every stack as it was (no push apart at rest)
    table.remove((B, 0))
    table.place((B, 0), 0.5, 6.0)
    result = table.simulate_shot((B, 0), (1, 0), 0.1)
    assert result.stacks == table.stacks and len(table.stacks) == 7
    assert table.position((B, 3)) == (bx, by)
    # the piece on top is the one the pointer picks
    assert table.disc_at(bx, (by + wy) / 2) == (B, 3)
    with pytest.raises(TableError):
        table.place_over((B, 1), (W, 3))  # one piece over one piece
    with pytest.raises(TableError):
        table.place((B, 1), wx, wy + 0.3)  # nobody else may overlap it


def test_a_careful_press_squeezes_the_enemy_off_the_swamp() -> None:
    table = bayonet()
    result = table.simulate_press((B, 3), 0.55)
    assert result.fallen == ((W, 3),) and result.striker_stayed and not result.rocked
    assert len(table.stacks) == 7 and (B, 3) not in dict(table.stacks)
    assert table.position((B, 3))[1] > CFG.bayonet_inset, "the presser drops back a little"


def test_too_gentle_a_press_moves_the_enemy_but_leaves_it() -> None:
    table = bayonet()
    result = table.simulate_press((B, 3), 0.15)
    assert result.fallen == () and not result.rocked
    assert table.position((W, 3))[1] < -0.5


def test_a_heavier_enemy_needs_a_harder_press() -> None:
    needed = {}
    for troop in (Kind.INFANTRY, Kind.TANKS, Kind.HEAVY_TANKS, Kind.CAVALRY):
        for step in range(1, 15):
            if (W, 3) in bayonet(troop).simulate_press((B, 3), step * 0.05).fallen:
                needed[troop] = step * 0.05
                break
    assert needed[Kind.CAVALRY] < needed[Kind.INFANTRY] < needed[Kind.TANKS] \
        < needed[Kind.HEAVY_TANKS] <= CFG.press_threshold


def test_a_press_too_hard_rocks_the_board_and_both_sides_may_fall() -> None:
    gentle = bayonet().simulate_press((B, 3), CFG.press_threshold)
    assert not gentle.rocked
    hard = bayonet().simulate_press((B, 3), 1.0)
    assert hard.rocked
    assert len(hard.fallen_of(B)) >= 3 and len(hard.fallen_of(W)) >= 2
    middle = bayonet().simulate_press((B, 3), 0.85)
    assert middle.rocked and len(middle.fallen) < len(hard.fallen)


def test_pressing_from_below_lifts_the_enemy_off_onto_the_board() -> None:
    table = bayonet()
    result = table.simulate_press((W, 3), 0.45)
    assert result.fallen == () and table.partner((W, 3)) is None
    assert table.position((B, 3))[1] > 0.4, "pushed in onto the board, freeing White's piece"


def test_only_a_piece_over_or_under_an_enemy_can_be_pressed() -> None:
    table = Table.starting()
    with pytest.raises(TableError):
        table.press((W, 0), 0.5)
    with pytest.raises(TableError):
        bayonet().press((B, 3), 1.5)


_SCRIPT = """
from physics import Table, square_centre
from physics import Side
W, B = Side.WHITE, Side.BLACK
table = Table(swamp=W)
for c in range(8):
    table.place((W, c), *square_centre(c, 0))
for c in range(8):
    table.place_over((B, c), (W, c))
result = table.simulate_press((B, 2), 0.93)
print(result.fallen, [(s.disc, s.x.hex(), s.y.hex()) for s in table.disc_states()])
"""


def test_a_rocking_board_is_the_same_in_every_run() -> None:
    outputs = set()
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        run = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                             env=env, cwd=ROOT, check=True)
        outputs.add(run.stdout)
    assert len(outputs) == 1
    table = bayonet()
    again = bayonet()
    assert table.simulate(Press((B, 2), 0.93)) == again.simulate_press((B, 2), 0.93)
