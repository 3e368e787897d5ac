"""Issue 36, item 6: a paste and a drop say the truth. A position text is read by the game the
screen plays, else by the game whose notation it fits best; a refusal names that game and
why, and nothing else opens instead (``W:Wb8:Bh2`` was opened as Уголки). A dropped file's
broken game names the file and the line, never the clipboard."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import set_language, tr
from game.notices import Kind
from game.play import BoardPlay
from game.play.position_text import grid_share, read_position_text
from game.play.positions import setup_refusal
from game.rules import VARIANTS, find_variant
from game.rules.core import SetupError, SetupProblem
from game.rules.pdn import PdnGame
from game.saves import SaveError, Saves, pdn_game, read_pasted
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.games.games_screen import GamesScene
from game.scenes.games.pdn_list import PdnListScene
from game.scenes.menu import MenuScene
from tests.scenes.helpers import drop, key, paste, step, top

FAR_ROW = "W:Wb8:Bh2"  # a white man on Russian draughts' crowning row; Уголки takes it
GOOD_GAME = '[GameType "25"]\n1. c3-d4 f6-g5 *\n\n'
BROKEN_GAME = '[Event "Broken"]\n[GameType "25"]\n\n1. c3-d4 f6-g5\n2. a1-h8 *\n'
#: what each language says of the refusal: the game, the rule and the square, the clipboard
SAID = {"en": ("Russian draughts", "crowning row (b8)", "clipboard", "Nothing was opened"),
        "ru": ("«Русские шашки»", "превращения (b8)", "буфер", "Ничего не открыто")}


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    app = App(size=(1280, 800), language=request.param)
    app.saves = Saves(tmp_path / "data")
    app.start(MenuScene(app))
    yield app
    app.close_scenes()


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("ru")


def _language(app: App) -> str:
    return app.settings.language


def _board(app: App, variant: str, *moves: str) -> BoardScene:
    board = app.routes.push("board", play=BoardPlay(variant))
    step(app)
    assert isinstance(board, BoardScene)
    for move in moves:
        board.play_text(move)
        step(app)
    return board


def _boards(app: App) -> list[str]:
    return [scene.play.variant for scene in app.scenes if isinstance(scene, BoardScene)]


def _error(app: App) -> str:
    (toast,) = app.toasts
    assert toast.kind is Kind.ERROR
    return toast.message


# --- which game reads a position text ----------------------------------------------------------
@pytest.mark.parametrize("text, current, variant, opens", [
    (FAR_ROW, None, "russian", False),  # dark squares only: a draughts text, which Russian refuses
    (FAR_ROW, "russian", "russian", False),
    (FAR_ROW, "ugolki", "ugolki", True),  # in Уголки's screen, Уголки's to read
    (FAR_ROW, "international", "russian", False),  # International does not read a1..h8
    ("W:Wc3,e3:Bd6,Kh8", None, "russian", True),
    ("W:Wa1,b1,c1,d1,a2,b2,c2,d2,a3,b3,c3,d3:Be6,f6,g6,h6,e7,f7,g7,h7,e8,f8,g8,h8", None,
     "ugolki", True),  # light squares: no draughts reader takes it
    ("W:6:Wa1,b1:Ba6", None, "apokachi", True),
    ("W:W31,32:B1,2", None, "international", True),  # as before: equal fit, the menu's order
    ("W:W31,32:B1,2", "english", "english", True),
    ("W:W31-50:B1-20", "english", "international", True),  # English does not read 50 squares
    ("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bb6", None, "russian", False),  # 13 men
])
def test_a_position_text_goes_to_the_game_that_reads_it_best(
        text: str, current: str | None, variant: str, opens: bool) -> None:
    position = read_position_text(text, current)
    assert position is not None and position.variant == variant
    assert (position.fen is not None) is opens and (position.refusal is None) is opens


def test_every_game_reads_its_own_start_back() -> None:
    for variant in VARIANTS:
        fen = find_variant(variant).new().fen()
        position = read_position_text(fen, variant)
        assert position is not None and position.variant == variant and position.fen == fen
    assert read_position_text("hello") is None


def test_a_draughts_board_fits_a_text_closer_than_a_board_played_on_every_square() -> None:
    assert grid_share("russian") == grid_share("international") == 0.5
    assert grid_share("ugolki") == grid_share("apokachi") == 1.0


def test_a_refusal_read_outside_a_screen_names_the_game_and_the_file(english: None) -> None:
    with pytest.raises(SaveError) as refused:
        read_pasted(FAR_ROW, "position.txt")
    assert refused.value.message() == ("position.txt: the rules of Russian draughts refuse this "
                                       "position — a man cannot stand on its own crowning row "
                                       "(b8)")


def test_a_refusal_that_begins_with_a_side_keeps_its_capital(english: None) -> None:
    with pytest.raises(SaveError) as refused:
        read_pasted("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bb6")
    assert refused.value.message() == ("the rules of Russian draughts refuse the position in "
                                       "the clipboard: White has more pieces than the game "
                                       "has (13 > 12)")


# --- the real screens ----------------------------------------------------------------------
def test_a_far_row_paste_in_a_russian_board_names_russian_and_opens_nothing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(app, "russian", "c3-d4")
    paste(app, monkeypatch, FAR_ROW)
    assert top(app) is board, "nothing asked, nothing opened"
    assert _boards(app) == ["russian"], "no Уголки board"
    said = _error(app)
    for words in SAID[_language(app)]:
        assert words in said, said
    assert board.play.notation == ["c3-d4"]


def test_a_far_row_paste_in_the_games_list_names_russian_and_opens_nothing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    games = app.routes.push("games")
    step(app)
    assert isinstance(games, GamesScene)
    paste(app, monkeypatch, FAR_ROW)
    assert top(app) is games
    assert _boards(app) == [], "no Уголки board"
    said = _error(app)
    for words in SAID[_language(app)]:
        assert words in said, said


def test_the_same_paste_in_an_ugolki_board_opens_it_as_ugolki(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board(app, "ugolki")
    paste(app, monkeypatch, FAR_ROW)
    pasted = top(app)
    assert isinstance(pasted, BoardScene) and pasted is not board
    assert pasted.play.variant == "ugolki" and pasted.play.game.fen() == FAR_ROW
    assert not app.toasts


# --- a dropped file's broken game --------------------------------------------------------------
def _said_of_the_file(app: App, name: str, line: int) -> None:
    said = _error(app)
    where = {"en": f"{name}, line {line}:", "ru": f"{name}, строка {line}:"}[_language(app)]
    assert where in said, said
    assert "clipboard" not in said and "буфер" not in said, said


def test_a_dropped_file_of_one_broken_game_names_the_file_and_the_line(
        app: App, tmp_path: Path) -> None:
    path = tmp_path / "broken.pdn"
    path.write_text(BROKEN_GAME, encoding="utf-8")
    board = _board(app, "russian", "c3-d4")
    drop(app, path)
    assert top(app) is board and board.play.notation == ["c3-d4"]
    _said_of_the_file(app, "broken.pdn", 5)


def test_a_broken_game_of_a_dropped_file_opened_from_its_list_names_the_file_and_line(
        app: App, tmp_path: Path) -> None:
    path = tmp_path / "two games.pdn"
    path.write_text(GOOD_GAME + BROKEN_GAME, encoding="utf-8")
    drop(app, path)
    listing = top(app)
    assert isinstance(listing, PdnListScene) and len(listing.lines) == 2
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    step(app)
    assert top(app) is listing, "the list stays"
    _said_of_the_file(app, "two games.pdn", 8)


def test_a_dropped_broken_game_over_a_game_in_progress_asks_nothing(
        app: App, tmp_path: Path) -> None:
    path = tmp_path / "set-up.pdn"
    path.write_text(f'[GameType "25"]\n[FEN "{FAR_ROW}"]\n*\n', encoding="utf-8")
    board = _board(app, "russian", "c3-d4")
    drop(app, path)
    assert top(app) is board and not any(isinstance(s, ConfirmDialog) for s in app.scenes)
    _said_of_the_file(app, "set-up.pdn", 2)


def test_a_game_that_fails_with_no_line_of_its_own_is_said_at_its_first_line(
        english: None) -> None:
    # options a file's tags could not give (they are checked as it is read): the replay
    # fails without a line, and the game's first line in the file is named
    pdn = PdnGame({}, "russian", "*", line=7, options={"no_such_option": 1})
    with pytest.raises(SaveError) as failed:
        pdn_game(pdn, "games.pdn")
    assert failed.value.message().startswith("games.pdn, line 7: ")


def test_a_pdn_game_opened_without_its_file_is_a_mistake_not_the_clipboard(app: App) -> None:
    pdn = PdnGame({}, "russian", "*")
    with pytest.raises(ValueError, match="name of its file"):
        app.routes.build("open", pdn=pdn)


@pytest.mark.parametrize("problem, key", [(SetupProblem.NO_KINGS, "editor.why.no_kings"),
                                          (SetupProblem.NO_SQUARE, "editor.why.no_square")])
def test_every_refusal_of_pieces_is_said_in_the_players_words(problem: SetupProblem,
                                                               key: str) -> None:
    refusal = setup_refusal(SetupError(problem, "in English only", square="a1"))
    assert refusal.key == key and refusal.values == {"square": "a1"}
    for language in ("ru", "en"):
        set_language(language)
        assert "a1" in tr(refusal.key, **refusal.values)
        assert "English" not in tr(refusal.key, **refusal.values)
    set_language("ru")
