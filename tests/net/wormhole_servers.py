"""A magic-wormhole mailbox server and transit relay on loopback, for the tests and the
benchmark of play across the Internet: ``python -m tests.net.wormhole_servers`` listens on
free ports of 127.0.0.1, prints one line ``servers <mailbox URL> <relay>`` and serves until
its standard input closes (or ``--seconds`` pass). Nothing listens beyond 127.0.0.1.

:class:`LocalServers` starts it as a process of its own and stops it (a context manager)."""
from __future__ import annotations

import argparse
import os
import select
import subprocess
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import Any

from game.net.wormhole_link import Servers

ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"


def serve(seconds: float) -> None:
    from twisted.internet import endpoints, protocol
    from twisted.internet import reactor as installed
    from wormhole_mailbox_server.database import create_channel_db, create_usage_db
    from wormhole_mailbox_server.server import make_server
    from wormhole_mailbox_server.web import make_web_server
    from wormhole_transit_relay import transit_server
    from wormhole_transit_relay.usage import create_usage_tracker

    # twisted's reactor (installed at run time) and its TCP endpoint are untyped where they
    # are used here, as in game/net/wormhole_twisted.py
    reactor: Any = installed
    tcp_endpoint: Any = endpoints.TCP4ServerEndpoint

    rendezvous = make_server(create_channel_db(":memory:"), usage_db=create_usage_db(":memory:"))
    site = make_web_server(rendezvous, log_requests=False)
    relay = protocol.ServerFactory()
    relay.protocol = transit_server.TransitConnection
    relay.log_requests = False  # type: ignore[attr-defined]
    relay.transit = transit_server.Transit(  # type: ignore[attr-defined]
        create_usage_tracker(blur_usage=None, log_file=None, usage_db=None), reactor.seconds)
    ports: dict[str, int] = {}

    async def start() -> None:
        mailbox = await tcp_endpoint(reactor, 0, interface=LOOPBACK).listen(site)
        transit = await tcp_endpoint(reactor, 0, interface=LOOPBACK).listen(relay)
        ports["mailbox"], ports["relay"] = mailbox.getHost().port, transit.getHost().port
        print(f"servers ws://{LOOPBACK}:{ports['mailbox']}/v1 tcp:{LOOPBACK}:{ports['relay']}",
              flush=True)

    def ended() -> None:
        sys.stdin.read()  # until the test closes our standard input (or ends)
        reactor.callFromThread(reactor.stop)

    from twisted.internet import defer
    reactor.callWhenRunning(lambda: defer.ensureDeferred(start()))
    reactor.callLater(seconds, reactor.stop)
    threading.Thread(target=ended, daemon=True).start()
    reactor.run()


class LocalServers:
    """The two servers in a process of their own (``servers``: where the clients find them,
    the relay through ``relay_port`` when given: a cuttable relay of the tests in front)."""

    def __init__(self, seconds: float = 120.0) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.net.wormhole_servers", "--seconds", str(seconds)],
            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], 20.0)
        line = self.process.stdout.readline().split() if ready else []
        if len(line) != 3 or line[0] != "servers":
            self.close()
            raise RuntimeError(f"the wormhole servers did not start: {line}")
        self.mailbox, self.relay = line[1], line[2]
        self.relay_port = int(self.relay.rsplit(":", 1)[1])

    def servers(self, *, direct: bool = True, relay_port: int | None = None) -> Servers:
        relay = self.relay if relay_port is None else f"tcp:{LOOPBACK}:{relay_port}"
        return Servers(self.mailbox, relay, direct=direct, bind=LOOPBACK)

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.close()
                self.process.wait(timeout=5.0)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()

    def __enter__(self) -> LocalServers:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=120.0)
    serve(parser.parse_args(argv).seconds)


if __name__ == "__main__":
    main()
