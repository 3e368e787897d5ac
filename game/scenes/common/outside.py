"""A game from outside the window (a pasted text, a dropped file) opened from a screen that
shows a game: it takes that game's place. What is given is read first: what cannot be opened
says why (of the clipboard, or naming the file) and asks nothing; what can is asked about
while the game is in progress, and the game left stays on the Games screen, unfinished (it
was kept after its last move)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.app_like import AppLike


def open_instead(app: AppLike, in_progress: bool, **what: Any) -> None:
    """Open ``what`` (the ``open`` route's arguments) in place of the current screen. It is
    read first (a long PDN text a slice a frame, over the screen); the question, if the game
    is in progress, comes only once it has been read and can be shown. What cannot be opened
    says why and the current game stays on the screen."""
    shown = app.routes.build("open", instead=True, ask=in_progress, **what)
    if shown is None:
        return
    if shown.overlay:  # a long text being read, or the question: it puts the game in place
        app.scenes.push(shown)
    else:
        app.scenes.replace(shown)
