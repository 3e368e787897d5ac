"""Russian and International draughts played with the mouse through the real board scene."""
from __future__ import annotations

import pygame
import pytest

from game.i18n import tr
from game.rules.core import PieceKind, Termination
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.panel_overlay import PanelOverlay
from tests.scenes.helpers import key, step, top
from tests.scenes.board_helpers import at, click_at, drag, settle, square, start_board

RUSSIAN_OPENING = [  # (how it is entered, start, end): clicks and drags mixed
    ("click", "c3", "d4"), ("drag", "f6", "e5"), ("click", "d4", "f6"), ("drag", "g7", "e5"),
    ("click", "b2", "c3"), ("click", "h6", "g5"), ("drag", "g3", "f4"), ("click", "e5", "g3"),
    ("click", "h2", "h6"),  # a double capture given by its end square: h2:f4:h6
    ("click", "b6", "a5"), ("click", "c3", "b4"), ("drag", "a5", "c3"), ("click", "d2", "b4"),
]


def enter(app, board, moves) -> None:  # type: ignore[no-untyped-def]
    for how, start, end in moves:
        if how == "drag":
            drag(app, board, start, end)
        else:
            click_at(app, board, start, end)
        settle(app, 0.5)


def test_a_russian_opening_by_clicks_and_drags_reaches_the_position_and_notation() -> None:
    app, board = start_board("russian")
    enter(app, board, RUSSIAN_OPENING)
    assert board.play.notation == ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5", "g3-f4",
                              "e5:g3", "h2:f4:h6", "b6-a5", "c3-b4", "a5:c3", "d2:b4"]
    assert board.play.game.fen() == "B:Wa1,c1,e1,g1,f2,a3,e3,b4,h6:Bd6,a7,c7,e7,b8,d8,f8,h8"
    assert board.state.feedback.message is None


def test_a_dropped_piece_does_not_glide_back_from_its_start() -> None:
    app, board = start_board("russian")
    drag(app, board, "c3", "d4")
    assert board.play.notation == ["c3-d4"]
    assert board.glides.glide is None or board.glides.glide.hop == 0


def test_a_man_crowned_mid_capture_goes_on_as_a_king() -> None:
    app, board = start_board("russian", "W:Wb6,a3:Bc7,f6,h8")
    click_at(app, board, "b6", "g5")
    settle(app)
    assert board.play.notation == ["b6:d8:g5"]
    piece = board.play.game.piece_at(square(board, "g5"))
    assert piece is not None and piece.kind is PieceKind.KING
    assert board.play.game.piece_at(square(board, "c7")) is None
    assert board.play.game.piece_at(square(board, "f6")) is None


def test_an_ambiguous_capture_is_resolved_by_clicking_a_square_on_the_route() -> None:
    app, board = start_board("russian", "W:WKb2:Bd4,b6,d6,e7")
    click_at(app, board, "b2", "a5")
    assert board.state.hand.entry.pending_end == square(board, "a5") and not board.play.game.move_stack
    assert board.state.feedback.message == tr("board.choose_route")
    assert len(board.state.hand.entry.candidates()) == 2
    click_at(app, board, "e5")
    settle(app)
    assert board.play.notation == ["b2:e5:c7:a5"]
    assert {name for name in ("d4", "d6", "b6")
            if board.play.game.piece_at(square(board, name)) is None} == {"d4", "d6", "b6"}
    assert board.play.game.piece_at(square(board, "e7")) is not None


def test_an_ambiguous_capture_can_be_picked_by_clicking_a_piece_it_takes() -> None:
    app, board = start_board("russian", "W:WKb2:Bd4,b6,d6,e7")
    click_at(app, board, "b2", "a5", "e7")  # only the route over f6-d8 takes e7
    settle(app)
    assert board.play.notation == ["b2:f6:d8:a5"]


def test_international_ambiguous_capture_and_its_full_notation() -> None:
    app, board = start_board("international", "W:WK24:B9,28,29,32")
    click_at(app, board, "24", "4")
    assert board.state.hand.entry.pending_end is not None
    click_at(app, board, "38")
    settle(app)
    assert board.play.notation == ["24x38x27x4"]
    assert board.play.game.fen() == "B:WK4:B28"


def test_a_multi_capture_is_played_as_soon_as_a_landing_square_decides_it() -> None:
    app, board = start_board("international", "W:W33,39:B28,17,29,34,5")
    assert [board.play.game.move_text(m) for m in board.state.legal] == ["33x11"]
    click_at(app, board, "33", "22")  # the first landing already names the only route
    settle(app)
    assert board.play.notation == ["33x11"]
    assert board.play.game.fen() == "B:W11,39:B5,29,34"


def test_take_the_most_pieces_is_explained() -> None:
    app, board = start_board("international", "W:W33,39:B28,17,29,34,5")
    fen = board.play.game.fen()
    click_at(app, board, "39")  # it can take one piece, but 33 takes two
    assert board.state.feedback.message == tr("board.why.most")
    assert board.state.hand.selected is None
    click_at(app, board, "33", "24")  # a capture of one where two can be taken
    assert board.state.feedback.message == tr("board.why.most")
    assert board.play.game.fen() == fen and not board.play.notation


def test_a_quiet_move_onto_the_far_row_promotes() -> None:
    app, board = start_board("international", "W:W6,45:B35,20")
    click_at(app, board, "6", "1")
    settle(app)
    assert board.play.notation == ["6-1"]
    piece = board.play.game.piece_at(1)
    assert piece is not None and piece.kind is PieceKind.KING


@pytest.mark.parametrize(("fen", "clicks", "reason"), [
    (None, ("f6",), "board.why.turn.white"),  # the other side's piece
    (None, ("c3", "c5"), "board.why.cannot_go"),
    (None, ("c3", "d2"), "board.why.stuck"),  # an own piece that cannot move
    (None, ("c3", "c4"), "board.why.dark"),  # a light square
    ("W:Wd4:Bh8", ("d4", "c3"), "board.why.forward"),
    ("W:Wc3,a1:Bd4,h8", ("a1",), "board.why.capture"),
    ("W:Wc3,a1:Bd4,h8", ("c3", "b4"), "board.why.capture"),
])
def test_an_illegal_click_changes_nothing_and_says_why(fen, clicks, reason) -> None:  # type: ignore[no-untyped-def]
    app, board = start_board("russian", fen)
    before = board.play.game.fen()
    if reason == "board.why.dark":
        x, y = at(board, "c3")
        click_at(app, board, "c3")
        from tests.scenes.helpers import click

        click(app, (x, y - round(board.view.cell)))  # c4, the light square above
    else:
        click_at(app, board, *clicks)
    assert board.state.feedback.message == tr(reason)
    assert board.state.feedback.shake is not None or reason in ("board.why.pick",)
    assert board.play.game.fen() == before and not board.play.game.move_stack


def test_undo_and_redo_restore_every_position_exactly() -> None:
    app, board = start_board("russian")
    fens = [board.play.game.fen()]
    for how, start, end in RUSSIAN_OPENING[:9]:
        enter(app, board, [(how, start, end)])
        fens.append(board.play.game.fen())
    notation = list(board.play.notation)
    for i in range(9, 0, -1):
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert board.play.game.fen() == fens[i - 1]
        assert board.play.notation == notation[: i - 1]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert board.state.feedback.message == tr("board.why.nothing_to_undo")
    for i in range(1, 10):
        key(app, pygame.K_y, pygame.KMOD_CTRL)
        settle(app, 0.6)
        assert board.play.game.fen() == fens[i]
    assert board.play.notation == notation
    # a new move after a take-back forgets the moves taken back
    key(app, pygame.K_BACKSPACE)
    click_at(app, board, "f2", "f6")  # the other double capture: f2:h4:f6
    settle(app)
    assert board.play.notation[-1] == "f2:h4:f6"
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert board.state.feedback.message == tr("board.why.nothing_to_redo")


def test_no_moves_ends_the_game_with_an_overlay_in_words() -> None:
    app, board = start_board("international", "W:W31,32,37,K4,38,43,44,48,49,50:B16,21,26")
    click_at(app, board, "4", "27")
    settle(app)
    overlay = top(app)
    assert overlay.key == "board-end"
    outcome = board.play.game.outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    from game.ui.end_texts import end_reason, result_title

    assert result_title(outcome) == tr("board.end.white_wins")
    assert end_reason(board.play.game, outcome) == tr("board.end.no_moves.black")


def test_the_last_piece_taken_says_no_pieces_left() -> None:
    app, board = start_board("russian", "W:WKa1,c3,e3,g3,h2:Bd4,f6")
    click_at(app, board, "c3", "g7")
    settle(app)
    assert top(app).key == "board-end"
    from game.ui.end_texts import end_reason

    outcome = board.play.game.outcome()
    assert outcome is not None
    assert end_reason(board.play.game, outcome) == tr("board.end.no_pieces.black")


def test_threefold_repetition_is_a_draw_shown_at_the_end() -> None:
    app, board = start_board("international", "W:WK48,45:BK3,6")
    for _ in range(2):
        for start, end in (("48", "42"), ("3", "9"), ("42", "48"), ("9", "3")):
            click_at(app, board, start, end)
            settle(app, 0.4)
    settle(app)
    overlay = top(app)
    assert isinstance(overlay, PanelOverlay) and overlay.key == "board-end"
    outcome = board.play.game.outcome()
    assert outcome is not None and outcome.termination is Termination.THREEFOLD_REPETITION
    from game.ui.end_texts import end_reason, result_title

    assert result_title(outcome) == tr("board.end.draw")
    assert end_reason(board.play.game, outcome) == tr("board.end.repetition")
    # review: step back and forth through the moves
    from tests.scenes.helpers import click

    click(app, overlay.buttons.buttons[1].rect.center)
    assert top(app) is board and board.play.reviewing.ply == 8
    key(app, pygame.K_LEFT)
    assert board.play.reviewing.ply == 7 and board.state.shown.fen() != board.play.game.fen()
    key(app, pygame.K_HOME)
    assert board.play.reviewing.ply == 0 and board.state.shown.fen() == "W:W45,K48:BK3,6"
    key(app, pygame.K_RIGHT)
    settle(app)
    assert board.play.reviewing.ply == 1 and board.state.pieces.get(42) is not None
    key(app, pygame.K_RETURN)
    step(app)
    assert top(app).key == "board-end"


def test_resigning_asks_first_and_can_be_taken_back() -> None:
    app, board = start_board("russian")
    click_at(app, board, "c3", "d4")
    settle(app)
    key(app, pygame.K_r)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    from tests.scenes.helpers import click

    click(app, dialog.buttons.buttons[0].rect.center)  # "Resign"
    step(app)
    overlay = top(app)
    assert overlay.key == "board-end"
    from game.ui.end_texts import end_reason

    outcome = board.play.game.outcome()
    assert outcome is not None
    assert end_reason(board.play.game, outcome) == tr("board.end.resignation.black")
    key(app, pygame.K_ESCAPE)  # Esc on the overlay: look at the game
    assert top(app) is board and board.play.reviewing.ply is not None
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert board.play.game.outcome() is None and board.play.notation == ["c3-d4"]


def test_a_draw_offer_accepted_ends_the_game() -> None:
    app, board = start_board("russian")
    key(app, pygame.K_d)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    from tests.scenes.helpers import click

    click(app, dialog.buttons.buttons[0].rect.center)
    step(app)
    assert top(app).key == "board-end"
    outcome = board.play.game.outcome()
    assert outcome is not None and outcome.termination is Termination.AGREEMENT


def test_a_draw_offer_too_early_is_refused_with_the_reason() -> None:
    app, board = start_board("russian", None, draw_offer_after=20)
    key(app, pygame.K_d)
    assert top(app) is board
    assert board.state.feedback.message == tr("board.why.no_draw_yet", moves=20)


def test_capture_compulsory_is_said_in_the_panel_and_rings_the_capturers() -> None:
    app, board = start_board("russian", "W:Wc3,a1:Bd4,h8")
    assert board.state.capture_required()
    assert {m.start for m in board.state.legal} == {square(board, "c3")}


def test_flip_turns_the_board_and_clicks_follow_it() -> None:
    app, board = start_board("russian")
    before = at(board, "c3")
    key(app, pygame.K_f)
    assert board.view.flipped and at(board, "c3") != before
    click_at(app, board, "c3", "d4")
    settle(app)
    assert board.play.notation == ["c3-d4"]


def test_flip_each_move_turns_the_board_to_the_player_to_move() -> None:
    app, board = start_board("russian", flip_each_move=True)
    click_at(app, board, "c3", "d4")
    settle(app)
    assert board.view.flipped
    click_at(app, board, "f6", "e5")
    settle(app)
    assert not board.view.flipped


def test_draw_counters_show_in_the_panel() -> None:
    app, board = start_board("international", "W:WK46,K50:BK5")
    click_at(app, board, "46", "41")
    settle(app)
    lines = board.panel_view.info_lines()
    assert any(tr("board.counter.endgame_5_moves", count=0, limit=5)[:10] in line
               for line in lines), lines
