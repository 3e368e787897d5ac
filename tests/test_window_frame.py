"""The open window with its frame is moved onto the usable part of the screen (game/window.py's
``settled``, no display needed), and the window keeper does it once the system tells the frame
(game/displays.py's ``WindowKeeper.settle``, with the system's answers given by the test).

The numbers are those seen under Openbox on Xvfb (issue 49, item 2): its frame is 1 px at the
sides, a 20 px title bar and a 5 px handle at the bottom; the game's window opened at 800×560
at +1+20 on an 800×560 screen (its bottom 20 px off the screen) and at 1008×560 at +9+60 on a
1024×600 screen (the board's letters and its New game / Menu buttons off the screen)."""
from __future__ import annotations

from itertools import product

import pygame
import pytest

from game import displays as system
from game.displays import WindowKeeper
from game.window import MIN_SIZE, SMALLEST_SIZE, Display, Frame, Rect, settled

OPENBOX = Frame(1, 20, 1, 5)
NO_FRAME = Frame(0, 0, 0, 0)


def plain(w: int, h: int, x: int = 0, y: int = 0) -> Display:
    return Display((x, y, w, h), (x, y, w, h))


def with_panel(w: int, h: int, bottom: int = 0, top: int = 0) -> Display:
    """A display whose window manager keeps ``bottom`` and ``top`` pixels for its panels."""
    return Display((0, 0, w, h), (0, top, w, h - top - bottom))


def outer(inside: Rect, frame: Frame) -> Rect:
    """The window with its frame, as the screen shows it."""
    x, y, w, h = inside
    return (x - frame.left, y - frame.top, w + frame.left + frame.right,
            h + frame.top + frame.bottom)


def within(rect: Rect, area: Rect) -> bool:
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def test_the_800x560_screen_of_the_issue_gets_a_window_that_fits_with_its_frame() -> None:
    screen = plain(800, 560)
    assert settled((1, 20, 800, 560), OPENBOX, screen) == (1, 20, 798, 535)


def test_the_1024x600_screen_of_the_issue_moves_the_window_up_without_shrinking_it() -> None:
    screen = plain(1024, 600)
    assert settled((9, 60, 1008, 560), OPENBOX, screen) == (9, 35, 1008, 560)


def test_a_panel_the_window_manager_names_is_kept_clear() -> None:
    """A 40 px panel at the bottom (_NET_WORKAREA 1024×560), and one at the top."""
    assert settled((9, 60, 1008, 560), OPENBOX, with_panel(1024, 600, bottom=40)) == \
        (9, 20, 1008, 535)
    assert settled((1, 20, 800, 560), OPENBOX, with_panel(800, 560, top=30)) == \
        (1, 50, 798, 505)


def test_a_window_that_fits_with_its_frame_is_left_where_it_is() -> None:
    assert settled((120, 90, 1000, 620), OPENBOX, plain(1366, 768)) is None
    assert settled((1, 20, 1278, 743), OPENBOX, plain(1280, 768)) is None  # to the pixel


def test_nothing_is_moved_on_a_guess() -> None:
    """No window manager (Xvfb alone), or one that does not tell its frame: the window stays
    where the guess of a frame put it."""
    assert settled((1, 20, 800, 560), NO_FRAME, plain(800, 560)) is None
    unplaced = Display((0, 0, 800, 560), (0, 0, 800, 560), placed=False)
    assert settled((1, 20, 800, 560), OPENBOX, unplaced) is None


def test_a_window_off_the_top_left_comes_on_with_its_title_bar() -> None:
    assert settled((-300, -5, 900, 600), OPENBOX, plain(1366, 768)) == (1, 20, 900, 600)


def test_the_window_goes_onto_its_own_display() -> None:
    """A second display right of a 1920×1080 one, with a 32 px panel at its top."""
    second = Display((1920, 0, 1366, 768), (1920, 32, 1366, 736))
    assert settled((1930, 10, 1280, 800), OPENBOX, second) == (1930, 52, 1280, 711)


def test_never_smaller_than_the_smallest_size() -> None:
    """A screen that holds less than the smallest size the screens are laid out for: the
    window keeps that size, its title bar on the screen."""
    assert settled((50, 50, 800, 560), OPENBOX, plain(700, 450)) == \
        (1, 20, SMALLEST_SIZE[0], SMALLEST_SIZE[1])


SCREENS = [(800, 560), (800, 600), (1024, 600), (1024, 768), (1280, 720), (1366, 768)]
FRAMES = [OPENBOX, Frame(4, 37, 4, 4), Frame(0, 30, 0, 0), Frame(8, 31, 8, 8)]
PANELS = [(0, 0), (40, 0), (48, 0), (0, 32), (30, 27)]


@pytest.mark.parametrize("screen,frame,panels", list(product(SCREENS, FRAMES, PANELS)))
def test_every_window_opened_by_the_guess_ends_wholly_on_the_usable_area(
        screen: tuple[int, int], frame: Frame, panels: tuple[int, int]) -> None:
    """Whatever place and size the window opened at on a guess of its frame (here: every
    place on the screen, as a window manager might put it), with the real frame it lies on
    the usable area; it is made smaller only where it could not fit otherwise, and never
    below the smallest size the screens are laid out for."""
    display = with_panel(*screen, bottom=panels[0], top=panels[1])
    ux, uy, uw, uh = display.usable
    room = (uw - frame.left - frame.right, uh - frame.top - frame.bottom)
    for size in (MIN_SIZE, (min(1280, screen[0]), min(800, screen[1]))):
        for x, y in product(range(-40, screen[0], 97), range(-40, screen[1], 61)):
            inside = (x, y, *size)
            after = settled(inside, frame, display) or inside
            assert after[2] <= size[0] and after[3] <= size[1], "never made larger"
            for axis in (0, 1):
                if size[axis] <= room[axis]:
                    assert after[2 + axis] == size[axis], "not made smaller where it fits"
                else:
                    assert after[2 + axis] == max(room[axis], SMALLEST_SIZE[axis])
            if room[0] >= SMALLEST_SIZE[0] and room[1] >= SMALLEST_SIZE[1]:
                assert within(outer(after, frame), display.usable), (inside, after)


# the window keeper, with the system's answers given ----------------------------------------
class _System:
    """What the system tells of the window, set by the test (a window manager that tells its
    frame at once or only later), and what the game asks of it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, display: Display, inside: Rect,
                 frame: Frame | None) -> None:
        self.inside, self.frame = inside, frame
        self.asked: list[tuple[Rect, tuple[int, int]]] = []
        monkeypatch.setattr(system, "displays", lambda: [display])
        monkeypatch.setattr(system, "window_display", lambda: 0)
        monkeypatch.setattr(system, "window_maximized", lambda: False)
        monkeypatch.setattr(system, "window_position", lambda: self.inside[:2])
        monkeypatch.setattr(system, "window_frame", lambda: self.frame)
        monkeypatch.setattr(pygame.display, "get_window_size", lambda: self.inside[2:])
        monkeypatch.setattr(system, "place_window", self._place)

    def _place(self, inside: Rect, least: tuple[int, int]) -> bool:
        self.asked.append((inside, least))
        self.inside = inside
        return True


def test_the_keeper_settles_the_window_once_the_frame_is_told(
        monkeypatch: pytest.MonkeyPatch) -> None:
    told = _System(monkeypatch, plain(800, 560), (1, 20, 800, 560), OPENBOX)
    keeper = WindowKeeper(None)
    keeper.opened()
    assert told.asked == [((1, 20, 798, 535), (798, 535))]
    assert keeper.minimum == (798, 535), "the player may not make it too big for the screen"
    assert (keeper.size, keeper.position) == ((798, 535), (1, 20))
    # later events (the player moves the window half off the screen) move nothing
    told.inside = (300, 200, 798, 535)
    keeper.note(pygame.event.Event(pygame.WINDOWMOVED, x=300, y=200), fullscreen=False)
    assert len(told.asked) == 1 and keeper.position == (300, 200)


def test_a_window_manager_that_tells_the_frame_later_is_heard_on_the_windows_events(
        monkeypatch: pytest.MonkeyPatch) -> None:
    told = _System(monkeypatch, plain(1024, 600), (8, 40, 1008, 560), NO_FRAME)
    keeper = WindowKeeper(None)
    keeper.opened()
    assert told.asked == []  # nothing moved on a guess
    told.frame, told.inside = OPENBOX, (9, 60, 1008, 560)  # the frame came, the window moved
    keeper.note(pygame.event.Event(pygame.WINDOWMOVED, x=9, y=60), fullscreen=False)
    assert told.asked == [((9, 35, 1008, 560), MIN_SIZE)]
    assert keeper.minimum == MIN_SIZE and keeper.position == (9, 35)


def test_a_system_that_cannot_tell_the_frame_is_not_asked_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    told = _System(monkeypatch, plain(800, 560), (0, 0, 800, 560), None)
    keeper = WindowKeeper(None)
    keeper.opened()
    told.frame = OPENBOX  # would say something now: never asked
    keeper.note(pygame.event.Event(pygame.WINDOWMOVED, x=0, y=0), fullscreen=False)
    assert told.asked == [] and keeper.minimum == MIN_SIZE


def test_a_window_opened_in_full_screen_settles_when_it_leaves_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    told = _System(monkeypatch, plain(800, 560), (1, 20, 800, 560), OPENBOX)
    keeper = WindowKeeper(None)
    keeper.opened(fullscreen=True)
    keeper.note(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=560), fullscreen=True)
    assert told.asked == []
    keeper.note(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=560), fullscreen=False)
    assert told.asked == [((1, 20, 798, 535), (798, 535))]
