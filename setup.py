"""The build (the rest of it is in pyproject.toml):

- the package list, found rather than written out: every package under game/ and physics/,
  and assets/ as game.assets;
- the engine's hot modules (``NATIVE_MODULES`` in game/native.py) compiled with mypyc where
  a C compiler is present. A missing compiler, a missing mypyc or a failed compile installs
  the interpreted modules, with one line saying so (and the installed game's ``--version``
  says it too): never a failed install. ``SHASHKI_PURE=1`` builds the interpreted modules;
  an editable install (``pip install -e``) stays interpreted, so that no compiled module
  ever stands in the checkout beside the sources it was made from.

``python setup.py build_ext --build-lib DIR`` (what tools/build_native.py runs) compiles into
DIR alone, out of the tree: a checkout then runs it with ``SHASHKI_NATIVE_DIR=DIR``.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import sys

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def _native():  # type: ignore[no-untyped-def]
    """game/native.py, read by its path: the list and the manifest's format, without
    importing the game."""
    spec = importlib.util.spec_from_file_location("_shashki_native_build",
                                                  os.path.join(HERE, "game", "native.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NATIVE = _native()
#: pip's editable install runs the command editable_wheel: the checkout stays interpreted
EDITABLE = "editable_wheel" in sys.argv
#: the commands that build the modules (pip's wheel, ``setup.py build_ext``); the others
#: (egg_info, dist_info: pip asking what the project is) compile nothing
BUILDING = not EDITABLE and bool({"bdist_wheel", "build", "build_ext", "install"} & set(sys.argv))
#: where mypyc writes its C and its type-check cache
MYPYC_DIR = os.path.join(HERE, "build", "mypyc")


def _say(line: str, *, loud: bool = False) -> None:
    """A line of the build's (pip shows its output only with -v); ``loud``: on the terminal
    too, where there is one, for the person running pip to see."""
    text = f"shashki: {line}"
    print(text, file=sys.stderr, flush=True)
    if loud and not sys.stderr.isatty():
        try:
            with open("/dev/tty", "w", encoding="utf-8") as terminal:
                terminal.write(text + "\n")
        except OSError:
            pass  # no terminal (CI, a service) or no such device (Windows): the log has it


def _first_line(error: BaseException) -> str:
    """What went wrong, short: a failed command by its program and status."""
    text = str(error).strip().splitlines()
    line = text[0] if text else "no message"
    command = re.match(r"[Cc]ommand '\[?'?([^',\]]+).*?(failed with .*)$", line)
    if command:
        return f"{os.path.basename(command.group(1))} {command.group(2)}"
    return line[:200]


def _missing_compiler() -> str | None:
    """Why there is no C compiler to run (None: there is one, or this system's compiler is
    only found by trying it)."""
    try:
        from setuptools._distutils import ccompiler, sysconfig
    except ImportError:  # pragma: no cover - an old setuptools
        from distutils import ccompiler, sysconfig  # type: ignore[no-redef]
    compiler = ccompiler.new_compiler()
    sysconfig.customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None)
    if not command:
        return None  # MSVC: found when it is first used
    if shutil.which(command[0]) is None:
        return f"no C compiler: {command[0]} not found"
    return None


def _native_extensions() -> tuple[list[object], str | None]:
    """mypyc's C for the listed modules, as the extensions to compile; or none, and why."""
    if NATIVE.pure_requested():
        return [], f"built with {NATIVE.PURE_VARIABLE} set"
    missing = _missing_compiler()
    if missing is not None:
        return [], missing
    try:
        from mypyc.build import mypycify
    except ImportError:
        return [], "mypyc is not installed"
    paths = [os.path.join(*name.split(".")) + ".py" for name in NATIVE.NATIVE_MODULES]
    cwd = os.getcwd()
    os.chdir(HERE)  # mypy finds the project's modules from its root
    try:
        return mypycify(["--cache-dir", os.path.join(MYPYC_DIR, "cache"), *paths],
                        group_name=NATIVE.GROUP, target_dir=MYPYC_DIR, opt_level="3"), None
    except SystemExit as error:  # mypyc's way to stop: its errors are printed above
        return [], f"mypyc stopped ({_first_line(error)}): see its errors above"
    except Exception as error:  # noqa: BLE001 - whatever stops it, the install goes on
        return [], f"mypyc failed: {type(error).__name__}: {_first_line(error)}"
    finally:
        os.chdir(cwd)


EXTENSIONS, NOT_COMPILED = _native_extensions() if BUILDING else ([], None)


def _write_manifest(build_lib: str, data: dict[str, object]) -> None:
    path = os.path.join(build_lib, "game", NATIVE.MANIFEST)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=1, sort_keys=True)
        file.write("\n")


def _clear(build_lib: str) -> None:
    """A compiled build left in ``build_lib`` by an earlier run goes: it would otherwise
    ride into this wheel."""
    for path in NATIVE.compiled_outputs(build_lib, NATIVE.NATIVE_MODULES):
        os.remove(path)


def _not_compiled(build_lib: str, reason: str) -> None:
    _clear(build_lib)
    _write_manifest(build_lib, NATIVE.not_compiled(reason))
    _say(f"the engine is not compiled ({reason}): installing the interpreted modules, which "
         f"play the same, only slower", loud=True)


class BuildPy(build_py):
    """The sources, with no compiled module of an earlier build left among them; a build
    that compiles nothing says why in its manifest."""

    def run(self) -> None:
        super().run()
        if EDITABLE or getattr(self, "editable_mode", False) or not BUILDING:
            return
        _clear(self.build_lib)
        if NOT_COMPILED is not None:
            _not_compiled(self.build_lib, NOT_COMPILED)


class BuildNative(build_ext):
    """mypyc's C compiled; when that fails, nothing (the interpreted modules are installed)
    and one line saying why."""

    def run(self) -> None:
        if not self.extensions or self.inplace or getattr(self, "editable_mode", False):
            if NOT_COMPILED is not None and "build_ext" in sys.argv:
                _not_compiled(self.build_lib, NOT_COMPILED)  # build_ext alone: say so too
            return
        try:
            super().run()
        except (KeyboardInterrupt, MemoryError):
            raise
        except Exception as error:  # noqa: BLE001 - a compiler, a linker, a file that failed
            _not_compiled(self.build_lib,
                          f"the C compile failed: {type(error).__name__}: {_first_line(error)}")
            return
        from mypy.version import __version__ as mypy_version

        _write_manifest(self.build_lib, NATIVE.manifest(HERE, NATIVE.NATIVE_MODULES,
                                                        mypy_version=mypy_version))
        _say(f"the engine is compiled with mypyc ({len(NATIVE.NATIVE_MODULES)} modules)")


setup(packages=[*find_packages(include=["game", "game.*", "physics", "physics.*"]),
                "game.assets"],
      ext_modules=EXTENSIONS,
      cmdclass={"build_py": BuildPy, "build_ext": BuildNative})
