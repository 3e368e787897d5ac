"""The board's clocks as on a table: the panel's clock faces redrawn when what they show
changes (and nothing else), Apokachi's game timer, and a tick in the last seconds."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ui.player_rows import LOW_SECONDS, ClockFace, shown_faces

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.scenes.board.review import Review
    from game.scenes.board.state import BoardState
    from game.ui.board_panel import BoardPanel


class Clocks:
    """A part of the board screen: what the clocks show, and when that asks for a frame.
    ``thinking``: the depth the computer to move has reached (None: it is not thinking)."""

    def __init__(self, state: BoardState, app: AppLike, panel: BoardPanel,
                 thinking: Callable[[], int | None], review: Review) -> None:
        self.state = state
        self.app = app
        self.panel = panel
        self.thinking = thinking
        self.review = review
        self._panel_shown: tuple[object, ...] = ()
        self._faces_shown: tuple[ClockFace, ...] = ()
        self._ticked: int | None = None  # the last second of a running clock that ticked

    def show_changes(self) -> None:
        """A frame when what the panel shows changed, and only then: the "thinking…" mark,
        the analysis, Apokachi's timer (the whole panel), or a clock face (that face alone:
        ten times a second in the last seconds, once a second before)."""
        analysis = self.review.analysis
        shown = (self.thinking(), analysis.done if analysis is not None else None,
                 self._timer_seconds())
        faces = shown_faces(self.state.play)
        if shown != self._panel_shown:
            self._panel_shown = shown
            self.app.redraw()
        elif faces != self._faces_shown:
            self.app.redraw(self.panel.players.faces)
        self._faces_shown = faces
        self._tick()

    def _timer_seconds(self) -> int | None:
        """The whole seconds Apokachi's game timer shows."""
        remaining = self.state.game.remaining_time()
        return None if remaining is None else math.ceil(remaining)

    def _tick(self) -> None:
        """A short tick each second of the running clock's last ten (with the sound on)."""
        play = self.state.play
        clock = play.clock
        second = None
        if clock is not None and play.clock_running():
            left = clock.left[self.state.game.turn]
            if 0 < left < LOW_SECONDS:
                second = math.ceil(left)
        if second is not None and second != self._ticked:
            self.app.sound.play("tick", 0.6)
        self._ticked = second
