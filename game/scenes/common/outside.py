"""A game from outside the window (a pasted text, a dropped file) opened from a screen that
shows a game: it takes that game's place, and a game in progress is asked about first. The
game left stays on the Games screen, unfinished (it was kept after its last move)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.scenes.common.dialog import ConfirmDialog

if TYPE_CHECKING:
    from game.app import App


def open_instead(app: App, in_progress: bool, **what: Any) -> None:
    """Open ``what`` (the ``open`` route's arguments) in place of the current screen, after a
    question if its game is in progress. What cannot be opened says why and the current game
    stays on the screen."""

    def go() -> None:
        shown = app.routes.build("open", instead=True, **what)
        if shown is None:
            return
        if shown.overlay:  # a long PDN text being read: it takes the place when it is read
            app.scenes.push(shown)
        else:
            app.scenes.replace(shown)

    if in_progress:
        app.scenes.push(ConfirmDialog(app, "saves.ask.open", "saves.ask.open.yes", go))
    else:
        go()
