"""Chapaev match rules, pure: shots, rounds, lines, options, played from scripted results."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.chapaev import (
    BoardView,
    BothCleared,
    ChapaevMatch,
    ChapaevOptions,
    ExtraShot,
    Lines,
    Next,
    ShotReport,
    line_columns,
)
from game.rules.core import Color, GameOverError, IllegalMoveError, RulesError

W = Color.WHITE
B = Color.BLACK


def all_of(match: ChapaevMatch, color: Color) -> tuple[tuple[Color, int], ...]:
    return tuple((color, i) for i in sorted(match.on_board(color)))


def win_round(match: ChapaevMatch, winner: Color) -> None:
    """The winner knocks off everything the loser has left, in one shot if it is its turn,
    else after the loser's harmless shot."""
    if match.turn is not winner:
        match.record_shot(ShotReport(match.turn, ()))
    verdict = match.record_shot(ShotReport(winner, all_of(match, winner.other)))
    assert verdict.next in (Next.ROUND_OVER, Next.MATCH_OVER)
    assert verdict.round_result is not None and verdict.round_result.winner is winner


def draw_round(match: ChapaevMatch) -> None:
    """The shooter clears both sides in one shot (own pieces first, the opponent's last)."""
    shooter = match.turn
    fell = all_of(match, shooter) + all_of(match, shooter.other)
    verdict = match.record_shot(ShotReport(shooter, fell, striker_stayed=False))
    assert verdict.round_result is not None and verdict.round_result.is_draw


# --- the start ---------------------------------------------------------------------------------
def test_a_new_match() -> None:
    match = ChapaevMatch()
    assert match.turn is W and match.round_number == 1
    assert match.lines == Lines(1, 8)
    assert not match.is_over and match.winner is None
    setup = match.setup()
    assert setup.first is W and setup.round_number == 1
    assert [p.square for p in setup.pieces_of(W)] == [f"{c}1" for c in "abcdefgh"]
    assert [p.square for p in setup.pieces_of(B)] == [f"{c}8" for c in "abcdefgh"]
    assert setup.squares()[(W, 4)] == (4, 1)
    assert match.on_board(W) == match.on_board(B) == frozenset(range(8))


# --- shots and the extra shot ------------------------------------------------------------------------
def test_knocking_off_an_opponent_with_the_striker_staying_earns_another_shot() -> None:
    match = ChapaevMatch()
    verdict = match.record_shot(ShotReport(W, ((B, 3),), True))
    assert verdict.next is Next.SHOOT_AGAIN and verdict.shooter is W
    assert match.turn is W and verdict.opponent_fell == 1
    assert match.on_board(B) == frozenset(range(8)) - {3}


def test_the_turn_passes_when_the_striker_falls_too() -> None:
    match = ChapaevMatch()
    verdict = match.record_shot(ShotReport(W, ((B, 3), (W, 4)), False))
    assert verdict.next is Next.TURN_PASSES and match.turn is B
    assert verdict.own_fell == 1 and verdict.opponent_fell == 1


@pytest.mark.parametrize("fell", [(), ((W, 2),), ((W, 1), (W, 2))])
def test_the_turn_passes_when_no_opponent_piece_falls(
        fell: tuple[tuple[Color, int], ...]) -> None:
    match = ChapaevMatch()
    verdict = match.record_shot(ShotReport(W, fell, True))
    assert verdict.next is Next.TURN_PASSES and match.turn is B
    assert match.on_board(W) == frozenset(range(8)) - {i for _, i in fell}


def test_knocking_off_own_pieces_with_an_opponent_still_earns_the_extra_shot() -> None:
    match = ChapaevMatch()  # classic: only the striker has to stay
    verdict = match.record_shot(ShotReport(W, ((W, 5), (B, 5)), True))
    assert verdict.next is Next.SHOOT_AGAIN


def test_all_own_stay_option() -> None:
    match = ChapaevMatch(ChapaevOptions(extra_shot=ExtraShot.ALL_OWN_STAY))
    assert match.record_shot(ShotReport(W, ((B, 0),), True)).next is Next.SHOOT_AGAIN
    assert match.record_shot(ShotReport(W, ((B, 1), (W, 5)), True)).next is Next.TURN_PASSES
    assert match.turn is B
    assert match.record_shot(ShotReport(B, ((W, 0),), False)).next is Next.TURN_PASSES


def test_strict_alternation_option() -> None:
    match = ChapaevMatch(ChapaevOptions(extra_shot=ExtraShot.NEVER))
    shooters = []
    for i in range(6):
        shooters.append(match.turn)
        match.record_shot(ShotReport(match.turn, ((match.turn.other, i),), True))
    assert shooters == [W, B, W, B, W, B]


def test_shot_report_from_a_table_result() -> None:
    report = ShotReport.of_shot((W, 4), [(B, 4), (W, 4)])
    assert report == ShotReport(W, ((B, 4), (W, 4)), False)
    assert ShotReport.of_shot((B, 1), [(W, 0)]).striker_stayed


# --- bad reports -----------------------------------------------------------------------------------
def test_reports_that_cannot_be_true_are_refused() -> None:
    match = ChapaevMatch()
    with pytest.raises(IllegalMoveError):
        match.record_shot(ShotReport(B, ()))  # not Black's shot
    with pytest.raises(IllegalMoveError):
        match.record_shot(ShotReport(W, ((B, 9),)))
    with pytest.raises(IllegalMoveError):
        match.record_shot(ShotReport(W, ((B, 1), (B, 1))))
    match.record_shot(ShotReport(W, ((B, 1),)))
    with pytest.raises(IllegalMoveError):
        match.record_shot(ShotReport(W, ((B, 1),)))  # already off the board
    with pytest.raises(IllegalMoveError):  # the striker cannot stay when every white fell
        match.record_shot(ShotReport(W, all_of(match, W), True))
    assert match.on_board(W) == frozenset(range(8))  # refused reports change nothing
    assert match.turn is W


# --- rounds ----------------------------------------------------------------------------------------
def test_clearing_the_opponent_wins_the_round_and_advances_the_line() -> None:
    match = ChapaevMatch()
    match.record_shot(ShotReport(W, tuple((B, i) for i in range(5))))
    verdict = match.record_shot(ShotReport(W, ((B, 5), (B, 6), (B, 7)), True))
    assert verdict.next is Next.ROUND_OVER and verdict.shooter is W
    result = verdict.round_result
    assert result is not None
    assert result.winner is W and result.round_number == 1 and result.shots == 2
    assert result.lines_before == Lines(1, 8) and result.lines_after == Lines(2, 8)
    assert match.round_number == 2 and match.lines == Lines(2, 8)
    assert match.turn is W and match.first_shooter is W
    assert match.on_board(B) == frozenset(range(8)) and match.shots_in_round == 0
    assert [p.square for p in match.setup().pieces_of(W)] == [f"{c}2" for c in "abcdefgh"]
    assert match.round_result == result


def test_losing_the_last_own_piece_loses_the_round_even_on_ones_own_shot() -> None:
    match = ChapaevMatch()
    match.record_shot(ShotReport(W, tuple((W, i) for i in range(7)), True))
    assert match.turn is B
    match.record_shot(ShotReport(B, ()))
    verdict = match.record_shot(ShotReport(W, ((W, 7), (B, 0)), False))
    assert verdict.next is Next.ROUND_OVER
    assert verdict.round_result is not None and verdict.round_result.winner is B
    assert match.lines == Lines(1, 7) and match.turn is B


def test_the_winner_of_a_round_shoots_first_in_the_next() -> None:
    match = ChapaevMatch()
    win_round(match, B)
    assert match.turn is B and match.first_shooter is B
    win_round(match, W)
    assert match.turn is W


def test_a_shot_clearing_both_sides_is_a_draw_and_nobody_moves() -> None:
    match = ChapaevMatch()
    win_round(match, W)  # lines 2-8, White first
    draw_round(match)
    result = match.round_result
    assert result is not None and result.is_draw and result.first is W
    assert match.lines == Lines(2, 8) and match.round_number == 3
    # after a draw the player who did not shoot first in the drawn round starts
    assert match.turn is B and match.first_shooter is B
    draw_round(match)
    assert match.turn is W and match.lines == Lines(2, 8)


def test_last_fallen_wins_option() -> None:
    match = ChapaevMatch(ChapaevOptions(both_cleared=BothCleared.LAST_FALLEN_WINS))
    # White clears both sides; a white piece falls last, so White wins
    fell = tuple((B, i) for i in range(8)) + tuple((W, i) for i in range(8))
    verdict = match.record_shot(ShotReport(W, fell, False))
    assert verdict.round_result is not None
    assert verdict.round_result.winner is W and verdict.round_result.by_last_fallen
    assert match.lines == Lines(2, 8)
    # the other order: a black piece is the last to fall, Black wins though White shot
    fell = tuple((W, i) for i in range(8)) + tuple((B, i) for i in range(8))
    verdict = match.record_shot(ShotReport(W, fell, False))
    assert verdict.round_result is not None and verdict.round_result.winner is B
    assert match.lines == Lines(2, 7) and match.turn is B


def test_six_rounds_bring_the_lines_face_to_face() -> None:
    match = ChapaevMatch()
    for _ in range(6):
        assert not match.lines.adjacent
        win_round(match, W)
    assert match.lines == Lines(7, 8) and match.lines.adjacent
    mixed = ChapaevMatch()
    for winner in (W, B, B, W, B, W):
        draw_round(mixed)  # draws do not count
        win_round(mixed, winner)
    assert mixed.lines == Lines(4, 5) and mixed.lines.adjacent
    assert mixed.round_number == 13


def test_face_to_face_the_winner_pushes_the_loser_back() -> None:
    match = ChapaevMatch()
    for winner in (W, B, W, B, W, B):
        win_round(match, winner)
    assert match.lines == Lines(4, 5)
    win_round(match, W)
    assert match.lines == Lines(5, 6)
    win_round(match, B)
    assert match.lines == Lines(4, 5)
    win_round(match, B)
    assert match.lines == Lines(3, 4)
    result = match.round_result
    assert result is not None and result.lines_before == Lines(4, 5)


def test_pushed_off_the_last_line_loses_the_game() -> None:
    match = ChapaevMatch()
    for _ in range(6):
        win_round(match, W)
    match.record_shot(ShotReport(W, ()))
    verdict = match.record_shot(ShotReport(B, all_of(match, W)))
    assert verdict.next is Next.ROUND_OVER and match.lines == Lines(6, 7)  # pushed back once
    win_round(match, W)
    assert match.lines == Lines(7, 8)
    verdict = match.record_shot(ShotReport(W, all_of(match, B)))
    assert verdict.next is Next.MATCH_OVER and verdict.shooter is None
    assert verdict.round_result is not None and verdict.round_result.match_winner is W
    assert match.is_over and match.winner is W and not match.resigned
    assert len(match.rounds) == 9
    with pytest.raises(GameOverError):
        match.record_shot(ShotReport(match.turn, ()))


def test_the_shortest_game_is_seven_rounds() -> None:
    match = ChapaevMatch()
    for _ in range(7):
        assert not match.is_over
        win_round(match, B)
    assert match.winner is B and len(match.rounds) == 7
    assert match.lines == Lines(1, 2)  # the winner's line when it pushed White off


def test_a_drawn_round_on_the_last_line_pushes_nobody_off() -> None:
    match = ChapaevMatch()
    for _ in range(6):
        win_round(match, W)
    draw_round(match)
    assert not match.is_over and match.lines == Lines(7, 8)


# --- prisoners -------------------------------------------------------------------------------------
def test_prisoners_mode_gives_up_a_piece_instead_of_the_game() -> None:
    match = ChapaevMatch(ChapaevOptions(prisoners=True))
    for _ in range(6):
        win_round(match, W)
    win_round(match, W)  # Black would be pushed off row 8
    assert not match.is_over
    result = match.round_result
    assert result is not None and result.prisoner_from is B and result.winner is W
    assert match.lines == Lines(7, 8)  # play goes on from the same lines
    assert match.piece_count(B) == 7 and match.piece_count(W) == 8
    setup = match.setup()
    assert [p.square for p in setup.pieces_of(B)] == [f"{c}8" for c in "bcdefgh"]
    assert len(setup.pieces_of(W)) == 8
    assert match.on_board(B) == frozenset(range(7))
    assert match.turn is W


def test_prisoners_mode_ends_when_the_last_piece_is_pushed_off() -> None:
    match = ChapaevMatch(ChapaevOptions(prisoners=True))
    for _ in range(6):
        win_round(match, W)
    for count in range(7, 0, -1):
        win_round(match, W)
        assert not match.is_over and match.piece_count(B) == count
    assert [p.square for p in match.setup().pieces_of(B)] == ["e8"]
    win_round(match, W)
    assert match.is_over and match.winner is W
    assert len(match.rounds) == 6 + 7 + 1


def test_prisoners_mode_a_weakened_side_can_still_come_back() -> None:
    match = ChapaevMatch(ChapaevOptions(prisoners=True))
    for _ in range(7):
        win_round(match, W)
    assert match.piece_count(B) == 7
    win_round(match, B)  # Black pushes White back with seven pieces
    assert match.lines == Lines(6, 7) and match.piece_count(B) == 7


def test_line_columns_for_short_lines() -> None:
    assert line_columns(W, 8) == line_columns(B, 8) == tuple(range(8))
    assert line_columns(W, 7) == tuple(range(0, 7))  # White's right end (h) stays empty
    assert line_columns(B, 7) == tuple(range(1, 8))  # Black's right end (a) stays empty
    assert line_columns(W, 6) == line_columns(B, 6) == tuple(range(1, 7))
    assert line_columns(W, 1) == (3,) and line_columns(B, 1) == (4,)
    with pytest.raises(RulesError):
        line_columns(W, 9)


# --- the rest of the interface ---------------------------------------------------------------------
def test_board_view_option() -> None:
    fixed = ChapaevMatch()
    fixed.record_shot(ShotReport(W, ()))
    assert fixed.view_color is W
    turning = ChapaevMatch(ChapaevOptions(board_view=BoardView.TURN_TO_SHOOTER))
    assert turning.view_color is W
    turning.record_shot(ShotReport(W, ()))
    assert turning.view_color is B


def test_resigning_ends_the_match() -> None:
    match = ChapaevMatch()
    match.resign(W)
    assert match.winner is B and match.resigned
    with pytest.raises(GameOverError):
        match.resign(B)


def test_a_copy_is_independent() -> None:
    match = ChapaevMatch()
    win_round(match, W)
    match.record_shot(ShotReport(W, ((B, 2),)))
    copy = match.copy()
    copy.record_shot(ShotReport(W, all_of(copy, B)))
    assert copy.lines == Lines(3, 8) and match.lines == Lines(2, 8)
    assert match.on_board(B) == frozenset(range(8)) - {2}
    assert len(match.rounds) == 1 and len(copy.rounds) == 2


def test_impossible_lines_are_refused() -> None:
    with pytest.raises(RulesError):
        Lines(5, 5)
    with pytest.raises(RulesError):
        Lines(0, 8)


# --- scripted matches ------------------------------------------------------------------------------
def test_a_scripted_match() -> None:
    """A match written out shot by shot, with what a player sees after each."""
    match = ChapaevMatch()
    script: list[tuple[Color, list[tuple[Color, int]], bool, Next, Color | None, Lines]] = [
        # round 1: White breaks, takes one, shoots again, misses
        (W, [(B, 4)], True, Next.SHOOT_AGAIN, W, Lines(1, 8)),
        (W, [], True, Next.TURN_PASSES, B, Lines(1, 8)),
        # Black knocks two but loses its striker
        (B, [(W, 0), (W, 1), (B, 6)], False, Next.TURN_PASSES, W, Lines(1, 8)),
        (W, [(B, 0), (B, 1), (B, 2), (B, 3)], True, Next.SHOOT_AGAIN, W, Lines(1, 8)),
        (W, [(B, 5), (B, 7)], True, Next.ROUND_OVER, W, Lines(2, 8)),
        # round 2: White first; Black takes the round
        (W, [(W, 3)], False, Next.TURN_PASSES, B, Lines(2, 8)),
        (B, [(W, 0), (W, 1), (W, 2), (W, 4), (W, 5), (W, 6), (W, 7)], True,
         Next.ROUND_OVER, B, Lines(2, 7)),
        # round 3: Black first; one shot clears everything: a draw
        (B, [(W, i) for i in range(8)] + [(B, i) for i in range(8)], False,
         Next.ROUND_OVER, W, Lines(2, 7)),
        # round 4: White (who did not shoot first in the draw) starts
        (W, [(B, i) for i in range(8)], True, Next.ROUND_OVER, W, Lines(3, 7)),
    ]
    for shooter, fell, stayed, next_, who, lines in script:
        verdict = match.record_shot(ShotReport(shooter, tuple(fell), stayed))
        assert (verdict.next, verdict.shooter, match.lines) == (next_, who, lines)
        assert match.turn is who
    assert [r.winner for r in match.rounds] == [W, B, None, W]
    assert [r.first for r in match.rounds] == [W, W, B, W]
    assert match.round_number == 5


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), prisoners=st.booleans(),
       extra=st.sampled_from(list(ExtraShot)), cleared=st.sampled_from(list(BothCleared)))
def test_random_matches_keep_the_rules_consistent(seed: int, prisoners: bool,
                                                  extra: ExtraShot,
                                                  cleared: BothCleared) -> None:
    rng = random.Random(seed)
    match = ChapaevMatch(ChapaevOptions(extra_shot=extra, both_cleared=cleared,
                                        prisoners=prisoners))
    for _ in range(2000):
        if match.is_over:
            break
        shooter = match.turn
        pieces = list(match.pieces_on_board())
        fell = rng.sample(pieces, rng.randint(0, min(4, len(pieces))))
        own = [p for p in match.pieces_on_board() if p[0] is shooter]
        striker = rng.choice(own)
        stayed = striker not in fell
        round_before, lines_before = match.round_number, match.lines
        verdict = match.record_shot(ShotReport(shooter, tuple(fell), stayed))
        lines = match.lines
        assert 1 <= lines.white < lines.black <= 8
        if verdict.next is Next.SHOOT_AGAIN:
            assert extra is not ExtraShot.NEVER and stayed and verdict.opponent_fell > 0
            assert match.turn is shooter
        elif verdict.next is Next.TURN_PASSES:
            assert match.turn is shooter.other and match.round_number == round_before
        else:
            result = verdict.round_result
            assert result is not None
            if result.winner is None:
                assert lines == lines_before
            elif result.prisoner_from is None and result.match_winner is None:
                # the winner's line moved one row toward the opponent
                assert result.lines_after.of(result.winner) - lines_before.of(
                    result.winner) == (1 if result.winner is W else -1)
            if verdict.next is Next.ROUND_OVER:
                assert match.round_number == round_before + 1
                for color in (W, B):
                    assert len(match.on_board(color)) == match.piece_count(color) >= 1
    if match.is_over:
        last = match.rounds[-1]
        assert last.match_winner is match.winner
        loser = last.match_winner.other  # type: ignore[union-attr]
        assert last.lines_before.of(loser) == (1 if loser is W else 8)
        assert not prisoners or match.piece_count(loser) == 1
