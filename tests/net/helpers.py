"""Loopback sockets, a deadline for every wait, and a relay that can be cut, for the network
tests (nothing here reaches past 127.0.0.1)."""
from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Callable

import pytest

from game.net.wire import Decoder, Message, encode

LOOPBACK = "127.0.0.1"


def until(done: Callable[[], bool], *polls: Callable[[], object],
          timeout: float = 3.0) -> bool:
    """Poll until ``done()`` or ``timeout`` seconds pass; whether it came true."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for poll in polls:
            poll()
        if done():
            return True
        time.sleep(0.002)
    return False


def tcp_pair() -> tuple[socket.socket, socket.socket]:
    """Two ends of one TCP connection on 127.0.0.1."""
    with socket.create_server((LOOPBACK, 0)) as server:
        client = socket.create_connection(server.getsockname()[:2], timeout=2.0)
        served, _ = server.accept()
    client.settimeout(2.0)
    served.settimeout(2.0)
    return client, served


def free_udp_port() -> int:
    """A UDP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
    return port


class RawPeer:
    """A hand-driven client that speaks (or breaks) the wire format, for hostile tests."""

    def __init__(self, port: int, source: str | None = None) -> None:
        """Connected to ``port`` on 127.0.0.1, from the loopback address ``source`` if one
        is given (127.0.0.2 and up: another "computer" to the host)."""
        self.sock = socket.create_connection(
            (LOOPBACK, port), timeout=2.0,
            source_address=None if source is None else (source, 0))
        self.decoder = Decoder()

    def say(self, t: str, **fields: object) -> None:
        self.sock.sendall(encode(t, **fields))

    def raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def hear(self, timeout: float = 2.0) -> tuple[list[Message], bool]:
        """What the other side sent within ``timeout`` and whether it closed."""
        self.sock.settimeout(0.05)
        out: list[Message] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                if out:
                    return out, False
                continue
            except OSError:
                return out, True
            if not chunk:
                return out, True
            out += self.decoder.feed(chunk)
        return out, False

    def close(self) -> None:
        self.sock.close()


class Relay:
    """A TCP relay on 127.0.0.1 between a guest and a host, polled, that the test can cut
    (every connection through it closed, the port too) and bring back on the same port.
    ``accepted`` counts the connections it took; ``flowing_since`` is when the host last
    began to speak through a new one (a link that came back)."""

    def __init__(self, target_port: int) -> None:
        self.target = (LOOPBACK, target_port)
        self.port = 0
        self.server: socket.socket | None = None
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.accepted = 0
        self.flowing_since: float | None = None
        self.open()

    def open(self) -> None:
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind((LOOPBACK, self.port))
        server.listen(8)
        server.setblocking(False)
        self.port = server.getsockname()[1]
        self.server = server

    def cut(self) -> None:
        for a, b in self.pairs:
            a.close()
            b.close()
        self.pairs.clear()
        if self.server is not None:
            self.server.close()
            self.server = None

    def poll(self) -> None:
        if self.server is not None:
            try:
                inner, _ = self.server.accept()
            except BlockingIOError:
                pass
            else:
                try:
                    outer = socket.create_connection(self.target, timeout=2.0)
                except OSError:  # the host has left
                    inner.close()
                    return
                inner.setblocking(False)
                outer.setblocking(False)
                self.pairs.append((inner, outer))
                self.accepted += 1
                self.flowing_since = None
        for pair in list(self.pairs):
            for src, dst in (pair, pair[::-1]):
                try:
                    data = src.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    pair[0].close()
                    pair[1].close()
                    self.pairs.remove(pair)
                    break
                if src is pair[1] and self.flowing_since is None:
                    self.flowing_since = time.monotonic()
                dst.setblocking(True)
                dst.settimeout(2.0)
                try:
                    dst.sendall(data)
                except OSError:
                    pass
                dst.setblocking(False)


def finish(process: subprocess.Popen[str], limit: float) -> tuple[list[str], str]:
    """The last "host …" or "guest …" line a headless player printed, split in words, and its
    error output, once it ended (within ``limit`` seconds, else the test fails: it hung);
    no traceback allowed."""
    try:
        out, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        pytest.fail(f"a process hung: {out[-300:]} {err[-300:]}")
    assert "Traceback" not in err, err
    lines = [line for line in out.splitlines() if line.startswith(("host ", "guest "))]
    assert lines, f"{out}{err} {process.args!r}"
    return lines[-1].split(), err
