"""The engine's compiled modules: which they are, and which of them runs.

The hot core of the engine is one source of typed Python. Where a C compiler is present,
``pip install .`` compiles the modules of :data:`NATIVE_MODULES` with mypyc (setup.py) into
one shared library, the ``.py`` files staying beside it as the fallback and the reference.
A build writes a manifest (:data:`MANIFEST`): the modules it compiled and the sha256 of every
project source it read. At import, :class:`NativeFinder` (installed by ``game/__init__.py``,
asked only about the listed modules) uses the compiled modules only when the sources beside
them are still the ones compiled; an edited source, a build without a manifest, or a compiled
module that fails to import (another Python, a missing runtime library, a damaged file) runs
the source instead, and says so once on stderr. ``SHASHKI_PURE=1`` runs (and builds) the
interpreted modules; ``SHASHKI_NATIVE_DIR`` points a source checkout at a compiled build made
out of its tree (``tools/build_native.py``). :func:`engine_line` says which runs.

This module is read by setup.py too (by its path, before anything is installed): it imports
only the standard library, and nothing of ``game``.
"""
from __future__ import annotations

import os
import sys
import _thread
from collections.abc import Iterable, Mapping, Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from types import ModuleType

#: The modules compiled with mypyc where a compiler is present, by their dotted names: the
#: engine's hot core. One line each, in its family's group; a module here must compile
#: cleanly as it is and give the answers its source gives: check with
#: ``python tools/build_native.py`` and ``SHASHKI_NATIVE_DIR=build/native
#: SHASHKI_REQUIRE_COMPILED=1 python -m pytest tests/native tests/rules tests/ai``.
#: Everything else stays interpreted.
NATIVE_MODULES: tuple[str, ...] = (
    # the search and its memory, shared by every board game
    "game.ai.table",
    "game.ai.search",
    # the draughts family
    "game.rules.movegen",
    "game.ai.draughts",
    "game.ai.draughts_more",
    "game.ai.frisian",
    "game.ai.eval_draughts",
    "game.ai.eval_learned",
    "game.ai.endgame",
    # Apokachi and Уголки
    "game.rules.apokachi_moves",
    "game.rules.ugolki_moves",
    "game.ai.apokachi_board",
    "game.ai.ugolki_board",
    # Turkish draughts
    "game.rules.turkish_moves",
    "game.ai.turkish_board",
)

#: the compile group's name: mypyc builds the listed modules into one shared library,
#: ``<GROUP>__mypyc`` (its runtime and the modules' code), and a small shim a module
GROUP = "game.engine_native"
#: the shared library's module name, which every compiled module's shim imports
RUNTIME = GROUP + "__mypyc"
#: the build's manifest, in the compiled package's folder (``game/``)
MANIFEST = "native_build.json"
MANIFEST_FORMAT = 1
#: set (to anything but "" or "0"): build and run the interpreted modules
PURE_VARIABLE = "SHASHKI_PURE"
#: a folder holding a compiled build of a source checkout (``game/...`` inside it); a
#: relative one is taken from the checkout's root
DIR_VARIABLE = "SHASHKI_NATIVE_DIR"


def pure_requested(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the environment asks for the interpreted engine (``SHASHKI_PURE=1``)."""
    return environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def python_tag() -> str:
    """The file suffix this Python gives its extension modules (what a build must match)."""
    return EXTENSION_SUFFIXES[0]


def module_path(name: str) -> str:
    """A dotted module's path below the folder that holds its top package, '/'-separated,
    without the suffix (``game/ai/search``)."""
    return name.replace(".", "/")


def _sha256(path: str) -> str:
    import hashlib

    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def _extension_file(root: str, name: str) -> str | None:
    """The compiled file of module ``name`` in the build under ``root``, if there is one."""
    base = os.path.join(root, *name.split("."))
    for suffix in EXTENSION_SUFFIXES:
        if os.path.isfile(base + suffix):
            return base + suffix
    return None


class EngineReport:
    """What runs: the listed modules compiled and interpreted, and why not all compiled."""

    __slots__ = ("compiled", "interpreted", "reason")

    def __init__(self, compiled: Sequence[str], interpreted: Sequence[str],
                 reason: str | None) -> None:
        self.compiled = tuple(compiled)
        self.interpreted = tuple(interpreted)
        self.reason = reason

    @property
    def all_compiled(self) -> bool:
        return bool(self.compiled) and not self.interpreted

    def line(self) -> str:
        """``engine: compiled`` or ``engine: interpreted``, with the reason when a build was
        there (or asked for) and is not what runs."""
        if self.all_compiled:
            count = len(self.compiled)
            return f"engine: compiled (mypyc, {count} module{'s' if count > 1 else ''})"
        if not self.compiled:
            return "engine: interpreted" + (f" ({self.reason})" if self.reason else "")
        total = len(self.compiled) + len(self.interpreted)
        return (f"engine: partly compiled ({len(self.compiled)} of {total} modules; "
                f"{self.reason or 'interpreted: ' + ', '.join(self.interpreted)})")


class _Decision:
    """What a finder decided about its build, once: the compiled files to use (module name
    -> path), or why none."""

    __slots__ = ("files", "reason", "notice")

    def __init__(self, files: dict[str, str] | None = None, reason: str | None = None,
                 notice: bool = False) -> None:
        self.files = files or {}
        self.reason = reason
        self.notice = notice  # a fallback the person running it should hear of


class NativeFinder:
    """A meta-path finder for the listed modules of one package (and the build's shared
    library): the compiled module when the build matches the sources, else the source.

    ``package_dir`` is the package's folder of sources; the build is looked for in
    ``build_root`` (the folder holding the package's compiled files), by default the
    package's parent (an installed copy, the packaged app). Any other module costs one set
    lookup."""

    def __init__(self, package_dir: str, modules: Iterable[str], runtime: str, *,
                 build_root: str | None = None,
                 environ: Mapping[str, str] = os.environ) -> None:
        self.package_dir = os.path.abspath(package_dir)
        self.package = os.path.basename(self.package_dir)
        self.source_root = os.path.dirname(self.package_dir)
        self.modules = tuple(modules)
        self.runtime = runtime
        self.watched = frozenset((*self.modules, runtime))
        self.environ = environ
        self.build_root = build_root
        self._decision: _Decision | None = None
        self._lock = _thread.allocate_lock()  # (threading itself costs a start 1 ms)
        self.failed: dict[str, str] = {}  # module -> why its compiled import failed
        self._told = False

    # --- the import system's side ---------------------------------------------------------
    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.watched:
            return None
        decision = self.decision()
        compiled = decision.files.get(fullname)
        if compiled is not None and not self.failed:
            if fullname == self.runtime:
                return spec_from_file_location(fullname, compiled,
                                               loader=ExtensionFileLoader(fullname, compiled))
            return spec_from_file_location(fullname, compiled,
                                           loader=_CompiledLoader(self, fullname, compiled))
        if fullname == self.runtime:
            return None
        return self._shadowed_source(fullname)

    def invalidate_caches(self) -> None:
        """Nothing cached that a new file could change (a build is judged once a run)."""

    def _source_file(self, name: str) -> str | None:
        path = os.path.join(self.source_root, *name.split(".")) + ".py"
        return path if os.path.isfile(path) else None

    def _shadowed_source(self, name: str) -> ModuleSpec | None:
        """The source's spec where a compiled file beside it would win the ordinary lookup;
        else None (the ordinary lookup finds the source)."""
        source = self._source_file(name)
        if source is None or _extension_file(self.source_root, name) is None:
            return None
        return spec_from_file_location(name, source)

    def fallback_spec(self, name: str) -> ModuleSpec | None:
        """The source of a module whose compiled file failed to import: the ``.py`` beside
        it, else what the other finders give that is not compiled (the packaged app's
        archive)."""
        source = self._source_file(name)
        if source is not None:
            return spec_from_file_location(name, source)
        parent = sys.modules.get(name.rpartition(".")[0])
        search = getattr(parent, "__path__", None)
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, search)
            if spec is not None and not (spec.origin or "").endswith(tuple(EXTENSION_SUFFIXES)):
                return spec
        return None

    def import_failed(self, name: str, error: BaseException) -> None:
        """A compiled module did not import: the rest of the build is not used either."""
        self.failed[name] = f"{type(error).__name__}: {error}"
        self.tell(f"compiled module failed to import ({name}: {self.failed[name]})")

    # --- the decision -----------------------------------------------------------------
    def decision(self) -> _Decision:
        if self._decision is None:
            with self._lock:
                if self._decision is None:
                    self._decision = self._decide()
                    if self._decision.notice and self._decision.reason:
                        self.tell(self._decision.reason)
        return self._decision

    def tell(self, reason: str) -> None:
        """The one line a fallback gets (stderr, once a run)."""
        if self._told or sys.stderr is None:
            return
        self._told = True
        print(f"shashki: {reason}: the engine runs interpreted", file=sys.stderr)

    def _decide(self) -> _Decision:
        if pure_requested(self.environ):
            return _Decision(reason=f"{PURE_VARIABLE} is set")
        root = self.build_root
        asked = self.environ.get(DIR_VARIABLE, "").strip()
        if root is None:
            # a relative folder is the checkout's (build/native), wherever the process runs
            root = os.path.join(self.source_root, asked) if asked else self.source_root
        manifest_path = os.path.join(root, self.package, MANIFEST)
        manifest = _read_manifest(manifest_path)
        if manifest is None:
            if asked:
                return _Decision(reason=f"{DIR_VARIABLE}={asked} holds no compiled build",
                                 notice=True)
            stray = [name for name in self.modules
                     if _extension_file(self.source_root, name) is not None]
            if stray:
                return _Decision(reason=f"compiled module without a build manifest ignored "
                                        f"({stray[0]})", notice=True)
            return _Decision()  # a plain source checkout
        if isinstance(manifest, str):
            return _Decision(reason=f"compiled build ignored: {manifest}", notice=True)
        if not manifest.get("compiled"):
            why = str(manifest.get("reason") or "unknown reason")
            return _Decision(reason=f"not compiled at install: {why}")
        if manifest.get("python") != python_tag():
            return _Decision(reason=f"compiled build ignored: built for another Python "
                                    f"({manifest.get('python')})", notice=True)
        built = manifest.get("modules")
        if not isinstance(built, list) or sorted(built) != sorted(self.modules):
            return _Decision(reason="stale compiled build ignored: it compiled other modules "
                                    "than game/native.py lists", notice=True)
        stale = _changed_source(self.source_root, manifest.get("sources"))
        if stale is not None:
            return _Decision(reason=f"stale compiled module ignored: {stale}", notice=True)
        files: dict[str, str] = {}
        for name in (*self.modules, self.runtime):
            found = _extension_file(root, name)
            if found is None:
                return _Decision(reason=f"compiled build incomplete: no compiled file of "
                                        f"{name}", notice=True)
            files[name] = found
        return _Decision(files)

    # --- what runs --------------------------------------------------------------------
    def report(self, modules: Mapping[str, ModuleType | None]) -> EngineReport:
        """What runs, given the listed modules as imported."""
        compiled: list[str] = []
        interpreted: list[str] = []
        for name in self.modules:
            module = modules.get(name)
            origin = getattr(module, "__file__", None) or ""
            (compiled if origin.endswith(tuple(EXTENSION_SUFFIXES)) else interpreted).append(name)
        reason = self.decision().reason
        if self.failed:
            name, why = next(iter(self.failed.items()))
            reason = f"compiled module failed to import: {name}: {why}"
        return EngineReport(compiled, interpreted, reason)


class _CompiledLoader(ExtensionFileLoader):
    """A compiled module's loader that, when the module fails to import, imports its source
    in its place (and tells the finder, which then uses no more of the build)."""

    def __init__(self, finder: NativeFinder, name: str, path: str) -> None:
        super().__init__(name, path)
        self.finder = finder
        self.source_loader: object = None

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:  # type: ignore[override]
        try:
            return super().create_module(spec)
        except Exception as error:  # an ImportError mostly; a damaged file may say other
            source = self.finder.fallback_spec(spec.name)
            if source is None or source.loader is None:
                raise
            self.finder.import_failed(spec.name, error)
            self.source_loader = source.loader
            spec.origin = source.origin  # the module's __file__: its source
            return source.loader.create_module(source)

    def exec_module(self, module: ModuleType) -> None:
        if self.source_loader is not None:
            self.source_loader.exec_module(module)  # type: ignore[attr-defined]
        else:
            super().exec_module(module)


def _read_manifest(path: str) -> dict[str, object] | str | None:
    """The manifest at ``path``; None if there is none; a string saying why it cannot be
    read."""
    import json

    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        return f"its manifest cannot be read ({type(error).__name__})"
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
        return "its manifest is of another format"
    return data


def _changed_source(source_root: str, sources: object) -> str | None:
    """The first source whose content differs from the one compiled ("game/ai/search.py
    changed since the build"); None if all match. Where none of them is there to compare
    (the packaged app holds no sources) the build is taken as it is."""
    if not isinstance(sources, dict) or not sources:
        return "the build's manifest lists no sources"
    present = {rel: os.path.join(source_root, *rel.split("/")) for rel in sources}
    present = {rel: path for rel, path in present.items() if os.path.isfile(path)}
    if not present:
        return None
    for rel, digest in sources.items():
        path = present.get(rel)
        if path is None:
            return f"{rel} is gone since the build"
        if _sha256(path) != digest:
            return f"{rel} changed since the build"
    return None


# --- the build's side (setup.py, tools/build_native.py) -----------------------------------
def source_closure(source_root: str, modules: Iterable[str]) -> list[str]:
    """Every project source a compile of ``modules`` reads ('/'-separated paths below
    ``source_root``): the modules, the project modules they import (transitively, imports
    inside functions too) and their packages' ``__init__.py``. mypyc bakes in what it reads
    (a ``Final`` constant of an imported module is inlined), so all of them must be
    unchanged for a build to stand for its sources."""
    import ast

    tops = {name.split(".")[0] for name in modules}

    def file_of(name: str) -> str | None:
        base = os.path.join(source_root, *name.split("."))
        for candidate in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.isfile(candidate):
                return candidate
        return None

    seen: dict[str, str] = {}
    todo = list(modules)
    while todo:
        name = todo.pop()
        if name in seen or name.split(".")[0] not in tops:
            continue
        path = file_of(name)
        if path is None:
            continue
        seen[name] = path
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # its packages
        package = name if path.endswith("__init__.py") else ".".join(parts[:-1])
        with open(path, encoding="utf-8") as file:
            tree = ast.parse(file.read(), path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                todo.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                todo.append(base)
                todo.extend(f"{base}.{alias.name}" for alias in node.names)
    return sorted(os.path.relpath(path, source_root).replace(os.sep, "/")
                  for path in seen.values())


def manifest(source_root: str, modules: Sequence[str], *, mypy_version: str) -> dict[str, object]:
    """The manifest of a successful compile of ``modules`` from the sources under
    ``source_root``."""
    return {"format": MANIFEST_FORMAT, "compiled": True, "modules": list(modules),
            "runtime": RUNTIME, "python": python_tag(), "mypy": mypy_version,
            "sources": {rel: _sha256(os.path.join(source_root, *rel.split("/")))
                        for rel in source_closure(source_root, modules)}}


def not_compiled(reason: str) -> dict[str, object]:
    """The manifest of a build that installed the interpreted modules, and why."""
    return {"format": MANIFEST_FORMAT, "compiled": False, "reason": reason}


def compiled_outputs(build_root: str, modules: Iterable[str]) -> list[str]:
    """The files of a compiled build under ``build_root`` (to clear before a new build): the
    modules' compiled files, the shared library and the manifest."""
    found = [_extension_file(build_root, name) for name in (*modules, RUNTIME)]
    manifest_file = os.path.join(build_root, GROUP.split(".")[0], MANIFEST)
    return [path for path in (*found, manifest_file) if path and os.path.isfile(path)]


# --- this package -------------------------------------------------------------------------
_FINDER: NativeFinder | None = None


def install() -> NativeFinder:
    """Put the finder for ``game``'s listed modules first on the import path (once)."""
    global _FINDER
    if _FINDER is None:
        _FINDER = NativeFinder(os.path.dirname(os.path.abspath(__file__)), NATIVE_MODULES,
                               RUNTIME)
        sys.meta_path.insert(0, _FINDER)
    return _FINDER


def engine_report() -> EngineReport:
    """What runs: imports every listed module, then says which came compiled."""
    from importlib import import_module

    finder = install()
    modules = {name: import_module(name) for name in NATIVE_MODULES}
    return finder.report(modules)


def engine_line() -> str:
    """``engine: compiled (...)`` or ``engine: interpreted [(why)]``: the line that
    ``shashki --version`` and the benchmarks print."""
    return engine_report().line()
