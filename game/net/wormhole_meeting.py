"""What a meeting through magic-wormhole is, shared by the window's side
(:mod:`game.net.wormhole_link`) and the reactor's (:mod:`game.net.wormhole_twisted`): where
the servers are, the stages of a meeting, why one failed, what a code looks like, and what the
reactor's side reports to (:class:`Report`).

Public API: ``Servers`` (``PUBLIC``), ``Stage``, ``TunnelFailed``, ``Report``;
``normal_code``, ``valid_code``, ``return_code``; ``available()``; the time limits.
"""
from __future__ import annotations

import enum
import hashlib
import importlib.util
import re
import socket
from dataclasses import dataclass
from typing import Protocol

from game.net.reasons import Why
from game.rules.text import clean

#: the application's name at the mailbox server: two games meet only under the same one
APPID = "shashki.game/play-v1"
#: the public servers that magic-wormhole's own programs use
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
#: words in a code the host is given (after its number), as ``wormhole send`` gives
CODE_WORDS = 2
#: seconds to reach the mailbox server before it is called unreachable
SERVER_WITHIN = 15.0
#: seconds a guest's code may go unanswered once the server has it: the host posted its half
#: of the key exchange when its code was made, so nobody answering means nobody waits under
#: that code (it was used already, or mistyped)
FIND_WITHIN = 10.0
#: seconds to agree the key once the other side is found, and to connect after that
CONNECT_WITHIN = 30.0

#: what a code must look like: a number, a dash, then words (or letters and digits)
_CODE = re.compile(r"[0-9]{1,9}-[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True, slots=True)
class Servers:
    """Where two games meet (``mailbox``, a ``ws://`` URL) and through what they connect
    when they cannot directly (``relay``, ``tcp:host:port``); ``direct`` False never offers
    nor tries a direct connection (every game through the relay); ``bind`` is the one
    address a direct connection is listened for on and offered ("" every address the
    computer has, as magic-wormhole does; the tests keep to loopback)."""

    mailbox: str = PUBLIC_MAILBOX
    relay: str = PUBLIC_RELAY
    direct: bool = True
    bind: str = ""


PUBLIC = Servers()


class Stage(str, enum.Enum):
    """Where a meeting is."""

    STARTING = "starting"  # reaching the mailbox server (a host: getting its code)
    WAITING = "waiting"  # (host) the code is made: waiting for the friend to type it
    FINDING = "finding"  # (guest, or a return) looking for the other side under the code
    CONNECTING = "connecting"  # found: agreeing the key, then a direct or relayed connection
    CONNECTED = "connected"
    FAILED = "failed"

    def __str__(self) -> str:
        return self.value


def available() -> bool:
    """Whether magic-wormhole is installed here (play across the Internet needs it)."""
    return all(importlib.util.find_spec(name) is not None for name in ("wormhole", "twisted"))


def normal_code(typed: str) -> str:
    """A code as typed (spaces or dashes between the words, capitals) in the form the
    wormhole takes: lower case, the words joined by dashes."""
    return "-".join(w for w in re.split(r"[\s\-_]+", typed.strip().lower()) if w)


def valid_code(code: str) -> bool:
    """Whether ``code`` (normal) is a wormhole code: a number, then at least one word."""
    return len(code) <= 120 and _CODE.fullmatch(code) is not None


_MAILBOX = re.compile(r"wss?://[A-Za-z0-9._\-\[\]:]{1,255}(:[0-9]{1,5})?(/[A-Za-z0-9._~\-/]*)?")
_RELAY = re.compile(r"tcp:[A-Za-z0-9._\-]{1,253}:[0-9]{1,5}")


def mailbox_ok(url: str) -> bool:
    """Whether ``url`` is a mailbox server's address: ``ws://host:port/v1`` (or wss)."""
    return len(url) <= 300 and _MAILBOX.fullmatch(url) is not None


def relay_ok(hint: str) -> bool:
    """Whether ``hint`` is a transit relay's address: ``tcp:host:port``."""
    return len(hint) <= 300 and _RELAY.fullmatch(hint) is not None \
        and 0 < int(hint.rsplit(":", 1)[1]) < 65536


def servers(mailbox: str = "", relay: str = "", *, bind: str = "") -> Servers:
    """The servers a setting names ("" or a value that is no address: the public one)."""
    return Servers(mailbox if mailbox_ok(mailbox) else PUBLIC_MAILBOX,
                   relay if relay_ok(relay) else PUBLIC_RELAY, bind=bind)


def return_code(token: str) -> str:
    """The code under which a guest whose link dropped and its host meet again by
    themselves: made from the resume token the host gave the guest in its last welcome (a
    secret of the two, sent encrypted), so that nobody else can know it, and new at every
    welcome. A large number is chosen so as not to take one the server gives out."""
    digest = hashlib.sha256(b"shashki return " + token.encode("utf-8")).digest()
    nameplate = 10_000_000 + int.from_bytes(digest[:4], "big") % 89_999_999
    return f"{nameplate}-{digest[4:20].hex()}"


class TunnelFailed(Exception):
    """A meeting that cannot go on: a reason code and the detail (the system's words)."""

    def __init__(self, why: Why, detail: str = "") -> None:
        super().__init__(why.value, detail)
        self.why = why
        self.detail = clean(detail, 200)



class Report(Protocol):
    """What the reactor's side of a meeting reads and tells (a :class:`Tunnel` of
    :mod:`game.net.wormhole_link`): set from the reactor's thread, read from the window's."""

    servers: Servers
    host: bool
    find_within: float | None
    began: float
    stage: Stage
    code: str | None
    found_after: float | None

    def connected(self, sock: socket.socket, route: str) -> bool:
        """The connection is made: ``sock`` is the window's end (False: nobody wants it)."""

    def fail(self, problem: TunnelFailed) -> None:
        """The meeting cannot go on."""
