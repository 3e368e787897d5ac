"""The stack of screens the app shows, and the switches requested between frames.

The stack draws from the topmost opaque screen up, so a dialog pushed over a board shows the
board dimmed behind it. Switches are requests: they are applied between frames, never while
a screen is handling an event. It knows a screen only as a :class:`~game.screen.Screen`.
"""
from __future__ import annotations

from collections.abc import Callable

from game.screen import Screen
from game.ui.widgets import forget_hover


class SceneStack:
    """The scenes of the app, bottom to top, and the switches requested for the next frame."""

    def __init__(self, on_empty: Callable[[], None],
                 size: Callable[[], tuple[int, int]]) -> None:
        """``on_empty``: called when the last screen leaves; ``size``: the window's size
        now (a screen entering is laid out for it)."""
        self._stack: list[Screen] = []
        self._requests: list[tuple[str, Screen | None]] = []
        self._on_empty = on_empty
        self._size = size

    # requests (applied between frames) --------------------------------------------------------
    def push(self, scene: Screen) -> None:
        self._requests.append(("push", scene))

    def pop(self) -> None:
        self._requests.append(("pop", None))

    def replace(self, scene: Screen) -> None:
        """Swap the top scene for another (no resume of the one below)."""
        self._requests.append(("replace", scene))

    def reset(self, scene: Screen) -> None:
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

    def _enter(self, scene: Screen) -> None:
        scene.on_resize(self._size())
        self._stack.append(scene)
        scene.on_enter()

    # reading ---------------------------------------------------------------------------
    @property
    def top(self) -> Screen | None:
        return self._stack[-1] if self._stack else None

    def __len__(self) -> int:
        return len(self._stack)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._stack)

    def visible(self) -> list[Screen]:
        """The scenes to draw, bottom first: the top one and the overlays' backdrops."""
        start = len(self._stack) - 1
        while start > 0 and self._stack[start].overlay:
            start -= 1
        return self._stack[max(0, start):]
