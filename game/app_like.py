"""What a screen needs of the app: the :class:`AppLike` protocol.

The screens (:class:`game.scene.Scene` and every screen built on it) know the app through
this protocol, not through :class:`game.app.App`, which holds the stack of screens and so
imports the scene base class: the app, the routes and the scenes are no import circle, even
counting the imports made only for type checking.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.notices import Kind

if TYPE_CHECKING:
    import pygame

    from game.routes import Routes
    from game.saves import Saves
    from game.scene_stack import SceneStack
    from game.settings import Settings
    from game.sound import Sound


class AppLike(Protocol):
    """The window's app as its screens use it: the stack of screens and the routes that
    build them by name, the settings, the sound, the game files, the messages."""

    settings: Settings
    sound: Sound
    #: the game files (None where nothing is kept: screenshots and benchmarks)
    saves: Saves | None
    #: frames drawn so far (a screen that waits a frame before slow work counts them)
    frames: int

    @property
    def size(self) -> tuple[int, int]:
        """The window's size now."""

    @property
    def scenes(self) -> SceneStack:
        """The screens shown, bottom to top; switches are requests applied between frames."""

    @property
    def routes(self) -> Routes:
        """The screens by name: ``app.routes.push("board", play=...)``."""

    def notify(self, message: str, kind: Kind = Kind.NOTICE, details: str | None = None) -> None:
        """A message over the screen (a notice goes by itself, an error stays)."""

    def redraw(self, parts: list[pygame.Rect] | None = None) -> None:
        """Draw the next frame (only ``parts`` of it changed, when given)."""

    def change_settings(self, settings: Settings) -> None:
        """Apply new settings at once and keep them."""

    def quit(self) -> None:
        """Close the window once this frame is over."""
