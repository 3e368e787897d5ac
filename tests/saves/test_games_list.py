"""The Games screen keeps a long list useful: which games it shows, several marked and deleted
at once, old games against the computer cleared in one step, each line naming the game's
options; the panels beside the board name the options in play. Driven with posted events."""
from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.i18n import set_language, tr
from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import record_of_board
from game.play.chapaev_record import record_of_chapaev
from game.play.clock import ClockSpec
from game.play.computer import ComputerPlayer
from game.rules.chapaev import Campaign, ChapaevOptions
from game.rules.core import Color
from game.saves import Saves
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.games.games_screen import GamesScene
from game.scenes.menu import MenuScene
from game.ui.chapaev_panel import variant_rows
from tests.scenes.helpers import click, key, menu_app, step, store_of, top


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = menu_app(tmp_path)
    yield app
    set_language("en")


def _russian(*moves: str, computer: bool = False, finished: bool = False,
             options: dict[str, Any] | None = None, clock: ClockSpec | None = None
             ) -> dict[str, Any]:
    play = BoardPlay("russian", options,
                     seats={Color.BLACK: ComputerPlayer(4)} if computer else None, clock=clock)
    for text in moves or ("c3-d4",):
        play.play_text(text)
    if finished:
        play.resign(Color.BLACK)
    return record_of_board(play)


def _games(app: App) -> GamesScene:
    app.routes.push("games")
    step(app, 2)
    games = top(app)
    assert isinstance(games, GamesScene)
    return games


def _keys(games: GamesScene) -> list[str]:
    return [line.key for line in games.lines]


def _at(games: GamesScene, game_id: str) -> tuple[int, int]:
    row = _keys(games).index(game_id) - games.scroll
    return games.list_rect.centerx, games.list_rect.top + row * games.row_h + games.row_h // 2


def _click_with(app: App, pos: tuple[int, int], mods: int) -> None:
    pygame.key.set_mods(mods)
    try:
        click(app, pos)
    finally:
        pygame.key.set_mods(0)


def _answer_yes(app: App) -> None:
    key(app, pygame.K_LEFT)  # from Cancel, which has the focus, to the answer that acts
    key(app, pygame.K_RETURN)
    step(app)


def _question(app: App) -> str:
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    return tr(dialog.question_key, **dialog.question_values)


def _messages(app: App) -> str:
    return " | ".join(t.message for t in app.toasts)


def test_the_filters_show_the_right_games_and_keep_the_cursor_sensibly(app: App) -> None:
    store = store_of(app)
    against = store.keep(None, _russian(computer=True))
    done = store.keep(None, _russian(finished=True))
    people = store.keep(None, _russian("e3-f4"))
    (store.games_dir / "20200101-000000-broken.json").write_text("{", encoding="utf-8")
    games = _games(app)
    assert games.filter == "all" and _keys(games) == [people, against, done,
                                                      "20200101-000000-broken"]
    assert [tab.label for tab in games.tabs] == ["Unfinished · 2", "Finished · 1", "All · 4"]
    games.select(1)
    key(app, pygame.K_RIGHT)  # all -> unfinished (the switch goes round)
    assert games.filter == "unfinished" and _keys(games) == [people, against]
    assert games.current is not None and games.current.key == against, \
        "the game under the cursor keeps it"
    assert [tab.selected for tab in games.tabs] == [True, False, False]
    click(app, games.tabs[1].rect.center)
    assert games.filter == "finished" and _keys(games) == [done] and games.selected == 0
    key(app, pygame.K_TAB)
    assert games.filter == "all" and games.current is not None and games.current.key == done
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert games.filter == "unfinished"
    # the filter is remembered when the screen is left and opened again
    key(app, pygame.K_ESCAPE)
    step(app)
    assert isinstance(top(app), MenuScene)
    again = _games(app)
    assert again.filter == "unfinished" and _keys(again) == [people, against]
    # a filter with nothing in it says so
    store.delete_many([people, against])
    again.reload()
    assert again.lines == [] and "No unfinished games" in again.empty_text()


def test_marked_games_are_deleted_after_one_question_naming_how_many(app: App) -> None:
    store = store_of(app)
    for i, first in enumerate(("a3-b4", "c3-b4", "c3-d4", "e3-f4", "g3-h4")):
        store.keep(None, _russian(first), name=f"game {i}")
        time.sleep(0.002)
    games = _games(app)
    order = _keys(games)
    _click_with(app, _at(games, order[1]), pygame.KMOD_LCTRL)
    _click_with(app, _at(games, order[3]), pygame.KMOD_LSHIFT)  # 1 to 3
    key(app, pygame.K_HOME)
    key(app, pygame.K_SPACE)  # and 0
    _click_with(app, _at(games, order[2]), pygame.KMOD_LCTRL)  # 2 unmarked again
    assert set(games.marks.keys) == {order[0], order[1], order[3]}
    delete = next(b for b in games.buttons if b.action == games.delete)
    assert delete.label == "Delete (3)" and games.hint().startswith("Games marked: 3")
    kept = {i: (store.games_dir / f"{order[i]}.json").read_bytes() for i in (2, 4)}
    key(app, pygame.K_DELETE)
    assert _question(app) == "Delete 3 marked games?"
    key(app, pygame.K_ESCAPE)  # not now: nothing goes, the marks stay
    step(app)
    assert top(app) is games and len(store.entries()) == 5 and len(games.marks) == 3
    click(app, delete.rect.center)
    assert _question(app) == "Delete 3 marked games?"
    _answer_yes(app)
    assert top(app) is games and "Games deleted: 3" in _messages(app)
    assert sorted(p.stem for p in store.games_dir.glob("2*.json")) == sorted(
        (order[2], order[4]))
    assert all((store.games_dir / f"{order[i]}.json").read_bytes() == kept[i] for i in kept)
    index = json.loads(store.index_path.read_text(encoding="utf-8"))
    assert set(index["entries"]) == {order[2], order[4]}
    assert _keys(games) == [order[2], order[4]] and len(games.marks) == 0
    # the game Continue offered was one of them: it offers the next one now
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == order[2]
    # a file that cannot be removed is said, the others go; Esc unmarks before it leaves
    (store.games_dir / "20200101-000000-folder.json").mkdir()
    games.reload()
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert len(games.marks) == 3
    key(app, pygame.K_ESCAPE)
    assert top(app) is games and len(games.marks) == 0
    key(app, pygame.K_HOME)
    key(app, pygame.K_DOWN, pygame.KMOD_LSHIFT)
    key(app, pygame.K_DOWN, pygame.KMOD_LSHIFT)
    assert len(games.marks) == 3
    key(app, pygame.K_DELETE)
    assert _question(app) == "Delete 3 marked games?"
    _answer_yes(app)
    assert "Games not deleted: 1" in _messages(app) and "is a folder" in _messages(app)
    assert _keys(games) == ["20200101-000000-folder"] and store.latest_unfinished() is None
    key(app, pygame.K_ESCAPE)
    step(app, 2)
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.resume is None, "nothing left to continue"


def _make_old(store: Saves, game_id: str, days: float) -> None:
    path = store.games_dir / f"{game_id}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["saved"] = time.strftime("%Y-%m-%dT%H:%M:%S",
                                    time.localtime(time.time() - days * 86400))
    path.write_text(json.dumps(record), encoding="utf-8")


def test_clearing_old_games_removes_only_old_unfinished_unnamed_games_against_the_computer(
        app: App) -> None:
    store = store_of(app)
    old = [store.keep(None, _russian(computer=True)) for _ in range(2)]
    named = store.keep(None, _russian(computer=True), name="Against level 4")
    people = store.keep(None, _russian())
    finished = store.keep(None, _russian(computer=True, finished=True))
    recent = store.keep(None, _russian(computer=True))
    for game_id in (*old, named, people, finished):
        _make_old(store, game_id, 20)
    games = _games(app)
    clear = next(b for b in games.buttons if b.label == "Clear old games")
    click(app, clear.rect.center)
    assert _question(app) == "Delete 2 old games against the computer?"
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog) and "more than 7 days" in dialog.detail
    _answer_yes(app)
    assert sorted(_keys(games)) == sorted((named, people, finished, recent))
    assert "Games deleted: 2" in _messages(app)
    app.toasts.clear()
    click(app, clear.rect.center)
    assert top(app) is games, "nothing to clear: no question"
    assert "No old games against the computer" in _messages(app)


def test_a_line_names_the_games_options(app: App) -> None:
    store = store_of(app)
    huff = store.keep(None, _russian(options={"huff": True}, clock=ClockSpec(5, 3)))
    chapaev = store.keep(None, record_of_chapaev(
        ChapaevPlay(ChapaevOptions(campaign=Campaign.LOSER_CHANGES, swamp=True))))
    plain = store.keep(None, _russian())
    games = _games(app)
    detail = {line.key: line.detail for line in games.lines}
    assert detail[huff].startswith("with фук · clock 5+3 · person — person")
    assert detail[chapaev].startswith("troops · wide board · person — person")
    assert detail[plain].startswith("person — person"), "the usual rules go unsaid"
    set_language("ru")
    games.reload()
    detail = {line.key: line.detail for line in games.lines}
    # named in English when kept: the line names the game in Russian, then its options
    assert detail[huff].startswith("Русские шашки · с фуком · часы 5+3 · человек")
    assert detail[chapaev].startswith("Чапаев · рода войск · широкая доска · человек")


def test_the_panels_beside_the_board_name_the_options_in_play(app: App) -> None:
    board: Any = app.routes.push("board", play=BoardPlay("russian", {"huff": True}))
    step(app)
    assert board.panel_view.options_text() == "with фук"
    assert board.panel_view.option_lines == ["with фук"]
    app.scenes.pop()
    other: Any = app.routes.push("board", play=BoardPlay(
        "international", {"tournament_draws": False, "move_limit": 50}))
    step(app)
    assert other.panel_view.options_text() == "no tournament draws · 50-move limit"
    app.scenes.pop()
    plain: Any = app.routes.push("board", play=BoardPlay("russian"))
    step(app)
    assert plain.panel_view.options_text() == "" and plain.panel_view.option_lines == []
    set_language("ru")
    assert board.panel_view.options_text() == "с фуком"
    set_language("en")
    app.scenes.pop()
    chapaev: Any = app.routes.push("chapaev", play=ChapaevPlay(
        ChapaevOptions(campaign=Campaign.LOSER_CHANGES, swamp=True)))
    step(app)
    rows = variant_rows(chapaev.sidebar.panel_state(0.0))
    assert "Wide board, with the swamp" in rows
    assert "White: infantry" in rows and "Black: infantry" in rows
