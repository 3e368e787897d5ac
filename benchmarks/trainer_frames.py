"""Frame time of the trainer at 1280x800 while it shows moves and while the engine looks for
a refutation in its worker process.

Run: python benchmarks/trainer_frames.py [--frames N] [--size 1280x800]     (off-screen)
Puzzles one after another (the available collections, else the tests' fixtures): a wrong
move first (its refutation searched in the worker, played out, taken back), then the
solution by the person's right moves with the defence's replies. Every frame is timed
(input, fixed steps, drawing), paced at 60 a second as the window does, while something
moves or is searched, until N frames are measured for each game; the figures are given for
all frames and apart for those while the worker searches (it takes a core) and those while
moves are shown. The target is p95 under 8 ms.
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

from game.puzzles.collection import FOLDER_ENV, available  # noqa: E402
from game.scenes.trainer.scene import TrainerScene  # noqa: E402
from game.tools import _offscreen_app  # noqa: E402

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "puzzles" / "fixtures"


def _timed(app: object, scene: TrainerScene, times: dict[str, list[float]],
           frames: int) -> None:
    """Frames at 60 a second, as the window paces them, until nothing is shown or searched;
    each timed, apart by what the screen was doing (searching or showing moves)."""
    while scene.busy and sum(map(len, times.values())) < frames:
        phase = "searching" if scene.waiting else "showing"
        began = time.perf_counter()
        app.frame(1 / 60)  # type: ignore[attr-defined]
        took = time.perf_counter() - began
        times[phase].append(took * 1000)
        time.sleep(max(0.0, 1 / 60 - took))


def measure(game: str, frames: int, size: tuple[int, int]
            ) -> tuple[dict[str, list[float]], int, int]:
    """Frame times, and how many wrong moves were refuted and right moves answered."""
    app = _offscreen_app(size, "ru")
    scene = TrainerScene(app, game, seed=1)
    app.scenes.push(scene)
    for _ in range(5):
        app.frame(1 / 60)  # the caches filled, the screen in place
    times: dict[str, list[float]] = {"showing": [], "searching": []}
    refuted = answered = 0
    while sum(map(len, times.values())) < frames:
        run = scene.run
        assert run is not None
        wrong = [m for m in run.legal()
                 if run.game.move_text(m) not in run.puzzle.answers(run.played)]
        if wrong:
            scene.entered(wrong[0], False)
            _timed(app, scene, times, frames)
            refuted += 1
        while not run.over and sum(map(len, times.values())) < frames:
            move = run.game.parse_move(run.puzzle.answers(run.played)[0])
            scene.entered(move, False)
            _timed(app, scene, times, frames)
            answered += 1
        scene.next()
    scene.on_leave()
    return times, refuted, answered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1500)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    assert len(size) == 2
    if not available("russian"):
        os.environ[FOLDER_ENV] = str(FIXTURES)
    print(f"trainer frame times at {size[0]}x{size[1]}, {args.frames} frames per game "
          "(moves shown, refutations searched in the worker)")
    for game in ("russian", "international"):
        phases, refuted, answered = measure(game, args.frames, (size[0], size[1]))
        print(f"{game} ({refuted} refutations, {answered} right moves)")
        for phase, times in (("all", [t for v in phases.values() for t in v]), *phases.items()):
            times.sort()
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            print(f"  {phase:10s} {len(times):5d} frames  p50 {statistics.median(times):6.2f} ms"
                  f"   p95 {p95:6.2f} ms   max {times[-1]:6.2f} ms")


if __name__ == "__main__":
    main()
