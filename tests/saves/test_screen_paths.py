"""Issue 20 through the real screens: the menu's Continue, Games -> Enter, a dropped file, a
paste, Del. Each case: no exception, no hang, the player's file unchanged or moved aside under
the name the message gives, the game in progress still there."""
from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import record_of_board
from game.play.computer import ComputerPlayer
from game.rules.core import Color
from game.saves import MAX_PASTE_CHARS, Saves, dumps
from game.scenes.board.scene import BoardScene
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.panel_overlay import PanelOverlay
from game.scenes.editor import EditorScene
from game.scenes.games.games_screen import GamesScene
from game.scenes.games.name_dialog import NameDialog
from game.scenes.games.pdn_list import PdnListScene
from game.scenes.games.reading import PdnReadingScene
from game.scenes.menu import MenuScene
from tests.saves.damage import Record, chapaev_record, damaged, sample_records
from tests.scenes.helpers import click, drop, key, menu_app, paste, step, store_of, top

GAME_ID = "20260101-000000-abcdef"
PDN_GAME = '[Event "Cup"]\n[White "Шашков"]\n[GameType "25"]\n1. c3-d4 f6-g5 2. b2-c3 2-0\n\n'


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = menu_app(tmp_path)
    yield app
    app.close_scenes()


def _messages(app: App) -> str:
    return " | ".join(t.message for t in app.toasts)


def _write_game(app: App, record: Record | bytes, game_id: str = GAME_ID) -> Path:
    store = store_of(app)
    store.games_dir.mkdir(parents=True, exist_ok=True)
    path = store.games_dir / f"{game_id}.json"
    path.write_bytes(record if isinstance(record, bytes) else dumps(record).encode())
    return path


def _menu_again(app: App) -> MenuScene:
    app.scenes.reset(MenuScene(app))
    step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    return menu


def _games(app: App) -> GamesScene:
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, next(b for b in menu.buttons.buttons if b.label == "Games").rect.center)
    step(app)
    games = top(app)
    assert isinstance(games, GamesScene)
    return games


def _timed(action: Callable[[], object], limit: float = 1.0) -> None:
    started = time.perf_counter()
    action()
    spent = time.perf_counter() - started
    assert spent < limit, f"{spent:.2f} s"


def _russian_board(app: App, *moves: str, computer: bool = False) -> BoardScene:
    # the computer thinks on (it answers after the test is over): the game is in progress
    seats = {Color.BLACK: ComputerPlayer(1, min_delay=30.0)} if computer else None
    board = app.routes.push("board", play=BoardPlay("russian", seats=seats))
    step(app)
    assert isinstance(board, BoardScene)
    for move in moves:
        board.play_text(move)
        step(app)
    return board


# --- every unfinished game is kept -----------------------------------------------------------
def test_a_match_a_russian_game_and_an_editor_game_left_are_all_kept_and_each_resumes(
        app: App) -> None:
    match = app.routes.push("chapaev", play=ChapaevPlay())
    step(app)
    assert isinstance(match, ChapaevScene)
    match.shoot((Color.WHITE, 3), (0.1, 1.0), 0.8)
    for _ in range(2000):
        step(app)
        if match.play.can_shoot or match.play.round_result is not None:
            break
    shots, table = list(match.play.shots), match.play.table.state()
    key(app, pygame.K_ESCAPE)  # the pause panel: back to the menu (the match is kept)
    pause = top(app)
    assert isinstance(pause, PanelOverlay)
    click(app, next(b for b in pause.buttons.buttons
                    if b.label == "Back to the menu").rect.center)
    step(app)
    assert isinstance(top(app), MenuScene)
    board = _russian_board(app, "c3-d4", "f6-g5")
    board.leave()
    step(app, 2)
    editor = app.routes.push("editor", variant="english")
    step(app)
    assert isinstance(editor, EditorScene)
    editor.clear()
    editor.click(editor.view.geometry.squares[5])
    editor.choose_tool(1)
    editor.click(editor.view.geometry.squares[25])
    start = editor.fen()
    assert editor.play()
    step(app)
    english = top(app)
    assert isinstance(english, BoardScene)
    english.leave()
    step(app, 2)
    games = _games(app)
    assert [line.game for line in games.lines] == ["english", "russian", "chapaev"]
    assert all(line.marked for line in games.lines), "the unfinished group is marked"
    key(app, pygame.K_END)
    key(app, pygame.K_RETURN)
    step(app)
    again = top(app)
    assert isinstance(again, ChapaevScene)
    assert again.play.shots == shots and again.play.table.state() == table
    again.on_back()
    step(app)
    app.scenes.reset(MenuScene(app))
    step(app)
    games = _games(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    step(app)
    russian = top(app)
    assert isinstance(russian, BoardScene) and russian.play.notation == ["c3-d4", "f6-g5"]
    menu = _menu_again(app)
    assert menu.resume is not None and menu.resume.game == "english", "the latest played"
    click(app, menu.buttons.buttons[0].rect.center)
    step(app)
    resumed = top(app)
    assert isinstance(resumed, BoardScene) and resumed.play.game.starting_fen() == start
    assert len(store_of(app).unfinished()) == 3, "opening a game copies nothing"


def test_a_paste_over_a_game_against_the_computer_asks_and_menu_leave_goes_to_the_menu(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _russian_board(app, "c3-d4", computer=True)
    kept = list(board.play.notation)
    paste(app, monkeypatch, "W:Wc3,e3:Bd6,Kh8")
    assert isinstance(top(app), ConfirmDialog), "asked first"
    key(app, pygame.K_ESCAPE)
    step(app)
    assert top(app) is board, "cancelled: the game stays"
    paste(app, monkeypatch, "W:Wc3,e3:Bd6,Kh8")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    pasted = top(app)
    assert isinstance(pasted, BoardScene) and pasted is not board
    assert [type(s) for s in app.scenes] == [MenuScene, BoardScene], "in the game's place"
    pasted.play_text("c3-b4")
    step(app)
    pasted.commands.to_menu()
    step(app)
    if isinstance(top(app), ConfirmDialog):
        key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN)
        step(app)
    menu = top(app)
    assert isinstance(menu, MenuScene), "Leave goes to the menu, not to the first game"
    unfinished = {tuple(store_of(app).load_game(e.id)["board"]["moves"])
                  for e in store_of(app).unfinished()}
    assert tuple(kept) in unfinished and ("c3-b4",) in unfinished


def test_a_dropped_file_over_a_game_in_progress_asks_and_keeps_the_game(
        app: App, tmp_path: Path) -> None:
    board = _russian_board(app, "c3-d4", "f6-g5")
    path = tmp_path / "two.pdn"
    path.write_text(PDN_GAME * 2)
    drop(app, path)
    assert isinstance(top(app), ConfirmDialog)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    listing = top(app)
    assert isinstance(listing, PdnListScene) and len(listing.lines) == 2
    assert board not in list(app.scenes)
    (entry,) = store_of(app).unfinished()
    assert store_of(app).load_game(entry.id)["board"]["moves"] == ["c3-d4", "f6-g5"]


def test_a_bad_paste_over_a_game_loses_nothing(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    board = _russian_board(app, "c3-d4")
    for text, said in (("x" * (MAX_PASTE_CHARS + 1), "the limit is 1024 KB"),
                       ('[White "Iva\x00nov"]\n[GameType "25"]\n1. c3-d4 *\n', "not plain text"),
                       ("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bb6", "13 > 12"),
                       ("hello", "holds no game or position."),
                       ('[GameType "25"]\n1. c3-d4 f6-g5\n2. a1-h8 *\n', "line 3")):
        app.toasts.clear()
        _timed(lambda: paste(app, monkeypatch, text))
        # the text is read first: what is not a game is said, and nothing is asked
        assert top(app) is board, "no question over a paste that is not a game"
        said_now = _messages(app)
        assert said in said_now and "clipboard" in said_now, said_now
        assert "file" not in said_now, said_now
        if text != "hello":  # (text that holds no game at all is said plainly)
            assert "Nothing was opened" in said_now, said_now
    assert board.play.notation == ["c3-d4"]


# --- records judged by replaying -------------------------------------------------------------
def _damaged_cases() -> list[tuple[str, Record]]:
    rng = random.Random(21)
    cases = [case for record in sample_records(rng) for case in damaged(record, rng)]
    return cases[::7]


@pytest.mark.parametrize("what, record", _damaged_cases(), ids=[w for w, _ in _damaged_cases()])
def test_a_damaged_game_through_continue_enter_and_del(app: App, what: str,
                                                       record: Record) -> None:
    path = _write_game(app, record)
    raw = path.read_bytes()
    menu = _menu_again(app)
    if menu.resume is not None:  # listed as unfinished (its summary reads): Continue says why
        click(app, menu.buttons.buttons[0].rect.center)
        step(app)
        assert top(app) is menu and f"{GAME_ID}.json" in _messages(app), _messages(app)
    app.toasts.clear()
    games = _games(app)
    key(app, pygame.K_RETURN)
    step(app)
    assert top(app) is games and f"{GAME_ID}.json" in _messages(app), _messages(app)
    assert path.read_bytes() == raw, "left as it is"
    key(app, pygame.K_DELETE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    assert not path.exists() and games.lines == []


def test_an_old_damaged_game_in_progress_is_said_as_the_menu_shows(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    record = chapaev_record(random.Random(4))
    record["chapaev"]["shots"][0]["disc"] = "W²"
    raw = dumps(record).encode()
    (data / "current.json").write_bytes(raw)
    app = App(size=(1280, 800), language="en")
    app.saves = Saves(data)
    app.start(MenuScene(app))
    step(app)
    aside = data / "current.damaged.json"
    said = _messages(app)
    assert "current.json" in said and str(aside) in said, said
    assert aside.read_bytes() == raw
    board = _russian_board(app, "c3-d4")  # the next game's saves do not touch it
    board.leave()
    step(app, 2)
    assert aside.read_bytes() == raw


@pytest.mark.parametrize("where", ["shots", "table"])
def test_a_superscript_disc_id_through_the_screens(app: App, where: str) -> None:
    record = chapaev_record(random.Random(4))
    if where == "shots":
        record["chapaev"]["shots"][0]["disc"] = "W²"
    else:
        record["chapaev"]["table"][0][0] = "W²"
    path = _write_game(app, record)
    raw = path.read_bytes()
    menu = _menu_again(app)
    if menu.resume is not None:
        assert menu.showing_resume, "a menu with a game to continue opens on Continue"
        step(app, 2)  # its picture drawn with Continue focused
        menu.continue_game()
        step(app)
        assert f"{GAME_ID}.json" in _messages(app)
    drop(app, path)
    assert isinstance(top(app), MenuScene) and f"{GAME_ID}.json" in _messages(app)
    assert path.read_bytes() == raw


@pytest.mark.parametrize("place", [[1.0, 2.0], {"x": 1.0}])
def test_a_table_coordinate_that_is_a_list_or_a_dict_with_continue_focused(
        app: App, place: object) -> None:
    record = chapaev_record(random.Random(5))
    record["chapaev"]["table"][0][1] = place
    _write_game(app, record)
    menu = _menu_again(app)
    assert menu.resume is not None
    assert menu.showing_resume, "a menu with a game to continue opens on Continue"
    step(app, 3)  # drawn with Continue focused: no picture rather than a crash
    _games(app)
    step(app, 3)


def test_tags_survive_a_resignation_taken_back_and_given_again(app: App) -> None:
    play = BoardPlay("russian", tags={"White": "Ivanov", "Black": "Petrov"})
    play.play_text("c3-d4")
    play.resign(Color.BLACK)
    store_of(app).keep(None, record_of_board(play))
    games = _games(app)
    key(app, pygame.K_RETURN)
    step(app)
    board = top(app)
    assert isinstance(board, BoardScene)
    board.commands.undo()  # the resignation taken back
    step(app)
    assert store_of(app).unfinished(), "the game goes on, in the same file"
    board.play.resign(Color.BLACK)
    board.take_events()
    step(app, 2)
    (entry,) = store_of(app).entries()
    record = store_of(app).load_game(entry.id)
    assert record["tags"]["White"] == "Ivanov" and record["tags"]["Black"] == "Petrov"
    assert record["finished"] and record["board"]["end"]["termination"] == "resignation"
    assert games is not None


# --- hostile files cost nothing --------------------------------------------------------------
def test_a_hundred_kilobyte_name_is_listed_opened_renamed_and_deleted_at_once(app: App) -> None:
    record = record_of_board(BoardPlay("russian"), tags={"White": "W" * 100_000})
    record["board"]["moves"] = ["c3-d4"]
    record["name"] = "N" * 100_000
    path = _write_game(app, record)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    _timed(lambda: click(app, next(b for b in menu.buttons.buttons
                                    if b.label == "Games").rect.center))
    step(app)
    games = top(app)
    assert isinstance(games, GamesScene)
    _timed(lambda: step(app, 2))
    _timed(lambda: key(app, pygame.K_F2))
    dialog = top(app)
    assert isinstance(dialog, NameDialog)
    _timed(lambda: step(app, 2))
    key(app, pygame.K_ESCAPE)
    step(app)

    def enter() -> None:
        key(app, pygame.K_RETURN)
        step(app)

    def delete() -> None:
        key(app, pygame.K_DELETE)
        key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN)
        step(app)

    _timed(enter)
    board = top(app)
    assert isinstance(board, BoardScene)
    board.leave()
    step(app)
    _timed(delete)
    assert not path.exists()


def test_a_300_mb_index_and_files_that_cannot_be_read_list_at_once(app: App) -> None:
    store = store_of(app)
    game_id = store.keep(None, record_of_board(_played("c3-d4")))
    with open(store.index_path, "wb") as out:
        out.truncate(300 * 1024 * 1024)  # sparse: no disk used
    with open(store.games_dir / f"{GAME_ID}.json", "wb") as out:
        out.truncate(9 * 1024 * 1024)
    (store.games_dir / "20260101-000000-loop01.json").symlink_to("20260101-000000-loop02.json")
    (store.games_dir / "20260101-000000-loop02.json").symlink_to("20260101-000000-loop01.json")
    (store.games_dir / "20260101-000000-folder.json").mkdir()
    app.saves = Saves(store.root)
    menu = _menu_again(app)
    _timed(lambda: click(app, next(b for b in menu.buttons.buttons
                                    if b.label == "Games").rect.center), 2.0)
    step(app)
    games = top(app)
    assert isinstance(games, GamesScene)
    details = [line.detail for line in games.lines]
    assert games.lines[0].key == game_id
    assert f"{GAME_ID}.json is too big: 9216 KB, the limit is 8192 KB" in details
    assert "20260101-000000-loop01.json is a link that leads round in a loop" in details
    folder = next(i for i, line in enumerate(games.lines) if line.key == "20260101-000000-folder")
    games.select(folder)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    assert "is a folder, not a game" in _messages(app)
    assert (store_of(app).games_dir / "20260101-000000-folder.json").is_dir()


def test_del_in_a_folder_that_refuses_says_why(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = store_of(app).keep(None, record_of_board(_played("c3-d4")))
    games = _games(app)

    def refuse(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "unlink", refuse)  # a read-only folder (even for root)
    key(app, pygame.K_DELETE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    monkeypatch.undo()
    assert f"{game_id}.json cannot be deleted: Permission denied" in _messages(app)
    assert [line.key for line in games.lines] == [game_id]


def _played(*moves: str) -> BoardPlay:
    play = BoardPlay("russian")
    for move in moves:
        play.play_text(move)
    return play


def test_a_big_pdn_file_dropped_is_read_while_the_window_keeps_drawing(
        app: App, tmp_path: Path) -> None:
    path = tmp_path / "big.pdn"
    path.write_text(PDN_GAME * 40_000)
    assert path.stat().st_size > 2_500_000
    started = time.perf_counter()
    drop(app, path)
    reading = top(app)
    assert isinstance(reading, PdnReadingScene)
    frames, longest = 0, 0.0
    while isinstance(top(app), PdnReadingScene):
        begun = time.process_time()
        step(app)
        longest = max(longest, time.process_time() - begun)
        frames += 1
        assert frames < 5000
    listing = top(app)
    assert isinstance(listing, PdnListScene) and len(listing.lines) == 40_000
    assert frames > 10 and longest < 0.1, (frames, longest)
    assert reading.reading.fraction == 1.0 and time.perf_counter() - started < 60


def test_the_reading_of_a_pdn_file_can_be_stopped(app: App, tmp_path: Path) -> None:
    path = tmp_path / "big.pdn"
    path.write_text(PDN_GAME * 40_000)
    drop(app, path)
    assert isinstance(top(app), PdnReadingScene)
    key(app, pygame.K_ESCAPE)
    step(app, 3)
    assert isinstance(top(app), MenuScene)


def test_long_tags_in_a_pdn_list_draw_at_once(app: App, tmp_path: Path) -> None:
    path = tmp_path / "tags.pdn"
    path.write_text(f'[Event "{"E" * 20_000}"]\n[White "{"W" * 1_000_000}"]\n[GameType "25"]\n'
                    f'1. c3-d4 *\n\n' + PDN_GAME)
    _timed(lambda: drop(app, path))
    listing = top(app)
    assert isinstance(listing, PdnListScene)
    _timed(lambda: step(app, 2))

    def enter() -> None:
        key(app, pygame.K_RETURN)
        step(app, 3)

    _timed(enter)  # its board names the players
    board = top(app)
    assert isinstance(board, BoardScene) and board.play.tags["White"].startswith("WWW")
    _timed(lambda: step(app, 3))


# --- the name box and the editor -------------------------------------------------------------
def test_the_name_box_selects_the_proposed_name_and_ctrl_a_selects_all(app: App) -> None:
    board = _russian_board(app, "c3-d4")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = top(app)
    assert isinstance(dialog, NameDialog) and dialog.selected and dialog.text
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Партия"))
    step(app)
    assert dialog.text == "Партия", "typing replaces the proposed name"
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Finale"))
    step(app)
    key(app, pygame.K_END)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=" 2"))
    step(app)
    assert dialog.text == "Finale 2"
    key(app, pygame.K_RETURN)
    step(app)
    assert top(app) is board
    (entry,) = store_of(app).entries()
    assert entry.summary is not None and entry.summary.name == "Finale 2"


def test_the_editor_asks_before_a_change_of_game_throws_a_position_away(app: App) -> None:
    editor = app.routes.push("editor", variant="russian")
    step(app)
    assert isinstance(editor, EditorScene)
    editor.clear()
    editor.click(editor.view.geometry.squares[5])
    editor.choose_tool(1)
    editor.click(editor.view.geometry.squares[25])
    pieces = dict(editor.pieces)
    click(app, editor.button("Russian draughts").rect.center)
    assert isinstance(top(app), ConfirmDialog)
    key(app, pygame.K_ESCAPE)
    step(app)
    assert editor.variant == "russian" and editor.pieces == pieces, "kept"
    click(app, editor.button("Russian draughts").rect.center)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    step(app)
    assert top(app) is editor and editor.variant != "russian"
    shown = editor.variant
    click(app, editor.button(tr(f"game.{shown}")).rect.center)
    assert top(app) is editor and editor.variant != shown, "a start position: nothing to lose"


def test_a_pasted_position_only_looked_at_adds_nothing_played_on_it_is_kept(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    games = _games(app)
    paste(app, monkeypatch, "W:Wc3,e3:Bd6,Kh8")
    board = top(app)
    assert isinstance(board, BoardScene)
    board.leave()
    step(app, 2)
    assert top(app) is games and store_of(app).entries() == [] and games.lines == []
    paste(app, monkeypatch, "W:Wc3,e3:Bd6,Kh8")
    board = top(app)
    assert isinstance(board, BoardScene)
    board.play_text("c3-b4")
    step(app)
    board.leave()
    step(app, 2)
    (entry,) = store_of(app).unfinished()
    assert games.lines[0].key == entry.id
