"""The techniques tab of the rules screen: a page per technique with its easiest puzzle
played out in a loop, "no puzzle yet" where there is none, and the way to the trainer."""
from __future__ import annotations

from typing import Any

import pygame
import pytest

import game.ui.technique_page as technique_page
from game.app import FIXED_DT, App
from game.i18n import tr
from game.puzzles.model import Kind, Puzzle, PuzzleError, Technique
from game.rules.core import Color
from game.scene import Scene
from game.scenes import ROUTES
from game.scenes.rules import TECHNIQUES, RulesScene
from game.settings import MemoryStore
from game.ui.technique_page import END_SECONDS, STEP_SECONDS, example
from tests.scenes.helpers import click, key, shoot, step, top

#: 1. e5-f6! g7:e5 2. c3-b4 e5-d4 3. b4:d6 d4:f2 4. e1:g3: a man given, two taken
LINE = ("e5-f6", "g7:e5", "c3-b4", "e5-d4", "b4:d6", "d4:f2", "e1:g3")
EASY = Puzzle("russian", "W:We1,a3,c3,e3,e5:Bc5,b6,g7", (LINE,),
              (Technique.SACRIFICE, Technique.ONE_FOR_TWO), rating=1210)
HARD = Puzzle("russian", "W:We1,a3,c3,e3,e5:Bc5,b6,g7,h8", (("e5-f6", "g7:e5"),),
              (Technique.SACRIFICE,), rating=1700)


class Trainer(Scene):
    """Stands for the trainer screen: what it was opened with."""

    key = "trainer"
    opened: list[dict[str, Any]] = []

    def __init__(self, app: App, **args: Any) -> None:
        super().__init__(app)
        Trainer.opened.append(args)


@pytest.fixture
def puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(technique_page, "shipped", lambda game: (HARD, EASY))
    monkeypatch.setitem(ROUTES, "trainer", f"{__name__}:Trainer")
    Trainer.opened.clear()



def rules(language: str = "en", **args: Any) -> tuple[App, RulesScene]:
    app = App(MemoryStore(), size=(800, 560), language=language)
    app.toasts.clear()
    scene = RulesScene(app, **args)
    app.start(scene)
    step(app)
    return app, scene


def test_the_easiest_puzzle_of_a_technique_is_shown() -> None:
    assert example((HARD, EASY), Technique.SACRIFICE) is EASY
    assert example((HARD, EASY), Technique.ONE_FOR_TWO) is EASY
    assert example((HARD, EASY), Technique.LOOP) is None
    # a save (the only defence) is never the technique's combination, however easy
    save = Puzzle(EASY.game, EASY.fen, EASY.lines, EASY.techniques, rating=1000,
                  id="russian-save", kind=Kind.SAVE)
    assert example((HARD, save, EASY), Technique.SACRIFICE) is EASY
    assert example((save,), Technique.SACRIFICE) is None


def test_the_tab_opens_the_pages_and_the_line_plays_in_a_loop(puzzles: None) -> None:
    app, scene = rules()
    tab = scene.tabs.buttons[-1]
    assert tab.label == tr("rules.techniques")
    click(app, tab.rect.center)
    assert scene.game_key == TECHNIQUES
    page = scene.techniques
    assert page.technique is Technique.SACRIFICE
    assert page.diagram is not None and page.diagram.puzzle is EASY
    assert len(page.diagram.frames) == len(LINE) + 1
    assert tr("techpage.move", n=1, total=len(LINE), move="e5-f6") in page.texts()
    for language in ("en", "ru"):
        app_l, scene_l = rules(language, technique="sacrifice")
        shoot(app_l, f"techniques-{language}-800")
    # the moves follow one another, then the end stays a while, then it starts again
    seen = []
    for _ in range(round((STEP_SECONDS * len(LINE) + END_SECONDS + 1) / FIXED_DT)):
        scene.fixed_update(FIXED_DT)
        seen.append(page.diagram.step)
    assert sorted(set(seen)) == list(range(len(LINE) + 1)) and seen[-1] < 2
    page.diagram.step = len(LINE)
    assert tr("techpage.end") in page.texts()


def test_a_technique_without_a_puzzle_says_so(puzzles: None) -> None:
    app, scene = rules(technique="loop")
    page = scene.techniques
    assert page.diagram is None and not page.button.enabled
    assert tr("techpage.none") in page.texts()
    shoot(app, "techniques-none-en-800")
    key(app, pygame.K_DOWN)
    assert page.technique is Technique.BLOCKING
    click(app, page.prev.rect.center)
    click(app, page.prev.rect.center)
    assert page.technique.value == "barrier", "◀ goes back one technique at a time"


def test_practise_opens_the_trainer_on_the_technique(puzzles: None) -> None:
    app, scene = rules(technique="sacrifice")
    page = scene.techniques
    assert page.button.enabled
    click(app, page.button.rect.center)
    step(app)
    assert Trainer.opened == [{"game": "russian", "technique": "sacrifice"}]
    assert isinstance(top(app), Trainer)
    app.scenes.pop()
    step(app)
    key(app, pygame.K_RETURN)
    step(app)
    assert Trainer.opened[-1] == {"game": "russian", "technique": "sacrifice"}


def test_no_trainer_no_button(monkeypatch: pytest.MonkeyPatch, puzzles: None) -> None:
    monkeypatch.delitem(ROUTES, "trainer")
    app, scene = rules(technique="sacrifice")
    assert not scene.techniques.button.enabled


def test_a_damaged_collection_is_said_on_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    def damaged(game: str) -> tuple[Puzzle, ...]:
        raise PuzzleError("russian.json: not UTF-8 text")
    monkeypatch.setattr(technique_page, "shipped", damaged)
    app, scene = rules(technique="breakthrough")
    assert scene.techniques.diagram is None
    assert tr("techpage.damaged", why="russian.json: not UTF-8 text") in scene.techniques.texts()
    shoot(app, "techniques-damaged-en-800")


def test_a_puzzle_for_black_is_seen_from_blacks_side(monkeypatch: pytest.MonkeyPatch) -> None:
    start = EASY.start()
    start.push(start.parse_move("e5-f6"))
    for_black = Puzzle("russian", start.fen(), (("g7:e5",),), (Technique.LOOP,))
    monkeypatch.setattr(technique_page, "shipped", lambda game: (for_black,))
    app, scene = rules(technique="loop")
    diagram = scene.techniques.diagram
    assert diagram is not None and diagram.winner is Color.BLACK
    assert tr("techpage.black") in scene.techniques.texts()
    assert diagram.picture(200).get_size() == (200, 200)


def test_a_technique_rare_in_russian_is_shown_and_practised_in_international(
        monkeypatch: pytest.MonkeyPatch) -> None:
    barrier = Puzzle("international", "W:W46,47:B5", (("46-41",),), (Technique.BARRIER,),
                     rating=1400)
    monkeypatch.setattr(technique_page, "shipped",
                        lambda game: (EASY,) if game == "russian" else (barrier,))
    monkeypatch.setitem(ROUTES, "trainer", f"{__name__}:Trainer")
    Trainer.opened.clear()
    app, scene = rules(technique="barrier")
    assert scene.techniques.diagram is not None and scene.techniques.game == "international"
    click(app, scene.techniques.button.rect.center)
    step(app)
    assert Trainer.opened == [{"game": "international", "technique": "barrier"}]
    app.scenes.pop()
    step(app)
    scene.techniques.show(Technique.SACRIFICE)  # Russian has it: Russian first
    assert scene.techniques.game == "russian"
