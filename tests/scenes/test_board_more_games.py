"""English, Brazilian, the giveaway games, Frisian and Turkish played through the real board
scene."""
from __future__ import annotations

import random
import time

import pytest

from game.app import App
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.rules.core import Color, Termination
from game.demos import open_scene
from game.scenes.board.scene import BoardScene
from game.scenes.setup import SetupScene, option_specs
from game.ui.end_texts import end_reason, result_title
from tests.scenes.board_helpers import click_at, settle, start_board
from tests.scenes.helpers import click, step, top
from tests.scenes.test_move_entry import enter_by_clicks

NEW = ("english", "brazilian", "russian_giveaway", "international_giveaway")


@pytest.mark.parametrize("variant", (*NEW, "frisian", "turkish"))
def test_a_whole_game_by_clicks_ends_with_the_overlay(variant: str) -> None:
    """Two people click random legal moves from the start until the rules end the game."""
    app, board = start_board(variant)
    rng = random.Random(5)
    while board.play.outcome() is None and board.play.ply < 400:
        move = rng.choice(board.play.game.legal_moves())
        assert enter_by_clicks(app, board, move) == move
        assert board.play.game.fen() == board.play.game.fen()
    outcome = board.play.outcome()
    assert outcome is not None
    settle(app, 2.0)
    assert top(app).key == "board-end"
    assert result_title(outcome) and end_reason(board.play.game, outcome)
    assert len(board.play.notation) == board.play.ply


def test_english_starts_with_black_in_the_panel_and_the_record() -> None:
    app, board = start_board("english")
    assert board.play.turn is Color.BLACK and board.play.line_offset == 0
    click_at(app, board, "11", "15")
    settle(app, 0.5)
    click_at(app, board, "23", "19")
    settle(app, 0.5)
    assert board.play.notation == ["11-15", "23-19"] and board.play.full_moves() == 1
    click_at(app, board, "8", "11")
    settle(app, 0.5)
    assert board.play.full_moves() == 2


@pytest.mark.parametrize("fen, clicks, reason", [
    ("W:W18:B1", ("18", "22"), "board.why.forward"),
    ("W:W18:B22,1", ("18", "25"), "board.why.forward"),  # men do not capture backwards
    ("W:WK18:B1", ("18", "9"), "board.why.king_one_square"),
])
def test_english_refusals_say_why(fen: str, clicks: tuple[str, ...], reason: str) -> None:
    app, board = start_board("english", fen)
    click_at(app, board, *clicks)
    assert not board.play.game.move_stack
    assert board.state.feedback.message == tr(reason)


def test_giveaway_the_side_left_without_pieces_wins_in_words() -> None:
    app, board = start_board("russian_giveaway", "W:Wc3:Be5")
    click_at(app, board, "c3", "d4")
    settle(app, 0.5)
    click_at(app, board, "e5", "c3")
    settle(app, 2.0)
    outcome = board.play.game.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    assert result_title(outcome) == tr("board.end.white_wins")
    assert end_reason(board.play.game, outcome) == tr("board.end.no_pieces.white")
    assert top(app).key == "board-end"


def test_setup_words_who_moves_first_in_english() -> None:
    rows = {name: help for _, name, _, help in option_specs("english")}
    assert rows["play_as"]("black") == tr("setup.english.play_as.black.help")
    assert rows["play_as"]("white") == tr("setup.english.play_as.white.help")
    assert rows["play_as"]("two") == tr("setup.play_as.two.help")
    assert rows["tournament_draws"](True) == tr("setup.english.tournament_draws.help")


def test_english_with_white_the_computer_opens_for_black() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    setup = SetupScene(app, "english", own={"play_as": "white", "level": 1})
    app.scenes.push(setup)
    step(app)
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    try:
        assert board.play.seats[Color.BLACK].kind == "computer"
        assert not board.view.flipped, "White, the person, sits at the bottom"
        deadline = time.monotonic() + 20
        while not board.play.person_to_move:
            assert time.monotonic() < deadline, "the computer did not open"
            step(app)
            time.sleep(0.002)
        assert board.play.ply == 1 and board.play.turn is Color.WHITE
        assert board.play.notation[0] in ("9-13", "9-14", "10-14", "10-15", "11-15", "11-16",
                                          "12-16")
    finally:
        board.play.close()


@pytest.mark.parametrize("variant", NEW)
def test_the_demo_pictures_can_be_built(variant: str) -> None:
    from game.demos.board import demo_stack

    app = App(language="ru")
    open_scene(app, "menu")
    for stage in ("setup", "start", "mid", "end"):
        stack = demo_stack(app, variant, stage)
        assert stack
    play = BoardPlay(variant)
    assert play.game.name == variant
