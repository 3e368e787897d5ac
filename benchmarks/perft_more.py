"""Perft of the draughts games added from the same box, against published counts.

Run from the repository root:

    python benchmarks/perft_more.py          # English perft(9), Brazilian perft(8)
    python benchmarks/perft_more.py --deep   # English perft(10..11), Brazilian perft(9)

Sources (starting position):
- English: Aart Bik, "perft for 8x8 checkers", talkchess.com forum, 8 May 2009
  (http://www.talkchess.com/forum3/viewtopic.php?t=27814): 7, 49, 302, 1469, 7361, 36768,
  179740, 845931, 3963680, 18391564, 85242128, 388623673 ...
- Brazilian: Rein Halbersma, "Perft for all recognized draughts variants", damforum.nl,
  27 April 2010 (https://damforum.nl/bb3/viewtopic.php?p=79882), first derived on the Russian
  shashki.com forum: 7, 49, 302, 1469, 7473, 37628, 187302 ... Deeper figures from that post
  were not at hand; depths past 7 print the count with no published figure to compare.
The giveaway games generate exactly the moves of their ordinary games (only the winner of a
finished game differs), so their perft is Russian's and International's (benchmarks/perft.py).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.brazilian import Brazilian  # noqa: E402
from game.rules.english import English  # noqa: E402

# (variant, depth, published count or None)
CASES = [
    (English, 9, 3_963_680),
    (Brazilian, 8, None),
]
DEEP = [
    (English, 10, 18_391_564),
    (English, 11, 85_242_128),
    (Brazilian, 9, None),
]


def main() -> int:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deep", action="store_true", help="run the deeper cases too")
    args = parser.parse_args()
    ok = True
    for cls, depth, expected in CASES + (DEEP if args.deep else []):
        began = time.perf_counter()
        count = cls.new().perft(depth)
        seconds = time.perf_counter() - began
        if expected is None:
            verdict = "(no published figure)"
        else:
            verdict = "ok" if count == expected else f"WRONG (published {expected:,})"
            ok &= count == expected
        print(f"{cls.name:10} start perft({depth:2}) = {count:>12,}  {verdict:22}  "
              f"{seconds:7.2f} s  {count / seconds:>11,.0f} leaves/s", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
