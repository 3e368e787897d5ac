"""The real game under a real window manager (Openbox on Xvfb): F11 from a maximised window
and F11 again gives back the maximised window, and restoring it then gives back the size and
place it had before it was maximised; closed in full screen, it is remembered maximised.

Skipped where Xvfb, xdotool, xwininfo, openbox or wmctrl are missing (Debian: xvfb, xdotool,
x11-utils, openbox, wmctrl)."""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from tests.test_window_fits import Game, _x, xvfb
from tests.test_window_frame_wm import openbox

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "xwininfo", "openbox",
                                            "wmctrl")),
    reason="needs Xvfb, xdotool, xwininfo, openbox and wmctrl")

SCREEN = (1366, 768)


def _state(game: Game) -> str:
    return _x(game.display, "xprop", "-id", game.window, "_NET_WM_STATE")


def _wait_for(game: Game, check: str, present: bool = True) -> None:
    """Until the window's state names ``check`` (or no longer does)."""
    deadline = time.monotonic() + 5
    while (check in _state(game)) != present and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # the game follows the window manager's events


def _steady(game: Game) -> tuple[int, int, int, int]:
    """The window's geometry once it has stayed the same for half a second (the game moves
    its window onto the usable area once the window manager tells the frame; on a busy
    machine that may come after the first look)."""
    deadline = time.monotonic() + 8
    last, since = game.geometry(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = game.geometry()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= 0.5:
            break
    return last


def _maximize(game: Game, on: bool) -> None:
    _x(game.display, "wmctrl", "-i", "-r", game.window, "-b",
       f"{'add' if on else 'remove'},maximized_vert,maximized_horz")
    _wait_for(game, "MAXIMIZED_HORZ", on)


def _f11(game: Game, fullscreen: bool) -> None:
    game.keys("F11")
    _wait_for(game, "FULLSCREEN", fullscreen)


def test_f11_from_a_maximised_window_comes_back_maximised(tmp_path: Path) -> None:
    if shutil.which("xprop") is None:
        pytest.skip("needs xprop (x11-utils)")
    with xvfb(SCREEN) as display, openbox(display, tmp_path):
        (tmp_path / "config").mkdir()
        (tmp_path / "config" / "settings.json").write_text(json.dumps({"language": "en"}))
        game = Game(display, tmp_path)
        try:
            before = _steady(game)
            _maximize(game, True)
            maximised = game.geometry()
            assert maximised[2:] != before[2:]
            _f11(game, True)
            assert game.geometry()[2:] == SCREEN
            _f11(game, False)
            assert "MAXIMIZED_HORZ" in _state(game), "back maximised, as it was"
            assert game.geometry() == maximised
            _maximize(game, False)
            assert _steady(game) == before, "restored to where it was before maximised"
            _maximize(game, True)
            _f11(game, True)
        except BaseException:
            game.stop()
            raise
        game.quit(first_start=False)
        kept = json.loads((tmp_path / "config" / "settings.json").read_text())
        assert kept["fullscreen"] is True
        assert kept["window"]["maximized"] is True
        assert kept["window"]["size"] == list(before[2:])
        # started again in full screen: F11 leaves it for the maximised window
        again = Game(display, tmp_path)
        try:
            _wait_for(again, "FULLSCREEN")
            _f11(again, False)
            assert "MAXIMIZED_HORZ" in _state(again)
            assert again.geometry() == maximised
        finally:
            again.stop()
