"""Play a friend anywhere (issue 52): a real magic-wormhole mailbox server and transit relay on
loopback (tests/net/wormhole_servers.py, a process of their own), meetings through them, and
whole games between two processes over them: through the relay, directly, and with the
relay cut in the middle of a game and brought back. Nothing here reaches past 127.0.0.1;
every wait has a deadline."""
from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("wormhole")
pytest.importorskip("wormhole_mailbox_server")
pytest.importorskip("wormhole_transit_relay")

from game.net import wormhole_twisted  # noqa: E402
from game.net.link import Link  # noqa: E402
from game.net.reasons import State, Why  # noqa: E402
from game.net.session import Joined, Refused  # noqa: E402
from game.net.wormhole_link import (Servers, Stage, Tunnel, normal_code,  # noqa: E402
                                    return_code, valid_code)
from game.net.wormhole_session import WormholeGuest, WormholeHost  # noqa: E402
from game.net.wormhole_twisted import is_left_note, their_hints  # noqa: E402
from game.net.wormhole_link import TunnelFailed  # noqa: E402
from tests.net.helpers import LOOPBACK, Relay, finish as _finish, until  # noqa: E402
from tests.net.wormhole_servers import LocalServers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 45.0  # seconds any one process may take


@pytest.fixture(scope="module")
def local() -> Iterator[LocalServers]:
    with LocalServers(seconds=150.0) as servers:
        yield servers


def meet(host: Tunnel, guest: Tunnel, timeout: float = 10.0) -> None:
    assert until(lambda: host.done and guest.done, timeout=timeout), (host.stage, guest.stage)


def code_of(tunnel: Tunnel) -> str:
    assert until(lambda: tunnel.stage is not Stage.STARTING, timeout=10.0)
    assert tunnel.code is not None, tunnel.failure and tunnel.failure.why
    return tunnel.code


# --- meetings ----------------------------------------------------------------------------------
@pytest.mark.parametrize("direct", [False, True])
def test_two_games_meet_by_a_code_and_a_link_speaks_over_the_tunnel(local: LocalServers,
                                                                    direct: bool) -> None:
    servers = local.servers(direct=direct)
    host = Tunnel(servers, host=True, find_within=None)
    code = code_of(host)
    assert host.stage is Stage.WAITING
    assert valid_code(code) and len(code.split("-")) == 3  # a number and two words
    guest = Tunnel(servers, host=False, code=code)
    meet(host, guest)
    assert host.stage is guest.stage is Stage.CONNECTED
    assert host.route == guest.route == ("direct" if direct else "relay")
    a, b = host.take_socket(), guest.take_socket()
    assert a is not None and b is not None and host.take_socket() is None
    ours, theirs = Link(a), Link(b)
    ours.send("chat", text="Привет\x00")
    got: list[object] = []
    assert until(lambda: bool(got), lambda: got.extend(theirs.poll()), ours.poll)
    assert [(m.t, m.fields["text"]) for m in got] == [("chat", "Привет\x00")]
    ours.close(Why.HOST_CLOSED)  # the bye passes too, and the other end closes
    assert until(lambda: theirs.closed, theirs.poll)
    assert theirs.farewell is Why.HOST_CLOSED


def test_a_wrong_code_is_refused_plainly_and_the_host_gets_a_new_one(
        local: LocalServers) -> None:
    servers = local.servers(direct=False)
    host = WormholeHost({"game": "test"}, servers)
    assert until(lambda: host.invite_code is not None, host.poll, timeout=10.0)
    first = host.invite_code
    assert first is not None
    wrong = first.split("-")[0] + "-wrong-words"
    guest = WormholeGuest(wrong, servers)
    assert until(lambda: guest.state == State.REFUSED, guest.poll, host.poll, timeout=10.0)
    refused = [e for e in guest.events() if isinstance(e, Refused)]
    assert [e.reason for e in refused] == [Why.WRONG_CODE]
    # the host's code is spent by the wrong guess: it is told, and has a new one
    assert until(lambda: host.invite_code not in (None, first), host.poll, timeout=10.0)
    assert Why.WRONG_CODE in [e.reason for e in host.events() if isinstance(e, Refused)]
    assert host.problem is not None and host.problem.why is Why.WRONG_CODE
    # the friend types the new one: in
    friend = WormholeGuest(str(host.invite_code), servers, name="Маша")
    assert until(lambda: friend.state == State.PLAYING, friend.poll, host.poll, timeout=10.0)
    assert any(isinstance(e, Joined) for e in friend.events())
    assert host.guest_name == "Маша" and host.route == friend.route == "relay"
    assert friend.welcome is not None and friend.welcome.fields["game"] == {"game": "test"}
    friend.close()
    assert until(lambda: host.state == State.CLOSED, host.poll, timeout=5.0)


def test_a_used_code_and_a_code_that_is_no_code_are_said_plainly(local: LocalServers) -> None:
    servers = local.servers(direct=False)
    host = WormholeHost({"game": "test"}, servers)
    assert until(lambda: host.invite_code is not None, host.poll, timeout=10.0)
    code = str(host.invite_code)
    friend = WormholeGuest(code, servers)
    assert until(lambda: friend.state == State.PLAYING, friend.poll, host.poll, timeout=10.0)
    late = WormholeGuest(code, servers, find_within=1.5)  # the same code again: used
    began = time.monotonic()
    assert until(lambda: late.state == State.REFUSED, late.poll, host.poll, friend.poll,
                 timeout=8.0)
    assert [e.reason for e in late.events() if isinstance(e, Refused)] == [Why.NO_SUCH_CODE]
    assert time.monotonic() - began < 6.0
    assert host.state == State.PLAYING  # the game under way did not notice
    nonsense = WormholeGuest("guitarist revenge", servers)  # no number: no code
    assert nonsense.state == State.REFUSED
    assert [e.reason if isinstance(e, Refused) else e for e in nonsense.events()] == \
        [Why.BAD_CODE]
    friend.close()
    host.close()


def test_a_mailbox_server_that_is_not_there_is_said(local: LocalServers,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wormhole_twisted, "SERVER_WITHIN", 1.0)
    nowhere = Servers("ws://127.0.0.1:9/v1", local.relay, direct=False, bind="127.0.0.1")
    guest = WormholeGuest("4-purple-sausages", nowhere)
    assert until(lambda: guest.state == State.CLOSED, guest.poll, timeout=6.0)
    events = guest.events()
    assert [getattr(e, "reason", None) for e in events] == [Why.NO_SERVER]
    assert "127.0.0.1:9" in getattr(events[0], "detail", "")


def test_a_meeting_is_cancelled_at_any_step(local: LocalServers) -> None:
    servers = local.servers()
    waiting = Tunnel(servers, host=True, find_within=None)
    code = code_of(waiting)
    waiting.cancel()
    assert waiting.stage is Stage.FAILED and waiting.take_socket() is None
    finding = Tunnel(servers, host=False, code=code, find_within=5.0)
    finding.cancel()  # at once, before the reactor's thread has begun it
    assert finding.done and finding.failure is not None
    assert finding.failure.why is Why.GUEST_CLOSED


@pytest.mark.parametrize("leaving", ["guest", "host"])
def test_a_side_that_leaves_before_the_connection_tells_the_other_which_waits_no_more(
        local: LocalServers, leaving: str) -> None:
    """Both sides found each other (the key agreed) but the transit cannot connect: its relay
    takes the connection and never answers. The side that stops leaves its note in the
    mailbox; the other fails at once as left, not after CONNECT_WITHIN (30 s)."""
    silent = socket.socket()
    silent.bind((LOOPBACK, 0))
    silent.listen(4)  # (connections wait in the backlog: taken, never answered)
    try:
        servers = local.servers(direct=False, relay_port=silent.getsockname()[1])
        host = Tunnel(servers, host=True, find_within=None)
        guest = Tunnel(servers, host=False, code=code_of(host))
        assert until(lambda: host.stage is guest.stage is Stage.CONNECTING, timeout=10.0), \
            (host.stage, guest.stage)
        time.sleep(0.3)  # (the hints traded: both wait on the transit)
        stays, goes = (host, guest) if leaving == "guest" else (guest, host)
        assert stays.stage is Stage.CONNECTING
        began = time.monotonic()
        goes.cancel()
        assert until(lambda: stays.done, timeout=5.0), stays.stage
        assert time.monotonic() - began < 5.0
        assert stays.failure is not None and stays.failure.why is (
            Why.GUEST_CLOSED if leaving == "guest" else Why.HOST_CLOSED)
    finally:
        silent.close()


def test_a_host_whose_friend_left_once_found_shows_a_new_code_at_once(
        local: LocalServers) -> None:
    servers = local.servers(direct=False)
    host = WormholeHost({"game": "test"}, servers)
    assert until(lambda: host.invite_code is not None, host.poll, timeout=10.0)
    first = str(host.invite_code)
    friend = Tunnel(servers, host=False, code=first)
    friend.cancel()  # at once, before its meeting began: nothing reaches the host
    friend = Tunnel(servers, host=False, code=first)
    assert until(lambda: friend.stage is not Stage.FINDING and
                 friend.stage is not Stage.STARTING, host.poll, timeout=10.0)
    friend.cancel()
    began = time.monotonic()
    assert until(lambda: host.invite_code not in (None, first), host.poll, timeout=8.0)
    assert time.monotonic() - began < 6.0
    host.close()


def test_a_host_nobody_found_lets_its_code_go_at_once(local: LocalServers) -> None:
    servers = local.servers(direct=False)
    host = Tunnel(servers, host=True, find_within=None)
    code = code_of(host)
    host.cancel()  # no note to leave: the mailbox is closed, the code is free at once
    late = Tunnel(servers, host=False, code=code, find_within=1.0)
    assert until(lambda: late.done, timeout=5.0), late.stage
    assert late.failure is not None and late.failure.why is Why.NO_SUCH_CODE


def test_the_note_of_a_side_that_left_is_told_from_anything_else() -> None:
    assert is_left_note(json.dumps(wormhole_twisted.LEFT_NOTE).encode())
    for other in (b'{"left": false}', b'{"left": true, "x": 1}', b"{" * 9000, b"\xff",
                  b"[]", b'{"transit": {"hints-v1": []}}', "text", None):
        assert not is_left_note(other)


def test_codes_as_typed_and_the_code_of_a_return() -> None:
    assert normal_code("  7 Guitarist  REVENGE ") == "7-guitarist-revenge"
    assert normal_code("7-guitarist-revenge") == "7-guitarist-revenge"
    assert not valid_code(normal_code("guitarist revenge"))
    assert not valid_code("7-") and not valid_code("") and not valid_code("7-a b")
    again = return_code("token-1")
    assert valid_code(again) and again == return_code("token-1")
    assert again != return_code("token-2")
    assert int(again.split("-")[0]) >= 10_000_000  # far from the numbers the server gives


def test_the_other_sides_hints_are_checked_before_they_are_used() -> None:
    good = {"type": "direct-tcp-v1", "hostname": "127.0.0.1", "port": 4001, "priority": 0.0}
    relay = {"type": "relay-v1", "hints": [good]}

    def hints(data: object) -> list[dict[str, object]]:
        return their_hints(json.dumps(data).encode())

    assert hints({"transit": {"hints-v1": [good, relay]}}) == [good, relay]
    assert hints({"transit": {"hints-v1": [good] * 30}}) == [good] * 16
    junk = [{"type": "direct-tcp-v1", "hostname": "x", "port": "80"},
            {"type": "direct-tcp-v1", "hostname": "x" * 300, "port": 80},
            {"type": "direct-tcp-v1", "hostname": "a\nb", "port": 80},
            {"type": "relay-v1", "hints": [{"type": "relay-v1", "hints": []}]},
            {"type": "tor-tcp-v1", "hostname": "x.onion", "port": 80}, "hint", 7]
    assert hints({"transit": {"hints-v1": junk}}) == []
    for bad in (b"{" * 9000, b"\xff\xfe", b"[1, 2]", json.dumps({"transit": 3}).encode()):
        with pytest.raises(TunnelFailed) as failure:
            their_hints(bad)
        assert failure.value.why is Why.BAD_MESSAGE


# --- whole games between two processes -----------------------------------------------------------
def spawn(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, "-m", "game.net.wormhole_headless", *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def hosting(process: subprocess.Popen[str]) -> str:
    """The code the host prints first (within 20 s)."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 20.0)
    assert ready, "the host got no code"
    words = process.stdout.readline().split()
    assert words and words[0] == "hosting", words
    return words[1]


def finish(process: subprocess.Popen[str]) -> tuple[list[str], str]:
    return _finish(process, LIMIT)


def route(err: str) -> str:
    return next((line.split()[1] for line in err.splitlines() if line.startswith("route ")), "")


def test_whole_games_between_two_processes_relayed_direct_and_across_a_cut_relay(
        local: LocalServers) -> None:
    """Three pairs at once: Russian draughts through the relay (no direct connection
    offered), a Chapaev match directly, and International draughts through a relay that is
    cut in the middle of the game and brought back (the two find each other again by
    themselves). Each ends over, both sides with the same result and the same game."""
    where = ["--mailbox", local.mailbox, "--relay", local.relay]
    cuttable = Relay(local.relay_port)  # the test's relay in front of the transit relay
    through_cut = ["--mailbox", local.mailbox, "--relay", f"tcp:127.0.0.1:{cuttable.port}",
                   "--relay-only"]
    hosts = {"relayed": spawn("host", "--game", "russian", "--relay-only", *where),
             "direct": spawn("host", "--game", "chapaev", "--seed", "2", *where),
             "cut": spawn("host", "--game", "international", "--pace", "0.02", "--seed", "3",
                          *through_cut)}
    codes = {name: hosting(process) for name, process in hosts.items()}
    guests = {"relayed": spawn("join", "--code", codes["relayed"], "--relay-only", "--seed",
                               "7", *where),
              "direct": spawn("join", "--code", codes["direct"].upper().replace("-", " "),
                              "--seed", "8", *where),
              "cut": spawn("join", "--code", codes["cut"], "--pace", "0.02", "--seed", "4",
                           *through_cut)}
    began = time.monotonic()
    cut_at: float | None = None
    reopened: float | None = None
    came_back: float | None = None
    cut = guests["cut"]
    while cut.poll() is None and time.monotonic() - began < LIMIT:
        cuttable.poll()
        elapsed = time.monotonic() - began
        flowing = cuttable.flowing_since
        if cut_at is None and flowing is not None and time.monotonic() - flowing > 1.0:
            cuttable.cut()  # mid-game: both sides see the link drop
            cut_at = elapsed
        elif cut_at is not None and reopened is None and elapsed > cut_at + 1.5:
            cuttable.open()
            reopened = time.monotonic()
        elif reopened is not None and came_back is None and cuttable.pairs:
            came_back = time.monotonic() - reopened
        time.sleep(0.002)
    for name in hosts:
        (g_role, g_over, g_result, g_print, *_), g_err = finish(guests[name])
        (h_role, h_over, h_result, h_print, *_), h_err = finish(hosts[name])
        assert (g_role, h_role) == ("guest", "host")
        assert g_over == h_over == "over", (name, g_result, h_result, g_err, h_err)
        assert (g_result, g_print) == (h_result, h_print), name
        assert route(g_err) == route(h_err) == {"relayed": "relay", "direct": "direct",
                                                 "cut": "relay"}[name], (g_err, h_err)
    cuttable.cut()
    assert cut_at is not None and reopened is not None, "the relayed game ended too soon"
    assert came_back is not None and came_back < 8.0


def test_a_friend_whose_game_closed_comes_back_with_the_fresh_code_the_host_shows(
        local: LocalServers) -> None:
    """The guest's game ends without a word (its token lost with it): the host's seat waits,
    a fresh code is shown, and a new guest with it takes the seat back (GuestBack)."""
    from game.net.session import GuestBack, GuestLost
    servers = local.servers(direct=False)
    host = WormholeHost({"game": "test"}, servers)
    assert until(lambda: host.invite_code is not None, host.poll, timeout=10.0)
    first = str(host.invite_code)
    friend = WormholeGuest(first, servers, name="Маша")
    assert until(lambda: host.state == State.PLAYING and friend.state == State.PLAYING,
                 friend.poll, host.poll, timeout=10.0)
    assert host.invite_code is None  # no code is offered while the seat is taken
    link = friend._link
    assert link is not None
    link._shut(Why.DROPPED)  # the window closed: no bye
    assert until(lambda: host.state == State.AWAY, host.poll, timeout=10.0)
    assert any(isinstance(e, GuestLost) and not e.final for e in host.events())
    assert until(lambda: host.invite_code is not None, host.poll, timeout=10.0)
    fresh = str(host.invite_code)
    assert fresh != first
    again = WormholeGuest(fresh, servers, name="Маша")
    assert until(lambda: host.state == State.PLAYING and again.state == State.PLAYING,
                 again.poll, host.poll, timeout=10.0)
    assert any(isinstance(e, GuestBack) for e in host.events())
    again.close()
    friend.close()
    assert until(lambda: host.state == State.CLOSED, host.poll, timeout=5.0)
