"""Turkish draughts through the real screens: a whole game by clicks, against the computer,
the refusals and the ends in words, the editor and the setup, in both languages."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.i18n import tr
from game.rules.turkish import KING_VS_MAN
from game.tools import screenshot
from game.ui.end_texts import end_reason, result_title
from tests.scenes.board_helpers import click_at, settle, start_board
from tests.scenes.helpers import top
from tests.scenes.test_board_computer import play_out


# (a whole game by clicks: tests/scenes/test_board_more_games.py)


def test_a_game_against_the_computer() -> None:
    app, play = play_out("turkish", {}, level=2, seed=3, moves=12)
    assert play.ply >= 20  # the computer answered every move
    assert play.game.fen() != play.game.starting_fen()


def test_a_man_going_back_is_refused_with_the_reason() -> None:
    app, board = start_board("turkish", "W:Wd4:Bh7")
    click_at(app, board, "d4", "d3")
    assert not board.play.game.move_stack
    assert board.state.feedback.message == tr("board.why.man_back")
    # the piece stays picked up after the refusal: sideways is a move
    click_at(app, board, *(("c4",) if board.state.hand.selected is not None else ("d4", "c4")))
    settle(app, 0.5)
    assert board.play.notation == ["d4-c4"]


def test_a_lone_king_against_a_lone_man_ends_the_game_in_words() -> None:
    app, board = start_board("turkish", "W:WKa1:Bd5,d4")
    click_at(app, board, "a1", "a4")
    settle(app, 0.5)
    click_at(app, board, "d5", "c5")
    settle(app, 0.5)
    click_at(app, board, "a4", "f4")  # takes d4: a lone king against the lone man on c5
    settle(app, 2.0)
    outcome = board.play.game.outcome()
    assert outcome is not None and outcome.termination is KING_VS_MAN
    assert result_title(outcome) == tr("board.end.white_wins")
    assert end_reason(board.play.game, outcome) == tr("board.end.king_vs_man")
    assert top(app).key == "board-end"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("name", ["setup-turkish", "board-turkish", "editor-turkish",
                                  "rules-turkish"])
def test_the_screens_render_in_both_languages(tmp_path: Path, name: str,
                                               language: str) -> None:
    path = tmp_path / f"{name}-{language}.png"
    screenshot(name, str(path), language=language)
    image = pygame.image.load(str(path))
    assert image.get_size() == (1280, 800)
    small = pygame.transform.scale(image, (64, 40))
    assert len({tuple(small.get_at((x, y))) for x in range(64) for y in range(40)}) > 40
