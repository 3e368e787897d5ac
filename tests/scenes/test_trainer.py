"""The combinations trainer driven as a person would: from the menu, the choice by keys,
puzzles solved by mouse and by keyboard, a wrong move refuted by the engine and taken back,
hint, solution, next, leaving in the middle, and a worker that dies."""
from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai.worker import Thinker
from game.app import FIXED_DT, App
from game.demos import open_scene
from game.i18n import tr
from game.puzzles.collection import FOLDER_ENV
from game.puzzles.model import Technique
from game.rules.core import Move
from game.saves.files import data_dir
from game.saves.progress import NAME, ProgressFile
from game.scenes.trainer.chooser import technique_name
from game.scenes.trainer.scene import TrainerScene
from tests.puzzles.test_trainer import _DyingThinker
from tests.scenes.helpers import click, key, step, top

FIXTURES = Path(__file__).resolve().parents[1] / "puzzles" / "fixtures"


_OPENED: list[TrainerScene] = []


@pytest.fixture(autouse=True)
def _fixture_puzzles(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(FOLDER_ENV, str(FIXTURES))
    yield
    while _OPENED:  # the workers of the screens a test left open stop with it
        _OPENED.pop().refuter.close()


def _trainer(size: tuple[int, int] = (1280, 800), **args: object) -> tuple[App, TrainerScene]:
    app = App(language="en", size=size)
    open_scene(app, "menu")
    app.routes.push("trainer", **args)
    step(app, 2)
    scene = top(app)
    assert isinstance(scene, TrainerScene)
    _OPENED.append(scene)
    return app, scene


def _settle(app: App, scene: TrainerScene, seconds: float = 20.0) -> None:
    """Frames until nothing is shown or searched any more (real time for the worker)."""
    end = time.monotonic() + seconds
    while scene.busy and time.monotonic() < end:
        app.frame(8 * FIXED_DT)  # eight fixed steps a frame: the pace is the screen's own
        if scene.waiting:
            time.sleep(0.005)
    step(app, 2)
    assert not scene.busy


def _click_square(app: App, scene: TrainerScene, square: int) -> None:
    assert scene.table is not None
    x, y = scene.table.view.centre(square)
    click(app, (round(x), round(y)))


def _enter(app: App, scene: TrainerScene, move: Move) -> None:
    """The move by clicks: the piece, then its end (then its landings, where they count)."""
    run = scene.run
    assert run is not None
    before = len(run.played), run.mistakes
    for square in [move.start, move.end, *move.path[:-1], move.end]:
        _click_square(app, scene, square)
        if (len(run.played), run.mistakes) != before:
            return
    raise AssertionError("the clicks made no move")


def _solve(app: App, scene: TrainerScene) -> None:
    run = scene.run
    assert run is not None
    while not run.over:
        _settle(app, scene)
        answer = run.puzzle.answers(run.played)[0]
        _enter(app, scene, run.game.parse_move(answer))
    _settle(app, scene)


def test_the_menu_opens_the_trainer_and_the_keys_choose_and_go_back() -> None:
    app = App(language="en", size=(1280, 800))
    open_scene(app, "menu")
    menu = top(app)
    button = next(b for b in menu.buttons.buttons  # type: ignore[attr-defined]
                  if b.label == tr("menu.trainer"))
    click(app, button.rect.center)
    scene = top(app)
    assert isinstance(scene, TrainerScene) and scene.table is None
    _OPENED.append(scene)
    assert [s.game for s in scene.shelves] == ["russian", "international"]
    key(app, pygame.K_RIGHT)  # International
    assert scene.chooser.shelf is not None and scene.chooser.shelf.game == "international"
    key(app, pygame.K_DOWN)  # the first technique after Mixed
    key(app, pygame.K_RETURN)
    assert scene.session is not None and scene.session.technique is not None
    assert scene.run is not None and scene.run.puzzle.game == "international"
    assert scene.session.technique in scene.run.puzzle.techniques
    key(app, pygame.K_ESCAPE)
    assert scene.table is None and top(app) is scene, "back to the choice"
    key(app, pygame.K_ESCAPE)
    step(app)
    assert top(app) is menu


def test_a_puzzle_solved_by_mouse_counts_and_is_kept() -> None:
    app, scene = _trainer(game="russian", seed=3)
    run = scene.run
    assert run is not None and scene.table is not None
    assert scene.table.view.flipped == (run.side.name == "BLACK"), "the winning side below"
    began = ProgressFile().load().attempts
    _solve(app, scene)
    assert run.solved and run.clean and scene.headline == tr("trainer.solved")
    assert scene.table.game.fen() == run.game.fen(), "the board shows the end of the line"
    kept = ProgressFile().load()
    assert kept.attempts == began + 1 and kept.solved(run.puzzle.id)
    assert kept.streak("russian").current == 1
    assert scene.panel.next.enabled and not scene.panel.hint.enabled
    assert not scene.panel.solution.enabled, "solved: no hint or solution left to give"
    _click_square(app, scene, next(iter(dict(run.game.pieces()))))
    assert scene.detail == tr("trainer.next.hint"), "nothing is left to play: N says next"
    key(app, pygame.K_n)
    assert scene.run is not None and scene.run is not run and scene.run.puzzle != run.puzzle


def test_a_wrong_move_is_refuted_by_the_engine_then_taken_back() -> None:
    app, scene = _trainer(game="russian", seed=5)
    run = scene.run
    assert run is not None and scene.table is not None
    start = run.game.fen()
    wrong = next(m for m in run.legal()
                 if run.game.move_text(m) not in run.puzzle.answers(run.played))
    _enter(app, scene, wrong)
    assert scene.headline == tr("trainer.wrong") and scene.waiting
    assert scene.table.game.move_stack[-1] == wrong, "the wrong move is shown"
    seen: list[int] = []
    end = time.monotonic() + 30
    while scene.busy and time.monotonic() < end:
        app.frame(8 * FIXED_DT)
        seen.append(len(scene.table.game.move_stack))
        if scene.waiting:
            time.sleep(0.005)
    assert max(seen) >= 2, "the engine's answer was played out"
    step(app, 2)
    assert scene.headline == tr("trainer.again") and scene.table.game.fen() == start
    assert scene.table.open and run.mistakes == 1
    _solve(app, scene)
    assert run.solved and not run.clean
    assert scene.headline == tr("trainer.solved.helped")
    assert ProgressFile().load().streak("russian").current == 0
    scene.refuter.close()


def test_keys_hint_solution_and_a_move_by_the_keyboard() -> None:
    app, scene = _trainer(game="russian", seed=7)
    run = scene.run
    assert run is not None and scene.table is not None
    key(app, pygame.K_h)
    answer = run.game.parse_move(run.puzzle.answers(run.played)[0])
    assert scene.table.hint == answer.start
    assert run.game.geometry.name(answer.start) in scene.detail
    # the arrows walk the keyboard's square to the piece, Enter picks it up, then its end
    table = scene.table
    key(app, pygame.K_RIGHT)  # the keyboard's square appears
    for target in (answer.start, answer.end):
        for _ in range(40):
            if table.cursor == target:
                break
            assert table.cursor is not None
            (cx, cy), (tx, ty) = table.view.centre(table.cursor), table.view.centre(target)
            if abs(cy - ty) > 1:
                key(app, pygame.K_UP if ty < cy else pygame.K_DOWN)
            else:
                key(app, pygame.K_LEFT if tx < cx else pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    assert run.played[:1] == [run.puzzle.main[0]] and run.mistakes == 0, "the move was made"
    key(app, pygame.K_s)
    _settle(app, scene)
    assert run.over and not run.solved and scene.headline == tr("trainer.shown")
    assert scene.table.game.fen() == run.game.fen()
    kept = ProgressFile().load()
    assert kept.attempts == 1 and not kept.solved(run.puzzle.id)


def test_the_buttons_by_mouse_and_leaving_in_the_middle() -> None:
    app, scene = _trainer(game="russian", technique="one-for-two", seed=9)
    run = scene.run
    assert run is not None and scene.session is not None
    assert scene.session.technique is Technique.ONE_FOR_TWO
    assert technique_name(Technique.ONE_FOR_TWO) in scene.panel_text().technique
    click(app, scene.panel.hint.rect.center)
    assert scene.table is not None and scene.table.hint is not None
    click(app, scene.panel.next.rect.center)
    assert scene.run is not run
    wrong = next(m for m in scene.run.legal()  # type: ignore[union-attr]
                 if scene.run.game.move_text(m)  # type: ignore[union-attr]
                 not in scene.run.puzzle.answers(()))  # type: ignore[union-attr]
    _enter(app, scene, wrong)
    assert scene.waiting
    click(app, scene.panel.back.rect.center)  # opened on a game: Back leaves the screen
    step(app, 2)
    assert not isinstance(top(app), TrainerScene)
    assert (data_dir() / NAME).is_file() and ProgressFile().load().attempts == 2


def test_a_dying_worker_still_shows_why() -> None:
    thinker = _DyingThinker()

    def make() -> Thinker:
        return thinker

    app = App(language="en", size=(1280, 800))
    open_scene(app, "menu")
    scene = TrainerScene(app, "russian", thinker=make, seed=11)
    app.scenes.push(scene)
    step(app, 2)
    run = scene.run
    assert run is not None and scene.table is not None
    wrong = next(m for m in run.legal()
                 if run.game.move_text(m) not in run.puzzle.answers(run.played))
    _enter(app, scene, wrong)
    _settle(app, scene)
    assert thinker.starts == 2 and scene.notice == tr("board.advice.fallback")
    assert scene.headline == tr("trainer.again") and scene.table.game.fen() == run.game.fen()


def test_a_damaged_progress_file_is_said_once_and_the_trainer_opens() -> None:
    path = data_dir() / NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    app, scene = _trainer()
    said = [n.message for n in app.toasts]
    assert any(NAME + ".damaged" in m for m in said), said
    assert path.with_name(NAME + ".damaged").read_text(encoding="utf-8") == "{not json"
    key(app, pygame.K_RETURN)
    assert scene.run is not None


def test_a_damaged_collection_is_said_and_the_other_games_still_train(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "russian.json").write_text("{not a collection", encoding="utf-8")
    (tmp_path / "international.json").write_bytes(
        (FIXTURES / "international.json").read_bytes())
    monkeypatch.setenv(FOLDER_ENV, str(tmp_path))
    app, scene = _trainer()
    russian = scene.shelves[0]
    assert russian.game == "russian" and russian.problem and not russian.puzzles
    assert not scene.chooser.choices.buttons, "nothing to start for it"
    key(app, pygame.K_RETURN)
    assert scene.table is None
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert scene.run is not None and scene.run.puzzle.game == "international"
