"""Whole games through the Hub engine (``python -m game.ai hub``) driven by a scripted Hub
client with clocks, as a draughts GUI drives it: the start position and the game's moves as
``moves=``, ``level time= inc=``, ``go think``, a ``ping`` or an early ``stop`` now and then,
``new-game`` between games. The client checks every ``done``, ``ponder`` and ``pv`` against
the rules, and before the games sends the list of malformed lines (each must get an error,
the engine staying alive).

    python benchmarks/hub_games.py                  # 20 games, 10 s + 0.1 s a side
    python benchmarks/hub_games.py --games 4 --clock 3 0.05

Games alternate: the engine against itself, and the engine against the client's random
moves (the engine's colour alternating); every third game starts from a position reached by
random moves. Prints a line per game and the tally.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import Color, find_variant  # noqa: E402
from tests.ai.hub_client import (  # noqa: E402
    MALFORMED,
    START,
    GameReport,
    HubClient,
    check_malformed,
    position_text,
)


def middle_game(rng: random.Random, plies: int = 16) -> str:
    """A position after ``plies`` random moves (one with moves left and no end yet)."""
    while True:
        game = find_variant("international").new()
        for _ in range(plies):
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
        if game.outcome() is None and game.legal_moves():
            return position_text(game)


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--clock", type=float, nargs=2, default=(10.0, 0.1),
                        metavar=("SECONDS", "INC"), help="each side's clock and increment")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    began = time.monotonic()
    client = HubClient()
    client.handshake()
    refused = check_malformed(client)
    print(f"malformed lines: {len(MALFORMED) - len(refused)}/{len(MALFORMED)} refused with "
          f"an error, engine alive: {client.alive()}")
    for line in refused:
        print("   not refused:", line)
    reports: list[tuple[str, GameReport, float]] = []
    for index in range(args.games):
        client.send("new-game")
        start = middle_game(rng) if index % 3 == 2 else START
        sides: tuple[Color, ...]
        if index % 2 == 0:
            kind, sides = "engine v engine", (Color.WHITE, Color.BLACK)
        else:
            engine = Color.WHITE if index % 4 == 1 else Color.BLACK
            kind, sides = f"engine ({engine.name.lower()}) v random", (engine,)
        kind += " from a middle game" if start != START else ""
        t0 = time.monotonic()
        report = client.play(start=start, rng=random.Random(rng.getrandbits(32)),
                             clock=(args.clock[0], args.clock[1]), engine_plays=sides)
        seconds = time.monotonic() - t0
        reports.append((kind, report, seconds))
        print(f"game {index + 1:2}: {kind:40} {report.result:>4} {report.plies:4} plies "
              f"{report.dones:4} done  illegal {len(report.illegal)}  missing {report.missing}"
              f"  flags {report.flags}  errors {len(report.errors)}  {seconds:5.1f} s",
              flush=True)
        for problem in report.illegal + report.inconsistent + report.errors:
            print("    ", problem)
    alive = client.alive()
    code = client.quit()
    traces = [line for line in client.stderr if "Traceback" in line]
    all_reports = [r for _, r, _ in reports]
    results = {key: sum(1 for r in all_reports if r.result == key)
               for key in ("2-0", "1-1", "0-2", "*")}
    print()
    print(f"games {len(all_reports)}: White won {results['2-0']}, drawn {results['1-1']}, "
          f"Black won {results['0-2']}, cut off at the ply limit {results['*']}")
    print(f"plies {sum(r.plies for r in all_reports)}, done answers "
          f"{sum(r.dones for r in all_reports)}, missing done "
          f"{sum(r.missing for r in all_reports)}, illegal moves/ponders/pv "
          f"{sum(len(r.illegal) for r in all_reports)}, done not the pv's first move "
          f"{sum(len(r.inconsistent) for r in all_reports)}")
    print(f"pings {sum(r.pings for r in all_reports)}, stops "
          f"{sum(r.stops for r in all_reports)}, error lines in play "
          f"{sum(len(r.errors) for r in all_reports)}, moves past the clock "
          f"{sum(r.flags for r in all_reports)} (worst by "
          f"{max((r.worst_over for r in all_reports), default=0.0):.3f} s)")
    print(f"malformed lines refused {len(MALFORMED) - len(refused)}/{len(MALFORMED)}; engine "
          f"alive at the end: {alive}; exit status {code}; tracebacks {len(traces)}; "
          f"{time.monotonic() - began:.0f} s in all")


if __name__ == "__main__":
    main()
