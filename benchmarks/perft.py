"""Perft speed of the draughts engine (pure Python, bulk counting at the last ply).

Run from the repository root:

    python benchmarks/perft.py            # International perft(7), Russian perft(8)
    python benchmarks/perft.py --deep     # also International perft(8), Russian perft(9..10)
                                          # and the deeper published positions
    python benchmarks/perft.py --only international:8 --only russian:9   # just those

Prints the count, whether it matches the published figure, the time and leaves per second.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.international import International  # noqa: E402
from game.rules.russian import Russian  # noqa: E402

# (variant, label, fen or None for the start, depth, published count)
CASES = [
    (International, "start", None, 7, 1_049_442),
    (Russian, "start", None, 8, 929_899),
]
DEEP = [
    (International, "start", None, 8, 6_483_961),
    (Russian, "start", None, 9, 4_570_586),
    (Russian, "start", None, 10, 22_444_032),
    (International, "kings+men",
     "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 7, 9_041_010),
    (International, "men", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
     11, 377_436),
    (International, "all kings", "W:WK31-50:BK1-20", 7, 217_575),
    (International, "promotion", "W:W6,7,8,9,10:B41,42,43,44,45", 6, 936_311),
]


def main() -> int:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deep", action="store_true", help="run the deeper cases too")
    parser.add_argument("--only", action="append", metavar="VARIANT:DEPTH",
                        help="only this case from the start (may be given again)")
    args = parser.parse_args()
    ok = True
    cases = CASES + (DEEP if args.deep or args.only else [])
    if args.only:
        wanted = {tuple(item.split(":")) for item in args.only}
        cases = [case for case in cases
                 if case[1] == "start" and (case[0].name, str(case[3])) in wanted]
    for cls, label, fen, depth, expected in cases:
        game = cls.from_fen(fen) if fen else cls.new()
        began = time.perf_counter()
        count = game.perft(depth)
        seconds = time.perf_counter() - began
        good = count == expected
        ok &= good
        print(f"{cls.name:13} {label:10} perft({depth:2}) = {count:>11,}  "
              f"{'ok' if good else f'WRONG (published {expected:,})':8}  {seconds:7.2f} s  "
              f"{count / seconds:>11,.0f} leaves/s", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
