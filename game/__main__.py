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
        prog="shashki", description="Games from the draughts box, for two people at one "
                                    "computer or against the computer.",
        epilog="shashki dxp --help: play International draughts with a program over DXP. "
               "shashki puzzles export --help: the puzzles as a PDN file.")
    parser.add_argument("--screenshot", nargs=2, metavar=("SCENE", "PATH"),
                        help="render SCENE off-screen to the PNG file PATH and exit")
    parser.add_argument("--bench-frames", action="store_true",
                        help="run every scene off-screen and print frame-time p50/p95")
    parser.add_argument("--frames", type=int, default=300,
                        help="frames per scene for --bench-frames (default 300)")
    parser.add_argument("--lang", choices=("ru", "en"), help="language for this run")
    parser.add_argument("--size", help="the window's size for this run, WIDTHxHEIGHT (by "
                                       "default the size it was closed at, fitted to the "
                                       "screen; screenshots: 1280x800)")
    parser.add_argument("--first-frame", action="store_true",
                        help="print the seconds from start to the first drawn frame, then exit")
    parser.add_argument("--self-test", action="store_true",
                        help="play a short game of each kind with no window (the computer, "
                             "saving, PDN, Chapaev, fonts and sounds) and meet through the "
                             "wormhole on loopback; exit 0 if all worked")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true",
                         help="add the game to the desktop's menu (Linux: an entry and icons "
                              "in your XDG data folder, ~/.local/share)")
    desktop.add_argument("--uninstall-desktop", action="store_true",
                         help="remove what --install-desktop added")
    parser.add_argument("--version", action=_VersionAction,
                        help="print the version, and whether the engine runs compiled or "
                             "interpreted, and exit")
    return parser


class _VersionAction(argparse.Action):
    """``--version`` (and which engine runs: compiled or interpreted), looked up only when
    asked: reading the package metadata costs about 0.1 s, which every start would
    otherwise pay."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help=str(kwargs.get("help", "")))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from game.native import engine_line

        print(f"{parser.prog} {_version()}")
        print(engine_line())  # compiled or interpreted, and why not compiled
        parser.exit()


def _version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # pragma: no cover - Python 3.10 has it; a stripped build may not
        return "unknown"
    try:
        return version("shashki")
    except PackageNotFoundError:
        return "(source checkout)"


def _desktop(install: bool) -> int:
    from game import desktop

    try:
        paths = desktop.install() if install else desktop.uninstall()
    except desktop.DesktopError as error:
        print(f"shashki: {error}", file=sys.stderr)
        return 1
    if install:
        print(f"Shashki is in the menu now ({len(paths)} files written):")
    elif paths:
        print(f"Shashki is out of the menu ({len(paths)} files removed):")
    else:
        print("Shashki was not in the menu: nothing to remove.")
    for path in paths:
        print(f"  {path}")
    return 0


def _size(text: str, parser: argparse.ArgumentParser) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        parser.error(f"--size wants WIDTHxHEIGHT, e.g. 1280x800, not {text!r}")
    if not (100 <= width <= 10000 and 100 <= height <= 10000):
        parser.error(f"--size {text} is out of range")
    return width, height


def first_route(first_start: bool, language: str | None) -> str:
    """The first screen: on the very first start the question of the language (unless this
    run was given one), which then opens the menu; else the menu."""
    return "language" if first_start and language is None else "menu"


def main(argv: Sequence[str] | None = None) -> int:
    if getattr(sys, "frozen", False):
        # in a built app the computer's worker processes start this same executable: let
        # them become workers before anything else happens (elsewhere this does nothing, and
        # the import would cost every start 10 ms)
        import multiprocessing

        multiprocessing.freeze_support()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["dxp"]:  # the DXP follower: no window, no pygame
        from game.net.dxp_engine import main as dxp_main

        return dxp_main(arguments[1:])
    if arguments[:1] == ["puzzles"]:  # the puzzle collections: no window, no pygame
        from game.puzzles.__main__ import main as puzzles_main

        return puzzles_main(arguments[1:])
    parser = _parser()
    args = parser.parse_args(arguments)
    asked = None if args.size is None else _size(args.size, parser)
    size = asked or (1280, 800)  # what the off-screen tools draw at
    if args.install_desktop or args.uninstall_desktop:
        return _desktop(args.install_desktop)
    headless = bool(args.screenshot or args.bench_frames or args.self_test)
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # the window's class (X11) and app id (Wayland) name the desktop entry, so that a dock
    # shows the game's icon and groups its window with the menu item; pygame reads these
    # when it is imported
    from game.desktop import APP_ID

    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    if args.self_test:
        from game.self_test import run

        # a windowed Windows app has no console: the exit code still tells
        out = sys.stdout if sys.stdout is not None else open(os.devnull, "w")
        return 0 if run(out) else 1

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

    app = App(size=asked, language=args.lang)
    app.routes.reset(first_route(app.first_start, args.lang))
    app.scenes.apply()
    if args.first_frame:
        app.frame(0.0)
        print(f"first frame after {time.perf_counter() - STARTED:.3f} s")
        return 0
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
