"""Where the window opens (game/window.py, no display needed): it fits the screen, comes back
where it was closed, and drops a size or place that no longer fits the displays there are."""
from __future__ import annotations

import pytest

from game.settings import WindowPlace
from game.ui import theme
from game.window import (DESIGN_SIZE, FRAME_TOP, MIN_SIZE, Display, closing, fit_size,
                         opening)

SCREENS = [(800, 560), (1024, 600), (1280, 720), (1366, 768), (1440, 900), (1920, 1080),
           (2560, 1440)]


def plain(w: int, h: int, x: int = 0, y: int = 0) -> Display:
    """A display whose system names no task bar (as Xvfb, or an auto-hiding panel)."""
    return Display((x, y, w, h), (x, y, w, h))


def with_task_bar(w: int, h: int, bar: int = 40) -> Display:
    return Display((0, 0, w, h), (0, 0, w, h - bar))


def inside(rect: tuple[int, int, int, int], area: tuple[int, int, int, int]) -> bool:
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def test_the_layouts_smallest_size_is_the_themes() -> None:
    assert MIN_SIZE == theme.MIN_SIZE and DESIGN_SIZE == theme.BASE_SIZE


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("bar", [0, 30, 48])
def test_the_first_window_lies_on_the_usable_part_with_room_for_a_title_bar(
        screen: tuple[int, int], bar: int) -> None:
    display = with_task_bar(*screen, bar) if bar else plain(*screen)
    opened = opening(None, [display])
    assert opened.position is not None
    rect = (*opened.position, *opened.size)
    if display.usable[2] >= MIN_SIZE[0] and display.usable[3] >= MIN_SIZE[1]:
        assert inside(rect, display.usable)
    else:  # the task bar leaves less than the layouts need: on the screen all the same
        assert inside(rect, display.bounds) and opened.position[1] <= display.usable[1] + 1
    assert opened.size[0] >= MIN_SIZE[0] and opened.size[1] >= MIN_SIZE[1]
    if display.usable[3] >= MIN_SIZE[1] + FRAME_TOP:
        assert opened.position[1] >= FRAME_TOP  # the title bar is on the screen too
    if screen[0] >= 1400 and screen[1] - bar >= 900:
        assert opened.size == DESIGN_SIZE  # where the design size fits, it is taken


def test_the_issue_screens() -> None:
    """The player's 800×560 screen got a 1280×800 window at −240,−120; a 1366×768 laptop
    with a task bar was as bad."""
    assert opening(None, [plain(800, 560)]) == opening(None, [plain(800, 560)])
    small = opening(None, [plain(800, 560)])
    assert small.size == (800, 560) and small.position == (0, 0)
    laptop = opening(None, [with_task_bar(1366, 768, 40)])
    assert laptop.size == (1280, 680) and laptop.position == (43, 40)


def test_the_window_comes_back_at_its_size_and_place() -> None:
    displays = [with_task_bar(1920, 1080)]
    kept = WindowPlace((1000, 700), (300, 150), 0, (1920, 1080))
    assert opening(kept, displays) == opening(kept, displays)
    again = opening(kept, displays)
    assert (again.size, again.position, again.display) == ((1000, 700), (300, 150), 0)
    assert not again.maximized
    assert opening(WindowPlace((1000, 700), (300, 150), maximized=True), displays).maximized


def test_a_size_larger_than_the_display_now_is_fitted_down_and_centred() -> None:
    """A laptop taken from its big monitor: the window closed at 1800×1000 there."""
    kept = WindowPlace((1800, 1000), (60, 40), 0, (1920, 1080))
    laptop = with_task_bar(1366, 768)
    again = opening(kept, [laptop])
    assert again.size[0] <= 1366 and again.size[1] <= 768 - 40 - FRAME_TOP
    assert again.position is not None
    assert inside((*again.position, *again.size), laptop.usable)


def test_a_place_off_every_display_is_dropped() -> None:
    kept = WindowPlace((1000, 650), (2200, 100), 1, (1920, 1080))  # on a monitor now gone
    again = opening(kept, [plain(1366, 768)])
    assert again.display == 0 and again.position is not None
    assert inside((*again.position, *again.size), (0, 0, 1366, 768))
    half_off = WindowPlace((1000, 650), (900, 300), 0, (1366, 768))
    moved = opening(half_off, [plain(1366, 768)])
    assert moved.position != (900, 300)
    assert inside((*moved.position, *moved.size), (0, 0, 1366, 768))  # type: ignore[misc]


def test_the_second_display_is_found_again_by_its_place() -> None:
    left, right = plain(1920, 1080), plain(1280, 1024, x=1920)
    kept = WindowPlace((1000, 700), (2000, 100), 1, (1280, 1024))
    assert opening(kept, [left, right]).display == 1
    assert opening(kept, [left, right]).position == (2000, 100)
    # the system numbers the displays the other way round now: the place still says which
    swapped = opening(kept, [right, left])
    assert swapped.display == 0 and swapped.position == (2000, 100)
    # the second display is gone: the window goes to the first, centred
    alone = opening(kept, [left])
    assert alone.display == 0 and alone.position is not None
    assert inside((*alone.position, *alone.size), left.usable)


def test_a_display_whose_place_is_unknown_is_left_to_the_system() -> None:
    first, second = plain(1920, 1080), Display((0, 0, 1600, 900), (0, 0, 1600, 900), placed=False)
    again = opening(WindowPlace((1000, 700), None, 1, (1600, 900)), [first, second])
    assert again.display == 1 and again.position is None
    assert again.size == (1000, 700)
    # a place that lies on the first display (whose top left is the desktop's) is its
    assert opening(WindowPlace((1000, 700), (100, 100), 1), [first, second]).display == 0


def test_a_size_asked_for_the_run_is_taken_as_it_is() -> None:
    kept = WindowPlace((1000, 700), (300, 150))
    asked = opening(kept, [plain(1920, 1080)], size=(1280, 800))
    assert asked.size == (1280, 800) and asked.position == (300, 150)
    first = opening(None, [plain(1024, 600)], size=(800, 560))
    assert first.size == (800, 560)


def test_no_display_known_opens_the_size_asked_for() -> None:
    assert opening(None, []).size == DESIGN_SIZE
    assert opening(WindowPlace((900, 600)), []).size == (900, 600)


def test_a_window_too_small_for_the_layouts_is_made_large_enough() -> None:
    assert fit_size((500, 300), plain(1920, 1080)) == MIN_SIZE
    kept = WindowPlace((500, 300), (10, 10))
    assert opening(kept, [plain(1920, 1080)]).size == MIN_SIZE


def test_closing_names_the_display_and_its_size() -> None:
    left, right = plain(1920, 1080), plain(1280, 1024, x=1920)
    place = closing((1000, 700), (2100, 50), [left, right])
    assert place == WindowPlace((1000, 700), (2100, 50), 1, (1280, 1024))
    said = closing((1000, 700), (100, 50), [left, right], maximized=True, display=0)
    assert said.display == 0 and said.display_size == (1920, 1080) and said.maximized
    assert closing((900, 600), None, [left]).display == 0
    assert closing((900, 600), None, []).display_size is None
