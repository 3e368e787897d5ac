"""The computer in Turkish draughts: its board plays the rules' moves and ends, takes them back
exactly, and its search sees what a player would: the bigger capture, a crowning, a won
ending."""
from __future__ import annotations

import random

from game.ai.search import WON, Limit, Searcher
from game.ai.turkish_board import TurkishBoard
from game.rules.core import Color, Game
from game.rules.turkish import Turkish


def random_games(count: int, plies: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    for _ in range(count):
        game = Turkish.new()
        for _ in range(rng.randint(0, plies)):
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
        out.append(game)
    return out


def _state(board: TurkishBoard) -> tuple[object, ...]:
    return board.om, board.ok, board.pm, board.pk, board.white, board.key, board.kings_only


def test_the_search_board_plays_the_rules_moves_and_takes_them_back() -> None:
    for game in random_games(40, 140, 36):
        board = TurkishBoard(game)
        raw = board.moves()
        assert sorted(map(board.public, raw), key=repr) == sorted(game.perft_moves(), key=repr)
        assert board.forced(raw) == game.capture_required()
        before = _state(board)
        for move in raw[:10]:
            public = board.public(move)
            board.make(move)
            game.push(public)
            fresh = TurkishBoard(game)
            assert (board.om, board.ok, board.pm, board.pk, board.white, board.key) == \
                (fresh.om, fresh.ok, fresh.pm, fresh.pk, fresh.white, fresh.key)
            game.pop()
            board.unmake()
            assert _state(board) == before


def test_the_search_board_ends_the_game_where_the_rules_do() -> None:
    fens = ["B:WKa1:Bd5", "W:WKa1:Bd5", "B:WKd4:Bd5", "W:WKa1:BKh8", "W:WKa1:BKa5",
            "B:Wa1,b2,c2:Ba2"]
    for fen in fens:
        game = Turkish.from_fen(fen)
        board = TurkishBoard(game)
        outcome = game.outcome()
        end = board.rule_end(0)
        if outcome is None:
            assert end is None and board.moves(), fen
        elif outcome.winner is None:
            assert end == 0, fen
        elif not game.perft_moves():
            assert board.moves() == [] and board.no_moves_score(0) < -WON, fen
        else:
            assert end is not None and (end > WON) == (outcome.winner is game.turn), fen


def test_the_search_takes_the_most_and_sees_a_crowning() -> None:
    # a capture is forced here: the search plays it
    game = Turkish.from_fen("W:Wd4,b2:Be4,b3,b5,h8")
    result = Searcher(TurkishBoard(game), Limit(depth=4)).run()
    assert game.move_text(result.move) == "b2xb4xb6"
    # a man two steps from the far row with nothing in front runs to crown (a king against
    # a lone man is a win at once)
    game = Turkish.from_fen("W:Wc6:Bh4")
    result = Searcher(TurkishBoard(game), Limit(depth=6)).run()
    assert game.move_text(result.move) == "c6-c7"
    assert result.score > WON


def test_a_whole_game_between_two_searches_ends_by_the_rules() -> None:
    game = Turkish.new()
    rng = random.Random(3)
    while game.outcome() is None and len(game.move_stack) < 400:
        if rng.random() < 0.3:
            game.push(rng.choice(game.legal_moves()))
            continue
        board = TurkishBoard(game)
        game.push(Searcher(board, Limit(depth=2), history_keys=board.history_keys(game))
                  .run().move)
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is not None:
        loser = outcome.winner.other
        pieces = [p for _, p in game.pieces() if p.color is loser]
        assert not game.perft_moves() or len(pieces) == 1
    assert game.turn in (Color.WHITE, Color.BLACK)
