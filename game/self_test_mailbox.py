"""The smallest mailbox ("rendezvous") server and transit relay two magic-wormhole clients
can meet through, on loopback alone, for the app's self-test (:func:`game.self_test._wormhole`):
they let a built app show that its copies of Twisted, autobahn, magic-wormhole, SPAKE2 and
NaCl work — a code allocated, the key agreed, a connection made directly and through a relay,
and bytes carried — without a byte leaving the computer. They are not the real servers
(``magic-wormhole-mailbox-server`` and ``magic-wormhole-transit-relay``, which the tests run):
no nameplates listed, no expiry, no limits beyond a few clients, one process.

Imported and run only in the reactor's thread (:func:`game.net.wormhole_link.in_reactor`),
like :mod:`game.net.wormhole_twisted`: the window's thread never imports Twisted.

What it speaks, after the welcome: ``bind``, ``allocate`` (answered ``allocated``),
``claim`` (``claimed``), ``open`` (every message the mailbox holds, then each one added),
``add`` (the message, with the side the sender bound as, to every client that opened
the mailbox, the sender too), ``release``
(``released``), ``close`` (``closed``) and ``ping`` (``pong``); each is acknowledged.
The relay takes ``please relay TOKEN for side SIDE`` from each of two sides, answers both
``ok`` and then carries each one's bytes to the other.
"""
from __future__ import annotations

import json
import re
from typing import Any

from autobahn.twisted.websocket import WebSocketServerFactory, WebSocketServerProtocol
from twisted.internet.interfaces import IAddress
from twisted.internet.protocol import Factory, Protocol, connectionDone
from twisted.python.failure import Failure

#: the address the mailbox listens on: loopback, never another
LOOPBACK = "127.0.0.1"
#: clients at once, and messages a mailbox keeps: a self-test has two clients and a dozen
MAX_CLIENTS = 8
MAX_MESSAGES = 64
#: what a side asks the relay (magic-wormhole's transit relay handshake)
_PLEASE_RELAY = re.compile(rb"please relay ([0-9a-f]{64}) for side ([0-9a-f]{16})")


class Mailbox:
    """The server: its port once listening, and the mailboxes' messages."""

    def __init__(self) -> None:
        self.port = 0
        #: magic-wormhole's and Twisted's versions, as the reactor's thread found them
        self.versions = ""
        self.messages: dict[str, list[dict[str, Any]]] = {}
        self.clients: list[_Client] = []
        self._next = 1
        self._listening: Any = None
        self.relay = Relay()

    def listen(self, reactor: Any) -> None:
        make: Any = WebSocketServerFactory  # (autobahn's constructor is not typed)
        factory = make()
        factory.protocol = _Client
        factory.mailbox = self
        self._listening = reactor.listenTCP(0, factory, interface=LOOPBACK)
        self.port = self._listening.getHost().port
        self.relay.listen(reactor)
        import twisted
        import wormhole
        self.versions = f"magic-wormhole {wormhole.__version__}, Twisted {twisted.__version__}"

    @property
    def url(self) -> str:
        return f"ws://{LOOPBACK}:{self.port}/v1"

    def nameplate(self) -> str:
        number, self._next = self._next, self._next + 1
        return str(number)

    def close(self) -> None:
        for client in list(self.clients):
            client.dropConnection(abort=True)
        listening, self._listening = self._listening, None
        if listening is not None:
            listening.stopListening()
        self.relay.close()


class _Client(WebSocketServerProtocol):
    """One client's connection."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: str | None = None
        self.side = ""

    @property
    def mailbox(self) -> Mailbox:
        box: Mailbox = self.factory.mailbox
        return box

    def onOpen(self) -> None:
        if len(self.mailbox.clients) >= MAX_CLIENTS:
            self.dropConnection(abort=True)
            return
        self.mailbox.clients.append(self)
        self.send({"type": "welcome", "welcome": {}})

    def onClose(self, wasClean: bool, code: int | None, reason: str | None) -> None:
        if self in self.mailbox.clients:
            self.mailbox.clients.remove(self)

    def send(self, message: dict[str, Any]) -> None:
        send: Any = self.sendMessage  # (not typed in autobahn)
        send(json.dumps(message).encode("utf-8"), False)

    def onMessage(self, payload: bytes, isBinary: bool) -> None:
        try:
            message = json.loads(payload.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            self.dropConnection(abort=True)
            return
        if not isinstance(message, dict):
            self.dropConnection(abort=True)
            return
        kind = message.get("type")
        self.send({"type": "ack", "id": message.get("id")})
        box = self.mailbox
        if kind == "bind":
            self.side = str(message.get("side", ""))[:64]
        elif kind == "allocate":
            self.send({"type": "allocated", "nameplate": box.nameplate()})
        elif kind == "claim":
            self.send({"type": "claimed", "mailbox": f"mailbox-{message.get('nameplate')}"})
        elif kind == "open":
            self.opened = str(message.get("mailbox"))
            for earlier in box.messages.get(self.opened, []):
                self.send(earlier)
        elif kind == "add" and self.opened is not None:
            kept = box.messages.setdefault(self.opened, [])
            if len(kept) >= MAX_MESSAGES:
                self.dropConnection(abort=True)
                return
            said = {"type": "message", "side": self.side,
                    "phase": message.get("phase"), "body": message.get("body"),
                    "id": message.get("id")}
            kept.append(said)
            for client in box.clients:
                if client.opened == self.opened:
                    client.send(said)
        elif kind == "release":
            self.send({"type": "released"})
        elif kind == "close":
            self.send({"type": "closed"})
        elif kind == "ping":
            self.send({"type": "pong", "pong": message.get("ping")})


class Relay(Factory):
    """The transit relay: its port once listening, and the sides waiting for their other."""

    def __init__(self) -> None:
        self.port = 0
        self.waiting: dict[bytes, _Relayed] = {}
        self.connections: list[_Relayed] = []
        self._listening: Any = None

    def listen(self, reactor: Any) -> None:
        self._listening = reactor.listenTCP(0, self, interface=LOOPBACK)
        self.port = self._listening.getHost().port

    @property
    def hint(self) -> str:
        return f"tcp:{LOOPBACK}:{self.port}"

    def buildProtocol(self, addr: IAddress | None) -> Protocol:
        return _Relayed(self)

    def close(self) -> None:
        for connection in list(self.connections):
            connection.drop(abort=True)
        listening, self._listening = self._listening, None
        if listening is not None:
            listening.stopListening()


class _Relayed(Protocol):
    """One side's connection to the relay: its handshake, then its bytes to its other."""

    def __init__(self, relay: Relay) -> None:
        self.relay = relay
        self.said = b""
        self.token = b""
        self.side = b""
        self.other: _Relayed | None = None

    def connectionMade(self) -> None:
        if len(self.relay.connections) >= MAX_CLIENTS:
            self.drop()
            return
        self.relay.connections.append(self)

    def dataReceived(self, data: bytes) -> None:
        if self.other is not None:
            self.other.write(data)
            return
        self.said += data
        line, newline, after = self.said.partition(b"\n")
        if not newline:
            if len(self.said) > 200:
                self.drop()
            return
        asked = _PLEASE_RELAY.fullmatch(line)
        if asked is None or self.token:
            self.drop()
            return
        self.token, self.side = asked.group(1), asked.group(2)
        self.said = after
        other = self.relay.waiting.get(self.token)
        if other is None or other.side == self.side:
            self.relay.waiting[self.token] = self
            return
        del self.relay.waiting[self.token]
        self.other, other.other = other, self
        for one in (self, other):
            one.write(b"ok\n")
        for one in (self, other):
            early, one.said = one.said, b""
            if early and one.other is not None:
                one.other.write(early)

    def write(self, data: bytes) -> None:
        transport: Any = self.transport
        if transport is not None:
            transport.write(data)

    def drop(self, abort: bool = False) -> None:
        """Hang up (``abort``: at once, what is unsent thrown away)."""
        transport: Any = self.transport
        if transport is not None:
            transport.abortConnection() if abort else transport.loseConnection()

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        if self in self.relay.connections:
            self.relay.connections.remove(self)
        if self.relay.waiting.get(self.token) is self:
            del self.relay.waiting[self.token]
        other, self.other = self.other, None
        if other is not None:
            other.other = None
            transport: Any = other.transport
            if transport is not None:
                transport.loseConnection()


def open_mailbox() -> Mailbox:
    """(In the reactor's thread) a :class:`Mailbox` and its :class:`Relay`, listening on
    loopback."""
    from game.net.wormhole_twisted import installed_reactor

    box = Mailbox()
    box.listen(installed_reactor())
    return box
