"""Engine-against-engine games for the ladder and strength checks: players are levels 1-8 or
``random``; the score is summed up with an Elo difference and its 95 % error bar."""
from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.levels import choose_move
from game.rules import Color, Game, Move, find_variant

MAX_PLIES = 300  # a game still going after this many plies is scored a draw

Player = Callable[[Game, random.Random], Move]


#: players the benchmarks add by name (``name -> factory(time)``), e.g. a Monte-Carlo player
EXTRA_PLAYERS: dict[str, Callable[[float | None], Player]] = {}

#: the engine as it was before the learned evaluation, the opening book and the endgame
#: tables (a level written ``8:old``)
OLD_ENGINE = {"eval": "classic", "tables": False, "book": False, "search": "classic"}

#: the engines a level can be played with: ``8`` as in the game, ``8:old`` as before,
#: ``8:hand`` / ``8:learned`` with the hand-made / fitted draughts evaluation (book and tables on)
FLAVOURS: dict[str, dict[str, Any]] = {"": {}, "old": OLD_ENGINE, "hand": {"eval": "hand"},
                                       "oldsearch": {"search": "classic"},
                                       "learned": {"eval": "learned"}}


def time_share(text: str) -> float:
    """A benchmark's ``--a-share`` (argparse type): the share of a move's time after which
    the search begins no new iteration, above 0 and at most 1."""
    try:
        share = float(text)
    except ValueError:
        share = math.nan
    if not 0 < share <= 1:
        raise argparse.ArgumentTypeError(f"a share of the time is above 0 and at most 1, "
                                         f"not {text!r}")
    return share


def check_spec(spec: str) -> None:
    """Raise ValueError unless ``spec`` names a player (see :func:`player`)."""
    if spec == "random" or spec in EXTRA_PLAYERS:
        return
    level, _, flavour = spec.partition(":")
    if not level.isdigit() or int(level) not in range(1, 9) or flavour not in FLAVOURS:
        raise ValueError(f"a player is a level 1-8 (8:old: the engine before the learned "
                         f"evaluation, book and tables; 8:hand the hand-made draughts "
                         f"evaluation, 8:learned the fitted one) or random, not {spec!r}")


def player(spec: str, time: float | None = None) -> Player:
    """A player from its name: ``random``, a level ``1``-``8``, a level with ``:old`` (the
    engine before this version's data), or a name in :data:`EXTRA_PLAYERS`."""
    from game.ai.options import set_engine
    check_spec(spec)
    if spec in EXTRA_PLAYERS:
        return EXTRA_PLAYERS[spec](time)
    if spec == "random":
        return lambda game, rng: rng.choice(game.every_move())
    level_text, _, flavour = spec.partition(":")
    level = int(level_text)
    engine: dict[str, Any] = dict(FLAVOURS[flavour])

    def play(game: Game, rng: random.Random) -> Move:
        set_engine(**engine)  # both players share the process: each sets its own engine
        return choose_move(game, level, rng, time=time)
    return play


def play_game(variant: str, white: Player, black: Player, rng: random.Random,
              options: dict[str, Any] | None = None, fen: str | None = None) -> Color | None:
    """Play one game from the start (or from the position ``fen``); the winner, or None for
    a draw."""
    cls = find_variant(variant)
    game = cls.new(**(options or {})) if fen is None else cls.from_fen(fen, **(options or {}))
    while game.outcome() is None and len(game.move_stack) < MAX_PLIES:
        mover = white if game.turn is Color.WHITE else black
        game.push(mover(game, rng))
    outcome = game.outcome()
    return None if outcome is None else outcome.winner


@dataclass
class Score:
    """Wins, draws and losses of player A."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    games: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return self.wins + self.draws + self.losses

    def add(self, mark: str) -> None:
        """One more game of A: "+" won, "=" drawn, anything else lost."""
        if mark == "+":
            self.wins += 1
        elif mark == "=":
            self.draws += 1
        else:
            self.losses += 1
        self.games.append(mark)

    @property
    def points(self) -> float:
        return self.wins + self.draws / 2

    def elo(self) -> tuple[float, float]:
        """The Elo difference of A over B and the half-width of its 95 % interval."""
        n = self.n
        if n == 0:
            return 0.0, float("inf")
        p = self.points / n
        var = (self.wins * (1 - p) ** 2 + self.draws * (0.5 - p) ** 2
               + self.losses * p ** 2) / n
        se = math.sqrt(var / n)
        lo, hi = _elo(p - 1.96 * se), _elo(p + 1.96 * se)
        return _elo(p), (hi - lo) / 2


def _elo(p: float) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def _one_game(variant: str, a: str, b: str, index: int, time: float | None, seed: int,
              options: dict[str, Any] | None, fen: str | None = None) -> str:
    """Game ``index`` of a match: "+", "=" or "-" for player A (White in the even games)."""
    rng = random.Random(seed * 100_003 + index)
    pa, pb = player(a, time), player(b, time)
    a_white = index % 2 == 0
    winner = play_game(variant, pa if a_white else pb, pb if a_white else pa, rng, options,
                       fen)
    if winner is None:
        return "="
    return "+" if winner is (Color.WHITE if a_white else Color.BLACK) else "-"


def run_match(variant: str, a: str, b: str, games: int, *, time: float | None = None,
              seed: int = 1, options: dict[str, Any] | None = None,
              report: Callable[[int, Score], None] | None = None, jobs: int = 1,
              starts: Sequence[str] | None = None) -> Score:
    """``games`` games of A against B, colours alternating (A is White in the odd games);
    with ``starts`` (positions as FEN), games ``2k`` and ``2k + 1`` begin from ``starts[k]``,
    so each side plays each position from both sides of the board.

    Each game has its own random seed, so the games are the same whatever ``jobs`` is;
    ``jobs`` > 1 plays that many games at once in worker processes (call it from under
    ``if __name__ == "__main__"``)."""
    score = Score()
    if starts is not None and games > 2 * len(starts):
        raise ValueError(f"{games} games need {(games + 1) // 2} start positions, "
                         f"not {len(starts)}")
    args = [(variant, a, b, i, time, seed, options,
             None if starts is None else starts[i // 2]) for i in range(games)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = pool.map(_one_game, *zip(*args))
            _tally(results, score, report)
    else:
        _tally((_one_game(*item) for item in args), score, report)
    return score


def _tally(results: Iterable[str], score: Score,
           report: Callable[[int, Score], None] | None) -> None:
    for i, mark in enumerate(results):
        score.add(mark)
        if report is not None:
            report(i + 1, score)


def table(a: str, b: str, score: Score) -> str:
    """The score as a small table with the Elo difference."""
    elo, err = score.elo()
    bar = f"+/- {err:.0f} (95 %)" if 0 < score.points < score.n else "(a clean sweep: no error bar)"
    return (f"{'player':>8} {'+':>4} {'=':>4} {'-':>4} {'score':>7}\n"
            f"{a:>8} {score.wins:>4} {score.draws:>4} {score.losses:>4} "
            f"{score.points:>5.1f}/{score.n}\n"
            f"{b:>8} {score.losses:>4} {score.draws:>4} {score.wins:>4} "
            f"{score.n - score.points:>5.1f}/{score.n}\n"
            f"Elo {a} - {b}: {elo:+.0f} {bar}  games: {''.join(score.games)}")
