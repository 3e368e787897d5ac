"""Headless games against the computer whose worker process is killed at random moments
(while it starts, while it searches, while it waits): every game must go on to its end.
Also times starting and closing a worker, which must never hold the caller (the window)
for long.

    python benchmarks/dead_worker.py                # 20 games
    python benchmarks/dead_worker.py --games 4 --kill-every 0.5

Each game is a ``BoardPlay`` with the computer (a level from 3 to 8, ``--move-time`` seconds
a move) against random moves, in a variant taken in turn. A killer sends SIGKILL to the
computer's worker at random moments, on average every ``--kill-every`` seconds of play.
Prints a line per game and the tally: games ended, kills, what the seat said (a new worker /
a move found here), how soon a death was noticed, the longest wait for a move.
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.worker import Thinker, retired_workers  # noqa: E402
from game.play.board_play import BoardPlay  # noqa: E402
from game.play.computer import ComputerPlayer  # noqa: E402
from game.play.events import MovePlayed, SeatNotice  # noqa: E402
from game.play.seats import RandomPlayer  # noqa: E402
from game.rules.core import Color  # noqa: E402

VARIANTS = ["russian", "international", "english", "brazilian", "russian_giveaway",
            "apokachi"]
#: a game that has not moved for this long is stuck (counted, and given up)
STUCK = 60.0


def start_and_close(rounds: int) -> tuple[list[float], list[float]]:
    """Seconds spent in ``warm_up`` and in ``close`` (a worker closed as it starts, and one
    closed in the middle of a search)."""
    starts, closes = [], []
    for i in range(rounds):
        thinker = Thinker()
        began = time.perf_counter()
        thinker.warm_up()
        starts.append(time.perf_counter() - began)
        if i % 2:
            thinker.start("russian", {}, None, [], time=30.0)
            time.sleep(0.3)
        began = time.perf_counter()
        thinker.close()
        closes.append(time.perf_counter() - began)
    return starts, closes


def play_one(index: int, rng: random.Random, move_time: float, kill_every: float
             ) -> dict[str, float | int | str | bool]:
    variant = VARIANTS[index % len(VARIANTS)]
    level = 3 + index % 6
    computer = Color.WHITE if index % 2 == 0 else Color.BLACK
    seat = ComputerPlayer(level, min_delay=0.0, move_time=move_time)
    play = BoardPlay(variant, seats={computer: seat,
                                     computer.other: RandomPlayer(random.Random(index))})
    kills = noticed = restarted = fallback = 0
    latencies: list[float] = []
    killed_at: float | None = None
    waits: list[float] = []
    asked: float | None = None
    last_move = time.monotonic()
    stuck = False
    next_kill = time.monotonic() + rng.expovariate(1 / kill_every)
    try:
        seat.prepare()
        while not play.is_over:
            now = time.monotonic()
            if now >= next_kill:
                pid = seat.thinker.pid
                if pid is not None:
                    try:
                        os.kill(pid, signal.SIGKILL)
                        kills += 1
                        if seat.thinking and killed_at is None:
                            killed_at = now
                    except ProcessLookupError:
                        pass
                next_kill = now + rng.expovariate(1 / kill_every)
            if seat.thinking and asked is None:
                asked = now
            play.update()
            for event in play.events():
                if isinstance(event, SeatNotice):
                    noticed += 1
                    if event.notice.key == "board.worker.fallback":
                        fallback += 1
                    else:
                        restarted += 1
                    if killed_at is not None:
                        latencies.append(time.monotonic() - killed_at)
                        killed_at = None
                elif isinstance(event, MovePlayed):
                    last_move = time.monotonic()
                    if asked is not None and not event.by_person:
                        waits.append(last_move - asked)
                    asked = None
                    killed_at = None
            if time.monotonic() - last_move > STUCK:
                stuck = True
                break
            time.sleep(0.002)
    finally:
        workers = seat.thinker.started
        began = time.perf_counter()
        play.close()
        closing = time.perf_counter() - began
    outcome = play.outcome()
    return {"variant": variant, "level": level, "ended": outcome is not None and not stuck,
            "result": outcome.result() if outcome is not None else "*", "plies": play.ply,
            "kills": kills, "noticed": noticed, "restarted": restarted, "fallback": fallback,
            "latency": max(latencies, default=0.0), "wait": max(waits, default=0.0),
            "workers": workers,
            "closing": closing}


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--move-time", type=float, default=0.3)
    parser.add_argument("--kill-every", type=float, default=1.5,
                        help="mean seconds between kills")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    began = time.monotonic()
    starts, closes = start_and_close(10)
    print(f"start a worker: median {statistics.median(starts) * 1000:.1f} ms, "
          f"worst {max(starts) * 1000:.1f} ms; close one: median "
          f"{statistics.median(closes) * 1000:.2f} ms, worst {max(closes) * 1000:.1f} ms")
    rows = []
    for index in range(args.games):
        row = play_one(index, rng, args.move_time, args.kill_every)
        rows.append(row)
        print(f"game {index + 1:2}: {row['variant']:16} level {row['level']}  "
              f"{'ended ' + str(row['result']) if row['ended'] else 'STUCK':10} "
              f"{row['plies']:4} plies  kills {row['kills']:3}  new worker "
              f"{row['restarted']:2}  move here {row['fallback']:2}  noticed within "
              f"{float(row['latency']):.3f} s  longest wait {float(row['wait']):.1f} s  "
              f"workers {row['workers']}", flush=True)
    end = time.monotonic() + 15
    while retired_workers() and time.monotonic() < end:
        time.sleep(0.1)
    print()
    ended = sum(1 for r in rows if r["ended"])
    print(f"games ended {ended}/{len(rows)}; kills {sum(int(r['kills']) for r in rows)}, "
          f"a new worker took over {sum(int(r['restarted']) for r in rows)} times, a move was "
          f"found here {sum(int(r['fallback']) for r in rows)} times")
    print(f"a death mid-move noticed within {max(float(r['latency']) for r in rows):.3f} s at "
          f"worst; the longest wait for a move {max(float(r['wait']) for r in rows):.1f} s; "
          f"closing a game took {max(float(r['closing']) for r in rows) * 1000:.1f} ms at "
          f"worst; workers still finishing at the end: {retired_workers()}; "
          f"{time.monotonic() - began:.0f} s in all")


if __name__ == "__main__":
    main()
