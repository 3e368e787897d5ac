"""Positions for comparing the Frisian move generator with the reference
(tests/rules/frisian_reference.py): random placements, and positions along random games
(where the king rule comes into play). Shared by the test and benchmarks/frisian_reference.py.
"""
from __future__ import annotations

import random
from collections.abc import Iterator

from game.rules import Color, Piece, PieceKind
from game.rules.frisian import Frisian
from tests.rules.frisian_reference import KingRuns, RefMove, Square, legal_moves


def reference_board(game: Frisian) -> dict[Square, tuple[str, str]]:
    geometry = game.geometry
    return {geometry.coord(square): (piece.color.value, piece.kind.value)
            for square, piece in game.pieces()}


def game_moves(game: Frisian) -> set[RefMove]:
    coord = game.geometry.coord
    return {RefMove(coord(m.start), coord(m.end), frozenset(coord(s) for s in m.captured),
                    m.promotes) for m in game.legal_moves()}


def random_position(rng: random.Random) -> Frisian:
    """A random legal setup: up to 20 pieces a side, kings now and then, men off their
    crowning row, either side to move."""
    while True:
        squares = rng.sample(range(1, 51), rng.randint(2, 30))
        pieces: dict[int, Piece] = {}
        for i, square in enumerate(squares):
            color = Color.WHITE if i % 2 == 0 else Color.BLACK
            king = rng.random() < 0.25
            crown_row = (1, 5) if color is Color.WHITE else (46, 50)
            if not king and crown_row[0] <= square <= crown_row[1]:
                king = True
            pieces[square] = Piece(color, PieceKind.KING if king else PieceKind.MAN)
        try:
            game = Frisian.from_squares(rng.choice((Color.WHITE, Color.BLACK)), pieces)
        except Exception:  # noqa: BLE001 - an impossible setup: draw again
            continue
        assert isinstance(game, Frisian)
        if game.outcome() is None:
            return game


def compared_positions(seed: int, count: int) -> Iterator[tuple[str, set[RefMove],
                                                                 set[RefMove]]]:
    """(where, the game's moves, the reference's moves) for ``count`` positions: half random
    placements, half positions of random games from random placements (the reference keeps
    its own count of the king rule from the moves played)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = random_position(rng)
        yield game.fen(), game_moves(game), legal_moves(reference_board(game), game.turn.value)
        made += 1
        runs = KingRuns()
        for _ in range(rng.randint(5, 60)):
            if made >= count or game.outcome() is not None:
                break
            move = rng.choice(game.legal_moves())
            mover = game.turn.value
            was_king = game.piece_at(move.start) == Piece(game.turn, PieceKind.KING)
            game.push(move)
            if game.outcome() is not None:
                break  # over (a draw rule, no moves): no moves to compare
            board = reference_board(game)
            coord = game.geometry.coord
            runs.after(board, mover, coord(move.start), coord(move.end), was_king,
                       bool(move.captured))
            side = game.turn.value
            where = f"{game.starting_fen()} after {len(game.move_stack)} moves: {game.fen()}"
            yield where, game_moves(game), legal_moves(board, side, runs.resting(board, side))
            made += 1
