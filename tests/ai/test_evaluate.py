"""Each evaluation term alone, on positions built for it (White's point of view).

The terms are those of the hand-made evaluation; the learned one weighs the same terms (and
adds patterns), see tests/ai/test_engine_data.py."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from game.ai.apokachi import ApokachiBoard, ApokachiEval, ApokachiWeights
from game.ai.draughts import DraughtsBoard, InternationalBoard
from game.ai.eval_draughts import DraughtsEval
from game.rules import find_variant
from game.ai.options import ENGINE, set_engine
from game.rules.draughts import DraughtsGame
from tests.ai.helpers import mirrored


@pytest.fixture(autouse=True)
def _hand_made() -> Iterator[None]:
    saved = (ENGINE.eval, ENGINE.tables, ENGINE.book)
    set_engine(eval="classic")
    yield
    set_engine(*saved)


def _ev(variant: str, fen: str) -> tuple[DraughtsEval, tuple[int, int, int, int]]:
    game = find_variant(variant).from_fen(fen)
    assert isinstance(game, DraughtsGame)
    return DraughtsBoard(game).ev, game.bitboards()


def test_material_counts_a_king_as_three_men_on_10x10_and_two_and_a_half_on_8x8() -> None:
    ev, b = _ev("international", "W:WK46:B1,2,3")
    assert ev.material(*b) == 0
    ev, b = _ev("russian", "W:WKa1,Kc1:Bb8,d8,f8,h8,a7")
    assert ev.material(*b) == 0


def test_tempo_grows_as_the_men_advance() -> None:
    ev, (wm, _, bm, _) = _ev("international", "W:W46:B5")
    ev2, (wm2, _, bm2, _) = _ev("international", "W:W28:B5")
    assert ev.tempo(wm2, bm2) > ev.tempo(wm, bm)


def test_a_man_in_the_centre_counts_and_one_on_the_edge_does_not() -> None:
    ev, (wm, _, bm, _) = _ev("international", "W:W28:B5")
    assert ev.centre(wm, bm) == 1
    ev, (wm, _, bm, _) = _ev("international", "W:W36:B5")
    assert ev.centre(wm, bm) == 0


def test_an_outpost_needs_two_men_behind_it() -> None:
    ev, (wm, _, bm, _) = _ev("international", "W:W24,29,30:B5")
    assert ev.outposts(wm, bm) == 1
    ev, (wm, _, bm, _) = _ev("international", "W:W24,29:B5")
    assert ev.outposts(wm, bm) == 0


def test_the_back_rank_guard_counts_while_the_opponent_has_no_king() -> None:
    ev, b = _ev("international", "W:W47,49:B5,20")
    assert ev.back_rank(*b) == 2 - 1
    ev, b = _ev("international", "W:W47,49:B5,K20")
    assert ev.back_rank(*b) == -1  # Black's guard on 5 still counts


def test_a_lopsided_side_loses_balance() -> None:
    ev, (wm, _, bm, _) = _ev("international", "W:W36,37,41,46:B4,5,14,15")
    ev2, (wm2, _, bm2, _) = _ev("international", "W:W36,37,44,50:B4,5,14,15")
    assert ev.balance(wm, bm) < ev2.balance(wm2, bm2)


def test_a_free_man_near_the_crown_is_a_runaway_and_a_blocked_one_is_not() -> None:
    ev, b = _ev("international", "W:W13:B45")
    near = ev.runaways(*b)  # White two rows from the crown, Black one row from it
    ev, b = _ev("international", "W:W33:B45")
    assert ev.runaways(*b) < near  # the nearer man is worth more
    ev, b = _ev("international", "W:W13:B8,45")
    assert ev.runaways(*b) < near  # a man in front of 13 takes its free road away
    ev, b = _ev("international", "W:W13:BK45")
    assert ev.runaways(*b) == 0  # a king can catch it: no runaway


def test_king_mobility_and_the_main_road() -> None:
    ev, b = _ev("international", "W:WK28:B1")
    open_king = ev.king_mobility(*b)
    ev, b = _ev("international", "W:WK46,41:B1")
    assert ev.king_mobility(*b) < open_king
    ev, b = _ev("international", "W:WK28:BK1")
    assert ev.main_road(*b) == 1
    ev, b = _ev("international", "W:WK27:BK1")
    assert ev.main_road(*b) == 0


def test_mobility_counts_the_steps_a_side_s_men_can_take() -> None:
    # White: 33 can step to 28 and 29, 46 only to 41 on the edge; Black: 5 only to 10, 8 to
    # 12 and 13
    ev, (wm, wk, bm, bk) = _ev("international", "W:W33,46:B5,8")
    empty = ev.t.board & ~(wm | wk | bm | bk)
    assert ev.mobility(wm, bm, empty) == 3 - 3
    # a Black man on 28 takes a step from 33 and can itself step only to 32 (33 is taken)
    ev, (wm, wk, bm, bk) = _ev("international", "W:W33,46:B5,8,28")
    empty = ev.t.board & ~(wm | wk | bm | bk)
    assert ev.mobility(wm, bm, empty) == 2 - 4
    # the game's weights leave it out (it did not win matches, see benchmarks/ab_engine.py)
    assert ev.w.mobility == 0
    weighed = DraughtsEval(ev.t, dataclasses.replace(ev.w, mobility=2))
    assert weighed.evaluate(wm, wk, bm, bk) - ev.evaluate(wm, wk, bm, bk) == 2 * (2 - 4)


def test_apokachi_pairs_lone_pieces_and_mobility() -> None:
    ev = ApokachiEval(6, ApokachiWeights())
    a1, b1, a2, c1 = 1 << 0, 1 << 1, 1 << 6, 1 << 2
    assert ev.pairs(a1 | b1) == 1 and ev.pairs(a1 | b1 | a2) == 2 and ev.pairs(a1 | c1) == 0
    assert ev.exposed(c1, b1) == 1  # a lone piece with an enemy beside it
    assert ev.exposed(c1 | (1 << 3), b1) == 0  # it has a friend
    empty = ev.full & ~a1
    assert ev.mobility(a1, empty) == 2 and ev.mobility(1 << 14, ev.full & ~(1 << 14)) == 4


def test_apokachi_scores_the_end_by_the_count_alone() -> None:
    ev = ApokachiEval(6, ApokachiWeights())
    white = 0b11  # a1 b1 side by side
    black = (1 << 35) | (1 << 21)
    assert ev.evaluate(white, black) != 0  # position counts until the end...
    game = find_variant("apokachi").from_fen("W:6:Wa1,b1:Bf6,d4", move_limit=10)
    board = ApokachiBoard(game)
    assert board.end_ply == 20
    assert board.rule_end(0) is None
    board.plies = board.end_ply or 0
    assert board.rule_end(0) == 0  # ...and at the limit equal counts are a draw, whatever


def test_apokachi_pieces_that_come_forward_score() -> None:
    ev = ApokachiEval(6, ApokachiWeights())
    black = 1 << 35
    assert ev.advance(1 << 12, black) > ev.advance(1 << 0, black)
    assert ev.advance(1 << 0, 1 << 35) == 0  # both still on their home rows


def test_apokachi_threats_the_evaluation_sees_are_captures_a_move_can_make() -> None:
    import random
    from game.rules.apokachi_notation import point_name
    n = 9
    rng = random.Random(11)
    same = 0
    for _ in range(400):
        points = rng.sample(range(n * n), rng.randint(4, 14))
        half = len(points) // 2
        white = sum(1 << p for p in points[:half])
        black = sum(1 << p for p in points[half:])
        names = [point_name(p, n) for p in points]
        board = ApokachiBoard(find_variant("apokachi").from_fen(
            f"W:{n}:W{','.join(names[:half])}:B{','.join(names[half:])}"))
        ev = board.ev
        assert board.masks == [white, black]
        real = 0
        for move in board.moves():
            for p in board.public(move).captured:
                real |= 1 << p
        seen = ev.victims(white, black)
        assert seen & ~real == 0  # never a threat that is not there
        same += seen == real
    assert same > 380  # and almost every real one (runs longer than two are left out)


def test_apokachi_the_side_to_move_facing_a_double_threat_is_worse_off() -> None:
    # White to move; Black threatens both lone White pieces: c6-d6 (d7-d6 against d5) and
    # g6-f6 (f7-f6 against f5), and White can parry only one
    quiet = find_variant("apokachi").from_fen("W:9:Wa1,i1:Be9,i9")
    threatened = find_variant("apokachi").from_fen("W:9:Wd5,f5:Bd7,c6,f7,g6")
    calm = ApokachiBoard(quiet)
    board = ApokachiBoard(threatened)
    assert board.ev.victims(board.masks[1], board.masks[0]).bit_count() == 2
    assert calm.ev.victims(calm.masks[1], calm.masks[0]) == 0
    plain = board.ev.evaluate(*board.masks)
    assert board.evaluate() <= plain - board.w.threat - board.w.double_threat


def test_apokachi_pieces_guarded_on_both_lines_are_immune_and_count_only_in_contact() -> None:
    ev = ApokachiEval(6, ApokachiWeights())
    block = 1 << 0 | 1 << 1 | 1 << 6 | 1 << 7  # a1 b1 a2 b2
    assert ev.immune(block, 1 << 8) == 3  # c2 beside them (a1 is three steps away)
    assert ev.immune(block, 1 << 35) == 0  # the enemy far away: a block at home


@pytest.mark.parametrize("classic", [False, True])
def test_apokachi_the_search_scores_by_the_terms_one_at_a_time(classic: bool) -> None:
    # the board's score works the terms out together (each side's steps computed once): it
    # is the evaluation term by term, turned to the side to move, less the threats it faces
    import random
    from game.ai.apokachi import CLASSIC_WEIGHTS
    rng = random.Random(5)
    for n in (5, 6, 7, 9, 13):
        weights = CLASSIC_WEIGHTS if classic else ApokachiWeights()
        ev = ApokachiEval(n, weights)
        for _ in range(60):
            points = rng.sample(range(n * n), rng.randint(2, n * n // 2))
            half = rng.randint(1, len(points) - 1)
            white = sum(1 << p for p in points[:half])
            black = sum(1 << p for p in points[half:])
            for white_to_move in (True, False):
                mover, other = (white, black) if white_to_move else (black, white)
                expected = ev.evaluate(white, black) * (1 if white_to_move else -1)
                threatened = ev.victims(other, mover).bit_count()
                if weights.threat and threatened:
                    expected -= weights.threat + weights.double_threat * (threatened - 1)
                assert ev.side_score(white, black, white_to_move) == expected


@pytest.mark.parametrize(("fen", "part"), [
    ("W:WK1,K2,20:BK50,45,44", 8),  # three pieces against a king: an eighth
    ("W:WK1,30,31,32,33,34:BK50,16,17,18,19", 2),  # a king each, five men to four: half
    ("W:WK1,30,31,32,33,34,35:BK50,16,17,18,19", 1),  # two men more: all of it
    ("W:WK1,K2,20,30:B16,17,18,19", 1),  # no king to hold the draw: all of it
])
def test_international_scales_a_lead_a_king_makes_hard_to_win(fen: str, part: int) -> None:
    game = find_variant("international").from_fen(fen)
    assert isinstance(game, DraughtsGame)
    board = InternationalBoard(game)
    lead = board.ev.evaluate(*game.bitboards())
    assert lead > 0
    assert board.evaluate() == int(lead / part)
    # the same for Black: the board turned round, colours swapped, Black to move
    turned = mirrored(game)
    assert isinstance(turned, DraughtsGame)
    assert InternationalBoard(turned).evaluate() == board.evaluate()

