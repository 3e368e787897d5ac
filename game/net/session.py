"""The two ends of a network game: the host, who listens and owns the game, and the guest.

The host listens on a TCP port and waits for a guest who knows its join code. The guest
says ``hello`` (the protocol's version, the code, a name, and on a return its resume
token); the host answers ``welcome`` (a fresh resume token, the guest's seat, the game it
was made with) or ``refuse`` and closes. After that both sides exchange the game's messages
(:mod:`game.net.wire`), which ``poll`` returns and ``send`` sends; the link's own messages
(hello, welcome, refuse, ping, pong, bye) never reach the caller.

A link that drops is not a game lost: the guest tries again every :data:`RETRY_EVERY`
seconds with its token, the host keeps the seat for :data:`RECONNECT_WINDOW` seconds, and
both report it (``paused`` is True meanwhile). A ``bye`` (the other side closed the game)
ends the session on both sides for good.

What the host refuses: a connection that says no valid ``hello`` within
:data:`HELLO_WITHIN` seconds; another version; a wrong code (after :data:`MAX_STRIKES`
wrong codes an address is refused for :data:`BLOCK_FOR` seconds); a wrong resume token; a
second guest while the seat is taken; more than :data:`MAX_PENDING_PER_ADDRESS`
connections from one address at once that have not said hello (when :data:`MAX_PENDING` are
waiting in all, the oldest of the address holding the most makes room for a newcomer).

Public API: ``new_code()``; ``Host(game, *, port=0, bind="", code=None, seat="black",
name="")`` with ``address()``, ``port``, ``code``, ``state``, ``paused``, ``guest_name``, ``rtt``,
``poll(now=None)``, ``send(t, **fields)``, ``events()``, ``close()``; ``Guest(host, port,
code, *, name="")`` with ``state``, ``paused``, ``welcome``, ``rtt``, ``poll(now=None)``,
``send(t, **fields)``, ``events()``, ``close()``; the events ``GuestJoined``,
``GuestLost``, ``GuestBack``, ``Joined``, ``Lost``, ``Back``, ``Refused``, ``GaveUp``;
``Peer``, the protocol both ends satisfy (what a remote seat holds).
"""
from __future__ import annotations

import collections
import errno
import hmac
import os
import re
import secrets
import select
import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, Union, runtime_checkable

from game.net.link import LEFT, Link
from game.net.reasons import State, Why
from game.net.wire import MAX_FRAME, PROTOCOL_VERSION, Message, encode
from game.rules.text import clean

#: the letters of a join code: no 0/O, 1/I/L, which are read one for another
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: seconds the host keeps the seat of a guest whose link dropped (and the guest tries)
RECONNECT_WINDOW = 600.0
#: seconds a connection has to say hello
HELLO_WITHIN = 5.0
#: seconds one connection attempt of the guest may take (connect, then welcome)
CONNECT_WITHIN = 5.0
#: seconds between two attempts of a guest whose link dropped
RETRY_EVERY = 0.5
#: wrong codes from one address before it is refused for BLOCK_FOR seconds
MAX_STRIKES = 5
BLOCK_FOR = 60.0
#: connections that have not said hello yet, at most in all, and at most from one address:
#: a crowd of silent connections from a few addresses cannot keep a guest out (when all the
#: places are taken, the address holding the most gives up its oldest to a newcomer)
MAX_PENDING = 32
MAX_PENDING_PER_ADDRESS = 2
#: the longest frame a connection may send before its hello is taken (a hello is ~150
#: bytes): a stranger never makes the host hold or parse a big frame
HELLO_FRAME = 4096
#: the longest frame a seated guest may send: its messages are moves, shots, requests and
#: chat (a whole game goes only from the host to the guest), so a guest who knows the code
#: cannot make the host parse a megabyte in one frame either
GUEST_FRAME = 64 * 1024
#: link messages that never reach the caller of poll
_LINK_TYPES = frozenset({"hello", "welcome", "refuse", "ping", "pong", "bye"})
#: refusals reported at most per poll (a flood of strangers makes no flood of events)
_MAX_REFUSALS = 16
#: addresses whose wrong codes are remembered, at most
_MAX_ADDRESSES = 1024

# host states
WAITING = State.WAITING
PLAYING = State.PLAYING
AWAY = State.AWAY  # the guest's link dropped: its seat waits
CLOSED = State.CLOSED
# guest states (PLAYING and CLOSED shared)
CONNECTING = State.CONNECTING
RECONNECTING = State.RECONNECTING
REFUSED = State.REFUSED

# what the host tells a refused connection (and reports): codes, worded by the screen
OTHER_VERSION = Why.VERSION
WRONG_CODE = Why.WRONG_CODE
BLOCKED = Why.BLOCKED
UNKNOWN_GUEST = Why.UNKNOWN_GUEST
SEAT_TAKEN = Why.SEAT_TAKEN
NO_HELLO = Why.NO_HELLO
HELLO_FIRST = Why.HELLO_FIRST
TOO_MANY = Why.TOO_MANY
HOST_CLOSED = Why.HOST_CLOSED
GUEST_CLOSED = Why.GUEST_CLOSED
RETURNED = Why.RETURNED


def new_code() -> str:
    """A fresh join code: six letters and digits that cannot be read one for another."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def _plain(code: str) -> bytes:
    """A code as compared: capitals, without spaces or dashes."""
    return "".join(code.split()).replace("-", "").upper().encode("utf-8")


def same_code(given: str, code: str) -> bool:
    """Whether ``given`` is ``code`` (case and spaces aside), in constant time."""
    return hmac.compare_digest(_plain(given), _plain(code))


@dataclass(frozen=True, slots=True)
class GuestJoined:
    """(host) A guest with the right code took the seat (its name cleaned)."""

    name: str


@dataclass(frozen=True, slots=True)
class GuestLost:
    """(host) The guest's link closed; ``final`` when the guest said bye (no return)."""

    reason: Why
    final: bool = False
    detail: str = ""


@dataclass(frozen=True, slots=True)
class GuestBack:
    """(host) The guest came back with its token: time to send it the game (``sync``)."""


@dataclass(frozen=True, slots=True)
class Joined:
    """(guest) The host welcomed us: ``Guest.welcome`` holds the seat and the game."""


@dataclass(frozen=True, slots=True)
class Lost:
    """(guest) The link to the host closed; ``final`` when the host said bye."""

    reason: Why
    final: bool = False
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Back:
    """(guest) The link to the host is back; the host will send the game."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A connection refused: on the host, a stranger's address and why; on the guest, the
    host's address and the reason the host gave (a code; a detail where it has one)."""

    address: str
    reason: Why
    detail: str = ""


@dataclass(frozen=True, slots=True)
class GaveUp:
    """The session ended without the other side: not reached, or gone for too long (the
    system's words, if any, in ``detail``)."""

    reason: Why
    detail: str = ""


SessionEvent = Union[GuestJoined, GuestLost, GuestBack, Joined, Lost, Back, Refused, GaveUp]


@runtime_checkable
class Peer(Protocol):
    """What the game layer needs of either end (a Host or a Guest): one remote seat's line."""

    @property
    def state(self) -> State: ...
    @property
    def paused(self) -> bool: ...
    @property
    def rtt(self) -> float | None: ...
    def poll(self, now: float | None = None) -> list[Message]: ...
    def send(self, t: str, **fields: Any) -> bool: ...
    def events(self) -> list[SessionEvent]: ...
    def close(self) -> None: ...


def lan_address() -> str:
    """This machine's address on its local network, found without sending anything (a
    UDP socket's ``connect`` only picks a route); 127.0.0.1 when there is none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 9))
        address = str(probe.getsockname()[0])
    except OSError:
        address = ""
    finally:
        probe.close()
    return address if address and address != "0.0.0.0" else "127.0.0.1"


def _listener(family: socket.AddressFamily, bind: str, port: int) -> socket.socket:
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if os.name != "nt":
            # a port just closed can be listened on again at once (on Windows this option
            # would let another program take the port: the default is kept there)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind((bind, port))
        sock.listen(16)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


@dataclass(slots=True)
class _Pending:
    """A connection that has not said hello yet."""

    link: Link
    since: float
    address: str


class Host:
    """The side that listens and owns the game; polled once a frame.

    ``seat`` is the guest's side ("white" or "black"); ``game`` is what the guest is
    told of the game (any JSON object that fits in a frame). Raises OSError if the port
    cannot be listened on, WireError if ``game`` does not fit a ``welcome``."""

    def __init__(self, game: Mapping[str, Any], *, port: int = 0, bind: str = "",
                 code: str | None = None, seat: str = "black", name: str = "") -> None:
        if seat not in ("white", "black"):
            raise ValueError(f"a seat is white or black, not {seat!r}")
        self.game = dict(game)
        encode("welcome", version=PROTOCOL_VERSION, token="t" * 64, seat=seat, game=self.game)
        self.code = code if code is not None else new_code()
        self.seat = seat
        self.name = name
        self.bind = bind
        self.state: State = WAITING
        self.guest_name = ""
        self._listeners = self._listen(bind, port)
        self.port: int = self._listeners[0].getsockname()[1] if self._listeners else 0
        self._guest: Link | None = None
        self._token: str | None = None
        self._lost_at = 0.0
        self._pending: list[_Pending] = []
        self._strikes: dict[str, int] = {}
        self._blocked: dict[str, float] = {}
        self._events: list[SessionEvent] = []
        self._refusals = 0

    @property
    def paused(self) -> bool:
        """True while the guest is away (the game waits for it)."""
        return self.state == AWAY

    @property
    def rtt(self) -> float | None:
        """The last round trip to the guest in seconds (for the clocks' lag), if known."""
        return self._guest.rtt if self._guest is not None else None

    def _listen(self, bind: str, port: int) -> list[socket.socket]:
        """The sockets a guest connects to (a host that meets its guests another way, as
        through the wormhole, has none)."""
        listeners = [_listener(socket.AF_INET, "127.0.0.1" if bind == "::1" else bind, port)]
        if bind == "::1":
            try:
                listeners.append(_listener(socket.AF_INET6, "::1",
                                           listeners[0].getsockname()[1]))
            except OSError:
                pass  # no IPv6 loopback here: IPv4 alone serves
        return listeners

    def address(self) -> tuple[str, int]:
        """The address and port a guest on the local network joins."""
        if self.bind not in ("", "0.0.0.0"):
            return self.bind, self.port
        return lan_address(), self.port

    def events(self) -> list[SessionEvent]:
        """What happened since the last call (drained)."""
        out, self._events = self._events, []
        return out

    def send(self, t: str, **fields: Any) -> bool:
        """Send a game message to the guest; False (not sent) while no guest is there."""
        if self.state != PLAYING or self._guest is None:
            return False
        self._guest.send(t, **fields)
        return True

    def poll(self, now: float | None = None) -> list[Message]:
        """Accept, greet and refuse connections; the guest's game messages since last time."""
        if self.state == CLOSED:
            return []
        now = time.monotonic() if now is None else now
        self._refusals = 0
        self._accept(now)
        for pending in list(self._pending):
            self._greet(pending, now)
        out = self._hear(now)
        if self.state == AWAY and now - self._lost_at >= RECONNECT_WINDOW:
            self._events.append(GaveUp(Why.GAVE_UP))
            self.close()
        return out

    def close(self) -> None:
        """End the session: the guest is told, the port is closed."""
        if self._guest is not None:
            self._guest.close(HOST_CLOSED)
            self._guest = None
        for pending in self._pending:
            pending.link.close(HOST_CLOSED)
        self._pending.clear()
        for listener in self._listeners:
            listener.close()
        self._listeners.clear()
        self.state = CLOSED

    # --- inside

    def _accept(self, now: float) -> None:
        for listener in self._listeners:
            for _ in range(16):  # a poll stays short however many knock at once
                try:
                    sock, where = listener.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:
                    break  # out of file handles, or a connection reset before accept
                self._admit(sock, str(where[0]), now)

    def _admit(self, sock: socket.socket, address: str, now: float) -> None:
        """A connection from ``address``: it waits for its hello (or is refused at once)."""
        link = Link(sock, now=now, max_frame=HELLO_FRAME)
        if link.closed:
            return
        if self._blocked.get(address, 0.0) > now:
            self._refuse(link, address, BLOCKED)
        elif sum(p.address == address for p in self._pending) >= MAX_PENDING_PER_ADDRESS:
            self._refuse(link, address, TOO_MANY)
        else:
            if len(self._pending) >= MAX_PENDING:
                self._make_room()
            self._pending.append(_Pending(link, now, address))

    def _make_room(self) -> None:
        """Every place for a connection that has not said hello is taken: the address that
        holds the most gives up its oldest (a crowd cannot keep one newcomer out)."""
        held = collections.Counter(p.address for p in self._pending)
        crowd = max(held, key=lambda address: held[address])
        oldest = next(p for p in self._pending if p.address == crowd)
        self._pending.remove(oldest)
        self._refuse(oldest.link, oldest.address, TOO_MANY)

    def _greet(self, pending: _Pending, now: float) -> None:
        link = pending.link
        messages = link.poll(now)
        if link.closed:  # gone, or broke the rules (a hello followed by garbage too)
            self._pending.remove(pending)
            self._report(Refused(pending.address, link.reason or LEFT, link.detail))
        elif messages:
            self._pending.remove(pending)
            if messages[0].t == "hello":
                self._hello(pending, messages[0], now)
            else:
                self._refuse(link, pending.address, HELLO_FIRST)
        elif now - pending.since >= HELLO_WITHIN:
            self._pending.remove(pending)
            self._refuse(link, pending.address, NO_HELLO)

    def _hello(self, pending: _Pending, hello: Message, now: float) -> None:
        link, address = pending.link, pending.address
        if hello.int("version") != PROTOCOL_VERSION:
            self._refuse(link, address, OTHER_VERSION)
        elif not same_code(hello.str("code"), self.code):
            self._refuse(link, address, self._strike(address, now, WRONG_CODE))
        elif hello.has("resume"):
            token = hello.str("resume").encode("utf-8")
            if self._token is None or self.state not in (PLAYING, AWAY) \
                    or not hmac.compare_digest(token, self._token.encode("utf-8")):
                self._refuse(link, address, self._strike(address, now, UNKNOWN_GUEST))
                return
            if self._guest is not None:  # the old link has not noticed it is dead yet
                self._guest.close(RETURNED)
                self._events.append(GuestLost(RETURNED))
            self._seat(link)
            self._events.append(GuestBack())
        elif self.state == AWAY:
            # the guest's game closed and opened again (its token lost with it): while the
            # seat waits for it, the code is enough to take it back
            self.guest_name = clean(hello.str("name"), 40)
            self._seat(link)
            self._events.append(GuestBack())
        elif self.state != WAITING:
            self._refuse(link, address, SEAT_TAKEN)
        else:
            self.guest_name = clean(hello.str("name"), 40)
            self._seat(link)
            self._events.append(GuestJoined(self.guest_name))

    def _seat(self, link: Link) -> None:
        link.max_frame = GUEST_FRAME
        self._guest = link
        self._token = secrets.token_urlsafe(32)
        self.state = PLAYING
        link.send("welcome", version=PROTOCOL_VERSION, token=self._token, seat=self.seat,
                  game=self.game)

    def _strike(self, address: str, now: float, reason: Why) -> Why:
        """Count a wrong code from an address; the reason to give (blocked at the last)."""
        for old in [a for a, until in self._blocked.items() if until <= now]:
            del self._blocked[old]
        if len(self._strikes) >= _MAX_ADDRESSES and address not in self._strikes:
            del self._strikes[next(iter(self._strikes))]
        strikes = self._strikes.get(address, 0) + 1
        if strikes < MAX_STRIKES:
            self._strikes[address] = strikes
            return reason
        self._strikes.pop(address, None)
        self._blocked[address] = now + BLOCK_FOR
        return BLOCKED

    def _refuse(self, link: Link, address: str, reason: Why) -> None:
        link.send("refuse", why=reason.value)
        link.close(reason)
        self._report(Refused(address, reason))

    def _report(self, refusal: Refused) -> None:
        if self._refusals < _MAX_REFUSALS:
            self._refusals += 1
            self._events.append(refusal)

    def _hear(self, now: float) -> list[Message]:
        link = self._guest
        if link is None:
            return []
        out = [m for m in link.poll(now) if m.t not in _LINK_TYPES]
        if link.closed:
            self._guest = None
            reason = link.farewell or link.reason or LEFT
            detail = link.farewell_detail if link.farewell else link.detail
            if link.left:
                self._events.append(GuestLost(reason, final=True, detail=detail))
                self.close()
            else:
                self.state = AWAY
                self._lost_at = now
                self._events.append(GuestLost(reason, detail=detail))
        return out


#: what an address or a host name may be made of
_HOST_NAME = re.compile(r"[A-Za-z0-9._:%-]{1,253}")


class _Resolver:
    """A host name looked up without holding the window: a numeric address at once, a name
    in a daemon thread (the system's lookup cannot be interrupted, so it is not joined; it
    ends by itself with the lookup's own timeout)."""

    def __init__(self, host: str, port: int) -> None:
        self.found: list[tuple[Any, ...]] | None = None
        self.error: Why = Why.NOT_KNOWN
        self.detail = ""
        host = host.strip()
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]  # an IPv6 address as written in a URL
        if not _HOST_NAME.fullmatch(host):
            # checked here so that nothing odd (a space, a NUL) ever reaches the resolver
            self.error, self.detail = Why.BAD_ADDRESS, clean(host, 60)
            self.found = []
            return
        try:
            if not 0 < port < 65536:
                raise OverflowError(f"no port {port}")
            self.found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                            flags=socket.AI_NUMERICHOST)
        except OverflowError:
            self.error, self.detail = Why.BAD_PORT, str(port)[:12]
            self.found = []
        except (OSError, UnicodeError, ValueError):
            threading.Thread(target=self._look_up, args=(host, port), daemon=True,
                             name="shashki-resolve").start()

    @property
    def sentence(self) -> str:
        """Why the lookup failed, in one English line (for the DXP link's log)."""
        if self.error is Why.BAD_ADDRESS:
            return f"{self.detail!r} is not an address"
        if self.error is Why.BAD_PORT:
            return f"the port must be a number from 1 to 65535 (not {self.detail})"
        return f"the address is not known ({self.detail})"

    def _look_up(self, host: str, port: int) -> None:
        try:
            self.found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError, ValueError) as error:
            self.error, self.detail = Why.NOT_KNOWN, clean(f"{host}: {error}", 200)
            self.found = []


class Guest:
    """The side that joins a host's game; polled once a frame."""

    def __init__(self, host: str, port: int, code: str, *, name: str = "") -> None:
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self.state: State = CONNECTING
        #: the host's welcome (its ``seat`` and ``game``), once it came
        self.welcome: Message | None = None
        self._resolver = _Resolver(host, port)
        self._token: str | None = None
        self._sock: socket.socket | None = None
        self._link: Link | None = None
        self._greeted = False
        self._choice = 0  # which of the name's addresses is tried
        self._try_began: float | None = None
        self._next_try = 0.0
        self._lost_at = 0.0
        self._events: list[SessionEvent] = []

    @property
    def paused(self) -> bool:
        """True while the link to the host is down and being tried again."""
        return self.state == RECONNECTING

    @property
    def rtt(self) -> float | None:
        """The last round trip to the host in seconds (for the clocks' lag), if known."""
        return self._link.rtt if self._link is not None else None

    def events(self) -> list[SessionEvent]:
        """What happened since the last call (drained)."""
        out, self._events = self._events, []
        return out

    def send(self, t: str, **fields: Any) -> bool:
        """Send a game message to the host; False (not sent) while the link is down."""
        if self.state != PLAYING or self._link is None:
            return False
        self._link.send(t, **fields)
        return True

    def poll(self, now: float | None = None) -> list[Message]:
        """Connect, greet, reconnect; the host's game messages since last time."""
        if self.state in (CLOSED, REFUSED):
            return []
        now = time.monotonic() if now is None else now
        if self._link is None:
            self._connect(now)
        if self._link is None:
            return []
        return self._hear(self._link, now)

    def close(self) -> None:
        """Leave the game: the host is told (``bye``), and does not wait for us."""
        if self._link is not None:
            self._link.close(GUEST_CLOSED)
            self._link = None
        self._drop_socket()
        if self.state != REFUSED:
            self.state = CLOSED

    # --- inside

    def _connect(self, now: float) -> None:
        if self.state == RECONNECTING and now - self._lost_at >= RECONNECT_WINDOW:
            self._end(GaveUp(Why.GAVE_UP))
            return
        found = self._resolver.found
        if found is None:
            return  # still looking the name up
        if not found:
            self._end(GaveUp(self._resolver.error, self._resolver.detail))
            return
        if self._sock is None:
            if now < self._next_try:
                return
            self._try_began = now
            self._next_try = now + RETRY_EVERY
            family, kind, proto, _, where = found[self._choice % len(found)]
            try:
                sock = socket.socket(family, kind, proto)
                sock.setblocking(False)
                error = sock.connect_ex(where)
            except (OSError, OverflowError) as failure:  # out of handles, a bad port
                self._failed(now, Why.UNREACHABLE, str(failure))
                return
            self._sock = sock
            if error not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY,
                             getattr(errno, "WSAEWOULDBLOCK", -1)):
                self._failed(now, Why.UNREACHABLE, os.strerror(error))
                return
        sock = self._sock
        try:
            _, writable, broken = select.select([], [sock], [sock], 0)
        except (OSError, ValueError):
            self._failed(now, Why.DROPPED)
            return
        if writable or broken:
            try:
                error = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            except OSError as failure:
                error = failure.errno or errno.ECONNABORTED
            if error:
                self._failed(now, Why.UNREACHABLE, os.strerror(error))
                return
            self._sock = None
            self._say_hello(sock, now)
        elif self._try_began is not None and now - self._try_began >= CONNECT_WITHIN:
            self._failed(now, Why.NO_ANSWER)

    def _say_hello(self, sock: socket.socket, now: float) -> None:
        """A connection to the host is made: the link over it says hello (with the token of
        a return)."""
        self._link = Link(sock, now=now)
        self._greeted = False
        fields: dict[str, Any] = {"version": PROTOCOL_VERSION, "code": self.code[:16],
                                  "name": self.name[:40]}
        if self._token is not None:
            fields["resume"] = self._token
        self._link.send("hello", **fields)

    def _failed(self, now: float, reason: Why, detail: str = "") -> None:
        """One attempt failed: the first join gives up, a return tries again soon."""
        self._drop_socket()
        if self._link is not None:
            self._link.close(reason, detail)
            self._link = None
        self._choice += 1
        if self.state == CONNECTING:
            found = self._resolver.found or []
            if self._choice < len(found):
                self._next_try = now  # the name has another address: try it at once
                return
            self._end(GaveUp(reason, clean(f"{self.host}:{self.port}: {detail}", 200)))

    def _hear(self, link: Link, now: float) -> list[Message]:
        out: list[Message] = []
        for message in link.poll(now):
            if message.t == "refuse":
                self._end(Refused(self.host, Why.read(message.str("why")),
                                  clean(message.fields.get("detail", ""), 200)))
                return []
            if message.t == "welcome":
                self._welcomed(message)
            elif self._greeted and message.t not in _LINK_TYPES:
                out.append(message)
        if self.state in (CLOSED, REFUSED):
            return out
        if link.closed:
            self._link = None
            reason = link.farewell or link.reason or LEFT
            detail = link.farewell_detail if link.farewell else link.detail
            if not self._greeted:
                self._failed(now, reason, detail)
            elif link.left:
                self._end(Lost(reason, final=True, detail=detail))
            else:
                self.state = RECONNECTING
                self._lost_at = now
                self._next_try = now
                self._events.append(Lost(reason, detail=detail))
        elif not self._greeted and self._try_began is not None \
                and now - self._try_began >= CONNECT_WITHIN:
            self._failed(now, Why.NO_ANSWER)
        return out

    def _welcomed(self, welcome: Message) -> None:
        if self._greeted:
            return  # one welcome a connection; another is the host's mistake
        if welcome.int("version") != PROTOCOL_VERSION:
            self._end(Refused(self.host, OTHER_VERSION))
            return
        self._token = welcome.str("token")
        self._greeted = True
        back = self.state == RECONNECTING
        self.state = PLAYING
        if self.welcome is None:
            self.welcome = welcome
        self._events.append(Back() if back else Joined())

    def _end(self, event: SessionEvent) -> None:
        self._events.append(event)
        if self._link is not None:
            self._link.close(GUEST_CLOSED)
            self._link = None
        self._drop_socket()
        self.state = REFUSED if isinstance(event, Refused) else CLOSED

    def _drop_socket(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

