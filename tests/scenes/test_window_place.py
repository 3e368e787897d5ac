"""The real app keeps its window's size: it opens fitted to the screen, at the size it was
closed at, writes the size when the window closes (only when it changed, never on a first
start whose language question was not answered), and returns from the full screen to it.

The dummy video driver has one 1024×768 display and no window places; the X server test
(tests/test_window_fits.py) checks the places."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import STRINGS
from game.settings import Settings, SettingsStore, WindowPlace
from game.window import MIN_SIZE
from tests.scenes.helpers import key, step

DUMMY_DISPLAY = (1024, 768)


def _store(path: Path, settings: Settings | None = None) -> SettingsStore:
    store = SettingsStore(path)
    if settings is not None:
        store.save(settings)
    return store


def _kept(path: Path) -> dict[str, object] | None:
    window = json.loads(path.read_text(encoding="utf-8"))["window"]
    assert window is None or isinstance(window, dict)
    return window


def _resize(app: App, size: tuple[int, int]) -> None:
    """The player drags the window's edge."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().size = size
    step(app, 2)
    assert app.size == size


@pytest.fixture(autouse=True)
def _one_display() -> None:
    pygame.display.init()
    if pygame.display.get_desktop_sizes()[0] != DUMMY_DISPLAY:
        pytest.skip("the dummy video driver's display is not 1024x768 here")


def test_a_window_never_closed_before_fits_the_screen(tmp_path: Path) -> None:
    app = App(_store(tmp_path / "settings.json", Settings(language="en")), size=None)
    w, h = app.size
    assert MIN_SIZE[0] <= w <= DUMMY_DISPLAY[0] and MIN_SIZE[1] <= h <= DUMMY_DISPLAY[1] - 40
    app.close_scenes()


def test_the_window_reopens_at_the_size_it_was_closed_at(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = App(_store(path, Settings(language="en")), size=None)
    app.routes.reset("menu")
    step(app)
    _resize(app, (900, 620))
    app.close_scenes()
    kept = _kept(path)
    assert kept is not None and kept["size"] == [900, 620] and kept["display"] == 0
    again = App(_store(path), size=None)
    assert again.size == (900, 620)
    again.close_scenes()


def test_a_window_closed_as_it_opened_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    place = WindowPlace((900, 620), None, 0, DUMMY_DISPLAY)
    app = App(_store(path, Settings(language="en", window=place)), size=None)
    before = path.read_bytes()
    inode = path.stat().st_ino  # a write replaces the file (a rename): a new inode
    app.close_scenes()
    assert path.read_bytes() == before and path.stat().st_ino == inode


def test_a_remembered_size_larger_than_the_screen_is_fitted_down(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    big = WindowPlace((1800, 1000), (50, 40), 0, (1920, 1080))  # from a bigger monitor
    app = App(_store(path, Settings(language="en", window=big)), size=None)
    assert app.size[0] <= DUMMY_DISPLAY[0] and app.size[1] <= DUMMY_DISPLAY[1]
    app.close_scenes()
    kept = _kept(path)
    assert kept is not None and kept["size"] == list(app.size)  # what it was, now


def test_an_unanswered_first_start_leaves_no_settings_file(tmp_path: Path) -> None:
    """Closed on the language question: the next start asks again."""
    path = tmp_path / "settings.json"
    app = App(SettingsStore(path), size=None)
    app.routes.reset("language")
    step(app)
    _resize(app, (880, 600))
    app.close_scenes()
    assert not path.exists()


def test_a_size_asked_for_the_run_is_not_remembered_unless_the_player_resizes(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    place = WindowPlace((900, 620), None, 0, DUMMY_DISPLAY)
    app = App(_store(path, Settings(language="en", window=place)), size=(1000, 700))
    assert app.size == (1000, 700)
    app.close_scenes()
    assert _kept(path) == place.to_json()
    app = App(_store(path), size=(1000, 700))
    _resize(app, (820, 580))
    app.close_scenes()
    kept = _kept(path)
    assert kept is not None and kept["size"] == [820, 580]


def test_the_runs_language_is_not_written_with_the_window(tmp_path: Path) -> None:
    """``--lang en`` is for one run: closing the window keeps the language on file."""
    path = tmp_path / "settings.json"
    app = App(_store(path, Settings(language="ru")), size=None, language="en")
    _resize(app, (860, 600))
    app.close_scenes()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["language"] == "ru" and data["window"]["size"] == [860, 600]


def test_leaving_the_full_screen_returns_to_the_windows_size(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    place = WindowPlace((900, 620), None, 0, DUMMY_DISPLAY)
    app = App(_store(path, Settings(language="en", window=place)), size=None)
    app.routes.reset("menu")
    step(app)
    key(app, pygame.K_F11)
    step(app, 2)
    assert app.settings.fullscreen and app.size == DUMMY_DISPLAY
    key(app, pygame.K_F11)
    step(app, 2)
    assert not app.settings.fullscreen and app.size == (900, 620)
    key(app, pygame.K_F11)  # closed in full screen: the window's size is what is kept
    step(app, 2)
    app.close_scenes()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["fullscreen"] and data["window"]["size"] == [900, 620]


def test_started_in_full_screen_it_leaves_it_for_the_remembered_size(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    place = WindowPlace((900, 620), None, 0, DUMMY_DISPLAY)
    app = App(_store(path, Settings(language="en", fullscreen=True, window=place)), size=None)
    app.routes.reset("menu")
    step(app, 2)
    assert app.size == DUMMY_DISPLAY
    key(app, pygame.K_F11)
    step(app, 2)
    assert app.size == (900, 620)
    app.close_scenes()


def test_without_sound_the_first_start_says_so_in_both_languages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before a language is chosen the notice must be read by whoever sits there."""
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    try:
        first = App(SettingsStore(tmp_path / "first.json"), size=(800, 560))
        said = [toast.message for toast in first.toasts]
        assert said == [STRINGS["settings.no_audio"]["en"], STRINGS["settings.no_audio"]["ru"]]
        later = App(_store(tmp_path / "later.json", Settings(language="ru")), size=(800, 560))
        assert [t.message for t in later.toasts] == [STRINGS["settings.no_audio"]["ru"]]
        asked = App(SettingsStore(tmp_path / "asked.json"), size=(800, 560), language="en")
        assert [t.message for t in asked.toasts] == [STRINGS["settings.no_audio"]["en"]]
    finally:
        pygame.mixer.quit()


def test_a_maximised_window_is_kept_maximised_with_the_size_it_returns_to(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window manager maximises the window: it may say the new size before it says the
    window is maximised. Kept: maximised, and the size from before (to return to)."""
    from game import displays

    monkeypatch.setattr(displays, "window_maximized", lambda: None)  # told by events alone
    path = tmp_path / "settings.json"
    place = WindowPlace((900, 620), None, 0, DUMMY_DISPLAY)
    app = App(_store(path, Settings(language="en", window=place)), size=None)
    app.routes.reset("menu")
    step(app)
    _resize(app, (1024, 740))  # the maximised size comes first...
    pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED))
    step(app)  # ...then the word that it is maximised
    app.close_scenes()
    kept = _kept(path)
    assert kept is not None and kept["maximized"] is True and kept["size"] == [900, 620]
    # restored, then resized by hand: that size is kept, not maximised
    again = App(_store(path), size=None)
    again.routes.reset("menu")
    step(again)
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    step(again)
    _resize(again, (880, 600))
    again.close_scenes()
    kept = _kept(path)
    assert kept is not None and kept["maximized"] is False and kept["size"] == [880, 600]
