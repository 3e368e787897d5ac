"""The coach at the board: its words beside the reviewed move once the analysis is done, none
when it is switched off, and its word with the advice."""
from __future__ import annotations



from game.app import App
from game.demos import open_scene
from game.i18n import set_language, tr
from game.play.analysis import Analysis
from game.play.board_play import BoardPlay
from game.play.seats import Person
from game.play.computer import ComputerPlayer
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.settings import MemoryStore
from tests.play.test_coach import InProcessThinker
from tests.scenes.helpers import shoot, step



def reviewed(language: str, size: tuple[int, int] = (800, 560)) -> tuple[App, BoardScene]:
    """1. e3-f4 f6-e5 2. a3-b4 d6-c5?? (b4:d6 takes a man), Black resigns: in review, the
    analysis done (at a fixed depth, here)."""
    app = App(MemoryStore(), size=size, language=language)
    open_scene(app, "menu")
    play = BoardPlay.from_moves("russian", ["e3-f4", "f6-e5", "a3-b4", "d6-c5"])
    play.seats = {Color.WHITE: Person(), Color.BLACK: ComputerPlayer(3)}
    play.resign(Color.BLACK)
    board = BoardScene(app, play, start_in="review")
    app.scenes.push(board)
    analysis = Analysis(play.game, depth=4, thinker=InProcessThinker)  # type: ignore[arg-type]
    board.reviewer.analysis = analysis
    while not analysis.finished:
        analysis.update()
    step(app)
    return app, board


def test_the_review_shows_the_coachs_words_beside_the_move() -> None:
    for language in ("en", "ru"):
        app, board = reviewed(language)
        try:
            board.reviewer.to(4)
            view = board.reviewer.view()
            assert view is not None
            # "This move allowed the opponent <the technique the detector names>: b4:d6!"
            opening = tr("coach.walked_into", technique="", move="").split(" :")[0]
            assert len(view.comments) == 1, view.comments
            assert view.comments[0].startswith(opening) and view.comments[0].endswith("b4:d6!")
            assert 4 in view.coached, "the graph marks the moves the coach speaks of"
            shoot(app, f"coach-review-{language}-800")
            board.reviewer.to(2)
            view = board.reviewer.view()
            assert view is not None and not any("b4:d6" in c for c in view.comments)
        finally:
            board.close()


def test_the_coach_switched_off_says_nothing() -> None:
    app, board = reviewed("en")
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


def test_the_advice_names_the_combination() -> None:
    set_language("en")
    app = App(MemoryStore(), size=(800, 560), language="en")
    open_scene(app, "menu")
    # White to move: c3-b4! gives a man and takes two (a position from the coach's games)
    play = BoardPlay("russian", fen="W:We1,a3,c3,e3,e5:Bc5,b6,g7")
    board = BoardScene(app, play)
    app.scenes.push(board)
    try:
        game = board.game
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
