"""Two windows of the game in one process playing each other over 127.0.0.1, driven with
the mouse and keys: host from the menu, find the game on the (loopback) network, join it.
Every wait has a deadline; nothing reaches past loopback and nothing is broadcast."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import App
from game.demos import open_scene
from game.i18n import tr
from game.scene import Scene
from game.scenes.common import network
from game.scenes.network.join import JoinScene
from game.scenes.network.lobby import NetworkScene
from game.settings import MemoryStore
from game.ui.widgets import Button
from tests.net.helpers import LOOPBACK, free_udp_port
from tests.scenes.helpers import click, step, top


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> Iterator[network.Lan]:
    """Hosting and finding on loopback only, on ports the system picks."""
    place = network.Lan(bind=LOOPBACK, port=0, announce=LOOPBACK,
                        discovery_port=free_udp_port(), finder_bind=LOOPBACK)
    monkeypatch.setattr(network, "LAN", place)
    yield place


def new_app(language: str = "en", size: tuple[int, int] = (1280, 800), *,
            kept: bool = False) -> App:
    """A window at the menu; ``kept``: its games are kept in the (test's own) library."""
    app = App(None if kept else MemoryStore(), size=size, language=language)
    open_scene(app, "menu")
    step(app)
    return app


def run(apps: tuple[App, ...], done: Callable[[], bool], timeout: float = 8.0) -> bool:
    """Step every window (no input waiting) until ``done()`` or the deadline."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for app in apps:
            step(app)
        if done():
            return True
        time.sleep(0.001)
    return False


def button(buttons: list[Button], label: str) -> Button:
    return next(b for b in buttons if b.label == label)


def to_network(app: App) -> NetworkScene:
    """The menu's "Play over the network", clicked."""
    menu = top(app)
    click(app, button(menu.buttons.buttons, tr("menu.network")).rect.center)  # type: ignore[attr-defined]
    scene = top(app)
    assert isinstance(scene, NetworkScene)
    return scene


def host(app: App, game_key: str) -> Scene:
    """Host ``game_key`` from the menu with clicks; the game's screen, waiting."""
    lobby = to_network(app)
    click(app, button(lobby.hosts, tr(f"game.{game_key}")).rect.center)
    setup = top(app)
    assert setup.start is not None  # type: ignore[attr-defined]
    assert setup.start.label == tr("setup.host")  # type: ignore[attr-defined]
    click(app, setup.start.rect.center)  # type: ignore[attr-defined]
    step(app)
    return top(app)


def type_text(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    step(app)


def join_found(guest: App, others: tuple[App, ...], code: str) -> JoinScene:
    """From the menu: the network screen, the host's game found, clicked, its code typed."""
    lobby = to_network(guest)
    assert run((guest, *others), lambda: bool(lobby.found_buttons)), "the game is found"
    click(guest, lobby.found_buttons[0].rect.center)
    form = top(guest)
    assert isinstance(form, JoinScene)
    assert form.address.text == LOOPBACK
    type_text(guest, code)
    return form
