"""Entering moves exactly: every legal move can be written, read back and saved in a file.

A player (or a file) names a move by its start and the landing squares in order; a route
written out exactly must never be mistaken for a longer route through the same squares.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import (
    AmbiguousMoveError,
    Color,
    Game,
    IllegalMoveError,
    Move,
    Outcome,
    Termination,
    fitting_moves,
)
from game.rules.apokachi import Apokachi
from game.rules.draughts import DraughtsGame
from game.rules.international import International
from game.rules.pdn import read_pdn, write_pdn
from game.rules.russian import Russian
from tests.rules.test_draughts_properties import random_position

# the reported defect: a Russian king has a short and a long capture from b8 to c1, and the
# short route's landings are a part of the long one's
TWO_ROUTES_TO_C1 = "W:Wa1,g1,h2,d4,Kb8:BKe1,d2,g5,c7,e7,g7,d8"

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def square(game: Game, name: str) -> int:
    return game.geometry.squares[game.geometry.names.index(name)]


def test_the_short_king_capture_beside_a_longer_route_through_its_squares() -> None:
    game = Russian.from_fen(TWO_ROUTES_TO_C1)
    short, long = game.parse_move("b8:f4:c1"), game.parse_move("b8:d6:f8:h6:f4:c1")
    assert short != long and short.end == long.end == square(game, "c1")
    assert len(short.captured) == 2 and len(long.captured) == 5
    for move in (short, long):
        assert game.parse_move(game.move_text(move)) == move
    b8, f4, c1 = (square(game, n) for n in ("b8", "f4", "c1"))
    assert game.find_move(b8, c1, [f4]) == short
    with pytest.raises(AmbiguousMoveError) as caught:
        game.find_move(b8, c1)  # start and end only: either route
    assert set(caught.value.candidates) == {short, long}
    game.push(short)
    game.resign(Color.BLACK)
    (read,) = read_pdn(write_pdn(game))
    assert read.moves == (short,) and read.result == "2-0"


def test_fitting_moves_prefers_the_route_written_exactly() -> None:
    game = Russian.from_fen(TWO_ROUTES_TO_C1)
    moves = game.legal_moves()
    b8, d6, f4, c1 = (square(game, n) for n in ("b8", "d6", "f4", "c1"))
    short = game.parse_move("b8:f4:c1")
    long = game.parse_move("b8:d6:f8:h6:f4:c1")
    assert fitting_moves(moves, b8, [f4, c1]) == [short]
    assert fitting_moves(moves, b8, [f4, c1], exact=True) == [short]
    assert fitting_moves(moves, b8, [d6, c1]) == [long]
    assert fitting_moves(moves, b8, [d6, c1], exact=True) == []
    # a landing part-way: every route through it, exact or not
    assert short in fitting_moves(moves, b8, [f4]) and long in fitting_moves(moves, b8, [f4])
    assert set(fitting_moves(moves, b8, [c1])) == {short, long}
    assert fitting_moves(moves, b8, []) == [m for m in moves if m.start == b8]
    assert fitting_moves(moves, c1, []) == []
    assert fitting_moves(iter(moves), b8, (f4, c1)) == [short]  # any iterable, any sequence


def test_fitting_moves_keeps_the_order_of_the_landings() -> None:
    moves = [Move(1, (10, 20, 30), (5, 15, 25)), Move(1, (20, 10, 30), (6, 16, 26)),
             Move(2, (10, 20, 30), (5, 15, 25))]
    assert fitting_moves(moves, 1, [10, 30]) == moves[:2]
    assert fitting_moves(moves, 1, [20, 10]) == [moves[1]]
    assert fitting_moves(moves, 1, [30, 10]) == []


def test_find_move_refuses_what_is_not_there() -> None:
    game = International.new()
    with pytest.raises(IllegalMoveError):
        game.find_move(32, 23)
    assert game.find_move(32, 28) == Move(32, (28,))


# --- every legal move, written and read back ---------------------------------------------

def _round_trips(game: Game) -> None:
    for move in game.legal_moves():
        text = game.move_text(move)
        assert game.parse_move(text) == move, (game.fen(), text)


def _random_draughts_game(cls: type[DraughtsGame], rnd: random.Random, plies: int
                          ) -> DraughtsGame:
    game = cls.new() if rnd.random() < 0.5 else random_position(cls, rnd)
    for _ in range(plies):
        _round_trips(game)
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rnd.choice(moves))
    _round_trips(game)
    return game


@pytest.mark.parametrize("cls", [International, Russian], ids=lambda c: c.name)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 120))
def test_every_legal_move_reads_back_from_its_text(cls: type[DraughtsGame], seed: int,
                                                  plies: int) -> None:
    _random_draughts_game(cls, random.Random(seed), plies)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), size=st.sampled_from([5, 6, 9, 13]),
       plies=st.integers(0, 80))
def test_every_apokachi_move_reads_back_from_its_text(seed: int, size: int, plies: int) -> None:
    rnd = random.Random(seed)
    game = Apokachi.new(size=size, move_limit=None, time_limit=None)
    for _ in range(plies):
        _round_trips(game)
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rnd.choice(moves))
    _round_trips(game)


# --- whole games through a PDN file ------------------------------------------------------

def _same_after_a_round_trip(game: DraughtsGame) -> None:
    (read,) = read_pdn(write_pdn(game))
    assert read.variant == game.name
    assert read.moves == tuple(game.move_stack)
    outcome = game.outcome()
    assert read.result == (outcome.result() if outcome is not None else "*")
    again = read.game()
    assert again.fen() == game.fen()
    assert again.starting_fen() == game.starting_fen()
    assert again.options == game.options
    assert again.outcome() == outcome


@pytest.mark.parametrize("cls", [International, Russian], ids=lambda c: c.name)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 300),
       end=st.sampled_from(["play", "white resigns", "black resigns", "draw"]),
       limit=st.sampled_from([None, 30, 3]), tournament=st.booleans())
def test_a_game_reads_back_from_its_file_with_its_result(
        cls: type[DraughtsGame], seed: int, plies: int, end: str, limit: int | None,
        tournament: bool) -> None:
    rnd = random.Random(seed)
    options = {"tournament_draws": tournament} | (
        {"move_limit": limit} if cls is International else {})
    game = cls.new(**options)
    if rnd.random() < 0.3:
        start = random_position(cls, rnd)
        game = cls.from_fen(start.fen(), **options)
    while game.outcome() is None and len(game.move_stack) < plies:
        game.push(rnd.choice(game.legal_moves()))
    if game.outcome() is None and end != "play":
        if end == "draw":
            game.agree_draw()
        else:
            game.resign(Color.WHITE if end.startswith("white") else Color.BLACK)
    _same_after_a_round_trip(game)


@pytest.mark.parametrize("end, termination, result", [
    ("resign", Termination.RESIGNATION, "0-2"), ("draw", Termination.AGREEMENT, "1-1")])
def test_a_declared_end_after_the_moves_comes_back(end: str, termination: Termination,
                                                  result: str) -> None:
    game = International.new(draw_offer_after=40)
    game.push(game.parse_move("32-28"))
    if end == "resign":
        game.resign(Color.WHITE)
    else:
        assert not game.can_offer_draw()  # too early to offer, but the players agreed
        game.record_end(Outcome(Termination.AGREEMENT, None))
    text = write_pdn(game)
    assert text.rstrip().endswith(f"1. 32-28 {result}")
    (read,) = read_pdn(text)
    outcome = read.game().outcome()
    assert read.result == result and outcome is not None
    assert outcome.termination is termination


def test_a_result_only_after_the_moves_is_the_games_result() -> None:
    (read,) = read_pdn("1. 32-28 19-23 0-2\n")
    assert read.result == "0-2"
    outcome = read.game().outcome()
    assert outcome is not None and outcome.winner is Color.BLACK
    assert outcome.termination is Termination.RESIGNATION


def test_an_ongoing_game_stays_ongoing() -> None:
    (read,) = read_pdn("1. 32-28 19-23 *\n")
    assert read.result == "*" and read.game().outcome() is None


def test_a_move_limit_end_comes_back_as_the_move_limit() -> None:
    game = International.new(move_limit=1)
    game.push(game.parse_move("32-28"))
    game.push(game.parse_move("19-23"))
    assert game.outcome() is not None
    text = write_pdn(game)
    assert '[MoveLimit "1"]' in text
    (read,) = read_pdn(text)
    assert read.options == {"move_limit": 1}
    again = read.game().outcome()
    assert again is not None and again.termination is Termination.MOVE_LIMIT
