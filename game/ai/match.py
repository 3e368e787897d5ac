"""Engine-against-engine games for the ladder and strength checks: players are levels 1-8 or
``random``; the score is summed up with an Elo difference and its 95 % error bar."""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.levels import choose_move
from game.rules import Color, Game, Move, find_variant

MAX_PLIES = 300  # a game still going after this many plies is scored a draw

Player = Callable[[Game, random.Random], Move]


def player(spec: str, time: float | None = None) -> Player:
    """A player from its name: ``random`` or a level ``1``-``8``."""
    if spec == "random":
        return lambda game, rng: rng.choice(game.legal_moves())
    level = int(spec)

    def play(game: Game, rng: random.Random) -> Move:
        return choose_move(game, level, rng, time=time)
    return play


def play_game(variant: str, white: Player, black: Player, rng: random.Random,
              options: dict[str, Any] | None = None) -> Color | None:
    """Play one game from the start; the winner, or None for a draw."""
    game = find_variant(variant).new(**(options or {}))
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


def run_match(variant: str, a: str, b: str, games: int, *, time: float | None = None,
              seed: int = 1, options: dict[str, Any] | None = None,
              report: Callable[[int, Score], None] | None = None) -> Score:
    """``games`` games of A against B, colours alternating (A is White in the odd games)."""
    rng = random.Random(seed)
    pa, pb = player(a, time), player(b, time)
    score = Score()
    for i in range(games):
        a_white = i % 2 == 0
        winner = play_game(variant, pa if a_white else pb, pb if a_white else pa, rng, options)
        a_color = Color.WHITE if a_white else Color.BLACK
        if winner is None:
            score.draws += 1
            score.games.append("=")
        elif winner is a_color:
            score.wins += 1
            score.games.append("+")
        else:
            score.losses += 1
            score.games.append("-")
        if report is not None:
            report(i + 1, score)
    return score


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
