"""Play a friend anywhere from the real windows (issue 52), in both languages at 800×560: the
host chooses "Anywhere, by a code" on the network screen and hosts Russian draughts, its panel
shows the code; the friend opens "Play a friend anywhere", types the code as read aloud
(spaces, capitals), joins through a mailbox server and relay on loopback, and the two play
moves by clicks; a cancel mid-way and a used code are said; the friend leaves and the host's
game goes on as a local one. The servers are a setting, checked before they are kept."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("wormhole")
pytest.importorskip("wormhole_mailbox_server")

from game.app import App  # noqa: E402
from game.i18n import tr  # noqa: E402
from game.net.wormhole_session import WormholeGuest, WormholeHost  # noqa: E402
from game.scenes.board.scene import BoardScene  # noqa: E402
from game.scenes.common import anywhere, network  # noqa: E402
from game.scenes.network.join_code import JoinCodeScene  # noqa: E402
from game.scenes.network.lobby import NetworkScene  # noqa: E402
from game.scenes.network.servers import ServersScene  # noqa: E402
from tests.net.helpers import LOOPBACK  # noqa: E402
from tests.net.wormhole_servers import LocalServers  # noqa: E402
from tests.scenes.board_helpers import click_at  # noqa: E402
from tests.scenes.helpers import click, key, shoot, step, top  # noqa: E402
from tests.scenes.network_helpers import button, new_app, run, to_network, type_text  # noqa: E402

SIZE = (800, 560)


@pytest.fixture(scope="module")
def local() -> Iterator[LocalServers]:
    with LocalServers(seconds=150.0) as servers:
        yield servers


@pytest.fixture
def loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Direct connections listened for on loopback only; hosting back on this network after."""
    monkeypatch.setattr(anywhere, "ANYWHERE", anywhere.Anywhere(bind=LOOPBACK))
    yield
    anywhere.choose(False)


def window(local: LocalServers, language: str) -> App:
    app = new_app(language, SIZE)
    app.change_settings(app.settings.with_(wormhole_mailbox=local.mailbox,
                                           wormhole_relay=local.relay))
    return app


def board_of(scene: object) -> BoardScene:
    assert isinstance(scene, BoardScene)
    return scene


def host_anywhere(app: App) -> BoardScene:
    """The network screen, "Anywhere, by a code", Russian draughts, Host: the board waits."""
    lobby = to_network(app)
    assert lobby.reach.label == tr("net.reach.lan")
    click(app, lobby.reach.rect.center)
    lobby = to_network_again(app)
    assert lobby.reach.label == tr("net.reach.anywhere") and anywhere.chosen()
    click(app, button(lobby.hosts, tr("game.russian")).rect.center)
    setup = top(app)
    click(app, setup.start.rect.center)  # type: ignore[attr-defined]
    step(app)
    return board_of(top(app))


def to_network_again(app: App) -> NetworkScene:
    scene = top(app)
    assert isinstance(scene, NetworkScene)
    return scene


def code_form(app: App) -> JoinCodeScene:
    lobby = to_network(app)
    click(app, lobby.anywhere_button.rect.center)
    form = top(app)
    assert isinstance(form, JoinCodeScene)
    return form


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_friend_anywhere_joins_by_the_code_read_aloud_and_both_play_by_clicks(
        local: LocalServers, loopback: None, language: str) -> None:
    host_app = window(local, language)
    hosting = host_anywhere(host_app)
    view = hosting.net
    assert isinstance(view, network.NetView) and isinstance(view.session, WormholeHost)
    session = view.session
    assert run((host_app,), lambda: session.invite_code is not None, timeout=10.0)
    code = str(session.invite_code)
    step(host_app)
    texts = [text for text, _, _ in view.panel_lines()]
    assert tr("net.waiting.code", code=code) in texts  # the code, to read aloud
    assert tr("net.stage.waiting") in texts
    guest_app = window(local, language)
    form = code_form(guest_app)
    # a cancel once the friend is found: the form stays filled, nothing joined, and the code
    # is spent (the key was agreed under it), so the host drops it and gets a new one. (Only
    # the friend's window runs until then: the host's never answers its hello, so the
    # meeting waits at "connecting" for the cancel; before the key is agreed the code would
    # stay, and which of the two a cancel meets would be a race)
    type_text(guest_app, code.upper().replace("-", " "))
    click(guest_app, form.go.rect.center)
    assert form.busy and isinstance(form.guest, WormholeGuest)
    assert form.connecting_text() in (tr("net.stage.finding"), tr("net.stage.connecting"))
    assert run((guest_app,), lambda: form.connecting_text() == tr("net.stage.connecting"),
               timeout=10.0)
    click(guest_app, form.cancel.rect.center)
    assert not form.busy and form.code.text == code.upper().replace("-", " ")
    assert run((host_app, guest_app), lambda: session.invite_code != code, timeout=10.0)
    assert run((host_app,), lambda: session.invite_code is not None, timeout=10.0)
    code = str(session.invite_code)
    step(host_app)
    texts = [text for text, _, _ in view.panel_lines()]
    assert tr("net.waiting.code", code=code) in texts and tr("net.anywhere.left") in texts, \
        (session.problem, session.events())
    shoot(host_app, f"anywhere-friend-left-{language}")
    form.code.text = ""
    type_text(guest_app, code.upper().replace("-", " "))
    click(guest_app, form.go.rect.center)
    assert run((host_app, guest_app), lambda: isinstance(top(guest_app), BoardScene),
               timeout=15.0), form.error
    joined = board_of(top(guest_app))
    apps = (host_app, guest_app)
    assert run(apps, lambda: view.state == "playing" and joined.net is not None
               and joined.net.state == "playing")
    assert session.route in ("direct", "relay")
    for mover, app, frm, to in ((hosting, host_app, "c3", "d4"), (joined, guest_app, "f6", "e5")):
        ply = mover.play.ply + 1
        click_at(app, mover, frm, to)
        assert mover.play.ply == ply, (frm, to)
        for board in (hosting, joined):
            assert run(apps, lambda: board.play.ply == ply and board.glides.glide is None)
    assert joined.play.notation == hosting.play.notation == ["c3-d4", "f6-e5"]
    # the friend leaves: the host's game goes on here as a local game
    joined.close()
    assert run(apps, lambda: view.state == "ended", timeout=8.0)
    assert hosting.play.ply == 2
    hosting.close()


def test_a_used_code_is_said_plainly_in_the_form(local: LocalServers, loopback: None) -> None:
    app = window(local, "en")
    form = code_form(app)
    form.find_within = 1.0  # (the seconds nobody may answer under a code: 10 in play)
    type_text(app, "1234567-no-such")
    click(app, form.go.rect.center)
    assert run((app,), lambda: form.error is not None, timeout=8.0)
    assert form.error == tr("net.error.refused", reason=tr("net.why.no_such_code"))
    assert form.code.text == "1234567-no-such"
    form.code.text = "guitarist revenge"  # no number: no code, said before anything is sent
    click(app, form.go.rect.center)
    assert form.error == tr("net.error.anywhere_code") and not form.busy


def test_the_servers_are_a_setting_checked_before_it_is_kept(local: LocalServers) -> None:
    app = new_app("en", SIZE)
    form = code_form(app)
    click(app, form.servers.rect.center)
    servers = top(app)
    assert isinstance(servers, ServersScene)
    assert servers.mailbox.text == servers.relay.text == ""  # the public ones
    type_text(app, "http://example.org")
    click(app, servers.go.rect.center)
    assert servers.error == tr("net.servers.bad_mailbox") and top(app) is servers
    servers.mailbox.text = local.mailbox
    servers.typing = 1
    servers._focus_field()
    type_text(app, local.relay)
    click(app, servers.go.rect.center)
    assert top(app) is form
    assert (app.settings.wormhole_mailbox, app.settings.wormhole_relay) == (local.mailbox,
                                                                           local.relay)
    chosen = anywhere.servers_for(app.settings)
    assert (chosen.mailbox, chosen.relay) == (local.mailbox, local.relay)
    key(app, 27)  # Esc: back to the network screen
