"""Join starvation: silent crowds from a few addresses against one honest guest, on loopback.

    python benchmarks/net_starvation.py                     # 4 tries, 12 silent from 4
    python benchmarks/net_starvation.py --tries 6 --crowd 24 --addresses 6

Each try starts a Host on 127.0.0.1 and a crowd of ``--crowd`` connections from
``--addresses`` loopback addresses (127.0.0.2 and up) that say nothing; a thread renews
every connection the host closes (after its 5 s to say hello, or at once when refused) for
``--fill`` seconds, so that the host's deadlines have come round at least once. Then a guest
who knows the code joins, while the crowd goes on being renewed; the seconds until it is
seated are measured (it must be within 10 s). ``--old-limits`` sets the limits of before
(8 waiting connections shared by everyone, none per address) to show what was fixed.
Bounded: every try stops after ``--fill`` + 12 seconds; nothing leaves loopback.
"""
from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net import session as sessions  # noqa: E402
from game.net.session import Guest, Host, Refused  # noqa: E402

LOOPBACK = "127.0.0.1"
CODE = "KXR7PQ"
SEATED_WITHIN = 10.0


class Crowd:
    """Silent connections from a few addresses, each renewed when the host closes it."""

    def __init__(self, port: int, count: int, addresses: list[str]) -> None:
        self.port = port
        self.addresses = addresses
        self.socks: list[socket.socket | None] = [None] * count
        self.opened = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self, n: int) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind((self.addresses[n % len(self.addresses)], 0))
        sock.settimeout(1.0)
        try:
            sock.connect((LOOPBACK, self.port))
        except OSError:
            sock.close()
            return
        sock.setblocking(False)
        self.socks[n] = sock
        self.opened += 1

    def _closed(self, sock: socket.socket) -> bool:
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    return True
        except BlockingIOError:
            return False
        except OSError:
            return True

    def _run(self) -> None:
        while not self.stop.is_set():
            for n, sock in enumerate(self.socks):
                if sock is not None and self._closed(sock):
                    sock.close()
                    self.socks[n] = None
                if self.socks[n] is None:
                    self._open(n)
            time.sleep(0.02)
        for sock in self.socks:
            if sock is not None:
                sock.close()


def sources(count: int) -> list[str]:
    try:
        with socket.socket() as probe:
            probe.bind(("127.0.0.2", 0))
    except OSError:
        sys.exit("this system binds no loopback address but 127.0.0.1: the crowd needs them")
    return [f"127.0.0.{2 + n}" for n in range(count)]


def attempt(crowd_size: int, addresses: list[str], fill: float) -> tuple[float | None, int, int]:
    """One try: seconds until the guest was seated (None: not within the limit), how many
    connections the crowd opened, and how many refusals the host reported."""
    host = Host({"variant": "russian"}, bind=LOOPBACK, code=CODE)
    crowd = Crowd(host.port, crowd_size, addresses)
    crowd.thread.start()
    refusals = 0
    try:
        end = time.monotonic() + fill
        while time.monotonic() < end:
            host.poll()
            refusals += sum(isinstance(e, Refused) for e in host.events())
            time.sleep(0.002)
        guest = Guest(LOOPBACK, host.port, CODE, name="honest")
        began = time.monotonic()
        seated: float | None = None
        while time.monotonic() - began < SEATED_WITHIN + 2.0:
            host.poll()
            guest.poll()
            refusals += sum(isinstance(e, Refused) for e in host.events())
            if host.state == sessions.PLAYING and guest.state == sessions.PLAYING:
                seated = time.monotonic() - began
                break
            if guest.state in (sessions.CLOSED, sessions.REFUSED):
                # as a person would: the guest tries again at once
                guest = Guest(LOOPBACK, host.port, CODE, name="honest")
            time.sleep(0.002)
        guest.close()
        return (seated if seated is not None and seated <= SEATED_WITHIN else None,
                crowd.opened, refusals)
    finally:
        crowd.stop.set()
        crowd.thread.join(5.0)
        host.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tries", type=int, default=4)
    parser.add_argument("--crowd", type=int, default=12)
    parser.add_argument("--addresses", type=int, default=4)
    parser.add_argument("--fill", type=float, default=6.0,
                        help="seconds the crowd is renewed before the guest comes")
    args = parser.parse_args()
    addresses = sources(args.addresses)
    print(f"{args.crowd} silent connections from {args.addresses} addresses, renewed; "
          f"limits: {sessions.MAX_PENDING} in all, {sessions.MAX_PENDING_PER_ADDRESS} an "
          f"address")
    seated = 0
    for n in range(args.tries):
        took, opened, refusals = attempt(args.crowd, addresses, args.fill)
        seated += took is not None
        print(f"try {n + 1}: " + (f"seated in {took:.3f} s" if took is not None else
                                   f"NOT seated within {SEATED_WITHIN:.0f} s")
              + f" (the crowd opened {opened} connections, the host refused {refusals})",
              flush=True)
    print(f"seated {seated} of {args.tries}")
    sys.exit(0 if seated == args.tries else 1)


if __name__ == "__main__":
    main()
