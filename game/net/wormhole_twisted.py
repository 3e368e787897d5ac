"""The reactor's side of a meeting through magic-wormhole (:mod:`game.net.wormhole_link`):
imported and run only in the reactor's thread.

A :class:`Meeting` reaches the mailbox server, gets or sets the code, waits for the other side
under it, agrees the key (a wrong code fails here: the PAKE's verifier differs), trades
connection hints through the mailbox (encrypted), and lets magic-wormhole's transit connect
directly or through the relay. It then carries the transit's encrypted records to and from
one end of a socket pair; the other end is the window's.

A side that stops once the other was found (the key agreed) but before the connection is
made leaves a note in the mailbox (:data:`LEFT_NOTE`) and closes the mailbox once the note
has gone (a note waits for the key to be confirmed, one round trip, at most
:data:`LEAVE_WITHIN` seconds): the other side, waiting for the hints or for the transit,
fails at once as left (:attr:`Why.GUEST_CLOSED` or :attr:`Why.HOST_CLOSED`) instead of
waiting out :data:`CONNECT_WITHIN` under a code that is spent (a host then shows a new code
at once). A side that found nobody closes its mailbox at once, as before: a guest that
lingered under a mistyped code could meet a stranger's host whose nameplate has the same
number and spend that host's code.

What comes from the other side is a stranger's: its mailbox message is read with a size limit
and a schema (connection hints only, a few of them), a record over the transit longer than
:data:`MAX_RECORD` cuts the connection, and the game's own messages pass the wire's checks
(size, schema, clean text) at the link, as on the local network.
"""
from __future__ import annotations

import io
import json
import socket
import time
from collections.abc import Callable
from typing import Any

from twisted.internet import defer, endpoints
from twisted.internet.interfaces import IAddress
from twisted.internet.protocol import Factory, Protocol, connectionDone
from twisted.python.failure import Failure

from game.net.reasons import Why
from game.net.wire import PROTOCOL_VERSION
from game.net.wormhole_meeting import (APPID, CODE_WORDS, CONNECT_WITHIN, SERVER_WITHIN,
                                       Report, Servers, Stage, TunnelFailed)

#: the longest message the other side may leave in the mailbox (its connection hints)
MAX_MAILBOX_MESSAGE = 8192
#: connection hints taken from the other side, at most
MAX_HINTS = 16
#: the most bytes of one record over the transit that may wait to be whole: the records of
#: this game are at most what one read of a socket gives (64 KB); a peer that announces a
#: longer one is cut off instead of being given memory
MAX_RECORD = 256 * 1024
#: the mailbox message of a side that stopped before the connection was made
LEFT_NOTE = {"left": True}
#: seconds a stopped side keeps its mailbox open for its note to go
LEAVE_WITHIN = 3.0
#: seconds a failed transit waits for the other side's note (the relay drops a side's
#: connection as the side leaves, and the note through the mailbox may come a moment after)
NOTE_AFTER_FAILURE = 1.0


def installed_reactor() -> Any:
    """Twisted's reactor (installed by this import, in the reactor's thread: the window's
    thread never imports Twisted). Typed Any: its interfaces know no ``run`` that takes
    ``installSignalHandlers``."""
    from twisted.internet import reactor
    return reactor


_reactor = installed_reactor


class Meeting:
    """One tunnel's work in the reactor's thread; :meth:`stop` ends it at any step."""

    def __init__(self, tunnel: Report) -> None:
        self.tunnel = tunnel
        self._wormhole: Any = None
        self._transit: Any = None
        self._connection: Any = None
        self._bridge: _Bridge | None = None
        #: the key is agreed: the other side is there (a side stopping before has nobody
        #: to tell, and closes its mailbox at once)
        self._found = False
        #: the other side's note came: it stopped (a cancelled connect is its leaving)
        self._they_left = False
        self._task: defer.Deferred[None] = defer.ensureDeferred(self._meet())
        self._task.addErrback(self._failed)

    def stop(self) -> None:
        w = self._wormhole
        if w is not None and self._found and not self._they_left:
            self._wormhole = None  # (closed by leave(), once its note has gone)
            leave(w)
        if not self._task.called:
            self._task.cancel()
        self._close()

    def _left(self) -> TunnelFailed:
        """The other side's leaving, as its reason."""
        return TunnelFailed(Why.GUEST_CLOSED if self.tunnel.host else Why.HOST_CLOSED)

    def _failed(self, failure: Failure) -> None:
        error = failure.value
        if isinstance(error, TunnelFailed):
            problem = error
        elif isinstance(error, defer.CancelledError):
            problem = self._left() if self._they_left else \
                TunnelFailed(Why.HOST_CLOSED if self.tunnel.host else Why.GUEST_CLOSED)
        else:
            problem = reason(error if isinstance(error, BaseException) else Exception(error),
                             self.tunnel.servers)
        self._close()
        self.tunnel.fail(problem)

    async def _meet(self) -> None:
        import wormhole
        from wormhole.transit import TransitReceiver, TransitSender
        tunnel, servers, reactor = self.tunnel, self.tunnel.servers, _reactor()
        w = wormhole.create(APPID, servers.mailbox, reactor,
                            versions={"shashki": PROTOCOL_VERSION}, stderr=io.StringIO())
        self._wormhole = w
        if tunnel.code is None:
            w.allocate_code(CODE_WORDS)
        else:
            w.set_code(tunnel.code)
        await within(w.get_welcome(), SERVER_WITHIN, TunnelFailed(Why.NO_SERVER,
                                                                  servers.mailbox))
        tunnel.code = str(await w.get_code())
        tunnel.stage = Stage.WAITING if tunnel.host and tunnel.find_within is None \
            else Stage.FINDING
        if tunnel.find_within is None:
            await w.get_unverified_key()
        else:
            await within(w.get_unverified_key(), tunnel.find_within,
                         TunnelFailed(Why.NO_SUCH_CODE))
        tunnel.found_after = time.monotonic() - tunnel.began
        self._found = True
        tunnel.stage = Stage.CONNECTING
        await within(w.get_verifier(), CONNECT_WITHIN, TunnelFailed(Why.NO_ANSWER))
        transit = make_transit(TransitSender if tunnel.host else TransitReceiver, servers)
        self._transit = transit
        hints = await transit.get_connection_hints()
        w.send_message(json.dumps({"transit": {"hints-v1": hints}}).encode("utf-8"))
        transit.set_transit_key(w.derive_key(APPID + "/transit-key",
                                             transit.TRANSIT_KEY_LENGTH))
        message = await within(w.get_message(), CONNECT_WITHIN, TunnelFailed(Why.NO_ANSWER))
        if is_left_note(message):
            self._they_left = True
            raise self._left()
        transit.add_connection_hints(their_hints(message))
        connecting = within(transit.connect(), CONNECT_WITHIN,
                            TunnelFailed(Why.NO_CONNECTION, servers.relay))
        # the only message that may follow the hints is the other side's note that it left
        after = w.get_message()
        after.addCallback(self._note_while_connecting, connecting)
        quietly(after)
        try:
            connection = await connecting
        except (defer.CancelledError, TunnelFailed):
            raise
        except Exception as error:  # the transit's own: no way to the other side worked
            if await self._left_within(NOTE_AFTER_FAILURE):
                raise self._left() from None  # it failed because the other side left
            raise TunnelFailed(Why.NO_CONNECTION, f"{servers.relay}: {error}") from None
        self._connection = connection
        self._wormhole = None
        quietly(w.close())  # the mailbox is not needed any more
        self._carry(connection, "relay" if connection.relay_handshake is not None
                    else "direct")

    def _note_while_connecting(self, message: object, connecting: Any) -> None:
        if is_left_note(message):
            self._they_left = True
            if not connecting.called:
                connecting.cancel()

    async def _left_within(self, seconds: float) -> bool:
        """Whether the other side's note is here, or comes within ``seconds``."""
        from twisted.internet import task
        deadline = time.monotonic() + seconds
        while not self._they_left and time.monotonic() < deadline:
            await task.deferLater(_reactor(), 0.05, lambda: None)
        return self._they_left

    def _carry(self, connection: Any, route: str) -> None:
        """Join the transit's records to one end of a socket pair; the other end is the
        window's. Each side pauses the other when it cannot take more."""
        ours, theirs = socket.socketpair()
        bridge = _Bridge(connection)
        try:
            _reactor().adoptStreamConnection(ours.fileno(), ours.family, _Once(bridge))
        finally:
            ours.close()  # the reactor keeps its own copy of the socket
        self._bridge = bridge
        watch(connection, bridge.lose)
        transport = bridge.transport
        connection.connectConsumer(transport)  # records in: written to the window's end
        connection.registerProducer(transport, True)  # the window's bytes: sent as records
        if not self.tunnel.connected(theirs, route):
            self._close()

    def _close(self) -> None:
        w, self._wormhole = self._wormhole, None
        if w is not None:
            quietly(w.close())
        transit, self._transit = self._transit, None
        if transit is not None and self._connection is None:
            # a listener for a direct connection that never came (magic-wormhole stops it
            # only from connect(), which may not have been reached)
            stop = getattr(transit, "_stop_listening", None)
            if getattr(transit, "_listener_d", None) is not None and callable(stop):
                try:
                    stop()
                except Exception:  # already stopped
                    pass
        connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()
        bridge, self._bridge = self._bridge, None
        if bridge is not None:
            bridge.lose()


class _Bridge(Protocol):
    """The reactor's end of the socket pair: what the window writes goes out as records."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def dataReceived(self, data: bytes) -> None:
        self.connection.send_record(data)

    def connectionLost(self, reason: Failure = connectionDone) -> None:
        self.connection.close()

    def lose(self) -> None:
        transport: Any = self.transport
        if transport is not None:
            transport.loseConnection()


class _Once(Factory):
    """Builds the one bridge made for an adopted socket."""

    def __init__(self, bridge: _Bridge) -> None:
        self.bridge = bridge

    def buildProtocol(self, addr: IAddress | None) -> Protocol:
        self.bridge.factory = self
        return self.bridge


def watch(connection: Any, lost: Callable[[], None]) -> None:
    """Have ``lost`` called when the transit's ``connection`` ends, and cut it off when the
    other side announces a record longer than :data:`MAX_RECORD`."""
    ended = connection.connectionLost
    received = connection.dataReceived

    def connection_lost(reason: object = None) -> None:
        try:
            ended(reason)
        finally:
            lost()

    def data_received(data: bytes) -> None:
        if len(connection.buf) + len(data) > MAX_RECORD + 64:
            connection.transport.loseConnection()
            return
        received(data)

    # (magic-wormhole's transit has no hook for either: its protocol is told as an instance's)
    connection.connectionLost = connection_lost
    connection.dataReceived = data_received


def make_transit(kind: type[Any], servers: Servers) -> Any:
    """The transit of one side: direct connections listened for on ``servers.bind`` alone
    when it names an address, or not at all when ``servers.direct`` is off."""
    transit = kind(servers.relay or None, no_listen=not servers.direct, reactor=_reactor())
    if servers.direct and servers.bind:
        listen_on(transit, servers.bind)
    return transit


def listen_on(transit: Any, address: str) -> None:
    """Have ``transit`` listen for a direct connection on ``address`` alone and offer only
    it (magic-wormhole listens on every address and offers each one it finds)."""
    from wormhole._hints import DirectTCPV1Hint
    from wormhole.transit import allocate_tcp_port

    def build() -> tuple[list[Any], Any]:
        port = allocate_tcp_port()
        listen: Any = endpoints.serverFromString
        return ([DirectTCPV1Hint(address, port, 0.0)],
                listen(_reactor(), f"tcp:{port}:interface={address}"))

    transit._build_listener = build


def their_hints(message: object) -> list[dict[str, Any]]:
    """The connection hints in the other side's mailbox message, checked: a JSON object of
    at most :data:`MAX_MAILBOX_MESSAGE` bytes holding ``transit.hints-v1``, a list; at most
    :data:`MAX_HINTS` of its hints are taken, each of a kind the transit knows."""
    if not isinstance(message, bytes) or len(message) > MAX_MAILBOX_MESSAGE:
        raise TunnelFailed(Why.BAD_MESSAGE, "the connection hints are too long")
    try:
        data = json.loads(message.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise TunnelFailed(Why.BAD_MESSAGE, "the connection hints are not JSON") from None
    transit = data.get("transit") if isinstance(data, dict) else None
    hints = transit.get("hints-v1") if isinstance(transit, dict) else None
    if not isinstance(hints, list):
        raise TunnelFailed(Why.BAD_MESSAGE, "no connection hints")
    return [hint for hint in hints[:MAX_HINTS] if isinstance(hint, dict) and sane_hint(hint)]


def leave(w: Any) -> None:
    """Leave :data:`LEFT_NOTE` in the wormhole ``w``'s mailbox and close it once the note
    has gone: a note is sent when the key is confirmed (at once if it is already), and
    after :data:`LEAVE_WITHIN` seconds the mailbox is closed whether it went or not (no
    other side came, or it had the wrong code)."""
    def close(_: object = None) -> None:
        try:
            quietly(w.close())
        except Exception:  # closed already
            pass

    try:
        w.send_message(json.dumps(LEFT_NOTE).encode("utf-8"))
        confirmed = w.get_verifier()
    except Exception:  # the wormhole is closing already: nobody to tell
        close()
        return
    confirmed.addTimeout(LEAVE_WITHIN, _reactor())
    confirmed.addBoth(close)


def is_left_note(message: object) -> bool:
    """Whether a mailbox message is the other side's :data:`LEFT_NOTE` (a short one, read
    with the same limits as the hints)."""
    if not isinstance(message, bytes) or len(message) > 64:
        return False
    try:
        return bool(json.loads(message.decode("utf-8")) == LEFT_NOTE)
    except (UnicodeDecodeError, ValueError):
        return False


def sane_hint(hint: dict[str, Any]) -> bool:
    """A hint of one of the two kinds the transit knows, its host a short printable name
    and its port a number (a relay's hints each such a hint, a few of them)."""
    kind = hint.get("type")
    if kind == "direct-tcp-v1":
        host, port = hint.get("hostname"), hint.get("port")
        priority = hint.get("priority", 0.0)
        return (isinstance(host, str) and 0 < len(host) <= 253 and host.isprintable()
                and type(port) is int and 0 < port < 65536
                and isinstance(priority, (int, float)) and not isinstance(priority, bool))
    if kind == "relay-v1":
        inner = hint.get("hints")
        return (isinstance(inner, list) and 0 < len(inner) <= MAX_HINTS
                and all(isinstance(h, dict) and h.get("type") == "direct-tcp-v1"
                        and sane_hint(h) for h in inner))
    return False


def reason(error: BaseException, servers: Servers) -> TunnelFailed:
    """A wormhole's or the network's error as a reason code and the detail (the server's
    address where it is the server that was not reached)."""
    from wormhole import errors
    detail = str(error) or type(error).__name__
    if isinstance(error, errors.WrongPasswordError):
        return TunnelFailed(Why.WRONG_CODE)
    if isinstance(error, errors.ServerError):
        return TunnelFailed(Why.CODE_IN_USE if "crowded" in detail else Why.NO_SERVER, detail)
    if isinstance(error, (errors.WelcomeError, errors.ServerConnectionError)):
        return TunnelFailed(Why.NO_SERVER, f"{servers.mailbox}: {detail}")
    if isinstance(error, errors.KeyFormatError):
        return TunnelFailed(Why.BAD_CODE, detail)
    return TunnelFailed(Why.NO_CONNECTION, f"{type(error).__name__}: {detail}")


def within(d: Any, seconds: float, failure: TunnelFailed) -> Any:
    """``d``, failed with ``failure`` if it has not fired in ``seconds``."""
    def timed_out(result: object, timeout: float) -> None:
        raise failure

    return d.addTimeout(seconds, _reactor(), onTimeoutCancel=timed_out)


def quietly(d: Any) -> None:
    """A Deferred whose failure (a close before the other side came) is nobody's concern."""
    if isinstance(d, defer.Deferred):
        d.addErrback(lambda failure: None)
