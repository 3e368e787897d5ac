"""The coach at the board: its words beside the reviewed move once the analysis is done, about
the person's own moves (not the computer's), with the way to the technique's page and its
puzzles; none when it is switched off; its word with the advice; and the review's counters,
which count the same moves."""
from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from game.review.analysis import Analysis
import game.scenes.board.review as review_module
from game.app import App
from game.demos import open_scene
from game.i18n import set_language, tr
from game.play.board_play import BoardPlay
from game.play.computer import ComputerPlayer
from game.play.seats import Person
from game.puzzles.model import Puzzle, Technique
from game.rules.core import Color
from game.scene import Scene
from game.scenes import ROUTES
from game.scenes.board.scene import BoardScene
from game.scenes.rules import TECHNIQUES, RulesScene
from game.settings import MemoryStore
from game.ui import theme
from tests.review.test_coach import InProcessThinker
from tests.scenes.helpers import click, key, shoot, step, top

#: 1. e3-f4 b6-a5 2. a3-b4? a7-b6 3. f2-e3? d6-e5! 4. f4:d6 e7:c5:a3: a3-b4 emptied a3, where
#: Black's man lands taking two after giving one (and f2-e3 did not mend it)
SHOT = ("e3-f4", "b6-a5", "a3-b4", "a7-b6", "f2-e3", "d6-e5", "f4:d6", "e7:c5:a3")
#: 1. e3-f4 f6-e5 2. a3-b4 d6-c5?? (b4:d6 takes a man)
GIVEN = ("e3-f4", "f6-e5", "a3-b4", "d6-c5")
#: a puzzle of the technique, for the trainer's shelf in these tests
ONE_FOR_TWO = Puzzle("russian", "W:We1,a3,c3,e3,e5:Bc5,b6,g7",
                     (("e5-f6", "g7:e5", "c3-b4", "e5-d4", "b4:d6", "d4:f2", "e1:g3"),),
                     (Technique.SACRIFICE, Technique.ONE_FOR_TWO), rating=1210)


class Trainer(Scene):
    """Stands for the trainer screen: what it was opened with."""

    key = "trainer"
    opened: list[dict[str, Any]] = []

    def __init__(self, app: App, **args: Any) -> None:
        super().__init__(app)
        Trainer.opened.append(args)


@pytest.fixture
def trainer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trainer has a puzzle of the give-one-take-two for Russian draughts."""
    monkeypatch.setattr(review_module, "available",
                        lambda game: (ONE_FOR_TWO,) if game == "russian" else ())
    monkeypatch.setitem(ROUTES, "trainer", f"{__name__}:Trainer")
    Trainer.opened.clear()


def reviewed(language: str, moves: tuple[str, ...], person: Color,
             size: tuple[int, int] = (800, 560), finish: bool = True
             ) -> tuple[App, BoardScene, Analysis]:
    """A Russian game of ``moves`` between a person (``person``'s side) and the computer,
    which the person resigned: in review at its end, the analysis at a fixed depth (here in
    this process), done when ``finish``."""
    app = App(MemoryStore(), size=size, language=language)
    open_scene(app, "menu")
    play = BoardPlay.from_moves("russian", list(moves))
    play.seats = {person: Person(), person.other: ComputerPlayer(3)}
    play.resign(person)
    board = BoardScene(app, play, start_in="review")
    app.scenes.push(board)
    analysis = Analysis(play.game, depth=4, thinker=InProcessThinker)
    board.reviewer.analysis = analysis
    while finish and not analysis.finished:
        analysis.update()
    step(app)
    return app, board, analysis


def drawn(app: App) -> list[str]:
    """The lines of text drawn on the next frame."""
    with theme.watching() as log:
        app.redraw()
        step(app)
    return [d.value for d in log.drawn]


def links(board: BoardScene) -> list[str]:
    return [button.label for button, _ in board.panel_view.coach_box.buttons]


def test_the_coach_speaks_of_the_persons_moves_and_shows_the_way_to_the_technique(
        trainer: None) -> None:
    for language in ("en", "ru"):
        app, board, _ = reviewed(language, SHOT, Color.WHITE)
        try:
            walked = tr("coach.walked_into", technique=tr("coach.tech.one-for-two"),
                        move="d6-e5")
            for ply in (3, 5):  # a3-b4 emptied a3; f2-e3 left it so
                board.reviewer.to(ply)
                view = board.reviewer.view()
                assert view is not None and view.comments == (walked,), view
                words = drawn(app)
                assert [tr("coach.link.page"), tr("coach.link.practise")] == links(board)
                assert tr("coach.link.page") in words and tr("coach.link.practise") in words
            shoot(app, f"coach-shot-{language}-800")
            # the computer's move that missed nothing of note, and its shot, are not talked
            # about: the review speaks of the person's moves
            view = board.reviewer.view()
            assert view is not None and view.coached == frozenset({3, 5})
            for ply in (4, 6, 8):
                board.reviewer.to(ply)
                view = board.reviewer.view()
                assert view is not None and view.comments == ()
                drawn(app)
                assert links(board) == []
        finally:
            board.close()


def test_the_links_open_the_techniques_page_and_its_puzzles(trainer: None) -> None:
    set_language("en")
    app, board, _ = reviewed("en", SHOT, Color.WHITE)
    try:
        board.reviewer.to(3)
        drawn(app)
        page = next(b for b, _ in board.panel_view.coach_box.buttons
                    if b.label == tr("coach.link.page"))
        click(app, page.rect.center)
        step(app)
        rules = top(app)
        assert isinstance(rules, RulesScene)
        assert rules.game_key == TECHNIQUES
        assert rules.techniques.technique is Technique.ONE_FOR_TWO
        key(app, pygame.K_ESCAPE)  # back from the rules
        step(app, 2)
        assert top(app) is board and board.play.reviewing.ply == 3, \
            "back in the review where it was"
        practise = next(b for b, _ in board.panel_view.coach_box.buttons
                        if b.label == tr("coach.link.practise"))
        click(app, practise.rect.center)
        step(app)
        assert isinstance(top(app), Trainer)
        assert Trainer.opened == [{"game": "russian", "technique": "one-for-two"}]
        app.scenes.pop()
        step(app, 2)
        # T opens the page from the keyboard
        key(app, pygame.K_t)
        step(app)
        rules = top(app)
        assert isinstance(rules, RulesScene)
        assert rules.techniques.technique is Technique.ONE_FOR_TWO
        app.scenes.pop()
        step(app, 2)
        # on a move the coach says nothing of, T does nothing
        board.reviewer.to(4)
        key(app, pygame.K_t)
        step(app)
        assert top(app) is board
    finally:
        board.close()


def test_no_puzzle_of_the_technique_no_practise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_module, "available", lambda game: ())
    app, board, _ = reviewed("en", SHOT, Color.WHITE)
    try:
        board.reviewer.to(3)
        drawn(app)
        assert links(board) == [tr("coach.link.page")]
    finally:
        board.close()


def test_a_piece_left_to_be_taken_is_said_in_both_languages() -> None:
    for language in ("en", "ru"):
        app, board, _ = reviewed(language, GIVEN, Color.BLACK)
        try:
            board.reviewer.to(4)
            view = board.reviewer.view()
            assert view is not None
            # the engine's line: 3. b4:d6 e7:c5 4. f4:d6:b4, two men
            assert board.reviewer.analysis is not None
            comment, = board.reviewer.coach.shown(board.reviewer.analysis, 4)
            assert comment.pieces == 2
            assert view.comments == (tr("coach.hanging.more", move="b4:d6"),)
            assert 4 in view.coached, "the graph marks the moves the coach speaks of"
            words = drawn(app)
            assert links(board) == [], "no technique named: nothing to open"
            assert any("b4:d6" in line for line in words)
            shoot(app, f"coach-review-{language}-800")
            board.reviewer.to(2)
            view = board.reviewer.view()
            assert view is not None and view.comments == ()
        finally:
            board.close()


def test_the_review_at_1024x600(trainer: None) -> None:
    for language in ("en", "ru"):
        app, board, _ = reviewed(language, SHOT, Color.WHITE, size=(1024, 600))
        try:
            board.reviewer.to(3)
            drawn(app)
            assert len(links(board)) == 2
            shoot(app, f"coach-shot-{language}-1024")
        finally:
            board.close()


def counters(words: list[str]) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """(shown, total) of the review's header, and (judged, total) of the analysis' progress
    line when it is drawn."""
    header = next(re.fullmatch(r"Review: (\d+) of (\d+)", w) for w in words
                  if re.fullmatch(r"Review: (\d+) of (\d+)", w))
    assert header is not None
    progress = [re.fullmatch(r"Analysing the game: (\d+) of (\d+)", w) for w in words]
    found = [p for p in progress if p is not None]
    return ((int(header[1]), int(header[2])),
            (int(found[0][1]), int(found[0][2])) if found else None)


def test_the_reviews_counters_count_the_same_moves() -> None:
    set_language("en")
    for person, moves in ((Color.WHITE, SHOT), (Color.BLACK, GIVEN)):
        app, board, analysis = reviewed("en", moves, person, finish=False)
        try:
            plies = len(moves)
            seen = []
            while True:
                header, progress = counters(drawn(app))
                assert header == (plies, plies)
                if analysis.finished:
                    assert progress is None, "no progress line once it is done"
                    break
                assert progress is not None and progress[1] == plies, progress
                # a move is judged once both positions around it are
                known = [v is not None for v in analysis.verdicts]
                assert progress[0] == sum(a and b for a, b in zip(known, known[1:]))
                seen.append(progress[0])  # (each frame of the screen judges a position)
            assert seen[0] == 0 and seen == sorted(seen) and seen[-1] < plies, seen
            board.reviewer.to(2)
            assert counters(drawn(app))[0] == (2, plies)
        finally:
            board.close()


def test_a_game_the_rules_ended_counts_its_moves_too() -> None:
    # the last position's value is the rules' own from the start (White took the last man):
    # the progress still counts moves, not positions
    app = App(MemoryStore(), size=(800, 560), language="en")
    open_scene(app, "menu")
    play = BoardPlay("russian", fen="W:Wc3,g3:Bd4,h6")
    play.seats = {Color.WHITE: Person(), Color.BLACK: ComputerPlayer(3)}
    for text in ("c3:e5", "h6-g5", "g3-h4", "g5-f4", "e5:g3"):
        play.play(play.game.parse_move(text))
    assert play.game.outcome() is not None
    board = BoardScene(app, play, start_in="review")
    app.scenes.push(board)
    try:
        analysis = Analysis(play.game, depth=3, thinker=InProcessThinker)
        board.reviewer.analysis = analysis
        assert analysis.done == 1, "the last position's value is known from the start"
        seen = []
        while not analysis.finished:
            progress = counters(drawn(app))[1]  # (each frame judges a position)
            if progress is None:
                assert analysis.finished, "the progress line goes only when it is done"
                break
            known = [v is not None for v in analysis.verdicts]
            assert progress[0] == sum(a and b for a, b in zip(known, known[1:]))
            seen.append(progress[0])
        # the last move is judged with the position before it, not counted at the start
        assert seen[0] == 0 and seen[-1] <= 4 and seen == sorted(seen), seen
        assert counters(drawn(app))[1] is None
    finally:
        board.close()


def test_the_coach_switched_off_says_nothing() -> None:
    app, board, _ = reviewed("en", GIVEN, Color.BLACK)
    try:
        app.change_settings(app.settings.with_(coach=False))
        board.reviewer.to(4)
        view = board.reviewer.view()
        assert view is not None and view.comments == ()
        app.change_settings(app.settings.with_(coach=True))
        view = board.reviewer.view()
        assert view is not None and view.comments
    finally:
        board.close()


def test_two_people_at_one_board_hear_of_both_sides_by_colour() -> None:
    set_language("en")
    app, board, _ = reviewed("en", SHOT, Color.WHITE)
    try:
        board.play.seats = {Color.WHITE: Person(), Color.BLACK: Person()}
        board.reviewer.to(4)
        view = board.reviewer.view()
        assert view is not None
        assert view.comments == (tr("coach.missed", who=tr("coach.who.black"),
                                    technique=tr("coach.tech.one-for-two"), move="d6-e5"),)
    finally:
        board.close()


def test_the_advice_names_the_combination() -> None:
    set_language("en")
    app = App(MemoryStore(), size=(800, 560), language="en")
    open_scene(app, "menu")
    # White to move: c3-b4! gives a man and takes two (a position from the coach's games)
    play = BoardPlay("russian", fen="W:We1,a3,c3,e3,e5:Bc5,b6,g7")
    board = BoardScene(app, play)
    app.scenes.push(board)
    try:
        game = board.play.game
        move = game.parse_move("c3-b4")
        reply = game.copy()
        reply.push(move)
        line = (move, *[m for m in reply.legal_moves()][:1])
        words = board.advice.coach.advice_words(game, move, line, 500)
        assert words is not None and words.endswith("c3-b4!") and words.startswith("There is")
        app.change_settings(app.settings.with_(coach=False))
        assert board.advice.coach.advice_words(game, move, line, 500) is None
    finally:
        board.close()
