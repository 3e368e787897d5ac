"""Independent checks for the engine's tests, built on the public rules API only."""
from __future__ import annotations

from game.rules import Game, Move, Piece


def wins_within(game: Game, plies: int) -> Move | None:
    """A move with which the side to move wins within ``plies`` (odd) whatever the reply,
    found by brute force over ``legal_moves``/``outcome``; None if there is none."""
    me = game.turn
    for move in game.legal_moves():
        game.push(move)
        try:
            if _won(game, me, plies - 1):
                return move
        finally:
            game.pop()
    return None


def _won(game: Game, me: object, plies: int) -> bool:
    outcome = game.outcome()
    if outcome is not None:
        return outcome.winner is me
    if plies <= 0:
        return False
    for reply in game.legal_moves():
        game.push(reply)
        try:
            if wins_within(game, plies - 1) is None:
                outcome = game.outcome()
                if outcome is None or outcome.winner is not me:
                    return False
        finally:
            game.pop()
    return True


def mirrored(game: Game) -> Game:
    """The position turned round with the colours swapped (Black to move where White was)."""
    last = len(game.geometry.squares) + 1
    pieces = {last - sq: Piece(p.color.other, p.kind) for sq, p in game.pieces()}
    return type(game).from_pieces(game.turn.other, pieces)
