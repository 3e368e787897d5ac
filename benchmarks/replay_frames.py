"""A saved game replayed while the window draws: how long a long Chapaev match takes to
replay, and how the window's frames fare while a replay runs in its thread.

Run from the repository root:  .venv/bin/python benchmarks/replay_frames.py [SECONDS]

1. The longest of a few whole Chapaev matches between random players, replayed alone (as
   Continue replays it), in milliseconds.
2. The same match dropped on the window (the menu under the replay's overlay), the window's
   loop paced at 60 frames a second as ``App.run`` paces it: frames drawn, the longest.
3. A replay that keeps the interpreter busy for SECONDS (default 1.0) of pure Python, as a
   record near the size limit would: frames drawn meanwhile, their mean and the longest.
   Before the replay had a thread, the window drew nothing for that long.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.app import App  # noqa: E402
from game.play import ChapaevPlay, RandomPlayer  # noqa: E402
from game.play.chapaev_record import record_of_chapaev  # noqa: E402
from game.rules.core import Color  # noqa: E402
from game.saves import Replaying, Saves, dumps, judge  # noqa: E402
from game.saves import replaying as replaying_module  # noqa: E402
from game.scenes.games import opening  # noqa: E402
from game.scenes.games.reading import ReplayingScene  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402

FRAME = 1 / 60


def window_while(app: App, path: Path) -> list[float]:
    """Drop ``path`` on the window and draw paced frames until its replay is over: each
    frame's time in seconds."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    times: list[float] = []
    while True:
        began = time.perf_counter()
        app.frame(FRAME)
        spent = time.perf_counter() - began
        times.append(spent)
        if not isinstance(app.scenes.top, ReplayingScene) and len(times) > 1:
            return times
        time.sleep(max(0.0, FRAME - spent))


def main() -> None:
    busy_for = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    folder = Path(tempfile.mkdtemp())
    longest = None
    for seed in range(6):
        match = ChapaevPlay(seats={c: RandomPlayer(random.Random(seed * 2 + (c is Color.BLACK)))
                                   for c in Color})
        match.run(max_shots=400)
        if longest is None or len(match.shots) > len(longest.shots):
            longest = match
    assert longest is not None
    path = folder / "long-match.json"
    path.write_text(dumps(record_of_chapaev(longest)))
    alone = []
    for _ in range(5):
        replaying = Replaying(path.name, path=path)
        began = time.perf_counter()
        replaying.run()
        alone.append(time.perf_counter() - began)
    print(f"a Chapaev match of {len(longest.shots)} shots "
          f"({path.stat().st_size / 1024:.0f} KB) replayed alone: "
          f"{statistics.median(alone) * 1000:.1f} ms (median of 5)")

    opening.REPLAY_WAIT = 0.0  # every replay shown going on, to count its frames
    app = App(size=(1280, 800), language="en")
    app.saves = Saves(folder / "data")
    app.start(MenuScene(app))
    app.frame(FRAME)
    times = window_while(app, path)
    print(f"  the same, dropped on the window: {len(times)} frames, the longest "
          f"{max(times) * 1000:.1f} ms")

    def busy(record: dict[str, Any], name: str = "", **kwargs: Any) -> Any:
        end = time.perf_counter() + busy_for
        while time.perf_counter() < end:
            sum(i * i for i in range(200))
        return judge(record, name, **kwargs)

    replaying_module.judge = busy  # type: ignore[attr-defined]
    app.scenes.reset(MenuScene(app))
    app.frame(FRAME)
    began = time.perf_counter()
    times = window_while(app, path)
    took = time.perf_counter() - began
    print(f"a replay that keeps the interpreter busy {busy_for:.1f} s: over in {took:.2f} s, "
          f"{len(times)} frames drawn meanwhile ({len(times) / took:.0f} a second), "
          f"mean {statistics.mean(times) * 1000:.1f} ms, the longest {max(times) * 1000:.1f} ms")
    app.close_scenes()


if __name__ == "__main__":
    main()
