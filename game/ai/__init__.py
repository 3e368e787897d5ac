"""Computer players for the board games: alpha-beta search with an evaluation per game.

Pure: imports only the rules. Neither entry point changes the game it is given.

- ``search(game, Limit(time=1.0))`` -> :class:`SearchResult` (move, score in 1/100 man for
  the side to move, depth, nodes, pv). ``Limit(time=, depth=, nodes=)``; with none given,
  depth 6. Also takes ``stop`` (a callable asked now and then whether to give up) and
  ``on_depth(depth, score, nodes, pv)``.
- ``choose_move(game, level, rng, time=None)`` -> Move: level 1 (a beginner) to 8 (the full
  search for ``time`` seconds, default 2).
- ``game.ai.worker.Thinker``: the same in a worker process, for the window.
- ``python -m game.ai bestmove|match|hub``: the command line and the Hub protocol.

A game joins by naming its search board in its class (``engine = "module:Class"``).

The draughts games also use data made by the tools in ``tools/`` and shipped in the assets,
each read when a search first needs it: learned evaluation weights (``eval_learned``), an
opening book for levels 6-8 and Hub (``book``), and endgame tables the search takes as exact
scores (``endgame``). ``options.set_engine`` switches them off, to play the engine as it was.
"""
from __future__ import annotations

from game.ai.engine import make_board, search
from game.ai.levels import LEVELS, choose_move
from game.ai.search import Limit, SearchResult

__all__ = ["LEVELS", "Limit", "SearchResult", "choose_move", "make_board", "search"]
