"""Build Shashki as an app people install without Python: one folder holding the game, its
Python and its libraries, started by one executable (PyInstaller's one-folder build).

    python3 -m venv .venv-app && .venv-app/bin/pip install ".[app]"
    .venv-app/bin/python tools/build_app.py --check --archive

gives ``dist/shashki/shashki`` (Linux), ``dist/Shashki/Shashki.exe`` (Windows) or
``dist/Shashki.app`` (macOS), and with ``--archive`` the file to hand out
(``dist/Shashki-0.1.0-linux-x86_64.tar.gz``, ``...-windows-AMD64.zip``, ``...-macos-arm64.zip``).
``--check`` starts the built app the way a player's computer would: it renders the menu
off-screen, plays a short game of each kind headless and has two games meet through the
wormhole on loopback (``--self-test``), prints its version
and which engine it runs, and on Linux installs its menu entry into a temporary folder and
validates it.

The app ships the engine compiled: the modules game/native.py lists are compiled with mypyc
first (out of the tree, as tools/build_native.py does; the app extra brings mypy), and their
compiled files, the shared library and the manifest go into the app beside the interpreted
modules, which stay the fallback. Without a C compiler the app is built interpreted, and
says so (``--no-native`` builds it interpreted on purpose).

The same script builds on Windows and macOS (a build is made on the system it is for;
PyInstaller does not cross-build); what differs there is said beside the options below.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # PyInstaller's hooks import pygame

from game.desktop import APP_ID  # noqa: E402

WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"
#: the executable's (and the folder's) name: lower case as Linux commands are; a title on the
#: systems where people see it in Explorer, the Finder and the Dock
NAME = "Shashki" if (WINDOWS or MACOS) else "shashki"
#: what a built app does not need, though a developer's environment may have it
EXCLUDES = ("tkinter", "numpy", "pygame.tests", "pygame.examples", "pygame.docs",
            "pytest", "hypothesis", "mypy")
#: data files a library reads at run time, which PyInstaller's analysis of imports does not
#: see: autobahn (magic-wormhole's WebSocket to the mailbox server, play a friend anywhere)
#: reads the C source of its compiled UTF-8 validator and XOR masker when it loads them
COLLECT_DATA = ("autobahn.nvx",)


def version() -> str:
    """The version pyproject.toml gives."""
    for line in (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines():
        if line.startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    return "0"


def native_build(work: Path) -> tuple[Path | None, str]:
    """The engine compiled for the app, out of the tree (``work/native``): its folder, or
    None when it could not be compiled; and the build's line about it."""
    spec = importlib.util.spec_from_file_location("build_native",
                                                  ROOT / "tools" / "build_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = work / "native"
    shutil.rmtree(out, ignore_errors=True)  # nothing of an earlier build rides along
    compiled, said = module.build(out)
    return (out if compiled else None), said


def native_files(native: Path) -> list[tuple[Path, str]]:
    """(file, folder in the app) for every file of a compiled build: the modules' compiled
    files, the shared library and the manifest, where the finder looks for them."""
    return [(path, path.parent.relative_to(native).as_posix())
            for path in sorted(native.rglob("*")) if path.is_file()]


def pyinstaller_args(dist: Path, work: Path, native: Path | None = None) -> list[str]:
    """The PyInstaller command line for this system (with the compiled engine of
    ``native``, a folder :func:`native_build` made)."""
    work.mkdir(parents=True, exist_ok=True)
    entry = work / "shashki_app.py"
    # the app's first Python: the game's own main, which lets the computer's worker
    # processes (this same executable, started again) become workers first
    entry.write_text("import sys\nfrom game.__main__ import main\nsys.exit(main())\n",
                     encoding="utf-8")
    args = [
        str(entry), "--name", NAME, "--onedir", "--noconfirm",
        "--distpath", str(dist), "--workpath", str(work / "build"), "--specpath", str(work),
        "--paths", str(ROOT),  # the game from this checkout, whether or not pip installed it
        # the fonts, sounds, rules texts, icons and desktop files, where game/resources.py
        # looks for them in an installed game
        "--add-data", f"{ROOT / 'assets'}{os.pathsep}game/assets",
        # the rules registry and the string tables import their modules by name
        "--collect-submodules", "game", "--collect-submodules", "physics",
        # Windows: no console window behind the game; macOS: an .app bundle as well.
        # (Linux: no effect; the app is started from the menu or a terminal alike.)
        "--windowed",
        "--log-level", "WARN",
    ]
    for module in EXCLUDES:
        args += ["--exclude-module", module]
    for package in COLLECT_DATA:
        args += ["--collect-data", package]
    if native is not None:
        # the compiled files beside the interpreted modules (which PyInstaller collects as
        # ever: the fallback); the finder in game/native.py picks them by the manifest
        for path, folder in native_files(native):
            option = "--add-data" if path.suffix == ".json" else "--add-binary"
            args += [option, f"{path}{os.pathsep}{folder}"]
    if _installed():
        args += ["--copy-metadata", "shashki"]  # what --version reads
    else:
        print('note: the project is not pip-installed here, so the app will not know its '
              'version (pip install ".[app]" first)', file=sys.stderr)
    if not WINDOWS:
        # debug symbols out of the shared libraries: a Python built from source carries
        # them (libpython alone shrinks from 23 MiB to 4); Windows DLLs have none to strip
        args.append("--strip")
    if WINDOWS:
        args += ["--icon", str(ROOT / "assets" / "icons" / f"{APP_ID}.ico")]
    elif MACOS:
        args += ["--icon", str(ROOT / "assets" / "icons" / f"{APP_ID}.icns"),
                 "--osx-bundle-identifier", APP_ID]
    return args


def _installed() -> bool:
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        distribution("shashki")
    except PackageNotFoundError:
        return False
    return True


def executable(dist: Path) -> Path:
    """The built program a player starts."""
    if MACOS:
        return dist / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return dist / NAME / (f"{NAME}.exe" if WINDOWS else NAME)


def folder_size(path: Path) -> tuple[int, int]:
    """Bytes and files under ``path``."""
    files = [p for p in path.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


def archive(dist: Path) -> Path:
    """The built app packed to hand out: a .tar.gz on Linux (keeps the executable bit), a .zip
    on Windows and macOS."""
    system = "windows" if WINDOWS else "macos" if MACOS else sys.platform.rstrip("0123456789")
    base = dist / f"Shashki-{version()}-{system}-{platform.machine()}"
    if MACOS:
        # ditto keeps the bundle's symbolic links and its signature, which a plain zip breaks
        packed = Path(f"{base}.zip")
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(dist / f"{NAME}.app"),
                        str(packed)], check=True)
        return packed
    return Path(shutil.make_archive(str(base), "zip" if WINDOWS else "gztar", dist, NAME))


def _run(command: list[str], env: dict[str, str], timeout: float = 600) -> tuple[int, str]:
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout,
                          cwd=tempfile.gettempdir())  # not the checkout: nothing from it leaks in
    return done.returncode, (done.stdout + done.stderr).strip()


def check(program: Path, compiled: bool = False) -> bool:
    """Start the built app as a player's computer would, off-screen; True when all worked
    (and, where the engine was compiled for it, the app says it runs compiled)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}  # no help from this Python
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    passed = True
    with tempfile.TemporaryDirectory() as scratch:
        env["SHASHKI_CONFIG_DIR"] = str(Path(scratch) / "config")
        env["SHASHKI_DATA_DIR"] = str(Path(scratch) / "data")
        picture = Path(scratch) / "menu.png"
        steps: list[tuple[str, list[str]]] = [
            ("version", [str(program), "--version"]),
            ("menu", [str(program), "--screenshot", "menu", str(picture), "--lang", "en"]),
            ("self-test", [str(program), "--self-test"]),
        ]
        if not (WINDOWS or MACOS):
            env["XDG_DATA_HOME"] = str(Path(scratch) / "xdg")
            steps.append(("menu entry", [str(program), "--install-desktop"]))
        for name, command in steps:
            began = time.monotonic()
            code, said = _run(command, env)
            ok = code == 0
            if name == "version":
                ok = ok and "engine: " in said
                ok = ok and ("engine: compiled" in said) == compiled
            if name == "menu":
                ok = ok and _looks_like_the_menu(picture)
            if name == "menu entry":
                ok = ok and _entry_runs(program, Path(env["XDG_DATA_HOME"]))
            passed = passed and ok
            print(f"{'ok  ' if ok else 'FAIL'} {name} ({time.monotonic() - began:.1f} s)")
            for line in said.splitlines():
                print(f"     {line}")
    return passed


def _looks_like_the_menu(picture: Path) -> bool:
    """The PNG the app rendered is a full window of many colours (not one flat fill nor a
    gradient alone: text, buttons and the board drawn on it)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    if not picture.is_file():
        return False
    image = pygame.image.load(str(picture))
    colours = {tuple(image.get_at((x, y)))
               for x in range(0, image.get_width(), 13) for y in range(0, image.get_height(), 11)}
    return image.get_size() == (1280, 800) and len(colours) > 100


def _entry_runs(program: Path, xdg: Path) -> bool:
    """The installed menu entry starts this very app, and passes the validator if there is
    one."""
    entry = xdg / "applications" / f"{APP_ID}.desktop"
    if not entry.is_file():
        return False
    execs = [line for line in entry.read_text(encoding="utf-8").splitlines()
             if line.startswith("Exec=")]
    if execs != [f"Exec={program}"] and execs != [f'Exec="{program}"']:
        print(f"     the entry says {execs}, not {program}")
        return False
    validator = shutil.which("desktop-file-validate")
    if validator:
        code, said = _run([validator, str(entry)], dict(os.environ))
        if code != 0 or said:
            print(f"     desktop-file-validate: {said}")
            return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the app goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "app",
                        help="PyInstaller's working folder (default: build/app/)")
    parser.add_argument("--check", action="store_true",
                        help="start the built app off-screen: menu, self-test, menu entry")
    parser.add_argument("--archive", action="store_true", help="pack the app to hand out")
    parser.add_argument("--no-native", action="store_true",
                        help="ship the interpreted engine only (no mypyc compile)")
    args = parser.parse_args()
    try:
        import PyInstaller.__main__ as pyinstaller  # type: ignore[import-untyped]
    except ImportError:
        print('PyInstaller is missing: pip install ".[app]" (in a virtual environment) first',
              file=sys.stderr)
        return 2
    dist, work = args.dist.resolve(), args.work.resolve()
    native: Path | None = None
    if args.no_native:
        print("the app ships the interpreted engine (--no-native)")
    else:
        began = time.monotonic()
        native, said = native_build(work)
        print(f"{said} ({time.monotonic() - began:.0f} s)")
        if native is None:
            print("the app ships the interpreted engine: it plays the same, only slower")
    began = time.monotonic()
    pyinstaller.run(pyinstaller_args(dist, work, native))
    seconds = time.monotonic() - began
    program = executable(dist)
    if not program.is_file():
        print(f"the build made no {program}", file=sys.stderr)
        return 1
    size, files = folder_size(program.parents[2] if MACOS else program.parent)
    print(f"built {program} in {seconds:.0f} s: {size / 2**20:.1f} MiB in {files} files")
    if args.archive:
        packed = archive(dist)
        print(f"packed {packed} ({packed.stat().st_size / 2**20:.1f} MiB)")
    if args.check and not check(program, compiled=native is not None):
        print("the built app FAILED its check", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
