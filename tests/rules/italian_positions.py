"""Positions for comparing the Italian move generator with the reference
(tests/rules/italian_reference.py): random placements, and positions along random games.
The game's squares are turned into the reference's (column, row) by the reference's own
numbering, so a slip in the game's turned numbering shows as a difference. Shared by
tests/rules/test_italian.py and benchmarks/italian_reference.py.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from game.rules import Color, Piece, PieceKind, RulesError
from game.rules.draughts import DraughtsGame
from game.rules.italian import Italian
from tests.rules.italian_reference import Board, RefCapture, RefMove, coord, legal_moves


def reference_board(game: DraughtsGame) -> Board:
    return {coord(square): (piece.color.value, piece.kind.value)
            for square, piece in game.pieces()}


def side_of(game: DraughtsGame) -> str:
    return game.turn.value


def game_moves(game: DraughtsGame) -> set[RefMove]:
    return {RefMove(coord(m.start), coord(m.end), frozenset(coord(s) for s in m.captured),
                    m.promotes) for m in game.legal_moves()}


def game_routes(game: DraughtsGame) -> set[RefCapture]:
    """The game's captures as routes: landings and pieces taken, both in order."""
    return {RefCapture(coord(m.start), tuple(coord(s) for s in m.path),
                       tuple(coord(s) for s in m.captured), m.promotes)
            for m in game.legal_moves() if m.captured}


def random_position(rng: random.Random) -> Italian:
    """A random legal setup: up to 12 pieces a side, kings now and then (more often where
    the quality rules need them), men off their crowning row, either side to move."""
    king_share = rng.choice((0.15, 0.4))
    while True:
        squares = rng.sample(range(1, 33), rng.randint(2, 24))
        pieces: dict[int, Piece] = {}
        for i, square in enumerate(squares):
            color = Color.WHITE if i % 2 == 0 else Color.BLACK
            crown_row = range(1, 5) if color is Color.WHITE else range(29, 33)
            king = rng.random() < king_share or square in crown_row
            pieces[square] = Piece(color, PieceKind.KING if king else PieceKind.MAN)
        try:
            game = Italian.from_squares(rng.choice((Color.WHITE, Color.BLACK)), pieces)
        except RulesError:  # an impossible setup: draw again
            continue
        assert isinstance(game, Italian)
        if game.outcome() is None:
            return game


def compared_positions(seed: int, count: int) -> Iterator[tuple[DraughtsGame, set[RefMove],
                                                                 set[RefMove]]]:
    """(position, the game's moves, the reference's moves) for ``count`` positions: random
    placements, each followed by the positions of a random game from it."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = random_position(rng)
        for _ in range(rng.randint(1, 40)):
            if made >= count or game.outcome() is not None:
                break
            yield game.copy(), game_moves(game), _reference(game)
            made += 1
            game.push(rng.choice(game.legal_moves()))


def _reference(game: DraughtsGame) -> set[RefMove]:
    return legal_moves(reference_board(game), side_of(game))
