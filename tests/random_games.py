"""Positions of seeded random draughts games, for tests that check a property everywhere
(openings, middle games with kings, endings)."""
from __future__ import annotations

import random

from game.rules import find_variant
from game.rules.draughts import DraughtsGame


def draughts_positions(variant: str, *, games: int, plies: int, seed: str,
                       **options: object) -> list[DraughtsGame]:
    """Every position of ``games`` random games of ``plies`` plies at most (drawn with
    ``seed``), the game's options as given."""
    out: list[DraughtsGame] = []
    rng = random.Random(seed)
    for _ in range(games):
        game = find_variant(variant).new(**options)
        assert isinstance(game, DraughtsGame)
        for _ in range(plies):
            moves = game.legal_moves()
            if not moves or game.outcome() is not None:
                break
            out.append(game.copy())
            game.push(rng.choice(moves))
    return out
