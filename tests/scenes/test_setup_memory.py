"""A board game's setup is remembered in the settings file: after a restart it shows the
choices the game was last started with; a hand-edited value that is not one of its row's
choices costs that row alone."""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.__main__ import first_route
from game.app import App
from game.i18n import tr
from game.play import BoardPlay
from game.play.clock import ClockSpec
from game.play.computer import ComputerPlayer
from game.play.players import DEFAULT_LEVEL
from game.play.seats import Person
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.scenes.common.remembered import recall, same, unchanged
from game.scenes.editor import EditorScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.settings import SettingsStore
from game.ui.widgets import OptionRow
from tests.scenes.helpers import click, key, step, top

W, B = Color.WHITE, Color.BLACK
CHOSEN = {"play_as": "black", "level": 5, "clock": "5+3", "huff": True, "flip": True,
          "tournament_draws": True, "draw_offer_after": None}


def start(path: Path) -> App:
    """The program started as ``python -m game`` starts it, on its first screen (a run after
    the first: the language was chosen)."""
    if not path.exists():
        path.write_text(json.dumps({"language": "en"}), encoding="utf-8")
    app = App(SettingsStore(path), language="en")
    app.routes.reset(first_route(app.first_start, None))
    step(app)
    return app


def menu_entry(app: App, label: str) -> pygame.Rect:
    menu = top(app)
    assert isinstance(menu, MenuScene)
    return next(b.rect for b in menu.buttons.buttons if b.label == label)


def open_setup(app: App, variant: str) -> SetupScene:
    click(app, menu_entry(app, tr(f"game.{variant}")).center)
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.variant == variant
    return setup


def shown(setup: SetupScene) -> dict[str, object]:
    """What each row of the setup shows chosen."""
    return {row.name: row.get() for row in setup.rows}


def pick(app: App, row: OptionRow, value: object) -> None:
    values = [choice for _, choice in row.choices]
    click(app, row.buttons[values.index(value)].rect.center)


def test_a_setup_is_shown_again_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    app = start(path)
    setup = open_setup(app, "russian")
    rows = {row.name: row for row in setup.rows}
    pick(app, rows["play_as"], "black")
    pick(app, rows["level"], 5)
    pick(app, rows["clock"], ClockSpec(5, 3))
    pick(app, rows["huff"], True)
    pick(app, rows["flip"], True)
    assert "setups" not in json.loads(path.read_text(encoding="utf-8")), \
        "choosing is not yet a game: nothing is written per click"
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    assert json.loads(path.read_text(encoding="utf-8"))["setups"]["russian"] == CHOSEN
    app.close_scenes()  # the window closes

    again = start(path)
    setup = open_setup(again, "russian")
    assert shown(setup) == {**CHOSEN, "clock": ClockSpec(5, 3)}
    key(again, pygame.K_RETURN)  # Start has the focus
    board = top(again)
    assert isinstance(board, BoardScene)
    computer = board.play.seats[W]
    assert isinstance(computer, ComputerPlayer) and computer.level == 5
    assert isinstance(board.play.seats[B], Person)
    assert board.play.clock is not None and board.play.clock.spec == ClockSpec(5, 3)
    assert board.play.options["huff"] is True and board.flip_each_move
    again.close_scenes()


def test_a_wrong_value_costs_its_row_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "setups": {
        "russian": {**CHOSEN, "huff": "yes"},  # one hand-edited value
        "international": {"level": 99, "clock": "7+2", "move_limit": "50", "play_as": "me",
                          "flip": 1, "tournament_draws": False, "draw_offer_after": 40,
                          "no_such_option": True},
        "apokachi": {"time_limit": 600, "size": 6.0, "move_limit": True},
    }}), encoding="utf-8")
    assert SettingsStore(path).load().problem is None, "the rest of the file is good"
    app = start(path)
    assert not [t for t in app.toasts if t.message != tr("settings.no_audio")], \
        "a remembered setup's values are no reason to complain"
    russian = shown(open_setup(app, "russian"))
    assert russian == {**CHOSEN, "clock": ClockSpec(5, 3), "huff": False}
    key(app, pygame.K_ESCAPE)
    international = shown(open_setup(app, "international"))
    # a wrong who-plays-whom costs its row: the first setup's, a person against the computer
    assert international == {"play_as": "white", "level": DEFAULT_LEVEL, "clock": None,
                             "flip": False, "move_limit": None, "tournament_draws": False,
                             "draw_offer_after": 40}
    key(app, pygame.K_ESCAPE)
    apokachi = shown(open_setup(app, "apokachi"))
    assert apokachi["time_limit"] == 600.0, "300 is the 300.0 seconds it equals"
    assert apokachi["size"] == 6 and apokachi["move_limit"] == 30, "true is not a limit"


def test_what_the_caller_passes_comes_before_the_remembered_setup(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"setups": {"russian": CHOSEN}}), encoding="utf-8")
    app = App(SettingsStore(path), language="en")
    app.start(MenuScene(app))
    board = BoardScene(app, BoardPlay("russian", {"huff": False}))
    app.scenes.push(board)
    step(app)
    board.commands.new_game()  # nothing played: straight to the setup, with this game's options
    step(app)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    assert shown(setup) == {**CHOSEN, "clock": ClockSpec(5, 3), "huff": False, "flip": False}


def test_the_editor_plays_the_computer_at_the_remembered_level(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"setups": {"russian": {"level": 7},
                                           "english": {"level": 0}}}), encoding="utf-8")
    app = App(SettingsStore(path), language="en")
    app.start(MenuScene(app))
    levels = {}
    for variant in ("russian", "english"):
        editor = EditorScene(app, variant)
        app.scenes.push(editor)
        step(app)
        assert editor.play(computer=True)
        step(app)
        board = top(app)
        assert isinstance(board, BoardScene)
        computers = [s for s in board.play.seats.values() if isinstance(s, ComputerPlayer)]
        assert len(computers) == 1
        levels[variant] = computers[0].level
        board.close()
    assert levels == {"russian": 7, "english": DEFAULT_LEVEL}


def test_remembered_values_are_matched_by_kind() -> None:
    assert same(1, 1) and same(300, 300.0) and same(None, None) and same("5+3", "5+3")
    assert not same(True, 1) and not same(1, True) and not same("5", 5)
    assert not same(None, False) and not same(0, None)
    assert recall({"level": 5, "clock": "10+5"},
                  {"level": range(1, 9), "clock": [None, ClockSpec(10, 5)]}) \
        == {"level": 5, "clock": ClockSpec(10, 5)}
    assert unchanged({"level": 5}, {"level": 5}) and not unchanged({"level": True}, {"level": 1})
    assert not unchanged(None, {"level": 5}) and not unchanged({}, {"level": 5})
