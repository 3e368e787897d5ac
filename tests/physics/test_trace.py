"""A shot played again from where it started: the same end, with every piece's path."""
from __future__ import annotations

import math
import random

from physics import Kind
from physics import Side
from physics import Press, Shot, Table, random_table, square_centre

W, B = Side.WHITE, Side.BLACK


def test_a_traced_shot_ends_exactly_where_the_real_one_did() -> None:
    table = Table.starting()
    start = table.state()
    real = table.simulate_shot((W, 4), (0.02, 1.0), 1.0)
    trace = Table().trace(Shot((W, 4), (0.02, 1.0), 1.0), start)
    assert trace.end == table.state() and trace.result == real
    assert trace.start == start
    assert [f.disc for f in trace.falls] == list(real.fallen)
    assert trace.seconds == real.seconds and trace.knocks


def test_every_moving_piece_has_a_path_in_time_order() -> None:
    table = random_table(random.Random(8), white=5, black=5)
    disc = table.discs_of(W)[0]
    (x, y), (tx, ty) = table.position(disc), table.position(table.discs_of(B)[0])
    shot = Shot(disc, (tx - x, ty - y), 0.7)
    trace = table.trace(shot)
    assert table.is_at_rest and trace.start == table.state(), "the table itself is untouched"
    striker = trace.path(shot.disc)
    assert striker[0][1:] == table.position(shot.disc)
    times = [t for t, _, _ in striker]
    assert times == sorted(times) and len(times) > 10
    # frames every 4 steps of 1/480 s: a slow replay can draw every 120th of a second
    gaps = {round(b - a, 9) for a, b in zip(trace.times, trace.times[1:-1])}
    assert gaps == {round(4 / 480, 9)}
    assert shot.disc in trace.moved()
    for fall in trace.falls:  # a fallen piece's path ends where it went over
        assert trace.path(fall.disc)[-1] == (fall.time, fall.x, fall.y)
        assert all(fall.disc not in {d for d, *_ in f} for f in trace.frames[-1:])


def test_the_replay_can_be_drawn_at_any_moment() -> None:
    table = Table()
    table.place((W, 0), 4.0, 1.0)
    trace = table.trace(Shot((W, 0), (0, 1), 0.5))
    x0, y0, _ = trace.at(0.0)[(W, 0)]
    x1, y1, _ = trace.at(trace.seconds)[(W, 0)]
    assert (x0, y0) == (4.0, 1.0) and y1 > 4.0
    half = trace.at(trace.seconds / 2)[(W, 0)][1]
    assert y0 < half < y1
    # friction slows it: more than half the way is covered in the first half of the time
    assert half - y0 > (y1 - y0) / 2
    assert math.isclose(trace.at(-1.0)[(W, 0)][1], y0)


def test_a_press_with_troops_on_the_swamp_is_traced_the_same() -> None:
    table = Table(troops={W: Kind.TANKS, B: Kind.CAVALRY}, swamp=W)
    for column in range(3):
        table.place((W, column), *square_centre(column + 2, 0))
        table.place_over((B, column), (W, column))
    press = Press((B, 1), 0.9)
    trace = table.trace(press)
    assert trace.result == table.copy().simulate_press((B, 1), 0.9)
    assert trace.result.rocked and trace.end.stacks == trace.result.stacks
    assert trace.end.troops == (Kind.TANKS, Kind.CAVALRY) and trace.end.swamp is W
