"""The trainer's words say what they mean, driven through the real screen at the smallest
window: a wrong move is told as the opponent's answer to it (the solution waits to be asked
for), the rating is the person's and moves by a moderate step, a hint's cost is said before it
is taken and is what it costs, counts take their plural forms, and a save is asked as the only
defence, never as a win."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pygame
import pytest

from game.app import FIXED_DT, App
from game.demos import open_scene
from game.i18n import count_form, counted, set_language, tr
from game.puzzles.collection import available
from game.puzzles.model import Kind, Puzzle
from game.puzzles.progress import Progress
from game.puzzles.trainer import LOSING, Refutation, Run, asks_defence
from game.saves.progress import ProgressFile
from game.scenes.trainer.scene import TrainerScene
from game.scenes.trainer.words import refuted
from tests.scenes.helpers import key, step, top
from tests.scenes.test_trainer import _OPENED, _enter, _fixture_puzzles, _settle, _solve

__all__ = ["_fixture_puzzles"]  # the fixture puzzles' folder, for every test here too

SMALLEST = (800, 560)


def _open(language: str, game: str = "russian", seed: int = 5,
          size: tuple[int, int] = SMALLEST) -> tuple[App, TrainerScene]:
    app = App(language=language, size=size)
    open_scene(app, "menu")
    app.routes.push("trainer", game=game, seed=seed)
    step(app, 2)
    scene = top(app)
    assert isinstance(scene, TrainerScene)
    _OPENED.append(scene)
    return app, scene


def _drawn(app: App, scene: TrainerScene) -> None:
    """The whole frame drawn; the panel had room for every line it says."""
    app.redraw()
    step(app)
    assert scene.panel.left_out == 0, "a line of the panel had no room above the buttons"


def _minus(points: int) -> str:
    return f"\u2212{points}"


@pytest.mark.parametrize("language", ["ru", "en"])
def test_a_wrong_move_is_told_as_the_opponents_answer_and_the_solution_waits(
        language: str) -> None:
    app, scene = _open(language)
    run = scene.run
    assert run is not None and scene.table is not None
    start = run.game.fen()
    found: list[Refutation] = []
    poll = scene.refuter.poll

    def noted() -> Refutation | None:
        answer = poll()
        if answer is not None:
            found.append(answer)
        return answer

    scene.refuter.poll = noted  # type: ignore[method-assign]
    wrong = next(m for m in run.legal()
                 if run.game.move_text(m) not in run.puzzle.answers(run.played))
    text = run.game.move_text(wrong)
    _enter(app, scene, wrong)
    assert scene.headline == tr("trainer.wrong")
    assert scene.detail == tr("trainer.wrong.looking", move=text)
    _drawn(app, scene)
    # the refutation is played out on the board, and told as it is played
    end = time.monotonic() + 30
    while (scene.waiting or len(scene.playout.beats) > 1) and time.monotonic() < end:  # type: ignore[union-attr]
        app.frame(8 * FIXED_DT)
        if scene.waiting:
            time.sleep(0.005)
    assert found, "the engine answered"
    board, answers = run.after(wrong), []
    for move in scene.table.game.move_stack[len(board.move_stack):]:
        answers.append(board.move_text(move))
        board.push(move)
    assert answers, "the opponent's answer is on the board"
    said = tr("trainer.wrong.loses" if found[0].loses else "trainer.wrong.misses", move=text,
              line=answers[0])
    if answers[1:]:
        said += tr("trainer.wrong.then", line=" ".join(answers[1:]))
    assert scene.detail == said
    _drawn(app, scene)
    _settle(app, scene)
    # back to try again: what the move ran into is still said; the solution is not shown
    assert scene.headline == tr("trainer.again") and scene.detail == said
    assert scene.table.game.fen() == start and not run.shown and run.played == []
    words = scene.panel_text()
    assert words.cost == tr("trainer.cost.none"), "the puzzle already counts: help is free"
    # a newcomer's first miss: a moderate step, and the rating says it is still provisional
    attempt = scene.session.scored  # type: ignore[union-attr]
    assert attempt is not None and not attempt.solved
    drop = round(attempt.before.rating - attempt.after.rating)
    assert 0 < drop <= 88
    assert words.rating == tr("trainer.rating.provisional",
                              rating=f"{round(attempt.after.rating)} ({_minus(drop)})")
    _drawn(app, scene)
    key(app, pygame.K_s)  # asked for: now the solution is played
    _settle(app, scene)
    assert run.shown and scene.headline == tr("trainer.shown")
    assert scene.table.game.fen() == run.game.fen() and run.played == list(run.puzzle.main)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_a_hints_cost_is_said_before_it_is_taken_and_is_what_it_costs(language: str) -> None:
    app, scene = _open(language, "international", seed=4)
    run = scene.run
    assert run is not None
    before = scene.progress.rating("international")
    words = scene.panel_text()
    assert words.rating == tr("trainer.rating.provisional", rating="1500")
    assert words.puzzle == tr("trainer.puzzle", rating=round(run.puzzle.rating))
    costs = [n for n in range(1, 400) if counted("trainer.cost", n) == words.cost]
    assert costs, f"the cost is said in points: {words.cost!r}"
    _drawn(app, scene)
    key(app, pygame.K_h)
    assert scene.table is not None and scene.table.hint is not None
    after = scene.progress.rating("international")
    assert round(before.rating - after.rating) in costs, "the hint cost what was said"
    assert ProgressFile().load().rating("international").rating == pytest.approx(
        after.rating, abs=0.01)
    words = scene.panel_text()
    assert words.cost == tr("trainer.cost.none")
    assert f"({_minus(round(before.rating - after.rating))})" in words.rating
    _drawn(app, scene)


def test_counts_take_their_plural_forms_in_both_languages() -> None:
    set_language("ru")
    assert [count_form(n) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112)] == [
        "one", "few", "few", "many", "many", "many", "many", "one", "few", "many", "one",
        "many", "many"]
    set_language("en")
    assert [count_form(n) for n in (0, 1, 2, 11, 21)] == ["many", "one", "many", "many", "many"]
    for language, labels in (("ru", ["Прорыв · 1 задача, решено 0",
                                     "Жертва · 11 задач, решено 0"]),
                             ("en", ["Breakthrough · 1 puzzle, 0 solved",
                                     "Sacrifice · 11 puzzles, 0 solved"])):
        app = App(language=language, size=SMALLEST)
        open_scene(app, "menu")
        app.routes.push("trainer")
        step(app, 2)
        scene = top(app)
        assert isinstance(scene, TrainerScene)
        _OPENED.append(scene)
        shown = [b.label for b in scene.chooser.choices.buttons]
        assert all(label in shown for label in labels), shown
        key(app, pygame.K_RIGHT)  # International: three exchanges
        shown = [b.label for b in scene.chooser.choices.buttons]
        assert ("Размен · 3 задачи, решено 0" if language == "ru"
                else "Exchange · 3 puzzles, 0 solved") in shown, shown


@dataclass(frozen=True, slots=True)
class _Save(Puzzle):
    """A puzzle of the kind that asks for the only defence (as the collection marks one)."""

    kind: Kind = Kind.SAVE


def test_a_save_is_asked_as_the_only_defence_never_as_a_win() -> None:
    app, scene = _open("en")
    assert scene.session is not None and scene.run is not None
    plain = scene.run.puzzle
    assert not asks_defence(plain) and scene.panel_text().to_play.endswith("to play and win")
    save = _Save(plain.game, plain.fen, plain.lines, plain.techniques, rating=plain.rating,
                 id="russian-save1")
    assert asks_defence(save)
    scene.session.puzzles = (save,)
    key(app, pygame.K_n)
    run = scene.run
    assert run is not None and run.puzzle is save
    side = run.side.name.lower()
    assert scene.panel_text().to_play == tr(f"trainer.to_play.{side}.save")
    _drawn(app, scene)
    _solve(app, scene)
    assert scene.headline == tr("trainer.solved.save") and run.clean
    # the panel tells the save rating, kept apart from the wins' (still a newcomer's)
    saves, wins = scene.progress.rating("russian", Kind.SAVE), scene.progress.rating("russian")
    assert saves.rating > wins.rating == 1500
    assert f" {round(saves.rating)}" in scene.panel_text().rating
    set_language("ru")
    assert scene.panel_text().to_play == tr(f"trainer.to_play.{side}.save")
    assert "защит" in scene.panel_text().to_play


def test_a_wrong_move_is_worded_by_what_the_search_found() -> None:
    set_language("en")
    plain = available("russian")[0]
    run = Run(plain, random.Random(0))
    line = ("f6:d4",)  # (the words are what is tested: the line is given as texts)
    down, level = Refutation((), LOSING - 50), Refutation((), 0)
    assert refuted(run, "c3-d4", down, line) == "Your move c3-d4 loses: the opponent answers f6:d4"
    assert refuted(run, "c3-d4", level, line) == (
        "Your move c3-d4 misses the combination: the opponent answers f6:d4")
    assert refuted(run, "c3-d4", Refutation(()), ()) == "Your move c3-d4 does not solve the puzzle"
    save = Run(_Save(plain.game, plain.fen, plain.lines), random.Random(0))
    assert refuted(save, "c3-d4", level, line).startswith("Your move c3-d4 loses")
    # the opponent's answer is named as such; the line after it, both sides' moves, follows
    assert refuted(run, "c3-d4", down, ("f6:d4", "e3:c5", "b6:d4")) == (
        "Your move c3-d4 loses: the opponent answers f6:d4; then e3:c5 b6:d4")
    set_language("ru")
    assert refuted(run, "c3-d4", down, ("f6:d4", "e3:c5")) == (
        "Ваш ход c3-d4 проигрывает: соперник отвечает f6:d4; дальше e3:c5")


def test_a_newcomers_rating_is_provisional_and_its_step_is_said_with_its_sign() -> None:
    set_language("en")
    progress = Progress()
    puzzle = available("international")[0]
    loss = progress.stake(puzzle, solved=False)
    gain = progress.stake(puzzle, solved=True)
    assert -88 <= round(loss) < 0 < round(gain) <= 88
    attempt = progress.record(puzzle, solved=False)
    assert attempt.after.rating - attempt.before.rating == pytest.approx(loss)
    assert attempt.after.provisional


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_panel_has_room_for_its_longest_words_at_the_smallest_window(language: str) -> None:
    """International (the longer name and notation), a save (the longer task), a hint taken
    (the rating's step said), and a refutation of five plies with long captures."""
    app, scene = _open(language, "international", seed=4)
    assert scene.session is not None and scene.run is not None
    plain = scene.run.puzzle
    scene.session.puzzles = (_Save(plain.game, plain.fen, plain.lines, plain.techniques,
                                   rating=plain.rating, id="international-save1"),)
    key(app, pygame.K_n)
    key(app, pygame.K_h)
    run = scene.run
    assert run is not None and asks_defence(run.puzzle)
    line = ("23x34", "40x29", "24x33x44x35x24", "30x19", "14x23x32x41x47x36")
    scene.say(tr("trainer.wrong"), scene.tone, refuted(run, "34-29", Refutation((), -300), line))
    _drawn(app, scene)
    assert scene.panel_text().cost == tr("trainer.cost.none")
