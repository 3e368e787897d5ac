"""The engine's entry points: a search board per game (registered by game name), and
``search`` over a copy of the caller's game."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.ai.search import Limit, SearchBoard, Searcher, SearchResult
from game.rules.core import Game, Move

BoardFactory = Callable[[Game], tuple[SearchBoard, list[int]]]


def _draughts(game: Game) -> tuple[SearchBoard, list[int]]:
    from game.ai.draughts import DraughtsBoard, HuffBoard, history_keys
    from game.rules.draughts import DraughtsGame
    assert isinstance(game, DraughtsGame)
    # "with фук" (an option of the game): optional captures and huffs in the tree
    board = HuffBoard(game) if game.huffing else DraughtsBoard(game)
    return board, history_keys(game, board)


def _draughts_more(game: Game) -> tuple[SearchBoard, list[int]]:
    from game.ai.draughts import history_keys
    from game.ai.draughts_more import BOARD_CLASSES
    from game.rules.draughts import DraughtsGame
    assert isinstance(game, DraughtsGame)
    board = BOARD_CLASSES[game.name](game)
    return board, history_keys(game, board)


def _apokachi(game: Game) -> tuple[SearchBoard, list[int]]:
    from game.ai.apokachi import ApokachiBoard
    board = ApokachiBoard(game)
    return board, board.history_keys(game)


def _ugolki(game: Game) -> tuple[SearchBoard, list[int]]:
    from game.ai.ugolki import UgolkiBoard
    return UgolkiBoard(game), []  # the ply is in the key: no position comes back


#: game name -> how to build its search board (a new game joins by adding a line)
BOARDS: dict[str, BoardFactory] = {
    "international": _draughts,
    "russian": _draughts,
    "apokachi": _apokachi,
    "english": _draughts_more,
    "brazilian": _draughts_more,
    "russian_giveaway": _draughts_more,
    "international_giveaway": _draughts_more,
    "ugolki": _ugolki,
}


def make_board(game: Game) -> tuple[SearchBoard, list[int]]:
    """The search board of a game and the keys of its earlier positions (for repetitions)."""
    try:
        factory = BOARDS[game.name]
    except KeyError:
        raise ValueError(f"no computer player for {game.name!r}") from None
    return factory(game.copy())


def search(game: Game, limit: Limit, *, stop: Callable[[], bool] | None = None,
           on_depth: Callable[[int, int, int, list[Move]], None] | None = None,
           multipv: bool = False, multipv_margin: int | None = None,
           qsearch_plies: int | None = None, tt: dict[int, tuple[int, int, int, Any]] | None = None,
           root_moves: Sequence[Move] | None = None) -> SearchResult:
    """The best move found in ``game`` within ``limit`` (the game itself is not changed).

    ``stop`` is asked now and then whether to give up (the move found so far is returned);
    ``on_depth(depth, score, nodes, pv)`` hears of every finished iteration.
    ``multipv`` scores every root move (``root_scores``); with ``multipv_margin`` a move
    more than that far below the best gets only a bound, which is much faster.
    ``root_moves`` limits the moves looked at first to these (a level that overlooks
    something). Raises ValueError when the game is over or has no legal move.
    """
    if game.outcome() is not None or not game.every_move():
        raise ValueError("the game is over: there is no move to search")
    if limit.time is None and limit.depth is None and limit.nodes is None:
        limit = Limit(depth=6)
    board, keys = make_board(game)
    searcher = Searcher(board, limit, history_keys=keys, stop=stop, on_depth=on_depth,
                        multipv=multipv, multipv_margin=multipv_margin,
                        qsearch_plies=qsearch_plies, tt=tt, root_moves=root_moves)
    return searcher.run()
