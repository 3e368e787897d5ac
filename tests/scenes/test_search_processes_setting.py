"""The search processes setting (issue 51, item 3): on the Settings screen beside the memory,
kept in the file, a strange value taken within the machine's cores, and given to a computer
seat's worker through its budget."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game import settings as settings_module
from game.app import App
from game.demos import open_scene
from game.i18n import counted, set_language
from game.play.board_play import BoardPlay
from game.play.computer import ComputerPlayer
from game.play.seats import EngineBudget, Person
from game.rules.core import Color
from game.scenes import settings as screen_module
from game.scenes.settings import SettingsScene, process_choices
from game.settings import SettingsStore
from tests.scenes.helpers import click, key, step, top


def _row_buttons(app: App) -> dict[object, pygame.Rect]:
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    for row in scene.rows:
        if row.label_key == "settings.search_processes":
            return {value: button.rect for button, (_, value) in zip(row.buttons, row.choices)}
    raise AssertionError("the Settings screen has no search processes row")


def test_the_row_offers_one_to_every_core_and_the_file_keeps_the_choice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_module, "most_processes", lambda: 4)
    monkeypatch.setattr(screen_module, "can_share", lambda: True)
    monkeypatch.setattr(settings_module, "machine_cores", lambda: 4)
    path = tmp_path / "settings.json"
    app = App(SettingsStore(path), language="en")
    open_scene(app, "settings")
    step(app)
    buttons = _row_buttons(app)
    assert list(buttons) == [1, 2, 4]
    assert app.settings.search_processes == 2, "two cores by default where there are two"
    click(app, buttons[4].center)
    assert app.settings.search_processes == 4
    assert json.loads(path.read_text())["search_processes"] == 4
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    assert scene.help_shown == ["Levels 6–8 think on 4 cores at once"]
    click(app, buttons[1].center)
    assert scene.help_shown == ["Levels 6–8 think on one core"]
    key(app, pygame.K_RIGHT)  # the keyboard steps through the choices too
    assert app.settings.search_processes == 2
    again = App(SettingsStore(path), language="en")
    assert again.settings.search_processes == 2


def test_the_help_counts_cores_in_russian_and_english() -> None:
    set_language("ru")
    try:
        assert counted("settings.search_processes.help.many", 2) == \
            "Уровни 6–8 думают на 2 ядрах сразу"
        assert counted("settings.search_processes.help.many", 21) == \
            "Уровни 6–8 думают на 21 ядре сразу"
        assert counted("settings.search_processes.help.many", 5).endswith("5 ядрах сразу")
    finally:
        set_language("en")
    assert counted("settings.search_processes.help.many", 8) == \
        "Levels 6–8 think on 8 cores at once"


@pytest.mark.parametrize("cores, choices", [(1, [1]), (2, [1, 2]), (4, [1, 2, 4]),
                                            (6, [1, 2, 4, 6]), (12, [1, 2, 4, 8, 12]),
                                            (64, [1, 2, 8, 16, 32, 64])])
def test_a_machine_of_many_cores_gets_a_few_steps(cores: int, choices: list[int]) -> None:
    assert process_choices(cores) == choices


@pytest.mark.parametrize("written, kept", [(99, 2), (0, 1), (-5, 1), (1, 1), (2, 2)])
def test_a_strange_number_is_taken_within_the_machines_cores(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, written: int, kept: int) -> None:
    monkeypatch.setattr(settings_module, "machine_cores", lambda: 2)
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"search_processes": written}), encoding="utf-8")
    result = SettingsStore(path).load()
    assert result.problem is None and result.settings.search_processes == kept


@pytest.mark.parametrize("written", ["two", 2.5, True, None, [2]])
def test_a_value_that_is_no_number_is_named_and_the_file_is_kept(
        tmp_path: Path, written: object) -> None:
    path = tmp_path / "settings.json"
    text = json.dumps({"language": "en", "search_processes": written})
    path.write_text(text, encoding="utf-8")
    result = SettingsStore(path).load()
    assert result.problem == "settings.malformed" and "search_processes" in result.detail
    assert result.settings.search_processes == settings_module.default_search_processes()
    assert path.read_text(encoding="utf-8") == text, "nothing is lost"


def test_a_computer_seat_gives_its_worker_the_processes_of_its_budget() -> None:
    seat = ComputerPlayer(8, move_time=0.2, min_delay=0.0)
    play = BoardPlay("russian", seats={Color.WHITE: Person(), Color.BLACK: seat})
    try:
        play.use_engine(EngineBudget(ponder=False, memory_mb=64, processes=1))
        assert seat.thinker.processes == 1
        play.use_engine(EngineBudget(ponder=False, memory_mb=64, processes=2))
        assert seat.thinker.processes == 2 and seat.thinker.memory_mb == 64
    finally:
        play.close()


def test_the_board_screen_gives_its_computer_the_processes_the_player_chose(
        tmp_path: Path) -> None:
    """The setting reaches a game: a board screen against the computer passes it to the
    seat's worker, at its start and when the setting changes during the game."""
    from dataclasses import replace

    from game.scenes.board.scene import BoardScene

    app = App(SettingsStore(tmp_path / "settings.json"), language="en")
    app.change_settings(replace(app.settings, search_processes=1))
    open_scene(app, "menu")
    seat = ComputerPlayer(8, move_time=0.2, min_delay=0.0)
    play = BoardPlay("russian", seats={Color.WHITE: Person(), Color.BLACK: seat})
    board = BoardScene(app, play)
    app.scenes.push(board)
    step(app)
    try:
        assert seat.thinker.processes == 1
        app.change_settings(replace(app.settings, search_processes=2))
        assert seat.thinker.processes == 2
    finally:
        play.close()
