"""``python -m game.ai``: best moves for positions on stdin, engine matches, and the Hub
protocol for draughts GUIs.

    python -m game.ai bestmove --variant international --time 1 < positions.txt
    python -m game.ai match --variant russian --white 8 --black random --games 10 --time 0.2
    python -m game.ai hub
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from game.ai.engine import search
from game.ai.levels import LEVELS, choose_move
from game.ai.search import MAX_PLY, Limit
from game.rules import VARIANTS, RulesError, find_variant


#: the most seconds a move may be given, and the deepest search (plies)
MAX_SECONDS = 1e6
MAX_DEPTH = MAX_PLY - 8


def seconds(text: str) -> float:
    """A time in seconds: a finite number above 0 (not nan, inf or negative)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{text} seconds: give a number above 0 and at most {MAX_SECONDS:g}")
    return value


def whole(low: int, high: int, what: str) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} {value}: give {low} to {high}")
        return value
    parse.__name__ = what  # argparse names the type in its messages
    return parse


def player_name(text: str) -> str:
    """A match player: a level 1-8 (``8:old``: the engine before its learned evaluation,
    book and tables), ``random`` or a benchmark player of :data:`game.ai.match.EXTRA_PLAYERS`."""
    from game.ai.match import check_spec

    try:
        check_spec(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.ai", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    best = sub.add_parser("bestmove", help="print the best move of each position read from stdin")
    best.add_argument("--variant", required=True, choices=sorted(VARIANTS))
    best.add_argument("--size", type=whole(2, 99, "size"),
                      help="board size in points (Apokachi only)")
    how = best.add_mutually_exclusive_group()
    how.add_argument("--time", type=seconds, help="seconds per position")
    how.add_argument("--depth", type=whole(1, MAX_DEPTH, "depth"), help="plies per position")
    how.add_argument("--level", type=int, choices=sorted(LEVELS), help="play at a level")
    best.add_argument("--seed", type=int, default=None, help="random seed for --level")
    match = sub.add_parser("match", help="play the engine against itself")
    match.add_argument("--variant", required=True, choices=sorted(VARIANTS))
    match.add_argument("--size", type=whole(2, 99, "size"),
                       help="board size in points (Apokachi only)")
    match.add_argument("--white", required=True, type=player_name,
                       help="player A: a level 1-8 (8:old: the engine before its data) or random")
    match.add_argument("--black", required=True, type=player_name,
                       help="player B: a level 1-8 or random")
    match.add_argument("--games", type=whole(1, 1_000_000, "games"), default=10,
                       help="games (colours alternate)")
    match.add_argument("--time", type=seconds, default=None, help="seconds per move")
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--jobs", type=whole(1, 256, "jobs"), default=1,
                       help="games played at once")
    sub.add_parser("hub", help="speak the Hub protocol (International draughts)")
    return parser


def bestmove(args: argparse.Namespace, source: TextIO, out: TextIO) -> None:
    cls = find_variant(args.variant)
    options = {} if args.size is None else {"size": args.size}
    rng = random.Random(args.seed)
    for raw in source:
        line = raw.strip()
        if not line:
            continue
        try:
            game = cls.from_fen(line, **options)
            if game.outcome() is not None or not game.every_move():
                print("none", file=out, flush=True)
                continue
            if args.level is not None:
                move = choose_move(game, args.level, rng, time=args.time)
            else:
                limit = Limit(time=args.time, depth=args.depth)
                if args.time is None and args.depth is None:
                    limit = Limit(time=1.0)
                move = search(game, limit, quick_forced=True).move
            print(game.hub_text(move), file=out, flush=True)
        except RulesError as error:
            print(f"error: {error}", file=out, flush=True)


def match(args: argparse.Namespace, out: TextIO) -> None:
    from game.ai.match import run_match, table
    options = {} if args.size is None else {"size": args.size}

    def report(done: int, score: object) -> None:
        print(f"\rgame {done}/{args.games}", end="", file=sys.stderr, flush=True)

    score = run_match(args.variant, args.white, args.black, args.games, time=args.time,
                      seed=args.seed, options=options, report=report,
                      jobs=args.jobs)
    print(file=sys.stderr)
    print(table(args.white, args.black, score), file=out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if getattr(args, "size", None) is not None:
        try:  # the game says whether it has a size and which sizes exist
            find_variant(args.variant).check_options({"size": args.size})
        except ValueError as error:
            parser.error(f"argument --size: {error}")
    try:
        if args.command == "bestmove":
            bestmove(args, sys.stdin, sys.stdout)
        elif args.command == "match":
            match(args, sys.stdout)
        else:
            from game.ai.hub import main as hub_main
            return hub_main(sys.stdin, sys.stdout)
    except (RulesError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
