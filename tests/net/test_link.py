"""One connection: messages both ways, the heartbeat, silence, floods, a peer that breaks off."""
from __future__ import annotations

import struct
from collections.abc import Iterator

import pytest

from game.net import link as link_module
from game.net import wire as wire_module
from game.net.link import DROPPED, FLOOD, LEFT, NOT_READING, SILENT, Link
from game.net.reasons import Why
from game.net.wire import NOT_A_MESSAGE, Decoder, Message, encode
from tests.net.helpers import tcp_pair, until


@pytest.fixture
def pair() -> Iterator[tuple[Link, Link]]:
    a, b = tcp_pair()
    left, right = Link(a, now=0.0), Link(b, now=0.0)
    yield left, right
    left.close(Why.GUEST_CLOSED)
    right.close(Why.GUEST_CLOSED)


def test_messages_cross_in_order_and_the_peer_is_loopback(pair: tuple[Link, Link]) -> None:
    left, right = pair
    left.send("move", ply=1, text="c3-d4", digest="a")
    left.send("chat", text="hi")
    got: list[str] = []
    assert until(lambda: len(got) == 2, lambda: got.extend(m.t for m in right.poll(0.1)))
    assert got == ["move", "chat"]
    assert right.peer[0] == "127.0.0.1" and not right.closed


def test_ping_is_answered_by_the_link_and_never_reaches_the_caller(
        pair: tuple[Link, Link]) -> None:
    left, right = pair
    heard: list[str] = []
    # two seconds on: the left link pings by itself
    assert left.poll(2.0) == []
    assert until(lambda: left.rtt is not None,
                 lambda: heard.extend(m.t for m in right.poll(2.0)),
                 lambda: heard.extend(m.t for m in left.poll(2.01)))
    assert heard == [] and left.rtt is not None and left.rtt == pytest.approx(0.01)
    assert not left.closed and not right.closed


def test_eight_silent_seconds_close_the_link(pair: tuple[Link, Link]) -> None:
    left, _ = pair
    assert left.poll(7.9) == [] and not left.closed
    left.poll(8.0)
    assert left.closed and left.reason == SILENT


def test_a_peer_that_keeps_pinging_is_not_silent(pair: tuple[Link, Link]) -> None:
    left, right = pair
    for second in range(1, 21):
        right.poll(float(second))  # pings every 2 s
        until(lambda: False, timeout=0.01)
        left.poll(float(second))
    assert not left.closed and not right.closed


def test_more_than_200_messages_in_a_second_is_a_flood() -> None:
    a, b = tcp_pair()
    link = Link(b, now=0.0)
    a.sendall(b"".join(encode("chat", text="spam") for _ in range(250)))
    assert until(lambda: link.closed, lambda: link.poll(0.5))
    assert link.reason == FLOOD
    # the flooder is told before the door shuts
    a.settimeout(2.0)
    said = Decoder().feed(a.recv(65536))
    assert said[-1].t == "bye" and said[-1].str("why") == FLOOD.value
    a.close()


def test_a_flood_is_known_without_parsing_all_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # 2 000 pings in one read: the poll that closes the link parses a second's allowance
    # and one more, not the whole flood, so the window's frame stays short
    parsed: list[int] = []
    real_parse = wire_module.parse

    def counted(body: bytes) -> Message:
        parsed.append(1)
        return real_parse(body)

    monkeypatch.setattr(wire_module, "parse", counted)
    a, b = tcp_pair()
    link = Link(b, now=0.0)
    a.sendall(b"".join(encode("ping", n=n % 1000) for n in range(2000)))
    until(lambda: False, timeout=0.05)  # all of it in the socket's buffer
    assert until(lambda: link.closed, lambda: link.poll(0.5))
    assert link.reason == FLOOD
    assert len(parsed) <= 2 * (link_module.MAX_MESSAGES + 1)
    a.close()


def test_more_than_2_mib_in_a_second_is_a_flood() -> None:
    a, b = tcp_pair()
    link = Link(b, now=0.0)
    record = {"moves": "x" * 300_000}
    a.sendall(b"".join(encode("sync", record=record) for _ in range(10)))
    assert until(lambda: link.closed, lambda: link.poll(0.5))
    assert link.reason == FLOOD
    a.close()


def test_the_same_traffic_spread_over_seconds_is_no_flood() -> None:
    a, b = tcp_pair()
    link = Link(b, now=0.0)
    got: list[object] = []
    for second in range(3):
        a.sendall(b"".join(encode("chat", text="ok") for _ in range(150)))
        wanted = 150 * (second + 1)
        assert until(lambda: len(got) >= wanted,
                     lambda: got.extend(link.poll(float(second) + 0.5)))
    assert not link.closed and len(got) == 450
    link.close(Why.HOST_CLOSED)
    a.close()


def test_a_peer_that_closes_in_the_middle_of_a_frame() -> None:
    a, b = tcp_pair()
    link = Link(b, now=0.0)
    frame = encode("move", ply=3, text="e3-f4", digest="d")
    a.sendall(frame + frame[:7])
    a.close()
    got: list[str] = []
    assert until(lambda: link.closed, lambda: got.extend(m.t for m in link.poll(0.1)))
    assert got == ["move"] and link.reason == DROPPED and not link.left


def test_bye_closes_the_other_side_with_the_reason_given(pair: tuple[Link, Link]) -> None:
    left, right = pair
    left.send("chat", text="good game")
    left.close(Why.HOST_CLOSED, "time for dinner")
    got: list[str] = []
    assert until(lambda: right.closed, lambda: got.extend(m.t for m in right.poll(0.1)))
    assert got == ["chat"]
    assert right.reason == LEFT and right.left and right.farewell == Why.HOST_CLOSED \
        and right.farewell_detail == "time for dinner"
    # what is sent after closing goes nowhere, and polling a closed link is quiet
    left.send("chat", text="ignored")
    assert left.poll(0.2) == [] and right.poll(0.2) == []


@pytest.mark.parametrize("junk", [b"\x00\x00\x00\x05hello", b"\xff" * 16,
                                  struct.pack(">I", 10 ** 9)])
def test_garbage_closes_the_link_with_the_reason_and_tells_the_peer(junk: bytes) -> None:
    a, b = tcp_pair()
    link = Link(b, now=0.0)
    a.sendall(junk)
    assert until(lambda: link.closed, lambda: link.poll(0.1))
    assert link.reason is not None and link.reason != DROPPED
    said = Decoder().feed(a.recv(65536))
    assert said[-1].t == "bye" and said[-1].str("why") == Why.BAD_MESSAGE.value \
        and said[-1].str("detail") == link.detail
    if junk.startswith(b"\x00\x00\x00\x05"):
        assert link.detail == NOT_A_MESSAGE
    a.close()


def test_a_peer_that_does_not_read_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link_module, "MAX_QUEUED", 64 * 1024)
    a, b = tcp_pair()
    link = Link(b, now=0.0)
    record = {"moves": "x" * 60_000}
    for _ in range(400):  # the kernel's buffers fill first, then our queue
        link.send("sync", record=record)
        if link.closed:
            break
    assert link.closed and link.reason == NOT_READING
    a.close()


def test_sending_a_message_out_of_its_schema_raises_here(pair: tuple[Link, Link]) -> None:
    left, _ = pair
    with pytest.raises(ValueError):
        left.send("move", ply=-1, text="", digest="")
    assert not left.closed
