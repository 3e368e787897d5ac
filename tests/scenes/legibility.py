"""Reading a screen as a player would at the smallest window: which words are too small, and
which are cut without an ellipsis (by a fitting function, or by the window's edge)."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.app import FIXED_DT, App
from game.demos import open_scene
from game.settings import MemoryStore
from game.ui import theme

SMALLEST = (800, 560)


class WatchedScreen(pygame.Surface):
    """A window that notes every line of text drawn where the window's edge cuts it."""

    def __init__(self, size: tuple[int, int], log: theme.TextLog) -> None:
        super().__init__(size)
        self.log = log
        self.outside: list[tuple[str, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        words = self.log.surfaces.get(source)
        if words is not None and words.strip():
            size = pygame.Rect(area).size if area is not None else source.get_size()
            at = dest.topleft if isinstance(dest, pygame.Rect) else dest
            rect = pygame.Rect((round(at[0]), round(at[1])), size)
            if not self.get_rect().contains(rect):
                self.outside.append((words, rect))
        return super().blit(source, dest, area, special_flags)


@dataclass
class Reading:
    """What one screen showed: its smallest letters and what was wrong."""

    name: str
    smallest: int
    too_small: set[tuple[int, str]] = field(default_factory=set)
    bad_cuts: list[tuple[str, str]] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    markup: set[str] = field(default_factory=set)  # words shown with their markup ("**")
    cuts: list[tuple[str, str]] = field(default_factory=list)

    @property
    def problems(self) -> list[str]:
        out = [f"{self.name}: {px} px {words!r}" for px, words in sorted(self.too_small)]
        out += [f"{self.name}: cut with no ellipsis {whole!r} -> {shown!r}"
                for whole, shown in self.bad_cuts]
        out += [f"{self.name}: cut by the window's edge {words!r}" for words in self.outside]
        out += [f"{self.name}: markup shown {words!r}" for words in sorted(self.markup)]
        return out


def smallest_app(language: str) -> App:
    app = App(MemoryStore(), size=SMALLEST, language=language)
    app.toasts.clear()
    return app


def forget_drawings() -> None:
    """Empty every cache of drawn pictures in the game (boards, diagrams, pages): their words
    are rendered again, where the watcher sees them."""
    for module in list(sys.modules.values()):
        if module is None or not module.__name__.startswith("game."):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == module.__name__:
                clear()


def read_screen(app: App, name: str, log: theme.TextLog, frames: int = 3) -> Reading:
    """Open staged screen ``name`` and read what its first frames draw."""
    forget_drawings()
    open_scene(app, name)
    return read_frames(app, name, log, frames)


def read_frames(app: App, name: str, log: theme.TextLog, frames: int = 3) -> Reading:
    """Draw ``frames`` frames of what is on the app's stack now and read them."""
    log.clear()
    screen = WatchedScreen(app.size, log)
    app.screen = screen
    app.redraw()
    for _ in range(frames):
        app.frame(FIXED_DT)
    drawn = [d for d in log.drawn if d.value.strip()]
    reading = Reading(name, min((d.px for d in drawn), default=0))
    reading.too_small = {(d.px, d.value) for d in drawn if d.px < theme.MIN_PX}
    reading.cuts = list(log.cuts)
    reading.bad_cuts = [(whole, shown) for whole, shown in log.cuts
                        if not (shown.endswith(theme.ELLIPSIS) or shown.startswith(theme.ELLIPSIS))]
    reading.outside = sorted({words for words, _ in screen.outside})
    reading.markup = {d.value for d in drawn if "**" in d.value}
    return reading
