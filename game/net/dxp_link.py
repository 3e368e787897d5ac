"""A DXP connection that never waits: a non-blocking TCP socket polled for whole messages.

The peer is untrusted. A garbled message (not ASCII, too long, malformed), more than a
message's worth of bytes without its NUL, or a flood of messages ends the link: we send a
chat line saying why and a GAMEEND, and close. The caller learns it from ``closed`` and
``reason``; nothing here raises to it.
"""
from __future__ import annotations

import errno
import socket
import time
from collections.abc import Callable

from game.net.session import _Resolver  # the same lookup aside as the network game's
from game.net.dxp import Chat, DxpError, DxpMessage, EndReason, GameEnd, Reader, clean_chat, \
    format, parse

#: the most bytes read in one poll (a peer cannot keep us reading)
READ_PER_POLL = 16 * 1024
#: messages a peer may send in one second before it is cut off as a flood
FLOOD_MESSAGES = 200
#: bytes waiting to be sent (the peer not reading) before the link gives up
SEND_LIMIT = 64 * 1024
#: seconds a connection may take to open
CONNECT_TIMEOUT = 5.0


class DxpLink:
    """One DXP connection, polled: :meth:`poll` for what arrived, :meth:`send` to say
    something; ``closed`` and ``reason`` once it ended."""

    def __init__(self, sock: socket.socket | None, *, connecting: bool = False,
                 clock: Callable[[], float] = time.monotonic,
                 connect_timeout: float = CONNECT_TIMEOUT) -> None:
        if sock is not None:
            sock.setblocking(False)
        self._sock: socket.socket | None = sock
        self._closed = False
        #: the address being looked up (a name is looked up aside, never holding the caller)
        self._resolver: _Resolver | None = None
        self._port = 0
        self._clock = clock
        self._reader = Reader()
        self._out = bytearray()
        self.connecting = connecting
        self._connect_deadline = clock() + connect_timeout
        self._window_start = clock()
        self._window_count = 0
        #: why the link ended (None while it is open)
        self.reason: str | None = None
        #: whether we ended it because of what the peer sent (garbled, flood)
        self.peer_fault = False
        #: messages received and sent, for the logs and tests
        self.received = 0
        self.sent = 0

    @classmethod
    def connect(cls, host: str, port: int, *, timeout: float = CONNECT_TIMEOUT,
                clock: Callable[[], float] = time.monotonic) -> DxpLink:
        """Start connecting to ``host``:``port`` (a link that is ``connecting`` until a poll
        finds it open, or closed with a reason after ``timeout`` seconds). A host name is
        looked up in a thread of its own: the caller is never held."""
        link = cls(None, connecting=True, clock=clock, connect_timeout=timeout)
        link._resolver = _Resolver(host, port)
        link._port = port
        link._dial()
        return link

    def _dial(self) -> None:
        """Once the address is known, open the socket and start connecting to it."""
        resolver = self._resolver
        if resolver is None or resolver.found is None:
            return
        self._resolver = None
        if not resolver.found:
            self._end(f"cannot connect: {resolver.sentence}")
            return
        family, kind, proto, _, address = resolver.found[0]
        sock = socket.socket(family, kind, proto)
        sock.setblocking(False)
        self._sock = sock
        try:
            code = sock.connect_ex(address)
        except OSError as error:
            self._end(f"cannot connect to {address[0]}:{self._port}: {error}")
            return
        if code not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY):
            self._end(f"cannot connect to {address[0]}:{self._port}: "
                      f"{errno.errorcode.get(code, code)}")

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def open(self) -> bool:
        """Connected and not closed."""
        return not self._closed and not self.connecting

    def fileno(self) -> int:
        return -1 if self._sock is None else self._sock.fileno()

    # --- sending ------------------------------------------------------------------------------
    def send(self, message: DxpMessage) -> None:
        """Queue ``message`` and send what the socket takes now (the rest at the next poll).
        Nothing happens on a closed link."""
        if self._closed:
            return
        try:
            self._out += format(message)
        except DxpError as error:  # our own value out of range: a bug, not the peer's
            self._end(f"could not send {message!r}: {error.reason}")
            return
        self.sent += 1
        if not self.connecting:
            self._flush()

    def _flush(self) -> None:
        sock = self._sock
        while sock is not None and self._out:
            try:
                done = sock.send(self._out)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                self._end(f"the connection broke: {error.strerror or error}")
                return
            del self._out[:done]
        if len(self._out) > SEND_LIMIT:
            self._end("the other side does not read what we send")

    # --- receiving ----------------------------------------------------------------------------
    def poll(self) -> list[DxpMessage]:
        """Messages that arrived whole since the last poll, oldest first (never blocks).
        A garbled one ends the link (the messages before it are still given)."""
        if self._closed:
            return []
        if self._sock is None:  # the address is still being looked up
            self._dial()
            if self._sock is None and not self._closed \
                    and self._clock() > self._connect_deadline:
                self._end("the address was not found in time")
            if self._sock is None:
                return []
        sock = self._sock
        if self.connecting and not self._finish_connect(sock):
            return []
        self._flush()
        out: list[DxpMessage] = []
        budget = READ_PER_POLL
        while self._sock is not None and budget > 0:
            try:
                data = self._sock.recv(min(4096, budget))
            except (BlockingIOError, InterruptedError):
                break
            except OSError as error:
                self._end(f"the connection broke: {error.strerror or error}")
                break
            if not data:
                self._end("the other side closed the connection")
                break
            budget -= len(data)
            try:
                texts = self._reader.feed(data)
            except DxpError as error:
                self.fail(error.reason)
                break
            for text in texts:
                if not self._count():
                    return out
                try:
                    out.append(parse(text))
                except DxpError as error:
                    self.fail(f"garbled message: {error.reason}")
                    return out
                self.received += 1
        return out

    def _count(self) -> bool:
        """Count a message against the flood limit; False (and the link cut) past it."""
        now = self._clock()
        if now - self._window_start >= 1.0:
            self._window_start, self._window_count = now, 0
        self._window_count += 1
        if self._window_count > FLOOD_MESSAGES:
            self.fail(f"more than {FLOOD_MESSAGES} messages a second")
            return False
        return True

    def _finish_connect(self, sock: socket.socket) -> bool:
        code = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
        if code not in (0, errno.EINPROGRESS, errno.EALREADY, errno.EWOULDBLOCK):
            self._end(f"cannot connect: {errno.errorcode.get(code, code)}")
            return False
        try:
            sock.getpeername()
        except OSError:
            if self._clock() > self._connect_deadline:
                self._end("no answer to the connection in time")
            return False
        self.connecting = False
        return True

    # --- ending ---------------------------------------------------------------------------------
    def fail(self, reason: str) -> None:
        """The peer broke the protocol: tell it why (a chat line and a GAMEEND, stopping
        for good) and close."""
        if self._closed:
            return
        self.peer_fault = True
        if not self.connecting:
            self._out += format(clean_chat(f"Error: {reason}"))
            self._out += format(GameEnd(EndReason.UNKNOWN, True))
            self._flush()
        self._end(reason)

    def close(self, reason: str = "closed", *, farewell: Chat | None = None) -> None:
        """Close the link (what is queued is sent first, if the socket takes it now)."""
        if self._closed:
            return
        if farewell is not None:
            self.send(farewell)
        if not self.connecting:
            self._flush()
        self._end(reason)

    def _end(self, reason: str) -> None:
        sock, self._sock = self._sock, None
        self._closed = True
        self._resolver = None
        if self.reason is None:
            self.reason = reason
        if sock is None:
            return
        try:
            # read what is left (bounded) so that closing does not reset the connection
            # before the peer has read our last words
            for _ in range(16):
                if not sock.recv(4096):
                    break
        except OSError:
            pass
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        sock.close()


class DxpListener:
    """Listens for DXP connections on a port, polled: :meth:`accept` gives a new link or
    None (never blocks)."""

    def __init__(self, port: int, bind: str = "127.0.0.1") -> None:
        family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((bind, port))
            sock.listen(4)
        except OSError:
            sock.close()
            raise
        sock.setblocking(False)
        self._sock: socket.socket | None = sock
        self.host: str = sock.getsockname()[0]
        self.port: int = sock.getsockname()[1]

    def accept(self) -> DxpLink | None:
        if self._sock is None:
            return None
        try:
            conn, _ = self._sock.accept()
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            return None
        return DxpLink(conn)

    def fileno(self) -> int:
        return -1 if self._sock is None else self._sock.fileno()

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
