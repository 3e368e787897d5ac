"""Russian words that said the wrong thing (issue 49): the Hints button was "Ходы", the move
list's own heading; the leave question said "Прервать партию" though the game is kept and
Continue goes on with it; the window's title stayed "Shashki"."""
from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.menu import MenuScene
from game.ui import theme
from tests.scenes.board_helpers import click_at, settle, start_board
from tests.scenes.helpers import click, key, step, top


def test_the_hints_button_is_not_named_as_the_move_list() -> None:
    app, board = start_board("russian", window=(800, 560))
    with theme.watching() as log:
        app.redraw()
        step(app)
    drawn = {d.value for d in log.drawn}
    heading = tr("board.moves_title")
    assert heading in drawn, "the move list's heading"
    hints = board.panel_view.button("board.hints")
    assert hints.label != heading and heading not in [a.button.label for a in board.panel_view.actions]
    click(app, hints.rect.center)  # the button does what its word says: the movable pieces
    assert board.state.hints


def test_leaving_a_game_says_it_is_kept_and_it_is() -> None:
    """Esc in a game in progress: the question says the game is kept; after Leave the menu
    has Continue, and Continue opens the game where it was left."""
    app, board = start_board("russian")
    assert app.saves is not None
    click_at(app, board, "c3", "d4")
    settle(app)
    key(app, pygame.K_ESCAPE)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    question = " ".join(line for line, *_ in dialog.lines)
    assert "Прервать" not in question and "сохранится" in question and "продолжить" in question
    click(app, dialog.buttons.buttons[0].rect.center)  # Leave
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is not None
    assert menu.buttons.buttons[menu.buttons.focus].label == tr("menu.continue")
    key(app, pygame.K_RETURN)
    step(app)
    again = top(app)
    assert isinstance(again, BoardScene) and again.play.notation == ["c3-d4"]


def test_the_windows_title_is_in_the_players_language() -> None:
    app, _ = start_board("russian")
    assert pygame.display.get_caption()[0] == "Шашки"
    app.change_settings(app.settings.with_(language="en"))
    assert pygame.display.get_caption()[0] == "Shashki"
