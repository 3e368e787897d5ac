"""Play a friend anywhere on loopback: the time from the friend typing the code to the first
move, and a move's round trip through the relay (issue 52).

Run: python benchmarks/net_wormhole.py [--joins N] [--moves M]   (127.0.0.1 only)
A magic-wormhole mailbox server and transit relay are started on loopback in a process of
their own (tests/net/wormhole_servers.py). For each of N joins, directly and then with no
direct connection offered (through the relay): a host (WormholeHost, Russian draughts, a
random player for White) gets its code; the clock starts when the guest is made with the
code (the friend pressed Join after typing it) and stops when the guest's game has the host's
first move. Then, on the relayed games, the players go on at once for M moves each way: a
move's round trip is the time from the host's move to the guest's answer played on the
host's board (the answer is chosen at once: the figure is the two crossings through the
relay and the two games' polls). Both sides are polled in one loop (a poll every 0.5 ms), as
two windows on one machine would share it. Bounded: each join 20 s, the whole run --seconds.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.netplay import NetGame, guest_play, record_of  # noqa: E402
from game.net.wormhole_link import Servers  # noqa: E402
from game.net.wormhole_session import WormholeGuest, WormholeHost  # noqa: E402
from game.play.board_play import BoardPlay  # noqa: E402
from game.play.seats import RandomPlayer  # noqa: E402
from game.rules.core import Color  # noqa: E402
from tests.net.wormhole_servers import LocalServers  # noqa: E402

JOIN_WITHIN = 20.0


def one_game(servers: Servers, moves: int, seed: int) -> tuple[float, str, list[float]]:
    """(seconds from the code typed to the first move on the guest, the route, the round
    trips of the next ``moves`` moves in seconds)."""
    play = BoardPlay("russian")
    play.set_seat(Color.WHITE, RandomPlayer(random.Random(seed)))
    host = WormholeHost(record_of(play), servers, seat="black", name="host")
    host_net = NetGame(play, host, Color.BLACK, host=True)
    deadline = time.monotonic() + JOIN_WITHIN
    while host.invite_code is None:
        host_net.poll()
        if time.monotonic() > deadline:
            raise RuntimeError(f"no code: {host.problem and host.problem.why}")
        time.sleep(0.0005)
    code = host.invite_code
    typed = time.monotonic()
    guest = WormholeGuest(code, servers, name="guest")
    guest_net: NetGame | None = None
    early = []
    first: float | None = None
    trips: list[float] = []
    sent_at: float | None = None
    while time.monotonic() < deadline + 30.0:
        host_net.poll()
        play.step()
        if guest_net is None:
            early.extend(guest.poll())
            if guest.state == "refused" or guest.state == "closed":
                raise RuntimeError(f"refused: {guest.events()}")
            if guest.welcome is not None and guest.state == "playing":
                guest_play_, host_color = guest_play(guest.welcome.fields.get("game"),
                                                     guest.welcome.fields.get("seat"))
                guest_play_.set_seat(host_color.other, RandomPlayer(random.Random(seed + 1)))
                guest_net = NetGame(guest_play_, guest, host_color, host=False)
                guest_net.feed(early)
        else:
            guest_net.poll()
            guest_net.play.step()
            if first is None and guest_net.play.played >= 1:
                first = time.monotonic() - typed
        # round trips: from the host's move (White's, odd plies) to Black's answer here
        if first is not None and play.played % 2 == 1 and sent_at is None:
            sent_at = time.monotonic()
        elif sent_at is not None and play.played % 2 == 0:
            trips.append(time.monotonic() - sent_at)
            sent_at = None
        if first is not None and (len(trips) >= moves or play.is_over):
            break
        time.sleep(0.0005)
    route = guest.route
    for net in (guest_net, host_net):
        if net is not None:
            net.close()
    play.close()
    if first is None:
        raise RuntimeError("no first move")
    return first, route, trips


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(values) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, "
            f"max {max(values) * 1000:.0f} ms (n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--joins", type=int, default=5)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=120.0)
    args = parser.parse_args()
    stop = time.monotonic() + args.seconds
    with LocalServers(seconds=args.seconds + 10) as local:
        for direct in (True, False):
            firsts: list[float] = []
            trips: list[float] = []
            routes: set[str] = set()
            for n in range(args.joins):
                if time.monotonic() > stop:
                    break
                first, route, trip = one_game(local.servers(direct=direct),
                                              0 if direct else args.moves, n + 1)
                firsts.append(first)
                trips += trip
                routes.add(route)
            kind = "direct" if direct else "relay"
            print(f"{kind:6} code typed -> first move: {ms(firsts)}; routes {sorted(routes)}")
            if not direct:
                print(f"{kind:6} a move's round trip through the relay: {ms(trips)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
