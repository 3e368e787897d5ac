"""What the engine uses, switchable per process: the benchmarks play the engine as it was
before the learned evaluation, the opening book and the endgame tables against the engine as
it is now (``set_engine(eval="classic", tables=False, book=False)``)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.table import DEFAULT_MEGABYTES, cache_entries


@dataclass
class EngineOptions:
    """What the engine uses (everything on in the game)."""

    #: "current": Apokachi's threat-seeing weights; in the draughts games the fitted weights
    #: where they beat the hand-made ones in matches (:data:`LEARNED_BY_DEFAULT`), elsewhere
    #: the hand-made evaluation; "learned": the fitted weights in every draughts game that has
    #: a file of them; "hand": the hand-made draughts evaluation in every game;
    #: "classic": everything as before
    eval: str = "current"
    tables: bool = True  # the endgame tables
    book: bool = True  # the opening book
    #: "current": below the horizon the search follows a capture the opponent threatens for
    #: one more ply; "classic": the search as it was before (a quiet position stands pat)
    search: str = "current"
    #: the most entries each evaluation cache keeps (see :func:`set_memory`)
    cache_entries: int = cache_entries(DEFAULT_MEGABYTES)


ENGINE = EngineOptions()

#: the draughts games whose fitted weights (assets/eval) beat the hand-made evaluation in
#: matches at equal time (International: against itself and against TurboEngine; Russian,
#: with its four-by-four regions: against itself at 0.1 s and at 1 s, see README):
#: "current" plays them there
LEARNED_BY_DEFAULT: frozenset[str] = frozenset({"international", "russian"})

EVALS = ("current", "learned", "hand", "classic")
SEARCHES = ("current", "classic")


def plays_learned(game: str) -> bool:
    """Whether a draughts game's search uses its fitted weights (when it has a file of them)."""
    return ENGINE.eval == "learned" or (ENGINE.eval == "current" and game in LEARNED_BY_DEFAULT)


def set_engine(eval: str = "current", tables: bool = True, book: bool = True,
               search: str = "current") -> None:
    """Choose what the engine uses in this process (see :class:`EngineOptions`)."""
    if eval not in EVALS:
        raise ValueError(f"unknown evaluation {eval!r}")
    if search not in SEARCHES:
        raise ValueError(f"unknown search {search!r}")
    ENGINE.eval, ENGINE.tables, ENGINE.book, ENGINE.search = eval, tables, book, search


#: the evaluation caches that live as long as the process (not a search's own): a smaller
#: budget empties those now over it
_LASTING_CACHES: list[dict[Any, Any]] = []


def lasting_cache(cache: dict[Any, Any]) -> dict[Any, Any]:
    """Register an evaluation cache kept between searches (it obeys :func:`set_memory`)."""
    _LASTING_CACHES.append(cache)
    return cache


def set_memory(megabytes: float) -> None:
    """Size this process's evaluation caches to their share of a budget for the search's
    memory (the transposition table, sized by its owner, takes the rest). A cache holds at
    most ``ENGINE.cache_entries`` entries (it is emptied when full)."""
    ENGINE.cache_entries = cache_entries(megabytes)
    for cache in _LASTING_CACHES:
        if len(cache) > ENGINE.cache_entries:
            cache.clear()
