"""Benchmark: frame times of the Chapaev scene during a full-strength break shot at 1280x800.

Run from the project root:

    python benchmarks/chapaev_frames.py [--shots 5] [--fps 60]

Off-screen (SDL dummy driver). Each timed frame is what the game's loop does for one displayed
frame at ``--fps``: input, the fixed updates that time holds (physics steps included: four
1/480 s steps per 1/120 s update), drawing and the flip. Timing runs from the shot's release
until every piece has come to rest and the fallen ones have dropped out of sight. Target: p95
under 8 ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def measure(shots: int, fps: float, size: tuple[int, int]) -> list[float]:
    from game.rules.core import Color
    from game.play.chapaev_play import ChapaevPlay
    from game.scenes.chapaev.phases import Phase
    from game.scenes.chapaev.scene import ChapaevScene
    from game.tools import _offscreen_app

    app = _offscreen_app(size, "ru")
    app.always_draw = True
    times: list[float] = []
    for _ in range(shots):
        scene = ChapaevScene(app, ChapaevPlay())
        app.start(scene)
        for _ in range(5):  # fill the caches, let the round banner go
            app.frame(1 / fps)
        scene.hide_banner()
        scene.shoot((Color.WHITE, 4), (0.0, 1.0), 1.0)
        while scene.stage.phase is Phase.SHOT or scene.flow.falls:
            began = time.perf_counter()
            app.frame(1 / fps)
            times.append((time.perf_counter() - began) * 1000)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=5)
    parser.add_argument("--fps", type=float, default=60.0)
    args = parser.parse_args(argv)
    times = sorted(measure(args.shots, args.fps, (1280, 800)))
    p50 = statistics.median(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"chapaev break shot at 1280x800, {args.fps:g} fps, {args.shots} shots, "
          f"{len(times)} frames: p50 {p50:.2f} ms  p95 {p95:.2f} ms  max {times[-1]:.2f} ms "
          f"(target p95 < 8 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
