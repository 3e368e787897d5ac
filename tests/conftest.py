"""Every test runs off-screen and silent, with its own settings folder."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
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
