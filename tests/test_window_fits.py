"""The real game in a real X server: started with no options on a fresh account, its window
lies wholly on screens of 800×560, 1024×600, 1366×768 and 1920×1080, as the X server itself
reports the window's geometry (not as the game thinks it is); and it opens again at the size
and place it was closed at.

Xvfb has no window manager (no title bar, no task bar): the game still leaves room for them
where the screen is big enough. Skipped where Xvfb, xdotool or xwininfo are missing.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.window import FRAME_TOP, MIN_SIZE

ROOT = Path(__file__).resolve().parent.parent
#: the display numbers this test may take (others may be in use by people or other tests)
DISPLAYS = range(81, 90)
APP_CLASS = "org.shashki.Shashki"

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "xwininfo")),
    reason="needs Xvfb, xdotool and xwininfo (Debian: xvfb, xdotool, x11-utils)")


def _free_display() -> int:
    for number in DISPLAYS:
        if not (Path(f"/tmp/.X11-unix/X{number}").exists()
                or Path(f"/tmp/.X{number}-lock").exists()):
            return number
    pytest.skip("no free X display number in :81..:89")


@contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str]:
    """An X server with one screen of ``size``, for the block; its DISPLAY name."""
    number = _free_display()
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{size[0]}x{size[1]}x24",
                               "-nolisten", "tcp", "-noreset"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 5
        while not _x(f":{number}", "xwininfo", "-root"):  # answers once it is up
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.skip(f"Xvfb did not start on :{number}")
            time.sleep(0.02)
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _x(display: str, *command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=5,
                          env={**os.environ, "DISPLAY": display})
    return done.stdout


class Game:
    """``python -m game`` on an X display, as a player starts it."""

    def __init__(self, display: str, home: Path) -> None:
        self.display = display
        env = {key: value for key, value in os.environ.items()
               if not key.startswith("SDL_VIDEO")}  # the real X11 driver, not the dummy
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
                   SHASHKI_CONFIG_DIR=str(home / "config"), SHASHKI_DATA_DIR=str(home / "data"), PYTHONFAULTHANDLER="1")
        self.process = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.window = self._find()

    def _find(self) -> str:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            found = _x(self.display, "xdotool", "search", "--classname", APP_CLASS).split()
            if found and self.geometry(found[0])[2] > 1:
                return found[0]
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        if self.process.poll() is None:  # hung: Python's fault handler says where
            self.process.send_signal(signal.SIGABRT)
            self.process.wait()
        out = self.process.stdout.read().decode(errors="replace") if self.process.stdout else ""
        seen = _x(self.display, "xwininfo", "-root", "-tree")
        raise AssertionError(f"the game's window did not appear (exit code "
                             f"{self.process.returncode}; windows: {seen}): {out}")

    def geometry(self, window: str | None = None) -> tuple[int, int, int, int]:
        """x, y, width, height as the X server has them."""
        info = _x(self.display, "xwininfo", "-id", window or self.window)
        values = [int(re.search(rf"{name}:\s+(-?\d+)", info).group(1))  # type: ignore[union-attr]
                  for name in ("Absolute upper-left X", "Absolute upper-left Y", "Width",
                               "Height")]
        return values[0], values[1], values[2], values[3]

    def keys(self, *names: str) -> None:
        _x(self.display, "xdotool", "windowfocus", "--sync", self.window)
        for name in names:
            _x(self.display, "xdotool", "key", name)
            time.sleep(0.25)

    def quit(self, first_start: bool) -> None:
        """As a player would: on the first start the language the focus is on; then Quit
        from the menu, confirmed."""
        self.keys(*(["Escape"] if first_start else []), "Escape", "Left", "Return")
        try:
            assert self.process.wait(10) == 0
        finally:
            self.stop()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@pytest.mark.parametrize("screen", [(800, 560), (1024, 600), (1366, 768), (1920, 1080)])
def test_the_first_window_lies_wholly_on_the_screen(screen: tuple[int, int],
                                                    tmp_path: Path) -> None:
    with xvfb(screen) as display:
        game = Game(display, tmp_path)
        try:
            x, y, w, h = game.geometry()
        finally:
            game.stop()
    assert 0 <= x and 0 <= y and x + w <= screen[0] and y + h <= screen[1], (x, y, w, h)
    assert (w, h) >= MIN_SIZE and w >= MIN_SIZE[0]
    if screen[1] >= MIN_SIZE[1] + FRAME_TOP:
        assert y >= FRAME_TOP  # a title bar would fit above it
    if screen == (1920, 1080):
        assert (w, h) == (1280, 800)  # the design size, where it fits


def test_the_window_opens_again_where_it_was_closed(tmp_path: Path) -> None:
    with xvfb((1366, 768)) as display:
        game = Game(display, tmp_path)
        _x(display, "xdotool", "windowmove", "--sync", game.window, "120", "70")
        _x(display, "xdotool", "windowsize", "--sync", game.window, "1000", "620")
        time.sleep(0.3)
        assert game.geometry() == (120, 70, 1000, 620)
        game.quit(first_start=True)
        kept = json.loads((tmp_path / "config" / "settings.json").read_text())["window"]
        assert kept["size"] == [1000, 620] and kept["position"] == [120, 70]
        again = Game(display, tmp_path)
        try:
            assert again.geometry() == (120, 70, 1000, 620)
        finally:
            again.quit(first_start=False)
