"""Short fingerprints of a game as it stands, which two copies of one game share: a board
game's position and end, a Chapaev table at rest, a match after a shot. Both sides of a game
over the network compare them; a headless game prints its own at the end. Pure: hashing
only."""
from __future__ import annotations

import hashlib
from collections.abc import Sequence

from game.play.chapaev_table import ShotRecord
from game.rules.chapaev import ChapaevMatch
from game.rules.core import Game
from physics import TableState


def _short(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def board_digest(game: Game) -> str:
    """A board game's state: the plies played, the position and how it ended."""
    outcome = game.outcome()
    end = "" if outcome is None else f"{outcome.termination.value}:{outcome.winner}"
    return _short(f"{len(game.move_stack)}|{game.fen()}|{end}")


def table_digest(state: TableState) -> str:
    """A Chapaev table at rest (every piece's place and turn, exactly)."""
    return _short(repr((sorted((d[0].value, d[1], x, y, a) for d, x, y, a in state.discs),
                        sorted(((a[0].value, a[1]), (b[0].value, b[1]))
                               for a, b in state.stacks))))


def match_digest(shots: Sequence[ShotRecord], match: ChapaevMatch, n: int | None = None) -> str:
    """A Chapaev match after its shot ``n`` (default: the last): the shot's number, its
    round, what fell, and what the match made of it. Two matches whose every shot agrees on
    these are the same match (its rules are deterministic)."""
    n = len(shots) if n is None else n
    if not 0 < n <= len(shots):
        return _short(f"{n}|{match.round_number}|{match.turn.value}")
    shot = shots[n - 1]
    return _short(repr((n, shot.round_number, sorted((d[0].value, d[1]) for d in shot.fallen),
                        shot.next.value, shot.rocked)))
