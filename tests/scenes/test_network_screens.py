"""The network's screens drawn in both languages, at the smallest window and the design's:
the menu's entry, the network screen, the join form, the host's waiting panel and the away
panel, every button and panel inside the window (the pictures are written where
SHASHKI_SHOTS names a folder, to be looked at)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.net.session import Guest
from game.scenes.board.scene import BoardScene
from game.scenes.chapaev.setup import ChapaevSetupScene
from game.scenes.common import network
from game.scenes.network.join import JoinScene
from game.scenes.network.lobby import NetworkScene
from game.scenes.setup import SetupScene
from game.ui.widgets import Button
from tests.scenes.helpers import click, shoot, step, top
from tests.scenes.network_helpers import lan, new_app, run, to_network

__all__ = ["lan"]  # the fixture, used by name



def inside(app: App, buttons: list[Button]) -> None:
    window = pygame.Rect((0, 0), app.size)
    for i, button in enumerate(buttons):
        assert window.contains(button.rect), button.label
        for other in buttons[i + 1:]:
            assert not button.rect.colliderect(other.rect), (button.label, other.label)


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_network_screens_fit_the_window(lan: network.Lan, language: str,
                                            size: tuple[int, int]) -> None:
    tag = f"{language}-{size[0]}"
    host_app = new_app(language, size)
    menu = top(host_app)
    shoot(host_app, f"menu-{tag}")
    assert tr("menu.network") in [b.label for b in menu.buttons.buttons]  # type: ignore[attr-defined]
    lobby = to_network(host_app)
    assert isinstance(lobby, NetworkScene)
    shoot(host_app, f"network-{tag}")
    inside(host_app, lobby.buttons.buttons)
    assert pygame.Rect((0, 0), size).contains(lobby.name.rect)
    assert len({b.px for b in lobby.hosts}) == 1, "every game's name at one size"
    click(host_app, lobby.hosts[0].rect.center)
    setup = top(host_app)
    click(host_app, setup.start.rect.center)  # type: ignore[attr-defined]
    board = top(host_app)
    assert isinstance(board, BoardScene) and isinstance(board.net, network.NetView)
    shoot(host_app, f"waiting-{tag}")
    assert board.net.last_box is not None and board.view.rect.contains(board.net.last_box)
    address, port, code = board.net.invitation()

    guest_app = new_app(language, size)
    guest_app.routes.push("join", address=address, port=port)
    step(guest_app)
    form = top(guest_app)
    assert isinstance(form, JoinScene)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=code))
    step(guest_app)
    form.error = tr("net.error.refused", reason=tr("net.why.wrong_code"))
    shoot(guest_app, f"join-{tag}")
    inside(guest_app, [form.back, form.go])
    for field in form.fields:
        assert pygame.Rect((0, 0), size).contains(field.rect)
    click(guest_app, form.go.rect.center)
    assert run((host_app, guest_app), lambda: isinstance(top(guest_app), BoardScene))
    joined = top(guest_app)
    assert isinstance(joined, BoardScene) and isinstance(joined.net, network.NetView)
    session = joined.net.net.session
    assert isinstance(session, Guest) and session._link is not None
    assert session._link._sock is not None
    session._link._sock.close()
    assert run((host_app, guest_app), lambda: board.net is not None
               and board.net.state == "away")
    shoot(host_app, f"away-{tag}")
    assert board.view.rect.contains(board.net.last_box)
    board.close()
    joined.close()


def test_a_busy_port_is_said_and_another_taken(lan: network.Lan,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import socket
    with socket.create_server(("127.0.0.1", 0)) as taken:
        busy = taken.getsockname()[1]
        monkeypatch.setattr(network, "LAN", network.Lan(
            bind="127.0.0.1", port=busy, announce="127.0.0.1",
            discovery_port=lan.discovery_port, finder_bind="127.0.0.1"))
        app = new_app()
        app.toasts.clear()
        app.routes.push("setup", variant="russian", host=True)
        step(app)
        click(app, top(app).start.rect.center)  # type: ignore[attr-defined]
        board = top(app)
        assert isinstance(board, BoardScene) and isinstance(board.net, network.NetView)
        _, port, _ = board.net.invitation()
        assert port != busy
        assert tr("net.port_busy", wanted=busy, port=port) in [n.message for n in app.toasts]
        board.close()


def test_joining_where_nobody_answers_can_be_cancelled_and_a_refused_link_is_said(
        lan: network.Lan) -> None:
    import socket
    app = new_app()
    with socket.create_server(("127.0.0.1", 0)) as silent:  # takes the call, says nothing
        app.routes.push("join", address="127.0.0.1", port=silent.getsockname()[1],
                        code="ABC234")
        step(app)
        form = top(app)
        assert isinstance(form, JoinScene)
        click(app, form.go.rect.center)
        step(app, 5)
        assert form.guest is not None and form.guest.state == "connecting"
        click(app, form.cancel.rect.center)
        assert form.guest is None and form.error is None
        assert form.code.text == "ABC234"
    # nobody listens there now: the failure is said, the form stays
    click(app, form.go.rect.center)
    assert run((app,), lambda: form.error is not None, timeout=8.0)
    assert form.error.startswith(tr("net.error.failed", reason="").rstrip())
    assert isinstance(top(app), JoinScene) and form.port.text != ""


def test_the_host_setup_remembers_its_own_choices_apart_from_the_game_at_this_window(
        lan: network.Lan) -> None:
    app = new_app()
    app.change_settings(app.settings.with_setup("russian", {"play_as": "two"}))
    app.routes.push("setup", variant="russian", host=True)
    step(app)
    setup = top(app)
    assert isinstance(setup, SetupScene) and setup.value("play_as") == "white"
    setup.choose("play_as", "black")
    setup.choose("huff", True)
    assert setup.start is not None
    click(app, setup.start.rect.center)
    board = top(app)
    assert isinstance(board, BoardScene) and isinstance(board.net, network.NetView)
    board.close()
    app.scenes.pop()
    # hosting again: black and фук are chosen; the game at this window keeps its own seats
    app.routes.push("setup", variant="russian", host=True)
    step(app)
    again = top(app)
    assert isinstance(again, SetupScene)
    assert again.value("play_as") == "black" and again.value("huff") is True
    assert app.settings.setups["russian"]["play_as"] == "two"
    app.scenes.pop()
    app.routes.push("chapaev-setup", host=True)
    step(app)
    chapaev = top(app)
    assert isinstance(chapaev, ChapaevSetupScene)
    chapaev.prefs = replace(chapaev.prefs, play_as="random")
    chapaev.host_match()
    step(app)
    assert top(app) is not chapaev
    app.scenes.pop()  # leaving closes the hosted match
    app.routes.push("chapaev-setup", host=True)
    step(app)
    assert top(app).prefs.play_as == "random"  # type: ignore[attr-defined]
