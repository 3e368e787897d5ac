"""Playing a board scene with the mouse, square by square, as a player would (helpers for
the test_board_* files; no tests of its own)."""
from __future__ import annotations

from typing import Any

import pygame

from game.play.board_play import BoardPlay
from game.app import App
from game.rules import find_variant
from game.demos import open_scene
from game.scenes.board.scene import BoardScene
from game.scenes.menu import MenuScene
from tests.scenes.helpers import click, step, top


def start_board(variant: str, fen: str | None = None, window: tuple[int, int] = (1280, 800),
                *, flip_each_move: bool = False, **options: Any) -> tuple[App, BoardScene]:
    """The menu with a board over it (a set-up position when ``fen`` is given; the board
    turned to the side to move after each move with ``flip_each_move``)."""
    app = App(size=window, language="ru")
    app.toasts.clear()
    open_scene(app, "menu")
    game = find_variant(variant).from_fen(fen, **options) if fen else None
    board = BoardScene(app, BoardPlay(variant, options, game=game),
                       flip_each_move=flip_each_move)
    app.scenes.push(board)
    step(app)
    assert top(app) is board
    return app, board


def square(board: BoardScene, name: str) -> int:
    geometry = board.play.game.geometry
    return geometry.squares[geometry.names.index(name)]


def at(board: BoardScene, name: str) -> tuple[int, int]:
    x, y = board.view.centre(square(board, name))
    return round(x), round(y)


def click_at(app: App, board: BoardScene, *names: str) -> None:
    """Click the squares one after another (each a press and a release)."""
    for name in names:
        click(app, at(board, name))


def drag(app: App, board: BoardScene, start: str, end: str) -> None:
    """Press on ``start``, move with the button held in a few steps, release on ``end``."""
    a, b = at(board, start), at(board, end)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    step(app)
    for k in (1, 2, 3):
        pos = (a[0] + (b[0] - a[0]) * k // 3, a[1] + (b[1] - a[1]) * k // 3)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    step(app)


def settle(app: App, seconds: float = 1.5) -> None:
    """Let glides and fades run out."""
    step(app, round(seconds * 120))


def press_button(app: App, board: BoardScene, label_key: str) -> None:
    click(app, board.panel_view.button(label_key).rect.center)


def continue_kept_game(app: App) -> BoardScene:
    """The menu put back, and its Continue clicked: the kept game's board, as a player who
    comes back finds it."""
    app.scenes.reset(MenuScene(app))
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is not None
    click(app, menu.buttons.buttons[0].rect.center)  # Continue
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene)
    return board
