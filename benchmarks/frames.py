"""Start-up time to the first drawn menu frame, and frame-time p50/p95 of every scene.

Run: python benchmarks/frames.py            (off-screen, 1280x800)
The start-up figure is a fresh interpreter, measured from just before it is launched until the
game reports its first menu frame drawn (imports, window, fonts, settings, sound included).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time


def first_frame_seconds(runs: int = 5) -> list[float]:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"))
    results = []
    for _ in range(runs):
        began = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "game", "--first-frame"], env=env,
                              capture_output=True, text=True, check=True)
        results.append(time.perf_counter() - began)
        assert "first frame" in done.stdout, done.stdout
    return results


def main() -> None:
    starts = first_frame_seconds()
    print(f"start to first menu frame: median {statistics.median(starts):.3f} s, "
          f"worst {max(starts):.3f} s over {len(starts)} runs")
    done = subprocess.run([sys.executable, "-m", "game", "--bench-frames", "--frames", "600"],
                          capture_output=True, text=True, check=True)
    print(done.stdout, end="")


if __name__ == "__main__":
    main()
