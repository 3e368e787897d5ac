"""Frame time of each board scene at 1280x800 while pieces glide and captured pieces fade.

Run: python benchmarks/board_frames.py [--frames N]     (off-screen)
Each board plays a capture or a quiet move with its animation, every frame is timed (input,
fixed steps, drawing, flip) until the animation ends, the move is taken back, and again, until
N animated frames are measured. The target is p95 under 8 ms.
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

from game.demos import SCENES, open_scene  # noqa: E402
from game.scenes.board.scene import BoardScene  # noqa: E402
from game.tools import _offscreen_app  # noqa: E402

#: the mid-game boards; each times its longest capture if it has one, else a quiet move
CASES = ("board-russian", "board-international", "board-apokachi")


def measure(name: str, frames: int) -> list[float]:
    app = _offscreen_app((1280, 800), "ru")
    open_scene(app, name)
    board = app.scenes.top
    assert isinstance(board, BoardScene)
    for _ in range(5):
        app.frame(1 / 60)  # fill the caches
    times: list[float] = []
    while len(times) < frames:
        board.state.hand.put_down()
        moves = board.state.legal
        move = max(moves, key=lambda m: (len(m.captured), len(m.path)))
        board.input.enter(move)
        while board.glides.glide is not None and len(times) < frames:
            began = time.perf_counter()
            app.frame(1 / 60)
            times.append((time.perf_counter() - began) * 1000)
        board.finish_glide(check_end=False)
        board.commands.undo()
        app.frame(1 / 60)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    print(f"board frame times during piece animation, 1280x800, {args.frames} frames each")
    for name in CASES:
        assert name in SCENES
        times = sorted(measure(name, args.frames))
        p50 = statistics.median(times)
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(f"{name:22s} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   max {times[-1]:6.2f} ms")


if __name__ == "__main__":
    main()
