"""Scenes and the stack that holds them.

A scene is one screen (the menu, a board, a dialog). The stack draws from the topmost opaque
scene up, so a dialog pushed over a board shows the board dimmed behind it. Switches are
requests: they are applied between frames, never while a scene is handling an event.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.i18n import tr
from game.ui.widgets import forget_hover

if TYPE_CHECKING:
    from game.app import App


class Scene:
    """One screen: lifecycle hooks, input, a fixed-step update and drawing."""

    #: an overlay is drawn over the scene below it (dialogs); an opaque scene hides it
    overlay: ClassVar[bool] = False
    #: the name ``--screenshot`` and the benchmark use for it
    key: ClassVar[str] = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.size: tuple[int, int] = app.size

    @property
    def animating(self) -> bool:
        """True while the picture changes without input (pieces moving, a clock running).

        The app draws a frame after any input or switch; between them it draws only while some
        visible scene is animating, so an idle screen costs nothing.
        """
        return False

    @property
    def on_top(self) -> bool:
        """The scene gets the input: nothing (a dialog, a pause) is over it. A scene draws
        its hover-only things (tooltips) only while this holds."""
        return self.app.scenes.top is self

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


class SceneStack:
    """The scenes of the app, bottom to top, and the switches requested for the next frame."""

    def __init__(self, on_empty: Callable[[], None]) -> None:
        self._stack: list[Scene] = []
        self._requests: list[tuple[str, Scene | None]] = []
        self._on_empty = on_empty

    # requests (applied between frames) --------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self._requests.append(("push", scene))

    def pop(self) -> None:
        self._requests.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (no resume of the one below)."""
        self._requests.append(("replace", scene))

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene`` (e.g. back to the menu)."""
        self._requests.append(("reset", scene))

    @property
    def pending(self) -> bool:
        return bool(self._requests)

    def apply(self) -> None:
        """Carry out the requested switches in order, calling the lifecycle hooks."""
        if self._requests:
            forget_hover()  # the pointer's moves now go to another scene
        while self._requests:
            action, scene = self._requests.pop(0)
            if action == "push" and scene is not None:
                if self._stack:
                    self._stack[-1].on_pause()
                self._enter(scene)
            elif action == "pop":
                if self._stack:
                    self._stack.pop().on_leave()
                if self._stack:
                    self._stack[-1].on_resume()
                else:
                    self._on_empty()
            elif action == "replace" and scene is not None:
                if self._stack:
                    self._stack.pop().on_leave()
                self._enter(scene)
            elif action == "reset" and scene is not None:
                while self._stack:
                    self._stack.pop().on_leave()
                self._enter(scene)

    def _enter(self, scene: Scene) -> None:
        scene.on_resize(scene.app.size)
        self._stack.append(scene)
        scene.on_enter()

    # reading ---------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    def __len__(self) -> int:
        return len(self._stack)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._stack)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and the overlays' backdrops."""
        start = len(self._stack) - 1
        while start > 0 and self._stack[start].overlay:
            start -= 1
        return self._stack[max(0, start):]
