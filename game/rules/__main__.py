"""``python -m game.rules``: perft counts and a move lister, for every registered variant."""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from game.rules import VARIANTS, Game, RulesError, find_variant

#: the deepest perft the command runs: far beyond what finishes in a lifetime, well within
#: Python's recursion limit
MAX_DEPTH = 64


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.rules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--variant", required=True, choices=sorted(VARIANTS))
        p.add_argument("--size", type=int, help="board size in points (Apokachi only)")
        p.add_argument("--house", type=int,
                       help="pieces a side, 9, 12 or 16: the house's size (Ugolki only)")

    perft = sub.add_parser("perft", help="count the leaf nodes of the move tree")
    common(perft)
    perft.add_argument("--depth", type=int, required=True)
    perft.add_argument("--fen", help="start from this position instead of the initial one")
    perft.add_argument("--divide", action="store_true", help="count per first move")

    moves = sub.add_parser("moves", help="list the legal moves of positions read from stdin")
    common(moves)
    return parser


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if args.size is not None:
        options["size"] = args.size
    if args.house is not None:
        options["house"] = args.house
    return options


def perft(args: argparse.Namespace, out: TextIO) -> None:
    cls = find_variant(args.variant)
    if args.fen is not None and not args.fen.strip():
        raise RulesError("--fen is empty: give a position, or leave --fen out for the start")
    game = (cls.from_fen(args.fen, **_options(args)) if args.fen is not None
            else cls.new(**_options(args)))
    began = time.perf_counter()
    if args.divide:
        total = 0
        for move in game.perft_moves():
            text = game.hub_text(move)
            game.push(move)
            count = game.perft(args.depth - 1)
            game.pop()
            total += count
            print(f"{text} {count}", file=out)
    else:
        total = game.perft(args.depth)
    seconds = time.perf_counter() - began
    rate = total / seconds if seconds > 0 else float("inf")
    print(f"perft({args.depth}) = {total}", file=out)
    print(f"time {seconds:.3f} s, {rate:,.0f} leaves/s", file=out)


def moves(args: argparse.Namespace, source: TextIO, out: TextIO) -> None:
    cls = find_variant(args.variant)
    for raw in source:
        line = raw.strip()
        if not line:
            continue
        try:
            game: Game = cls.from_fen(line, **_options(args))
        except RulesError as error:
            print(f"error: {error}", file=out)
            print(file=out)
            continue
        # the moves of the position itself, as perft counts them: a position the end rules
        # call finished (a lone king each, one piece each) still lists its moves
        for move in game.perft_moves():
            text = game.hub_text(move)
            game.push(move)
            print(f"{text} {game.fen()}", file=out)
            game.pop()
        print(file=out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)  # exits with status 2 on bad arguments
    try:
        if args.command == "perft":
            if not 0 <= args.depth <= MAX_DEPTH:
                parser.error(f"--depth must be from 0 to {MAX_DEPTH}")
            perft(args, sys.stdout)
        else:
            moves(args, sys.stdin, sys.stdout)
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except ValueError as error:  # an option the variant does not take, e.g. --size for draughts
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader has gone (``| head -1``): stop quietly, and let nothing flush into the
        # closed pipe at exit
        try:
            sys.stdout.close()
        except BrokenPipeError:
            pass
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
