"""The computer in Уголки: its board plays the rules' moves and ends, and it finishes, takes
the draw with the extra move, and leaves home in time."""
from __future__ import annotations

import random

import pytest

from game.ai import Limit, choose_move, search
from game.ai.match import play_game, player
from game.ai.search import WON
from game.ai.ugolki import UgolkiBoard
from game.rules.core import Color
from game.rules.ugolki import Ugolki


def random_games(count: int, plies: int, seed: int) -> list[Ugolki]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        game = Ugolki.new(house=(9, 12, 16)[i % 3])
        for _ in range(rng.randint(0, plies)):
            moves = game.legal_moves()
            if not moves:
                break
            # mostly forward, so that the late rules come into play
            sign = 1 if game.turn is Color.WHITE else -1
            ahead = [m for m in moves if sign * (m.end - m.start) > 0]
            game.push(rng.choice(ahead if ahead and rng.random() < 0.8 else moves))
        out.append(game)
    return out


def _state(board: UgolkiBoard) -> tuple[object, ...]:
    return (tuple(board.masks), board.side, tuple(board.made), board.plies, board.key)


def test_the_search_board_plays_the_rules_moves_and_takes_them_back() -> None:
    for game in random_games(24, 120, 5):
        board = UgolkiBoard(game)
        raw = board.moves()
        assert sorted(map(board.public, raw), key=repr) == sorted(game.perft_moves(), key=repr)
        before = _state(board)
        for move in raw[:12]:
            board.make(move)
            game.push(board.public(move))
            assert _state(board) == _state(UgolkiBoard(game))
            game.pop()
            board.unmake()
            assert _state(board) == before


def test_the_search_board_ends_the_game_where_the_rules_do() -> None:
    fens = ["W:Wf6,g6,h6,f7,g7,h7,g8,h8,f8:Ba1,b1,c1,a2,b2,c2,a3,b3,d3:F30:P9",  # extra move
            "B:Wf6,g6,h6,f7,g7,h7,g8,h8,f8:Ba1,b1,c1,a2,b2,c2,a3,b3,c3:F31:P9",  # both done
            "W:Wa1,e4:Bh5,c6:F41", "B:We6,f6,g6,a5:Ba1,b1,h5,h4:F81"]
    games = [Ugolki.from_fen(f) for f in fens] + random_games(30, 170, 9)
    for game in games:
        board = UgolkiBoard(game)
        outcome = game.outcome()
        score = board.rule_end(0)
        if outcome is None or outcome.termination.value == "no_moves":
            assert score is None or outcome is not None
            continue
        assert score is not None, game.fen()
        expected = 0 if outcome.winner is None else (1 if outcome.winner is game.turn else -1)
        assert (score > 0) - (score < 0) == expected, game.fen()


def test_it_finishes_when_it_can() -> None:
    # b3 steps into a1's corner house to finish (9 a side); Black has made as many moves
    game = Ugolki.from_fen("B:Wf6,g6,h6,f7,g7,h7,g8,d5,e5:Ba1,b1,c1,a2,b2,c2,a3,c3,b4:F30:P9")
    result = search(game, Limit(depth=3))
    assert game.move_text(result.move) == "b4-b3" and result.score > WON


def test_with_its_extra_move_it_takes_the_draw() -> None:
    # White has just finished; Black's one more move can finish too: a draw, not a loss
    game = Ugolki.from_fen("W:Wf6,g6,h6,f7,g7,h7,g8,h8,e8:Ba1,b1,c1,a2,b2,c2,a3,b3,d3:F30:P9")
    game.play(game.parse_move("e8-f8"))
    assert game.extra_move()
    move = choose_move(game, 8, random.Random(1), time=0.5)
    game.play(move)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is None


def test_it_leaves_home_before_the_40th_move() -> None:
    # White's 40th move: d3 is still at home and must step out (d4 or e3), or White loses
    game = Ugolki.from_fen("W:Wd3,d5,e5:Bh5,c6,g2:F40")
    for level in (1, 3, 8):
        move = choose_move(game, level, random.Random(2), time=0.3)
        assert game.move_text(move) in ("d3-d4", "d3-e3"), level
        after = game.copy()
        after.play(move)
        assert after.outcome() is None


@pytest.mark.parametrize("pieces", [9])
def test_level_8_beats_a_random_mover(pieces: int) -> None:
    winner = play_game("ugolki", player("8", 0.05), player("random"), random.Random(3),
                       {"house": pieces})
    assert winner is Color.WHITE


def test_a_narrow_search_looks_deeper_for_the_same_work() -> None:
    game = Ugolki.new()
    rng = random.Random(3)
    for _ in range(16):  # into the middle of the race
        game.push(max(game.legal_moves(), key=lambda m: (len(m.path), rng.random())))
    full = search(game, Limit(depth=5))
    narrow = search(game, Limit(depth=5), width=6)
    deeper = search(game, Limit(depth=7), width=6)
    assert narrow.nodes < full.nodes / 2 and deeper.nodes < 2 * full.nodes
    for result in (narrow, deeper):
        assert result.move in game.legal_moves() and result.pv[0] == result.move
