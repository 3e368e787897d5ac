"""An outside Hub engine (Scan) as the review's analyser: asked position after position as
our worker is (:class:`~game.review.analysis.Analysis` takes either), each searched with
``go analyze`` for the review's time, its last ``info`` line the verdict (its score for the
side to move, its line) and its ``done`` move the best.

An engine that fails (does not start, stops, says nothing, answers with no move, gives no
score) answers as a worker that died: the analysis starts it again, and after a few such
deaths judges the rest of the game with our own engine, saying so.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.hub import HubError, hub_move
from game.ai.worker import ThinkResult
from game.play.hub_seat import GRACE, STARTUP, HubEngineSeat
from game.rules import find_variant
from game.rules.core import Game, Move
from game.rules.international import International

#: the seconds of a search asked only by depth (the engine is told a time, not a depth)
DEPTH_SECONDS = 1.0


class HubThinker:
    """Searches positions with the engine started by ``command``, one at a time."""

    def __init__(self, command: Sequence[str], *, name: str = "", startup: float = STARTUP,
                 grace: float = GRACE) -> None:
        self.command = list(command)
        self.name = name
        self.startup = startup
        self.grace = grace
        #: what the settings allow our own search (an outside engine keeps its own memory)
        self.memory_mb = 0
        self._seat: HubEngineSeat | None = None
        self._game: Game | None = None

    def _engine(self) -> HubEngineSeat:
        """The engine's seat, started again after it failed."""
        if self._seat is None or self._seat.failed:
            if self._seat is not None:
                self._seat.close()
            self._seat = HubEngineSeat(self.command, name=self.name, startup=self.startup,
                                       grace=self.grace, analyse=True)
        return self._seat

    def start(self, variant: str, options: dict[str, Any] | None = None,
              fen: str | None = None, moves: Sequence[Move] = (), *,
              time: float | None = None, depth: int | None = None, **_: object) -> None:
        """Search the position of ``variant`` from ``fen`` after ``moves`` for ``time``
        seconds (as :meth:`game.ai.worker.Thinker.start` is asked)."""
        cls = find_variant(variant)
        game = cls.from_fen(fen, **dict(options or {})) if fen else cls.new(**dict(options or {}))
        for move in moves:
            game.push(move)
        seat = self._engine()
        seat.move_time = time if time is not None else DEPTH_SECONDS
        self._game = game
        seat.begin(game.copy())

    def poll(self) -> ThinkResult | None:
        game, seat = self._game, self._seat
        if game is None or seat is None:
            return None
        move = seat.poll()
        if move is None:
            if not seat.failed:
                return None
            self._game = None
            notice = seat.notice
            why = "" if notice is None else f"{notice.key} {notice.values.get('detail', '')}"
            return ThinkResult(None, "", 0, 0, 0, (), error=why.strip(), died=True)
        self._game = None
        info = seat.last_info
        if not isinstance(move, Move) or info is None:
            seat.close()  # no score to judge by: as if it had died
            self._seat = None
            return ThinkResult(None, "", 0, 0, 0, (), error="the engine gave no score",
                               died=True)
        return ThinkResult(move, game.hub_text(move), info.score, max(1, info.depth),
                           info.nodes, self._line(game, move, info.pv))

    @staticmethod
    def _line(game: Game, best: Move, texts: Sequence[str]) -> tuple[Move, ...]:
        """The engine's line as moves, as far as they are legal, starting with its move."""
        line: list[Move] = []
        replay = game.copy()
        for text in texts:
            try:
                assert isinstance(replay, International)  # the games Hub names are
                move = hub_move(replay, text)
            except (HubError, AssertionError):
                break
            line.append(move)
            replay.push(move)
        if not line or line[0] != best:
            return (best,)
        return tuple(line)

    def close(self) -> None:
        if self._seat is not None:
            self._seat.close()
            self._seat = None
        self._game = None
