"""The computer in a seat of a board game: it thinks in a worker process (:mod:`game.ai`)
polled, so the window never waits for it.

A move is handed over no sooner than ``min_delay`` seconds after the computer was asked, so a
person can follow the game even when the answer comes at once.

If the worker process dies in the middle of a search (killed, out of memory), the next poll
notices it: a new worker is started and asked again; if that one dies too, the move is found
here, in this process, by a quick low level, and the game goes on. Either way the seat's
``notice`` says so in one line.
"""
from __future__ import annotations

import random
import time as _time
from collections.abc import Callable

from game.ai.levels import LEVELS, choose_move
from game.ai.worker import Thinker, ThinkResult
from game.play.seats import EngineBudget, Notice, Seat
from game.rules.core import Color, Game, Move, PieceKind

#: the most seconds a level may think per move in the window (the top level uses all)
MOVE_TIME = 2.0
#: a king counts this many men when the computer weighs a draw offer
KING_WEIGHT = 2.5
#: new workers started for one move before the move is found in this process instead
RESTARTS_PER_MOVE = 1
#: the level (at most) of a move found in this process: a search short enough not to be felt
FALLBACK_LEVEL = 2


class ComputerPlayer(Seat):
    """Plays at ``level`` (1-8) through a :class:`Thinker` of its own."""

    is_person = False
    at_window = False
    kind = "computer"

    def __init__(self, level: int, *, min_delay: float = 0.6, move_time: float = MOVE_TIME,
                 thinker: Thinker | None = None,
                 clock: Callable[[], float] = _time.monotonic,
                 budget: EngineBudget | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be 1 to {max(LEVELS)}, not {level!r}")
        self.level = level
        self.min_delay = min_delay
        self.move_time = move_time
        self._thinker = thinker
        self._clock = clock
        self._asked_at: float | None = None
        self._answer: ThinkResult | None = None
        self._game: Game | None = None  # the position asked about (to ask again)
        self._restarts = 0  # new workers started for the move asked for
        self._fallback: Move | None = None  # a move found here when the workers failed
        self.error: str | None = None
        self.notice: Notice | None = None
        self.budget = budget if budget is not None else EngineBudget()
        if thinker is not None:
            thinker.memory_mb = self.budget.memory_mb
            thinker.processes = self.budget.processes

    @property
    def thinker(self) -> Thinker:
        if self._thinker is None:
            self._thinker = Thinker(self.budget.memory_mb, self.budget.processes)
        return self._thinker

    def use_engine(self, budget: EngineBudget) -> None:
        """Follow the player's settings at once: with pondering turned off a search on the
        opponent's time stops now (the worker goes idle); a new memory budget and a new number
        of search processes hold from the next request (the worker makes its table again)."""
        self.budget = budget
        if self._thinker is None:
            return
        self._thinker.memory_mb = budget.memory_mb
        self._thinker.processes = budget.processes
        if not budget.ponder and self._thinker.pondering:
            self._thinker.cancel()

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
        self._answer = None
        self._fallback = None
        self._restarts = 0
        self._game = position
        self._asked_at = self._clock()
        self._ask()

    def _ask(self) -> None:
        game = self._game
        assert game is not None
        self.thinker.start(game.name, game.options, game.starting_fen(), list(game.move_stack),
                           level=self.level, time=self.move_time, elapsed=game.elapsed)

    def ponder(self, position: object) -> None:
        """Think on the opponent's time: at level 8, once the computer's move is on the
        board, search the position (the person to move) in the worker until the person moves
        (:meth:`begin` then starts from what it found) or :meth:`cancel`. Not when the
        player turned it off (``budget.ponder``)."""
        if self.level != 8 or not self.budget.ponder or self._asked_at is not None:
            return
        assert isinstance(position, Game)
        game = position
        self.thinker.ponder(game.name, game.options, game.starting_fen(),
                            list(game.move_stack))

    def poll(self) -> Move | None:
        if self._asked_at is None:
            return None
        if self._answer is None and self._fallback is None:
            answer = self.thinker.poll()
            if answer is None:
                return None
            if answer.died:
                self._recover(answer)
                if self._fallback is None:
                    return None
            else:
                self._answer = answer
        if self._clock() - self._asked_at < self.min_delay:
            return None
        if self._fallback is not None:
            move, self._fallback, self._asked_at = self._fallback, None, None
            return move
        answer, self._answer, self._asked_at = self._answer, None, None
        assert answer is not None
        if answer.move is None:
            self.error = answer.error or "the computer found no move"
            return self._move_here()
        return answer.move

    def _recover(self, answer: ThinkResult) -> None:
        """The worker died: start another and ask again, or find the move here."""
        self.error = answer.error
        if self._restarts < RESTARTS_PER_MOVE:
            self._restarts += 1
            self.notice = Notice("board.worker.restarted")
            self._ask()  # a new worker process starts on the request
        else:
            self.notice = Notice("board.worker.fallback")
            self._fallback = self._move_here()

    def _move_here(self) -> Move | None:
        """A move found in this process by a quick low level (when no worker answers)."""
        game = self._game
        if game is None or not game.every_move():
            return None
        level = min(self.level, FALLBACK_LEVEL)
        return choose_move(game, level, random.Random(), time=0.05)

    def cancel(self) -> None:
        if self._thinker is not None and (self._asked_at is not None or self._thinker.busy):
            self._thinker.cancel()  # a move asked for, or pondering
        self._asked_at = None
        self._answer = None
        self._fallback = None

    def accepts_draw(self, game: Game, color: Color) -> bool:
        """The computer takes a draw when it is not ahead in material (in giveaway, ahead
        means fewer pieces; in a race, not ahead in the race)."""
        lead = game.lead(color)
        if lead is not None:
            return lead <= 0
        score = {Color.WHITE: 0.0, Color.BLACK: 0.0}
        for _, piece in game.pieces():
            score[piece.color] += KING_WEIGHT if piece.kind is PieceKind.KING else 1.0
        if not game.more_pieces_win:
            return score[color] >= score[color.other]
        return score[color] <= score[color.other]

    def close(self) -> None:
        self.cancel()
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "level": self.level}
