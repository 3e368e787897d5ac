"""The menu after a restart: Continue has the focus when there is a game to continue (Enter
goes on with it), else the first game; a game to continue that goes while the menu is open
takes the focus on Continue with it to the first game, never to Quit."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.app import App
from game.catalog import GAMES
from game.i18n import tr
from game.play import BoardPlay
from game.play.board_record import record_of_board
from game.scenes.board.scene import BoardScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.settings import SettingsStore
from tests.scenes.helpers import click, key, step, top
from tests.scenes.test_setup_memory import open_setup, pick, start


def _a_move_played(app: App) -> BoardScene:
    """From the menu: a game of Russian draughts started by two people and a move played in
    it (the computer, a first setup's choice, would answer it)."""
    setup = open_setup(app, "russian")
    pick(app, next(row for row in setup.rows if row.name == "play_as"), "two")
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    board.play_text("c3-d4")
    step(app)
    return board


def _unfinished_game(path: Path) -> list[str]:
    """A first run: a game of Russian draughts started and a move played, then the window
    closed; the moves it kept."""
    app = start(path)
    board = _a_move_played(app)
    app.close_scenes()
    return list(board.play.notation)


def test_after_a_restart_enter_continues_the_game_left(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    moves = _unfinished_game(path)
    app = start(path)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    focused = menu.buttons.buttons[menu.buttons.focus]
    assert focused.label == tr("menu.continue") and menu.showing_resume
    key(app, pygame.K_RETURN)
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene) and board.play.notation == moves == ["c3-d4"]
    board.leave()  # back from the game, still unfinished: Continue keeps the focus
    step(app)
    assert top(app) is menu
    assert menu.buttons.buttons[menu.buttons.focus].label == tr("menu.continue")


def test_without_a_game_to_continue_the_first_game_has_the_focus(tmp_path: Path) -> None:
    app = start(tmp_path / "settings.json")
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is None
    assert menu.buttons.buttons[menu.buttons.focus].label == tr(GAMES[0].title_key)
    key(app, pygame.K_RETURN)
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.variant == GAMES[0].key


def _menu_over_a_kept_game(tmp_path: Path) -> tuple[App, MenuScene, Any]:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en"}), encoding="utf-8")
    app = App(SettingsStore(path), language="en")
    assert app.saves is not None
    play = BoardPlay("russian")
    play.play_text("c3-d4")
    game_id = app.saves.keep(None, record_of_board(play))
    app.routes.reset("menu")
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.buttons.focus == 0 and menu.resume is not None
    return app, menu, game_id


def test_a_game_to_continue_gone_while_the_menu_is_open(tmp_path: Path) -> None:
    app, menu, game_id = _menu_over_a_kept_game(tmp_path)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=800))
    step(app)
    assert menu.buttons.buttons[menu.buttons.focus].label == tr("menu.continue"), \
        "a new layout keeps the focus on Continue"
    assert app.saves is not None
    app.saves.delete(game_id)  # e.g. by another copy of the game
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=800))
    step(app)
    assert menu.resume is None
    assert menu.buttons.buttons[menu.buttons.focus].label == tr(GAMES[0].title_key), \
        "the first game takes the focus, not Quit"


def test_continue_with_nothing_left_to_continue_goes_away(tmp_path: Path) -> None:
    app, menu, game_id = _menu_over_a_kept_game(tmp_path)
    assert app.saves is not None
    app.saves.delete(game_id)
    key(app, pygame.K_RETURN)
    assert top(app) is menu
    assert any(t.message == tr("saves.nothing_to_continue") for t in app.toasts)
    assert all(b.label != tr("menu.continue") for b in menu.buttons.buttons)
    assert menu.buttons.buttons[menu.buttons.focus].label == tr(GAMES[0].title_key)


def test_a_game_left_unfinished_from_the_menu_is_continued_with_enter(tmp_path: Path) -> None:
    """Menu -> a new game -> a move -> back to the menu: the game just left is the game to
    continue, and Continue has the focus (it had been on the game's own entry)."""
    app = start(tmp_path / "settings.json")
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is None
    board = _a_move_played(app)
    board.leave()
    step(app)
    assert top(app) is menu and menu.resume is not None
    assert menu.buttons.buttons[menu.buttons.focus].label == tr("menu.continue")
    key(app, pygame.K_RETURN)
    step(app)
    again = top(app)
    assert isinstance(again, BoardScene) and again.play.notation == ["c3-d4"]


def test_a_pointer_resting_where_the_window_opens_takes_no_focus(tmp_path: Path) -> None:
    """SDL greets a window that opens under the pointer with a motion of no length to where
    the pointer rests: that is not the player pointing at Quit, so Continue keeps the focus;
    the pointer moved onto Quit afterwards does take it."""
    path = tmp_path / "settings.json"
    _unfinished_game(path)
    app = start(path)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    quit_button = menu.buttons.buttons[-1]
    assert quit_button.label == tr("menu.quit")
    at = quit_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.WINDOWENTER, window=None))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert menu.buttons.buttons[menu.buttons.focus].label == tr("menu.continue")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(3, 1),
                                         buttons=(0, 0, 0)))
    step(app)
    assert menu.buttons.buttons[menu.buttons.focus] is quit_button
