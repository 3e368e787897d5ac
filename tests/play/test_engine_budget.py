"""What the computer may use of the machine, as the player set it: thinking on the person's
time (on or off, obeyed at once) and the memory its search keeps."""
from __future__ import annotations

import time

from game.ai.worker import Thinker
from game.play.board_play import BoardPlay
from game.play.computer import ComputerPlayer
from game.play.seats import EngineBudget, Person
from game.rules.core import Color

W, B = Color.WHITE, Color.BLACK


def _answered(play: BoardPlay, plies: int) -> None:
    end = time.monotonic() + 30
    while len(play.notation) < plies and time.monotonic() < end:
        play.update()
        time.sleep(0.005)
    assert len(play.notation) == plies, "the computer answers"


def test_pondering_follows_the_setting_at_once() -> None:
    seat = ComputerPlayer(8, move_time=0.2, min_delay=0.0)
    play = BoardPlay("russian", seats={W: Person(), B: seat})
    play.use_engine(EngineBudget(ponder=False, memory_mb=64))
    try:
        assert seat.thinker.memory_mb == 64, "the worker's search keeps what the player allows"
        play.update()
        assert not seat.thinker.busy, "off: nothing thinks while the person chooses a move"
        play.play_text("c3-d4")
        _answered(play, 2)
        play.update()
        play.update()
        assert not seat.thinker.busy and not seat.thinker.pondering, \
            "off: after its move the computer leaves the person's time alone"
        play.use_engine(EngineBudget(ponder=True, memory_mb=64))
        play.update()
        assert seat.thinker.pondering, "turned on: it thinks on the person's time at once"
        play.use_engine(EngineBudget(ponder=False, memory_mb=64))
        assert not seat.thinker.busy, "turned off in the middle: the ponder stops"
        play.update()
        assert not seat.thinker.busy, "and is not started again"
        play.use_engine(EngineBudget(ponder=True, memory_mb=128))
        play.update()
        assert seat.thinker.pondering and seat.thinker.memory_mb == 128
        # any move of the person's (the book's reply may have left a capture to make)
        play.play_text(play.game.move_text(play.game.legal_moves()[0]))
        _answered(play, 4)
    finally:
        play.close()


def test_a_seat_given_later_and_both_sides_of_a_watched_game_follow_the_budget() -> None:
    play = BoardPlay("russian")
    play.use_engine(EngineBudget(ponder=False, memory_mb=512))
    shared = Thinker()
    white, black = ComputerPlayer(8, thinker=shared), ComputerPlayer(8, thinker=shared)
    play.set_seat(W, white)
    play.set_seat(B, black)
    assert white.budget == black.budget == EngineBudget(False, 512)
    assert shared.memory_mb == 512
    assert shared.pid is None, "nothing started a worker"
