"""Leaving a board game for a menu that was not under it (the board was the only screen): a
game left unfinished gives the new menu's focus to Continue, which resumes it; a finished
game gives it to that game's own entry, even where Continue would resume another game
(issue 49, item 10, the board's path; Chapaev's is tests/scenes/test_menu_steady.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.play import BoardPlay
from game.play.board_record import record_of_board
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.menu import MenuScene
from game.settings import SettingsStore
from tests.scenes.helpers import click, key, step, top


def _board_alone(tmp_path: Path, language: str) -> tuple[App, BoardScene]:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": language}), encoding="utf-8")
    app = App(SettingsStore(path), size=(1024, 600), language=language)
    app.toasts.clear()
    board = BoardScene(app, BoardPlay("russian"))
    app.start(board)
    step(app)
    assert list(app.scenes) == [board]
    return app, board


def _to_menu(app: App, board: BoardScene) -> MenuScene:
    """The board's Menu button, and yes where the game in progress is asked about."""
    click(app, board.panel_view.button("board.menu").rect.center)
    asked = top(app)
    if isinstance(asked, ConfirmDialog):
        yes = next(b for b in asked.buttons.buttons if b.label == tr("board.ask.menu.yes"))
        click(app, yes.rect.center)
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    return menu


def _focused(menu: MenuScene) -> str:
    return menu.buttons.buttons[menu.buttons.focus].label


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_game_left_unfinished_is_continued_with_enter(tmp_path: Path, language: str) -> None:
    app, board = _board_alone(tmp_path, language)
    board.play_text("c3-d4")
    step(app)
    menu = _to_menu(app, board)
    assert menu.resume is not None and menu.resume.game == "russian"
    assert _focused(menu) == tr("menu.continue")
    key(app, pygame.K_RETURN)
    step(app)
    again = top(app)
    assert isinstance(again, BoardScene) and again.play.notation == ["c3-d4"]


def test_a_finished_game_gives_the_focus_to_its_own_entry(tmp_path: Path) -> None:
    app, board = _board_alone(tmp_path, "en")
    assert app.saves is not None
    older = BoardPlay("international")  # another game, kept unfinished before this one
    older.play_text("32-28")
    app.saves.keep(None, record_of_board(older))
    board.play_text("c3-d4")
    board.play.resign(Color.BLACK)
    board.take_events()
    step(app)
    assert board.play.is_over
    if top(app) is not board:  # the result, over the board
        key(app, pygame.K_ESCAPE)
    assert top(app) is board
    menu = _to_menu(app, board)
    assert menu.resume is not None and menu.resume.game == "international"
    assert _focused(menu) == tr("game.russian"), "not Continue: it resumes another game"
