"""Computer players for the board games: alpha-beta search with an evaluation per game.

Pure: imports only the rules. ``search(game, limit)`` finds the best move within a limit;
``choose_move(game, level, rng)`` plays like a person of that level (1 weakest, 8 strongest).
Neither changes the game it is given.
"""
from __future__ import annotations

from game.ai.engine import make_board, search
from game.ai.levels import LEVELS, choose_move
from game.ai.search import Limit, SearchResult

__all__ = ["LEVELS", "Limit", "SearchResult", "choose_move", "make_board", "search"]
