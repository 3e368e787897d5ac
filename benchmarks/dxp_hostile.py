"""Hostile DXP peers against both of our ends, over 127.0.0.1, bounded in count and time.

    python benchmarks/dxp_hostile.py --cases 150 --seed 1

The follower is a real ``python -m game dxp`` process (level 1): each case connects, asks
for a game as a valid initiator, then sends something hostile (garbage, each kind of message
malformed or mutated, illegal or out-of-turn moves, no NUL past the limit, a flood, half a
message and away). The initiator (DxpInitiator, in this process) meets hostile followers the
same way. Counted: tracebacks (the follower's stderr, exceptions here), hangs (an end that
no longer answers a valid peer in time), and illegal moves accepted (a move our rules refuse
that was answered as if played). Moves are judged by the rules, not by the DXP codec.
"""
from __future__ import annotations

import argparse
import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.dxp import GameRequest  # noqa: E402
from game.net.dxp_game import DxpInitiator, LinkLost, MoveReceived  # noqa: E402
from game.rules.core import Color, Game  # noqa: E402
from game.rules.international import International  # noqa: E402

TIMEOUT = 3.0


def name32(name: str) -> bytes:
    return (name + " " * 32)[:32].encode()


def request(follower: bytes = b"Z") -> bytes:
    return b"R01" + name32("Hostile") + follower + b"001000A\0"


def move(start: int, end: int, taken: tuple[int, ...] = ()) -> bytes:
    return b"M0001%02d%02d%02d" % (start, end, len(taken)) + b"".join(
        b"%02d" % s for s in taken) + b"\0"


def legal(start: int, end: int, taken: tuple[int, ...], game: Game) -> bool:
    return any((m.start, m.end) == (start, end) and set(m.captured) == set(taken)
               for m in game.legal_moves())


VALID = [b"CHello", b"E00", b"B001W", b"K0", b"M0001322800", b"A" + name32("x") + b"0",
         b"R01" + name32("x") + b"W005000A"]


def hostile_cases(count: int, rng: random.Random) -> list[tuple[str, bytes, bool]]:
    """(kind, bytes after a valid request, whether a request goes first)."""
    fixed: list[tuple[str, bytes, bool]] = [
        ("garbage", b"\x01\x02\xff\xfe\0", True), ("unknown type", b"Xyz\0", True),
        ("no NUL past the limit", b"C" + b"a" * 5000, True),
        ("too long", b"C" + b"b" * 300 + b"\0", True), ("empty", b"\0", True),
        ("flood", b"CHi\0" * 1000, True), ("move before a game", move(32, 28), False),
        ("out of turn", move(32, 28) + move(33, 29), True),
        ("acceptance to a follower", b"A" + name32("x") + b"0\0", True),
        ("back answer unasked", b"K0\0", True), ("bad end", b"E77\0", True),
        ("bad back request", b"B00xW\0", True), ("half and away", b"M00", True),
        ("too many captures", b"M0001322821" + b"11" * 21 + b"\0", True),
        ("square 0", move(0, 28), True), ("square 51", b"M0001325100\0", True),
    ]
    cases = list(fixed)
    while len(cases) < count:
        kind = rng.randrange(4)
        if kind == 0:  # random bytes
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))) + b"\0"
            cases.append(("random bytes", data, rng.random() < 0.8))
        elif kind == 1:  # a valid message with one character changed
            text = bytearray(rng.choice(VALID))
            text[rng.randrange(len(text))] = rng.randrange(1, 256)
            cases.append(("mutated", bytes(text) + b"\0", True))
        elif kind == 2:  # a move, most often illegal, as the rules judge it
            start, end = rng.randrange(1, 51), rng.randrange(1, 51)
            taken = tuple(rng.sample(range(1, 51), rng.randrange(0, 3)))
            cases.append(("move", move(start, end, taken), True))
        else:  # a valid request cut anywhere
            whole = request()
            cases.append(("cut request", whole[:rng.randrange(1, len(whole) - 1)], False))
    return cases[:count]


def read_all(sock: socket.socket, seconds: float) -> tuple[list[bytes], bool]:
    """Messages until the other side closes (True) or ``seconds`` of quiet (False)."""
    held, out = b"", list[bytes]()
    sock.settimeout(seconds)
    while True:
        try:
            data = sock.recv(4096)
        except TimeoutError:
            return out, False
        except ConnectionResetError:
            return out, True
        if not data:
            return out, True
        held += data
        while b"\0" in held:
            text, _, held = held.partition(b"\0")
            out.append(text)


def alive(port: int) -> bool:
    """The follower answers a valid request on a new connection (within the timeout)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
            sock.sendall(request())
            held = b""
            deadline = time.monotonic() + TIMEOUT
            while b"\0" not in held and time.monotonic() < deadline:
                sock.settimeout(max(0.01, deadline - time.monotonic()))
                data = sock.recv(4096)
                if not data:
                    break
                held += data
            sock.sendall(b"E01\0")
            return held.startswith(b"A") and held.split(b"\0")[0].endswith(b"0")
    except OSError:
        return False


def against_the_follower(count: int, rng: random.Random) -> tuple[int, int, int, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    follower = subprocess.Popen(
        [sys.executable, "-m", "game", "dxp", "--port", "0", "--level", "1"], cwd=ROOT,
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert follower.stdout is not None
    port = int(follower.stdout.readline().rsplit(":", 1)[1])
    hangs = illegal = 0
    ends: dict[str, int] = {}
    for kind, data, with_request in hostile_cases(count, rng):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
                if with_request:
                    sock.sendall(request())
                    read_all(sock, 0.2)
                sock.sendall(data)
                said, closed = read_all(sock, 1.0)
                if kind == "move" and any(s.startswith(b"M") for s in said):
                    start, end, n = int(data[5:7]), int(data[7:9]), int(data[9:11])
                    taken = tuple(int(data[11 + 2 * i:13 + 2 * i]) for i in range(n))
                    if not legal(start, end, taken, International.new()):
                        illegal += 1
                        print(f"accepted an illegal move: {data!r}")
                told = [s for s in said if s.startswith(b"CError")]
                verdict = ("ended with a reason" if told else "closed") if closed else "went on"
                ends[verdict] = ends.get(verdict, 0) + 1
                if not closed:
                    sock.sendall(b"E01\0")
        except OSError:
            pass
        if not alive(port):
            hangs += 1
            print(f"the follower stopped answering after {kind}: {data[:40]!r}")
    print("the follower: " + ", ".join(f"{n} {k}" for k, n in sorted(ends.items()))
          + " (went on: a message still valid, answered as such)")
    follower.terminate()  # it closes its engine's worker and exits
    try:
        _, err = follower.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        print("the follower did not stop when asked: counted as a hang")
        hangs += 1
        follower.kill()
        _, err = follower.communicate(timeout=20)
    return count, err.count("Traceback"), hangs, illegal


def against_the_initiator(count: int, rng: random.Random) -> tuple[int, int, int, int]:
    tracebacks = hangs = illegal = 0
    cases = hostile_cases(count, rng)
    for kind, data, _ in cases:
        server = socket.socket()
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        server.settimeout(TIMEOUT)
        port = server.getsockname()[1]

        def follower(data: bytes = data) -> None:
            try:
                conn, _ = server.accept()
                with conn:
                    conn.settimeout(TIMEOUT)
                    conn.recv(4096)  # the request
                    conn.sendall(b"A" + name32("Hostile") + b"0\0" + data)
                    read_all(conn, 1.5)
            except OSError:
                pass
            finally:
                server.close()

        thread = threading.Thread(target=follower, daemon=True)
        thread.start()
        # the follower is White: its move comes first, and it is judged
        initiator = DxpInitiator("127.0.0.1", port, GameRequest("Shashki", Color.WHITE, 1, 0),
                                 answer_timeout=1.0)
        deadline = time.monotonic() + 2.5
        finished = False
        try:
            while time.monotonic() < deadline:
                asked = time.monotonic()
                events = initiator.poll()
                if time.monotonic() - asked > 0.5:  # a poll must never wait
                    hangs += 1
                for event in events:
                    if isinstance(event, MoveReceived):
                        game = International.new()
                        if event.move not in game.legal_moves():
                            illegal += 1
                    if isinstance(event, LinkLost):
                        finished = True
                if finished:
                    break
                time.sleep(0.002)
            else:
                finished = True  # quiet but answering: a valid message left a game going
        except Exception as error:  # noqa: BLE001 - counted, the run goes on
            tracebacks += 1
            print(f"{kind}: {error!r}")
        initiator.close()
        thread.join(TIMEOUT + 2)
        if thread.is_alive() or not finished:
            hangs += 1
    return count, tracebacks, hangs, illegal


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=150, help="hostile cases each end")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.monotonic()
    totals = [0, 0, 0, 0]
    for name, run in (("follower (process)", against_the_follower),
                      ("initiator (in process)", against_the_initiator)):
        result = run(args.cases, rng)
        totals = [a + b for a, b in zip(totals, result)]
        print(f"{name}: {result[0]} hostile messages, {result[1]} tracebacks, {result[2]} "
              f"hangs, {result[3]} accepted illegal moves", flush=True)
    print(f"all: {totals[0]} hostile messages, {totals[1]} tracebacks, {totals[2]} hangs, "
          f"{totals[3]} accepted illegal moves in {time.monotonic() - started:.0f} s")
    return 0 if totals[1:] == [0, 0, 0] else 1


if __name__ == "__main__":
    sys.exit(main())
