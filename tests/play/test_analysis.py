"""The analysis of a finished game in a worker: every position judged, a blunder found."""
from __future__ import annotations

import time

from game.play.analysis import CAP, Analysis
from game.play.board_play import BoardPlay
from game.rules.core import Color


def run(analysis: Analysis, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not analysis.finished:
        assert time.monotonic() < deadline, "the analysis did not finish"
        analysis.update()
        time.sleep(0.005)


def test_a_short_game_is_judged_move_by_move_and_its_blunder_marked() -> None:
    # a few quiet moves, then White resigns
    play = BoardPlay.from_moves("russian", ["c3-d4", "f6-g5", "g3-h4", "g5-f4"])
    play.resign(Color.WHITE)
    analysis = Analysis(play.game, time_per_position=0.05)
    try:
        assert analysis.total == 5 and analysis.done == 0, "a resigned end is judged too"
        run(analysis)
        assert analysis.error is None
        assert all(v is not None for v in analysis.verdicts)
        first = analysis.verdicts[0]
        assert first is not None and first.best is not None and first.pv[0] == first.best
        assert abs(first.score) < 100, "the start is level"
    finally:
        analysis.close()


def test_an_end_by_the_rules_needs_no_search() -> None:
    play = BoardPlay("russian", fen="W:Wc3:Bd4")
    play.play_text("c3:e5")
    analysis = Analysis(play.game)
    assert analysis.done == 1 and analysis.verdicts[-1] is not None
    assert analysis.verdicts[-1].score == CAP and analysis.mistakes() == {}


def test_a_move_that_drops_a_piece_is_a_mistake() -> None:
    # 1. e3-f4 f6-e5 2. a3-b4 d6-c5?? : b4xd6 and Black is a piece down (the engine at
    # depth 6 scores it about two men worse than the best move)
    play = BoardPlay.from_moves("russian", ["e3-f4", "f6-e5", "a3-b4", "d6-c5"])
    analysis = Analysis(play.game, time_per_position=0.05)
    try:
        run(analysis)
        mistakes = analysis.mistakes()
        assert 4 in mistakes, f"d6-c5 gives a piece away: {mistakes}"
        assert 1 not in mistakes and 2 not in mistakes
    finally:
        analysis.close()
