"""Where the games against TurboEngine were lost: each of our moves searched again, deeper.

    python benchmarks/vs_turbo.py --games 20 --seed 3 --pdn games.pdn
    python benchmarks/where_lost.py games.pdn [--depth 10] [--all] [--jobs 2]
    python benchmarks/where_lost.py scan.pdn --them "Scan 2.0"    # benchmarks/vs_scan.py's games

For every game our side lost (``--all``: every game) each position where we were to move with
a choice is searched again at ``--depth`` plies (at most 10 s). The trace is ``ply:score`` from
our side, in 1/100 man, with ``*`` where the deeper search would have played another move;
the line below names the first of our moves after which the score fell by more than
``--drop`` (default 60) by our next turn: the deeper search saw nothing wrong two plies
before the opponent's shot, so the game turned on something beyond its horizon.
"""
from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.engine import search  # noqa: E402
from game.ai.search import Limit  # noqa: E402
from game.rules import Color, NotationError, find_variant  # noqa: E402
from game.rules.pdn import PdnGame, read_pdn, scan_pdn  # noqa: E402

THEM = "TurboEngine"


def ours_white(record: PdnGame, them: str | None = None) -> bool:
    return record.tags.get("White") != (THEM if them is None else them)


def our_result(record: PdnGame, them: str | None = None) -> str:
    """"+", "=" or "-" for our side."""
    if record.result not in ("2-0", "0-2"):
        return "="
    return "+" if (record.result == "2-0") == ours_white(record, them) else "-"


def trace(record: PdnGame, depth: int, them: str | None = None
          ) -> list[tuple[int, int, bool]]:
    """(ply, our score before our move, whether the deeper search chose another move)."""
    we_white = ours_white(record, them)
    variant = find_variant(record.variant)  # from the file's start, with the file's options
    game = variant.new(**record.options) if record.fen is None else \
        variant.from_setup(record.fen, **record.options)
    points = []
    for move in record.moves:
        if (game.turn is Color.WHITE) == we_white and len(game.legal_moves()) > 1:
            found = search(game, Limit(depth=depth, time=10))
            points.append((len(game.move_stack), found.score, found.move != move))
        game.push(move)
    return points


def turning_point(points: list[tuple[int, int, bool]], drop: int) -> int | None:
    """The ply of our move after which the score fell by more than ``drop`` by our next turn."""
    for (ply, score, _), (_, after, _) in zip(points, points[1:]):
        if score - after > drop:
            return ply
    return None


def _one(args: tuple[str, int, int, str]) -> list[tuple[int, int, bool]]:
    text, index, depth, them = args
    return trace(scan_pdn(text)[index], depth, them)  # a worker replays its own game only


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pdn", type=Path)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--drop", type=int, default=60)
    parser.add_argument("--all", action="store_true", help="every game, not only the lost ones")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--them", default=THEM, help=f"the other side's name (default {THEM})")
    parser.add_argument("--games", type=int, default=None, help="at most this many games")
    args = parser.parse_args()
    if not 1 <= args.depth <= 30:
        raise SystemExit("--depth is 1 to 30 plies")
    try:
        text = args.pdn.read_text(encoding="utf-8")
        records = read_pdn(text)
    except (OSError, UnicodeDecodeError, NotationError) as error:
        raise SystemExit(f"{args.pdn}: {error}")
    them = args.them
    chosen = [(i, r) for i, r in enumerate(records)
              if args.all or our_result(r, them) == "-"][:args.games]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        traces = pool.map(_one, [(text, i, args.depth, them) for i, _ in chosen])
        for (i, record), points in zip(chosen, traces):
            colour = "White" if ours_white(record, them) else "Black"
            print(f"game {i + 1} ({record.tags.get('Event', '?')}): {our_result(record, them)} "
                  f"as {colour}")
            print("  " + " ".join(f"{p}:{s}{'*' if other else ''}" for p, s, other in points))
            turn = turning_point(points, args.drop)
            print(f"  turned after our move at ply {turn}" if turn is not None
                  else "  no sudden fall: lost by degrees", flush=True)


if __name__ == "__main__":
    main()
