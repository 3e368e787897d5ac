"""N (the square numbers) is remembered: on the next numbered board, and after a restart."""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.app import App
from game.play import BoardPlay
from game.scenes.board.scene import BoardScene
from game.scenes.menu import MenuScene
from game.settings import SettingsStore
from tests.scenes.helpers import key, step, top


def _board(app: App, variant: str) -> BoardScene:
    app.routes.push("board", play=BoardPlay(variant))
    step(app)
    scene = top(app)
    assert isinstance(scene, BoardScene)
    return scene


def test_square_numbers_stay_on_across_games_and_runs(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = App(SettingsStore(path), language="en")
    app.start(MenuScene(app))
    board = _board(app, "international")
    assert not board.view.numbers
    key(app, pygame.K_n)
    assert board.view.numbers
    assert json.loads(path.read_text())["square_numbers"] is True
    board.commands.to_menu()
    step(app)
    assert _board(app, "english").view.numbers, "English draughts numbers its squares too"
    russian = _board(app, "russian")
    assert not russian.view.numbers, "a board named by letters and digits has none to show"

    restarted = App(SettingsStore(path), language="en")
    restarted.start(MenuScene(restarted))
    again = _board(restarted, "international")
    assert again.view.numbers
    key(restarted, pygame.K_n)
    assert not again.view.numbers
    assert json.loads(path.read_text())["square_numbers"] is False
