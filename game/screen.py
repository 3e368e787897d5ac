"""What the app and its stack of screens drive: the :class:`Screen` base class.

Every screen is a :class:`game.scene.Scene`, a Screen that knows the app. The app
(:mod:`game.app`), the stack (:mod:`game.scene_stack`) and the route table
(:mod:`game.routes`) know screens only as Screens, so none of them imports the scene base
class, which in turn knows the app only through :class:`game.app_like.AppLike`: the app, the
routes and the scenes are no import circle, counting the imports made for type checking.
"""
from __future__ import annotations

import abc
from typing import Any, ClassVar

import pygame


class Screen(abc.ABC):
    """One screen as the app and its stack drive it: lifecycle hooks, input, a fixed-step
    update and drawing. Every screen is a :class:`game.scene.Scene`, which adds the app."""

    #: an overlay is drawn over the scene below it (dialogs); an opaque scene hides it
    overlay: ClassVar[bool] = False
    #: the name ``--screenshot`` and the benchmark use for it
    key: ClassVar[str] = ""
    #: the size the screen is laid out for (the window's)
    size: tuple[int, int]

    @property
    def animating(self) -> bool:
        """True while the picture changes without input (pieces moving, a clock running).

        The app draws a frame after any input or switch; between them it draws only while some
        visible scene is animating, so an idle screen costs nothing.
        """
        return False

    # lifecycle ---------------------------------------------------------------------------
    def on_enter(self) -> None:
        """Became part of the stack (pushed, or put in place by a replace)."""

    def on_leave(self) -> None:
        """Removed from the stack."""

    def on_pause(self) -> None:
        """Another scene was pushed over this one."""

    def on_resume(self) -> None:
        """The scene over this one was popped; this one is on top again."""

    def on_quit(self) -> None:
        """The program is closing with this scene in the stack (keep what must be kept)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay out again (also called once before entering)."""
        self.size = size

    def on_settings_changed(self) -> None:
        """The player changed a setting (``app.settings`` has it): follow it at once."""

    # input and time ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True when it was used."""
        return False

    @abc.abstractmethod
    def on_back(self) -> None:
        """Esc: go back one level."""

    @abc.abstractmethod
    def open_from_outside(self, **what: Any) -> None:
        """A game from outside the window (a dropped file: the ``open`` route's arguments) to
        show."""

    def fixed_update(self, dt: float) -> None:
        """Advance the scene's model by exactly ``dt`` seconds (called at a fixed rate)."""

    def background_update(self, dt: float) -> None:
        """Keep up what may not wait while another scene (a dialog) is over this one: a
        network link's heartbeat. Called instead of ``fixed_update`` below the top."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw the scene; ``alpha`` in [0, 1) is how far time is between two fixed steps."""

    def notice_room(self) -> pygame.Rect | None:
        """Where the app's messages go while this screen is on top (a board's panel, so that
        they never cover the board); None: across the top of the window."""
        return None

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """Where the picture may change in a frame drawn only because the scene animates (no
        input, no switch, no resize since the last frame), or None: anywhere.

        The app then copies only these parts of the frame to the window, which is most of a
        frame's cost in a real window. A scene must name every place its animation can touch
        (a gliding piece's board, a clock); when unsure, None: the whole window is copied.
        """
        return None
