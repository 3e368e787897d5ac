"""Host and guest over 127.0.0.1: joining, refusals, a cut link and its return, giving up,
strangers that say nothing or garbage."""
from __future__ import annotations

import socket
import struct
import time
from collections.abc import Iterator

import pytest

from game.net import session as session_module
from game.net.reasons import Why
from game.net.session import (BLOCKED, HELLO_FIRST, MAX_PENDING_PER_ADDRESS, NO_HELLO,
                              OTHER_VERSION, SEAT_TAKEN, TOO_MANY, UNKNOWN_GUEST, WRONG_CODE, Back, GaveUp, Guest,
                              GuestBack, GuestJoined, GuestLost, Host, Joined, Lost, Refused,
                              Peer, SessionEvent, new_code, same_code)
from game.net.wire import PROTOCOL_VERSION, Message
from tests.net.helpers import LOOPBACK, RawPeer, Relay, until

GAME = {"variant": "russian", "clock": [300, 5], "host_plays": "white"}


@pytest.fixture
def host() -> Iterator[Host]:
    made = Host(GAME, bind=LOOPBACK, code="KXR 7PQ", name="Grandpa")
    yield made
    made.close()


def join(host: Host, code: str = "kxr7pq", port: int | None = None) -> Guest:
    """A guest that joined ``host`` (or was refused): both polled until it is settled."""
    guest = Guest(LOOPBACK, host.port if port is None else port, code, name="Masha")
    assert until(lambda: guest.state not in ("connecting",), host.poll, guest.poll)
    return guest


def drain(events: list[SessionEvent], source: Host | Guest) -> list[SessionEvent]:
    events += source.events()
    return events


def test_a_new_code_is_six_unambiguous_characters() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190
    assert all(len(c) == 6 and not set(c) & set("0O1IL") for c in codes)
    assert same_code(" kxr-7pq ", "KXR7PQ") and not same_code("KXR7PO", "KXR7PQ")
    assert not same_code("ключ", "KXR7PQ")  # not ASCII: compared as bytes, no error


def test_a_guest_with_the_right_code_joins_and_messages_cross(host: Host) -> None:
    guest = join(host)
    assert guest.state == "playing" and host.state == "playing"
    assert host.events() == [GuestJoined("Masha")] and guest.events() == [Joined()]
    assert guest.welcome is not None
    assert guest.welcome.str("seat") == "black" and guest.welcome.object("game") == GAME
    assert host.guest_name == "Masha" and not host.paused and not guest.paused
    assert host.send("move", ply=0, text="c3-d4", digest="a1")
    got: list[Message] = []
    assert until(lambda: bool(got), host.poll, lambda: got.extend(guest.poll()))
    assert [(m.t, m.str("text")) for m in got] == [("move", "c3-d4")]
    assert guest.send("chat", text="hello grandpa")
    got.clear()
    assert until(lambda: bool(got), guest.poll, lambda: got.extend(host.poll()))
    assert [m.t for m in got] == ["chat"]
    guest.close()


def test_the_host_tells_an_address_and_its_port(host: Host) -> None:
    assert host.address() == (LOOPBACK, host.port) and host.port > 0
    host.bind = ""  # as if it listened everywhere: the LAN address is guessed, nothing sent
    address, port = host.address()
    assert port == host.port and address.count(".") == 3 and address != "0.0.0.0"


def test_a_wrong_code_is_refused_and_both_sides_say_so(host: Host) -> None:
    guest = join(host, code="AAAAAA")
    assert guest.state == "refused"
    assert guest.events() == [Refused(LOOPBACK, WRONG_CODE)]
    assert host.events() == [Refused(LOOPBACK, WRONG_CODE)] and host.state == "waiting"
    assert guest.poll() == [] and not guest.send("chat", text="x")


def test_five_wrong_codes_block_the_address_for_a_minute(host: Host) -> None:
    for attempt in range(5):
        guest = join(host, code=f"WRONG{attempt}")
        assert guest.state == "refused"
    reason = guest.events()[0]
    assert isinstance(reason, Refused) and reason.reason == BLOCKED
    # the right code from a blocked address is refused too
    guest = join(host)
    assert guest.state == "refused" and guest.events() == [Refused(LOOPBACK, BLOCKED)]
    # a minute later the address may try again
    later = time.monotonic() + 61.0
    guest = Guest(LOOPBACK, host.port, "KXR7PQ")
    assert until(lambda: guest.state != "connecting", lambda: host.poll(later), guest.poll)
    assert guest.state == "playing"
    guest.close()


def test_a_second_guest_is_refused_while_the_seat_is_taken(host: Host) -> None:
    first = join(host)
    second = join(host)
    assert first.state == "playing" and second.state == "refused"
    assert second.events() == [Refused(LOOPBACK, SEAT_TAKEN)]
    assert not first.paused and host.state == "playing"
    first.close()


def test_a_cut_link_comes_back_with_its_token(host: Host) -> None:
    guest = join(host)
    host.events(), guest.events()
    guest._link._sock.close()  # type: ignore[union-attr]  # the cable pulled on our side
    host_events: list[SessionEvent] = []
    guest_events: list[SessionEvent] = []
    assert until(lambda: GuestBack() in host_events and Back() in guest_events,
                 host.poll, guest.poll, lambda: drain(host_events, host),
                 lambda: drain(guest_events, guest))
    assert [type(e) for e in host_events] == [GuestLost, GuestBack]
    assert [type(e) for e in guest_events] == [Lost, Back]
    assert host.state == guest.state == "playing"
    got: list[Message] = []
    host.send("sync", record={"moves": ["c3-d4"]})
    assert until(lambda: bool(got), host.poll, lambda: got.extend(guest.poll()))
    assert got[0].object("record") == {"moves": ["c3-d4"]}
    guest.close()


def test_both_sides_pause_while_the_line_is_down_and_resume_within_two_seconds(
        host: Host) -> None:
    relay = Relay(host.port)
    guest = Guest(LOOPBACK, relay.port, "KXR7PQ")
    assert until(lambda: guest.state == "playing", relay.poll, host.poll, guest.poll)
    relay.cut()
    assert until(lambda: host.paused and guest.paused, relay.poll, host.poll, guest.poll)
    assert host.state == "away"
    assert guest.state == "reconnecting" and not guest.send("chat", text="lost")
    until(lambda: False, host.poll, guest.poll, timeout=0.6)  # a few failed tries
    relay.open()
    back = time.monotonic()
    assert until(lambda: host.state == guest.state == "playing",
                 relay.poll, host.poll, guest.poll)
    assert time.monotonic() - back < 2.0
    assert GuestBack() in host.events() and Back() in guest.events()
    guest.close()
    relay.cut()


def test_a_wrong_resume_token_is_refused_and_the_seat_kept(host: Host) -> None:
    guest = join(host)
    guest._link._sock.close()  # type: ignore[union-attr]
    guest.close()  # the real guest is gone for now (without a bye: its link was cut)
    assert until(lambda: host.paused, host.poll)
    stranger = RawPeer(host.port)
    stranger.say("hello", version=PROTOCOL_VERSION, code="KXR7PQ", name="Eve",
                 resume="guessed-token")
    heard: list[Message] = []

    def listen() -> None:
        heard.extend(stranger.hear(0.02)[0])
    assert until(lambda: any(m.t == "refuse" for m in heard), host.poll, listen)
    assert heard[0].str("why") == UNKNOWN_GUEST.value
    assert host.state == "away"
    stranger.close()


def test_after_ten_minutes_away_both_sides_give_up(host: Host) -> None:
    guest = join(host)
    guest._link._sock.close()  # type: ignore[union-attr]
    relay_free = time.monotonic()
    assert until(lambda: host.paused and guest.paused, lambda: host.poll(relay_free),
                 lambda: guest.poll(relay_free))
    host.events(), guest.events()
    host.poll(relay_free + 599.0)
    assert host.paused
    host.poll(relay_free + 601.0)
    assert host.state == "closed" and host.events() == [
        GaveUp(Why.GAVE_UP)]
    guest.poll(relay_free + 601.0)
    assert guest.state == "closed" and isinstance(guest.events()[-1], GaveUp)


def test_a_host_that_closes_ends_the_guest_for_good(host: Host) -> None:
    guest = join(host)
    guest.events()
    host.close()
    assert until(lambda: guest.state == "closed", guest.poll)
    assert guest.events() == [Lost(Why.HOST_CLOSED, final=True)]


def test_a_guest_that_leaves_ends_the_host_for_good(host: Host) -> None:
    guest = join(host)
    host.events()
    guest.close()
    assert until(lambda: host.state == "closed", host.poll)
    assert host.events() == [GuestLost(Why.GUEST_CLOSED, final=True)]


def test_a_stranger_that_never_says_hello_is_closed_after_5_seconds(host: Host) -> None:
    silent = RawPeer(host.port)
    start = time.monotonic()
    assert until(lambda: len(host._pending) == 1, lambda: host.poll(start))
    host.poll(start + 4.9)
    assert len(host._pending) == 1
    host.poll(start + 5.1)
    assert host._pending == [] and host.events() == [Refused(LOOPBACK, NO_HELLO)]
    said, closed = silent.hear()
    assert [m.t for m in said if m.t != "ping"] == ["refuse", "bye"] and closed
    silent.close()


def test_the_first_message_must_be_hello_and_the_version_ours(host: Host) -> None:
    rude = RawPeer(host.port)
    rude.say("move", ply=0, text="c3-d4", digest="")
    old = RawPeer(host.port)
    old.say("hello", version=PROTOCOL_VERSION + 1, code="KXR7PQ", name="")
    events: list[SessionEvent] = []
    assert until(lambda: len(events) == 2, host.poll, lambda: drain(events, host))
    assert sorted(e.reason for e in events if isinstance(e, Refused)) == sorted(
        [HELLO_FIRST, OTHER_VERSION])
    assert host.state == "waiting"
    rude.close()
    old.close()


def test_more_than_two_silent_strangers_from_one_address_are_turned_away(host: Host) -> None:
    strangers = [RawPeer(host.port) for _ in range(10)]
    events: list[SessionEvent] = []
    assert until(lambda: len(events) == 8, host.poll, lambda: drain(events, host))
    assert events == [Refused(LOOPBACK, TOO_MANY)] * 8
    assert len(host._pending) == MAX_PENDING_PER_ADDRESS
    for stranger in strangers:
        stranger.close()


def _sources(count: int) -> list[str]:
    """Loopback addresses to connect from (127.0.0.2 and up), or a skip where the system
    lets a socket bind only 127.0.0.1."""
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        pytest.skip("this system binds no loopback address but 127.0.0.1")
    return [f"127.0.0.{2 + n}" for n in range(count)]


def test_silent_crowds_from_a_few_addresses_keep_no_guest_out(host: Host) -> None:
    """12 silent connections from 4 addresses, renewed as the host closes them: a guest
    with the code is seated at once, every time (it was kept out when the places for
    connections that have not said hello were shared by everyone)."""
    sources = _sources(4)
    crowd = [RawPeer(host.port, sources[n % 4]) for n in range(12)]
    events: list[SessionEvent] = []
    assert until(lambda: len(events) == 4, host.poll, lambda: drain(events, host))
    assert events == [Refused(source, TOO_MANY) for source in sources]  # each address's 3rd
    assert len(host._pending) == 8
    began = time.monotonic()
    guest = join(host)
    assert guest.state == "playing" and time.monotonic() - began < 10.0
    assert len(host._pending) == 8  # nobody of the crowd was let in or needed to go
    guest.close()
    for peer in crowd:
        peer.close()


def test_when_every_place_is_taken_the_biggest_crowd_makes_room(
        host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "MAX_PENDING", 4)
    sources = _sources(3)
    crowd = [RawPeer(host.port, source) for source in (sources[0], sources[0], sources[1],
                                                        sources[1])]
    assert until(lambda: len(host._pending) == 4, host.poll)
    newcomer = RawPeer(host.port, sources[2])
    events: list[SessionEvent] = []
    assert until(lambda: bool(events), host.poll, lambda: drain(events, host))
    assert events[0] == Refused(sources[0], TOO_MANY)  # the oldest of a crowd of two
    assert len(host._pending) == 4 and host._pending[-1].address == sources[2]
    for peer in crowd + [newcomer]:
        peer.close()


@pytest.mark.parametrize("junk", [b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", b"\xff" * 100,
                                  b"\x7f\xff\xff\xff", b"\x00\x00\x00\x02{}",
                                  b"\x00\x00\x10\x00" + b"{" * 100])
def test_hostile_bytes_at_the_listener_do_not_raise_nor_take_the_seat(
        host: Host, junk: bytes) -> None:
    peer = RawPeer(host.port)
    peer.raw(junk)
    events: list[SessionEvent] = []
    assert until(lambda: bool(events), host.poll, lambda: drain(events, host),
                 lambda: peer.close() if junk.startswith(b"\x00\x00\x10") else None)
    assert isinstance(events[0], Refused) and host.state == "waiting"
    peer.close()
    guest = join(host)
    assert guest.state == "playing"
    guest.close()


def test_a_guest_gives_up_when_nobody_listens() -> None:
    with socket.create_server((LOOPBACK, 0)) as probe:
        port = probe.getsockname()[1]
    guest = Guest(LOOPBACK, port, "ABCDEF")
    assert until(lambda: guest.state == "closed", guest.poll)
    event = guest.events()[0]
    assert isinstance(event, GaveUp) and event.reason == Why.UNREACHABLE \
        and f"{LOOPBACK}:{port}" in event.detail


def test_a_host_listening_on_ipv6_loopback_too() -> None:
    try:
        host = Host(GAME, bind="::1", code="ABCDEF")
    except OSError:
        pytest.skip("no loopback here")
    try:
        if len(host._listeners) == 2:
            first = Guest("::1", host.port, "ABCDEF")
            assert until(lambda: first.state != "connecting", host.poll, first.poll)
            assert first.state == "playing"
        else:
            first = join(host, code="ABCDEF")  # no IPv6 here: the IPv4 loopback serves
        second = Guest(LOOPBACK, host.port, "ABCDEF")
        assert until(lambda: second.state != "connecting", host.poll, second.poll)
        assert second.state == "refused" and second.events() == [Refused(LOOPBACK, SEAT_TAKEN)]
        first.close()
    finally:
        host.close()


def test_a_game_too_big_for_a_welcome_is_refused_at_once() -> None:
    with pytest.raises(ValueError):
        Host({"x": "y" * 1_100_000}, bind=LOOPBACK)
    with pytest.raises(ValueError):
        Host(GAME, bind=LOOPBACK, seat="red")


def test_a_name_is_looked_up_aside_and_each_of_its_addresses_tried(host: Host) -> None:
    guest = Guest("localhost", host.port, "KXR7PQ")  # may give ::1 first, then 127.0.0.1
    assert until(lambda: guest.state != "connecting", host.poll, guest.poll)
    assert guest.state == "playing"
    guest.close()


def test_a_port_out_of_range_or_an_unknown_name_gives_up_without_raising() -> None:
    for where, port in (("127.0.0.1", 70_000), ("127.0.0.1", 0), ("bad\x00name", 1),
                        ("no such host", 1)):
        guest = Guest(where, port, "ABCDEF")
        assert until(lambda: guest.state == "closed", guest.poll, timeout=10.0), where
        assert isinstance(guest.events()[0], GaveUp)


def test_a_host_that_accepts_and_never_answers_does_not_hold_the_guest() -> None:
    with socket.create_server((LOOPBACK, 0)) as mute:
        guest = Guest(LOOPBACK, mute.getsockname()[1], "ABCDEF")
        start = time.monotonic()
        assert until(lambda: guest._link is not None, lambda: guest.poll(start))
        began = time.perf_counter()
        guest.poll(start + 4.9)
        assert guest.state == "connecting"
        guest.poll(start + 5.1)
        assert time.perf_counter() - began < 0.05
        assert guest.state == "closed"
        event = guest.events()[0]
        assert isinstance(event, GaveUp) and event.reason == Why.NO_ANSWER


def test_both_ends_are_peers_for_the_game_layer(host: Host) -> None:
    guest = Guest(LOOPBACK, host.port, "KXR7PQ")
    assert isinstance(host, Peer) and isinstance(guest, Peer)
    assert guest.rtt is None and host.rtt is None
    guest.close()


def test_a_stranger_may_not_send_a_big_frame_the_seated_guest_a_fair_one(host: Host) -> None:
    stranger = RawPeer(host.port)
    stranger.raw(struct.pack(">I", session_module.HELLO_FRAME + 1))
    events: list[SessionEvent] = []
    assert until(lambda: bool(events), host.poll, lambda: drain(events, host))
    assert isinstance(events[0], Refused) and "longer than" in events[0].detail
    stranger.close()
    guest = join(host)
    assert guest.send("sync", record={"moves": ["c3-d4"] * 2000})  # ~18 KB
    got: list[Message] = []
    assert until(lambda: bool(got), guest.poll, lambda: got.extend(host.poll()))
    assert len(got[0].object("record")["moves"]) == 2000 and host.state == "playing"
    # but not a megabyte: a guest sends moves, never a whole game (GUEST_FRAME)
    assert guest.send("sync", record={"moves": ["c3-d4"] * 10_000})  # ~90 KB
    assert until(lambda: host.state != "playing", guest.poll, host.poll)
    lost = [e for e in host.events() if isinstance(e, GuestLost)]
    assert lost and "longer than" in lost[-1].detail
    guest.close()


def test_a_guest_whose_game_closed_takes_its_seat_back_with_the_code() -> None:
    host = Host(GAME, bind=LOOPBACK, code="KXR7PQ")
    try:
        relay = Relay(host.port)
        first = Guest(LOOPBACK, relay.port, "KXR7PQ")
        assert until(lambda: first.state == "playing", relay.poll, host.poll, first.poll)
        relay.cut()  # its game is gone with its token: no bye, the host waits for it
        events: list[SessionEvent] = []
        assert until(lambda: host.state != "playing", host.poll, lambda: drain(events, host))
        again = Guest(LOOPBACK, host.port, "KXR7PQ")  # opened again: no token, the code
        assert until(lambda: again.state != "connecting", host.poll, again.poll)
        assert again.state == "playing" and host.state == "playing"
        drain(events, host)
        assert any(isinstance(e, GuestBack) for e in events)
        third = Guest(LOOPBACK, host.port, "KXR7PQ")  # while it plays, the seat is taken
        assert until(lambda: third.state != "connecting", host.poll, third.poll)
        assert third.state == "refused"
        for guest in (first, again, third):
            guest.close()
    finally:
        host.close()
