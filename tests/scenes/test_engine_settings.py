"""The computer's share of the machine on the Settings screen: thinking on the player's time
and the search's memory, saved, and obeyed by a game in progress or continued."""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from game import saves
from game.app import App
from game.demos import open_scene
from game.play.board_play import BoardPlay
from game.play.computer import ComputerPlayer
from game.play.seats import EngineBudget, Person
from game.rules.core import Color
from game.saves import Saves
from game.scenes.board.scene import BoardScene
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from game.settings import SettingsStore
from tests.scenes.board_helpers import continue_kept_game
from tests.scenes.helpers import click, key, step, top


def _button(app: App, row_key: str, value: object) -> pygame.Rect:
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    for row in scene.rows:
        if row.label_key == row_key:
            for button, (_, choice) in zip(row.buttons, row.choices):
                if choice == value:
                    return button.rect
    raise AssertionError(f"{row_key} has no {value!r}")


def test_the_settings_screen_sets_pondering_and_memory_and_the_file_keeps_them(
        tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = App(SettingsStore(path), language="en")
    open_scene(app, "settings")
    step(app)
    for ponder in (True, False):
        click(app, _button(app, "settings.ponder", ponder).center)
        assert app.settings.ponder is ponder
        assert json.loads(path.read_text())["ponder"] is ponder
    click(app, _button(app, "settings.engine_memory", 64).center)
    assert app.settings.engine_memory == 64
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    assert scene.help_shown == ["More plays stronger on long thinks"], "its row says what it is"
    again = App(SettingsStore(path), language="en")
    assert (again.settings.ponder, again.settings.engine_memory) == (False, 64)


def test_a_continued_game_and_the_game_on_the_board_follow_the_settings(
        tmp_path: Path) -> None:
    app = App(SettingsStore(tmp_path / "settings.json"), size=(1280, 800), language="en")
    app.saves = Saves(tmp_path / "data")
    app.start(MenuScene(app))
    app.change_settings(app.settings.with_(ponder=False, engine_memory=128))
    # a game against the top level, left with the person to move
    left = BoardPlay("russian", seats={Color.WHITE: Person(), Color.BLACK: ComputerPlayer(8)})
    left.play_text("c3-d4")
    left.play_text("f6-g5")
    saves.autosave(app, left, saves.GameFile())
    board = continue_kept_game(app)
    assert isinstance(board, BoardScene) and board.play.notation == ["c3-d4", "f6-g5"]
    seat = board.play.seats[Color.BLACK]
    assert isinstance(seat, ComputerPlayer) and seat.level == 8
    try:
        assert seat.budget == EngineBudget(ponder=False, memory_mb=128)
        assert seat.thinker.memory_mb == 128
        step(app, 3)
        assert not seat.thinker.busy, "pondering is off: the person's time is left alone"
        app.routes.push("settings")  # over the game
        step(app)
        click(app, _button(app, "settings.ponder", True).center)
        key(app, pygame.K_ESCAPE)
        step(app)
        assert top(app) is board and seat.thinker.pondering, "turned on: back at the board, " \
            "the computer thinks on the person's time"
        app.routes.push("settings")
        step(app)
        click(app, _button(app, "settings.ponder", False).center)
        assert not seat.thinker.busy, "turned off: the ponder under way stops at once"
        click(app, _button(app, "settings.engine_memory", 512).center)
        assert seat.thinker.memory_mb == 512
    finally:
        board.play.close()
