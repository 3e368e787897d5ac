"""On a new install every setup starts against the computer at a middle level, with the side
that moves first (English draughts: Black); after that, who plays whom and the level are as
last chosen: in the game's own setup where it has one, else as the setup made last (in any
game) chose them (issue 49, item 9)."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App
from game.i18n import tr
from game.play.computer import ComputerPlayer
from game.play.players import LEVEL_CHOICES
from game.play.seats import Person
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.scenes.chapaev.setup import ChapaevSetupScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from tests.scenes.helpers import click, key, step, top
from tests.scenes.test_setup_memory import open_setup, pick, shown, start

W, B = Color.WHITE, Color.BLACK
MIDDLE = LEVEL_CHOICES[len(LEVEL_CHOICES) // 2 - 1]  # 4 of 1-8


def _rows(setup: SetupScene) -> dict[str, object]:
    return {name: value for name, value in shown(setup).items() if name in ("play_as", "level")}


def _start(app: App, setup: SetupScene) -> BoardScene:
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    return board


def _back_to_menu(app: App) -> None:
    app.routes.reset("menu")
    step(app)
    assert isinstance(top(app), MenuScene)


def _chapaev_setup(app: App) -> ChapaevSetupScene:
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b.rect.center for b in menu.buttons.buttons
                    if b.label == tr("game.chapaev")))
    setup = top(app)
    assert isinstance(setup, ChapaevSetupScene)
    return setup


def test_a_new_install_plays_the_computer_at_a_middle_level(tmp_path: Path) -> None:
    app = start(tmp_path / "settings.json")
    setup = open_setup(app, "russian")
    assert _rows(setup) == {"play_as": "white", "level": MIDDLE}
    board = _start(app, setup)
    computer = board.play.seats[B]
    assert isinstance(board.play.seats[W], Person)
    assert isinstance(computer, ComputerPlayer) and computer.level == MIDDLE
    board.close()
    _back_to_menu(app)
    chapaev = _chapaev_setup(app)
    assert chapaev.prefs.play_as == "white" and chapaev.prefs.level == 3  # of 1-5
    assert chapaev.prefs.against_computer


def test_where_black_moves_first_the_person_has_black(tmp_path: Path) -> None:
    app = start(tmp_path / "settings.json")
    setup = open_setup(app, "english")
    assert _rows(setup) == {"play_as": "black", "level": MIDDLE}
    assert tr("setup.english.play_as.black.help") in {
        row.help(row.get()) for row in setup.rows if row.help is not None}


def test_after_that_what_was_chosen_last(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = start(path)
    russian = open_setup(app, "russian")
    rows = {row.name: row for row in russian.rows}
    pick(app, rows["play_as"], "two")
    _start(app, russian).close()
    _back_to_menu(app)
    # a game never set up here: two people, as chosen last in Russian draughts
    frisian = open_setup(app, "frisian")
    assert shown(frisian)["play_as"] == "two"
    rows = {row.name: row for row in frisian.rows}
    pick(app, rows["play_as"], "black")
    pick(app, rows["level"], 6)
    _start(app, frisian).close()
    app.close_scenes()

    again = start(path)  # after a restart too
    assert _rows(open_setup(again, "brazilian")) == {"play_as": "black", "level": 6}
    key(again, pygame.K_ESCAPE)
    assert _rows(open_setup(again, "russian"))["play_as"] == "two", "its own last setup"
    key(again, pygame.K_ESCAPE)
    assert _chapaev_setup(again).prefs.play_as == "black"
