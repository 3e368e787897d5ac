"""Playing the computer in the real board scene: the mouse against a worker process."""
from __future__ import annotations

import random
import time

import pygame

from game.play.computer import ComputerPlayer
from game.app import App
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.play.seats import Person
from game.rules.core import Color
from game.demos import open_scene
from game.scenes.board.scene import BoardScene
from game.scenes.setup import SetupScene
from tests.scenes.helpers import click, key, step, top
from tests.scenes.test_move_entry import enter_by_clicks

W, B = Color.WHITE, Color.BLACK


def wait_for_person(app: App, board: BoardScene, seconds: float = 20.0) -> None:
    """Run frames until the person may move (or the game is over)."""
    deadline = time.monotonic() + seconds
    while not board.play.person_to_move and board.play.outcome() is None:
        assert time.monotonic() < deadline, "the computer did not answer"
        step(app)
        time.sleep(0.002)
    step(app, 60)  # its move glides into place


def play_out(variant: str, options: dict[str, int], level: int, seed: int,
             moves: int) -> tuple[App, BoardPlay]:
    """A person (random clicks on the board) as White against the computer at ``level``,
    up to ``moves`` of the person's moves; the app is left on the screen after the game."""
    app = App(language="en")
    open_scene(app, "menu")
    computer = ComputerPlayer(level, min_delay=0.0, move_time=0.2)
    play = BoardPlay(variant, options, seats={W: Person(), B: computer})
    board = BoardScene(app, play)
    app.scenes.push(board)
    step(app)
    rng = random.Random(seed)
    try:
        for _ in range(moves):
            wait_for_person(app, board)
            if play.outcome() is not None:
                break
            move = rng.choice(play.game.legal_moves())
            assert enter_by_clicks(app, board, move) == move
        step(app, 60)
    finally:
        play.close()
    return app, play


def test_a_whole_game_against_the_computer_with_the_mouse() -> None:
    app, play = play_out("russian", {}, level=1, seed=11, moves=150)
    assert play.outcome() is not None, "a random mover against level 1 ends in 150 moves"
    assert top(app).key == "board-end"
    persons = [m for i, m in enumerate(play.moves) if i % 2 == 0]
    assert len(persons) >= 5 and play.ply >= 10


def test_an_apokachi_game_against_the_computer_plays_to_the_count() -> None:
    # the computer's Apokachi moves come from the engine's own generator: the scene takes
    # them, captures included, until the move limit counts the pieces
    app, play = play_out("apokachi", {"size": 5, "move_limit": 10}, level=3, seed=5, moves=12)
    assert play.outcome() is not None and play.ply <= 20
    assert top(app).key == "board-end"


def test_undo_against_the_computer_takes_back_to_your_move_and_cancels_its_thinking() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    computer = ComputerPlayer(2, min_delay=5.0)  # it will not answer before the undo
    play = BoardPlay("russian", seats={W: Person(), B: computer})
    board = BoardScene(app, play)
    app.scenes.push(board)
    step(app)
    try:
        move = play.game.parse_move("c3-d4")
        enter_by_clicks(app, board, move)
        step(app, 30)
        assert computer.thinking and board.thinking() is not None
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert play.ply == 0 and not computer.thinking
        assert play.person_to_move
    finally:
        play.close()


def test_the_setup_seats_the_computer_and_turns_the_board_for_black() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    setup = SetupScene(app, "international", own={"play_as": "black", "level": 1})
    app.scenes.push(setup)
    step(app)
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene)
    try:
        assert board.play.seats[W].kind == "computer" and board.play.seats[B].is_person
        assert board.view.flipped, "the person's pieces are at the bottom"
        wait_for_person(app, board)
        assert board.play.ply == 1, "the computer opened with White"
    finally:
        board.play.close()


def test_the_advice_key_draws_the_engines_move() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    board = BoardScene(app, BoardPlay("russian"))
    app.scenes.push(board)
    step(app)
    try:
        key(app, pygame.K_a)
        deadline = time.monotonic() + 20
        while board.state.hint_move is None:
            assert time.monotonic() < deadline
            step(app)
            time.sleep(0.005)
        assert board.state.hint_move in board.play.game.legal_moves()
        message = board.state.feedback.message
        assert message is not None and board.play.game.move_text(board.state.hint_move) in message
        enter_by_clicks(app, board, board.play.game.legal_moves()[0])
        assert board.state.hint_move is None, "the arrow goes with the position it was for"
    finally:
        board.close()


def test_review_after_the_game_analyses_it_and_marks_the_mistake() -> None:
    app = App(language="en")
    open_scene(app, "menu")
    play = BoardPlay.from_moves("russian", ["e3-f4", "f6-e5", "a3-b4", "d6-c5"])
    play.resign(B)
    board = BoardScene(app, play)
    app.scenes.push(board)
    step(app)
    board.check_end()
    step(app)
    assert top(app).key == "board-end"
    key(app, pygame.K_ESCAPE)  # Esc on the end panel: review the game
    assert board.play.reviewing.ply is not None and board.reviewer.analysis is not None
    try:
        deadline = time.monotonic() + 60
        while not board.reviewer.analysis.finished:
            assert time.monotonic() < deadline
            step(app)
            time.sleep(0.005)
        assert 4 in board.reviewer.analysis.mistakes()
        board.reviewer.to(3)
        assert board.reviewer.best_shown() in board.state.shown.legal_moves(), \
            "the best move where it went wrong"
        view = board.reviewer.view()
        assert view is not None and view.line
    finally:
        board.close()


def test_a_dead_worker_is_said_in_the_panel_and_the_computer_still_moves() -> None:
    import os
    import signal
    import time

    app = App(language="en")
    open_scene(app, "menu")
    seat = ComputerPlayer(8, move_time=1.0)
    play = BoardPlay("russian", seats={Color.WHITE: Person(), Color.BLACK: seat})
    board = BoardScene(app, play)
    app.scenes.push(board)
    step(app)
    board.play_text("c3-d4")
    deadline = time.monotonic() + 30
    while not (seat.thinking and seat.thinker.pid is not None) and time.monotonic() < deadline:
        step(app)
    assert seat.thinker.pid is not None
    os.kill(seat.thinker.pid, signal.SIGKILL)
    while len(play.notation) < 2 and time.monotonic() < deadline:
        step(app)
        time.sleep(0.002)
    assert len(play.notation) == 2, "the computer moved after all"
    assert board.state.feedback.message == tr("board.worker.restarted") or \
        board.state.feedback.message == tr("board.worker.fallback")
    board.close()
