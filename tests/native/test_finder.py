"""The compiled engine is used only when it stands for the sources beside it: an edited
source, a build without a manifest, a compiled module that fails to import (a damaged file, a
runtime library that does not load) run the source and say so once; ``SHASHKI_PURE`` runs
the source; the build's own fallback (no compiler) installs the interpreted modules.

Each case builds its own small package in a temporary folder (a source module, its
"compiled" file, a manifest) and its own finder, so that no real compile is needed: where a
compiled module must really load, a tiny C extension is built with the system's compiler
(skipped without one). The real compile and the real engine run in CI's compiled step."""
from __future__ import annotations

import importlib
import itertools
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import native
from game.native import NativeFinder

ROOT = Path(__file__).resolve().parents[2]
#: the folder holding the ``game`` imported: the checkout, or an installed copy (CI's
#: compiled step runs these tests from outside the checkout)
SOURCE = Path(native.__file__).resolve().parents[1]
SUFFIX = native.python_tag()
_names = itertools.count()

HOT_C = r"""
#include <Python.h>
static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, "hot", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_hot(void) {
    /* as a mypyc shim does: the group's shared library first */
    PyObject *runtime = PyImport_ImportModule("PACKAGE.rt__mypyc");
    if (runtime == NULL) return NULL;
    Py_DECREF(runtime);
    PyObject *module = PyModule_Create(&def);
    if (module != NULL) PyModule_AddStringConstant(module, "WHICH", "compiled");
    return module;
}
"""
RUNTIME_C = r"""
#include <Python.h>
static struct PyModuleDef def = {PyModuleDef_HEAD_INIT, "rt__mypyc", NULL, -1, NULL};
PyMODINIT_FUNC PyInit_rt__mypyc(void) { return PyModule_Create(&def); }
"""


class Fake:
    """A package ``name`` under ``root`` with one listed module, ``hot`` (its source says
    ``WHICH = "source"``), and a finder for it."""

    def __init__(self, root: Path) -> None:
        self.name = f"shashki_fake_native_{next(_names)}"
        self.root = root
        self.package = root / self.name
        self.package.mkdir()
        (self.package / "__init__.py").write_text("")
        (self.package / "hot.py").write_text('WHICH = "source"\n')
        self.module = f"{self.name}.hot"
        self.runtime = f"{self.name}.rt__mypyc"
        self.finders: list[NativeFinder] = []

    def compiled_file(self, build: Path, module: str = "hot") -> Path:
        return build / self.name / f"{module}{SUFFIX}"

    def put_garbage(self, build: Path, module: str = "hot") -> None:
        """A compiled file that is not one (a damaged or truncated download)."""
        path = self.compiled_file(build, module)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"\x7fELF this is not a shared library")

    def put_compiled(self, build: Path, built: dict[str, Path], *, runtime: bool = True) -> None:
        for module, source in built.items():
            if module == "rt__mypyc" and not runtime:
                continue
            path = self.compiled_file(build, module)
            path.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, path)

    def put_manifest(self, build: Path, data: dict[str, object] | None = None) -> None:
        if data is None:
            data = native.manifest(str(self.root), [self.module], mypy_version="test")
        path = build / self.name / native.MANIFEST
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))

    def finder(self, build: Path | None = None, /, **environ: str) -> NativeFinder:
        finder = NativeFinder(str(self.package), [self.module], self.runtime,
                              build_root=None if build is None else str(build),
                              environ=environ)
        sys.meta_path.insert(0, finder)
        self.finders.append(finder)
        return finder

    def load(self) -> object:
        importlib.invalidate_caches()
        return importlib.import_module(self.module)

    def close(self) -> None:
        for finder in self.finders:
            sys.meta_path.remove(finder)
        for name in list(sys.modules):
            if name == self.name or name.startswith(self.name + "."):
                del sys.modules[name]


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Fake]:
    monkeypatch.syspath_prepend(str(tmp_path))
    made = Fake(tmp_path)
    yield made
    made.close()


@pytest.fixture(scope="session")
def c_modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The C of the fake compiled module and its runtime library, for a package name filled
    in by :func:`_build`; skipped where there is no C compiler."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}) to build a real extension module with")
    return {"hot": HOT_C, "rt__mypyc": RUNTIME_C}


def _build(fake: Fake, sources: dict[str, str], into: Path) -> dict[str, Path]:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    include = sysconfig.get_paths()["include"]
    built = {}
    for module, text in sources.items():
        c_file = into / f"{module}.c"
        c_file.write_text(text.replace("PACKAGE", fake.name))
        out = into / f"{module}{SUFFIX}"
        subprocess.run([*compiler, "-shared", "-fPIC", "-I", include, str(c_file), "-o", str(out)],
                       check=True, capture_output=True, timeout=60)
        built[module] = out
    return built


def test_the_list_names_modules_of_the_engine_that_exist_as_sources() -> None:
    assert len(set(native.NATIVE_MODULES)) == len(native.NATIVE_MODULES) > 0
    for name in native.NATIVE_MODULES:
        assert name.startswith(("game.ai.", "game.rules.")), name  # the hot core, no screen
        assert (SOURCE / native.module_path(name)).with_suffix(".py").is_file(), name
    assert native.RUNTIME.startswith("game.") and native.RUNTIME.endswith("__mypyc")


def test_a_matching_build_runs_compiled(fake: Fake, tmp_path: Path,
                                        c_modules: dict[str, str],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    build = tmp_path / "build"  # out of the tree, as tools/build_native.py makes it
    (tmp_path / "c").mkdir()
    fake.put_compiled(build, _build(fake, c_modules, tmp_path / "c"))
    fake.put_manifest(build)
    finder = fake.finder(**{native.DIR_VARIABLE: str(build)})
    assert getattr(fake.load(), "WHICH") == "compiled"
    report = finder.report(sys.modules)
    assert report.all_compiled and report.line() == "engine: compiled (mypyc, 1 module)"
    assert capsys.readouterr().err == ""


def test_an_edited_source_is_run_instead_of_the_older_compiled_module_and_said_once(
        fake: Fake, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the installed layout: the compiled file beside its source, where the ordinary import
    # would take the compiled file (here one that cannot load, which shows that it was not
    # even tried)
    fake.put_garbage(tmp_path)
    fake.put_manifest(tmp_path)
    with pytest.raises(ImportError):
        fake.load()  # without the finder the compiled file shadows the source
    (fake.package / "hot.py").write_text('WHICH = "source"  # edited after the build\n')
    finder = fake.finder()
    assert getattr(fake.load(), "WHICH") == "source"
    line = finder.report(sys.modules).line()
    assert line == (f"engine: interpreted (stale compiled module ignored: {fake.name}/hot.py "
                    f"changed since the build)")
    importlib.reload(sys.modules[fake.module])
    err = capsys.readouterr().err
    assert err.count("stale compiled module ignored") == 1, err
    assert "the engine runs interpreted" in err


def test_a_compiled_module_that_fails_to_import_falls_back_to_its_source(
        fake: Fake, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake.put_garbage(tmp_path / "build")
    fake.put_garbage(tmp_path / "build", "rt__mypyc")
    fake.put_manifest(tmp_path / "build")  # the sources match: the file itself is broken
    finder = fake.finder(tmp_path / "build")
    module = fake.load()
    assert getattr(module, "WHICH") == "source"
    assert Path(getattr(module, "__file__")) == fake.package / "hot.py"
    line = finder.report(sys.modules).line()
    assert line.startswith(f"engine: interpreted (compiled module failed to import: "
                           f"{fake.module}: ImportError"), line
    assert "compiled module failed to import" in capsys.readouterr().err


def test_a_runtime_library_that_does_not_load_falls_back_to_the_source(
        fake: Fake, tmp_path: Path, c_modules: dict[str, str],
        capsys: pytest.CaptureFixture[str]) -> None:
    build = tmp_path / "build"
    (tmp_path / "c").mkdir()
    fake.put_compiled(build, _build(fake, c_modules, tmp_path / "c"), runtime=False)
    fake.put_garbage(build, "rt__mypyc")  # the shim loads; its shared library does not
    fake.put_manifest(build)
    finder = fake.finder(build)
    assert getattr(fake.load(), "WHICH") == "source"
    assert "rt__mypyc" in finder.report(sys.modules).line()
    assert "compiled module failed to import" in capsys.readouterr().err


def test_a_build_without_its_runtime_library_is_not_used(
        fake: Fake, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    build = tmp_path / "build"
    fake.put_garbage(build)  # never loaded: the build is judged incomplete first
    fake.put_manifest(build)
    finder = fake.finder(build)
    assert getattr(fake.load(), "WHICH") == "source"
    assert finder.report(sys.modules).line() == (
        f"engine: interpreted (compiled build incomplete: no compiled file of {fake.runtime})")
    assert "compiled build incomplete" in capsys.readouterr().err


def test_a_build_for_another_python_is_not_used(
        fake: Fake, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake.put_garbage(tmp_path)
    manifest = native.manifest(str(tmp_path), [fake.module], mypy_version="test")
    manifest["python"] = ".cpython-39-x86_64-linux-gnu.so"
    fake.put_manifest(tmp_path, manifest)
    finder = fake.finder()
    assert getattr(fake.load(), "WHICH") == "source"
    assert finder.report(sys.modules).line() == (
        "engine: interpreted (compiled build ignored: built for another Python "
        "(.cpython-39-x86_64-linux-gnu.so))")
    assert "built for another Python" in capsys.readouterr().err


def test_shashki_pure_runs_the_source_beside_a_good_build(
        fake: Fake, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake.put_garbage(tmp_path)
    fake.put_manifest(tmp_path)
    finder = fake.finder(**{native.PURE_VARIABLE: "1"})
    assert getattr(fake.load(), "WHICH") == "source"
    assert finder.report(sys.modules).line() == "engine: interpreted (SHASHKI_PURE is set)"
    assert capsys.readouterr().err == ""  # asked for: nothing to warn of


def test_a_compiled_file_without_a_manifest_is_ignored(
        fake: Fake, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake.put_garbage(tmp_path)  # say, `python -m mypyc` run by hand in the checkout
    finder = fake.finder()
    assert getattr(fake.load(), "WHICH") == "source"
    assert "without a build manifest" in finder.report(sys.modules).line()
    assert "without a build manifest" in capsys.readouterr().err


def test_an_install_that_could_not_compile_says_why(
        fake: Fake, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake.put_manifest(tmp_path, native.not_compiled("no C compiler: gcc not found"))
    finder = fake.finder()
    assert getattr(fake.load(), "WHICH") == "source"
    assert finder.report(sys.modules).line() == (
        "engine: interpreted (not compiled at install: no C compiler: gcc not found)")
    assert capsys.readouterr().err == ""  # the install said it; --version says it


def test_a_plain_checkout_is_interpreted_with_nothing_to_say(fake: Fake) -> None:
    finder = fake.finder()
    assert getattr(fake.load(), "WHICH") == "source"
    assert finder.report(sys.modules).line() == "engine: interpreted"


def test_the_manifest_covers_what_the_compile_reads(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    for rel, text in {"__init__.py": "", "sub/__init__.py": "",
                      "sub/hot.py": "from pkg.sub.consts import LIMIT\nimport json\n"
                                    "def f() -> None:\n    from . import lazy\n",
                      "sub/consts.py": "LIMIT = 3\n", "sub/lazy.py": "", "sub/other.py": ""
                      }.items():
        (package / rel).write_text(text)
    assert native.source_closure(str(tmp_path), ["pkg.sub.hot"]) == [
        "pkg/__init__.py", "pkg/sub/__init__.py", "pkg/sub/consts.py", "pkg/sub/hot.py",
        "pkg/sub/lazy.py"]
    # the engine's own: each listed module and what it imports of the game
    closure = native.source_closure(str(SOURCE), native.NATIVE_MODULES)
    assert {f"{native.module_path(m)}.py" for m in native.NATIVE_MODULES} <= set(closure)
    assert "game/rules/core.py" in closure and "game/native.py" in closure


@pytest.mark.parametrize("environ, reason", [
    ({"CC": "/nonexistent/cc"}, "no C compiler: /nonexistent/cc not found"),
    ({"SHASHKI_PURE": "1"}, "built with SHASHKI_PURE set"),
])
def test_the_build_without_a_compiler_or_with_shashki_pure_installs_the_interpreted_modules(
        tmp_path: Path, environ: dict[str, str], reason: str) -> None:
    pytest.importorskip("setuptools")
    if not (ROOT / "setup.py").is_file():
        pytest.skip("the build is the checkout's (these tests run from a copy here)")
    # the case's own variables only (a SHASHKI_PURE of the caller's would answer first)
    env = {**{k: v for k, v in os.environ.items() if k != "SHASHKI_PURE"}, **environ}
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib",
                           str(tmp_path / "lib"), "--build-temp", str(tmp_path / "temp")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if line.startswith("shashki:")]
    assert said == [f"shashki: the engine is not compiled ({reason}): installing the "
                    f"interpreted modules, which play the same, only slower"]
    written = json.loads((tmp_path / "lib" / "game" / native.MANIFEST).read_text())
    assert written == native.not_compiled(reason)
    assert not list((tmp_path / "lib").rglob(f"*{SUFFIX}"))


def test_the_engine_line_says_what_runs_here() -> None:
    report = native.engine_report()
    if os.environ.get("SHASHKI_REQUIRE_COMPILED"):
        # CI's compiled step: the installed build, not a checkout's sources
        assert report.all_compiled, report.line()
        for name in native.NATIVE_MODULES:
            assert getattr(sys.modules[name], "__file__").endswith(SUFFIX), name
    assert report.line().startswith(("engine: compiled", "engine: interpreted"))
    assert (report.line().startswith("engine: compiled")) == report.all_compiled
