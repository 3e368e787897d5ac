"""Apokachi on the board scene: every capture shape by clicks, the move limit and the timer."""
from __future__ import annotations

import pytest

from game.i18n import tr
from game.rules.apokachi import TIMER
from game.rules.core import Color, Termination
from game.ui.end_texts import end_reason, result_title
from tests.scenes.helpers import step, top
from tests.scenes.board_helpers import click_at, drag, settle, square, start_board


@pytest.mark.parametrize(("fen", "start", "end", "text", "taken"), [
    ("W:9:Wa5,b4:Bc5,h9,i9", "b4", "b5", "b4-b5xc5", {"c5"}),  # P P v
    ("W:9:Wb5,c4:Ba5,d5,h9,i9", "c4", "c5", "c4-c5xa5xd5", {"a5", "d5"}),  # v P P v
    ("W:9:Wb5,c4,c6:Bd5,c3,h9,i9", "c6", "c5", "c6-c5xd5xc3", {"d5", "c3"}),  # row and column
    ("W:9:Wa5,b5,c4:Bd5,h9,i9", "c4", "c5", "c4-c5xd5", {"d5"}),  # P P P v
    ("W:9:Wa5,b4:Bc5,d5,h9,i9", "b4", "b5", "b4-b5", set()),  # P P v v: two are not cut
    ("W:9:Wa5,c4:Bb5,h9,i9", "c4", "c5", "c4-c5", set()),  # P v P: one against one
])
def test_each_capture_shape_by_clicks(fen: str, start: str, end: str, text: str,
                                      taken: set[str]) -> None:
    app, board = start_board("apokachi", fen)
    black_before = {name for name in board.play.game.geometry.names
                    if (p := board.play.game.piece_at(square(board, name))) and p.color is Color.BLACK}
    click_at(app, board, start, end)
    assert board.glides.glide is not None, "the move is shown, not jumped"
    settle(app)
    assert board.play.notation == [text]
    black_after = {name for name in board.play.game.geometry.names
                   if (p := board.play.game.piece_at(square(board, name))) and p.color is Color.BLACK}
    assert black_before - black_after == taken
    assert board.glides.glide is None and board.state.pieces == dict(board.play.game.pieces())


def test_captured_pieces_stay_until_the_move_ends_then_fade() -> None:
    app, board = start_board("apokachi", "W:9:Wa5,b4:Bc5,h9,i9")
    click_at(app, board, "b4", "b5")
    glide = board.glides.glide
    assert glide is not None and square(board, "c5") in glide.before
    assert glide.fade() == 1.0
    step(app, round(0.16 * 120))  # the hop is over: now the fade
    assert board.glides.glide is glide and 0.0 < glide.fade() < 1.0
    settle(app)
    assert board.glides.glide is None


@pytest.mark.parametrize(("clicks", "reason"), [
    (("d1", "e2"), "board.why.one_step"),  # diagonal
    (("d1", "d3"), "board.why.one_step"),  # a jump
    (("d1", "d9"), "board.why.taken"),
    (("e9",), "board.why.turn.white"),
])
def test_an_illegal_step_changes_nothing_and_says_why(clicks: tuple[str, ...], reason: str) -> None:
    app, board = start_board("apokachi", None)
    before = board.play.game.fen()
    click_at(app, board, *clicks)
    assert board.state.feedback.message == tr(reason)
    assert board.play.game.fen() == before and not board.play.notation


def test_a_whole_small_game_to_the_move_limit_by_drags() -> None:
    app, board = start_board("apokachi", None, size=6, move_limit=2)
    for start, end in (("a1", "a2"), ("f6", "f5"), ("b1", "b2"), ("e6", "e5")):
        drag(app, board, start, end)
        settle(app, 0.3)
    settle(app)
    overlay = top(app)
    assert overlay.key == "board-end"
    outcome = board.play.game.outcome()
    assert outcome is not None and outcome.termination is Termination.MOVE_LIMIT
    assert result_title(outcome) == tr("board.end.draw")
    assert end_reason(board.play.game, outcome) == tr("board.end.move_limit", white=6, black=6)
    assert board.play.notation == ["a1-a2", "f6-f5", "b1-b2", "e6-e5"]


def test_the_move_limit_counts_pieces_white_7_black_5() -> None:
    app, board = start_board("apokachi", "W:9:Wa1,b1,c1,d2,e2,f1,g1:Ba9,b9,d3,e9,h9,i9",
                             move_limit=1)
    click_at(app, board, "c1", "d1", "a9", "a8")
    settle(app)
    assert top(app).key == "board-end"
    outcome = board.play.game.outcome()
    assert outcome is not None
    assert end_reason(board.play.game, outcome) == "Предел ходов: белые 7 – чёрные 5"
    assert result_title(outcome) == tr("board.end.white_wins")


def test_the_timer_starts_with_the_first_move_and_ends_the_game() -> None:
    app, board = start_board("apokachi", None, time_limit=180.0)
    step(app, 120)
    assert board.play.game.remaining_time() == 180.0
    click_at(app, board, "d1", "d2")
    settle(app, 1.0)
    left = board.play.game.remaining_time()
    assert left is not None and 178.5 < left < 179.5
    before = app.frames
    step(app, 120)
    assert 1 <= app.frames - before <= 4, "the clock is drawn when its seconds change"
    board.play.game.set_elapsed(179.9)
    step(app, 30)
    assert top(app).key == "board-end"
    outcome = board.play.game.outcome()
    assert outcome is not None and outcome.termination is TIMER
    assert end_reason(board.play.game, outcome) == tr(
        "board.end.counted.timer", white=9, black=9)


def test_the_timer_stops_while_a_dialog_is_open() -> None:
    app, board = start_board("apokachi", None, time_limit=180.0)
    click_at(app, board, "d1", "d2")
    settle(app, 0.5)
    from game.scenes.common.dialog import ConfirmDialog

    app.scenes.push(ConfirmDialog(app, "board.ask.menu", "board.ask.menu.yes", lambda: None))
    step(app)
    left = board.play.game.remaining_time()
    step(app, 240)
    assert board.play.game.remaining_time() == left
