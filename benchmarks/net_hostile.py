"""Hostile connections against a Host on 127.0.0.1: nothing may raise, hang or get in.

    python benchmarks/net_hostile.py                 # 300 hostile connections
    python benchmarks/net_hostile.py --count 600 --seed 7

The host runs in this process and is polled every 2 ms; the attacker is a second process
(this script with ``--attack``) that opens ``--count`` connections to 127.0.0.1, each with
one kind of abuse: garbage, a huge announced length, half a frame then silence or a close,
wrong codes, a flood of pings before hello, hellos out of the schema, a wrong resume token,
a crowd of connections at once, a slow loris (a byte at a time), random bytes. Then, as a
guest who knows the code, it joins and misbehaves inside the game: out-of-schema game
messages, garbage, a flood, an unknown type, each on a link resumed with its token, each
after one valid ``chat`` (the canary that must get through).

Each connection comes from its own loopback source address (127.0.0.2 and up) where the
system allows it, so the host's blocking of an address after 5 wrong codes is exercised
without shutting out the rest. Nothing leaves the loopback interface; the run is bounded
(``--limit`` seconds) and stops by itself.

Prints what the attacker saw (answers by kind) and the host's counts: tracebacks (must be
0), hangs (a poll over 50 ms; must be 0), the longest poll, strangers seated (must be 0),
invalid messages accepted (must be 0), canaries received.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import socket
import struct
import subprocess
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.session import HELLO_FRAME, GuestJoined, Host  # noqa: E402
from game.net.wire import MAX_FRAME, PROTOCOL_VERSION, Decoder, WireError, encode  # noqa: E402

HANG = 0.050
CODE = "KXR7PQ"


def frame(value: object) -> bytes:
    body = json.dumps(value).encode("utf-8")
    return struct.pack(">I", len(body)) + body


class Attacker:
    """The hostile side: one abuse per connection, answers tallied by what came back."""

    def __init__(self, port: int, seed: int) -> None:
        self.port = port
        self.rng = random.Random(seed)
        self.answers: collections.Counter[str] = collections.Counter()
        self.sources = self._sources()
        self.next_source = 0
        self.messages = 0

    @staticmethod
    def _sources() -> list[str]:
        """Loopback source addresses this system lets us bind (127.0.0.1 alone if none)."""
        try:
            with socket.socket() as probe:
                probe.bind(("127.0.0.2", 0))
        except OSError:
            return ["127.0.0.1"]
        return [f"127.0.{n // 250}.{2 + n % 250}" for n in range(1000)]

    def connect(self, source: str | None = None) -> socket.socket:
        if source is None:
            source = self.sources[self.next_source % len(self.sources)]
            self.next_source += 1
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(3.0)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", self.port))
        return sock

    def answer(self, sock: socket.socket, wait: float = 7.0) -> str:
        """What the host said before it closed: 'refuse: <code>', 'bye: <code>',
        'closed', or 'no answer'."""
        decoder = Decoder()
        deadline = time.monotonic() + wait
        said = ""
        sock.settimeout(0.2)
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if not chunk:
                break
            try:
                for message in decoder.feed(chunk):
                    if message.t in ("refuse", "bye") and not said:
                        said = f"{message.t}: {message.str('why')}"
            except WireError:
                return "garbled answer"
        else:
            return "no answer"
        return said or "closed"

    def send(self, sock: socket.socket, data: bytes) -> None:
        try:
            sock.sendall(data)
        except OSError:
            pass  # the host may already have closed: that is an answer too

    def hello(self, **change: object) -> bytes:
        fields: dict[str, object] = {"t": "hello", "version": PROTOCOL_VERSION, "code": "ZZZZZZ",
                                     "name": "stranger"}
        fields.update(change)
        return frame(fields)

    # --- the abuses, one connection each

    def one(self, kind: str) -> None:
        sock = self.connect()
        try:
            rng = self.rng
            if kind == "garbage":
                self.send(sock, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            elif kind == "huge length":
                self.send(sock, struct.pack(">I", rng.choice(
                    [HELLO_FRAME + 1, MAX_FRAME + 1, 2 ** 31, 2 ** 32 - 1])))
            elif kind == "half frame, close":
                self.send(sock, self.hello()[:rng.randint(1, 20)])
                sock.close()
                self.answers[kind + " -> (we closed)"] += 1
                return
            elif kind == "wrong code":
                source = "127.0.0.1" if len(self.sources) == 1 else "127.0.9.9"
                sock.close()
                sock = self.connect(source)  # one address, many tries: it gets blocked
                self.send(sock, self.hello(code=f"W{rng.randrange(10 ** 5):05d}"))
            elif kind == "flood before hello":
                self.send(sock, b"".join(frame({"t": "ping", "n": i}) for i in range(400)))
            elif kind == "hello out of schema":
                changes: list[dict[str, object]] = [
                    {"extra": 1}, {"code": "X" * 17}, {"version": "1"}, {"name": None},
                    {"version": 1e400}, {"resume": ["x"]}, {"t": "hullo"}]
                self.send(sock, self.hello(**rng.choice(changes)))
            elif kind == "wrong resume token":
                self.send(sock, self.hello(code=CODE, resume="forged-token"))
            elif kind == "random bytes":
                size = rng.randint(1, 2000)
                # half with a length that fits, so the random body reaches the JSON parser
                head = struct.pack(">I", size) if rng.random() < 0.5 else b""
                self.send(sock, head + rng.randbytes(size))
            else:
                raise ValueError(kind)
            self.messages += 1
            self.answers[f"{kind} -> {self.answer(sock)}"] += 1
        finally:
            sock.close()

    def lorises(self, size: int) -> None:
        """Connections that send a hello a byte every 0.4 s: none completes within 5 s."""
        socks = [self.connect() for _ in range(size)]
        data = self.hello(code=CODE)
        for byte in data[:14]:
            for sock in socks:
                self.send(sock, bytes([byte]))
            time.sleep(0.4)
        for sock in socks:
            self.messages += 1
            self.answers[f"slow loris -> {self.answer(sock)}"] += 1
            sock.close()

    def silences(self, count: int) -> None:
        """Half a hello, then nothing: seven at a time (the host keeps eight waiting), each
        closed by the host after 5 s."""
        for start in range(0, count, 7):
            socks = [self.connect() for _ in range(min(7, count - start))]
            for sock in socks:
                self.send(sock, self.hello()[:self.rng.randint(1, 20)])
                self.messages += 1
            for sock in socks:
                self.answers[f"half frame, silence -> {self.answer(sock)}"] += 1
                sock.close()

    def crowd(self, size: int) -> None:
        """Many connections at once that say nothing: the host keeps at most 8 waiting."""
        socks = [self.connect() for _ in range(size)]
        for sock in socks:
            self.answers[f"crowd of {size} -> {self.answer(sock)}"] += 1
            sock.close()

    def inside(self, rounds: int) -> None:
        """A guest who knows the code and misbehaves in the game, resuming with its token."""
        token: str | None = None
        abuses = [
            frame({"t": "move", "ply": -1, "text": "x", "digest": ""}),
            frame({"t": "shot", "n": 1, "side": "white", "index": 0, "dx": 2.0, "dy": 0,
                   "strength": 0.5, "press": False}),
            frame({"t": "rest", "n": 1, "digest": "", "table": [{"side": "w"}]}),
            frame({"t": "sync", "record": {"a": json.loads("[" * 40 + "]" * 40)}}),
            frame({"t": "format_disk"}),
            b"\x00\x00\x00\x03abc",
            b"".join(frame({"t": "chat", "text": "spam"}) for _ in range(300)),
            struct.pack(">I", MAX_FRAME + 1),
        ]
        source = self.sources[-1]
        for round_ in range(rounds):
            sock = self.connect(source)
            extra = {"resume": token} if token else {}
            self.send(sock, self.hello(code=CODE, name="insider", **extra))
            decoder = Decoder()
            welcome = None
            deadline = time.monotonic() + 3.0
            while welcome is None and time.monotonic() < deadline:
                try:
                    chunk = sock.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    break
                for message in decoder.feed(chunk):
                    if message.t == "welcome":
                        welcome = message
            if welcome is None:
                self.answers["inside: not welcomed"] += 1
                sock.close()
                continue
            token = welcome.str("token")
            self.send(sock, encode("chat", text=f"canary {round_}"))
            time.sleep(0.05)
            abuse = abuses[round_ % len(abuses)]
            self.send(sock, abuse)
            self.messages += 2
            self.answers[f"inside, abuse {round_ % len(abuses)} -> {self.answer(sock)}"] += 1
            sock.close()

    def run(self, count: int) -> None:
        kinds = ["garbage", "huge length", "half frame, close", "wrong code",
                 "flood before hello", "hello out of schema", "wrong resume token",
                 "random bytes"]
        inside = max(8, count // 10)
        crowd = 20
        lorises = 4
        silent = 21
        plain = count - inside - crowd - lorises - silent
        # one abuse after another (no threads): the attacker stays simple, the run bounded
        self.lorises(lorises)
        self.crowd(crowd)
        self.silences(silent)
        for i in range(plain):
            self.one(kinds[i % len(kinds)])
        self.inside(inside)


def attack_main(port: int, count: int, seed: int) -> None:
    attacker = Attacker(port, seed)
    attacker.run(count)
    print(json.dumps({"answers": dict(attacker.answers), "messages": attacker.messages,
                      "sources": len(attacker.sources)}))


def host_main(count: int, seed: int, limit: float) -> int:
    host = Host({"variant": "russian"}, bind="127.0.0.1", code=CODE)
    attacker = subprocess.Popen(
        [sys.executable, __file__, "--attack", str(host.port), "--count", str(count),
         "--seed", str(seed)], stdout=subprocess.PIPE, text=True)
    tracebacks = hangs = polls = seated = invalid = canaries = spam = 0
    longest = 0.0
    times: list[float] = []
    events: collections.Counter[str] = collections.Counter()
    began = time.monotonic()
    try:
        while attacker.poll() is None and time.monotonic() - began < limit:
            start = time.perf_counter()
            try:
                messages = host.poll()
                happened = host.events()
            except Exception:  # the count this benchmark exists for
                tracebacks += 1
                traceback.print_exc()
                messages, happened = [], []
            spent = time.perf_counter() - start
            polls += 1
            times.append(spent)
            longest = max(longest, spent)
            hangs += spent > HANG
            for message in messages:
                if message.t == "chat" and message.str("text").startswith("canary"):
                    canaries += 1
                elif message.t == "chat" and message.str("text") == "spam":
                    spam += 1  # valid chat of a flood, heard before the cut
                else:
                    invalid += 1
            for event in happened:
                events[type(event).__name__] += 1
                seated += isinstance(event, GuestJoined) and event.name != "insider"
            time.sleep(0.002)
    finally:
        timed_out = attacker.poll() is None
        if timed_out:
            attacker.kill()
        out, _ = attacker.communicate(timeout=10)
        host.close()
    report = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
    times.sort()
    print(f"hostile connections: {count}, messages sent: {report.get('messages')}, "
          f"loopback source addresses: {report.get('sources')}, "
          f"seconds: {time.monotonic() - began:.1f}{' (TIMED OUT)' if timed_out else ''}")
    print("what the attacker heard:")
    for line, n in sorted(report.get("answers", {}).items()):
        print(f"  {n:4d}  {line}")
    print("host events: " + ", ".join(f"{k} {v}" for k, v in sorted(events.items())))
    print(f"host polls: {polls}, p50 {times[len(times) // 2] * 1000:.2f} ms, "
          f"p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms, longest {longest * 1000:.1f} ms")
    print(f"tracebacks: {tracebacks}")
    print(f"hangs (a poll over {HANG * 1000:.0f} ms): {hangs}")
    print(f"strangers seated: {seated}; the hostile guest's joins: "
          f"{events['GuestJoined'] - seated}")
    print(f"invalid messages accepted: {invalid}; canaries received: {canaries}; "
          f"flood chats heard before the cut: {spam}")
    return 0 if tracebacks == hangs == seated == invalid == 0 and not timed_out else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=240.0, help="seconds at most")
    parser.add_argument("--attack", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack is not None:
        attack_main(args.attack, args.count, args.seed)
        return 0
    return host_main(max(args.count, 60), args.seed, args.limit)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
