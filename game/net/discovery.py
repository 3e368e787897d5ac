"""Games hosted on the local network, found without typing an address.

A host's :class:`Announcer` sends one small UDP datagram a second (by default a broadcast
to :data:`DISCOVERY_PORT`): ``{"shashki": 1, "port": <game port>, "game": <title>,
"host": <name>}`` and never the join code. A :class:`Finder` listens on that port and lists
the hosts heard in the last :data:`FORGET_AFTER` seconds; whatever else arrives (too long,
not JSON, another shape) is ignored. Neither ever raises to its caller once made: a port
that is busy or a network that refuses a broadcast is said in ``error``.

Public API: ``DISCOVERY_PORT``; ``Announcer(info, *, address="255.255.255.255",
port=DISCOVERY_PORT)`` with ``poll(now=None)``, ``error``, ``close()``;
``Finder(*, bind="", port=DISCOVERY_PORT)`` with ``poll(now=None) -> list[Found]``,
``error``, ``close()``; ``Found(address, port, game, host, seen)``.
"""
from __future__ import annotations

import json
import socket
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.text import clean

DISCOVERY_PORT = 27532
BROADCAST = "255.255.255.255"
#: seconds between two announcements
ANNOUNCE_EVERY = 1.0
#: a host not heard for this long is no longer listed
FORGET_AFTER = 5.0
#: the longest datagram read; a longer one is ignored
MAX_DATAGRAM = 1024
#: datagrams read in one poll, at most (a flood costs the window nothing)
_READ_PER_POLL = 64
#: hosts remembered at once, at most
_MAX_HOSTS = 64
_MAX_TITLE = 60
_MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class Found:
    """A game announced on the local network: where to join it and what it is."""

    address: str
    port: int
    game: str
    host: str
    seen: float


def _text(value: object, limit: int) -> str:
    """A string of the datagram, cleaned and cut to its limit ("" if it is not a string):
    a stranger's datagram names the game and the host that the lobby draws."""
    return clean(value, limit)


class Announcer:
    """Tells the local network, once a second, that a game is hosted here."""

    def __init__(self, info: Mapping[str, str | int], *, address: str = BROADCAST,
                 port: int = DISCOVERY_PORT) -> None:
        # only these fields go out: whatever else info holds (a code) stays here
        self.datagram = json.dumps({
            "shashki": 1, "port": int(info.get("port", 0)),
            "game": str(info.get("game", ""))[:_MAX_TITLE],
            "host": str(info.get("host", ""))[:_MAX_NAME]},
            ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        self.target = (address, port)
        self.error = ""
        self._last: float | None = None
        self._sock: socket.socket | None = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setblocking(False)
        if address in (BROADCAST, "<broadcast>"):
            try:
                self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            except OSError as error:
                self.error = f"this network does not allow announcing a game ({error})"

    def poll(self, now: float | None = None) -> None:
        """Send the announcement if a second has passed since the last one."""
        now = time.monotonic() if now is None else now
        if self._sock is None or (self._last is not None
                                  and now - self._last < ANNOUNCE_EVERY):
            return
        self._last = now
        try:
            self._sock.sendto(self.datagram, self.target)
            self.error = ""
        except OSError as error:  # no network, a broadcast refused, a full buffer
            self.error = f"the game cannot be announced on the local network ({error})"

    def close(self) -> None:
        """Stop announcing."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None


class Finder:
    """Listens for announcements and lists the games heard lately."""

    def __init__(self, *, bind: str = "", port: int = DISCOVERY_PORT) -> None:
        self.error = ""
        self._hosts: dict[tuple[str, int], Found] = {}
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            # several windows on one machine may all look for games (the BSDs and macOS
            # want SO_REUSEPORT for that; on Linux it would share out datagrams instead)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if sys.platform == "darwin" or "bsd" in sys.platform:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((bind, port))
            sock.setblocking(False)
        except OSError as error:
            sock.close()
            self._sock: socket.socket | None = None
            self.error = (f"the port {port} is busy: games on the local network cannot be "
                          f"found ({error.strerror or error})")
            return
        self._sock = sock

    def poll(self, now: float | None = None) -> list[Found]:
        """The games heard in the last few seconds, by address."""
        now = time.monotonic() if now is None else now
        for _ in range(_READ_PER_POLL if self._sock is not None else 0):
            try:
                data, where = self._sock.recvfrom(MAX_DATAGRAM + 1)  # type: ignore[union-attr]
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                continue  # an ICMP error reported on a UDP socket: nothing to read
            found = self._read(data, str(where[0]), now)
            if found is not None:
                self._keep(found)
        for key in [k for k, f in self._hosts.items() if now - f.seen > FORGET_AFTER]:
            del self._hosts[key]
        return sorted(self._hosts.values(), key=lambda f: (f.address, f.port))

    def close(self) -> None:
        """Stop listening."""
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def _keep(self, found: Found) -> None:
        key = (found.address, found.port)
        if key not in self._hosts and len(self._hosts) >= _MAX_HOSTS:
            del self._hosts[min(self._hosts, key=lambda k: self._hosts[k].seen)]
        self._hosts[key] = found

    @staticmethod
    def _read(data: bytes, address: str, now: float) -> Found | None:
        if len(data) > MAX_DATAGRAM:
            return None
        try:
            value: Any = json.loads(data.decode("utf-8"), parse_constant=_refuse)
        except (ValueError, RecursionError):
            return None
        if not isinstance(value, dict) or value.get("shashki") != 1 \
                or isinstance(value.get("shashki"), bool):
            return None
        port = value.get("port")
        if type(port) is not int or not 1 <= port <= 65535:
            return None
        game, host = value.get("game"), value.get("host")
        if not isinstance(game, str) or not isinstance(host, str):
            return None
        return Found(address, port, _text(game, _MAX_TITLE), _text(host, _MAX_NAME), now)


def _refuse(name: str) -> float:
    """NaN and Infinity are not numbers here."""
    raise ValueError(name)

