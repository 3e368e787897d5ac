"""Screens by name: ``app.routes.push("board", play=..., start_in="review")``.

A route name stands for a function that builds a scene (a scene class, or a function that may
decide to build nothing and say why). The table of names lives with the screens
(``game.scenes.ROUTES``, "module:function" strings) and is read the first time a route is
used, the way the rules find a variant: the app and the screens know each other only by name,
and a screen's module is imported when it is first opened, not at start-up.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.scene_stack import SceneStack
    from game.screen import Screen

#: where the table of routes is: a module and its mapping of name -> "module:function"
TABLE = "game.scenes:ROUTES"


class Shows(Protocol):
    """What the routes need of the app: its stack of screens (the app itself is handed to
    every screen they build)."""

    @property
    def scenes(self) -> SceneStack: ...


class Routes:
    """Builds scenes by route name and asks the app's scene stack to show them (between
    frames, as every switch)."""

    def __init__(self, app: Shows, table: Mapping[str, str] | None = None) -> None:
        self.app = app
        self._table = table
        self._built: dict[str, Callable[..., Screen | None]] = {}

    @property
    def table(self) -> Mapping[str, str]:
        if self._table is None:
            module, name = TABLE.split(":")
            self._table = getattr(import_module(module), name)
        return self._table

    def names(self) -> list[str]:
        return sorted(self.table)

    def factory(self, name: str) -> Callable[..., Screen | None]:
        """The function behind route ``name`` (KeyError: no such route)."""
        found = self._built.get(name)
        if found is None:
            module, attribute = self.table[name].split(":")
            found = self._built[name] = getattr(import_module(module), attribute)
        return found

    def build(self, route: str, /, **args: Any) -> Screen | None:
        """The scene of ``route`` (None: the route decided to show nothing, and said why in a
        message)."""
        return self.factory(route)(self.app, **args)

    def push(self, route: str, /, **args: Any) -> Screen | None:
        """Show ``route`` over the current screen; the scene, or None if none came."""
        scene = self.build(route, **args)
        if scene is not None:
            self.app.scenes.push(scene)
        return scene

    def replace(self, route: str, /, **args: Any) -> Screen | None:
        """Show ``route`` in place of the current screen."""
        scene = self.build(route, **args)
        if scene is not None:
            self.app.scenes.replace(scene)
        return scene

    def reset(self, route: str, /, **args: Any) -> Screen | None:
        """Leave every screen and show ``route`` alone (back to the menu)."""
        scene = self.build(route, **args)
        if scene is not None:
            self.app.scenes.reset(scene)
        return scene
