"""Why a click does nothing: the rules say which rule refused the piece or the square."""
from __future__ import annotations

import pytest

from game.rules import VARIANTS, Color, Game, Refusal, find_variant
from game.rules.apokachi import ONE_STEP, TAKEN, Apokachi
from game.rules.draughts import FORWARD
from game.rules.international import International
from game.rules.russian import Russian


def sq(game: Game, name: str) -> int:
    return game.geometry.squares[game.geometry.names.index(name)]


def why(game: Game, start: str, *route: str) -> Refusal:
    return game.why_not(sq(game, start), [sq(game, name) for name in route])


# --- picking a piece ----------------------------------------------------------------------

def test_an_empty_square_holds_no_piece() -> None:
    assert why(International.new(), "28") is Refusal.NO_PIECE


def test_the_other_sides_piece_is_not_yours() -> None:
    assert why(International.new(), "19") is Refusal.NOT_YOURS
    assert why(Apokachi.new(size=5), "a5") is Refusal.NOT_YOURS


def test_nothing_moves_once_the_game_is_over() -> None:
    game = Russian.new()
    game.resign(Color.WHITE)
    assert why(game, "c3") is Refusal.GAME_OVER
    assert why(game, "c3", "d4") is Refusal.GAME_OVER


def test_a_blocked_man_is_stuck() -> None:
    assert why(International.new(), "46") is Refusal.STUCK
    assert why(Russian.new(), "a1") is Refusal.STUCK


def test_a_piece_without_the_capture_that_another_must_make() -> None:
    # 28 must take 23; 31 has a free step but may not make it
    game = International.from_fen("W:W28,31:B23")
    assert why(game, "31") is Refusal.CAPTURE


def test_the_majority_rule_refuses_the_piece_that_takes_fewer() -> None:
    # 39 can take one piece, 33 takes two: only 33 may move
    game = International.from_fen("W:W33,39:B28,17,29,34,5")
    assert why(game, "39") is Refusal.MOST


def test_a_piece_that_can_move_is_not_refused() -> None:
    assert why(International.new(), "32") is Refusal.CANNOT_GO


# --- a square for the picked piece -------------------------------------------------------

def test_a_route_the_majority_rule_refuses() -> None:
    game = International.from_fen("W:W33,39:B28,17,29,34,5")
    assert why(game, "33", "24") is Refusal.MOST  # takes only 29: 28 and 17 are more


def test_a_quiet_step_while_a_capture_is_compulsory() -> None:
    game = Russian.from_fen("W:Wc3,g3:Bd4")
    assert why(game, "g3", "h4") is Refusal.CAPTURE  # another piece must capture
    assert why(game, "c3", "b4") is Refusal.CAPTURE  # this one must capture


def test_mid_capture_a_square_off_every_route_that_goes_on() -> None:
    game = International.from_fen("W:W33:B28,17")
    assert why(game, "33", "22", "18") is Refusal.CONTINUE


def test_a_man_steps_forward_only() -> None:
    game = International.from_fen("W:W28:B5")
    assert why(game, "28", "32") is FORWARD
    assert why(game, "28", "33") is FORWARD
    black = Russian.from_fen("B:Wa1:Bd6")
    assert why(black, "d6", "c7") is FORWARD


@pytest.mark.parametrize("fen, start, target", [
    ("W:W28:B5", "28", "17"),  # two rows away
    ("W:WK28:B5", "28", "27"),  # a king, but not on a diagonal
    ("W:W28,32:B5", "28", "32"),  # backwards onto a piece
])
def test_anything_else_cannot_go(fen: str, start: str, target: str) -> None:
    assert why(International.from_fen(fen), start, target) is Refusal.CANNOT_GO


def test_apokachi_a_taken_point() -> None:
    game = Apokachi.new(size=5)
    assert why(game, "a1", "b1") is TAKEN


def test_apokachi_one_step_along_a_line() -> None:
    game = Apokachi.new(size=5)
    assert why(game, "a1", "a3") is ONE_STEP
    assert why(game, "a1", "b2") is ONE_STEP  # no diagonal steps


def test_apokachi_a_free_step_is_not_refused() -> None:
    assert why(Apokachi.new(size=5), "a1", "a2") is Refusal.CANNOT_GO


def test_every_refusal_has_a_stable_value() -> None:
    for name in VARIANTS:
        find_variant(name)  # each game registers its own refusals
    assert {r.value for r in Refusal.known()} >= {
        "no_piece", "not_yours", "game_over", "stuck", "most", "capture", "continue",
        "forward", "king_one_square", "taken", "one_step", "cannot_go",
        "occupied", "no_route", "back_home"}
    assert all(Refusal(r.value) is r for r in Refusal.known())
