"""DXP from the window, driven with the mouse: the network screen's "Play a DXP program"
against our own follower run in this process (moves clicked, the program's answers seen on
the board), its "Wait for a DXP program" with a test initiator (the board opens with the
right colour, a move each way), and an address where no program listens or one that
refuses (said, the form stays). Loopback only; every wait has a deadline."""
from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.app import App
from game.i18n import tr
from game.net.dxp_engine import DxpFollower
from game.net.dxp_seat import DxpSeat
from game.play.seats import Person
from game.rules.core import Color, Move
from game.rules.international import International
from game.scenes.board.scene import BoardScene
from game.scenes.common import network
from game.scenes.common.dxp import DxpView, open_dxp_board
from game.scenes.network.dxp_play import DxpPlayScene
from game.scenes.network.dxp_wait import DxpWaitScene
from tests.net.dxp_peer import (Background, Peer, move_text, name32, read_move, request,
                                 running_follower)
from tests.net.helpers import LOOPBACK, free_udp_port
from tests.scenes.helpers import click, key, shoot, step, top
from tests.scenes.network_helpers import new_app, run, to_network, type_text


@pytest.fixture
def lan(monkeypatch: pytest.MonkeyPatch) -> Iterator[network.Lan]:
    """Listening on loopback only, on ports the system picks (DXP's too)."""
    place = network.Lan(bind=LOOPBACK, port=0, announce=LOOPBACK,
                        discovery_port=free_udp_port(), finder_bind=LOOPBACK, dxp_port=0)
    monkeypatch.setattr(network, "LAN", place)
    yield place


@pytest.fixture
def follower() -> Iterator[DxpFollower]:
    """Our headless follower in a thread, playing random moves."""
    with running_follower(3, request_timeout=60.0, seconds=60) as made:
        yield made


def free_tcp_port() -> int:
    """A TCP port on loopback where nothing listens (it was free a moment ago)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return int(probe.getsockname()[1])


def open_form(app: App, port: int) -> DxpPlayScene:
    """From the menu: the network screen, "Play a DXP program", the port typed."""
    lobby = to_network(app)
    click(app, lobby.dxp_play.rect.center)
    form = top(app)
    assert isinstance(form, DxpPlayScene)
    assert form.port.text == "27531" and form.minutes.text == "5" and form.moves.text == "75"
    click(app, form.port.rect.center)
    key(app, pygame.K_BACKSPACE, pygame.KMOD_CTRL)
    type_text(app, str(port))
    return form


def click_move(app: App, board: BoardScene, move: Move) -> None:
    """Click the piece, then where it goes."""
    for square in (move.start, move.end):
        x, y = board.view.centre(square)
        click(app, (round(x), round(y)))


def simple_move(board: BoardScene) -> Move:
    """A legal move named by its two squares alone (no capture to choose among)."""
    moves = board.play.legal_moves()
    ends = [(m.start, m.end) for m in moves]
    return next(m for m in moves if ends.count((m.start, m.end)) == 1)


def test_play_a_dxp_program_by_clicks(lan: network.Lan, follower: DxpFollower) -> None:
    app = new_app("en", (1280, 800))
    form = open_form(app, follower.address[1])
    click(app, form.go.rect.center)
    assert run((app,), lambda: isinstance(top(app), BoardScene), 10), form.error
    board = top(app)
    assert isinstance(board, BoardScene) and isinstance(board.net, DxpView)
    assert board.play.clock is not None and board.play.clock.left[Color.WHITE] == 300
    assert not board.view.flipped  # we play White, from below
    assert board.net.who(Color.BLACK).endswith("(DXP)") and board.net.who(Color.WHITE) == \
        tr("net.you")
    for ply in (1, 3, 5):
        click_move(app, board, simple_move(board))
        assert board.play.ply == ply
        assert run((app,), lambda: board.play.ply == ply + 1 and board.glides.glide is None,
                   10), "the program answers on the board"
    session = follower.session
    assert session is not None and session.game is not None
    assert session.game.fen() == board.play.game.fen()  # the same game at both ends
    board.leave()
    step(app, 2)


def test_wait_for_a_dxp_program(lan: network.Lan) -> None:
    app = new_app("ru", (800, 560))
    lobby = to_network(app)
    click(app, lobby.dxp_wait.rect.center)
    waiting = top(app)
    assert isinstance(waiting, DxpWaitScene) and waiting.where is not None
    host, port = waiting.where
    assert host == LOOPBACK and port > 0
    peer = Peer.connect(host, port)
    try:
        peer.send(request("Kingsrow", "Z", 3, 0))  # the window plays Black, 3 minutes
        assert run((app,), lambda: isinstance(top(app), BoardScene), 5)
        assert peer.expect("A")[-1] == "0"
        board = top(app)
        assert isinstance(board, BoardScene) and isinstance(board.net, DxpView)
        assert board.view.flipped, "the person here plays Black, from below"
        assert board.play.seats[Color.BLACK].at_window
        assert board.play.clock is not None and board.play.clock.left[Color.BLACK] == 180
        assert board.net.who(Color.WHITE) == tr("dxp.board.program", name="Kingsrow")
        # the program's turn: the panel says the program thinks, not our computer
        assert board.thinking() is not None
        line = board.panel_view.status_line(board.status())
        assert line is not None and line[0] == tr("board.thinking.program")
        theirs = International.new()
        opening = theirs.legal_moves()[0]
        peer.send(move_text(opening))
        theirs.push(opening)
        assert run((app,), lambda: board.play.ply == 1 and board.glides.glide is None, 5)
        reply = simple_move(board)
        click_move(app, board, reply)
        assert board.play.ply == 2
        step(app, 2)  # the move goes out with the next updates
        assert read_move(theirs, peer.expect("M")) == reply
        peer.send("CGood luck")  # the program's chat: said in the panel's line
        said = tr("board.dxp.chat", name="Kingsrow", text="Good luck")
        assert run((app,), lambda: board.state.feedback.message == said, 5)
        board.leave()
        step(app, 2)
    finally:
        peer.close()


def test_cancel_stops_waiting(lan: network.Lan) -> None:
    app = new_app("en", (800, 560))
    lobby = to_network(app)
    click(app, lobby.dxp_wait.rect.center)
    waiting = top(app)
    assert isinstance(waiting, DxpWaitScene) and waiting.where is not None
    port = waiting.where[1]
    click(app, waiting.cancel.rect.center)
    assert top(app) is lobby
    with pytest.raises(OSError):  # nobody listens there now
        socket.create_connection((LOOPBACK, port), timeout=1.0).close()


def test_no_program_at_the_address_is_said_and_the_form_stays(lan: network.Lan) -> None:
    app = new_app("en", (800, 560))
    form = open_form(app, free_tcp_port())
    click(app, form.go.rect.center)
    assert run((app,), lambda: form.error is not None, 8)
    assert top(app) is form and form.seat is None
    assert form.error is not None and form.error.startswith(
        tr("dxp.error.failed", reason="").rstrip())
    assert form.port.text != "27531"  # as typed


def test_a_program_that_refuses_is_said(lan: network.Lan) -> None:
    server = socket.create_server((LOOPBACK, 0))
    server.settimeout(5)

    def refuse() -> str:
        conn, _ = server.accept()
        peer = Peer(conn)
        asked = peer.expect("R")
        peer.send("A" + name32("Busybody") + "3")  # no game at all
        peer.rest()
        return asked

    refusing = Background(refuse)
    app = new_app("ru", (800, 560))
    form = open_form(app, server.getsockname()[1])
    click(app, form.who_button.rect.center)  # the computer plays our side
    click(app, form.color_button.rect.center)  # Black
    click(app, form.go.rect.center)
    assert run((app,), lambda: form.error is not None, 8)
    assert top(app) is form
    assert form.error == tr("dxp.error.refused", code=3, why=tr("dxp.refused.3"))
    asked = refusing.join(10)
    assert asked[35] == "W"  # the program was to play White: we asked for Black
    server.close()


@contextmanager
def program_asked() -> Iterator[tuple[App, DxpSeat, Peer]]:
    """A window, and our seat asking a program at a loopback port for a game (White to the
    program, 5 minutes); the program's end of the link, to answer as a test likes."""
    server = socket.create_server((LOOPBACK, 0))
    server.settimeout(5)
    app = new_app("en", (800, 560))
    seat = DxpSeat.initiate(LOOPBACK, server.getsockname()[1], Color.WHITE, 5, 0)
    conn, _ = server.accept()
    peer = Peer(conn)
    try:
        yield app, seat, peer
    finally:
        peer.close()
        server.close()


def test_the_board_waits_for_the_program_with_a_panel(lan: network.Lan) -> None:
    """A board opened before the program accepted: the connecting panel covers it, the game
    waits; the program's acceptance takes the panel away and is said."""
    with program_asked() as (app, seat, peer):
        open_dxp_board(app, seat, Person(), Color.WHITE, 5)
        step(app)
        board = top(app)
        assert isinstance(board, BoardScene) and isinstance(board.net, DxpView)
        peer.expect("R")
        app.redraw()
        step(app, 3)
        assert board.net.blocking and board.net.last_box is not None
        assert board.view.rect.contains(board.net.last_box)
        assert not board.play.turns.everyone_present
        peer.send("A" + name32("Slowpoke") + "0")
        assert run((app,), lambda: not board.net.blocking, 5)  # type: ignore[union-attr]
        step(app)  # the next update says it
        assert board.state.feedback.message == tr("dxp.board.accepted", name="Slowpoke (DXP)")
        assert board.play.turns.everyone_present and board.net.state == "playing"
        board.leave()
        step(app, 2)


def test_a_program_not_there_yet_is_not_said_to_think(lan: network.Lan) -> None:
    with program_asked() as (app, seat, peer):
        open_dxp_board(app, seat, Person(), Color.BLACK, 5)  # the program moves first
        step(app, 2)
        board = top(app)
        assert isinstance(board, BoardScene) and isinstance(board.net, DxpView)
        assert board.net.blocking and board.thinking() is None  # connecting, not thinking
        peer.expect("R")
        peer.send("A" + name32("Slowpoke") + "0")
        assert run((app,), lambda: board.thinking() is not None, 5)  # now it thinks
        board.leave()
        step(app, 2)


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_dxp_screens_fit_the_smallest_window(lan: network.Lan, language: str) -> None:
    """The form, the waiting screen and the board waiting for the program, inside 800×560
    (the pictures are written where SHASHKI_SHOTS names a folder, to be looked at)."""
    app = new_app(language, (800, 560))
    window = pygame.Rect((0, 0), app.size)
    lobby = to_network(app)
    shoot(app, f"dxp-lobby-{language}")
    click(app, lobby.dxp_play.rect.center)
    form = top(app)
    assert isinstance(form, DxpPlayScene)
    click(app, form.who_button.rect.center)  # the level field shows too
    form.error = tr("dxp.error.refused", code=2, why=tr("dxp.refused.2"))
    shoot(app, f"dxp-play-{language}")
    places = [f.rect for f in form.fields] + [b.rect for b in (
        form.color_button, form.who_button, form.go, form.back)]
    for i, rect in enumerate(places):
        assert window.contains(rect)
        assert all(not rect.colliderect(other) for other in places[i + 1:])
    form.on_back()
    step(app)
    click(app, lobby.dxp_wait.rect.center)
    waiting = top(app)
    assert isinstance(waiting, DxpWaitScene) and window.contains(waiting.cancel.rect)
    shoot(app, f"dxp-wait-{language}")
    waiting.on_back()
    step(app)
    server = socket.create_server((LOOPBACK, 0))
    try:
        seat = DxpSeat.initiate(LOOPBACK, server.getsockname()[1], Color.BLACK, 5, 0)
        open_dxp_board(app, seat, Person(), Color.BLACK, 5)
        step(app, 2)
        board = top(app)
        assert isinstance(board, BoardScene) and isinstance(board.net, DxpView)
        shoot(app, f"dxp-board-{language}")
        assert board.net.last_box is not None and board.view.rect.contains(board.net.last_box)
        board.leave()
        step(app, 2)
    finally:
        server.close()



def test_our_computer_plays_the_program(lan: network.Lan, follower: DxpFollower) -> None:
    """"The computer" on our side: it and the program move by themselves on the board."""
    app = new_app("en", (800, 560))
    form = open_form(app, follower.address[1])
    click(app, form.who_button.rect.center)
    click(app, form.level.rect.center)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "1")
    click(app, form.go.rect.center)
    assert run((app,), lambda: isinstance(top(app), BoardScene), 10), form.error
    board = top(app)
    assert isinstance(board, BoardScene) and isinstance(board.net, DxpView)
    assert board.net.who(Color.WHITE) == tr("players.computer", level=1)
    assert run((app,), lambda: board.play.ply >= 3, 15), "both sides move by themselves"
    board.leave()
    step(app, 2)


def test_a_busy_port_is_said_and_another_taken(lan: network.Lan) -> None:
    app = new_app("en", (800, 560))
    with socket.create_server((LOOPBACK, 0)) as busy:
        taken = busy.getsockname()[1]
        app.routes.push("dxp-wait", port=taken)
        step(app)
        waiting = top(app)
        assert isinstance(waiting, DxpWaitScene) and waiting.where is not None
        assert waiting.where[1] not in (0, taken)
        said = tr("dxp.wait.busy", wanted=taken, port=waiting.where[1])
        assert said in [notice.message for notice in app.notices.items]
        waiting.on_back()
        step(app)
