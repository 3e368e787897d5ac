"""The search's speed on fixed middle-game positions: nodes per second at a fixed depth (the
same tree whatever runs it, so compiled and interpreted compare exactly) and the depth
reached in a fixed time.

    python benchmarks/search_speed.py                      # both games, fixed depth
    python benchmarks/search_speed.py --time 1.0           # also the depth reached in 1 s
    python benchmarks/search_speed.py --variant russian --depth 9
    python benchmarks/search_speed.py --results out.json   # every search's move, score, nodes
    python benchmarks/search_speed.py --same-as out.json   # ... and compare with a run before

The search is level 8's (the engine as it plays: the learned evaluation where the game uses
it, the endgame tables, the threat search; no opening book, a new transposition table each
position). The ten positions of each game were reached by level 5 playing itself (seeds 1 to
10, 30 s a move so that its 4 plies were always complete): 36 plies of International and 16
of Russian, or the first ply after those with no capture pending.

Nodes/s are per CPU second of this process (other programs sharing the processor slow it
less than the wall clock); run the compiled and the interpreted engine back to back.
``--same-as`` exits with status 1 if any search found another move, score or node count:
the compiled engine must give the interpreted one's answers.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Limit, search  # noqa: E402
from game.native import engine_line  # noqa: E402
from game.rules import find_variant  # noqa: E402

POSITIONS: dict[str, list[str]] = {
    "international": [
        "W:W27,34,36,37,38,39,41,42,45,46,47,48,49,50:B2,3,4,5,8,10,13,15,16,17,18,19,23,26",
        "W:W23,26,31,33,38,41,43,45,46,47,48,49,50:B2,4,5,6,8,10,11,12,15,16,17,20,24",
        "W:W23,27,29,31,33,36,38,41,43,46,47,48,49,50:B2,3,4,5,6,11,12,13,15,16,17,18,20,22",
        "W:W27,31,35,40,41,42,43,45,46,47,49,50:B1,2,3,4,6,8,10,12,13,16,21,29",
        "W:W6,30,33,34,35,37,39,43,46,47,48,49,50:B1,2,3,4,5,7,8,10,15,16,18,22,23",
        "W:W24,29,32,33,34,38,39,40,42,43,44,46,48,49,50:B1,2,3,4,6,7,10,13,14,15,17,18,20,22,23,25",
        "W:W29,31,33,34,35,36,38,41,45,46,47,48,49,50:B1,3,4,6,10,11,12,13,15,16,18,20,22,24",
        "W:W14,27,31,35,36,41,42,43,45,46,47,49,50:B1,2,3,4,5,6,10,12,15,16,17,24",
        "B:W20,27,31,33,35,36,39,41,43,44,45,46,49,50:B1,2,3,4,5,6,8,10,12,13,16,18,19",
        "W:W16,26,29,33,34,35,40,41,42,45,46,47,49,50:B1,2,3,4,5,6,7,8,10,15,20,22,24,36",
    ],
    "russian": [
        "W:Wa1,e1,g1,b2,d2,a3,c3,b4,h4:Ba5,e5,h6,a7,e7,b8,d8,f8,h8",
        "B:Wa1,c1,e1,g1,b2,h2,h4:Bd6,f6,a7,e7,g7,f8,h8",
        "B:Wa1,e1,b2,d2,h2,a3,h4,e5:Bc5,b6,c7,e7,g7,b8,d8,h8",
        "W:Wa1,c1,e1,g1,b2,a3,e3,h6:Bh2,d6,a7,e7,b8,d8,f8,h8",
        "B:Wa1,e1,g1,b2,a3,c3,e3,b4,f4:Bg5,b6,d6,h6,a7,b8,d8,f8,h8",
        "W:Wa1,c1,e1,g1,f2,h2,a3,c3:Bf4,h4,f6,a7,c7,e7,b8,d8,f8,h8",
        "B:Wa1,c1,e1,g1,f2,a3,b4:Bb6,h6,a7,g7,b8,d8,h8",
        "W:Wa1,c1,e1,b2,d2,f2,h2,c3:Bf4,c5,a7,c7,g7,b8,d8,h8",
        "W:Wa1,c1,e1,b2,h2,a3,e3,f4,h4:Bc5,d6,f6,h6,e7,b8,d8,f8,h8",
        "W:Wa1,c1,g1,b2,f2,h2,g3,a5,h6:Bf4,e5,b6,f6,a7,c7,e7,b8,f8,h8",
    ],
}
DEPTHS = {"international": 9, "russian": 12}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(POSITIONS), action="append",
                        help="only this game (may be given twice)")
    parser.add_argument("--depth", type=int, help="plies (default: 9 International, 12 Russian)")
    parser.add_argument("--positions", type=int, default=10, help="the first N of each game")
    parser.add_argument("--time", type=float, help="also the depth reached in this many s")
    parser.add_argument("--results", help="write every search's move, score and nodes here")
    parser.add_argument("--same-as", help="compare with the results a run before wrote")
    args = parser.parse_args()
    print(engine_line(), flush=True)
    results: dict[str, list[list[object]]] = {}
    for variant in args.variant or sorted(POSITIONS):
        cls = find_variant(variant)
        depth = args.depth or DEPTHS[variant]
        nodes = 0
        cpu = 0.0
        reached: list[int] = []
        timed_nodes = 0
        timed_cpu = 0.0
        rows = results.setdefault(variant, [])
        for number, fen in enumerate(POSITIONS[variant][:args.positions], 1):
            game = cls.from_fen(fen)
            began = time.process_time()
            result = search(game, Limit(depth=depth))
            spent = time.process_time() - began
            nodes += result.nodes
            cpu += spent
            line = (f"{variant:<13} {number:>2}  depth {depth}: {game.move_text(result.move):<8} "
                    f"{result.score:>6} {result.nodes:>9,} nodes {spent:7.2f} s "
                    f"{result.nodes / max(spent, 1e-9):>9,.0f}/s")
            rows.append([fen, depth, game.move_text(result.move), result.score, result.nodes])
            if args.time:
                began = time.process_time()
                timed = search(game, Limit(time=args.time))
                timed_cpu += time.process_time() - began
                timed_nodes += timed.nodes
                reached.append(timed.depth)
                line += f"  | {args.time:g} s: depth {timed.depth}"
            print(line, flush=True)
        print(f"{variant:<13} all depth {depth}: {nodes:,} nodes in {cpu:.2f} CPU s, "
              f"{nodes / max(cpu, 1e-9):,.0f} nodes/s", flush=True)
        if reached:
            print(f"{variant:<13} all {args.time:g} s: depth {min(reached)}-{max(reached)}, "
                  f"mean {sum(reached) / len(reached):.2f}; "
                  f"{timed_nodes / max(timed_cpu, 1e-9):,.0f} nodes/s", flush=True)
    if args.results:
        Path(args.results).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if args.same_as:
        before = json.loads(Path(args.same_as).read_text(encoding="utf-8"))
        differ = [(variant, now, then) for variant, rows in results.items()
                  for now, then in zip(rows, before.get(variant, [])) if now != then]
        for variant, now, then in differ:
            print(f"DIFFERENT {variant}: {now} here, {then} in {args.same_as}")
        print("same answers as " + args.same_as if not differ else
              f"{len(differ)} searches differ from {args.same_as}")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
