"""Leaving the full screen returns the window to the state it had before: a window maximised
before F11 is maximised again after it (to be restored to its size from before it was
maximised); a plain window comes back plain. Under the dummy driver the system cannot
maximise: what the game asks of it is recorded instead (the X server test
tests/test_window_fullscreen_wm.py sees the window manager do it)."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import displays
from game.app import App
from game.settings import Settings, SettingsStore, WindowPlace
from tests.scenes.helpers import key, step

DUMMY_DISPLAY = (1024, 768)


class System:
    """What the system says of the window, and the maximising the game asked it for."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.maximized = False
        self.asked: list[tuple[int, int]] = []
        monkeypatch.setattr(displays, "window_maximized", lambda: self.maximized)
        monkeypatch.setattr(displays, "maximize", self._maximize)

    def _maximize(self, size: tuple[int, int], place: tuple[int, int] | None) -> bool:
        self.asked.append(size)
        self.maximized = True
        return True


def _app(path: Path) -> App:
    store = SettingsStore(path)
    store.save(Settings(language="en", window=WindowPlace((900, 620), None, 0, DUMMY_DISPLAY)))
    app = App(store, size=None)
    app.routes.reset("menu")
    step(app)
    return app


@pytest.fixture(autouse=True)
def _one_display() -> None:
    pygame.display.init()
    if pygame.display.get_desktop_sizes()[0] != DUMMY_DISPLAY:
        pytest.skip("the dummy video driver's display is not 1024x768 here")


def test_a_maximised_window_is_maximised_again_after_the_full_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    system = System(monkeypatch)
    path = tmp_path / "settings.json"
    app = _app(path)
    system.maximized = True  # the player maximises the window
    pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    step(app)
    key(app, pygame.K_F11)
    step(app, 2)
    assert app.settings.fullscreen and app.size == DUMMY_DISPLAY
    system.maximized = False  # SDL gives back a plain window...
    key(app, pygame.K_F11)
    step(app, 2)
    assert not app.settings.fullscreen
    assert system.asked == [(900, 620)], "...which is maximised again, to restore to 900x620"
    assert system.maximized
    app.close_scenes()
    kept = json.loads(path.read_text(encoding="utf-8"))["window"]
    assert kept["maximized"] is True and kept["size"] == [900, 620]


def test_a_plain_window_comes_back_plain(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    system = System(monkeypatch)
    app = _app(tmp_path / "settings.json")
    key(app, pygame.K_F11)
    step(app, 2)
    key(app, pygame.K_F11)
    step(app, 2)
    assert system.asked == [] and app.size == (900, 620)


def test_started_in_full_screen_after_a_maximised_window_it_returns_maximised(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    system = System(monkeypatch)
    path = tmp_path / "settings.json"
    store = SettingsStore(path)
    store.save(Settings(language="en", fullscreen=True,
                        window=WindowPlace((900, 620), None, 0, DUMMY_DISPLAY, True)))
    app = App(store, size=None)
    app.routes.reset("menu")
    step(app, 2)
    assert app.size == DUMMY_DISPLAY and system.asked == [], "not maximised under the full screen"
    key(app, pygame.K_F11)
    step(app, 2)
    assert system.asked == [(900, 620)] and system.maximized
