"""The longest frame while boards against the computer are opened and left at once: starting
and stopping the worker processes must never hold the window.

Run: python benchmarks/board_open_close.py [--times N] [--variant V]   (off-screen)
The menu is drawn first, as a player sees it. Each round opens a board with the computer on
one or both sides through its route, draws a few frames (the workers are starting), leaves
it for the menu within milliseconds, and draws again. Every frame is timed, by the clock and
by the CPU time of this process (on a machine shared with other work the clock also counts
the time the process waited for a core); the target is no frame over 100 ms.
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

from game.demos import open_scene  # noqa: E402
from game.play.board_play import BoardPlay  # noqa: E402
from game.play.players import make_seats  # noqa: E402
from game.tools import _offscreen_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=30)
    parser.add_argument("--variant", default="russian")
    args = parser.parse_args()
    app = _offscreen_app((1280, 800), "en")
    open_scene(app, "menu")
    app.frame(1 / 60)  # the menu, as the player saw it before choosing a game
    frames: list[float] = []
    cpu: list[float] = []

    def frame() -> None:
        began, began_cpu = time.perf_counter(), time.process_time()
        app.frame(1 / 60)
        frames.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)

    for i in range(args.times):
        play = BoardPlay(args.variant, seats=make_seats("watch" if i % 2 else "white", 8))
        app.routes.push("board", play=play)
        for _ in range(1 + i % 3):
            frame()
        board = app.scenes.top
        board.leave()  # type: ignore[union-attr]
        for _ in range(3):
            frame()
    print(f"{args.times} boards opened and left, {len(frames)} frames "
          f"(load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; target: under 100 ms)")
    for name, values in (("clock", frames), ("CPU", cpu)):
        values.sort()
        print(f"  {name:5s} p50 {statistics.median(values):6.1f} ms   "
              f"p95 {values[int(len(values) * 0.95)]:6.1f} ms   longest {values[-1]:6.1f} ms")


if __name__ == "__main__":
    main()
