"""The computer's advice to the person to move: its best move, the line it expects and the
position's value, searched in a worker process that the window polls.

The value is the position's searched value (a single legal move is searched too), White's,
in hundredths of a man, as the review shows it. If the worker dies, a new one is asked again;
if that one dies too, the advice is found here by a shallow search (a few milliseconds), and
``notice`` says so in one line.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.engine import search
from game.ai.search import Limit
from game.ai.table import DEFAULT_MEGABYTES
from game.ai.worker import Thinker
from game.play.seats import Notice
from game.rules.core import Color, Game, Move

#: seconds the advice thinks
ADVICE_SECONDS = 1.0
#: a position judged here, when no worker answers
SHALLOW = Limit(depth=2, nodes=3000)


@dataclass(frozen=True, slots=True)
class AdviceAnswer:
    """The advised move, the line that follows it, White's score (1/100 man) and the depth."""

    move: Move
    pv: tuple[Move, ...]
    score: int
    depth: int


class Advice:
    """Asks for advice on a game's position and polls for it (never waits)."""

    def __init__(self, *, seconds: float = ADVICE_SECONDS,
                 thinker: Callable[[], Thinker] = Thinker,
                 memory_mb: int = DEFAULT_MEGABYTES) -> None:
        self.seconds = seconds
        self.memory_mb = memory_mb  # the search's memory (the player's setting)
        self._make_thinker = thinker
        self._thinker: Thinker | None = None
        self._game: Game | None = None
        self._restarted = False
        self.notice: Notice | None = None

    @property
    def asked(self) -> bool:
        """Whether advice was asked for and has not come yet."""
        return self._game is not None

    def ask(self, game: Game) -> None:
        """Ask for advice in ``game``'s position (the one asked before is dropped)."""
        self._game = game.copy()
        self._restarted = False
        self._start()

    def _start(self) -> None:
        game = self._game
        assert game is not None
        if self._thinker is None:
            self._thinker = self._make_thinker()
            self._thinker.memory_mb = self.memory_mb
        self._thinker.start(game.name, game.options, game.starting_fen(),
                            list(game.move_stack), time=self.seconds, elapsed=game.elapsed)

    def poll(self) -> AdviceAnswer | None:
        """The advice once it has come (once), else None."""
        game = self._game
        if game is None or self._thinker is None:
            return None
        answer = self._thinker.poll()
        if answer is None:
            return None
        if answer.died and not self._restarted:
            self._restarted = True
            self.notice = Notice("board.worker.restarted")
            self._start()
            return None
        self._game = None
        if answer.move is None:  # died again, or failed: a shallow search here
            if answer.died:
                self.notice = Notice("board.advice.fallback")
            if not game.every_move():
                return None
            result = search(game, SHALLOW)
            score, move, pv, depth = result.score, result.move, result.pv, result.depth
        else:
            score, move, pv, depth = answer.score, answer.move, answer.pv, answer.depth
        white = score if game.turn is Color.WHITE else -score
        return AdviceAnswer(move, pv, white, depth)

    def cancel(self) -> None:
        if self._thinker is not None and self._game is not None:
            self._thinker.cancel()
        self._game = None

    def close(self) -> None:
        self.cancel()
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None
