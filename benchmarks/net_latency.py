"""Latency over loopback from the release of the mouse to the move drawn on the other window,
and the frame times while networking.

Run: python benchmarks/net_latency.py [--moves N] [--variant V]   (off-screen, 127.0.0.1 only)
Two windows of the game in one process (the host's and the guest's, as the tests drive them)
play a game over 127.0.0.1: each move is entered by two clicks (its first and last square) on
the window whose turn it is; the time runs from posting the release of the second click until
the other window has drawn a frame showing the move. Both windows run their real frame loop
(one frame each in turn, no sleeping), so a figure here includes the other window's frame, as
two processes on one machine would share it. Targets: latency p95 <= 50 ms, frames p95 <= 8 ms.
Bounded: at most --moves moves and --seconds of wall time.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import FIXED_DT, App  # noqa: E402
from game.demos import open_scene  # noqa: E402
from game.play.board_play import BoardPlay  # noqa: E402
from game.scenes.board.scene import BoardScene  # noqa: E402
from game.scenes.common import network  # noqa: E402
from game.settings import MemoryStore  # noqa: E402

LOOPBACK = "127.0.0.1"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


class Timed:
    """Both windows, each frame timed."""

    def __init__(self, *apps: App) -> None:
        self.apps = apps
        self.frames: list[float] = []

    def frame(self, app: App) -> None:
        start = time.perf_counter()
        app.frame(FIXED_DT)
        self.frames.append(time.perf_counter() - start)

    def all(self) -> None:
        for app in self.apps:
            self.frame(app)

    def until(self, done: Callable[[], bool], seconds: float = 10.0) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.all()
            if done():
                return True
        return False


def post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--variant", default="russian")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    network.LAN = network.Lan(bind=LOOPBACK, port=0, announce=LOOPBACK, discovery_port=0,
                              finder_bind=LOOPBACK)
    host_app = App(MemoryStore(), size=(1280, 800), language="en")
    open_scene(host_app, "menu")
    host_app.routes.push("setup", variant=args.variant, host=True)
    host_app.frame(FIXED_DT)
    host_app.scenes.top.host_game()  # type: ignore[union-attr]
    host_app.frame(FIXED_DT)
    hosting = host_app.scenes.top
    assert isinstance(hosting, BoardScene) and hosting.net is not None
    _, port, code = hosting.net.invitation()
    guest_app = App(MemoryStore(), size=(1280, 800), language="en")
    open_scene(guest_app, "menu")
    guest_app.routes.push("join", address=LOOPBACK, port=port, code=code)
    guest_app.frame(FIXED_DT)
    guest_app.scenes.top.join()  # type: ignore[union-attr]
    timed = Timed(host_app, guest_app)
    if not timed.until(lambda: isinstance(guest_app.scenes.top, BoardScene)):
        raise SystemExit("the guest did not join")
    joined = guest_app.scenes.top
    assert isinstance(joined, BoardScene)
    boards = {id(host_app): hosting, id(guest_app): joined}
    timed.until(lambda: joined.net is not None and joined.net.state == "playing"
                and hosting.net is not None and hosting.net.state == "playing")
    timed.frames.clear()
    latencies: list[float] = []
    deadline = time.monotonic() + args.seconds
    for _ in range(args.moves):
        if hosting.play.is_over or time.monotonic() > deadline:
            break
        turn = hosting.play.turn
        app = host_app if hosting.play.seats[turn].at_window else guest_app
        other = guest_app if app is host_app else host_app
        mover, watcher = boards[id(app)], boards[id(other)]
        if not timed.until(lambda: mover.play.person_to_move and mover.glides.glide is None
                           and mover.play.ply == watcher.play.ply):
            break
        play: BoardPlay = mover.play
        move = rng.choice(play.legal_moves())
        first, last = move.start, move.path[-1]
        ply = play.ply + 1
        for square in (first, last):
            x, y = mover.view.centre(square)
            pos = (round(x), round(y))
            post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            timed.frame(app)
            post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
            released = time.perf_counter()
            timed.frame(app)
        if play.ply != ply:  # a move the two clicks did not say whole (a choice of routes)
            mover.state.hand.put_down()
            play.play(move)
            mover.take_events()
            continue
        drawn_before = other.frames
        while time.perf_counter() - released < 5.0:
            timed.frame(other)
            if watcher.play.ply == ply and other.frames > drawn_before:
                latencies.append(time.perf_counter() - released)
                break
            timed.frame(app)
    for board in boards.values():
        board.close()
    if not latencies:
        raise SystemExit("no move measured")
    ms = [v * 1000 for v in latencies]
    frames = [v * 1000 for v in timed.frames]
    print(f"{args.variant}: {len(ms)} moves over {LOOPBACK}")
    print(f"latency release -> drawn on the other window: median {statistics.median(ms):.1f} ms,"
          f" p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms (target p95 <= 50)")
    print(f"frames while networking ({len(frames)}): median {statistics.median(frames):.2f} ms,"
          f" p95 {percentile(frames, 0.95):.2f} ms (target p95 <= 8)")


if __name__ == "__main__":
    main()
