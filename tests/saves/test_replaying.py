"""A saved game is replayed in a thread of its own: Continue, the Games screen and a dropped
file show the replay going on (the window drawing, Esc stopping it) when it is not over at
once, then the game where it was left, or why it cannot be opened; a fault of the replay is
not lost in the thread."""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.app import App
from game.play import BoardPlay, ChapaevPlay, RandomPlayer
from game.play.board_record import record_of_board
from game.play.chapaev_record import record_of_chapaev
from game.play.records import SUMMARY_CHARS
from game.rules.core import Color
from game.rules.text import is_clean
from game.saves import Replaying, SaveError, dumps, judge
from game.scenes.board.scene import BoardScene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.games import opening
from game.scenes.games.games_screen import GamesScene
from game.scenes.games.reading import ReplayingScene
from game.scenes.menu import MenuScene
from tests.scenes.helpers import drop, key, menu_app, step, store_of, top

#: how long the slowed replay takes: many frames of the window
SLOW = 0.4


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(opening, "REPLAY_WAIT", 0.0)  # every replay is shown going on
    app = menu_app(tmp_path)
    yield app
    app.close_scenes()


def _slowed(monkeypatch: pytest.MonkeyPatch, seconds: float = SLOW) -> None:
    """Each replay takes ``seconds`` more, as a record of thousands of moves does."""
    real = judge

    def slow_judge(record: dict[str, Any], name: str = "", **kwargs: Any) -> Any:
        time.sleep(seconds)
        return real(record, name, **kwargs)

    monkeypatch.setattr("game.saves.replaying.judge", slow_judge)


def _russian_game(plies: int = 30) -> BoardPlay:
    play = BoardPlay("russian")
    rng = random.Random(3)
    for _ in range(plies):
        moves = play.legal_moves()
        if play.is_over or not moves:
            break
        play.play(rng.choice(moves))
    return play


def _frames_until(app: App, done: Callable[[], bool], limit: float = 20.0) -> tuple[int, float]:
    """Frames drawn until ``done``, each given a 60th of a second as the window's loop gives
    it (what a frame leaves of it, the loop sleeps), and the longest frame in seconds."""
    frames, longest, began = 0, 0.0, time.perf_counter()
    while not done():
        start = time.perf_counter()
        step(app)
        spent = time.perf_counter() - start
        longest = max(longest, spent)
        time.sleep(max(0.0, 1 / 60 - spent))
        frames += 1
        assert time.perf_counter() - began < limit, "the replay never ended"
    return frames, longest


def _continued(app: App, monkeypatch: pytest.MonkeyPatch) -> tuple[MenuScene, ReplayingScene]:
    """Continue pressed on the menu, the kept game's replay slowed: the menu, and the replay
    shown over it."""
    _slowed(monkeypatch)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    menu.continue_game()
    step(app)
    waiting = top(app)
    assert isinstance(waiting, ReplayingScene)
    return menu, waiting


def test_a_long_replay_of_a_kept_game_is_shown_going_on_and_the_game_opens_where_it_was_left(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    play = _russian_game()
    assert not play.is_over and play.ply == 30
    game_id = store_of(app).keep(None, record_of_board(play))
    _, waiting = _continued(app, monkeypatch)
    assert waiting.title().startswith("Opening ")
    frames, longest = _frames_until(app, lambda: not isinstance(top(app), ReplayingScene))
    board = top(app)
    assert isinstance(board, BoardScene)
    assert board.play.game.fen() == play.game.fen()
    assert frames >= 10 and longest < 0.1, (frames, longest)  # the window kept drawing
    # the game is still the kept one: its next save goes to the same file
    assert board.file.id == game_id


def test_the_games_screen_names_the_game_whose_replay_is_shown(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    store = store_of(app)
    store.keep(None, record_of_board(_russian_game()))
    _slowed(monkeypatch)
    app.scenes.push(GamesScene(app))
    step(app)
    games = top(app)
    assert isinstance(games, GamesScene) and games.current is not None
    key(app, pygame.K_RETURN)
    step(app)
    waiting = top(app)
    assert isinstance(waiting, ReplayingScene)
    assert games.current.title in waiting.title()
    _frames_until(app, lambda: not isinstance(top(app), ReplayingScene))
    assert isinstance(top(app), BoardScene)


def test_a_hostile_name_in_a_kept_file_is_cleaned_on_the_list_and_in_the_replays_title(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    record = record_of_board(_russian_game())
    record["name"] = "Evil\u202e\x1b[2J\x07\x00 game\n\tname" + "!" * 5000
    store_of(app).keep(None, record, name=None)
    _slowed(monkeypatch)
    app.scenes.push(GamesScene(app))
    step(app)
    games = top(app)
    assert isinstance(games, GamesScene) and games.current is not None
    title = games.current.title
    assert title.startswith("Evil[2J game name!") and is_clean(title), repr(title[:40])
    assert len(title) <= SUMMARY_CHARS
    key(app, pygame.K_RETURN)
    step(app)
    waiting = top(app)
    assert isinstance(waiting, ReplayingScene) and is_clean(waiting.title())
    _frames_until(app, lambda: not isinstance(top(app), ReplayingScene))
    assert isinstance(top(app), BoardScene)


def test_esc_stops_waiting_for_a_replay_and_opens_nothing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    store = store_of(app)
    game_id = store.keep(None, record_of_board(_russian_game()))
    path = store.games_dir / f"{game_id}.json"
    raw = path.read_bytes()
    menu, waiting = _continued(app, monkeypatch)
    key(app, pygame.K_ESCAPE)
    step(app)
    assert top(app) is menu
    # the replay ends in its thread (given up before it replayed, or replayed to its end,
    # as the thread got there); nothing comes of it
    assert waiting.replaying.wait(10)
    step(app, 5)
    assert top(app) is menu and len(app.scenes) == 1
    assert path.read_bytes() == raw


def test_a_chapaev_match_dropped_on_the_window_is_replayed_then_shown(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = ChapaevPlay(seats={c: RandomPlayer(random.Random(c is Color.BLACK)) for c in Color})
    match.run(max_shots=30)
    path = tmp_path / "match.json"
    path.write_text(dumps(record_of_chapaev(match)))
    _slowed(monkeypatch)
    drop(app, path)
    assert isinstance(top(app), ReplayingScene)
    _frames_until(app, lambda: not isinstance(top(app), ReplayingScene))
    table = top(app)
    assert isinstance(table, ChapaevScene)
    assert len(table.play.shots) == len(match.shots)


def test_a_dropped_file_that_does_not_replay_says_why_after_its_replay(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = record_of_board(_russian_game(10))
    record["board"]["moves"][3] = "a1-h8"
    path = tmp_path / "broken.json"
    path.write_text(dumps(record))
    raw = path.read_bytes()
    _slowed(monkeypatch, 0.1)
    drop(app, path)
    assert isinstance(top(app), ReplayingScene)
    _frames_until(app, lambda: not isinstance(top(app), ReplayingScene))
    assert isinstance(top(app), MenuScene) and len(app.scenes) == 1
    messages = " | ".join(t.message for t in app.toasts)
    assert "broken.json" in messages and "Cannot open it" in messages
    assert path.read_bytes() == raw


def test_a_file_dropped_on_a_game_in_progress_is_asked_about_once_replayed(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = BoardScene(app, BoardPlay("russian"))
    app.scenes.push(board)
    step(app)
    board.play_text("c3-d4")
    step(app)
    path = tmp_path / "other.json"
    path.write_text(dumps(record_of_board(_russian_game(20))))
    _slowed(monkeypatch, 0.1)
    drop(app, path)
    assert isinstance(top(app), ReplayingScene)
    _frames_until(app, lambda: isinstance(top(app), ReplayingScene) is False)
    question = top(app)
    assert isinstance(question, ConfirmDialog)
    assert question.question_values == {"name": "other.json"}
    key(app, pygame.K_ESCAPE)  # no: the game in progress stays as it was
    step(app, 2)
    assert top(app) is board and board.play.ply == 1


def test_a_fault_of_the_replay_is_raised_where_it_is_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(record: dict[str, Any], name: str = "", **kwargs: Any) -> Any:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr("game.saves.replaying.judge", broken)
    path = tmp_path / "game.json"
    path.write_text(dumps(record_of_board(_russian_game(4))))
    replaying = Replaying("game.json", path=path).start()
    assert replaying.wait(10)
    with pytest.raises(RuntimeError, match="a bug of ours"):
        replaying.result()


def test_a_missing_file_is_a_reason_not_a_fault(tmp_path: Path) -> None:
    replaying = Replaying("gone.json", path=tmp_path / "gone.json").start()
    assert replaying.wait(10)
    with pytest.raises(SaveError) as caught:
        replaying.result()
    assert "gone.json" in caught.value.message()


def test_a_replay_given_up_before_it_began_replays_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    judged: list[str] = []
    monkeypatch.setattr("game.saves.replaying.judge",
                        lambda record, name="", **kwargs: judged.append(name))
    path = tmp_path / "game.json"
    path.write_text(dumps(record_of_board(_russian_game(4))))
    replaying = Replaying("game.json", path=path)
    replaying.cancel()
    replaying.run()
    assert replaying.done and judged == []
    with pytest.raises(SaveError) as caught:
        replaying.result()
    assert caught.value.key == "saves.why.cancelled"
