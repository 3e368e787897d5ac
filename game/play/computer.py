"""The computer in a seat of a board game: it thinks in a worker process (:mod:`game.ai`)
polled, so the window never waits for it.

A move is handed over no sooner than ``min_delay`` seconds after the computer was asked, so a
person can follow the game even when the answer comes at once.
"""
from __future__ import annotations

import time as _time
from collections.abc import Callable

from game.ai.levels import LEVELS
from game.ai.worker import Thinker, ThinkResult
from game.play.seats import Seat
from game.rules.core import Color, Game, Move, PieceKind

#: the most seconds a level may think per move in the window (the top level uses all)
MOVE_TIME = 2.0
#: a king counts this many men when the computer weighs a draw offer
KING_WEIGHT = 2.5


class ComputerPlayer(Seat):
    """Plays at ``level`` (1-8) through a :class:`Thinker` of its own."""

    is_person = False
    kind = "computer"

    def __init__(self, level: int, *, min_delay: float = 0.6, move_time: float = MOVE_TIME,
                 thinker: Thinker | None = None,
                 clock: Callable[[], float] = _time.monotonic) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be 1 to {max(LEVELS)}, not {level!r}")
        self.level = level
        self.min_delay = min_delay
        self.move_time = move_time
        self._thinker = thinker
        self._clock = clock
        self._asked_at: float | None = None
        self._answer: ThinkResult | None = None
        self.error: str | None = None

    @property
    def thinker(self) -> Thinker:
        if self._thinker is None:
            self._thinker = Thinker()
        return self._thinker

    @property
    def thinking(self) -> bool:
        """Asked for a move and not answered yet."""
        return self._asked_at is not None

    def progress(self) -> int:
        """The depth the search has completed so far."""
        return self.thinker.progress() if self.thinking else 0

    def prepare(self) -> None:
        self.thinker.warm_up()

    def begin(self, position: object) -> None:
        assert isinstance(position, Game), "the computer seat plays board games"
        game = position
        self._answer = None
        self._asked_at = self._clock()
        self.thinker.start(game.name, game.options, game.starting_fen(), list(game.move_stack),
                           level=self.level, time=self.move_time, elapsed=game.elapsed)

    def ponder(self, position: object) -> None:
        """Think on the opponent's time: at level 8, once the computer's move is on the
        board, search the position (the person to move) in the worker until the person moves
        (:meth:`begin` then starts from what it found) or :meth:`cancel`."""
        if self.level != 8 or self._asked_at is not None:
            return
        assert isinstance(position, Game)
        game = position
        self.thinker.ponder(game.name, game.options, game.starting_fen(),
                            list(game.move_stack))

    def poll(self) -> Move | None:
        if self._asked_at is None:
            return None
        if self._answer is None:
            self._answer = self.thinker.poll()
            if self._answer is None:
                return None
        if self._clock() - self._asked_at < self.min_delay:
            return None
        answer, self._answer, self._asked_at = self._answer, None, None
        if answer.move is None:
            self.error = answer.error or "the computer found no move"
        return answer.move

    def cancel(self) -> None:
        if self._thinker is not None and (self._asked_at is not None or self._thinker.busy):
            self._thinker.cancel()  # a move asked for, or pondering
        self._asked_at = None
        self._answer = None

    def accepts_draw(self, game: Game, color: Color) -> bool:
        """The computer takes a draw when it is not ahead in material."""
        score = {Color.WHITE: 0.0, Color.BLACK: 0.0}
        for _, piece in game.pieces():
            score[piece.color] += KING_WEIGHT if piece.kind is PieceKind.KING else 1.0
        return score[color] <= score[color.other]

    def close(self) -> None:
        self.cancel()
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "level": self.level}
