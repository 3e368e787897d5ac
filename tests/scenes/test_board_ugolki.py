"""Уголки in the real board scene: a chain entered by clicks and by drag with its route drawn
before and while it is played, refused squares said, the end texts, the setup's house and
level reaching the game, and Continue bringing a game back."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import App
from game.demos import open_scene
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.scenes.common.panel_overlay import PanelOverlay
from game.scenes.menu import MenuScene
from game.scenes.setup import SetupScene
from tests.scenes.board_helpers import at, click_at, drag, settle, square, start_board
from tests.scenes.helpers import click, step, top

# a race in its ninth move (reached by play); White's g4 has a chain g4-e4-e6-c6
RACE = ("W:Wa1,c1,d2,a3,b3,a4,d4,g4,c5,f5,d7,f7:Bb1,c4,f4,e5,d6,g6,h6,e7,h7,d8,e8,g8:F9")
CHAIN = ("e4", "e6", "c6")


def routes_drawn(app: App, board: BoardScene, frames: int = 2) -> list[tuple[int, tuple[int, ...]]]:
    """The routes the board draws over the next frames (start, landings)."""
    drawn: list[tuple[int, tuple[int, ...]]] = []
    real = board.view.draw_route

    def spy(surface: Any, start: int, path: tuple[int, ...], colour: Any,
            width_fraction: float = 0.07) -> None:
        drawn.append((start, tuple(path)))
        real(surface, start, path, colour, width_fraction)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(board.view, "draw_route", spy)
        app.redraw()
        step(app, frames)
    return drawn


def hover(app: App, board: BoardScene, name: str, buttons: tuple[int, int, int] = (0, 0, 0)
          ) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(board, name), rel=(1, 0),
                                         buttons=buttons))
    step(app)


def test_a_chain_by_clicks_shows_its_route_before_and_while_it_is_played() -> None:
    app, board = start_board("ugolki", RACE)
    g4 = square(board, "g4")
    landings = tuple(square(board, n) for n in CHAIN)
    click_at(app, board, "g4")
    hover(app, board, "c6")  # the end square: the route as it will be played
    assert (g4, landings) in routes_drawn(app, board)
    click_at(app, board, "c6")
    assert board.glides.glide is not None
    assert (g4, landings) in routes_drawn(app, board, 10)  # the piece jumps along it
    settle(app)
    assert board.play.notation == ["g4-e4-e6-c6"]
    assert board.play.game.piece_at(square(board, "c6")) is not None


def test_a_chain_by_drag_shows_its_route_under_the_hand() -> None:
    app, board = start_board("ugolki", RACE)
    a, b = at(board, "g4"), at(board, "c6")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app)
    hover(app, board, "e5", buttons=(1, 0, 0))
    hover(app, board, "c6", buttons=(1, 0, 0))
    assert board.state.hand.dragging
    landings = tuple(square(board, n) for n in CHAIN)
    assert (square(board, "g4"), landings) in routes_drawn(app, board)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app)
    settle(app)
    assert board.play.notation == ["g4-e4-e6-c6"]


def test_refused_squares_say_why() -> None:
    app, board = start_board("ugolki", RACE)
    click_at(app, board, "d2", "h1")
    assert board.state.feedback.message == tr("board.why.no_route") and board.play.notation == []
    click_at(app, board, "b1")  # d2 still in hand; a black piece stands on b1
    assert board.state.feedback.message == tr("board.why.occupied")
    # after the 40th move a piece that has left its house may not step back in
    app, board = start_board("ugolki", "W:Wf6,g6,h6,e7,f7,g7,h7,f8,g8,h8,d4,e5"
                                       ":Ba1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,h1:F41")
    click_at(app, board, "d4", "d3")
    assert board.state.feedback.message == tr("board.why.back_home") and board.play.notation == []
    drag(app, board, "d4", "c4")  # a step that is allowed
    settle(app)
    assert board.play.notation == ["d4-c4"]


ENDS = [
    # position, move, the words the end overlay gives
    ("B:Wf6,g6,h6,f7,g7,h7,g8,d5,e5:Ba1,b1,c1,a2,b2,c2,a3,c3,b4:F30:P9", ("b4", "b3"),
     "board.end.finished.black"),
    ("W:Wf6,g6,h6,f7,g7,h7,g8,h8,e8:Ba1,b1,c1,a2,b2,c2,a3,b3,e4:F30:P9", ("e8", "f8"),
     None),  # White finishes: Black's one more move comes first
    ("B:Wf6,g6,h6,f7,g7,h7,g8,h8,f8:Ba1,b1,c1,a2,b2,c2,a3,b3,d3:F31:P9", ("d3", "c3"),
     "board.end.both_finished"),
    ("W:Wa1,e4:Bh5,c6:F40", ("e4", "e5"), "board.end.stayed_home.white"),
]


@pytest.mark.parametrize("fen,move,words", ENDS)
def test_the_end_is_said_in_words(fen: str, move: tuple[str, str], words: str | None) -> None:
    app, board = start_board("ugolki", fen)
    click_at(app, board, *move)
    settle(app)
    if words is None:
        # the panel tells Black it has one more move; it cannot finish, and White wins
        assert board.panel_view.info_lines()[-1] == tr("board.ugolki.extra_move.black")
        click_at(app, board, "e4", "e3")
        settle(app)
        words = "board.end.finished.extra.white"
    overlay = top(app)
    assert isinstance(overlay, PanelOverlay)
    assert overlay._lines == [tr(words)]


def test_the_80_move_limit_counts_the_pieces_brought_in() -> None:
    app, board = start_board("ugolki", "B:We6,f6,g6,a5:Ba1,b1,h5,h4:F80")
    click_at(app, board, "h4", "h3")
    settle(app)
    overlay = top(app)
    assert isinstance(overlay, PanelOverlay)
    assert overlay._lines == [tr("board.end.ugolki.move_limit", white=3, black=2)]


def test_the_panel_counts_down_the_home_rule() -> None:
    app, board = start_board("ugolki")
    assert board.panel_view.info_lines() == [tr("board.moves_count", played=0, limit=80),
                                             tr("board.ugolki.home_rule", n=40)]


def test_the_setup_house_and_level_reach_the_game_and_continue_brings_it_back() -> None:
    app = App(language="ru")
    open_scene(app, "menu")
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b.rect.center for b in menu.buttons.buttons
                    if b.label == tr("game.ugolki")))
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.variant == "ugolki"
    rows = {row.name: row for row in setup.rows}
    click(app, rows["house"].buttons[1].rect.center)  # 9 pieces
    click(app, rows["play_as"].buttons[0].rect.center)  # White, against the computer
    click(app, rows["level"].buttons[4].rect.center)  # level 5
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    assert board.play.game.house == 9  # type: ignore[attr-defined]
    assert len(list(board.play.game.pieces())) == 18
    computer = board.play.seats[board.play.game.turn.other]
    assert computer.kind == "computer" and computer.describe().get("level") == 5
    click_at(app, board, "c2", "d2")
    settle(app, 0.3)
    notation = list(board.play.notation)  # the computer may be thinking still: left anyway
    assert notation[0] == "c2-d2"
    board.leave()
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    menu.continue_game()
    step(app)
    again = top(app)
    assert isinstance(again, BoardScene) and again.play.variant == "ugolki"
    assert again.play.notation == notation and again.play.game.house == 9  # type: ignore[attr-defined]
    assert again.play.seats[Color.BLACK].kind == "computer"
    again.close()


def test_the_editor_sets_up_an_ugolki_position_that_plays() -> None:
    from game.scenes.editor import EditorScene

    app = App(language="ru")
    open_scene(app, "menu")
    app.routes.push("editor", variant="ugolki")
    step(app)
    editor = top(app)
    assert isinstance(editor, EditorScene)
    editor.next_option("house")  # 12 -> 9 pieces: the houses are 3×3
    assert editor.board_opts == {"house": 9} and len(editor.pieces) == 18
    editor.clear()
    for name in ("a1", "b1"):
        x, y = editor.view.centre(
            editor.view.geometry.squares[editor.view.geometry.names.index(name)])
        click(app, (round(x), round(y)))
    editor.choose_tool(1)  # a black piece
    for name in ("h8", "g8"):
        x, y = editor.view.centre(
            editor.view.geometry.squares[editor.view.geometry.names.index(name)])
        click(app, (round(x), round(y)))
    assert editor.why_not() is None, editor.why_not()
    editor.play_people()
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene) and board.play.variant == "ugolki"
    assert board.play.game.house == 9  # type: ignore[attr-defined]
    assert sorted(board.play.game.geometry.name(s) for s, _ in board.play.game.pieces()) == \
        ["a1", "b1", "g8", "h8"]


def test_the_player_rows_show_no_piece_count_in_a_race() -> None:
    """In Уголки nothing is captured: each row shows its side's piece and name, with no count
    that would always read the same (a draughts game's rows keep theirs)."""
    from game.ui.player_rows import PlayerRows

    pygame.font.init()
    starts = {}
    for variant in ("ugolki", "russian"):
        rows = PlayerRows(BoardPlay(variant))
        rows.layout(0, 0, 400, 20, 1.0)
        surface = pygame.Surface((400, 100))
        game = rows.play.game
        starts[variant] = rows._draw_count(surface, rows.rows[0], Color.WHITE, dict(game.pieces()))
    assert starts["ugolki"] + 15 < starts["russian"], "the name follows the piece at once"
