"""The engine's entry points: the search board of a game (named by the game's class, see
:attr:`game.rules.core.Game.engine`), and ``search`` over a copy of the caller's game."""
from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from game.ai.crew import KEY_MASK, Crew, Link
from game.ai.search import Limit, SearchBoard, Searcher, SearchResult
from game.ai.table import TranspositionTable
from game.rules.core import Game, Move

def board_class(game_class: type[Game]) -> type[Any]:
    """The search board class of a game: the one its class names as its own ``engine``.
    ValueError when it names none: no computer player for it (a game that derives from
    another never silently plays with that game's engine, which keeps the other rules)."""
    target = game_class.__dict__.get("engine")
    if not isinstance(target, str):
        raise ValueError(f"no computer player for {game_class.name!r}: its class "
                         f"{game_class.__name__} names no engine of its own")
    module_name, class_name = target.split(":")
    cls: type[Any] = getattr(import_module(module_name), class_name)
    return cls


def make_board(game: Game) -> tuple[SearchBoard, list[int]]:
    """The search board of a game and the keys of its earlier positions (for repetitions)."""
    copy = game.copy()
    cls = board_class(type(game))
    # a board may pass a game played with an option of its own to another board (Russian
    # draughts "with фук": optional captures and huffs in the tree)
    for_game = getattr(cls, "for_game", None)
    if for_game is not None:
        cls = for_game(copy)
    board = cls(copy)
    return board, board.history_keys(copy)


def search(game: Game, limit: Limit, *, stop: Callable[[], bool] | None = None,
           on_depth: Callable[[int, int, int, list[Move]], None] | None = None,
           multipv: bool = False, multipv_margin: int | None = None,
           qsearch_plies: int | None = None, tt: TranspositionTable | None = None,
           quick_forced: bool = False, root_moves: Sequence[Move] | None = None,
           width: int | None = None, threats: bool = True, helpers: int = 0) -> SearchResult:
    """The best move found in ``game`` within ``limit`` (the game itself is not changed).

    ``stop`` is asked now and then whether to give up (the move found so far is returned);
    ``on_depth(depth, score, nodes, pv)`` hears of every finished iteration. ``tt``: the
    transposition table to start from and fill (None: a new one of the default size).
    ``multipv`` scores every root move (``root_scores``); with ``multipv_margin`` a move
    more than that far below the best gets only a bound, which is much faster.
    A single legal move is searched like any other (its score is the position's), unless
    ``quick_forced`` (playing, not analysing): then it is answered at once.
    ``root_moves`` limits the moves looked at first to these (a level that overlooks
    something). ``width``: below the replies to the root moves, only that many of the best
    ordered moves are searched (a narrower, deeper look). Raises ValueError when the game is
    over or has no legal move. ``threats``: a capture the opponent threatens below the
    horizon is followed one more ply (where the game's board can tell; see the search).
    ``helpers``: this many more processes search beside this one into the shared table
    (``tt`` must be made ``shared``, else there are none; see :mod:`game.ai.crew`).
    """
    if game.outcome() is not None or not game.every_move():
        raise ValueError("the game is over: there is no move to search")
    if limit.time is None and limit.depth is None and limit.nodes is None:
        limit = Limit(depth=6)
    board, keys = make_board(game)
    options: dict[str, Any] = {"qsearch_plies": qsearch_plies, "root_moves": root_moves,
                               "width": width, "threats": threats}
    crew = None
    if helpers > 0:
        if tt is None:
            tt = TranspositionTable(shared=True)
        crew = Crew.for_table(tt, helpers, _help)
    searcher = Searcher(board, limit, history_keys=keys, stop=stop, on_depth=on_depth,
                        multipv=multipv, multipv_margin=multipv_margin, tt=tt,
                        quick_forced=quick_forced, crew=crew,
                        job=None if crew is None else helper_job(game, limit, options),
                        **options)
    return searcher.run()


def helper_job(game: Game, limit: Limit, options: dict[str, Any]) -> Callable[[], bytes]:
    """What the helpers are told of a search (made only if the search hands them its root):
    the game, the limit and the options, as a pickle. It crosses only to this process's own
    forked helpers, over a page they share (nothing from outside is ever unpickled)."""
    def text() -> bytes:
        # the limit as plain numbers (a compiled frozen Limit is not rebuilt by pickle)
        try:
            return pickle.dumps((game, (limit.time, limit.depth, limit.nodes), options),
                                protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            return b""  # a game that cannot be told: the search goes on alone
    return text


def _help(text: bytes, deadline: float | None, age: int, key: int, link: Link) -> None:
    """A helper's job (see :mod:`game.ai.crew`): the same search of the same root as the
    main search's, searching beside it into the shared table until the job ends."""
    game, (seconds, depth, nodes), options = pickle.loads(text)
    limit = Limit(seconds, depth, nodes)
    board, keys = make_board(game)
    if board.key & KEY_MASK != key:
        return  # not the root the main search has: nothing to help with
    link.table.follow(age)
    searcher = Searcher(board, limit, history_keys=keys, tt=link.table, **options)
    searcher.help(link, deadline)
