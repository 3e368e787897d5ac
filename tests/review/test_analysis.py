"""The analysis of a finished game in a worker: every position judged, a blunder found."""
from __future__ import annotations

import time

from game.ai import Limit, search
from game.ai.search import WON
from game.play.board_play import BoardPlay
from game.review.analysis import CAP, Analysis
from game.rules.core import Color, Game


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


# A Russian game full of forced captures (White a few plies deep, Black at random): Black
# loses men early, and many of its replies are the only capture there is.
FORCED_GAME = ["g3-f4", "b6-c5", "h2-g3", "c7-b6", "c3-b4", "f6-e5", "g3-h4", "e5:g3", "e3-d4",
               "c5:e3", "d2:f4:h2", "d6-e5", "f2-g3", "h6-g5", "h4:f6:d4", "b6-a5", "d4-c5",
               "a5:c3", "b2:d4", "b8-c7", "g3-f4", "e7-d6", "c5:e7", "d8:f6", "d4-c5", "f6-g5",
               "f4:h6", "c7-d6", "c5:e7", "f8:d6", "h6:f8:c5", "h8-g7", "c5-d4", "g7-h6",
               "d4-e3", "h6-g5", "e3:h6", "a7-b6", "a3-b4", "b6-a5", "c1-b2", "a5:c3", "b2:d4"]


def _position(play: BoardPlay, ply: int) -> Game:
    game = play.game.copy()
    for _ in range(play.ply - ply):
        game.pop()
    return game


def _white(game: Game, score: int) -> int:
    score = max(-CAP, min(CAP, score if abs(score) < WON else (CAP if score > 0 else -CAP)))
    return score if game.turn is Color.WHITE else -score


def test_a_forced_position_scores_what_a_search_of_it_says() -> None:
    play = BoardPlay.from_moves("russian", FORCED_GAME)
    assert play.is_over
    analysis = Analysis(play.game, depth=4)
    try:
        run(analysis, 60)
        assert analysis.error is None
        forced = [p for p, n in enumerate(analysis.choices) if n == 1]
        assert len(forced) >= 8, "the game has many forced captures"
        for ply in forced:
            verdict = analysis.verdicts[ply]
            game = _position(play, ply)
            result = search(game, Limit(depth=4))  # (a forced win ends it sooner)
            assert verdict is not None and verdict.depth == result.depth >= 1
            # the worker keeps its transposition table through a game's positions, so its
            # search of a position may differ a little from a fresh one; never by a man
            assert abs(verdict.score - _white(game, result.score)) <= 30, ply
    finally:
        analysis.close()


def test_the_review_graph_has_no_drop_to_zero_at_forced_moves() -> None:
    # as the review runs it: a time per position. White is men up from early on; the score
    # of a position where Black has one capture to make is as far up as its neighbours
    play = BoardPlay.from_moves("russian", FORCED_GAME)
    analysis = Analysis(play.game, time_per_position=0.05)
    try:
        run(analysis, 60)
        assert analysis.error is None
        scores = [v.score for v in analysis.verdicts if v is not None]
        assert len(scores) == analysis.total
        forced = [p for p, n in enumerate(analysis.choices) if n == 1]
        for ply in forced:
            if ply == 0 or ply + 1 >= len(scores):
                continue
            before, here, after = scores[ply - 1], scores[ply], scores[ply + 1]
            if min(before, after) >= 150:  # White clearly ahead on both sides
                assert here >= 100, f"ply {ply}: {before} {here} {after}"
            game = _position(play, ply)
            searched = _white(game, search(game, Limit(depth=3)).score)
            assert abs(here - searched) <= 200 or min(here, searched) >= 300, \
                f"ply {ply}: the review says {here}, a search {searched}"
        # a forced reply is nobody's mistake, and the move before it is judged by what the
        # position was worth, not by a score of 0 put in place of a forced move's
        mistakes = analysis.mistakes()
        assert not set(mistakes) & {p + 1 for p in forced}
        white_mistakes = [p for p in mistakes if analysis.turns[p - 1] is Color.WHITE]
        assert len(white_mistakes) <= 2, f"White played well: {mistakes}"
    finally:
        analysis.close()
