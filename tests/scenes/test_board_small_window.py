"""The board screen in a window made smaller than the layouts' 800×560 because the screen with
the window's frame and panels holds no more (issue 49, item 2: 798×535 on an 800×560 screen
under Openbox, 798×495 with a 40 px panel, down to the least the window is made): the whole
framed board with its letters is in the window and clear of the panel, every button lies in
the panel clear of the others and of the move list, New game and Menu say their words whole,
and clicking them does what they say."""
from __future__ import annotations

import warnings

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.ui.widgets import Button, fit_label
from game.window import MIN_SIZE, SMALLEST_SIZE
from tests.scenes.board_helpers import start_board
from tests.scenes.helpers import click, step, top

#: the window's least size, an 800×560 screen less Openbox's frame, and less a 40 px panel too
SIZES = [SMALLEST_SIZE, (798, 495), (798, 535), MIN_SIZE]
MOVES = {"russian": ["c3-d4", "f6-e5", "d4xf6", "g7xe5"],
         "international": ["32-28", "19-23", "28x19", "14x23"],
         "english": ["11-15", "22-18", "15x22", "25x18"]}


def _window(app: App, size: tuple[int, int]) -> None:
    """The window made ``size``, as the window keeper makes it where the screen holds no
    more (its least size lowered first)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        shown = pygame.Window.from_display_module()
        shown.minimum_size = (min(size[0], MIN_SIZE[0]), min(size[1], MIN_SIZE[1]))
        shown.size = size
    step(app, 2)
    assert app.size == size


def _board(variant: str, size: tuple[int, int], language: str,
           review: bool = False) -> tuple[App, BoardScene]:
    app, board = start_board(variant, window=MIN_SIZE)
    if language != "ru":
        app.change_settings(app.settings.with_(language=language))
    for move in MOVES[variant]:
        board.play_text(move)
    if review:
        board.reviewer.enter()
        board.reviewer.first()
    _window(app, size)
    app.redraw()
    step(app)
    return app, board


def _whole(button: Button) -> bool:
    """The button says its label (or its short form) whole, not cut with an ellipsis."""
    lines, _ = fit_label(button.label, button.short, button.px, button.rect.width - 8,
                         button.rect.height - 4, False)
    return "…" not in "".join(lines)


def _check_layout(app: App, board: BoardScene) -> None:
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(board.view.rect), "the framed board, letters and all, is seen"
    assert board.view.rect.inflate(-2, -2).contains(board.view.inner)  # room for letters
    assert window.contains(board.panel) and not board.panel.colliderect(board.view.rect)
    buttons = [action.button.rect for action in board.panel_view.actions]
    assert buttons
    for i, rect in enumerate(buttons):
        assert board.panel.contains(rect), rect
        assert rect.height >= 26
        assert not any(rect.colliderect(other) for other in buttons[i + 1:])
    assert board.panel_view.list_rect.bottom <= min(rect.top for rect in buttons)
    for key in ("board.new", "board.menu"):
        assert _whole(board.panel_view.button(key)), tr(key)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("variant", list(MOVES))
def test_the_board_and_its_buttons_are_all_in_the_small_window(
        size: tuple[int, int], variant: str) -> None:
    app, board = _board(variant, size, "ru")
    _check_layout(app, board)


@pytest.mark.parametrize("size", [SMALLEST_SIZE, (798, 535)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_in_review_too(size: tuple[int, int], language: str) -> None:
    app, board = _board("russian", size, language, review=True)
    assert board.play.reviewing.ply is not None
    _check_layout(app, board)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_new_game_and_menu_work_in_the_smallest_window(language: str) -> None:
    app, board = _board("russian", SMALLEST_SIZE, language)
    click(app, board.panel_view.button("board.new").rect.center)
    asked = top(app)
    assert isinstance(asked, ConfirmDialog), "a question before the game in play goes"
    yes = next(b for b in asked.buttons.buttons if b.label == tr("board.ask.new.yes"))
    assert pygame.Rect((0, 0), app.size).contains(yes.rect)
    click(app, yes.rect.center)
    step(app)
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.variant == "russian"

    app, board = _board("russian", SMALLEST_SIZE, language)
    click(app, board.panel_view.button("board.menu").rect.center)
    asked = top(app)
    assert isinstance(asked, ConfirmDialog)
    yes = next(b for b in asked.buttons.buttons if b.label == tr("board.ask.menu.yes"))
    click(app, yes.rect.center)
    step(app)
    assert isinstance(top(app), MenuScene)
