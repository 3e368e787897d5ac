"""The Frisian search board agrees with the rules: the same moves (the king rule included),
make and unmake give back the position, and the key built move by move is the key of the
position built afresh (the king runs are part of it)."""
from __future__ import annotations

import random

from game.ai import Limit, search
from game.ai.engine import make_board
from game.ai.frisian import FrisianBoard
from game.rules.frisian import Frisian


def _random_games(seed: int, games: int, plies: int) -> list[Frisian]:
    rng = random.Random(seed)
    positions: list[Frisian] = []
    for _ in range(games):
        game = Frisian.from_fen(rng.choice([Frisian.new().fen(), "W:WK46,K50,35,40:B1,2,6,7",
                                            "B:WK46,33,38:BK5,12,13,K20"]))
        for _ in range(plies):
            if game.outcome() is not None:
                break
            game.push(rng.choice(game.legal_moves()))
            positions.append(game.copy())  # type: ignore[arg-type]
    return positions


def test_the_board_lists_the_rules_moves_and_keys_positions_as_built_afresh() -> None:
    for game in _random_games(36, 12, 60):
        if game.outcome() is not None:
            continue
        board, _ = make_board(game)
        assert isinstance(board, FrisianBoard)
        codes = board.moves()
        assert {board.public(c) for c in codes} == set(game.legal_moves()), game.fen()
        state = (board.om, board.ok, board.pm, board.pk, board.white, board.key)
        for code in codes:
            move = board.public(code)
            board.make(code)
            game.push(move)
            fresh, _ = make_board(game)
            assert board.key == fresh.key, (game.fen(), game.king_runs())
            game.pop()
            board.unmake()
            assert (board.om, board.ok, board.pm, board.pk, board.white, board.key) == state


def test_the_search_plays_a_legal_move_with_a_king_resting() -> None:
    game = Frisian.from_fen("W:WK46,50:B1,2")
    for white, black in (("46-41", "1-7"), ("41-46", "7-12"), ("46-41", "2-8")):
        game.play(game.parse_move(white))
        game.play(game.parse_move(black))
    result = search(game, Limit(depth=4))
    assert result.move in game.legal_moves() and result.move.start == 50
