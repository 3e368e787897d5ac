"""Level 8 on two processes against level 8 on one, at equal time a move (issue 51, item 3:
"at least +50 Elo at equal time, >= 200 games at a short time"):

    python benchmarks/smp_match.py --games 200 --time 0.1 --variant international
    SHASHKI_NATIVE_DIR=build/native python benchmarks/smp_match.py   # the compiled engine

Both players are the game's level 8 (book, tables, threat search) from the start position,
colours alternating, each with a table of its own kept through a game as the worker keeps
one (``--megabytes``; the many-process player's is shared with its helpers). The games are
played one after another, never two at once: the helpers need the cores the one-process
player leaves idle. The load average is printed with the score, as other programs' work
takes cores from the helpers; ``--log`` keeps every game's result as it is played, so a match
stopped early still tells what it had.

    python benchmarks/smp_match.py --processes 1 --a-time-factor 2   # doubling the time

measures the most a second core could give at that time: player A on one process with twice
the time (two such games are played at once, one a core).

    python benchmarks/smp_match.py --a-share 0.9   # A begins iterations later than B

gives player A another share of its time after which no iteration is begun
(:data:`game.ai.search.NEXT_ITERATION` for B): with a helper a ply ahead, an iteration the
main search begins late may end sooner, and a helper's deeper answer may be played.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import choose_move  # noqa: E402
from game.ai.match import (EXTRA_PLAYERS, Player, Score, run_match, table,  # noqa: E402
                           time_share)
from game.ai.table import TranspositionTable, can_share, table_megabytes  # noqa: E402
from game.rules import find_variant  # noqa: E402

search_module: Any = importlib.import_module("game.ai.search")


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def engine(processes: int, megabytes: int, factor: float = 1.0,
           share: float = search_module.NEXT_ITERATION) -> Any:
    """A player factory (called once a game): level 8 on ``processes`` processes, with a
    table of its own for the game, thinking ``factor`` times the match's time, and beginning
    no new iteration after ``share`` of it (set before each move: the players share a
    process)."""
    def make(seconds: float | None) -> Player:
        tt = TranspositionTable(table_megabytes(megabytes), shared=processes > 1)
        mine = None if seconds is None else seconds * factor

        def play(game: Any, rng: Any) -> Any:
            search_module.TUNING.next_iteration = share
            return choose_move(game, 8, rng, time=mine, tt=tt, processes=processes)
        return play
    return make


def main() -> None:
    from game.native import engine_line

    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=float, default=0.1, help="seconds a move, both sides")
    parser.add_argument("--processes", type=int, default=2, help="player A's processes")
    parser.add_argument("--megabytes", type=int, default=64, help="each player's memory")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None, help="append each result here")
    parser.add_argument("--a-time-factor", type=float, default=1.0,
                        help="player A thinks this many times the time (with --processes 1 "
                             "and 2: what doubling the time is worth, the most a second core "
                             "could give)")
    parser.add_argument("--a-share", type=time_share, default=search_module.NEXT_ITERATION,
                        help="player A begins no new iteration after this share of its time "
                             "(player B: the game's own)")
    args = parser.parse_args()
    find_variant(args.variant)
    if args.processes < 1 or (args.processes > 1 and not can_share()):
        raise SystemExit("--processes is 1 or more, more than 1 on a system that can fork")
    if not 0.1 <= args.a_time_factor <= 100:
        raise SystemExit("--a-time-factor is 0.1 to 100")
    name = f"P{args.processes}" + (f"x{args.a_time_factor:g}" if args.a_time_factor != 1 else "")
    if args.a_share != search_module.NEXT_ITERATION:
        name += f"s{args.a_share:g}"
    EXTRA_PLAYERS[name] = engine(args.processes, args.megabytes, args.a_time_factor,
                                 args.a_share)
    EXTRA_PLAYERS["P1"] = engine(1, args.megabytes)
    head = (f"{engine_line()}; {args.variant}, {name} vs P1, {args.games} games, "
            f"{args.time} s a move, cores {os.cpu_count()}, load average {load()}")
    print(head, flush=True)
    if args.log is not None:
        with args.log.open("a", encoding="utf-8") as log:
            log.write(head + "\n")
    began = time.perf_counter()

    def report(done: int, score: Score) -> None:
        if args.log is not None:
            with args.log.open("a", encoding="utf-8") as log:
                log.write(score.games[-1])
                if done % 20 == 0:
                    log.write(f" {done} load {load()}\n")
        if done % 20 == 0 or done == args.games:
            elo, err = score.elo()
            print(f"{done} games: {name} {score.wins} wins, {score.draws} draws, "
                  f"{score.losses} losses, Elo {elo:+.0f} +/- {err:.0f} "
                  f"({time.perf_counter() - began:.0f} s, load average {load()})", flush=True)

    # one process a side: two games at once, one a core; helpers need the other core
    score = run_match(args.variant, name, "P1", args.games, time=args.time, seed=args.seed,
                      jobs=2 if args.processes == 1 else 1, report=report)
    print(f"== {head}")
    print(table(name, "P1", score))


if __name__ == "__main__":
    main()
