"""The coach: on real games (the project's PDN records, 16 games of our computer at its
human-like levels, and games of a scripted beginner against level 2), every comment it makes
agrees with the engine's searched values and none falls on a move the search calls fine; the
combinations it names, the opening principles, the games it keeps quiet about, its words."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from game.ai.engine import search
from game.ai.search import Limit
from game.ai.table import TranspositionTable
from game.ai.worker import ThinkResult
from game.i18n import language, set_language, tr
from game.puzzles.model import Flank, Technique
from game.puzzles.techniques import Detected, detect_line
from game.review.analysis import Analysis, Verdict
from game.review.coach import (COMBINATION, DECIDED, PRINCIPLE_COST, Coach, Comment, Kind,
                             Principle, broken_principles, coached, line_gain, line_pieces,
                             opening_moves, winning_line)
from game.rules import VARIANTS, find_variant
from game.rules.core import Color, Game, Move
from game.rules.pdn import read_pdn

DATA = Path(__file__).resolve().parent.parent
BEGINNER = DATA / "review" / "data" / "beginner_games.pdn"
FILES = (*sorted((DATA / "saves" / "pdn").glob("*.pdn")),
         DATA / "review" / "data" / "coach_games.pdn", BEGINNER)
#: the depth the test's analysis searches every position to (all the games in a few seconds)
DEPTH = 3


class InProcessThinker:
    """The analysis' worker, searching here at once (one table per game, as the worker
    keeps): the same requests and answers without a process for each game (also the
    analysis of benchmarks/coach_beginner.py)."""

    def __init__(self) -> None:
        self.memory_mb = 16
        self._answer: ThinkResult | None = None
        self._table: tuple[str, TranspositionTable] | None = None  # the game's, as the worker

    def start(self, variant: str, options: dict[str, Any] | None = None,
              fen: str | None = None, moves: Sequence[Move] = (), *,
              time: float | None = None, depth: int | None = None, **_: Any) -> None:
        cls = find_variant(variant)
        game = cls.from_fen(fen, **(options or {})) if fen else cls.new(**(options or {}))
        for move in moves:
            game.play(move)
        key = f"{variant} {fen}"
        if self._table is None or self._table[0] != key:
            self._table = (key, TranspositionTable(self.memory_mb))
        result = search(game, Limit(time, depth), tt=self._table[1])
        self._answer = ThinkResult(result.move, "", result.score, result.depth, result.nodes,
                                   result.pv)

    def poll(self) -> ThinkResult | None:
        answer, self._answer = self._answer, None
        return answer

    def cancel(self) -> None:
        self._answer = None

    def close(self) -> None:
        self._answer = None


@dataclass(frozen=True)
class Analysed:
    name: str
    start: Game
    moves: tuple[Move, ...]
    verdicts: tuple[Verdict | None, ...]


def analyse(game: Game, depth: int = DEPTH) -> Analysed:
    analysis = Analysis(game, depth=depth, thinker=InProcessThinker)
    while not analysis.finished:
        analysis.update()
    analysis.close()
    assert analysis.error is None
    start = type(game).from_fen(analysis.start_fen, **game.options)
    return Analysed(game.name, start, analysis.moves, tuple(analysis.verdicts))


@cache
def real_games() -> tuple[Analysed, ...]:
    out = []
    for path in FILES:
        for pdn in read_pdn(path.read_text(encoding="utf-8-sig")):
            out.append(analyse(pdn.game()))
    return tuple(out)


def comment_text(comment: Comment, you: Color | None = None) -> str:
    """The comment in the current language, as the screen says it."""
    notice = comment.notice(you)
    return tr(notice.key, **notice.values)


def _mover(score: int, side: Color) -> int:
    return score if side is Color.WHITE else -score


def position(game: Analysed, ply: int) -> Game:
    """The position the move of ``ply`` was played in."""
    replay = game.start.copy()
    for move in game.moves[:ply - 1]:
        replay.push(move)
    return replay


def check(game: Analysed, comment: Comment) -> None:
    """The comment agrees with the engine's searched values, or the test fails."""
    before, after = game.verdicts[comment.ply - 1], game.verdicts[comment.ply]
    assert before is not None and after is not None and before.searched and after.searched
    board = position(game, comment.ply)
    played = game.moves[comment.ply - 1]
    assert comment.side is board.turn
    best_value, played_value = _mover(before.score, board.turn), _mover(after.score, board.turn)
    assert (comment.best, comment.played) == (best_value, played_value)
    where = f"{game.name} ply {comment.ply}: {comment_text(comment)}"
    if comment.kind is Kind.MISSED:
        # something was missed: the best move was not played, its line wins a man, and the
        # move played kept a man less of the value than the best one
        assert before.best is not None and before.best != played, where
        assert comment.move == board.move_text(before.best), where
        assert best_value - played_value >= COMBINATION, where
        assert line_gain(board, before.pv, board.turn) >= COMBINATION, where
        assert line_gain(board, (played, *after.pv), board.turn) < comment.gain, where
        assert comment.techniques == detect_line(
            board, winning_line(board, before.pv, board.turn)).techniques, where
    elif comment.kind in (Kind.WALKED_INTO, Kind.HANGING):
        assert best_value - played_value >= COMBINATION, where
        board.push(played)
        answer = after.pv[0]
        assert comment.move == board.move_text(answer), where
        assert line_gain(board, after.pv, board.turn) >= COMBINATION, where
        assert comment.pieces == line_pieces(
            board, winning_line(board, after.pv, board.turn), board.turn), where
        found = detect_line(board, winning_line(board, after.pv, board.turn))
        assert comment.techniques == found.techniques, where
        # a piece left to be taken: the answer takes at once, and no technique but an
        # exchange is named; any other combination is one walked into
        left = answer.is_capture and found.main in (None, Technique.EXCHANGE)
        assert left is (comment.kind is Kind.HANGING), where
    elif comment.kind is Kind.BROKEN:
        assert played != before.best and best_value - played_value >= PRINCIPLE_COST, where
        assert comment.move == board.move_text(played), where
        # the engine's best move keeps the principle the move played broke
        assert before.best is not None, where
        assert comment.principle in broken_principles(board, played), where
        assert comment.principle not in broken_principles(board, before.best), where
    else:
        raise AssertionError(f"a review comment of kind {comment.kind}")
    # no comment on a move the search calls fine, nor in a game decided around the move
    assert best_value - played_value >= comment.threshold >= PRINCIPLE_COST, where
    assert best_value > -DECIDED and played_value < DECIDED, where
    if comment.principle is not None:
        assert (comment.ply + 1) // 2 <= opening_moves(board), f"past the opening: {where}"


def test_every_comment_on_the_real_games_agrees_with_the_engine() -> None:
    games = real_games()
    assert len(games) >= 20
    coach = Coach()
    kinds: dict[Kind, int] = {kind: 0 for kind in Kind}
    named = 0
    for game in games:
        comments = coach.review(game.start, game.moves, game.verdicts)
        for comment in comments:
            check(game, comment)
            kinds[comment.kind] += 1
            named += comment.technique is not None
        # a move that was the engine's best never missed anything
        for comment in comments:
            if comment.kind is Kind.MISSED:
                before = game.verdicts[comment.ply - 1]
                assert before is not None and before.best != game.moves[comment.ply - 1]
        # at most one principle per move, and each kind of it once per side and game
        seen = [(c.side, c.principle, c.kind) for c in comments if c.principle is not None]
        assert len(seen) == len(set(seen))
    # the games hold missed and allowed combinations and opening lessons (not a silent coach)
    assert kinds[Kind.MISSED] >= 3 and kinds[Kind.WALKED_INTO] >= 10, kinds
    assert named >= 10, "the detector names the technique of many of them"
    assert kinds[Kind.HANGING] >= 5, kinds
    # (each principle is also said from scripted values, below: how many of them real games
    # give depends on the evaluation)
    assert kinds[Kind.BROKEN] >= 3, kinds
    assert kinds[Kind.JUSTIFIED] == 0, "a move the engine calls fine gets no comment"
    # a principle broken by a move that also walked into a combination is said after it
    beside = [(game, c) for game in games
              for c in coach.review(game.start, game.moves, game.verdicts) if c.also]
    assert beside
    for game, comment in beside:
        assert comment.kind is Kind.BROKEN
        assert any(c.ply == comment.ply and c.principle is None and c.side is comment.side
                   for c in coach.review(game.start, game.moves, game.verdicts))


def test_a_principle_beside_a_combination_is_said_in_a_few_words() -> None:
    start, moves, verdicts = scripted(["c3-b4", "h6-g5", "b2-c3", "g7-h6", "a1-b2"], 5, 50,
                                      "c3-d4")
    broken, = [c for c in Coach().review(start, moves, verdicts) if c.ply == 5]
    also = replace(broken, also=True)
    was = language()
    try:
        set_language("en")
        assert comment_text(broken).startswith("A king-row square opened without need (a1-b2")
        assert comment_text(also) == ("It also opened the king row: without need, that often "
                                      "gives the opponent a combination.")
        set_language("ru")
        assert comment_text(also).startswith("К тому же открыто дамочное поле")
    finally:
        set_language(was)


def test_a_beginner_hears_of_one_move_in_ten_at_least() -> None:
    # the scripted beginner's games against level 2 (benchmarks/coach_beginner.py), searched
    # about as deep as the review's 0.3 s a position reaches on a slow computer
    coach = Coach()
    rates = []
    said = heard = 0
    for pdn in read_pdn(BEGINNER.read_text(encoding="utf-8")):
        you = Color.WHITE if pdn.tags.get("White") == "Beginner" else Color.BLACK
        game = analyse(pdn.game(), depth=6)
        comments = [c for c in coach.review(game.start, game.moves, game.verdicts)
                    if c.side is you]
        for comment in comments:
            check(game, comment)
        yours = sum(1 for ply in range(len(game.moves)) if (ply % 2 == 0) is
                    (you is Color.WHITE))
        assert comments, f"{pdn.tags.get('Event')}: not a word in {yours} moves"
        rates.append(10 * len(comments) / yours)
        said += len(comments)
        heard += yours
    assert len(rates) >= 6
    # a typical game (the middle one) and all of them together: a word per ten moves
    assert sorted(rates)[len(rates) // 2] >= 1 and 10 * said >= heard, rates


def test_principles_can_be_switched_off() -> None:
    for game in real_games()[:8]:
        quiet = Coach(principles=False).review(game.start, game.moves, game.verdicts)
        assert all(c.principle is None for c in quiet)
        full = Coach().review(game.start, game.moves, game.verdicts)
        assert [c for c in full if c.principle is None] == quiet


def test_a_man_given_away_is_a_piece_left_to_be_taken() -> None:
    # 1. e3-f4 f6-e5 2. a3-b4 d6-c5?? : b4:d6 takes a man
    game = find_variant("russian").new()
    for text in ("e3-f4", "f6-e5", "a3-b4", "d6-c5"):
        game.play(game.parse_move(text))
    analysed = analyse(game, depth=4)
    comments = Coach().review(analysed.start, analysed.moves, analysed.verdicts)
    left = [c for c in comments if c.kind is Kind.HANGING]
    # the engine's line: 3. b4:d6 e7:c5 4. f4:d6:b4, two men
    assert [(c.ply, c.side, c.move, c.pieces) for c in left] == [
        (4, Color.BLACK, "b4:d6", 2)]
    for comment in comments:
        check(analysed, comment)
    assert not [c for c in comments if c.ply < 4 and c.principle is None]
    was = language()
    try:
        set_language("en")
        assert comment_text(left[0], you=Color.BLACK) == \
            "This move left pieces to be taken: b4:d6."
        set_language("ru")
        assert comment_text(left[0], you=Color.BLACK) == "Этот ход оставил шашки под боем: b4:d6."
        one = replace(left[0], pieces=1)
        assert comment_text(one) == "Этот ход оставил шашку под боем: b4:d6."
    finally:
        set_language(was)


def fake_detect(game: Game, line: Sequence[Move]) -> Detected:
    assert line and line[0] in game.legal_moves(), "the line is played from the position"
    return Detected((Technique.SACRIFICE, Technique.BREAKTHROUGH), Flank.LEFT)


def test_the_technique_is_named_in_both_languages() -> None:
    game = next(g for g in real_games()
                if any(c.kind is Kind.MISSED for c in Coach().review(g.start, g.moves,
                                                                     g.verdicts)))
    comments = Coach(detect=fake_detect).review(game.start, game.moves, game.verdicts)
    missed = next(c for c in comments if c.kind is Kind.MISSED)
    assert missed.technique is Technique.BREAKTHROUGH  # the more telling of the two
    was = language()
    try:
        set_language("en")
        assert comment_text(missed, you=missed.side) == \
            f"You missed a breakthrough on the left flank: {missed.move}!"
        assert comment_text(missed).startswith(("White missed", "Black missed"))
        set_language("ru")
        assert comment_text(missed, you=missed.side) == \
            f"Вы пропустили прорыв по левому флангу: {missed.move}!"
    finally:
        set_language(was)


def test_the_advice_names_the_combination_the_review_says_was_missed() -> None:
    coach = Coach()
    found = 0
    for game in real_games():
        for comment in coach.review(game.start, game.moves, game.verdicts):
            if comment.kind is not Kind.MISSED:
                continue
            before = game.verdicts[comment.ply - 1]
            assert before is not None and before.best is not None
            said = coach.advice(position(game, comment.ply), before.best, before.pv,
                                before.score)
            assert said is not None and said.kind is Kind.COMBINATION
            assert said.move == comment.move and said.gain >= COMBINATION
            found += 1
    assert found


def test_the_advice_says_an_edge_move_was_right_in_the_opening() -> None:
    game = find_variant("russian").new()
    edge = game.parse_move("g3-h4")
    said = Coach().advice(game, edge, (edge,), 10)
    assert said is not None and said.kind is Kind.JUSTIFIED
    assert said.principle is Principle.EDGE
    assert Coach(principles=False).advice(game, edge, (edge,), 10) is None
    centre = game.parse_move("c3-d4")
    assert Coach().advice(game, centre, (centre,), 10) is None


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_only_the_diagonal_games_are_coached(name: str) -> None:
    expected = name in ("russian", "international", "english", "brazilian", "italian")
    assert coached(find_variant(name).new()) is expected


def test_an_uncoached_game_gets_no_comments() -> None:
    game = find_variant("russian_giveaway").new()
    move = game.legal_moves()[0]
    verdict = Verdict(0, move, (move,), 3)
    assert Coach().review(game, (move,), (verdict, Verdict(-500, None, (), 3))) == []
    assert Coach().advice(game, move, (move,), 500) is None


def test_line_gain_counts_the_material_after_the_captures() -> None:
    game = find_variant("russian").from_fen("W:Wc3,e3:Bd6,f6")
    # c3-d4 (nothing to take), then the line ends with nothing won
    assert line_gain(game, (game.parse_move("c3-d4"),), Color.WHITE) == 0
    shot = find_variant("russian").from_fen("W:We3:Bf4,d6")
    take = shot.parse_move("e3:g5")
    assert line_gain(shot, (take,), Color.WHITE) == 100
    assert shot.fen() == find_variant("russian").from_fen("W:We3:Bf4,d6").fen()


def scripted(texts: Sequence[str], worse: int, cost: int, best: str | None = None
             ) -> tuple[Game, tuple[Move, ...], list[Verdict | None]]:
    """A Russian game of ``texts`` whose verdicts say every move was the best at an even
    score, except the move of ply ``worse``: it lost ``cost`` against ``best`` (the engine's
    preferred move there, given in notation)."""
    game = find_variant("russian").new()
    start = game.copy()
    moves: list[Move] = []
    verdicts: list[Verdict | None] = []
    for ply, text in enumerate(texts, start=1):
        move = game.parse_move(text)
        preferred = game.parse_move(best) if ply == worse and best is not None else move
        verdicts.append(Verdict(0, preferred, (preferred,), 3))
        game.push(move)
        moves.append(move)
    verdicts.append(Verdict(0, None, (), 3))
    # the side that made move ``worse`` stands ``cost`` worse after it, to the end
    sign = 1 if worse % 2 == 1 else -1
    for ply in range(worse, len(verdicts)):
        old = verdicts[ply]
        assert old is not None
        verdicts[ply] = Verdict(-sign * cost, old.best, old.pv, old.depth)
    return start, tuple(moves), verdicts


def principles(texts: Sequence[str], worse: int, cost: int, best: str | None = None
               ) -> list[tuple[int, Kind, Principle | None, str]]:
    start, moves, verdicts = scripted(texts, worse, cost, best)
    return [(c.ply, c.kind, c.principle, c.better) for c in Coach().review(start, moves, verdicts)
            if c.principle is not None and c.ply == worse]


def test_an_edge_move_is_said_only_where_it_cost_against_a_move_that_keeps_the_centre(
        ) -> None:
    assert principles(["g3-h4"], 1, 40, "c3-d4") == [(1, Kind.BROKEN, Principle.EDGE, "c3-d4")]
    assert principles(["g3-h4"], 1, PRINCIPLE_COST, "c3-d4")[0][:3] == (
        1, Kind.BROKEN, Principle.EDGE)
    # the engine's own best move: no comment on a move the search calls fine
    assert principles(["g3-h4"], 1, 0) == []
    # as good as the engine's best, or nearly: nothing either
    assert principles(["g3-h4"], 1, 0, "c3-d4") == []
    assert principles(["g3-h4"], 1, PRINCIPLE_COST - 1, "c3-d4") == []
    # the best move goes to the edge too: this one broke nothing the best one keeps
    assert principles(["c3-b4", "h6-g5", "b4-a5"], 3, 60, "g3-h4") == []
    assert principles(["c3-b4", "h6-g5", "b4-a5"], 3, 60, "g3-f4")[0][:3] == (
        3, Kind.BROKEN, Principle.EDGE)
    # a move that breaks none: a cost is not the principles' to explain
    assert principles(["c3-b4"], 1, 60, "c3-d4") == []
    assert broken_principles(find_variant("russian").new(),
                             find_variant("russian").new().parse_move("g3-h4")) == (
        Principle.EDGE,)


def test_the_review_says_nothing_in_a_game_decided_around_the_move() -> None:
    # the move cost a man and a half, but the mover was three men down before it
    start, moves, verdicts = scripted(["g3-h4"], 1, 150, "c3-d4")
    assert [c.kind for c in Coach().review(start, moves, verdicts)] == [Kind.BROKEN]
    lost = [Verdict(-DECIDED, v.best, v.pv, v.depth) if i == 0 and v is not None else
            Verdict(-DECIDED - 150, v.best, v.pv, v.depth) if v is not None else None
            for i, v in enumerate(verdicts)]
    assert Coach().review(start, moves, lost) == []
    won = [Verdict(DECIDED + 150, v.best, v.pv, v.depth) if i == 0 and v is not None else
           Verdict(DECIDED, v.best, v.pv, v.depth) if v is not None else None
           for i, v in enumerate(verdicts)]
    assert Coach().review(start, moves, won) == []


def test_a_king_row_square_opened_and_the_left_flank_left_behind() -> None:
    opened = ["c3-b4", "h6-g5", "b2-c3", "g7-h6", "a1-b2"]
    assert principles(opened, 5, 50, "c3-d4")[0][:3] == (5, Kind.BROKEN, Principle.KING_ROW)
    behind = ["g3-h4", "b6-a5", "f2-g3", "a7-b6", "g3-f4"]
    assert principles(behind, 5, 50, "c3-d4")[0][:3] == (5, Kind.BROKEN, Principle.LEFT_FLANK)
    developed = ["a3-b4", "h6-g5", "g3-h4", "g7-h6", "f2-g3"]
    assert principles(developed, 5, 50, "c3-d4") == []  # its left flank has moved


def test_principles_are_for_the_opening_only() -> None:
    game = find_variant("russian").new()
    assert opening_moves(game) == 10
    assert opening_moves(find_variant("international").new()) == 12


def test_a_position_set_up_by_hand_has_no_opening() -> None:
    game = find_variant("russian").from_fen("W:Wa1,c1,e1,g3:Bb8,d8,h8")
    move = game.parse_move("g3-h4")
    better = game.parse_move("c1-d2")
    verdicts = [Verdict(0, better, (better,), 3), Verdict(-60, None, (), 3)]
    assert Coach().review(game, (move,), verdicts) == []
    assert Coach().advice(game, move, (move,), 0) is None
