"""Italian draughts in the real window: chosen on the menu, set up, played against the
computer by clicks on the turned board, refused moves said in words, saved and opened again."""
from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from game.app import App
from game.demos import open_scene
from game.i18n import tr
import pygame

from game.play.records import play_from_record, record_of
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from game.ui import theme
from tests.scenes.board_helpers import at, click_at, settle, start_board
from tests.scenes.helpers import click, step, top
from tests.scenes.test_move_entry import enter_by_clicks


def _wait_for_person(app: App, board: BoardScene, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not board.play.person_to_move:
        assert time.monotonic() < deadline, "the computer did not answer"
        step(app)
        time.sleep(0.002)


def _is_dark(colour: pygame.Color) -> bool:
    """Whether a square's colour is the board's dark wood rather than its light wood."""
    return sum(colour[:3]) < (sum(theme.SQUARE_DARK) + sum(theme.SQUARE_LIGHT)) / 2


def test_from_the_menu_against_the_computer_on_the_turned_board() -> None:
    app = App(size=(800, 560), language="en")
    open_scene(app, "menu")
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b.rect.center for b in menu.buttons.buttons
                    if b.label == tr("game.italian")))
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    try:
        assert board.play.variant == "italian" and board.play.turn is Color.WHITE
        assert board.play.seats[Color.BLACK].kind == "computer"
        # the corner at White's left hand is light, the right-hand one dark (h1 = 32)
        step(app)
        screen = pygame.display.get_surface()
        assert screen is not None
        cell = board.view.cell
        x32, y32 = at(board, "32")
        assert _is_dark(screen.get_at((x32 + cell // 3, y32 + cell // 3)))
        assert not _is_dark(screen.get_at((x32 - cell + cell // 3, y32 + cell // 3))), \
            "a1, left of h1's row start, is light"
        click_at(app, board, "22", "18")
        _wait_for_person(app, board)
        assert board.play.notation[0] == "22-18" and board.play.ply == 2
        assert board.play.game.is_legal(board.play.game.legal_moves()[0])
    finally:
        board.play.close()


@pytest.mark.parametrize("fen, clicks, reason", [
    ("W:W22,K30:BK18,11", ("22", "13"), "board.why.man_takes_king"),
    # a man whose only capture the order of captures puts out cannot be picked up
    ("W:W26,K27:B22,K23", ("26",), "board.why.quality"),
    ("W:W26,K27:B22,K23", ("27", "18"), "board.why.quality"),  # the king must take the king
    ("W:W23,26:B11,19,21", ("26",), "board.why.most"),
    ("W:W22:B1", ("22", "26"), "board.why.forward"),
    ("W:WK22:B1", ("22", "13"), "board.why.king_one_square"),
])
def test_a_refused_move_says_which_rule(fen: str, clicks: tuple[str, ...],
                                        reason: str) -> None:
    app, board = start_board("italian", fen)
    click_at(app, board, *clicks)
    assert not board.play.game.move_stack
    assert board.state.feedback.message == tr(reason)


def test_a_whole_game_by_clicks_ends_and_its_record_opens_again(tmp_path: Path) -> None:
    """Two people click random legal moves until the rules end the game; the record read
    back is the same game."""
    app, board = start_board("italian")
    rng = random.Random(22)
    while board.play.outcome() is None and board.play.ply < 400:
        move = rng.choice(board.play.game.legal_moves())
        assert enter_by_clicks(app, board, move) == move
    outcome = board.play.outcome()
    assert outcome is not None
    settle(app, 2.0)
    assert top(app).key == "board-end"
    record = record_of(board.play)
    again = play_from_record(record, with_seats=False)
    assert again.game_key == "italian"
    assert again.fingerprint() == board.play.fingerprint()
