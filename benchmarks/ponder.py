"""What the computer's worker costs while a person thinks: CPU time and memory, with thinking
on the person's time off and on, for each memory setting.

    python benchmarks/ponder.py [--variant international] [--think 15] [--turns 2]
                                [--memory 64,256,1024] [--move-time 2.0]

A level-8 game runs in a BoardPlay with no window, as the board screen runs it: a person's
seat (White) that "thinks" ``--think`` seconds each turn (the play object is updated every
10 ms meanwhile, as the window does) and then plays a quick move of its own, against the
computer at level 8 (Black, ``--move-time`` seconds a move). The worker process's CPU time
and resident memory are read from /proc/<pid>/stat and /proc/<pid>/status (Linux) every
quarter of a second, and its peak from the kernel's high-water mark (VmHWM).

The worker's fixed base is the resident memory of a new worker after its first answer in the
game (the interpreter, the modules, the game's evaluation and opening book read): what it
takes whatever the memory setting. The search's memory on top of it (its transposition
table and the evaluation's caches) is what the setting caps: "within" says whether the peak
stayed under base + setting. Endgame tables, read when a game first comes down to a few
pieces, add their size (``benchmarks/engine_data.py``) to the base.

By default five runs of 2 turns of 15 s (some 3 minutes): off; on, turned off halfway
through each of the person's turns as the Settings screen would (the CPU counted after that);
on at 64, 256 and 1024 MB. First it measures what an entry costs: the table's (16 bytes by construction,
here in resident memory) and an evaluation cache's (a dict of ints).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.levels import choose_move  # noqa: E402
from game.ai.table import CACHE_ENTRY_BYTES, ENTRY_BYTES, TranspositionTable  # noqa: E402
from game.play.board_play import BoardPlay  # noqa: E402
from game.play.computer import ComputerPlayer  # noqa: E402
from game.play.seats import EngineBudget, Person  # noqa: E402
from game.rules.core import Color  # noqa: E402

MB = 1 << 20
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _status(pid: int, field: str) -> int:
    """A memory line of /proc/<pid>/status, in bytes (0 if the process is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def rss(pid: int) -> int:
    return _status(pid, "VmRSS")


def peak_rss(pid: int) -> int:
    return _status(pid, "VmHWM")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def own_rss() -> int:
    return rss(os.getpid())


def entry_costs() -> tuple[float, float]:
    """Bytes an entry of the transposition table takes in resident memory (filled whole), and
    the most an entry of an evaluation cache takes (a dict of int keys, int or float values)."""
    table = TranspositionTable(64)
    before = own_rss()
    rng = random.Random(1)
    buckets = table.capacity // 2
    for bucket in range(buckets):  # two keys a bucket: every entry written once
        for _ in range(2):
            table.store(bucket + buckets * rng.getrandbits(40), 5, 0, 17, 3)
    table_cost = (own_rss() - before) / table.capacity
    del table
    cache_cost = 0.0
    for size in (100_000, 150_000, 200_000):  # the dict's own table grows by steps
        tracemalloc.start()
        scores: dict[int, int] = {}
        for _ in range(size):  # a board's cache: a position's key, its score
            scores[rng.getrandbits(64)] = rng.randint(-3000, 3000)
        cache_cost = max(cache_cost, tracemalloc.get_traced_memory()[0] / size)
        tracemalloc.stop()
        del scores
        tracemalloc.start()
        memo: dict[int, float] = {}
        for _ in range(size):  # a learned evaluation's band: its pieces, its value
            memo[rng.getrandbits(110)] = rng.random()
        cache_cost = max(cache_cost, tracemalloc.get_traced_memory()[0] / size)
        tracemalloc.stop()
        del memo
    return table_cost, cache_cost


@dataclass
class Run:
    ponder: bool
    memory_mb: int
    #: pondering is turned off halfway through each of the person's turns (the settings
    #: screen's switch): the CPU counted is the worker's after that
    off_halfway: bool = False
    base: int = 0  # the worker's resident memory after its first answer
    peak: int = 0
    thinking_cpu: float = 0.0  # the worker's CPU seconds while the person thought
    thinking_wall: float = 0.0
    moves: int = 0


def play_run(run: Run, variant: str, think: float, turns: int, move_time: float,
             seed: int) -> None:
    computer = ComputerPlayer(8, min_delay=0.0, move_time=move_time)
    play = BoardPlay(variant, seats={Color.WHITE: Person(), Color.BLACK: computer})
    play.use_engine(EngineBudget(ponder=run.ponder, memory_mb=run.memory_mb))
    rng = random.Random(seed)
    thinker = computer.thinker
    try:
        # the base: a new worker's first answer in this game (its modules and data read)
        thinker.start(variant, play.game.options, None, [], level=8, time=0.05)
        while thinker.poll() is None:
            time.sleep(0.01)
        pid = thinker.pid
        assert pid is not None
        time.sleep(0.2)
        run.base = rss(pid)
        for _ in range(turns):
            if play.outcome() is not None:
                break
            # the person thinks: the play object is updated as the window would
            began, cpu = time.monotonic(), cpu_seconds(pid)
            next_sample, length = began, think
            if run.off_halfway:
                play.use_engine(EngineBudget(ponder=True, memory_mb=run.memory_mb))
            while time.monotonic() - began < length:
                if run.off_halfway and play.engine.ponder \
                        and time.monotonic() - began >= think / 2:
                    play.use_engine(EngineBudget(ponder=False, memory_mb=run.memory_mb))
                    began, cpu = time.monotonic(), cpu_seconds(pid)  # counted from here
                    length = think / 2
                play.update()
                if time.monotonic() >= next_sample:
                    run.peak = max(run.peak, rss(pid))
                    next_sample += 0.25
                time.sleep(0.01)
            run.thinking_cpu += cpu_seconds(pid) - cpu
            run.thinking_wall += time.monotonic() - began
            play.play(choose_move(play.game, 4, rng, time=0.05))
            plies = play.ply
            deadline = time.monotonic() + 10 * move_time + 30
            while play.ply == plies and play.outcome() is None:
                assert time.monotonic() < deadline, "the computer did not answer"
                play.update()
                run.peak = max(run.peak, rss(pid))
                time.sleep(0.01)
            run.moves += 1
        run.peak = max(run.peak, peak_rss(pid))
    finally:
        play.close()


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--think", type=float, default=15.0,
                        help="seconds the person thinks each turn")
    parser.add_argument("--turns", type=int, default=2, help="the person's turns a run")
    parser.add_argument("--memory", default="64,256,1024",
                        help="memory settings (MB) to ponder with, comma-separated")
    parser.add_argument("--move-time", type=float, default=2.0,
                        help="seconds the computer thinks a move (the window's 2 s)")
    parser.add_argument("--no-off", action="store_true",
                        help="skip the runs without pondering and turned off halfway")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not Path("/proc/self/status").exists():
        sys.exit("this benchmark reads the worker's CPU and memory from /proc (Linux)")
    try:
        memories = [int(m) for m in args.memory.split(",") if m]
    except ValueError:
        sys.exit("--memory takes megabytes separated by commas, e.g. 64,256,1024")
    if args.think <= 0 or args.turns < 1 or args.move_time <= 0 or not memories \
            or min(memories) <= 0:
        sys.exit("--think, --turns, --move-time and every --memory must be positive")
    table_cost, cache_cost = entry_costs()
    print(f"an entry costs: the transposition table {table_cost:.1f} bytes resident "
          f"({ENTRY_BYTES} by construction), an evaluation cache's (a dict) up to "
          f"{cache_cost:.0f} (counted as {CACHE_ENTRY_BYTES})")
    runs = ([] if args.no_off else [Run(False, 256), Run(True, 256, off_halfway=True)]) \
        + [Run(True, m) for m in memories]
    print(f"{args.variant}, level 8 ({args.move_time:g} s a move) against a person who "
          f"thinks {args.think:g} s a turn, {args.turns} turns a run")
    print(f"{'pondering':>9} {'setting':>8} {'CPU while the person thinks':>28} "
          f"{'base':>7} {'peak':>7} {'peak-base':>9}  within")
    for run in runs:
        play_run(run, args.variant, args.think, args.turns, args.move_time, args.seed)
        extra = run.peak - run.base
        share = run.thinking_cpu / run.thinking_wall if run.thinking_wall else 0.0
        print(f"{'on, off' if run.off_halfway else 'on' if run.ponder else 'off':>9} "
              f"{run.memory_mb:>5} MB "
              f"{run.thinking_cpu:>8.1f} s of {run.thinking_wall:4.0f} s ({share:4.0%})  "
              f"{run.base / MB:>4.0f} MB {run.peak / MB:>4.0f} MB {extra / MB:>6.0f} MB  "
              f"{'yes' if extra <= run.memory_mb * MB else 'NO'}", flush=True)


if __name__ == "__main__":
    main()
