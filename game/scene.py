"""The base class of every screen.

A scene is one screen (the menu, a board, a dialog): lifecycle hooks, input, a fixed-step
update and drawing, the :class:`~game.screen.Screen` the app and its stack
(:mod:`game.scene_stack`) drive. A scene knows the app through
:class:`~game.app_like.AppLike`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import tr
from game.screen import Screen

if TYPE_CHECKING:
    from game.app_like import AppLike


class Scene(Screen):
    """One screen of the app: a :class:`~game.screen.Screen` that knows the app (through
    :class:`~game.app_like.AppLike`)."""

    def __init__(self, app: AppLike) -> None:
        self.app = app
        self.size: tuple[int, int] = app.size

    @property
    def on_top(self) -> bool:
        """The scene gets the input: nothing (a dialog, a pause) is over it. A scene draws
        its hover-only things (tooltips) only while this holds."""
        return self.app.scenes.top is self

    # input -----------------------------------------------------------------------------------
    def on_back(self) -> None:
        """Esc: go back one level. By default leave this scene."""
        self.app.scenes.pop()

    def open_from_outside(self, **what: Any) -> None:
        """A game from outside the window (a dropped file: the ``open`` route's arguments) to
        show: over this screen, by default. A screen with a game takes it in its place (and
        asks first while the game is in progress); a dialog has to be answered first."""
        if self.overlay:
            self.app.notify(tr("saves.drop_later"))
            return
        self.app.routes.push("open", **what)
