"""Build a game's opening book (``game/ai/book.py``) by the engine's own searches.

    python tools/make_book.py --game international --positions 400 --depth 10 --nodes 60000

From the start, every position is searched with every root move scored (those far below the
best only bounded); the moves within ``--keep`` of the best are kept in the book. The first
``--all-plies`` plies are expanded in full (every legal move, so that any start a person or a
match picks is in the book); later plies follow the kept moves within ``--expand`` of the
best, at most ``--width`` of them, breadth first, until ``--positions`` positions are done.
Writes ``assets/book/<game>.json`` (again after every 25 positions, so a long run can be
stopped and still leave a book).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.book import FORMAT, VERSION  # noqa: E402
from game.ai.engine import search  # noqa: E402
from game.ai.search import WON, Limit  # noqa: E402
from game.rules import find_variant  # noqa: E402


def write(path: Path, game: str, positions: dict[str, list[list[object]]],
          settings: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": FORMAT, "version": VERSION, "game": game, "made_by": "tools/make_book.py",
            "settings": settings, "positions": positions}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--nodes", type=int, default=60000)
    parser.add_argument("--keep", type=int, default=40, help="book moves within this of the best")
    parser.add_argument("--expand", type=int, default=20)
    parser.add_argument("--width", type=int, default=2)
    parser.add_argument("--all-plies", type=int, default=2)
    parser.add_argument("--max-ply", type=int, default=16)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(__file__).resolve().parent.parent / "assets" / "book" / \
        f"{args.game}.json"
    settings = {k: v for k, v in vars(args).items() if k not in ("out", "game")}
    cls = find_variant(args.game)
    start = cls.new()
    queue = deque([(start, 0)])
    seen = {start.fen()}
    book: dict[str, list[list[object]]] = {}
    began = time.perf_counter()
    while queue and len(book) < args.positions:
        game, ply = queue.popleft()
        if game.outcome() is not None or not game.legal_moves():
            continue
        moves = game.legal_moves()
        if len(moves) == 1:
            scored = [(moves[0], 0)]
        else:
            result = search(game, Limit(depth=args.depth, nodes=args.nodes), multipv=True,
                            multipv_margin=args.keep + 20)
            scored = sorted(result.root_scores, key=lambda item: -item[1])
        best = scored[0][1]
        if abs(best) > WON:
            continue  # a forced result: nothing to learn by heart
        kept = [(m, s) for m, s in scored if s >= best - args.keep][:6]
        book[game.fen()] = [[game.hub_text(m), int(s)] for m, s in kept]
        if ply < args.max_ply:
            if ply < args.all_plies:
                follow = [m for m in moves]
            else:
                follow = [m for m, s in kept if s >= best - args.expand][:args.width]
            for move in follow:
                child = game.copy()
                child.push(move)
                fen = child.fen()
                if fen not in seen:
                    seen.add(fen)
                    queue.append((child, ply + 1))
        if len(book) % 25 == 0:
            write(out, args.game, book, settings)
            print(f"{len(book)} positions, ply {ply}, {time.perf_counter() - began:.0f} s",
                  flush=True)
    write(out, args.game, book, settings)
    print(f"wrote {out}: {len(book)} positions ({out.stat().st_size} bytes) in "
          f"{time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
