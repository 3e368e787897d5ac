"""Playing strength 1-8: how deep a level looks and how it picks among the moves it sees.

Each level looks one ply deeper than the one below and chooses among its best moves with a
lower temperature (a slightly worse move is often played, a much worse one rarely); level 1
does not even look at the reply to its own move, so it leaves pieces hanging the way a
beginner does. Level 7 plays its best move at six plies and level 8 searches the whole time.
Apokachi has its own table (see ``APOKACHI_LEVELS``). At every level the first moves of a
game vary: any move nearly as good as the best may be chosen.

Levels 6-8 of the draughts games play the opening from the book (``game.ai.book``) while the
game is in it, choosing among the book's moves within a margin of the best.

Measured by ``benchmarks/ai_ladder.py``: each level against the one below.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from game.ai.engine import search
from game.ai.search import WON, Limit, SearchResult
from game.ai.table import TranspositionTable
from game.rules import find_variant
from game.rules.core import Game, Move

OPENING_PLIES = 6  # plies from the start of the game in which the choice is varied
DEFAULT_TIME = 2.0  # seconds the top level thinks when the caller does not say


@dataclass(frozen=True, slots=True)
class Level:
    depth: int | None  # plies (None: as deep as the time allows)
    temperature: float  # 1/100 man; 0 plays the best move
    top: int  # how many of the best moves are candidates
    qsearch_plies: int | None  # capture plies followed past the horizon (None: all)
    opening_margin: int  # in the opening, any move this close to the best may be played
    time_cap: float  # the most a level may think, in seconds (a share of the given time)
    # the chance that a move is chosen carelessly: one ply, without looking at the reply (a
    # piece left hanging, a capture walked into)
    blunder: float = 0.0
    # plays from the opening book (the draughts games), any move this close to the book's best
    book_margin: int | None = None
    # where capturing is not compulsory (Russian "with фук"): the chance that a capture on
    # the board goes unnoticed and another move is played, as people do; it gets huffed
    miss_capture: float = 0.0
    # below the replies to its own moves, the level looks only at this many of the best
    # moves in each position (None: all): a narrower, deeper look (Ugolki's top levels)
    width: int | None = None
    # below the horizon, a capture the opponent threatens is followed one more ply (the
    # draughts games; the full-strength level only: the lower levels keep their blind spots)
    threats: bool = False
    # searches on as many processes as the player allows (game.ai.crew): the strong levels;
    # the lower ones stay in one, so that their mistakes are the same on every machine
    parallel: bool = False


LEVELS: dict[int, Level] = {
    1: Level(1, 100.0, 6, 0, 60, 0.3, miss_capture=0.35),
    2: Level(1, 60.0, 5, None, 50, 0.4, miss_capture=0.25),
    3: Level(2, 40.0, 4, None, 40, 0.5, miss_capture=0.15),
    4: Level(3, 10.0, 4, None, 30, 0.6, miss_capture=0.08),
    5: Level(4, 10.0, 3, None, 25, 0.7, miss_capture=0.04),
    6: Level(5, 3.0, 2, None, 20, 0.8, book_margin=20, parallel=True),
    7: Level(6, 0.0, 1, None, 15, 1.0, book_margin=15, parallel=True),
    8: Level(None, 0.0, 1, None, 10, 1.0, book_margin=10, threats=True, parallel=True),
}

# Apokachi: most moves are quiet and nearly equal, so a temperature hardly weakens a level;
# what loses a game is a piece left where "two against one" takes it. The lower levels do
# that now and then (``blunder``), less often the higher they are. Level 7 errs about once a
# game: at six plies without errors it drew most games against level 8 (8-7 at 52 %). With
# the threat-seeing evaluation one more ply gained little (5-4 at 53 % over 80 games with both
# at 0.12), so the chance falls by about a third from level to level.
APOKACHI_LEVELS: dict[int, Level] = {
    1: Level(1, 100.0, 6, 0, 60, 0.3, 1.0),
    2: Level(1, 60.0, 5, None, 50, 0.4, 0.4),
    3: Level(2, 40.0, 4, None, 40, 0.5, 0.25),
    4: Level(3, 20.0, 4, None, 30, 0.6, 0.17),
    5: Level(4, 10.0, 3, None, 25, 0.7, 0.1),
    6: Level(5, 5.0, 2, None, 20, 0.8, 0.05, parallel=True),
    7: Level(6, 0.0, 1, None, 15, 1.0, 0.04, parallel=True),
    8: Level(None, 0.0, 1, None, 10, 1.0, parallel=True),
}

# Ugolki: scores are tenths of a step of the race. A deeper look pays only an own move at a
# time (two plies: set a chain up, then run it), so the levels climb by depth 1, 2, 3 and 5,
# and between those by how often a move is played at a glance (the best-looking step or
# chain, its consequences unseen). Level 1 wanders among its ten first glances, sideways and
# back included; level 8 never glances and thinks the whole time.
UGOLKI_LEVELS: dict[int, Level] = {
    1: Level(1, 30.0, 10, 0, 20, 0.3, 1.0),
    2: Level(1, 10.0, 3, 0, 12, 0.4, 1.0),
    3: Level(2, 0.0, 1, None, 8, 0.5, 0.35),
    4: Level(3, 0.0, 1, None, 6, 0.6, 0.35),
    5: Level(3, 0.0, 1, None, 4, 0.7, 0.2),
    6: Level(5, 0.0, 1, None, 3, 0.8, 0.2, parallel=True),
    7: Level(5, 0.0, 1, None, 2, 1.0, 0.08, parallel=True),
    8: Level(None, 0.0, 1, None, 2, 1.0, parallel=True),
}

#: a game's level table by the name its class gives (:attr:`game.rules.core.Game.level_table`)
LEVEL_TABLES: dict[str, dict[int, Level]] = {"draughts": LEVELS, "apokachi": APOKACHI_LEVELS,
                                             "ugolki": UGOLKI_LEVELS}


def levels_for(name: str) -> dict[int, Level]:
    """The level table of a game (by its name): the one its class names, a key of
    :data:`LEVEL_TABLES` or "module:NAME" (a table kept beside the game's search board). A
    game that names a table that does not exist is an error (KeyError), not a fallback."""
    try:
        cls = find_variant(name)
    except ValueError:
        return LEVELS
    if ":" in cls.level_table:
        module_name, table_name = cls.level_table.split(":")
        try:
            table: dict[int, Level] = getattr(import_module(module_name), table_name)
        except (ImportError, AttributeError):
            raise KeyError(f"no level table {cls.level_table!r}") from None
        return table
    return LEVEL_TABLES[cls.level_table]


def level_limit(spec: Level, time: float | None) -> Limit:
    """The search limit of a level; ``time`` is the seconds the caller allows."""
    allowed = DEFAULT_TIME if time is None else time
    return Limit(time=max(0.05, allowed * spec.time_cap), depth=spec.depth)


def pick(scored: list[tuple[Move, int]], temperature: float, top: int, margin: int,
         rng: random.Random) -> Move:
    """A move from (move, score) pairs: among the ``top`` best, drawn with weights
    ``exp((score - best) / temperature)``; moves within ``margin`` of the best count as
    equal. Forced wins are always taken and forced losses avoided."""
    ranked = sorted(scored, key=lambda item: -item[1])
    best = ranked[0][1]
    if best > WON:
        return ranked[0][0]
    candidates = [(m, s) for m, s in ranked[:max(1, top)] if s >= -WON or s == best]
    if margin:
        near = [(m, s) for m, s in ranked if s >= best - margin]
        candidates = candidates + [c for c in near if c not in candidates]
    if temperature <= 0 and not margin:
        return ranked[0][0]
    weights = []
    for _, s in candidates:
        gap = max(0, best - s - margin)
        weights.append(math.exp(-gap / temperature) if temperature > 0 else
                       (1.0 if gap == 0 else 0.0))
    return rng.choices([m for m, _ in candidates], weights=weights)[0]


def choose_move(game: Game, level: int, rng: random.Random, time: float | None = None, *,
                stop: Callable[[], bool] | None = None,
                on_depth: Callable[[int, int, int, list[Move]], None] | None = None,
                tt: TranspositionTable | None = None, processes: int = 1) -> Move:
    """The move the computer plays at ``level`` (1-8); the game is not changed.

    ``time`` is the most it may think in seconds (the top level uses all of it; default 2 s).
    ``stop`` and ``on_depth`` are passed to :func:`game.ai.search` (cancel and progress);
    ``tt`` is a transposition table kept between moves (what pondering filled) for the
    full-strength search. ``processes``: how many processes the levels that may use more
    than one (:attr:`Level.parallel`) search on (the helpers need a table that is shared:
    ``tt`` made so, or none).
    """
    table = levels_for(game.name)
    if level not in table:
        raise ValueError(f"level must be 1 to {max(table)}, not {level}")
    spec = table[level]
    moves = game.every_move()
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    if len(moves) == 1:
        return moves[0]
    if spec.book_margin is not None:
        from game.ai.book import book_move
        move = book_move(game, rng, spec.book_margin)
        if move is not None:
            return move
    root: list[Move] | None = None
    if spec.miss_capture and not game.capture_required() \
            and any(m.is_capture for m in game.legal_moves()) and rng.random() < spec.miss_capture:
        # the capture is not seen: the level chooses among the other moves
        root = [m for m in moves if not m.is_capture] or None
        if root is not None and len(root) == 1:
            return root[0]
    opening = len(game.move_stack) < OPENING_PLIES and _from_the_start(game)
    limit = level_limit(spec, time)
    helpers = max(0, processes - 1) if spec.parallel else 0
    if spec.blunder and rng.random() < spec.blunder:
        # a careless move: what looks best at a glance, the reply not considered
        glance = search(game, Limit(time=limit.time, depth=1), multipv=True, qsearch_plies=0,
                        stop=stop, on_depth=on_depth, root_moves=root)
        return pick(list(glance.root_scores) or [(glance.move, glance.score)],
                    max(spec.temperature, 10.0), spec.top, 0, rng)
    if spec.temperature <= 0 and not opening:
        return search(game, limit, stop=stop, on_depth=on_depth, tt=tt, root_moves=root,
                      width=spec.width, threats=spec.threats, helpers=helpers).move
    if opening and spec.depth is None:
        # the opening needs no deep search: a shallower look that scores every move
        limit = Limit(time=limit.time, depth=6)
    margin = spec.opening_margin if opening else 0
    # a move further below the best than this is all but never drawn: it needs no exact score
    window = margin + int(6 * spec.temperature) + 20
    result: SearchResult = search(game, limit, multipv=True, multipv_margin=window,
                                  qsearch_plies=spec.qsearch_plies, stop=stop,
                                  on_depth=on_depth, root_moves=root, width=spec.width,
                                  threats=spec.threats, helpers=helpers)
    scored = list(result.root_scores) or [(result.move, result.score)]
    return pick(scored, spec.temperature, spec.top, margin, rng)


def _from_the_start(game: Game) -> bool:
    """Whether the game began from its usual starting position (a set-up position or a
    puzzle is played straight, without the opening's variety)."""
    root = game.copy()
    while root.move_stack:
        root.pop()
    try:
        start = type(game).new(**game.options)
    except ValueError:
        return False
    return set(root.pieces()) == set(start.pieces()) and root.turn is start.turn
