"""Games on the local network, tested on 127.0.0.1 only (no broadcast leaves the machine)."""
from __future__ import annotations

import json
import socket
import time

from game.net.discovery import MAX_DATAGRAM, Announcer, Finder, Found
from tests.net.helpers import LOOPBACK, free_udp_port, until

INFO: dict[str, str | int] = {"port": 40123, "game": "Русские шашки", "host": "Дедушка", "code": "KXR7PQ"}


def test_an_announced_game_is_found_and_forgotten_when_it_stops() -> None:
    port = free_udp_port()
    finder = Finder(bind=LOOPBACK, port=port)
    announcer = Announcer(INFO, address=LOOPBACK, port=port)
    found: list[Found] = []
    try:
        assert finder.error == ""
        assert until(lambda: bool(found), announcer.poll,
                     lambda: found.extend(finder.poll()))
        game = found[0]
        assert (game.address, game.port, game.game, game.host) == (
            LOOPBACK, 40123, "Русские шашки", "Дедушка")
        assert b"KXR7PQ" not in announcer.datagram  # the code never leaves the host
        assert finder.poll(time.monotonic() + 4.0) == [game]
        assert finder.poll(time.monotonic() + 6.0) == []
    finally:
        announcer.close()
        finder.close()


def test_one_announcement_a_second() -> None:
    port = free_udp_port()
    announcer = Announcer(INFO, address=LOOPBACK, port=port)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as ear:
        ear.bind((LOOPBACK, port))
        ear.settimeout(0.3)
        for now in (10.0, 10.5, 10.9, 11.0, 11.2):
            announcer.poll(now)
        heard = 0
        while True:
            try:
                ear.recv(4096)
            except TimeoutError:
                break
            heard += 1
    announcer.close()
    assert heard == 2


def test_datagrams_too_long_broken_or_of_another_shape_are_ignored() -> None:
    port = free_udp_port()
    finder = Finder(bind=LOOPBACK, port=port)
    good = {"shashki": 1, "port": 5000, "game": "x", "host": "y"}
    junk = [b"\xff\xfe", b"not json", b"[1]", b"NaN", b"{" * 600 + b"}" * 400,
            json.dumps({**good, "port": 0}).encode(), json.dumps({**good, "port": 70000}).encode(),
            json.dumps({**good, "port": True}).encode(),
            json.dumps({**good, "shashki": 2}).encode(),
            json.dumps({**good, "game": 5}).encode(), json.dumps({"game": "x"}).encode(),
            json.dumps({**good, "host": "h" * MAX_DATAGRAM}).encode()]
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as mouth:
        for data in junk:
            mouth.sendto(data, (LOOPBACK, port))
        mouth.sendto(json.dumps({**good, "game": "g" * 500}).encode(), (LOOPBACK, port))
    found: list[Found] = []
    assert until(lambda: bool(found), lambda: found.extend(finder.poll()))
    until(lambda: False, lambda: found.extend(finder.poll()), timeout=0.1)
    finder.close()
    assert {f.port for f in found} == {5000} and len(found[0].game) == 60


def test_a_busy_port_is_said_and_nothing_is_found() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as taken:
        taken.bind((LOOPBACK, 0))
        finder = Finder(bind=LOOPBACK, port=taken.getsockname()[1])
        assert "busy" in finder.error and finder.poll() == []
        finder.close()


def test_the_broadcast_flag_is_set_only_for_the_broadcast_address() -> None:
    # made, never polled: nothing is sent
    everyone = Announcer(INFO)
    one = Announcer(INFO, address=LOOPBACK, port=free_udp_port())
    try:
        flag = socket.SOL_SOCKET, socket.SO_BROADCAST
        assert everyone._sock is not None and everyone._sock.getsockopt(*flag) != 0
        assert one._sock is not None and one._sock.getsockopt(*flag) == 0
    finally:
        everyone.close()
        one.close()
