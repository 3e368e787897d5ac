"""The messages' time, with no window: reading time by length, errors that stay, a screen
switch that never cuts a notice short of its reading, a message not on screen not ageing."""
from __future__ import annotations

import pytest

from game.notices import LEAVING_SECONDS, NOTICE_SECONDS, Kind, Notices, reading_time


def _run(notices: Notices, seconds: float, dt: float = 1 / 120) -> None:
    for _ in range(round(seconds / dt)):
        notices.age(dt, set(notices.items))


@pytest.mark.parametrize("length", [1, 30, 90, 300])
def test_a_notice_stays_whole_its_reading_time_then_slides_and_goes(length: int) -> None:
    notices = Notices()
    notice = notices.add("x" * length)
    assert notice.stay >= 2 + length / 15 and notice.stay == max(NOTICE_SECONDS,
                                                                 reading_time(notice.message))
    _run(notices, notice.stay - 0.05)
    assert notices.items == [notice] and notice.leaving == 0 and not notices.moving
    _run(notices, 0.05 + LEAVING_SECONDS / 2)
    assert 0 < notice.leaving < 1 and notices.moving
    _run(notices, LEAVING_SECONDS)
    assert not notices.items


def test_an_error_never_goes_by_itself_nor_on_a_screen_switch() -> None:
    notices = Notices()
    error = notices.add("Cannot save the game: the disk is full", Kind.ERROR)
    _run(notices, 600, dt=0.1)
    notices.screen_left()
    _run(notices, 60, dt=0.1)
    assert notices.items == [error] and error.left == float("inf")
    notices.dismiss(error)
    assert not notices.items


def test_a_screen_switch_shortens_a_notice_to_its_reading_time_at_least() -> None:
    notices = Notices()
    short, long = notices.add("Saved"), notices.add("y" * 120)
    _run(notices, 0.5)
    notices.screen_left()
    assert short.stay == pytest.approx(max(reading_time("Saved"), 1.5))
    assert long.stay == pytest.approx(reading_time(long.message)), "a long one is read whole"


def test_a_message_not_on_screen_does_not_age() -> None:
    notices = Notices()
    waiting = notices.add("waits below a full pile")
    for _ in range(1000):
        notices.age(0.1, set())
    assert waiting.shown == 0 and notices.items == [waiting]


def test_the_same_text_again_is_one_message_and_stays_an_error_if_it_was_one() -> None:
    notices = Notices()
    notices.add("The clipboard holds no text", Kind.ERROR)
    again = notices.add("The clipboard holds no text")
    assert notices.items == [again] and again.is_error
