"""The board's clocks as on a table: the panel's clock faces redrawn when what they show
changes (and nothing else), Apokachi's game timer, and a tick in the last seconds."""
from __future__ import annotations

import math
from typing import Any

from game.ui.player_rows import LOW_SECONDS, shown_faces


class BoardClocks:
    """Part of the board scene: what the clocks show, and when that asks for a frame."""

    def _show_changes(self: Any) -> None:
        """A frame when what the panel shows changed, and only then: the "thinking…" mark,
        the analysis, Apokachi's timer (the whole panel), or a clock face (that face alone:
        ten times a second in the last seconds, once a second before)."""
        shown = (self.thinking(), self.analysis.done if self.analysis is not None else None,
                 self._timer_seconds())
        faces = shown_faces(self.play)
        if shown != self._panel_shown:
            self._panel_shown = shown
            self.app.redraw()
        elif faces != self._faces_shown:
            self.app.redraw(self.panel_view.players.faces)
        self._faces_shown = faces
        self._tick()

    def _timer_seconds(self: Any) -> int | None:
        """The whole seconds Apokachi's game timer shows."""
        remaining = self.game.remaining_time()
        return None if remaining is None else math.ceil(remaining)

    def _tick(self: Any) -> None:
        """A short tick each second of the running clock's last ten (with the sound on)."""
        clock = self.play.clock
        second = None
        if clock is not None and self.play.clock_running():
            left = clock.left[self.game.turn]
            if 0 < left < LOW_SECONDS:
                second = math.ceil(left)
        if second is not None and second != self._ticked:
            self.app.sound.play("tick", 0.6)
        self._ticked = second
