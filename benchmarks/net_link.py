"""A host and a guest in two processes on 127.0.0.1, each polled like a window (60 times a
second): how long a message takes from one to the other, and how soon a cut link is back.

    python benchmarks/net_link.py                  # 300 messages each way, 10 cuts
    python benchmarks/net_link.py --messages 100 --cuts 3

The guest joins through a relay in the host's process; the relay is cut (every connection
and its port closed) and brought back on the same port after 0.5-3 s, ``--cuts`` times.
Prints the one-way time of a ``move`` (send to the other side's poll that returns it; both
processes read the same system-wide monotonic clock, as Linux's is) host to guest and back
(at 60 polls a second the wait for the other side's next poll alone is 8 ms on average,
17 ms at worst), and for each
cut the seconds from the relay's return to the host's ``GuestBack``. Everything stays on
loopback; the run is bounded (``--limit`` seconds) and stops by itself.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "net"))

from game.net.session import GuestBack, Host, Guest  # noqa: E402
from helpers import Relay  # type: ignore[import-not-found]  # noqa: E402

FRAME = 1 / 60
CODE = "PLAY42"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def guest_main(port: int, limit: float) -> None:
    """The guest's window: answers every move with a move of its own, reports latencies."""
    guest = Guest("127.0.0.1", port, CODE, name="bench")
    seen: list[float] = []
    began = time.monotonic()
    while guest.state not in ("closed", "refused") and time.monotonic() - began < limit:
        tick = time.monotonic()
        for message in guest.poll():
            if message.t == "move":
                seen.append(time.monotonic() - float(message.str("text")))
                guest.send("move", ply=message.int("ply"), text=f"{time.monotonic():.6f}",
                           digest="")
            elif message.t == "chat" and message.str("text") == "done":
                guest.close()
        time.sleep(max(0.0, FRAME - (time.monotonic() - tick)))
    print(json.dumps({"latencies": seen}))


def host_main(messages: int, cuts: int, seed: int, limit: float) -> int:
    rng = random.Random(seed)
    host = Host({"variant": "russian"}, bind="127.0.0.1", code=CODE)
    relay = Relay(host.port)
    child = subprocess.Popen([sys.executable, __file__, "--guest", str(relay.port),
                              "--limit", str(limit)], stdout=subprocess.PIPE, text=True)
    back_times: list[float] = []
    latencies: list[float] = []
    sent = done_cuts = 0
    began = time.monotonic()
    next_send = began
    phase, wait_until, reopened = "moves", 0.0, 0.0
    longest_poll = 0.0
    try:
        while time.monotonic() - began < limit and child.poll() is None:
            tick = time.monotonic()
            relay.poll()
            start = time.perf_counter()
            got = host.poll()
            longest_poll = max(longest_poll, time.perf_counter() - start)
            now = time.monotonic()
            for message in got:
                if message.t == "move":
                    latencies.append(now - float(message.str("text")))
            for event in host.events():
                if isinstance(event, GuestBack) and phase == "returning":
                    back_times.append(now - reopened)
                    phase, wait_until = "settle", now + rng.uniform(0.2, 1.0)
            if phase == "moves" and host.state == "playing":
                if sent < messages and now >= next_send:
                    host.send("move", ply=sent, text=f"{now:.6f}", digest="")
                    sent += 1
                    next_send = now + 0.05
                elif sent == messages and (len(latencies) >= messages or now > next_send + 2):
                    phase, wait_until = "settle", now + rng.uniform(0.2, 1.0)
            elif phase == "settle" and now >= wait_until and host.state == "playing":
                if done_cuts == cuts:
                    host.send("chat", text="done")
                    phase = "end"
                else:
                    relay.cut()
                    done_cuts += 1
                    phase, wait_until = "down", now + rng.uniform(0.5, 3.0)
            elif phase == "down" and now >= wait_until:
                relay.open()
                phase, reopened = "returning", time.monotonic()
            relay.poll()  # at once, as a network would: the relay adds no frame of its own
            time.sleep(max(0.0, FRAME - (time.monotonic() - tick)))
    finally:
        timed_out = child.poll() is None
        if timed_out:
            child.kill()
        out, _ = child.communicate(timeout=10)
        host.close()
        relay.cut()
    guest_seen = json.loads(out.strip().splitlines()[-1])["latencies"] if out.strip() else []
    print(f"both polled at {1 / FRAME:.0f} Hz; seconds: {time.monotonic() - began:.1f}"
          f"{' (TIMED OUT)' if timed_out else ''}")
    for label, values in (("host -> guest", guest_seen[:messages]),
                          ("guest -> host", latencies)):
        ms = [v * 1000 for v in values]
        print(f"{label}: {len(ms)} moves, p50 {percentile(ms, 0.5):.1f} ms, "
              f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms, default=0):.1f} ms")
    print(f"cuts: {done_cuts}; back after the link returned: "
          + ", ".join(f"{t:.2f}" for t in back_times) + " s; "
          f"median {statistics.median(back_times) if back_times else 0:.2f} s, "
          f"max {max(back_times, default=0):.2f} s")
    print(f"host's longest poll: {longest_poll * 1000:.1f} ms")
    ok = not timed_out and len(back_times) == cuts and max(back_times, default=0) < 2.0
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--cuts", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds at most")
    parser.add_argument("--guest", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.guest is not None:
        guest_main(args.guest, args.limit)
        return 0
    return host_main(args.messages, args.cuts, args.seed, args.limit)


if __name__ == "__main__":
    sys.exit(main())
