"""The board games played without a mouse: arrows move a cursor, Enter or Space picks and
places."""
from __future__ import annotations

import pygame

from game.app import App
from game.scenes.board.scene import BoardScene
from tests.scenes.board_helpers import settle, square, start_board
from tests.scenes.helpers import key


def go_to(app: App, board: BoardScene, name: str) -> None:
    """Arrow keys until the cursor is on ``name``, as a player would press them."""
    target = square(board, name)
    if board.state.hand.cursor is None:
        key(app, pygame.K_RIGHT)
    for _ in range(40):
        assert board.state.hand.cursor is not None
        if board.state.hand.cursor == target:
            return
        (c0, r0), (c1, r1) = board.view.coord(board.state.hand.cursor), board.view.coord(target)
        up = 1 if not board.view.flipped else -1
        if r1 != r0:
            key(app, pygame.K_UP if (r1 - r0) * up > 0 else pygame.K_DOWN)
        else:
            key(app, pygame.K_RIGHT if (c1 - c0) * up > 0 else pygame.K_LEFT)
    raise AssertionError(f"the cursor never reached {name}")


def play_by_keys(app: App, board: BoardScene, *names: str) -> None:
    for name in names:
        go_to(app, board, name)
        key(app, pygame.K_RETURN)
    settle(app, 0.5)


def test_a_russian_opening_played_with_the_keyboard_only() -> None:
    app, board = start_board("russian")
    play_by_keys(app, board, "c3", "d4")
    play_by_keys(app, board, "f6", "e5")
    play_by_keys(app, board, "d4", "f6")  # the capture, given by its end square
    assert board.play.notation == ["c3-d4", "f6-e5", "d4:f6"]
    key(app, pygame.K_SPACE)  # space works like Enter: pick up a black piece
    assert board.state.hand.selected is not None or board.state.feedback.message is not None


def test_the_cursor_follows_the_screen_when_the_board_is_turned() -> None:
    app, board = start_board("international")
    key(app, pygame.K_f)  # turn the board: Black at the bottom
    play_by_keys(app, board, "32", "28")
    assert board.play.notation == ["32-28"]


def test_apokachi_points_are_reached_by_arrows() -> None:
    app, board = start_board("apokachi")
    play_by_keys(app, board, "e1", "e2")
    assert board.play.notation == ["e1-e2"]
