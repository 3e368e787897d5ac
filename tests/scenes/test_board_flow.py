"""From the menu to a board and back; setup options; layout at every window size."""
from __future__ import annotations

import time

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.demos import open_scene
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.panel_overlay import PanelOverlay
from game.scenes.setup import SetupScene
from game.scenes.menu import MenuScene
from tests.scenes.helpers import click, key, step, top
from tests.scenes.board_helpers import at, click_at, press_button, settle, start_board


def menu_app() -> App:
    app = App(language="ru")
    open_scene(app, "menu")
    step(app)
    return app


def entry(app: App, key_: str) -> pygame.Rect:
    menu = top(app)
    assert isinstance(menu, MenuScene)
    return next(b.rect for b in menu.buttons.buttons if b.label == tr(f"game.{key_}"))


@pytest.mark.parametrize("variant", ["russian", "international", "apokachi"])
def test_the_menu_entry_opens_setup_and_one_click_starts_the_game(variant: str) -> None:
    app = menu_app()
    click(app, entry(app, variant).center)
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.variant == variant
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene) and board.play.variant == variant
    assert len(app.scenes) == 2
    key(app, pygame.K_ESCAPE)  # nothing played yet: no question
    assert isinstance(top(app), MenuScene) and len(app.scenes) == 1


def test_enter_on_the_setup_screen_starts_with_the_defaults() -> None:
    app = menu_app()
    click(app, entry(app, "apokachi").center)
    key(app, pygame.K_RETURN)
    board = top(app)
    assert isinstance(board, BoardScene)
    assert board.play.game.size == 9 and board.play.game.move_limit == 30  # type: ignore[attr-defined]
    assert board.play.game.time_limit == 300.0


def test_setup_options_reach_the_game_and_are_remembered() -> None:
    app = menu_app()
    click(app, entry(app, "apokachi").center)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    rows = {row.name: row for row in setup.rows}
    click(app, rows["size"].buttons[1].rect.center)  # 6 points
    click(app, rows["move_limit"].buttons[0].rect.center)  # 10 moves
    click(app, rows["time_limit"].buttons[-1].rect.center)  # no timer
    click(app, rows["flip"].buttons[0].rect.center)  # turn the board: on
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    game = board.play.game
    assert game.size == 6 and game.move_limit == 10 and game.time_limit is None  # type: ignore[attr-defined]
    assert board.flip_each_move
    press_button(app, board, "board.new")  # nothing played: straight to the setup screen
    again = top(app)
    assert isinstance(again, SetupScene)
    assert again.options["size"] == 6 and again.flip
    key(app, pygame.K_ESCAPE)  # to the menu, and the game's entry opens the same choices
    click(app, entry(app, "apokachi").center)
    from_menu = top(app)
    assert isinstance(from_menu, SetupScene) and from_menu is not again
    assert from_menu.options == again.options and from_menu.flip


def test_draughts_setup_options_reach_the_game() -> None:
    app = menu_app()
    click(app, entry(app, "international").center)
    setup = top(app)
    assert isinstance(setup, SetupScene)
    rows = {row.name: row for row in setup.rows}
    click(app, rows["tournament_draws"].buttons[1].rect.center)
    click(app, rows["draw_offer_after"].buttons[1].rect.center)
    click(app, rows["move_limit"].buttons[2].rect.center)
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    assert board.play.game.options == {
        "tournament_draws": False, "draw_offer_after": 40, "move_limit": 50}


def test_leaving_a_game_in_progress_asks_first() -> None:
    app, board = start_board("russian")
    click_at(app, board, "c3", "d4")
    settle(app)
    press_button(app, board, "board.menu")
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    key(app, pygame.K_ESCAPE)  # cancel
    assert top(app) is board and board.play.notation == ["c3-d4"]
    key(app, pygame.K_ESCAPE)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.buttons.buttons[0].rect.center)
    assert isinstance(top(app), MenuScene) and len(app.scenes) == 1


def test_new_game_from_the_end_overlay_and_menu_from_it() -> None:
    app, board = start_board("russian", "W:WKa1,c3,e3,g3,h2:Bd4,f6")
    click_at(app, board, "c3", "g7")
    settle(app)
    overlay = top(app)
    assert isinstance(overlay, PanelOverlay) and overlay.key == "board-end"
    click(app, overlay.buttons.buttons[0].rect.center)
    assert isinstance(top(app), SetupScene) and len(app.scenes) == 2
    app, board = start_board("russian", "W:WKa1,c3,e3,g3,h2:Bd4,f6")
    click_at(app, board, "c3", "g7")
    settle(app)
    click(app, top(app).buttons.buttons[2].rect.center)  # type: ignore[attr-defined]
    assert isinstance(top(app), MenuScene) and len(app.scenes) == 1


def test_hover_and_hint_key_show_the_pieces_that_can_move() -> None:
    app, board = start_board("russian")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at(board, "c3"), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert board.state.hand.hover == 22  # c3
    key(app, pygame.K_h)
    assert board.state.hints
    press_button(app, board, "board.hints")
    assert not board.state.hints


def test_a_tooltip_names_the_shortcut() -> None:
    app, board = start_board("russian")
    undo = board.panel_view.button("board.undo")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    shown = board.panel_view.tooltip()
    assert undo.hovered and shown is not None and "Ctrl+Z" in shown[1]


@pytest.mark.parametrize("variant", ["russian", "international", "apokachi"])
@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (1920, 1080), (2560, 1080),
                                  (900, 1100)])
def test_the_board_is_the_largest_thing_square_and_never_covered(variant: str,
                                                                  size: tuple[int, int]) -> None:
    app, board = start_board(variant, window=size)
    window = pygame.Rect((0, 0), app.size)
    view = board.view
    assert view.rect.width == view.rect.height, "square"
    assert window.contains(view.rect) and window.contains(board.panel)
    assert not view.rect.colliderect(board.panel), "the panel never covers the board"
    assert view.rect.width >= board.panel.width
    for actions in (board.panel_view.play_actions, board.panel_view.review_actions):
        for action in actions:
            assert board.panel.contains(action.button.rect), action.button.label
    assert board.panel_view.list_rect.height >= board.panel_view.px * 2
    assert board.panel_view.list_rect.bottom <= min(a.button.rect.top for a in board.panel_view.actions)
    assert board.panel_view.info_rect.bottom <= board.panel_view.list_rect.top
    # every square can be hit where it is drawn
    for square in board.play.game.geometry.squares:
        x, y = view.centre(square)
        assert view.square_at((round(x), round(y))) == square


def test_resizing_lays_the_board_out_again_and_keeps_the_game() -> None:
    app, board = start_board("russian")
    click_at(app, board, "c3", "d4")
    settle(app)
    before = board.view.rect.copy()
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=600))
    step(app)
    assert board.view.rect.width < before.width and board.play.notation == ["c3-d4"]
    click_at(app, board, "f6", "e5")
    settle(app)
    assert board.play.notation == ["c3-d4", "f6-e5"]


def test_a_whole_glide_keeps_the_frames_coming_and_then_the_screen_rests() -> None:
    app, board = start_board("international")
    app.toasts.clear()
    click_at(app, board, "32", "28")
    drawn = app.frames
    began = time.perf_counter()
    step(app, 12)  # a hop takes 0.15 s: 18 steps of 1/120 s
    assert app.frames - drawn == 12, "every frame of the glide is drawn"
    assert time.perf_counter() - began < 2.0
    settle(app)
    drawn = app.frames
    step(app, 20)
    assert app.frames == drawn, "nothing moves: nothing drawn"


def test_the_language_switch_relabels_the_panel() -> None:
    app, board = start_board("russian")
    app.change_settings(app.settings.with_(language="en"))
    step(app)
    assert board.panel_view.button("board.undo").label == "Take back"


def test_the_panel_counts_moves_against_an_international_move_limit() -> None:
    app, board = start_board("international", move_limit=30)
    assert tr("board.moves_count", played=0, limit=30) in board.panel_view.info_lines()
    app, board = start_board("international")
    assert board.panel_view.info_lines() == [], "no limit, no clock, no draw rule running: nothing"
