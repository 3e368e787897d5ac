"""One connection to the other side: frames in and out of a non-blocking socket.

The owner calls :meth:`Link.poll` once a frame; it never blocks. The link keeps itself
alive (a ``ping`` every :data:`PING_EVERY` seconds, answered by the other side's link
with a ``pong``), and closes itself, saying why in ``reason`` (a :class:`Why` code) and
``detail``, when the other side

- leaves (``bye``: :data:`LEFT`) or the connection ends or breaks (:data:`DROPPED`),
- says nothing at all for :data:`SILENT_AFTER` seconds (:data:`SILENT`),
- sends more than :data:`MAX_MESSAGES` messages or :data:`MAX_BYTES` bytes in a second
  (:data:`FLOOD`),
- sends something that is not a message of the schema (:attr:`Why.BAD_MESSAGE`, the
  WireError's words in ``detail``),
- stops reading, so that more than :data:`MAX_QUEUED` bytes wait to go (:data:`NOT_READING`).

Public API: ``Link(sock, *, now=None, max_frame=None)``; ``send(t, **fields)``;
``poll(now=None) -> list[Message]``; ``close(reason, detail="")``; ``closed``, ``reason``,
``detail``, ``left`` (the other side said ``bye``), ``farewell`` (the code its ``bye``
gave) and ``farewell_detail``, ``peer``, ``rtt``, ``max_frame`` (the longest frame taken,
settable).
"""
from __future__ import annotations

import collections
import socket
import time
from typing import Any

from game.net.reasons import Why
from game.net.wire import Decoder, Message, WireError, encode
from game.rules.text import clean

#: seconds between two pings of ours
PING_EVERY = 2.0
#: seconds without a byte from the other side before the link is closed as silent
SILENT_AFTER = 8.0
#: the most messages the other side may send in one second
MAX_MESSAGES = 200
#: the most bytes the other side may send in one second
MAX_BYTES = 2 * 1024 * 1024
#: the most bytes waiting to be sent before the other side is taken as not reading
MAX_QUEUED = 4 * 1024 * 1024
#: the most bytes read in one poll, so that one poll stays short whatever comes
READ_PER_POLL = 64 * 1024

LEFT = Why.LEFT
DROPPED = Why.DROPPED
FLOOD = Why.FLOOD
SILENT = Why.SILENT
NOT_READING = Why.NOT_READING

#: socket errors that only mean "nothing now"
_WOULD_BLOCK = (BlockingIOError, InterruptedError)


class Link:
    """A connected socket speaking the wire format, polled by its owner."""

    def __init__(self, sock: socket.socket, *, now: float | None = None,
                 max_frame: int | None = None) -> None:
        sock.setblocking(False)
        self._sock: socket.socket | None = sock
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass  # a move is small: sent at once rather than gathered, where the OS allows
        try:
            address = sock.getpeername()
            # (a socket pair's end, as a wormhole's tunnel gives, has no address: "local")
            self.peer: tuple[str, int] = ((str(address[0]), int(address[1]))
                                          if isinstance(address, tuple) else ("local", 0))
        except OSError:
            self.peer = ("", 0)
        start = time.monotonic() if now is None else now
        self._decoder = Decoder(max_frame)
        self._out = bytearray()
        self._heard = start
        self._pinged = start
        self._pings = 0
        self._sent_at: dict[int, float] = {}
        self._recent: collections.deque[tuple[float, int, int]] = collections.deque()
        self.closed = False
        self.reason: Why | None = None
        self.detail = ""
        self.left = False
        #: the code the other side's ``bye`` gave (None: no bye came), and its detail
        self.farewell: Why | None = None
        self.farewell_detail = ""
        #: the last round trip of a ping, in seconds (None before the first pong)
        self.rtt: float | None = None
        if self.peer == ("", 0):
            self._shut(DROPPED)

    @property
    def max_frame(self) -> int:
        """The longest frame taken from the other side (MAX_FRAME unless set lower)."""
        return self._decoder.max_frame

    @max_frame.setter
    def max_frame(self, limit: int) -> None:
        self._decoder.max_frame = limit

    def send(self, t: str, **fields: Any) -> None:
        """Queue a message (sent now if the socket takes it, else by the next polls).

        A message that breaks its schema raises WireError: it is a fault of this side."""
        frame = encode(t, **fields)
        if self.closed:
            return
        self._out += frame
        if len(self._out) > MAX_QUEUED:
            self._shut(NOT_READING)
            return
        self._flush()

    def poll(self, now: float | None = None) -> list[Message]:
        """What the other side sent since the last poll (pings and pongs answered here)."""
        if self.closed:
            return []
        now = time.monotonic() if now is None else now
        self._flush()
        data, ended = self._read()
        messages: list[Message] = []
        if data:
            self._heard = now
            try:
                # one more than a second's allowance is enough to know a flood: the rest
                # of what came is never parsed, so a flood's poll stays short
                messages = self._decoder.feed(data, limit=MAX_MESSAGES + 1)
            except WireError as error:
                messages = self._answer(error.before, now)
                self.close(Why.BAD_MESSAGE, error.reason)
                return messages
            if self._flooded(now, len(messages), len(data)):
                self.close(FLOOD)
                return []
            messages = self._answer(messages, now)
        if self.closed:
            return messages
        if ended:
            self._shut(DROPPED)
            return messages
        if now - self._heard >= SILENT_AFTER:
            # no bye: the other side hears nothing anyway, and a bye would tell it that we
            # left for good when we only lost the line
            self._shut(SILENT)
        elif now - self._pinged >= PING_EVERY:
            self._ping(now)
        return messages

    def close(self, reason: Why, detail: str = "") -> None:
        """Close the link, telling the other side why (best effort: a ``bye``)."""
        if self.closed:
            return
        detail = clean(detail, 200)
        try:
            fields: dict[str, str] = {"why": reason.value}
            if detail:
                fields["detail"] = detail
            self._out += encode("bye", **fields)
            self._flush()
        except WireError:
            pass
        self._shut(reason, detail)

    # --- inside

    def _answer(self, messages: list[Message], now: float) -> list[Message]:
        """The messages for the owner: pings answered, pongs timed, a bye closes."""
        out: list[Message] = []
        for message in messages:
            if message.t == "ping":
                self.send("pong", n=message.int("n"))
            elif message.t == "pong":
                sent = self._sent_at.pop(message.int("n"), None)
                if sent is not None:
                    self.rtt = max(0.0, now - sent)
            elif message.t == "bye":
                self.left = True
                self.farewell = Why.read(message.str("why"))
                self.farewell_detail = clean(message.fields.get("detail", ""), 200)
                self._shut(LEFT)
                break
            else:
                out.append(message)
        return out

    def _ping(self, now: float) -> None:
        self._pinged = now
        self._pings += 1
        self._sent_at[self._pings] = now
        if len(self._sent_at) > 8:  # pongs that never came are forgotten
            del self._sent_at[min(self._sent_at)]
        self.send("ping", n=self._pings)

    def _flooded(self, now: float, count: int, size: int) -> bool:
        recent = self._recent
        recent.append((now, count, size))
        while recent and recent[0][0] <= now - 1.0:
            recent.popleft()
        return (sum(entry[1] for entry in recent) > MAX_MESSAGES
                or sum(entry[2] for entry in recent) > MAX_BYTES)

    def _read(self) -> tuple[bytes, bool]:
        """The bytes waiting (at most READ_PER_POLL) and whether the stream has ended."""
        sock = self._sock
        chunks: list[bytes] = []
        got = 0
        ended = False
        while sock is not None and got < READ_PER_POLL:
            try:
                chunk = sock.recv(READ_PER_POLL - got)
            except _WOULD_BLOCK:
                break
            except OSError:
                ended = True
                break
            if not chunk:
                ended = True
                break
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks), ended

    def _flush(self) -> None:
        sock = self._sock
        while sock is not None and self._out:
            try:
                sent = sock.send(self._out[:READ_PER_POLL])
            except _WOULD_BLOCK:
                return
            except OSError:
                self._out.clear()
                self._shut(DROPPED)
                return
            del self._out[:sent]

    def _shut(self, reason: Why, detail: str = "") -> None:
        """Close the socket without another word (what was queued is given to the OS)."""
        if not self.closed:
            self.closed = True
            self.reason = reason
            self.detail = detail
        sock, self._sock = self._sock, None
        if sock is None:
            return
        try:
            # the write side first, then what is left unread: a socket closed with unread
            # bytes resets the connection and the other side may lose our last words
            sock.shutdown(socket.SHUT_WR)
            sock.recv(READ_PER_POLL)
        except OSError:
            pass  # already reset by the other side, or nothing left to read
        finally:
            sock.close()
