"""Off-screen helpers: render a scene to a PNG, and time the frames of every scene."""
from __future__ import annotations

import statistics
import time
from pathlib import Path

import pygame

from game.app import FIXED_DT, App
from game.demos import SCENES, open_scene
from game.settings import MemoryStore


def _offscreen_app(size: tuple[int, int], language: str | None) -> App:
    # settings in memory only: rendering must not read or write the player's file, nor leave
    # a temporary folder behind
    app = App(MemoryStore(), size=size, language=language)
    app.toasts.clear()  # e.g. "no audio device" is noise in a picture
    return app


def screenshot(name: str, path: str, size: tuple[int, int] = (1280, 800),
               language: str | None = None) -> None:
    """Render scene ``name`` after a few frames and save it as a PNG at ``path``."""
    app = _offscreen_app(size, language)
    open_scene(app, name)
    for _ in range(3):
        app.frame(FIXED_DT)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(target))


def bench_frames(frames: int = 300, size: tuple[int, int] = (1280, 800),
                 language: str | None = None) -> list[str]:
    """Frame-time p50/p95 per scene: input, fixed updates, drawing and the flip of one frame."""
    lines = [f"frame times at {size[0]}x{size[1]}, {frames} frames per scene"]
    app = _offscreen_app(size, language)
    app.always_draw = True  # time the drawing of every frame, not the skipping of idle ones
    for name in SCENES:
        open_scene(app, name)
        times: list[float] = []
        for i in range(frames + 10):
            began = time.perf_counter()
            app.frame(1 / 60)
            if i >= 10:  # the first frames fill the caches
                times.append((time.perf_counter() - began) * 1000)
        times.sort()
        p50 = statistics.median(times)
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        lines.append(f"{name:22s} p50 {p50:6.2f} ms   p95 {p95:6.2f} ms")
    return lines
