"""The game in the desktop's menu on Linux: ``shashki --install-desktop`` puts a desktop entry,
the icons and the AppStream description (``metainfo/``, what a software centre reads) in the
user's own XDG folders, ``--uninstall-desktop`` takes them away again.

The entry is the one shipped in ``assets/desktop/`` (what a distribution package installs as
it is) with ``Exec`` pointing at the program that was run: the app's executable, the
``shashki`` script of a pip install, or this Python with ``-m game``. Every file is written
through a temporary file and a rename; uninstalling removes only the files this wrote.
"""
from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from game.resources import asset

#: the application's id: the desktop file's and the icons' name, the AppStream component id
APP_ID = "org.shashki.Shashki"
#: the icon sizes drawn (``tools/make_icons.py``) and installed, in pixels
ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
#: characters that make the desktop entry spec want an argument quoted
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


class DesktopError(Exception):
    """The entry cannot be installed here (not an XDG desktop, a folder not writable)."""


def data_home() -> Path:
    """``$XDG_DATA_HOME`` if set to an absolute path (as the spec says), else
    ``~/.local/share``."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def launch_command() -> list[str]:
    """How to start this very game from a menu: the frozen app's executable, the ``shashki``
    script that is running, this Python with ``-m game`` when that is how it was started, else
    a ``shashki`` on the PATH."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name in ("shashki", "shashki.exe") and script.is_file():
        return [str(script.resolve())]
    module = [os.path.abspath(sys.executable), "-m", "game"]
    if script is not None and script.name == "__main__.py":
        return module
    found = shutil.which("shashki")
    return [os.path.abspath(found)] if found else module


def _workdir(command: Sequence[str]) -> str | None:
    """Where ``python -m game`` must start to find the game: the folder holding the package
    (a source checkout is not on Python's path anywhere else)."""
    if list(command[1:]) == ["-m", "game"]:
        return str(Path(__file__).resolve().parent.parent)
    return None


def exec_quote(argument: str) -> str:
    """One argument of an ``Exec`` line, quoted as the desktop entry spec asks."""
    if argument and not (_RESERVED & set(argument)) and "%" not in argument \
            and "=" not in argument:
        return argument
    inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in argument)
    return f'"{inner}"'.replace("%", "%%")


def entry_text(command: Sequence[str]) -> str:
    """The shipped desktop entry with ``Exec`` (and ``TryExec``) set to ``command``, and for
    ``python -m game`` the folder to start in. The escape rules of a desktop file's values
    make every backslash of ``Exec`` double."""
    line = " ".join(exec_quote(a) for a in command).replace("\\", "\\\\")
    workdir = _workdir(command)
    template = asset("desktop", f"{APP_ID}.desktop").read_text(encoding="utf-8")
    out = []
    for row in template.splitlines():
        if row.startswith("Exec="):
            row = f"Exec={line}"
            if workdir is not None:
                out.append(f"Path={workdir}")
        elif row.startswith("TryExec="):
            row = f"TryExec={command[0]}"
        out.append(row)
    return "\n".join(out) + "\n"


def _targets(root: Path) -> dict[Path, Path | None]:
    """Each file installed (under ``root``) and the asset it is a copy of (None: the entry)."""
    icons = root / "icons" / "hicolor"
    files: dict[Path, Path | None] = {
        root / "applications" / f"{APP_ID}.desktop": None,
        root / "metainfo" / f"{APP_ID}.metainfo.xml": asset("desktop",
                                                            f"{APP_ID}.metainfo.xml")}
    for size in ICON_SIZES:
        files[icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = \
            asset("icons", f"{APP_ID}-{size}.png")
    files[icons / "scalable" / "apps" / f"{APP_ID}.svg"] = asset("icons", f"{APP_ID}.svg")
    return files


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()


def _check_platform() -> None:
    if sys.platform == "win32" or sys.platform == "darwin":
        raise DesktopError("the desktop entry is for Linux and other XDG desktops; on Windows "
                           "and macOS the app's own folder or bundle is what you start")


def install(root: Path | None = None, command: Sequence[str] | None = None) -> list[Path]:
    """Write the desktop entry, the icons and the AppStream description under ``root`` (the
    XDG data folder); the files written. Raises DesktopError with a reason a person can act on."""
    _check_platform()
    root = root if root is not None else data_home()
    entry = entry_text(list(command) if command else launch_command())
    written = []
    try:
        for target, source in _targets(root).items():
            data = entry.encode("utf-8") if source is None else source.read_bytes()
            _write(target, data)
            written.append(target)
    except OSError as error:
        raise DesktopError(f"could not write {error.filename or root}: "
                           f"{error.strerror or error}") from None
    # a desktop's icon cache notices new icons by the theme folder's modification time
    try:
        os.utime(root / "icons" / "hicolor")
    except OSError:
        pass
    return written


def uninstall(root: Path | None = None) -> list[Path]:
    """Remove what :func:`install` wrote under ``root``; the files removed."""
    _check_platform()
    root = root if root is not None else data_home()
    removed = []
    for target in _targets(root):
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise DesktopError(f"could not remove {target}: {error.strerror or error}") from None
        removed.append(target)
    # the folders stay: they are the desktop's, which may be watching them for new entries
    return removed
