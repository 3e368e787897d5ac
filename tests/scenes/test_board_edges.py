"""Where a game's notation numbers the squares (International, Frisian, English, International
giveaway), the board's frame shows the numbers of its edge squares, as printed diagrams do,
and not the letters and digits no move uses; the other games keep a–h / 1–8 (issue 49,
item 8). A fact of the game's class (``numbered_squares``), which its notation's names of the
squares carry to the board."""
from __future__ import annotations

import pygame
import pytest

from game.rules import VARIANTS, find_variant
from game.ui import theme
from game.ui.board_views import LETTERS, SquareBoardView, edge_numbers, numbered
from tests.scenes.board_helpers import click_at, settle, start_board
from tests.scenes.helpers import step
from tests.scenes.legibility import forget_drawings


def _frame_words(variant: str, flipped: bool = False) -> tuple[set[str], list[str]]:
    """The words drawn on a real board screen of ``variant`` at 800x560, and its moves after
    White's first (clicked on the board)."""
    app, board = start_board(variant, window=(800, 560))
    if flipped:
        board.commands.flip()
        step(app)
    forget_drawings()
    with theme.watching() as log:
        app.redraw()
        step(app)
    return {d.value for d in log.drawn}, list(board.play.notation)


def test_every_game_numbers_its_frame_as_its_notation_names_squares() -> None:
    for variant in VARIANTS:
        game = find_variant(variant)
        assert numbered(game.new().geometry) == game.numbered_squares, variant


def test_frisian_frame_shows_the_numbers_its_moves_use() -> None:
    app, board = start_board("frisian", window=(800, 560))
    click_at(app, board, "32", "28")
    settle(app)
    assert board.play.notation == ["32-28"]
    forget_drawings()
    with theme.watching() as log:
        app.redraw()
        step(app)
    drawn = {d.value for d in log.drawn}
    edges = {"1", "2", "3", "4", "5", "46", "47", "48", "49", "50", "6", "16", "26", "36",
             "15", "25", "35", "45"}
    assert edges <= drawn, sorted(edges - drawn)
    assert not set(LETTERS[:10]) & drawn, "no a-j on the frame"


@pytest.mark.parametrize("variant, top_left", [("international", ("1", "6")),
                                               ("english", ("1", "5"))])
def test_the_numbers_stand_beside_their_squares(variant: str,
                                                top_left: tuple[str, str]) -> None:
    game = find_variant(variant).new()
    view = SquareBoardView(game.geometry)
    view.layout(pygame.Rect(0, 0, 480, 480))
    edges = edge_numbers(game.geometry, flipped=False)
    top = [name for name, edge, _ in sorted(
        (e for e in edges if e[1] == "top"), key=lambda e: e[2])]
    left = [name for name, edge, _ in sorted(
        (e for e in edges if e[1] == "left"), key=lambda e: e[2])]
    assert (top[0], left[0]) == top_left
    for name, edge, along in edges:
        x, y = view.centre(int(name))
        inner = view.inner
        cell = view.cell
        if edge in ("top", "bottom"):
            assert int((x - inner.left) // cell) == along
            assert (y < inner.top + cell) if edge == "top" else (y > inner.bottom - cell)
        else:
            assert int((y - inner.top) // cell) == along
            assert (x < inner.left + cell) if edge == "left" else (x > inner.right - cell)
    turned = edge_numbers(game.geometry, flipped=True)
    assert {n for n, e, _ in turned if e == "bottom"} == {n for n, e, _ in edges if e == "top"}


def test_a_board_named_by_letters_keeps_them() -> None:
    drawn, _ = _frame_words("russian")
    assert set("abcdefgh") <= drawn and set("12345678") <= drawn


def test_a_turned_frisian_board_numbers_its_frame_too() -> None:
    drawn, _ = _frame_words("frisian", flipped=True)
    assert {"1", "5", "46", "50"} <= drawn and not set(LETTERS[:10]) & drawn
