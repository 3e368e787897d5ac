"""The engine's data files: their sizes, and what reading them costs the first search.

    python benchmarks/engine_data.py

For each game: the learned weights, the opening book and the endgame table (bytes on disk,
seconds to read), and the first probe of a four-piece ending (unpacking one class). None of
this happens when the game starts: a search reads a file the first time it needs it.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import book, endgame, eval_learned  # noqa: E402
from game.ai.data import data_file  # noqa: E402
from game.rules import find_variant  # noqa: E402

GAMES = ["international", "russian", "english", "brazilian", "russian_giveaway",
         "international_giveaway"]
ENDINGS = {"international": "W:WK46,K50,K5:BK23", "russian": "W:WKa1,Kc1,Kh2:BKd6",
           "english": "W:WK14,K15:BK27", "brazilian": "W:WKa1,Kc1,Kh2:BKd6"}


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    total = 0
    print(f"{'game':<24} {'weights':>9} {'book':>9} {'positions':>9} {'table':>10} "
          f"{'read s':>7} {'1st probe s':>11}")
    for name in GAMES:
        tables = find_variant(name)._tables
        sizes = []
        for folder, suffix in (("eval", ".json"), ("book", ".json"), ("endgame", ".egtb")):
            item = data_file(folder, name + suffix)
            size = len(item.read_bytes()) if item is not None else 0
            sizes.append(size)
            total += size
        began = time.perf_counter()
        eval_learned.learned_eval(name, tables)
        opening = book.book_for(name)
        table = endgame.table_for(name, tables)
        read = time.perf_counter() - began
        probe = float("nan")
        if table is not None and name in ENDINGS:
            game = find_variant(name).from_fen(ENDINGS[name])
            wm, wk, bm, bk = game.bitboards()
            began = time.perf_counter()
            table.probe(wm, wk, bm, bk, True)
            probe = time.perf_counter() - began
        print(f"{name:<24} {sizes[0]:>9,} {sizes[1]:>9,} {len(opening) if opening else 0:>9} "
              f"{sizes[2]:>10,} {read:>7.3f} {probe:>11.3f}")
    print(f"all data files: {total:,} bytes")


if __name__ == "__main__":
    main()
