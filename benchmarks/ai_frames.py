"""Frame time while the computer thinks: the window must not feel it.

Run: python benchmarks/ai_frames.py [--seconds S] [--level L] [--size WxH]   (off-screen)
A board scene of the computer against itself (every move searched in the worker process) runs
its real frame loop at 60 frames a second; every frame is timed (input, fixed steps, polling
the worker, drawing). Frames in which a search was running are reported apart from the rest.
The target is p95 under 8 ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.play.board_play import BoardPlay  # noqa: E402
from game.demos import open_scene  # noqa: E402
from game.scenes.board.scene import BoardScene  # noqa: E402
from game.play.players import make_seats  # noqa: E402
from game.tools import _offscreen_app  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    from game.native import engine_line

    print(engine_line(), flush=True)  # compiled or interpreted: what these figures are of
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--level", type=int, default=8)
    parser.add_argument("--variant", default="international")
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    app = _offscreen_app((width, height), "ru")
    open_scene(app, "menu")
    seats = make_seats("watch", args.level)  # as the setup screen seats them: one worker
    play = BoardPlay(args.variant, seats=seats)
    frame = 1 / 60
    board = BoardScene(app, play)
    app.scenes.push(board)
    for _ in range(3):
        app.frame(frame)  # the first frames build the board's textures: not timed
    thinking: list[float] = []
    other: list[float] = []
    cpu: list[float] = []  # the main thread's own time: a preempted frame is not a slow one
    end = time.monotonic() + args.seconds
    try:
        while time.monotonic() < end and play.outcome() is None:
            began, began_cpu = time.perf_counter(), time.thread_time()
            app.frame(frame)
            spent = time.perf_counter() - began
            cpu.append((time.thread_time() - began_cpu) * 1000)
            (thinking if board.thinking() is not None else other).append(spent * 1000)
            time.sleep(max(0.0, frame - spent))
    finally:
        board.close()
    print(f"{args.variant}, level {args.level} against itself, {args.size}, "
          f"{args.seconds:g} s: {play.ply} moves played")
    for name, times in (("while thinking", thinking), ("otherwise", other),
                        ("main thread CPU", cpu)):
        if times:
            print(f"{name:15s} {len(times):5d} frames  p50 {statistics.median(times):6.2f} ms"
                  f"  p95 {percentile(times, 0.95):6.2f} ms  max {max(times):6.2f} ms")


if __name__ == "__main__":
    main()
