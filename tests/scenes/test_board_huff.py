"""Russian draughts "with фук" in the real board scene: the person takes a piece for фук by
clicking it and then moves, puts it back, takes a huff back with Undo, and sees the other
side's huff go before its move."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import App
from game.demos import open_scene
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.play.seats import Person, ScriptedPlayer
from game.rules.core import Color
from game.scenes.common.glide import HUFF_SECONDS
from game.scenes.board.scene import BoardScene
from game.ui.board_views import RGBA
from tests.scenes.board_helpers import click_at, press_button, settle, square, start_board
from tests.scenes.helpers import step

# White's c3 could take d4 (c3:e5); White plays a1-b2 instead, and Black may huff c3
SKIPPED = "W:Wc3,a1,g1:Bd4,h8,b8"


def panel_says(board: BoardScene) -> str | None:
    line = board.panel_view.status_line(board.status())
    return None if line is None else line[0]


def skipped_capture() -> tuple[App, BoardScene]:
    app, board = start_board("russian", SKIPPED, huff=True)
    click_at(app, board, "a1", "b2")  # a quiet move while c3 could capture: allowed with фук
    settle(app)
    assert board.play.notation == ["a1-b2"]
    return app, board


def test_a_huff_by_click_then_the_move() -> None:
    app, board = skipped_capture()
    c3 = square(board, "c3")
    # the piece that could have captured glows, and the panel says it may be taken
    assert board.play.huff.choices() == (c3,)
    assert panel_says(board) == tr("board.huff.may")
    click_at(app, board, "c3")
    assert board.play.huff.pending == c3 and c3 not in board.state.pieces  # gone from the board
    assert panel_says(board) == tr("board.huff.then_move", square="c3")
    click_at(app, board, "c3")  # a second click puts it back
    assert board.play.huff.pending is None and c3 in board.state.pieces
    assert panel_says(board) == tr("board.huff.may")
    click_at(app, board, "c3", "d4", "e3")  # take it again, then move
    settle(app)
    assert board.play.notation == ["a1-b2", "(huff c3) d4-e3"]
    assert board.play.game.piece_at(c3) is None and c3 not in board.state.pieces
    assert board.play.huff.choices() == ()  # the right lapsed with the move


def test_the_move_list_writes_the_huff_in_the_players_language() -> None:
    from game.ui.board_panel import move_shown

    assert move_shown("(huff c3) d4-e3") == "(ф c3) d4-e3"  # the app speaks Russian here
    assert move_shown("c3-d4") == "c3-d4"


def test_undo_goes_back_through_the_huff() -> None:
    app, board = skipped_capture()
    c3 = square(board, "c3")
    click_at(app, board, "c3")
    press_button(app, board, "board.undo")  # first the huff chosen this turn comes back
    assert board.play.huff.pending is None and c3 in board.state.pieces
    assert board.play.notation == ["a1-b2"]
    click_at(app, board, "c3", "d4", "c3")  # huff c3 and step into its square
    settle(app)
    assert board.play.notation == ["a1-b2", "(huff c3) d4-c3"]
    press_button(app, board, "board.undo")  # the move and its huff go back together
    settle(app)
    assert board.play.notation == ["a1-b2"]
    assert board.play.game.piece_at(c3) is not None and c3 in board.state.pieces
    assert board.play.huff.choices() == (c3,)
    press_button(app, board, "board.redo")
    settle(app)
    assert board.play.notation == ["a1-b2", "(huff c3) d4-c3"]


def test_the_other_sides_huff_is_shown_going_before_its_move() -> None:
    app = App(size=(1280, 800), language="ru")
    app.toasts.clear()
    open_scene(app, "menu")
    # the other side's answer comes through a seat as the computer's does
    play = BoardPlay("russian", {"huff": True}, fen=SKIPPED,
                     seats={Color.WHITE: Person(),
                            Color.BLACK: ScriptedPlayer(["(huff c3) d4-e3"])})
    board = BoardScene(app, play)
    app.scenes.push(board)
    step(app)
    c3 = square(board, "c3")
    drawn: list[tuple[int, float]] = []
    import game.scenes.board.draw as draw
    from game.ui.board_views import draw_piece_alpha as real  # the one draw calls

    def spy(surface: Any, centre: Any, radius: int, white: bool, king: bool,
            alpha: float) -> None:
        if centre == board.view.centre(c3):
            drawn.append((c3, alpha))
        real(surface, centre, radius, white, king, alpha)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(draw, "draw_piece_alpha", spy)
        click_at(app, board, "a1", "b2")
        step(app, round(HUFF_SECONDS * 120 * 0.3))  # a third of the huff's time
    assert board.play.notation == ["a1-b2", "(huff c3) d4-e3"]
    assert board.glides.glide is not None and board.glides.glide.move.huff == c3
    assert drawn and drawn[-1][1] == pytest.approx(1.0)  # still whole, marked
    assert panel_says(board) == tr("board.huff.by_other", square="c3")
    # the black piece waits at d4 until the huffed piece is gone
    assert board.glides.glide.landed() == 0
    settle(app, 2.0)
    assert board.glides.glide is None and c3 not in board.state.pieces
    assert panel_says(board) == tr("board.huff.by_other", square="c3")
    # review goes through the huff too
    board.reviewer.enter()
    board.reviewer.to(1)
    assert c3 in board.state.pieces
    board.reviewer.forward()
    settle(app, 2.0)
    assert board.play.reviewing.ply == 2 and c3 not in board.state.pieces


def test_the_advice_may_take_a_piece_for_fuk() -> None:
    app, board = skipped_capture()
    c3 = square(board, "c3")
    move = board.play.game.parse_move("(huff c3) d4-e3")
    # a huff first, then the move
    assert move not in board.state.legal and board.huffs.hint_fits(move)
    board.state.hint_move = move
    rings: list[int] = []
    real = board.view.draw_ring

    def ring(surface: pygame.Surface, sq: int, colour: RGBA, grow: float = 1.12) -> None:
        rings.append(sq)
        real(surface, sq, colour, grow)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(board.view, "draw_ring", ring)
        app.redraw()
        step(app, 2)
    assert c3 in rings
