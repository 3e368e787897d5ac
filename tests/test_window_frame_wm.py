"""The real game under a real window manager (Openbox on Xvfb) on small screens: started with
no options, its window *with its frame* lies on the part of the screen the window manager
leaves to windows (issue 49, item 2: at 800×560 the window was 800×560 at +1+20, its bottom
20 px off the screen; at 1024×600 it was 1008×560 at +9+60, the board's letters and its New
game / Menu buttons cut off). A panel is made with Openbox's margins (what a dock or a task
bar reserves: _NET_WORKAREA). The window is moved as little as it must and made smaller only
where the screen holds no more; it opens again in the same place and size.

Skipped where Xvfb, xdotool, xwininfo, xprop or openbox are missing (Debian: xvfb, xdotool,
x11-utils, openbox)."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.window import MIN_SIZE
from tests.test_window_fits import Game, _x, xvfb

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "xwininfo", "xprop",
                                            "openbox")),
    reason="needs Xvfb, xdotool, xwininfo, xprop and openbox")

Rect = tuple[int, int, int, int]


@contextmanager
def openbox(display: str, folder: Path, bottom: int = 0, top: int = 0) -> Iterator[None]:
    """Openbox on ``display``, keeping ``bottom`` and ``top`` pixels of the screen for
    panels (its margins: the work area it announces leaves them out)."""
    config = None
    if bottom or top:
        shipped = Path("/etc/xdg/openbox/rc.xml")
        if not shipped.exists():
            pytest.skip("no /etc/xdg/openbox/rc.xml to make margins in")
        text = re.sub(r"<margins>.*?</margins>",
                      f"<margins><top>{top}</top><bottom>{bottom}</bottom><left>0</left>"
                      f"<right>0</right></margins>", shipped.read_text(), flags=re.S)
        config = folder / "rc.xml"
        config.write_text(text)
    command = ["openbox"] + (["--config-file", str(config)] if config else [])
    manager = subprocess.Popen(command, env={**os.environ, "DISPLAY": display},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 5
        while "_NET_SUPPORTING_WM_CHECK(WINDOW)" not in _x(display, "xprop", "-root"):
            if manager.poll() is not None or time.monotonic() > deadline:
                pytest.skip("openbox did not start")
            time.sleep(0.05)
        yield
    finally:
        manager.terminate()
        try:
            manager.wait(5)
        except subprocess.TimeoutExpired:
            manager.kill()
            manager.wait()


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text.split("=", 1)[-1])] if "=" in text else []


def work_area(display: str) -> Rect:
    """The part of the screen the window manager leaves to windows, as it announces it."""
    deadline = time.monotonic() + 5
    found = _numbers(_x(display, "xprop", "-root", "_NET_WORKAREA"))
    while len(found) < 4 and time.monotonic() < deadline:  # set just after it starts
        time.sleep(0.05)
        found = _numbers(_x(display, "xprop", "-root", "_NET_WORKAREA"))
    assert len(found) >= 4, "Openbox announces its work area"
    return found[0], found[1], found[2], found[3]


def with_frame(game: Game) -> Rect | None:
    """The window with the frame Openbox draws round it (None until it has one)."""
    sides = _numbers(_x(game.display, "xprop", "-id", game.window, "_NET_FRAME_EXTENTS"))
    if len(sides) != 4:
        return None
    left, right, top, bottom = sides
    x, y, w, h = game.geometry()
    return x - left, y - top, w + left + right, h + top + bottom


def within(rect: Rect, area: Rect) -> bool:
    x, y, w, h = rect
    ax, ay, aw, ah = area
    return ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah


def settled(game: Game, area: Rect) -> Rect:
    """The window with its frame once it lies on ``area``; what it is after 5 s if never."""
    deadline = time.monotonic() + 5
    outer = with_frame(game)
    while (outer is None or not within(outer, area)) and time.monotonic() < deadline:
        time.sleep(0.05)
        outer = with_frame(game)
    assert outer is not None, "Openbox gave the window a frame"
    time.sleep(0.3)  # nothing moves it further
    assert with_frame(game) == outer
    return outer


def _start(display: str, home: Path) -> Game:
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps({"language": "en"}))
    return Game(display, home)


@pytest.mark.parametrize("screen,bottom,top", [
    ((800, 560), 0, 0), ((1024, 600), 0, 0), ((1024, 600), 40, 0), ((800, 600), 32, 30),
    ((1366, 768), 40, 0)])
def test_the_window_with_its_frame_lies_on_the_work_area(
        screen: tuple[int, int], bottom: int, top: int, tmp_path: Path) -> None:
    with xvfb(screen) as display, openbox(display, tmp_path, bottom, top):
        area = work_area(display)
        assert area == (0, top, screen[0], screen[1] - top - bottom)
        game = _start(display, tmp_path)
        try:
            outer = settled(game, area)
            x, y, w, h = game.geometry()
        finally:
            game.stop()
    assert within(outer, area), (outer, area)
    # smaller than the layouts' smallest size only where the screen holds no more
    room = (outer[2] - w, outer[3] - h)
    assert w >= min(MIN_SIZE[0], area[2] - room[0])
    assert h >= min(MIN_SIZE[1], area[3] - room[1])
    if screen == (1024, 600) and not bottom:
        assert (w, h) == (1008, 560), "moved up, not made smaller"


def test_a_window_made_smaller_for_its_frame_opens_again_as_it_was(tmp_path: Path) -> None:
    with xvfb((800, 560)) as display, openbox(display, tmp_path):
        area = work_area(display)
        game = _start(display, tmp_path)
        try:
            first = settled(game, area)
            inside = game.geometry()
        except BaseException:
            game.stop()
            raise
        game.quit(first_start=False)
        kept = json.loads((tmp_path / "config" / "settings.json").read_text())["window"]
        assert kept["size"] == list(inside[2:])
        again = Game(display, tmp_path)
        try:
            assert settled(again, area) == first
            assert again.geometry() == inside
        finally:
            again.stop()
