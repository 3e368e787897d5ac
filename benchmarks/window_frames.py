"""Frame times in a real window (X11, e.g. under Xvfb): a gliding draughts piece and a Chapaev
break shot, with the whole frame copied to the window (flip) or only its changed parts.

Run from the project root with a display:

    Xvfb :99 -screen 0 1920x1080x24 &
    DISPLAY=:99 python benchmarks/window_frames.py --size 1280x800 --present texture --mode full
    DISPLAY=:99 python benchmarks/window_frames.py --size 1280x800 --mode full
    DISPLAY=:99 python benchmarks/window_frames.py --size 1280x800 --mode partial

Each timed frame is one ``App.frame`` (input, fixed updates, drawing, the copy to the window),
paced at 60 frames a second as the game's loop paces them; the copy to the window inside it
is timed on its own too. Figures are p50/p95 milliseconds, wall time and the main thread's
CPU time (the texture copy's work is done by the renderer's own threads: wall time shows it).

``--present texture`` puts frames in the window the way SDL does by default on Linux (an
OpenGL texture; under Xvfb or without a GPU driver, Mesa's software renderer), ``plain`` the
way the app asks for (SDL's own copy through X11 shared memory).

``--mode full`` makes every scene answer ``dirty_rects()`` with None (the whole window each
frame, as before the hook existed). ``--mode partial`` uses the scenes' own answers; where a
scene does not override the hook yet, the benchmark gives it the override proposed for it
(``PROPOSED`` below), so the two modes compare the same drawing with different copies.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.rules.core import Color  # noqa: E402
from game.scene import Scene  # noqa: E402
from game.demos import open_scene  # noqa: E402
from game.scenes.board.scene import BoardScene  # noqa: E402
from game.play.chapaev_play import ChapaevPlay  # noqa: E402
from game.scenes.chapaev.phases import Phase  # noqa: E402
from game.scenes.chapaev.scene import ChapaevScene  # noqa: E402
from game.settings import MemoryStore  # noqa: E402

FPS = 60


def _board_rects(self: BoardScene) -> list[pygame.Rect] | None:
    # proposed override: while a piece glides (and no clock ticks in the panel) only the board
    # changes: the gliding piece, the taken pieces fading, all inside the framed board
    gliding = self.glides.glide is not None
    return [self.view.rect] if gliding and not self.play.clock_running() else None


def _chapaev_rects(self: ChapaevScene) -> list[pygame.Rect] | None:
    # proposed override: while discs roll and none is falling only the table's column changes
    # (a fall drops the panel's count and may fly anywhere: whole window, as for banners,
    # hints and the board turning)
    return ([pygame.Rect(0, 0, self.sidebar.rect.left, self.size[1])]
            if self.stage.phase is Phase.SHOT and not self.flow.falls
            and self.banners.banner is None and self.banners.hint is None
            and self.stage.flip is None else None)


PROPOSED: dict[type[Scene], Callable[..., list[pygame.Rect] | None]] = {
    BoardScene: _board_rects, ChapaevScene: _chapaev_rects}


def _set_mode(mode: str) -> None:
    for cls, override in PROPOSED.items():
        if mode == "full":
            cls.dirty_rects = lambda self: None  # type: ignore[method-assign]
        elif "dirty_rects" not in vars(cls):
            cls.dirty_rects = override  # type: ignore[method-assign]


def _app(size: tuple[int, int]):  # type: ignore[no-untyped-def]
    from game.app import App

    app = App(MemoryStore(), size=size, language="ru")
    app.toasts.clear()
    return app


#: wall and CPU milliseconds spent inside the copies to the window of the frame being timed
COPY: list[float] = [0.0, 0.0]


def _timing_copies() -> None:
    """Wrap flip and update so a frame's copy to the window is timed on its own."""
    for name in ("flip", "update"):
        original = getattr(pygame.display, name)

        def timed(*args, _original=original):  # type: ignore[no-untyped-def]
            began, began_cpu = time.perf_counter(), time.thread_time()
            result = _original(*args)
            COPY[0] += (time.perf_counter() - began) * 1000
            COPY[1] += (time.thread_time() - began_cpu) * 1000
            return result

        setattr(pygame.display, name, timed)


@dataclass
class Sample:
    """Per timed frame: the whole frame and its copy, wall and CPU milliseconds."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    copy_wall: list[float] = field(default_factory=list)
    copy_cpu: list[float] = field(default_factory=list)


def _timed(app, clock: pygame.time.Clock, sample: Sample) -> None:  # type: ignore[no-untyped-def]
    clock.tick(FPS)
    COPY[0] = COPY[1] = 0.0
    began, began_cpu = time.perf_counter(), time.thread_time()
    app.frame(1 / FPS)
    sample.wall.append((time.perf_counter() - began) * 1000)
    sample.cpu.append((time.thread_time() - began_cpu) * 1000)
    sample.copy_wall.append(COPY[0])
    sample.copy_cpu.append(COPY[1])


def board(size: tuple[int, int], frames: int) -> tuple[Sample, int]:
    """A Russian game's opening moves glide one after another, then are taken back."""
    app = _app(size)
    open_scene(app, "board-russian-start")
    scene = app.scenes.top
    assert isinstance(scene, BoardScene)
    script = ("c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5")
    clock = pygame.time.Clock()
    for _ in range(5):
        app.frame(1 / FPS)
    sample = Sample()
    full_before = app.full_updates
    while len(sample.wall) < frames:
        for text in script:
            scene.play_text(text, animate=True)
            app.frame(1 / FPS)  # the frame of the move itself is drawn whole (input-like)
            while scene.glides.glide is not None and len(sample.wall) < frames:
                _timed(app, clock, sample)
        while scene.play.game.move_stack:
            scene.commands.undo()
        for _ in range(2):
            app.frame(1 / FPS)
    return sample, app.full_updates - full_before


def chapaev(size: tuple[int, int], frames: int) -> tuple[Sample, int]:
    """Full-strength break shots from the middle of White's line, until everything rests."""
    app = _app(size)
    clock = pygame.time.Clock()
    sample = Sample()
    full = 0
    while len(sample.wall) < frames:
        scene = ChapaevScene(app, ChapaevPlay())
        app.start(scene)
        for _ in range(5):
            app.frame(1 / FPS)
        scene.hide_banner()
        app.redraw()
        app.frame(1 / FPS)
        full_before = app.full_updates
        scene.shoot((Color.WHITE, 4), (0.0, 1.0), 1.0)
        while (scene.stage.phase is Phase.SHOT or scene.flow.falls) and len(sample.wall) < frames:
            _timed(app, clock, sample)
        full += app.full_updates - full_before
    return sample, full


def _stats(values: list[float]) -> str:
    ordered = sorted(values)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{p50:5.2f}/{p95:5.2f}"


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of a process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--mode", choices=("full", "partial"), default="partial")
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--present", choices=("plain", "texture"), default="plain",
                        help="how SDL puts frames in the window: its own copy (the app's "
                        "choice on Linux) or an OpenGL texture (SDL's default before it)")
    parser.add_argument("--scene", choices=("board", "chapaev", "both"), default="both")
    parser.add_argument("--xpid", type=int,
                        help="the X server's process id: also report its CPU time per frame")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        parser.error("needs a real window: set DISPLAY (e.g. run Xvfb :99 and DISPLAY=:99)")
    size = tuple(int(part) for part in args.size.lower().split("x"))
    # read by SDL when the window's surface is made; the app only sets it if it is unset
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0" if args.present == "plain" else "1"
    _set_mode(args.mode)
    _timing_copies()
    cases = {"board": board, "chapaev": chapaev}
    for name, run in cases.items():
        if args.scene not in (name, "both"):
            continue
        x_before = _cpu_seconds(args.xpid) if args.xpid else 0.0
        sample, full = run(size, args.frames)  # type: ignore[arg-type]
        server = ""
        if args.xpid:
            # the X server's time over the whole run (set-up frames included) per timed frame
            spent = (_cpu_seconds(args.xpid) - x_before) * 1000 / len(sample.wall)
            server = f"  X server cpu {spent:4.2f}/frame"
        print(f"{name:7s} {args.size:9s} {args.present:7s} {args.mode:7s} {len(sample.wall)} frames "
              f"({full} whole)  frame wall {_stats(sample.wall)} cpu {_stats(sample.cpu)}  "
              f"copy wall {_stats(sample.copy_wall)} cpu {_stats(sample.copy_cpu)}{server}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
