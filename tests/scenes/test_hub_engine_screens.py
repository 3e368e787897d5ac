"""An outside engine (a Hub engine such as Scan) in our window, as a player meets it: chosen
on the Settings screen by its command (checked, kept in the settings file; a file that is
no program, or a program that is no Hub engine, said plainly), offered as the opponent in the
setup of the games it declares, a game against it played to its end, and an engine that
misbehaves said on the board while our computer plays on."""
from __future__ import annotations

import json
import random
import shlex
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.demos import open_scene
from game.play import hub_probe
from game.play.computer import ComputerPlayer
from game.play.board_play import BoardPlay
from game.play.hub_analyser import HubThinker
from game.play.hub_seat import HubEngineSeat
from game.play.seats import RandomPlayer
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.scenes.games.name_dialog import NameDialog
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.settings import OutsideEngine, SettingsStore
from tests.scenes.board_helpers import continue_kept_game
from tests.scenes.helpers import click, key, shoot, step, top

FAKE = str(Path(__file__).resolve().parents[1] / "play" / "fake_hub_engine.py")


def fake(*args: str) -> tuple[str, ...]:
    return (sys.executable, FAKE, *args)


def _row_button(scene: SettingsScene | SetupScene, label_key: str, value: object
                ) -> pygame.Rect:
    for row in scene.rows:
        if row.label_key == label_key:
            for button, (_, choice) in zip(row.buttons, row.choices):
                if choice == value:
                    return button.rect
    raise AssertionError(f"{label_key} has no {value!r}")


def _type_command(app: App, scene: SettingsScene, command: str) -> None:
    """Choose…, type the command into the dialog, Enter; then wait for the check."""
    click(app, _row_button(scene, "settings.hub", "choose").center)
    dialog = top(app)
    assert isinstance(dialog, NameDialog), "Choose… asks for the engine's command"
    key(app, pygame.K_BACKSPACE)  # the command shown before is selected: erased
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=command))
    step(app)
    key(app, pygame.K_RETURN)
    assert top(app) is scene
    deadline = time.monotonic() + 20
    while scene.checking is not None and time.monotonic() < deadline:
        step(app)
        time.sleep(0.01)
    assert scene.checking is None
    step(app)


def _messages(app: App) -> list[str]:
    return [toast.message for toast in app.toasts]


def test_the_settings_choose_an_engine_check_it_and_keep_it(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    path = tmp_path / "settings.json"
    app = App(SettingsStore(path), size=(800, 560), language="en")
    open_scene(app, "settings")
    step(app)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    shoot(app, "hub-settings-none-en")
    command = shlex.join(fake("--name", "Scan", "--variants", "normal frisian"))
    _type_command(app, scene, command)
    engine = app.settings.hub_engine
    assert engine is not None and engine.name == "Scan 1.0"
    assert engine.variants == ("normal", "frisian")
    assert engine.command == fake("--name", "Scan", "--variants", "normal frisian")
    assert json.loads(path.read_text())["hub_engine"]["name"] == "Scan 1.0", "kept in the file"
    assert any("Scan 1.0 is ready" in m for m in _messages(app))
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    row = next(r for r in scene.rows if r.label_key == "settings.hub")
    assert [label for label, _ in row.choices] == ["None", "Scan 1.0", "Choose…"]
    assert row.help is not None
    assert row.help(row.get()) == "Plays International draughts, Frisian draughts"
    # the review's analysis by the engine
    assert not app.settings.hub_analysis
    click(app, _row_button(scene, "settings.hub.analysis", True).center)
    assert app.settings.hub_analysis
    assert json.loads(path.read_text())["hub_analysis"] is True
    shoot(app, "hub-settings-chosen-en")
    assert SettingsStore(path).load().settings.hub_engine == engine, "read back next time"

    # a file that is no program: said plainly, the engine chosen before stays
    notes = tmp_path / "notes.txt"
    notes.write_text("scan hub\n")
    app.toasts.clear()
    _type_command(app, scene, f"{notes} hub")
    # (a long path loses its front in the message, never the file's own name)
    assert any("/notes.txt is not a program: the file cannot be run" in m
               for m in _messages(app)), _messages(app)
    assert app.settings.hub_engine == engine
    shoot(app, "hub-settings-refused-en")
    app.toasts.clear()
    _type_command(app, scene, "/no/such/scan hub")
    assert any("There is no file /no/such/scan" in m for m in _messages(app))
    # a program that is not a Hub engine
    monkeypatch.setattr(hub_probe, "PROBE_SECONDS", 1.0)
    app.toasts.clear()
    _type_command(app, scene, shlex.join(fake("--not-hub")))
    assert any("does not speak Hub; it answered: Hello! Type HELP for help." in m
               for m in _messages(app)), _messages(app)
    assert app.settings.hub_engine == engine
    # None: no engine offered any more, and no row for its analysis
    click(app, _row_button(scene, "settings.hub", "none").center)
    assert app.settings.hub_engine is None
    assert all(r.label_key != "settings.hub.analysis" for r in scene.rows)
    assert json.loads(path.read_text())["hub_engine"] is None


def test_the_settings_row_in_russian(tmp_path: Path) -> None:
    app = App(SettingsStore(tmp_path / "settings.json"), size=(800, 560), language="ru")
    app.change_settings(app.settings.with_(hub_engine=OutsideEngine(
        fake(), "Scan 3.1", ("normal", "frisian", "losing"))))
    open_scene(app, "settings")
    step(app)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    row = next(r for r in scene.rows if r.label_key == "settings.hub")
    assert [label for label, _ in row.choices] == ["Нет", "Scan 3.1", "Выбрать…"]
    assert row.help is not None and row.help("engine").startswith("Играет: Международные")
    shoot(app, "hub-settings-ru")


def _app_with_engine(tmp_path: Path, language: str, *args: str,
                     size: tuple[int, int] = (800, 560), analysis: bool = False) -> App:
    app = App(SettingsStore(tmp_path / "settings.json"), size=size, language=language)
    app.change_settings(app.settings.with_(hub_engine=OutsideEngine(
        fake("--name", "Scan", *args), "Scan 1.0", ("normal", "frisian")),
        hub_analysis=analysis))
    open_scene(app, "menu")
    return app


def _setup(app: App, variant: str) -> SetupScene:
    app.routes.push("setup", variant=variant)
    step(app)
    scene = top(app)
    assert isinstance(scene, SetupScene)
    return scene


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_setup_offers_the_engine_only_for_the_games_it_plays(tmp_path: Path,
                                                                 language: str) -> None:
    app = _app_with_engine(tmp_path, language)
    scene = _setup(app, "international")
    row = next(r for r in scene.rows if r.label_key == "setup.opponent")
    words = {"en": ["Our computer", "Against Scan 1.0"], "ru": ["Наш компьютер", "Против Scan 1.0"]}
    assert [label for label, _ in row.choices] == words[language]
    click(app, _row_button(scene, "setup.opponent", "hub").center)
    assert scene.value("opponent") == "hub"
    shoot(app, f"hub-setup-international-{language}")
    app.scenes.pop()
    for other in ("russian", "english", "apokachi"):
        scene = _setup(app, other)
        assert all(r.label_key != "setup.opponent" for r in scene.rows), other
        app.scenes.pop()
    assert any(r.label_key == "setup.opponent" for r in _setup(app, "frisian").rows)


def _run(app: App, board: BoardScene, until: float, done: object) -> None:
    deadline = time.monotonic() + until
    while not done() and time.monotonic() < deadline:  # type: ignore[operator]
        step(app, 4)
        time.sleep(0.002)


def test_a_game_against_the_engine_to_its_end(tmp_path: Path) -> None:
    """Watch: the engine on both sides, from the setup's Start to the game's end."""
    app = _app_with_engine(tmp_path, "en", size=(1024, 600))
    scene = _setup(app, "international")
    click(app, _row_button(scene, "setup.opponent", "hub").center)
    click(app, _row_button(scene, "setup.play_as", "watch").center)
    assert scene.start is not None
    click(app, scene.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    seats = board.play.seats
    assert all(isinstance(seat, HubEngineSeat) for seat in seats.values())
    try:
        _run(app, board, 120, lambda: board.play.is_over)
        play = board.play
        assert play.is_over and play.ply > 20, play.ply
        assert all(seat.notice is None for seat in seats.values())
        assert play.tags["White"] == play.tags["Black"] == "Scan 1.0", "named in the panel"
        replay = type(play.game).new(**play.game.options)
        for text in play.notation:  # every move the engine made is one of the game's
            replay.push(replay.parse_move(text))
        assert replay.outcome() is not None
        shoot(app, "hub-game-over-en")
    finally:
        board.play.close()
    assert all(isinstance(seat, HubEngineSeat) and seat._process is None
               for seat in seats.values()), "the engines were ended"


def test_an_engine_that_answers_with_a_move_that_is_none_is_said_and_our_computer_plays_on(
        tmp_path: Path) -> None:
    app = _app_with_engine(tmp_path, "en", "--illegal-after", "2", size=(1024, 600))
    scene = _setup(app, "international")
    click(app, _row_button(scene, "setup.opponent", "hub").center)
    click(app, _row_button(scene, "setup.play_as", "watch").center)
    click(app, _row_button(scene, "setup.level", 1).center)
    assert scene.start is not None
    click(app, scene.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    white = board.play.seats[Color.WHITE]
    assert isinstance(white, HubEngineSeat)
    try:
        _run(app, board, 60, lambda: white.fell_back)
        assert white.fell_back and isinstance(white.fallback, ComputerPlayer)
        assert white.fallback.level == 1, "our computer at the level chosen below"
        said = board.state.feedback.message
        assert said == "Scan 1.0 answered “1-2”, no move here. Our computer plays on", said
        ply = board.play.ply
        _run(app, board, 60, lambda: board.play.ply >= ply + 3)
        assert board.play.ply >= ply + 3, "the game goes on"
        shoot(app, "hub-fallback-en")
    finally:
        board.play.close()


def _finished_game(variant: str) -> BoardPlay:
    play = BoardPlay(variant, seats={Color.WHITE: RandomPlayer(random.Random(5)),
                                     Color.BLACK: RandomPlayer(random.Random(6))})
    play.run()
    assert play.is_over
    return play


@pytest.mark.parametrize(("args", "by_engine"), [((), True), (("--crash-after", "4"), False)])
def test_the_review_is_analysed_by_the_engine_chosen_for_it(tmp_path: Path,
                                                            args: tuple[str, ...],
                                                            by_engine: bool) -> None:
    """The engine analyses the review when the settings say so; one that keeps failing is
    said, and our engine judges the rest: the review is never left unanalysed."""
    app = _app_with_engine(tmp_path, "en", *args, size=(1024, 600), analysis=True)
    play = _finished_game("international")
    board = BoardScene(app, play, start_in="review")
    app.scenes.push(board)
    step(app)
    analysis = board.reviewer.analysis
    assert analysis is not None
    assert getattr(analysis._make_thinker, "func", None) is HubThinker
    assert board.state.feedback.message == "Scan 1.0 analyses the game"
    try:
        _run(app, board, 60, lambda: analysis.finished)
        assert analysis.finished and analysis.error is None
        assert all(v is not None for v in analysis.verdicts)
        searched = [v for v in analysis.verdicts[:-1] if v is not None]
        # the fake engine says depth 3 and its lead in men; our shallow search depth 2
        assert all(v.depth == 3 for v in searched) is by_engine
        if not by_engine:
            assert analysis.shallow and board.state.feedback.message is not None
        shoot(app, f"hub-review-{'engine' if by_engine else 'fallback'}-en")
    finally:
        board.reviewer.close()
        play.close()


def test_the_review_of_a_game_the_engine_does_not_play_is_ours(tmp_path: Path) -> None:
    app = _app_with_engine(tmp_path, "en", analysis=True)
    play = _finished_game("russian")
    board = BoardScene(app, play, start_in="review")
    app.scenes.push(board)
    step(app)
    try:
        analysis = board.reviewer.analysis
        assert analysis is not None
        assert getattr(analysis._make_thinker, "func", None) is not HubThinker
    finally:
        board.reviewer.close()


@pytest.mark.parametrize("still_chosen", [True, False])
def test_a_game_against_the_engine_continued_later(tmp_path: Path, still_chosen: bool) -> None:
    """Continue: the engine takes its seat back while it is still the one chosen; else our
    computer at the level chosen under it plays on (never two people by surprise)."""
    from game import saves
    from game.play.hub_seat import outside_seat
    from game.play.seats import Person
    from game.saves import Saves

    app = _app_with_engine(tmp_path, "en")
    app.saves = Saves(tmp_path / "data")
    engine = app.settings.hub_engine
    assert engine is not None
    left = BoardPlay("international", seats={
        Color.WHITE: Person(), Color.BLACK: outside_seat(engine.command, engine.name, 2)})
    left.tags["Black"] = engine.name
    left.play_text("32-28")
    deadline = time.monotonic() + 20
    while left.ply < 2 and time.monotonic() < deadline:
        left.update()
        time.sleep(0.01)
    assert left.ply == 2, "the engine answered"
    saves.autosave(app, left, saves.GameFile())
    left.close()
    if not still_chosen:
        app.change_settings(app.settings.with_(hub_engine=None))
    board = continue_kept_game(app)
    assert isinstance(board, BoardScene) and board.play.ply == 2
    seat = board.play.seats[Color.BLACK]
    try:
        if still_chosen:
            assert isinstance(seat, HubEngineSeat) and seat.name == "Scan 1.0"
            assert isinstance(seat.fallback, ComputerPlayer) and seat.fallback.level == 2
            board.play.play(board.play.legal_moves()[0])  # the person moves
            _run(app, board, 20, lambda: board.play.ply >= 4)
            assert board.play.ply >= 4 and seat.notice is None, "the engine plays on"
        else:
            assert isinstance(seat, ComputerPlayer) and seat.level == 2
    finally:
        board.play.close()


@pytest.mark.parametrize("size", [(800, 560), (1024, 600), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_settings_with_an_engine_fit_the_window(tmp_path: Path, size: tuple[int, int],
                                                    language: str) -> None:
    """Ten rows once an engine is chosen (the search processes among them): every button in
    the window, none over another."""
    app = App(SettingsStore(tmp_path / "settings.json"), size=size, language=language)
    app.change_settings(app.settings.with_(hub_engine=OutsideEngine(
        fake(), "Scan 3.1", ("normal", "frisian", "losing"))))
    open_scene(app, "settings")
    step(app)
    scene = top(app)
    assert isinstance(scene, SettingsScene) and len(scene.rows) == 10
    window = pygame.Rect((0, 0), app.screen.get_size())
    rects = [b.rect for row in scene.rows for b in row.buttons] + [scene.back.rect]
    assert all(window.contains(rect) for rect in rects), [r for r in rects
                                                          if not window.contains(r)]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
