"""Issue 49, items 1 and 5, through the real board screen: Ctrl+V with the clipboard holding
a Russian position in square numbers opens Russian draughts on a Russian board, and the
question names the game it opens; a tag still names its own game; the Games screen reads a
paste as the game the player was last in. Text that is no game ("Buy milk") is said plainly
beside the board, never over it, its details on request, and the board plays on; the
Russian interface says it all in Russian."""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import set_language, tr
from game.notices import Kind
from game.play import BoardPlay
from game.rules import find_variant
from game.saves import Saves
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.games.games_screen import GamesScene
from game.scenes.menu import MenuScene
from tests.scenes.board_helpers import click_at
from tests.scenes.helpers import click, key, paste, shoot, step, store_of, top

NUMBERED_START = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
PLAIN = {"en": "The clipboard holds no game or position.",
         "ru": "В буфере обмена нет ни партии, ни позиции."}


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    app = App(size=(800, 560), language=request.param)
    app.saves = Saves(tmp_path / "data")
    app.toasts.clear()
    app.start(MenuScene(app))
    step(app)
    yield app
    app.close_scenes()
    set_language("ru")


def _lang(app: App) -> str:
    return app.settings.language


def _board(app: App, variant: str, *moves: str) -> BoardScene:
    board = app.routes.push("board", play=BoardPlay(variant))
    step(app)
    assert isinstance(board, BoardScene)
    for move in moves:
        board.play_text(move)
        step(app)
    return board


def _open(app: App) -> None:
    """Answer the question with Open (the button left of the focused Cancel)."""
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)


def _question(app: App) -> str:
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog), "a game in progress: the player is asked"
    return tr(dialog.question_key, **dialog.question_values)


# --- item 1: the game on the screen reads the paste first --------------------------------------
def test_a_numbered_russian_position_on_a_russian_board_opens_russian_and_says_so(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(app, "russian", "c3-d4")
    paste(app, monkeypatch, NUMBERED_START)
    question = _question(app)
    assert tr("game.russian") in question, question
    assert tr("game.international") not in question
    shoot(app, f"paste-question-800x560-{_lang(app)}")
    _open(app)
    opened = top(app)
    assert isinstance(opened, BoardScene) and opened is not board
    assert opened.play.variant == "russian"
    geometry = opened.play.game.geometry
    assert (geometry.columns, geometry.rows) == (8, 8), "an 8x8 board, not 10x10"
    assert opened.play.game.fen() == find_variant("russian").new().fen(), \
        "men on 21-32 and 1-12: the Russian start"
    assert all(seat.at_window for seat in opened.play.seats.values())
    (left,) = store_of(app).unfinished()
    assert store_of(app).load_game(left.id)["board"]["moves"] == ["c3-d4"], \
        "the game left waits on the Games screen"


def test_a_fresh_russian_board_opens_the_numbered_position_as_russian_at_once(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _board(app, "russian")
    paste(app, monkeypatch, "W:W21,22:B9,10")
    opened = top(app)
    assert isinstance(opened, BoardScene) and opened.play.variant == "russian"
    assert opened.play.game.fen() == "W:Wa3,c3:Bb6,d6"
    assert not app.toasts, "the board's own game: nothing to say"


def test_a_paste_that_opens_another_game_at_once_says_which(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _board(app, "russian")
    paste(app, monkeypatch, "W:W31-50:B1-20")  # squares to 50: no Russian position
    opened = top(app)
    assert isinstance(opened, BoardScene) and opened.play.variant == "international"
    (notice,) = app.toasts
    assert notice.kind is Kind.NOTICE
    assert tr("game.international") in notice.message and tr("game.russian") in notice.message
    step(app)
    (placed,) = app.notice_panel.placed
    assert not placed.box.colliderect(opened.view.rect), "said beside the new board"


def test_a_gametype_tag_still_names_its_own_game(app: App,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _board(app, "russian", "c3-d4")
    paste(app, monkeypatch, f'[GameType "20"]\n[FEN "{NUMBERED_START}"]\n*\n')
    question = _question(app)
    assert tr("game.international") in question, question
    _open(app)
    opened = top(app)
    assert isinstance(opened, BoardScene) and opened.play.variant == "international"
    assert opened.play.game.geometry.columns == 10


def test_a_pdn_game_that_names_no_game_opens_as_the_boards(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _board(app, "russian", "c3-d4")
    paste(app, monkeypatch, f'[FEN "{NUMBERED_START}"]\n1. 22-18 11-15 *\n')
    assert tr("game.russian") in _question(app)
    _open(app)
    opened = top(app)
    assert isinstance(opened, BoardScene) and opened.play.variant == "russian"
    assert opened.play.notation == ["c3-d4", "f6-e5"], "numbers read as the board's squares"


@pytest.mark.parametrize("last, opens", [("russian", "russian"), (None, "international")])
def test_the_games_screen_reads_a_paste_as_the_game_last_played(
        app: App, monkeypatch: pytest.MonkeyPatch, last: str | None, opens: str) -> None:
    if last is not None:
        board = _board(app, last, "c3-d4")
        board.leave()
        step(app, 2)
    games = app.routes.push("games")
    step(app)
    assert isinstance(games, GamesScene)
    paste(app, monkeypatch, NUMBERED_START)
    opened = top(app)
    assert isinstance(opened, BoardScene) and opened.play.variant == opens


# --- item 5: text that is no game ------------------------------------------------------------
def test_buy_milk_is_said_plainly_beside_the_board_and_the_game_plays_on(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(app, "russian", "c3-d4")
    paste(app, monkeypatch, "Buy milk")
    assert top(app) is board, "nothing asked, nothing opened"
    (notice,) = app.toasts
    assert notice.kind is Kind.ERROR and notice.message == PLAIN[_lang(app)]
    assert notice.details and "Buy" in notice.details, "the reader's findings are kept"
    (placed,) = app.notice_panel.placed
    assert placed.more == (), "the details wait until asked for"
    assert not placed.box.colliderect(board.view.rect), "the board is never covered"
    assert placed.box.top >= board.panel_view.banner.bottom, "whose turn it is stays in sight"
    shoot(app, f"paste-buy-milk-800x560-{_lang(app)}")

    assert placed.toggle is not None
    click(app, placed.toggle.center)
    assert app.toasts == [notice] and notice.opened, "Details opens them, closes nothing"
    (placed,) = app.notice_panel.placed
    shown = " ".join(placed.more)
    assert "Buy" in shown and re.search(r"\b1\b", shown), shown
    assert not placed.box.colliderect(board.view.rect)
    shoot(app, f"paste-buy-milk-details-800x560-{_lang(app)}")
    if _lang(app) == "ru":
        assert "строка 1" in shown and "ход 1 (белые)" in shown, shown
        assert not re.search(r"\b(line|move|expected|White)\b", shown), shown
    else:
        assert "line 1" in shown and "move 1 (White)" in shown, shown
    assert re.search(r"\b[a-h][1-8]-[a-h][1-8]\b", shown), \
        "a move is shown as the lettered board writes it, not 32-28"

    click_at(app, board, "f6", "g5")  # the board plays on under the message
    assert board.play.notation == ["c3-d4", "f6-g5"]
    assert app.toasts == [notice], "the error stays until it is closed"
    click(app, placed.close.center if placed.close else placed.box.center)
    assert not app.toasts


def test_a_pdn_rule_error_on_a_board_is_said_in_the_interfaces_language(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(app, "russian", "c3-d4")
    paste(app, monkeypatch, '[GameType "25"]\n1. c3-d4 f6-g5\n2. a1-h8 *\n')
    assert top(app) is board
    (notice,) = app.toasts
    if _lang(app) == "ru":
        assert notice.message == ("Текст из буфера обмена, строка 3: ход 2 (белые): хода "
                                  "«a1-h8» здесь нет по правилам. Ничего не открыто.")
    else:
        assert notice.message == ("The text in the clipboard, line 3: move 2 (White): “a1-h8” "
                                  "is not a legal move here. Nothing was opened.")
    (placed,) = app.notice_panel.placed
    assert not placed.box.colliderect(board.view.rect)
    shoot(app, f"paste-rule-error-800x560-{_lang(app)}")
