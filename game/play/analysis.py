"""The analysis of a finished game, for its review: the engine's verdict on every position,
the best move and line where the player stood, and the moves that threw a clear part of the
evaluation away. The searches run one position after another in a worker process; the scene
polls :meth:`Analysis.update` once per update and draws the progress.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

from game.ai.search import WON
from game.ai.worker import Thinker
from game.rules.core import Color, Game, Move, Termination

#: seconds of search per position (a game of 80 moves takes about half a minute)
TIME_PER_POSITION = 0.3
#: a move that loses this much of the evaluation (1/100 man, the mover's view) is a mistake
MISTAKE = 120
#: scores are drawn and compared up to this many hundredths of a man either way
CAP = 600
#: ends the players chose: the final position is judged on the board, not by the result
_DECIDED_BY_PLAYERS = (Termination.RESIGNATION, Termination.AGREEMENT,
                       Termination.TIME_FORFEIT)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's view of one position: White's score (1/100 man; forced results at ±CAP)
    and its best move and line there (none once the game is over)."""

    score: int
    best: Move | None
    pv: tuple[Move, ...]
    depth: int


class Analysis:
    """Verdicts for the positions of ``game`` (its start and after each move), filled in as
    the worker answers."""

    def __init__(self, game: Game, *, time_per_position: float = TIME_PER_POSITION,
                 thinker: Callable[[], Thinker] = Thinker) -> None:
        self.game = game.copy()
        self.moves: tuple[Move, ...] = tuple(game.move_stack)
        self.start_fen = game.starting_fen()
        self.time = time_per_position
        self.verdicts: list[Verdict | None] = [None] * (len(self.moves) + 1)
        self._make_thinker = thinker
        self._thinker: Thinker | None = None
        self._asked: int | None = None
        self.error: str | None = None
        replay = self.game.copy()
        for _ in self.moves:
            replay.pop()
        self.turns: list[Color] = []  # the side to move at each ply
        self.choices: list[int] = []  # how many moves there were to choose from
        for move in self.moves:
            self.turns.append(replay.turn)
            self.choices.append(len(replay.every_move()))
            replay.push(move)
        self.turns.append(replay.turn)
        outcome = self.game.outcome()
        if outcome is not None and outcome.termination not in _DECIDED_BY_PLAYERS:
            # the rules ended the game: the final position needs no search
            score = 0 if outcome.winner is None else (CAP if outcome.winner is Color.WHITE
                                                      else -CAP)
            self.verdicts[-1] = Verdict(score, None, (), 0)

    @property
    def total(self) -> int:
        return len(self.verdicts)

    @property
    def done(self) -> int:
        return sum(v is not None for v in self.verdicts)

    @property
    def finished(self) -> bool:
        return self.done == self.total or self.error is not None

    def update(self) -> bool:
        """Collect an answer and ask the next question; whether anything new arrived."""
        if self.finished:
            return False
        if self._thinker is None:
            self._thinker = self._make_thinker()
        new = False
        if self._asked is not None:
            answer = self._thinker.poll()
            if answer is None:
                return False
            ply, self._asked = self._asked, None
            if answer.move is None:
                self.error = answer.error or "no answer"
                return True
            mover = self._turn_at(ply)
            score = max(-CAP, min(CAP, answer.score if abs(answer.score) < WON
                                  else (CAP if answer.score > 0 else -CAP)))
            white = score if mover is Color.WHITE else -score
            self.verdicts[ply] = Verdict(white, answer.move, answer.pv, answer.depth)
            new = True
        waiting = next((i for i, v in enumerate(self.verdicts) if v is None), None)
        if waiting is not None:
            self._asked = waiting
            self._thinker.start(self.game.name, self.game.options, self.start_fen,
                                list(self.moves[:waiting]), time=self.time)
        return new

    def _turn_at(self, ply: int) -> Color:
        return self.turns[ply]

    def mistakes(self) -> dict[int, int]:
        """Plies (1 for the first move) whose move lost at least :data:`MISTAKE`, with how
        much it lost, from the view of the side that made it."""
        out: dict[int, int] = {}
        for ply in range(1, self.total):
            before, after = self.verdicts[ply - 1], self.verdicts[ply]
            if before is None or after is None or self.choices[ply - 1] < 2:
                continue  # not judged yet, or the only move: no choice, no mistake
            white_moved = self._turn_at(ply - 1) is Color.WHITE
            loss = (before.score - after.score) if white_moved else (after.score - before.score)
            if loss >= MISTAKE:
                out[ply] = loss
        return out

    def close(self) -> None:
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None
