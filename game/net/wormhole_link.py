"""A meeting through magic-wormhole, as the window sees it: two games that share a short code
such as ``7-guitarist-revenge`` find each other through a rendezvous ("mailbox") server, agree
a key by a PAKE (a wrong guess costs the guesser the code: one try), and connect directly where
they can, else through a transit relay. Every byte between them is encrypted with the key
they agreed: the servers see neither the game nor the code.

A :class:`Tunnel` is one such meeting. What comes out of it is a connected socket (one end of
a socket pair whose other end the wormhole's thread carries to the other computer), over
which a :class:`~game.net.link.Link` speaks the session protocol exactly as it does over a TCP
connection on the local network: :mod:`game.net.wormhole_session` builds the host and the
guest on it.

magic-wormhole runs on Twisted. Its reactor runs in a daemon thread of its own, started (and
Twisted and magic-wormhole imported, which takes a second) the first time a tunnel is made;
the window's thread only reads a tunnel's state (``stage``, ``code``, ``route``,
``failure``), takes its socket once it is connected, and may cancel it at any step: nothing
here blocks the frame loop. The reactor's side is :mod:`game.net.wormhole_twisted`.

Public API: ``Servers`` (``PUBLIC``), ``Stage``, ``Tunnel(servers, *, host, code=None,
find_within=FIND_WITHIN)`` with ``stage``, ``code``, ``route``, ``failure``, ``done``,
``take_socket()``, ``cancel()``; ``TunnelFailed``; ``normal_code``, ``valid_code``,
``return_code``; ``available()``; ``in_reactor``.
"""
from __future__ import annotations

import atexit
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from game.net.reasons import Why
from game.net.wormhole_meeting import (APPID, CONNECT_WITHIN, FIND_WITHIN, PUBLIC,
                                       PUBLIC_MAILBOX, PUBLIC_RELAY, SERVER_WITHIN, Servers,
                                       Stage, TunnelFailed, available, normal_code,
                                       return_code, valid_code)

__all__ = ["APPID", "CONNECT_WITHIN", "FIND_WITHIN", "PUBLIC", "PUBLIC_MAILBOX",
           "PUBLIC_RELAY", "SERVER_WITHIN", "Servers", "Stage", "Tunnel", "TunnelFailed",
           "available", "in_reactor", "normal_code", "return_code", "settle", "valid_code"]

# --- the reactor's thread ------------------------------------------------------------------------
_lock = threading.Lock()
_thread: list[threading.Thread] = []
_running: list[Any] = []  # the reactor, once it was imported in its thread
_waiting: list[tuple[Callable[..., object], tuple[object, ...]]] = []


def in_reactor(function: Callable[..., object], *args: object) -> None:
    """Run ``function(*args)`` in the reactor's thread, soon (this thread goes on). The first
    call starts the thread, which imports Twisted: nothing of it is imported here."""
    with _lock:
        if not _running:
            _waiting.append((function, args))
            if not _thread:
                thread = threading.Thread(target=_run, name="shashki-wormhole", daemon=True)
                _thread.append(thread)
                thread.start()
            return
        reactor = _running[0]
    reactor.callFromThread(function, *args)


def settle(seconds: float = 0.3) -> None:
    """Give the reactor's thread ``seconds`` (at most a second) to carry what the window has
    just written (a ``bye``) before this process ends, so that the other side hears that
    the game was left, not that the line fell silent. Called once at exit."""
    with _lock:
        reactor = _running[0] if _running else None
    if reactor is None or not reactor.running:
        return
    passed = threading.Event()
    reactor.callFromThread(reactor.callLater, seconds, passed.set)
    passed.wait(min(1.0, seconds + 0.5))


def _run() -> None:
    from game.net.wormhole_twisted import installed_reactor
    reactor = installed_reactor()
    atexit.register(settle)
    with _lock:
        _running.append(reactor)
        waiting = list(_waiting)
        _waiting.clear()
    for function, args in waiting:
        reactor.callWhenRunning(function, *args)
    reactor.run(installSignalHandlers=False)


def reactor_thread() -> threading.Thread | None:
    """The reactor's thread, if it was started (for the tests)."""
    return _thread[0] if _thread else None


class Tunnel:
    """One meeting through the wormhole, made in the reactor's thread and read from the
    window's. ``host``: this side made the game (it is the transit's sender, which picks the
    connection when two succeed); ``code``: the code to meet under (None: the host asks the
    server for a new one); ``find_within``: seconds the other side may take to be found once
    the server has the code (None: wait, as a host does)."""

    def __init__(self, servers: Servers, *, host: bool, code: str | None = None,
                 find_within: float | None = FIND_WITHIN) -> None:
        if code is not None and not valid_code(code):
            raise ValueError(f"not a wormhole code: {code[:40]!r}")
        self.servers = servers
        self.host = host
        self.find_within = find_within
        self.began = time.monotonic()
        #: set by the reactor's thread, read by the window's (each a whole value)
        self.stage: Stage = Stage.STARTING
        self.code: str | None = code
        self.route: str = ""  # "direct" or "relay", once connected
        self.failure: TunnelFailed | None = None
        #: seconds from the start to the other side found and to connected (the benchmark's)
        self.found_after: float | None = None
        self.connected_after: float | None = None
        self._socket: socket.socket | None = None
        self.cancelled = False
        #: the reactor's side of the meeting (:class:`game.net.wormhole_twisted.Meeting`)
        self.meeting: Any = None
        in_reactor(self._start)

    @property
    def done(self) -> bool:
        """Connected or failed: nothing more will happen to the meeting."""
        return self.stage in (Stage.CONNECTED, Stage.FAILED)

    def take_socket(self) -> socket.socket | None:
        """The connected socket, once (None before, and after it was taken)."""
        with _lock:
            sock, self._socket = self._socket, None
        return sock

    def cancel(self) -> None:
        """Stop the meeting at whatever step it is (a socket not taken yet is closed)."""
        with _lock:
            self.cancelled = True
            sock, self._socket = self._socket, None
        if sock is not None:
            sock.close()
        if not self.done:
            self.fail(TunnelFailed(Why.HOST_CLOSED if self.host else Why.GUEST_CLOSED))
        in_reactor(self._stop)

    # --- called from the reactor's thread -----------------------------------------------------------
    def connected(self, sock: socket.socket, route: str) -> bool:
        """The meeting made its connection: ``sock`` is the window's end (False, and the
        socket closed, if the tunnel was cancelled meanwhile)."""
        with _lock:
            if self.cancelled:
                sock.close()
                return False
            self._socket = sock
        self.route = route
        self.connected_after = time.monotonic() - self.began
        self.stage = Stage.CONNECTED
        return True

    def fail(self, problem: TunnelFailed) -> None:
        if self.stage is not Stage.FAILED:
            self.failure = problem
            self.stage = Stage.FAILED

    def _start(self) -> None:
        from game.net.wormhole_twisted import Meeting
        if not self.cancelled:
            self.meeting = Meeting(self)

    def _stop(self) -> None:
        if self.meeting is not None:
            self.meeting.stop()
