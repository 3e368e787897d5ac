"""Settings survive a restart; a bad file gives the defaults, a message, and is left alone."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.scenes import open_scene
from game.scenes.settings import SettingsScene
from game.settings import Settings, SettingsStore, config_dir
from tests.scenes.helpers import click, key, step, top


def settings_app(path: Path) -> App:
    app = App(SettingsStore(path))
    open_scene(app, "settings")
    step(app)
    return app


def button(app: App, label: str) -> pygame.Rect:
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    for row in scene.rows:
        for b in row.buttons:
            if b.label == label:
                return b.rect
    raise AssertionError(label)


def test_the_settings_file_lives_in_the_users_config_folder(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("SHASHKI_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr("sys.platform", "linux")
    assert config_dir() == tmp_path / "xdg" / "shashki"
    assert SettingsStore().path == tmp_path / "xdg" / "shashki" / "settings.json"


def test_round_trip_through_the_file(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "s" / "settings.json")
    wanted = Settings(fullscreen=True, sound=False, language="en")
    store.save(wanted)
    loaded = store.load()
    assert loaded.settings == wanted and loaded.problem is None
    assert not list((tmp_path / "s").glob(".settings-*")), "no temporary file is left behind"


def test_a_change_in_the_settings_screen_is_saved_and_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = settings_app(path)
    assert not path.exists(), "nothing is written until the player changes a setting"
    click(app, button(app, "English").center)
    assert app.settings.language == "en"
    assert json.loads(path.read_text())["language"] == "en"
    click(app, button(app, tr("settings.off")).center)  # now in English: "Off"
    assert tr("settings.off") == "Off"
    restarted = settings_app(path)
    assert restarted.settings.language == "en" and restarted.settings.sound is False
    assert not restarted.sound.enabled


def test_the_keyboard_changes_a_setting(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = settings_app(path)
    key(app, pygame.K_DOWN)  # to Sound
    key(app, pygame.K_RIGHT)
    assert app.settings.sound is False
    assert json.loads(path.read_text())["sound"] is False


def test_fullscreen_and_back_keeps_a_usable_window(tmp_path: Path) -> None:
    app = settings_app(tmp_path / "settings.json")
    key(app, pygame.K_RIGHT)  # Display: fullscreen
    assert app.settings.fullscreen
    key(app, pygame.K_LEFT)
    assert not app.settings.fullscreen
    assert app.size == (1280, 800)
    assert isinstance(top(app), SettingsScene)


@pytest.mark.parametrize("content, problem", [
    ("{not json", "settings.malformed"),
    ("[1, 2, 3]", "settings.malformed"),
    ('{"sound": "loud"}', "settings.malformed"),
    ('{"language": "tlh"}', "settings.malformed"),
    (b"\xff\xfe\x00garbage", "settings.unreadable"),
])
def test_a_corrupt_file_gives_defaults_a_message_and_survives(
        tmp_path: Path, content: str | bytes, problem: str) -> None:
    path = tmp_path / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    before = path.read_bytes()
    result = SettingsStore(path).load()
    assert result.problem == problem
    assert result.settings.sound is True and result.settings.fullscreen is False
    app = App(SettingsStore(path), language="en")
    open_scene(app, "menu")
    step(app, 5)
    assert any("default" in toast.message for toast in app.toasts)
    assert path.read_bytes() == before, "the player's file is not overwritten on start"


def test_a_missing_file_gives_defaults_and_a_message(tmp_path: Path) -> None:
    result = SettingsStore(tmp_path / "none.json").load()
    assert result.problem == "settings.missing" and result.settings.sound


def test_an_unreadable_path_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()  # a folder where the file should be
    result = SettingsStore(path).load()
    assert result.problem == "settings.unreadable"


def test_a_failed_save_says_so_and_keeps_the_game_running(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = settings_app(blocker / "settings.json")  # its folder cannot be made
    click(app, button(app, "English").center)
    assert app.settings.language == "en"
    assert any("Could not save" in toast.message for toast in app.toasts)
