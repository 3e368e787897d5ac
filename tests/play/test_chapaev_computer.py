"""The computer in a Chapaev seat: it plans in a worker process, answers, cancels, holds its
shot for the scene, and plays whole matches headless."""
from __future__ import annotations

import random
import time

import pytest

from game.ai.chapaev_worker import ShotAnswer, ShotThinker
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_play import ChapaevPlay
from game.play.events import SeatNotice
from game.rules.chapaev import ChapaevMatch, Lines
from game.rules.core import Color
from physics import Shot

W, B = Color.WHITE, Color.BLACK


def _wait(thinker: ShotThinker, seconds: float = 60.0) -> ShotAnswer:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        answer = thinker.poll()
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("the worker did not answer")


@pytest.fixture(scope="module")
def thinker():  # type: ignore[no-untyped-def]
    with ShotThinker() as t:
        yield t


def test_the_worker_answers_with_a_legal_shot_once(thinker: ShotThinker) -> None:
    position = ChapaevPlay().position()
    thinker.start(position.state, position.match, position.config, 2, seed=1)
    answer = _wait(thinker)
    assert answer.error is None and answer.shot is not None and answer.meant is not None
    disc, direction, strength = answer.shot
    assert disc[0] is W and disc in position.discs and 0.0 <= strength <= 1.0
    assert answer.simulated > 0 and answer.shot != answer.meant  # the hand's error
    assert thinker.poll() is None


def test_the_worker_cancels_and_serves_the_next_request(thinker: ShotThinker) -> None:
    position = ChapaevPlay().position()
    thinker.start(position.state, position.match, position.config, 5)
    end = time.monotonic() + 30
    while thinker.progress() < 16 and time.monotonic() < end:
        time.sleep(0.005)
    thinker.cancel()
    assert not thinker.busy and thinker.poll() is None
    began = time.monotonic()
    thinker.start(position.state, position.match, position.config, 1, aim_error=False)
    answer = _wait(thinker)
    assert time.monotonic() - began < 5.0  # the cancelled plan did not hold the worker
    assert answer.error is None and answer.shot == answer.meant


def test_the_seat_plays_through_its_worker_and_holds_for_the_scene() -> None:
    seat = ChapaevComputer(1, min_delay=0.0)
    play = ChapaevPlay(seats={W: seat})
    try:
        seat.hold = True
        end = time.monotonic() + 60
        while seat.ready() is None and time.monotonic() < end:
            assert play.update() is None
            time.sleep(0.01)
        planned = seat.ready()
        assert isinstance(planned, Shot) and planned.disc[0] is W
        assert play.update() is None and seat.ready() == planned  # held until released
        seat.release()
        assert play.update() == planned and play.in_shot
        assert seat.ready() is None and not seat.thinking
    finally:
        play.close()


def test_a_computer_match_is_played_out_headless() -> None:
    match = ChapaevMatch()
    # a short match: three pieces a side (as after prisoners), Black near its last line
    match._s.lines = Lines(6, 8)
    match._s.counts = {W: 3, B: 3}
    match._refill()
    seats = {c: ChapaevComputer(1, in_process=True, min_delay=0.0, rng=random.Random(n))
             for n, c in enumerate((W, B))}
    play = ChapaevPlay(match=match, seats=seats)
    winner = play.run(max_shots=400)
    assert winner in (W, B) and play.match.is_over
    assert play.match.rounds and play.match.rounds[-1].match_winner is winner


def test_the_level_is_checked() -> None:
    with pytest.raises(ValueError):
        ChapaevComputer(6)


def test_a_dead_worker_is_reported_and_the_seat_still_shoots() -> None:
    seat = ChapaevComputer(1, min_delay=0.0)
    play = ChapaevPlay(seats={W: seat})
    try:
        assert play.update() is None  # asked: the worker starts on the request
        process = seat.thinker._process
        process.terminate()
        process.join(timeout=5)
        end = time.monotonic() + 30
        shot = None
        while shot is None and time.monotonic() < end:
            shot = play.update()
            time.sleep(0.01)
        assert shot is not None and shot.disc[0] is W  # planned here instead
        assert seat.error is not None
        # and the panel is told, once
        assert play.notice is not None and play.notice.notice.key == "chapaev.worker.fallback"
        assert [e for e in play.events() if isinstance(e, SeatNotice)] == [play.notice]
    finally:
        play.close()


def test_in_the_bayonet_fight_the_worker_answers_a_press(thinker: ShotThinker) -> None:
    from game.ai.chapaev_worker import shot_of
    from game.rules.chapaev import ChapaevOptions, ShotReport
    from physics import Press

    match = ChapaevMatch(ChapaevOptions(swamp=True))
    while not match.bayonet:
        if match.turn is W:
            match.record_shot(ShotReport(W, ()))
        match.record_shot(ShotReport(B, tuple((W, i) for i in sorted(match.on_board(W)))))
    position = ChapaevPlay(match=match).position()
    thinker.start(position.state, position.match, position.config, 2, seed=3)
    answer = _wait(thinker)
    assert answer.error is None and answer.shot is not None
    press = shot_of(answer.shot)
    assert isinstance(press, Press) and press.disc[0] is B
    assert answer.meant is not None
    assert isinstance(shot_of(answer.meant), Press)
