"""Settings survive a restart; a bad file gives the defaults, a message, and is left alone."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.demos import open_scene
from game.scenes.settings import SettingsScene
from game.settings import Settings, SettingsStore, config_dir
from tests.scenes.helpers import click, key, step, top


@pytest.fixture(autouse=True)
def _russian_system(monkeypatch: pytest.MonkeyPatch) -> None:
    # the defaults follow the system's language: these tests start from a Russian one
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")


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


def test_a_first_start_without_a_file_is_quiet(tmp_path: Path) -> None:
    result = SettingsStore(tmp_path / "none.json").load()
    assert result.problem is None and result.first_start and result.settings.sound
    app = App(SettingsStore(tmp_path / "none.json"), language="ru")
    open_scene(app, "menu")
    step(app, 3)
    assert not app.toasts, "a new player is not greeted by a complaint about a missing file"
    assert not (tmp_path / "none.json").exists()


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


def load_message(path: Path, language: str = "ru") -> tuple[str | None, App]:
    app = App(SettingsStore(path), language=language)
    open_scene(app, "menu")
    step(app, 3)
    return (app.toasts[0].message if app.toasts else None), app


def test_a_deeply_nested_file_does_not_stop_the_game(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("[" * 60000 + "]" * 60000)
    result = SettingsStore(path).load()
    assert result.problem is not None and result.settings.sound
    path.write_text('{"language": ' + "[" * 30000 + "]" * 30000 + "}")
    message, app = load_message(path)
    assert message and app.running


def test_a_fifo_in_place_of_the_file_does_not_hang_the_start(tmp_path: Path) -> None:
    import os
    import threading

    path = tmp_path / "settings.json"
    os.mkfifo(path)
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(SettingsStore(path).load()),
                              daemon=True)
    worker.start()
    worker.join(5)
    assert result, "loading the settings hung on a FIFO"
    assert result[0].problem == "settings.unreadable"  # type: ignore[attr-defined]


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"language": "' + "x" * 5_000_000 + '"}')
    result = SettingsStore(path).load()
    assert result.problem == "settings.unreadable"
    assert len(result.message() or "") < 200


def test_a_file_saved_by_notepad_with_a_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"language": "en", "sound": False}).encode())
    result = SettingsStore(path).load()
    assert result.problem is None
    assert result.settings.language == "en" and result.settings.sound is False


def test_a_bad_value_is_quoted_short_and_the_reason_speaks_russian(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    for length in (50_000, 200_000):  # under and over the size a settings file may have
        path.write_text(json.dumps({"language": "x" * length}))
        message, _ = load_message(path, "ru")
        assert message is not None and len(message) < 160, message
    path.write_text(json.dumps({"language": "x" * 50_000}))
    message, _ = load_message(path, "ru")
    assert message is not None and "неизвестный язык 'xxx" in message and "unknown" not in message
    path.write_text("{not json")
    message, _ = load_message(path, "ru")
    assert message is not None and "JSON" in message and "Expecting" not in message
    assert "строке 1" in message


def test_a_long_notice_wraps_inside_the_smallest_window(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound": "/" + "very-long-folder-name/" * 20}))
    app = App(SettingsStore(path), size=(800, 560), language="ru")
    open_scene(app, "menu")
    step(app)
    assert app.toasts
    toast = app.toasts[0].message
    app.screen.fill((0, 0, 0))
    app._draw_toasts()
    # the notice's panel (amber edge) stays inside the window with a margin on both sides
    columns = [x for x in range(800) if any(app.screen.get_at((x, y))[:3] != (0, 0, 0)
                                              for y in range(0, 200, 2))]
    assert columns and columns[0] >= 8 and columns[-1] <= 791, (toast, columns[:1], columns[-1:])


def test_a_damaged_file_is_kept_aside_when_a_setting_changes(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"sound": "loud", "my notes": "keep me"}')
    before = path.read_bytes()
    app = settings_app(path)
    assert path.read_bytes() == before, "starting does not touch it"
    click(app, button(app, "English").center)
    kept = tmp_path / "settings.json.damaged"
    assert kept.read_bytes() == before, "the damaged file is kept as it was"
    assert json.loads(path.read_text())["language"] == "en"
    assert any("settings.json.damaged" in toast.message for toast in app.toasts)
    click(app, button(app, "Русский").center)
    assert kept.read_bytes() == before, "a second save does not touch the kept file"


def test_volume_and_mute_are_settings_and_reach_the_sound(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = settings_app(path)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    click(app, button(app, "25%").center)
    assert app.settings.volume == 25 and app.sound.volume == 0.25
    assert json.loads(path.read_text())["volume"] == 25
    restarted = settings_app(path)
    assert restarted.settings.volume == 25 and restarted.sound.volume == 0.25


def test_a_hand_edited_volume_goes_to_the_nearest_step(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 60}')
    result = SettingsStore(path).load()
    assert result.problem is None and result.settings.volume == 50


KILLED_WRITER = """
import os, signal, sys
from pathlib import Path
from game.settings import write_atomic
import game.settings as settings
real_fsync = os.fsync
def die(fd):  # the power goes while the file is half written
    os.kill(os.getpid(), signal.SIGKILL)
os.fsync = die
write_atomic(Path(sys.argv[1]), "x" * 100_000)
"""


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGKILL"), reason="needs SIGKILL")
def test_a_temporary_file_left_by_a_killed_write_is_removed_at_the_next_start(
        tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "settings.json"
    path.write_text('{"sound": false}')
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(path)], cwd=root,
                          capture_output=True, timeout=60)
    assert done.returncode != 0
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(".settings."), left
    (tmp_path / ".settings-abcd1234.tmp").write_text("an older version's leftover")
    old = (tmp_path / ".settings-abcd1234.tmp")
    os.utime(old, (0, 0))
    (tmp_path / ".other.tmp").write_text("not ours: stays")
    result = SettingsStore(path).load()
    assert result.settings.sound is False, "the old file is whole"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.tmp", "settings.json"]


def test_a_temporary_file_of_a_copy_still_running_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    busy = tmp_path / f".settings.{os.getpid()}.abcd1234.tmp"  # this very process writes it
    busy.write_text("{")
    SettingsStore(path).load()
    assert busy.exists()


def test_a_reason_translated_without_its_values_still_reads() -> None:
    from game.i18n import language, set_language

    before = language()
    set_language("en")
    try:
        assert tr("saves.why.too_big", name="x.json") == \
            "x.json is too big: … KB, the limit is … KB"
        assert tr("saves.why.os") == "… cannot be read: …"
    finally:
        set_language(before)


def test_the_window_the_setups_and_the_engine_settings_survive_a_restart(tmp_path: Path) -> None:
    from game.settings import WindowPlace

    store = SettingsStore(tmp_path / "settings.json")
    wanted = Settings(language="en", ponder=True, engine_memory=512,
                      window=WindowPlace((1024, 600), (-30, 40), 1, (1920, 1080), True))
    wanted = wanted.with_setup("russian", {"play_as": "black", "level": 5, "clock": "5+3"})
    wanted = wanted.with_setup("chapaev", {"swamp": True})
    store.save(wanted)
    loaded = store.load()
    assert loaded.problem is None and loaded.settings == wanted
    assert loaded.settings.setups["russian"]["level"] == 5
    assert wanted.with_setup("russian", {"level": 2}).setups["russian"] == {"level": 2}


@pytest.mark.parametrize("window", [
    "big", {"size": [0, 600]}, {"size": [800]}, {"size": [800, 600], "position": "left"},
    {"size": [800.5, 600]}, {"size": [800, 600], "display": -1},
    {"size": [800, 600], "maximized": "yes"}, {"size": [10**9, 600]},
])
def test_a_window_entry_that_is_not_a_window_is_named_and_nothing_is_kept(
        tmp_path: Path, window: object) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "window": window}), encoding="utf-8")
    result = SettingsStore(path).load()
    assert result.problem == "settings.malformed" and "window" in result.detail
    assert result.settings.window is None
    assert path.read_text(encoding="utf-8").startswith("{"), "the file is left as it is"


def test_remembered_setups_keep_plain_values_only_and_a_strange_memory_size_is_rounded(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({
        "setups": {"russian": {"level": 3, "evil": {"x": [1]}, "long": "x" * 500,
                               "clock": None}},
        "engine_memory": 300}), encoding="utf-8")
    result = SettingsStore(path).load()
    assert result.problem is None
    assert result.settings.setups == {"russian": {"level": 3, "clock": None}}
    assert result.settings.engine_memory == 256
    path.write_text(json.dumps({"setups": [1, 2]}), encoding="utf-8")
    assert SettingsStore(path).load().problem == "settings.malformed"


def test_thinking_on_the_players_time_is_on_by_default_only_with_cores_to_spare(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert Settings().ponder is False
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    assert Settings().ponder is True
