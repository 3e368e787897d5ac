"""Ugolki over random games of every house size: the invariants every game keeps, and the
rules' moves against the tests' own generator (tests/rules/ugolki_reference.py)."""
from __future__ import annotations

import io
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Color, Termination
from game.rules.__main__ import main
from game.rules.core import Game
from game.rules.ugolki import BOTH_FINISHED, FINISHED, HOME_RULE_MOVE, MOVE_LIMIT, STAYED_HOME, Ugolki
from tests.rules import ugolki_reference as reference


@st.composite
def games(draw: st.DrawFn) -> Ugolki:
    """A game of a random house size with up to 200 random plies (long enough to reach the
    40-move rule now and then); moves forward are preferred so that houses fill up."""
    game = Ugolki.new(house=draw(st.sampled_from([9, 12, 16])))
    forward = draw(st.booleans())
    for choice in draw(st.lists(st.integers(0, 10_000), max_size=200)):
        moves = game.legal_moves()
        if not moves:
            break
        if forward:
            # the moves that bring the piece nearer the other corner, when there are any
            sign = 1 if game.turn is Color.WHITE else -1
            ahead = [m for m in moves if sign * (sum(game.geometry.coord(m.end))
                                                 - sum(game.geometry.coord(m.start))) > 0]
            moves = ahead or moves
        game.push(moves[choice % len(moves)])
    return game


def coords(game: Ugolki, color: Color) -> frozenset[tuple[int, int]]:
    return frozenset(game.geometry.coord(s) for s, p in game.pieces() if p.color is color)


@settings(max_examples=80, deadline=None)
@given(games())
def test_random_games_keep_the_invariants(game: Ugolki) -> None:
    house = game.house
    # nothing is ever captured, no square holds two pieces
    assert sum(1 for _, p in game.pieces() if p.color is Color.WHITE) == house
    assert sum(1 for _, p in game.pieces() if p.color is Color.BLACK) == house
    # the move counts follow the plies
    plies = len(game.move_stack)
    assert game.moves_made(Color.WHITE) == (plies + 1) // 2
    assert game.moves_made(Color.BLACK) == plies // 2
    # the position reads back exactly, with its counts and house
    again = Ugolki.from_fen(game.fen())
    assert again.fen() == game.fen() and again.outcome() == game.outcome()
    assert again.perft_moves() == game.perft_moves()
    # the moves are the reference generator's, the house banned after the 40th move
    own, other = (coords(game, game.turn), coords(game, game.turn.other))
    banned: frozenset[tuple[int, int]] = frozenset()
    if game.moves_made(game.turn) >= HOME_RULE_MOVE:
        white_home, black_home = game.homes()
        mask = white_home if game.turn is Color.WHITE else black_home
        banned = frozenset(game.geometry.coord(s) for s in range(64) if mask >> s & 1)
    got = {(game.geometry.coord(m.start), game.geometry.coord(m.end)) for m in game.perft_moves()}
    assert got == reference.moves(own, other, banned)
    # every move text reads back to its move
    if game.outcome() is None:
        for move in game.perft_moves()[:30]:
            assert game.parse_move(game.move_text(move)) == move
    # an end, when there is one, is one the rules name, and the game is over for good
    outcome = game.outcome()
    if outcome is not None:
        assert outcome.termination in (FINISHED, BOTH_FINISHED,
                                       STAYED_HOME, Termination.MOVE_LIMIT,
                                       Termination.NO_MOVES)
        assert game.legal_moves() == []
    else:
        assert game.legal_moves() and game.moves_played() < MOVE_LIMIT


@settings(max_examples=60, deadline=None)
@given(games(), st.lists(st.integers(0, 10_000), min_size=1, max_size=10))
def test_push_and_pop_restore_everything(game: Ugolki, choices: list[int]) -> None:
    trail = []
    for choice in choices:
        moves = game.perft_moves()
        if not moves:
            break
        trail.append((game.fen(), game.outcome(), tuple(game.perft_moves())))
        game.push(moves[choice % len(moves)])
    while trail:
        game.pop()
        assert (game.fen(), game.outcome(), tuple(game.perft_moves())) == trail.pop()


def test_a_whole_random_game_ends_by_the_80th_move() -> None:
    import random
    for seed in range(6):
        rng = random.Random(seed)
        game = Ugolki.new(house=(9, 12, 16)[seed % 3])
        while game.outcome() is None:
            game.push(rng.choice(game.legal_moves()))
        assert len(game.move_stack) <= 2 * MOVE_LIMIT
        # random pieces wander: somebody leaves a piece at home after the 40th move
        assert game.outcome().termination in (  # type: ignore[union-attr]
            STAYED_HOME, Termination.MOVE_LIMIT, Termination.NO_MOVES)


def test_the_command_line_counts_ugolki(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("W:Wa1,a2,c4:Bb3,h8\n"))
    assert main(["perft", "--variant", "ugolki", "--depth", "3", "--house", "9"]) == 0
    assert "perft(3) = 2784" in capsys.readouterr().out
    assert main(["moves", "--variant", "ugolki"]) == 0
    out = capsys.readouterr().out
    assert "a1-a3-c3-c5 B:Wa2,c4,c5:Bb3,h8" in out
    assert main(["perft", "--variant", "ugolki", "--depth", "1", "--house", "10"]) == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([1, 39, 40, 41]), st.integers(1, 3))
def test_the_bulk_count_is_the_count_move_by_move(seed: int, move_number: int,
                                                  depth: int) -> None:
    # the bulk count numbers the squares its own way, with h1 and h2 on the top bits, and
    # bans a house from the 40th move on: crowded boards with the corners taken, near move 40
    import random
    rng = random.Random(seed)
    house = rng.choice([9, 12, 16])
    corner = [s for s in (7, 15, 6, 63, 56, 0) if rng.random() < 0.5]
    squares = corner + rng.sample([s for s in range(64) if s not in corner], 2 * house)
    rng.shuffle(squares)
    white, black = squares[:rng.randint(1, house)], squares[house:house + rng.randint(1, house)]
    name = Ugolki.new().geometry.name
    fen = (f"{rng.choice('WB')}:W{','.join(map(name, white))}:B{','.join(map(name, black))}"
           f":F{move_number}:P{house}")
    game = Ugolki.from_fen(fen)
    assert game.perft(depth) == Game.perft(game, depth), fen
