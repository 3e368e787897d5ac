"""Frisian draughts: the moves equal an independent reference written from the rules text
(tests/rules/frisian_reference.py), the published perft, the capture rules, the king rule,
the draw rules, PDN and random games."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Color, find_variant
from game.rules.frisian import (
    KING_RESTS,
    KING_VS_KING_2_MOVES,
    TWO_KINGS_VS_KING,
    Frisian,
)
from game.rules.pdn import read_pdn, write_pdn
from tests.rules.frisian_positions import compared_positions, game_moves, reference_board
from tests.rules.frisian_reference import legal_moves


def test_legal_moves_equal_the_reference_on_random_positions() -> None:
    # benchmarks/frisian_reference.py runs 10 000 and more
    for where, ours, reference in compared_positions(seed=36, count=400):
        assert ours == reference, where


def test_published_perft_from_the_start() -> None:
    # Rein Halbersma (damforum.nl, "Perft for all recognized draughts variants", 2010):
    # 9 and 81; deeper figures were not found published, so the reference counts them
    game = Frisian.new()
    assert isinstance(game, Frisian)
    assert [game.perft(d) for d in (1, 2)] == [9, 81]
    assert game.perft(3) == _reference_perft(game, 3) == 658


def _reference_perft(game: Frisian, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        game.push(move)
        total += _reference_perft(game, depth - 1) if depth > 1 else 1
        game.pop()
    assert len(legal_moves(reference_board(game), game.turn.value)) == len(game.legal_moves())
    return total


def test_a_man_captures_along_a_column_and_a_row() -> None:
    game = Frisian.from_fen("W:W37,45:B27,18,8")
    (move,) = game.legal_moves()
    assert game.move_text(move) == "37x19" and move.captured == (27, 18)


def test_two_men_outweigh_a_king_and_a_king_outweighs_a_man() -> None:
    game = Frisian.from_fen("W:W37,40:B27,18,K30,3")
    assert [game.move_text(m) for m in game.legal_moves()] == ["37x19"]
    assert [game.move_text(m) for m in game.outranked_captures()] == ["40x20"]
    frisian = find_variant("frisian")
    assert issubclass(frisian, Frisian)
    assert frisian.king_value == 199 and Frisian.man_value == 100


def test_of_captures_of_equal_value_the_kings_must_be_played() -> None:
    game = Frisian.from_fen("W:W37,K50:B27,39,3")
    assert {m.start for m in game.legal_moves()} == {50}
    assert {game.move_text(m) for m in game.outranked_captures()} == {"37x17"}


def test_a_king_rests_after_three_quiet_moves_in_a_row_while_its_side_has_men() -> None:
    game = Frisian.from_fen("W:WK46,50:B1,2")
    assert isinstance(game, Frisian)
    for white, black in (("46-41", "1-7"), ("41-46", "7-12"), ("46-41", "2-8")):
        game.play(game.parse_move(white))
        game.play(game.parse_move(black))
    assert game.resting_king() == 41
    assert {game.move_text(m) for m in game.legal_moves()} == {"50-44", "50-45"}
    assert game.why_not(41) is KING_RESTS
    game.play(game.parse_move("50-44"))
    game.play(game.parse_move("8-13"))
    assert game.resting_king() is None and any(m.start == 41 for m in game.legal_moves())


def test_a_side_with_kings_only_moves_them_freely() -> None:
    game = Frisian.from_fen("W:WK46:B1,2,K50")
    assert isinstance(game, Frisian)
    for white, black in (("46-41", "1-7"), ("41-46", "7-12"), ("46-41", "2-8")):
        game.play(game.parse_move(white))
        game.play(game.parse_move(black))
    assert game.resting_king() is None and any(m.start == 41 for m in game.legal_moves())


def test_two_kings_against_one_count_seven_moves_each() -> None:
    game = Frisian.from_fen("W:WK46,K50:BK5")
    assert game.endgame_plies(*game.bitboards()) == 14
    (counter,) = game.draw_counters()
    assert counter.termination is TWO_KINGS_VS_KING and counter.limit == 7
    game.play(game.parse_move("50-45"))
    game.play(game.parse_move("5-10"))
    (counter,) = game.draw_counters()
    assert counter.count == 1
    # with a man on the board the rule does not hold
    assert Frisian.from_fen("W:WK46,K50,35:BK5").draw_counters() == []


def test_a_king_against_a_king_draws_after_two_moves_each() -> None:
    game = Frisian.from_fen("W:WK46:BK1")
    assert isinstance(game, Frisian)
    assert _play_on(game, 4), "four quiet plies exist"
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is KING_VS_KING_2_MOVES
    assert outcome.winner is None and outcome.limit == 2


def _play_on(game: Frisian, plies: int) -> bool:
    """Play ``plies`` moves after which the game has not ended before the last (a depth-first
    look for such a line); False if there is none."""
    if plies == 0:
        return True
    if game.outcome() is not None:
        return False
    for move in game.legal_moves():
        game.push(move)
        if _play_on(game, plies - 1):
            return True
        game.pop()
    return False


def test_pdn_game_type_40_reads_and_writes() -> None:
    game = Frisian.new()
    rng = random.Random(40)
    for _ in range(30):
        if game.outcome() is not None:
            break
        game.push(rng.choice(game.legal_moves()))
    text = write_pdn(game)
    assert '[GameType "40"]' in text
    (back,) = read_pdn(text)
    assert back.variant == "frisian" and back.game().fen() == game.fen()
    (named,) = read_pdn('[Variant "Frisian"]\n1. 31-26 20-25 *')
    assert named.variant == "frisian"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    game = Frisian.new()
    assert isinstance(game, Frisian)
    while game.outcome() is None and len(game.move_stack) < 250:
        moves = game.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        assert game_moves(game) == legal_moves(reference_board(game), game.turn.value,
                                               _resting(game))
        move = rng.choice(moves)
        before = game.fen()
        game.push(move)
        game.pop()
        assert game.fen() == before
        game.push(move)
    again = Frisian.new()
    for move in game.move_stack:
        again.play(move)
    assert again.fen() == game.fen() and again.outcome() == game.outcome()


def _resting(game: Frisian) -> tuple[int, int] | None:
    square = game.resting_king()
    return None if square is None else game.geometry.coord(square)


def test_the_game_is_registered_with_its_facts() -> None:
    cls = find_variant("frisian")
    assert cls is Frisian and cls.game_type == 40 and cls.size == 10
    assert cls.first_color is Color.WHITE
