"""The analysis of a finished game, for its review: the engine's verdict on every position,
the best move and line where the player stood, and the moves that threw a clear part of the
evaluation away. The searches run one position after another in a worker process; the scene
polls :meth:`Analysis.update` once per update and draws the progress.

Every position is searched, a forced one (a single legal move, often a capture) too: its
score is the position's value, never a 0 put in its place. Scores are White's, in hundredths
of a man (the panel shows them in men with a sign). If the worker process dies, a new one
carries on where it stopped; if they keep dying, the rest of the game is judged here at a
shallow depth, one position per update; ``notice`` says so in one line.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.ai.engine import search
from game.ai.search import WON, Limit
from game.ai.table import DEFAULT_MEGABYTES
from game.ai.worker import Thinker, ThinkResult
from game.play.events import Notice
from game.rules.core import Color, Game, Move, Termination

#: seconds of search per position (a game of 80 moves takes about half a minute)
TIME_PER_POSITION = 0.3
#: a move that loses this much of the evaluation (1/100 man, the mover's view) is a mistake
MISTAKE = 120
#: scores are drawn and compared up to this many hundredths of a man either way
CAP = 600
#: new worker processes started for one analysis before the rest is judged in this process
RESTARTS = 3
#: the depth and node budget of a position judged in this process (a few milliseconds)
SHALLOW_DEPTH = 2
SHALLOW_NODES = 3000
#: ends the players chose: the final position is judged on the board, not by the result
_DECIDED_BY_PLAYERS = (Termination.RESIGNATION, Termination.AGREEMENT,
                       Termination.TIME_FORFEIT)


class Analyser(Protocol):
    """What searches the positions: our worker (:class:`Thinker`), or an outside engine
    (:class:`game.play.hub_analyser.HubThinker`)."""

    memory_mb: int

    def start(self, variant: str, options: dict[str, Any] | None = None,
              fen: str | None = None, moves: Sequence[Move] = (), *,
              time: float | None = None, depth: int | None = None) -> None: ...

    def poll(self) -> ThinkResult | None: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's view of one position: White's score (1/100 man; forced results at ±CAP)
    and its best move and line there (none once the game is over). ``depth`` is how deep it
    was searched; 0 for a final position the rules decided, whose score is exact."""

    score: int
    best: Move | None
    pv: tuple[Move, ...]
    depth: int

    @property
    def searched(self) -> bool:
        """Whether the score is a searched value (or the rules' own): fit to compare."""
        return self.depth > 0 or self.best is None

    @property
    def men(self) -> float:
        """White's advantage in men, as the review shows it (+1.2: White a man and a bit up)."""
        return self.score / 100


class Analysis:
    """Verdicts for the positions of ``game`` (its start and after each move), filled in as
    the worker answers. ``depth`` searches each position to that depth instead of for
    ``time_per_position`` seconds (the same answer every time: tests)."""

    def __init__(self, game: Game, *, time_per_position: float = TIME_PER_POSITION,
                 depth: int | None = None,
                 thinker: Callable[[], Analyser] = Thinker,
                 memory_mb: int = DEFAULT_MEGABYTES) -> None:
        self.game = game.copy()
        self.memory_mb = memory_mb  # the search's memory (the player's setting)
        self.moves: tuple[Move, ...] = tuple(game.move_stack)
        self.start_fen = game.starting_fen()
        self.time = time_per_position
        self.depth = depth
        self.verdicts: list[Verdict | None] = [None] * (len(self.moves) + 1)
        self._make_thinker = thinker
        self._thinker: Analyser | None = None
        self._asked: int | None = None
        self.restarts = 0  # worker processes started again after one died
        self.shallow = False  # the workers kept dying: the rest is judged here
        self.error: str | None = None
        self.notice: Notice | None = None  # what the panel may say about the analysis
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
    def judged(self) -> int:
        """How many of the game's moves are judged: both positions around the move have their
        verdict (the review's progress, counted in moves as its header counts them)."""
        known = [v is not None for v in self.verdicts]
        return sum(a and b for a, b in zip(known, known[1:]))

    @property
    def finished(self) -> bool:
        return self.done == self.total or self.error is not None

    def update(self) -> bool:
        """Collect an answer and ask the next question; whether anything new arrived."""
        if self.finished:
            return False
        if self.shallow:
            return self._judge_here()
        if self._thinker is None:
            self._thinker = self._make_thinker()
            self._thinker.memory_mb = self.memory_mb
        new = False
        if self._asked is not None:
            answer = self._thinker.poll()
            if answer is None:
                return False
            ply, self._asked = self._asked, None
            if answer.died:
                self._worker_died()
                return self._judge_here() if self.shallow else False
            if answer.move is None:
                self.error = answer.error or "no answer"
                return True
            self._record(ply, answer.score, answer.move, answer.pv, answer.depth)
            new = True
        waiting = self._waiting()
        if waiting is not None:
            self._ask(waiting)
        return new

    def _waiting(self) -> int | None:
        return next((i for i, v in enumerate(self.verdicts) if v is None), None)

    def _ask(self, ply: int) -> None:
        assert self._thinker is not None
        self._asked = ply
        self._thinker.start(self.game.name, self.game.options, self.start_fen,
                            list(self.moves[:ply]), time=None if self.depth else self.time,
                            depth=self.depth)

    def _worker_died(self) -> None:
        """Start another worker on the same position, or give up on workers."""
        if self.restarts < RESTARTS:
            self.restarts += 1
            self.notice = Notice("board.analysis.restarted")
            waiting = self._waiting()
            if waiting is not None:
                self._ask(waiting)  # a new worker process starts on the request
        else:
            self.shallow = True
            self.notice = Notice("board.analysis.shallow")
            self.close()

    def _judge_here(self) -> bool:
        """Judge the next position in this process, quickly (a few milliseconds)."""
        ply = self._waiting()
        if ply is None:
            return False
        # from the start, as the worker does: a resignation after the last move is not there
        position = type(self.game).from_fen(self.start_fen, **self.game.options)
        for move in self.moves[:ply]:
            position.push(move)
        try:
            result = search(position, Limit(depth=SHALLOW_DEPTH, nodes=SHALLOW_NODES))
        except ValueError as error:
            self.error = str(error)
            return True
        self._record(ply, result.score, result.move, result.pv, max(1, result.depth))
        return True

    def _record(self, ply: int, score: int, best: Move, pv: tuple[Move, ...],
                depth: int) -> None:
        mover = self._turn_at(ply)
        score = max(-CAP, min(CAP, score if abs(score) < WON else (CAP if score > 0 else -CAP)))
        white = score if mover is Color.WHITE else -score
        self.verdicts[ply] = Verdict(white, best, pv, depth)

    def _turn_at(self, ply: int) -> Color:
        return self.turns[ply]

    def mistakes(self) -> dict[int, int]:
        """Plies (1 for the first move) whose move lost at least :data:`MISTAKE`, with how
        much it lost, from the view of the side that made it: the searched value of the
        position before the move against the searched value after it."""
        out: dict[int, int] = {}
        for ply in range(1, self.total):
            before, after = self.verdicts[ply - 1], self.verdicts[ply]
            if before is None or after is None or self.choices[ply - 1] < 2:
                continue  # not judged yet, or the only move: no choice, no mistake
            if not (before.searched and after.searched):
                continue  # a value that was not searched says nothing about the move
            white_moved = self._turn_at(ply - 1) is Color.WHITE
            loss = (before.score - after.score) if white_moved else (after.score - before.score)
            if loss >= MISTAKE:
                out[ply] = loss
        return out

    def close(self) -> None:
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None
        self._asked = None


__all__ = ["Analysis", "CAP", "MISTAKE", "Verdict"]
