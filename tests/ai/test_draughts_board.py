"""The draughts search boards on move codes (game/ai/draughts.py): what the search reads of
a move agrees whichever way it asks, and a code's public Move is the rules' own."""
from __future__ import annotations

import random

import pytest

from game.ai.draughts import DraughtsBoard, HuffBoard
from game.rules import find_variant
from game.rules.draughts import DraughtsGame


def _games(variant: str, **options: object) -> list[DraughtsGame]:
    out: list[DraughtsGame] = []
    rng = random.Random(f"{variant}{options}")
    for _ in range(4):
        game = find_variant(variant).new(**options)
        assert isinstance(game, DraughtsGame)
        for _ in range(60):
            moves = game.legal_moves()
            if not moves or game.outcome() is not None:
                break
            out.append(game.copy())
            game.push(rng.choice(moves))
    return out


@pytest.mark.parametrize("variant, options", [
    ("international", {}), ("russian", {}), ("english", {}), ("russian", {"huff": True})])
def test_move_facts_public_moves_and_make_unmake(variant: str, options: dict[str, object]
                                                 ) -> None:
    for game in _games(variant, **options):
        board = DraughtsBoard.for_game(game)(game)
        assert isinstance(board, HuffBoard) == bool(options)
        moves = board.moves()
        # the facts the ordering reads at once are the ones it would read move by move
        assert board.move_facts(moves) == [
            board.capture_size(m) << 32 | board.history_key(m) for m in moves]
        # every code is one of the rules' moves, and all of them are there
        public = [board.public(m) for m in moves]
        assert sorted(map(repr, public)) == sorted(map(repr, game.perft_moves()))
        key = board.key
        for m in moves:
            board.make(m)
            board.unmake()
            assert board.key == key
