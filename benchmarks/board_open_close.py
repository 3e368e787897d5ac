"""The longest frame while boards against the computer are opened and left at once: starting
and stopping the worker processes must never hold the window.

Run: python benchmarks/board_open_close.py [--times N] [--variant V]   (off-screen)
Each round opens a board with the computer on both sides through the setup screen's route,
draws a few frames (the workers are starting), leaves it for the menu within milliseconds,
and draws again. Every frame is timed; the target is no frame over 100 ms.
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
    frames: list[float] = []

    def frame() -> None:
        began = time.perf_counter()
        app.frame(1 / 60)
        frames.append((time.perf_counter() - began) * 1000)

    for i in range(args.times):
        play = BoardPlay(args.variant, seats=make_seats("watch" if i % 2 else "white", 8))
        app.routes.push("board", play=play)
        for _ in range(1 + i % 3):
            frame()
        board = app.scenes.top
        board.leave()  # type: ignore[union-attr]
        for _ in range(3):
            frame()
    frames.sort()
    print(f"{args.times} boards opened and left: {len(frames)} frames, "
          f"p50 {statistics.median(frames):.1f} ms, p95 {frames[int(len(frames) * 0.95)]:.1f} ms,"
          f" longest {frames[-1]:.1f} ms (target: under 100 ms)")


if __name__ == "__main__":
    main()
