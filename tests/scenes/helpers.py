"""Driving the real app with posted input events, as a player would."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.app import FIXED_DT, App
from game.saves import Saves
from game.scene import Scene


def menu_app(folder: Path) -> App:
    """A window of 1280x800 in English on the menu, its games kept in ``folder``/data."""
    from game.scenes.menu import MenuScene

    app = App(size=(1280, 800), language="en")
    app.saves = Saves(folder / "data")
    app.start(MenuScene(app))
    return app


def store_of(app: App) -> Saves:
    """The window's kept games."""
    store = app.saves
    assert isinstance(store, Saves)
    return store


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
    assert isinstance(scene, Scene)
    return scene


def paste(app: App, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    """Ctrl+V with ``text`` in the clipboard."""
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: text)
    key(app, pygame.K_v, pygame.KMOD_CTRL)
    step(app)


def drop(app: App, path: Path) -> None:
    """The file at ``path`` dropped on the window."""
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    step(app, 2)


def shoot(app: App, name: str) -> None:
    """Draw the frame whole; keep the picture as ``name``.png if asked to (the folder that
    SHASHKI_SHOTS names), to be looked at."""
    app.redraw()
    step(app)
    folder = os.environ.get("SHASHKI_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))
