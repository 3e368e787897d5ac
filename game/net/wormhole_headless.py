"""A game with a friend anywhere, with no window: ``python -m game.net.wormhole_headless
host|join``, the headless game of :mod:`game.net.headless` over a meeting through
magic-wormhole instead of a port (for the tests and the benchmark; they give loopback
servers: nothing here has a default that reaches the public ones)::

    python -m game.net.wormhole_headless host --game russian --mailbox ws://127.0.0.1:4000/v1 \\
        --relay tcp:127.0.0.1:4001 --bind 127.0.0.1
    hosting 4-purple-sausages
    python -m game.net.wormhole_headless join --code 4-purple-sausages --mailbox ... --relay ...

``--relay-only`` offers no direct connection (the game goes through the relay). At the end
each side prints the line :func:`game.net.headless.run` prints, with ``route=`` added before
it on a line of its own (``route direct`` or ``route relay``, the last link's).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from game.net.headless import await_welcome, make_play, play_as_guest, player, run
from game.net.netplay import NetGame, record_of
from game.net.wormhole_link import Servers, normal_code, settle
from game.net.wormhole_session import WormholeGuest, WormholeHost
from game.play.chapaev_record import chapaev_options_from
from game.rules import VARIANTS
from game.rules.core import Color


def servers(args: argparse.Namespace) -> Servers:
    return Servers(args.mailbox, args.relay, direct=not args.relay_only, bind=args.bind)


def host(args: argparse.Namespace) -> int:
    guest_color = Color.BLACK if args.seat == "black" else Color.WHITE
    play = make_play(args.game)  # (a Chapaev match of the classic rules)
    play.set_seat(guest_color.other, player(args, play.kind))
    session = WormholeHost(record_of(play), servers(args), seat=args.seat, name="host")
    deadline = time.monotonic() + 20.0
    while session.invite_code is None and time.monotonic() < deadline:
        session.poll()
        time.sleep(0.005)
    if session.invite_code is None:
        problem = session.problem
        print(f"unhosted {problem.why if problem else 'no code'}", flush=True)
        session.close()
        return 2
    print(f"hosting {session.invite_code}", flush=True)
    net = NetGame(play, session, guest_color, host=True, name="guest")
    code = run(net, args.seconds)
    settle()  # the last words (a bye) reach the other side before this process ends
    print(f"route {session.route or '-'}", file=sys.stderr, flush=True)
    return code


def join(args: argparse.Namespace) -> int:
    began = time.monotonic()
    session = WormholeGuest(normal_code(args.code), servers(args), name="guest")
    early = await_welcome(session, began + min(args.seconds, 40.0))
    if early is None or session.welcome is None:
        return 2
    print(f"joined {time.monotonic() - began:.3f} {session.route}", flush=True)
    code = play_as_guest(session, early, args)
    settle()  # the last words (a bye) reach the other side before this process ends
    print(f"route {session.route or '-'}", file=sys.stderr, flush=True)
    return code


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.net.wormhole_headless",
                                     description="A game with a friend anywhere with no "
                                                 "window, played by test players.")
    sub = parser.add_subparsers(dest="role", required=True)
    for name in ("host", "join"):
        role = sub.add_parser(name)
        role.add_argument("--mailbox", required=True, help="the mailbox server's ws:// URL")
        role.add_argument("--relay", required=True, help="the transit relay, tcp:host:port")
        role.add_argument("--relay-only", action="store_true",
                          help="offer no direct connection: the game goes through the relay")
        role.add_argument("--bind", default="127.0.0.1",
                          help="the address a direct connection is listened for on")
        role.add_argument("--seed", type=int, default=1)
        role.add_argument("--mischief", type=float, default=0.0)
        role.add_argument("--pace", type=float, default=0.0)
        role.add_argument("--pull", action="store_true")
        role.add_argument("--seconds", type=float, default=60.0)
    hosting = sub.choices["host"]
    hosting.add_argument("--game", choices=sorted(VARIANTS) + ["chapaev"], default="russian")
    hosting.add_argument("--seat", choices=("white", "black"), default="black")
    sub.choices["join"].add_argument("--code", required=True)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return host(args) if args.role == "host" else join(args)


if __name__ == "__main__":
    sys.exit(main())
