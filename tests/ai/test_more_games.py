"""The computer in English, Brazilian and the giveaway games."""
from __future__ import annotations

import random

import pytest

from game.ai import Limit, choose_move, make_board, search
from game.ai.draughts_more import GiveawayBoard, GiveawayEval
from game.ai.search import WON
from game.rules import find_variant
from game.rules.draughts import DraughtsGame
from tests.ai.helpers import wins_within

NEW = ("english", "brazilian", "russian_giveaway", "international_giveaway")


@pytest.mark.parametrize("variant", NEW)
def test_the_engine_plays_a_legal_move_in_each_game(variant: str) -> None:
    game = find_variant(variant).new()
    rnd = random.Random(3)
    for _ in range(12):  # into the middle game, with some captures on the way
        game.push(rnd.choice(game.legal_moves()))
    result = search(game, Limit(depth=4))
    assert result.move in game.legal_moves()
    for level in (1, 4):
        assert choose_move(game, level, random.Random(level)) in game.legal_moves()


def _eval(variant: str, fen: str) -> tuple[GiveawayEval, tuple[int, int, int, int]]:
    game = find_variant(variant).from_fen(fen)
    assert isinstance(game, DraughtsGame)
    board, _ = make_board(game)
    assert isinstance(board, GiveawayBoard)
    return board.gev, game.bitboards()


def test_giveaway_counts_own_pieces_as_a_debt_and_a_king_as_the_worst() -> None:
    ev, b = _eval("russian_giveaway", "W:Wc3:Bf6,h6")
    assert ev.material(*b) > 0, "White has fewer pieces: good for White"
    ev, king = _eval("russian_giveaway", "W:WKc3:Bf6")
    _, man = _eval("russian_giveaway", "W:Wc3:Bf6")
    assert ev.material(*king) < ev.material(*man) < 0 + 1


def test_giveaway_still_values_a_choice_of_moves() -> None:
    ev, boxed = _eval("russian_giveaway", "W:Wa1:Bf6")  # a1 has one way out
    _, free = _eval("russian_giveaway", "W:Wc3:Bf6")  # c3 has two
    assert ev.mobility(*free) > ev.mobility(*boxed)


def test_giveaway_engine_gives_its_last_man_away_where_the_ordinary_one_keeps_it() -> None:
    game = find_variant("russian_giveaway").from_fen("W:Wc3:Be5")
    result = search(game, Limit(depth=4))
    assert game.move_text(result.move) == "c3-d4" and result.score > WON
    assert wins_within(game, 3) == result.move
    ordinary = find_variant("russian").from_fen("W:Wc3:Be5")
    assert ordinary.move_text(search(ordinary, Limit(depth=4)).move) == "c3-b4"


def test_giveaway_a_blocked_side_to_move_is_scored_as_won() -> None:
    game = find_variant("russian_giveaway").from_fen("W:Wa1:Bb2,c3")
    board, _ = make_board(game)
    assert board.no_moves_score(0) > WON
    assert board.quiescence(0) == ([], board.no_moves_score(0))
    # and the side to move that hands its last piece over sees its win coming
    game = find_variant("international_giveaway").from_fen("W:W32:B1,23")
    assert game.move_text(search(game, Limit(depth=3)).move) == "32-28"


def test_english_weighs_a_short_king_at_one_and_a_half_men() -> None:
    game = find_variant("english").from_fen("W:WK29,K32:B1,2,3")
    assert isinstance(game, DraughtsGame)
    board, _ = make_board(game)
    ev = board.ev  # type: ignore[attr-defined]
    assert ev.material(*game.bitboards()) == 0
