"""Уголки in play without a window: a whole game with seats, saved and continued (the way
Continue does it), and the computer answering from its worker process, also after a huff in
Russian draughts "with фук"."""
from __future__ import annotations

import random
import time
from pathlib import Path

from game.play import BoardPlay, GameOver, MovePlayed, RandomPlayer, ScriptedPlayer
from game.play.board_record import board_from_record, record_of_board
from game.play.computer import ComputerPlayer
from game.play.records import summarize
from game.rules.core import Color
from game.rules.ugolki import STAYED_HOME
from game.saves import Saves

W, B = Color.WHITE, Color.BLACK


def test_a_random_game_is_saved_midway_and_continued_to_its_end(tmp_path: Path) -> None:
    play = BoardPlay("ugolki", {"house": 9},
                     seats={W: RandomPlayer(random.Random(1)), B: RandomPlayer(random.Random(2))})
    play.run(max_plies=31)  # stops part way (a run of 31 plies is no whole game)
    assert play.game.outcome() is None and play.ply == 31
    store = Saves(tmp_path)
    store.begin()
    game_id = store.keep(None, record_of_board(play))
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == game_id  # what Continue opens
    record = store.load_game(game_id)
    assert record["game"] == "ugolki"
    assert summarize(record).picture["fen"] == play.game.fen()
    back = board_from_record(record, with_seats=False)
    assert back.game.fen() == play.game.fen() and back.notation == play.notation
    assert back.game.options == {"house": 9}
    for color, seed in ((W, 3), (B, 4)):
        back.set_seat(color, RandomPlayer(random.Random(seed)))
    outcome = back.run()
    assert outcome is not None and back.ply <= 160
    events = back.events()
    assert isinstance(events[-1], GameOver)
    # the finished game replays from its record
    again = board_from_record(record_of_board(back), with_seats=False)
    assert again.outcome() == outcome


def test_takeback_and_review_of_chains() -> None:
    play = BoardPlay("ugolki")
    fens = [play.game.fen()]
    for _ in range(6):
        # the longest chain each time
        move = max(play.game.legal_moves(), key=lambda m: (len(m.path), -m.start, -m.end))
        play.play_text(play.game.move_text(move))
        fens.append(play.game.fen())
    assert all("-" in text for text in play.notation)
    assert max(len(text.split("-")) for text in play.notation) >= 3  # a chain of two jumps
    played = play.events()
    assert [type(e) for e in played] == [MovePlayed] * 6
    assert play.undo() and play.game.fen() == fens[5]
    assert play.redo() and play.game.fen() == fens[6]
    play.reviewing.enter()
    for ply in (0, 3, 2, 6):
        play.reviewing.to(ply)
        assert play.shown.fen() == fens[ply]


def test_the_computer_plays_ugolki_from_its_worker_process() -> None:
    computer = ComputerPlayer(3, min_delay=0.0, move_time=0.5)
    try:
        play = BoardPlay("ugolki", {"house": 16}, seats={W: ScriptedPlayer(["c4-c5"]),
                                                         B: computer})
        assert play.update() is not None  # White's scripted move
        end = time.monotonic() + 60
        while play.ply < 2 and time.monotonic() < end:
            play.update()
            time.sleep(0.02)
        assert play.ply == 2 and play.turn is W
        assert computer.error is None
    finally:
        computer.close()


def test_a_game_that_ends_by_the_home_rule_says_so() -> None:
    play = BoardPlay("ugolki", fen="W:Wa1,e4:Bh5,c6:F40")
    play.play_text("e4-e5")
    outcome = play.outcome()
    assert outcome is not None and outcome.termination is STAYED_HOME
    assert outcome.winner is B and not play.takebacks.can_redo()
    assert play.undo() and play.outcome() is None
