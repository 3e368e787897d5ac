"""Driving the real app with posted input events, as a player would."""
from __future__ import annotations

import pygame

from game.app import FIXED_DT, App
from game.scene import Scene


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.frame(FIXED_DT)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move there, press and release: one frame per event, like a real hand."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def key(app: App, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="",
                                         scancode=0))
    step(app)


def top(app: App) -> Scene:
    scene = app.scenes.top
    assert scene is not None
    return scene
