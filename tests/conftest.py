"""Every test runs off-screen and silent, with its own settings folder."""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# the test modules (as pytest rewrites them) and the game's modules, which every process the
# tests start imports again, are compiled once and kept in __pycache__ (ignored by git), even
# where the environment asks Python to write no bytecode: compiled afresh in every run and in
# every child process, they cost the suite about a minute
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_config(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    # never read or write the settings of the person running the tests
    monkeypatch.setenv("SHASHKI_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture(autouse=True)
def _private_data(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    # never read or write the saved games of the person running the tests
    monkeypatch.setenv("SHASHKI_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def _pointer_left_as_found():  # type: ignore[no-untyped-def]
    # a test that moved the system pointer (Chapaev's hand puts it back in the window's
    # middle during a long pull) leaves it where the next test's screens would see it under
    # their rows; each test starts with the pointer in the corner and no events waiting
    yield
    import sys

    pygame = sys.modules.get("pygame")
    if pygame is None or not pygame.display.get_init() or pygame.display.get_surface() is None:
        return
    pygame.mouse.set_visible(True)
    pygame.mouse.set_pos((0, 0))
    pygame.event.clear()
