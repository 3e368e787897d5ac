"""``python -m game`` / ``shashki``: start the game, or render a scene, or time the frames."""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence

STARTED = time.perf_counter()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="shashki", description="Draughts, Apokachi and Chapaev for two at one computer.")
    parser.add_argument("--screenshot", nargs=2, metavar=("SCENE", "PATH"),
                        help="render SCENE off-screen to the PNG file PATH and exit")
    parser.add_argument("--bench-frames", action="store_true",
                        help="run every scene off-screen and print frame-time p50/p95")
    parser.add_argument("--frames", type=int, default=300,
                        help="frames per scene for --bench-frames (default 300)")
    parser.add_argument("--lang", choices=("ru", "en"), help="language for this run")
    parser.add_argument("--size", default="1280x800", help="window size WIDTHxHEIGHT")
    parser.add_argument("--first-frame", action="store_true",
                        help="print the seconds from start to the first drawn frame, then exit")
    return parser


def _size(text: str, parser: argparse.ArgumentParser) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        parser.error(f"--size wants WIDTHxHEIGHT, e.g. 1280x800, not {text!r}")
    if not (100 <= width <= 10000 and 100 <= height <= 10000):
        parser.error(f"--size {text} is out of range")
    return width, height


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    size = _size(args.size, parser)
    headless = bool(args.screenshot or args.bench_frames)
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.app import App

    if args.screenshot:
        from game.demos import SCENES

        name, path = args.screenshot
        if name not in SCENES:
            parser.error(f"unknown scene {name!r}; known: {', '.join(SCENES)}")
        from game.tools import screenshot

        screenshot(name, path, size=size, language=args.lang)
        print(f"wrote {path}")
        return 0
    if args.bench_frames:
        from game.tools import bench_frames

        for line in bench_frames(frames=args.frames, size=size, language=args.lang):
            print(line)
        return 0

    app = App(size=size, language=args.lang)
    app.routes.reset("menu")
    app.scenes.apply()
    if args.first_frame:
        app.frame(0.0)
        print(f"first frame after {time.perf_counter() - STARTED:.3f} s")
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
