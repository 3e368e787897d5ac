"""The Games screen, Continue, the editor and dropped files, driven with posted events."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import record_of_board
from game.play.chapaev_record import record_of_chapaev
from game.play.records import Summary
from game.rules.core import Color, Piece, PieceKind
from game.saves import Entry, Saves
from game.scenes.board.scene import BoardScene
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.editor import EditorScene
from game.scenes.games.games_screen import GamesScene
from game.scenes.games.name_dialog import NameDialog
from game.scenes.games.pdn_list import PdnListScene
from game.scenes.menu import MenuScene
from tests.scenes.helpers import click, key, step, store_of, top

HERE = Path(__file__).parent / "pdn"


@pytest.fixture
def app(tmp_path: Path) -> App:
    app = App(size=(1280, 800), language="en")
    app.saves = Saves(tmp_path / "data")
    app.start(MenuScene(app))
    return app


def _russian(*moves: str) -> BoardPlay:
    play = BoardPlay("russian")
    for text in moves:
        play.play_text(text)
    return play


def _latest(app: App) -> dict[str, Any] | None:
    """The record of the game Continue resumes (None: no unfinished game)."""
    store = store_of(app)
    entry = store.latest_unfinished()
    return store.load_game(entry.id) if entry is not None else None


def _summary(entry: Entry) -> Summary:
    assert entry.summary is not None
    return entry.summary


def _games(app: App) -> GamesScene:
    app.scenes.push(GamesScene(app))
    step(app)
    scene = top(app)
    assert isinstance(scene, GamesScene)
    return scene


def test_moves_are_kept_and_continue_resumes_the_game(app: App) -> None:
    board = BoardScene(app, BoardPlay("russian"))
    app.scenes.push(board)
    step(app)
    board.play_text("c3-d4")
    step(app)
    board.play_text("f6-g5")
    board.commands.undo()
    step(app)
    record = _latest(app)
    assert record is not None
    assert record["board"]["moves"] == ["c3-d4"] and record["board"]["redo"] == ["f6-g5"]
    board.leave()
    step(app, 2)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is not None
    assert menu.buttons.buttons[0].label == "Continue"
    click(app, menu.buttons.buttons[0].rect.center)
    step(app)
    again = top(app)
    assert isinstance(again, BoardScene) and again.play.notation == ["c3-d4"]
    assert again.play.redo(), "the move taken back can be played again"


def test_a_finished_game_goes_to_the_games_screen_by_itself_and_opens_in_review(app: App) -> None:
    board = BoardScene(app, BoardPlay("russian"))
    app.scenes.push(board)
    step(app)
    board.play_text("c3-d4")
    board.play.resign(Color.BLACK)
    board.take_events()
    step(app, 2)
    assert _latest(app) is None
    (entry,) = store_of(app).entries()
    assert _summary(entry).finished and _summary(entry).result == "2-0"
    app.scenes.reset(MenuScene(app))
    step(app)
    games = _games(app)
    key(app, pygame.K_RETURN)
    step(app)
    opened = top(app)
    assert isinstance(opened, BoardScene) and opened.play.reviewing.ply is not None
    outcome = opened.play.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE
    assert games.lines[0].thumb is not None, "the picture was drawn when the line was seen"


def test_the_games_screen_renames_and_deletes_with_keys_and_clicks(app: App) -> None:
    store = store_of(app)
    store.keep(None, record_of_board(_russian("c3-d4")), name="one")
    games = _games(app)
    key(app, pygame.K_F2)
    dialog = top(app)
    assert isinstance(dialog, NameDialog)
    key(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Партия века"))
    step(app)
    key(app, pygame.K_RETURN)
    step(app)
    assert [_summary(e).name for e in store.entries()] == ["Партия века"]
    assert games.lines[0].title == "Партия века"
    click(app, next(b for b in games.buttons if b.label == "Delete").rect.center)
    confirm = top(app)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    assert top(app) is games and store.entries() == [] and games.lines == []


def test_a_damaged_file_is_listed_and_opening_it_says_why(app: App) -> None:
    store = store_of(app)
    store.games_dir.mkdir(parents=True)
    (store.games_dir / "20260101-000000-aaaaaa.json").write_text('{"format": "shashki-ga')
    games = _games(app)
    assert games.lines[0].problem
    key(app, pygame.K_RETURN)
    assert top(app) is games and any("cut short" in t.message for t in app.toasts)


def test_chapaev_is_kept_between_shots_and_resumes_on_the_same_table(app: App) -> None:
    scene = ChapaevScene(app, ChapaevPlay())
    app.scenes.push(scene)
    step(app)
    scene.shoot((Color.WHITE, 3), (0.1, 1.0), 0.8)
    for _ in range(2000):
        step(app)
        if scene.play.can_shoot or scene.play.round_result is not None:
            break
    table = scene.play.table.state()
    app.scenes.reset(MenuScene(app))
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is not None
    assert menu.resume.game == "chapaev"
    menu.continue_game()
    step(app)
    again = top(app)
    assert isinstance(again, ChapaevScene) and again.play.table.state() == table
    assert again.play.shots == scene.play.shots


def test_closing_the_window_keeps_the_game(app: App) -> None:
    board = BoardScene(app, BoardPlay("international"))
    app.scenes.push(board)
    step(app)
    board.play.play_text("32-28")  # the play object only: no scene event has saved it yet
    app.close_scenes()
    record = _latest(app)
    assert record is not None
    assert record["board"]["moves"] == ["32-28"]


def test_a_dropped_pdn_file_with_several_games_lists_them_and_opens_one_in_review(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(HERE / "russian.pdn")))
    step(app, 2)
    listing = top(app)
    assert isinstance(listing, PdnListScene) and len(listing.lines) == 2
    assert listing.lines[0].title == "Шашков — Мельников"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene) and board.play.reviewing.ply == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_p)  # play from here
    step(app)
    fresh = top(app)
    assert isinstance(fresh, BoardScene) and fresh.play.reviewing.ply is None
    assert fresh.play.game.fen() == board.state.shown.fen() and not fresh.play.moves


def test_a_dropped_file_that_is_not_pdn_says_why(app: App, tmp_path: Path) -> None:
    bad = tmp_path / "photo.pdn"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    step(app, 2)
    assert isinstance(top(app), MenuScene) and app.toasts
    assert bad.read_bytes().startswith(b"\x89PNG")


def test_paste_a_fen_opens_the_position_and_copy_gives_it_back(app: App) -> None:
    assert app.routes.push("open", text="W:Wc3,e3:Bd6,Kh8") is not None
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene) and board.play.variant == "russian"
    key(app, pygame.K_c, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    from game.ui.clipboard import clipboard_text

    text = clipboard_text()
    if text is not None:  # the dummy driver may have no clipboard: then it says so
        assert text == board.play.game.fen()
    assert app.toasts


def _square_pos(editor: EditorScene, name: str) -> tuple[int, int]:
    geometry = editor.view.geometry
    square = geometry.squares[geometry.names.index(name)]
    x, y = editor.view.centre(square)
    return round(x), round(y)


def test_the_editor_places_pieces_refuses_impossible_positions_and_plays(app: App) -> None:
    editor = EditorScene(app, "russian")
    app.scenes.push(editor)
    step(app)
    click(app, editor.button("Clear").rect.center)
    assert editor.pieces == {}
    assert "has no piece" in (editor.why_not() or "")
    click(app, _square_pos(editor, "c3"))  # a white man
    click(app, editor.tool_rects[1].center)  # black man
    click(app, _square_pos(editor, "a1"))
    assert "crowning row" in (editor.why_not() or ""), "a black man on row 1 is refused"
    click(app, _square_pos(editor, "a1"), button=3)
    click(app, _square_pos(editor, "f6"))
    assert editor.why_not() is None
    click(app, editor.button("Play").rect.center)
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene)
    assert {board.play.game.geometry.name(s): p for s, p in board.play.game.pieces()} == {
        "c3": Piece(Color.WHITE), "f6": Piece(Color.BLACK)}


def test_the_editor_refuses_too_many_pieces_and_a_board_of_the_wrong_size() -> None:
    from game.play.positions import check_position, start_pieces

    pieces = start_pieces("russian")
    spare = next(s for s in range(13, 21) if s not in pieces)
    refusal = check_position("russian", Color.WHITE, {**pieces, spare: Piece(Color.WHITE)})
    assert refusal is not None and refusal.key == "editor.why.too_many"
    refusal = check_position("apokachi", Color.WHITE, {}, {"size": 4})
    assert refusal is not None and refusal.key == "editor.why.size"
    refusal = check_position("apokachi", Color.WHITE, {}, {"size": 15})
    assert refusal is not None and refusal.key == "editor.why.size"
    assert check_position("apokachi", Color.WHITE, start_pieces("apokachi", {"size": 7}), {"size": 7}) is None
    assert check_position("international", Color.WHITE,
                          {1: Piece(Color.BLACK, PieceKind.KING), 50: Piece(Color.WHITE)}) is None
    refusal = check_position("international", Color.WHITE,
                             {1: Piece(Color.WHITE), 50: Piece(Color.BLACK, PieceKind.KING)})
    assert refusal is not None and refusal.key == "editor.why.crowning_row"


def test_the_editor_switches_to_apokachi_and_copies_its_fen(app: App) -> None:
    editor = EditorScene(app, "russian")
    app.scenes.push(editor)
    step(app)
    for _ in range(8):  # the game button goes through every game of the collection
        if editor.variant == "apokachi":
            break
        click(app, editor.button(tr(f"game.{editor.variant}")).rect.center)
    assert editor.variant == "apokachi" and len(editor.palette) == 3, "no kings in Apokachi"
    fen = editor.fen()
    assert fen is not None and fen.startswith("W:9:")
    key(app, pygame.K_c, pygame.KMOD_CTRL)
    assert app.toasts


def test_looking_at_a_pdn_game_keeps_nothing_but_playing_on_does(app: App) -> None:
    assert app.routes.push("open", path=HERE / "variant_tag.pdn") is not None
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene)
    board.leave()
    step(app, 2)
    store = store_of(app)
    assert store.entries() == [] and _latest(app) is None
    app.routes.push("open", path=HERE / "variant_tag.pdn")
    step(app)
    board = top(app)
    key(app, pygame.K_END)
    key(app, pygame.K_p)
    step(app)
    fresh = top(app)
    assert isinstance(fresh, BoardScene)
    fresh.play_text("d2-c3")
    step(app)
    record = _latest(app)
    assert record is not None
    assert record["board"]["start"] is not None, "the new game from there"


def test_the_editor_sets_up_every_game_with_its_own_side_to_move(app: App) -> None:
    from game.rules import VARIANTS, find_variant

    for variant in VARIANTS:
        editor = EditorScene(app, variant)
        assert editor.turn is find_variant(variant).first_color, variant
        assert editor.why_not() is None and editor.fen() == find_variant(variant).new().fen()


def test_a_match_left_and_a_new_game_both_stay_and_continue_goes_on_in_the_same_file(
        app: App) -> None:
    """The store's side of issue 20 through today's screens (phase 2 adds the full paths)."""
    store = store_of(app)
    match = ChapaevScene(app, ChapaevPlay())
    app.scenes.push(match)
    step(app)
    match.shoot((Color.WHITE, 3), (0.1, 1.0), 0.8)
    for _ in range(2000):
        step(app)
        if match.play.can_shoot or match.play.round_result is not None:
            break
    app.scenes.reset(MenuScene(app))
    step(app)
    board = BoardScene(app, BoardPlay("russian"))
    app.scenes.push(board)
    step(app)
    board.play_text("c3-d4")
    step(app)
    board.leave()
    step(app, 2)
    assert sorted(_summary(e).game for e in store.unfinished()) == ["chapaev", "russian"]
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is not None \
        and menu.resume.game == "russian", "the latest"
    click(app, menu.buttons.buttons[0].rect.center)
    step(app)
    again = top(app)
    assert isinstance(again, BoardScene) and again.play.notation == ["c3-d4"]
    again.play_text("f6-g5")
    step(app)
    again.leave()
    step(app, 2)
    russian = [e for e in store.unfinished() if _summary(e).game == "russian"]
    assert len(russian) == 1, "continued in its own file, not copied"
    assert store.load_game(russian[0].id)["board"]["moves"] == ["c3-d4", "f6-g5"]
    assert len(store.entries()) == 2


def test_an_editor_position_is_kept_even_before_its_first_move(app: App) -> None:
    editor = EditorScene(app, "russian")
    app.scenes.push(editor)
    step(app)
    click(app, editor.button("Clear").rect.center)
    click(app, _square_pos(editor, "c3"))
    click(app, editor.tool_rects[1].center)
    click(app, _square_pos(editor, "f6"))
    click(app, editor.button("Play").rect.center)
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene)
    board.leave()
    step(app, 2)
    store = store_of(app)
    (entry,) = store.unfinished()
    assert store.load_game(entry.id)["board"]["start"] == "W:Wc3:Bf6"
