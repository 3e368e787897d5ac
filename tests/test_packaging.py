"""The game installs as a real package: assets travel with it, the entry points exist."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _source_copy(target: Path) -> Path:
    """The files a build reads, copied apart: a stale ``build/`` of this checkout cannot leak
    old modules into the wheel."""
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, target / name)
    for folder in ("game", "physics", "assets"):
        shutil.copytree(ROOT / folder, target / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return target


def _modules(root: Path) -> set[str]:
    return {str(p.relative_to(root)).replace("\\", "/") for top in ("game", "physics")
            for p in (root / top).rglob("*.py") if "__pycache__" not in p.parts}


def test_a_built_wheel_carries_every_module_and_the_assets_and_finds_them(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    source = _source_copy(tmp_path / "src")
    # interpreted (SHASHKI_PURE): the compile takes a minute and runs in CI's compiled step
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(tmp_path / "wheel"), str(source)],
                           capture_output=True, text=True, timeout=600,
                           env={**os.environ, "SHASHKI_PURE": "1"})
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "wheel").glob("shashki-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    # every module of the source tree is installed, and nothing that is not in it
    installed = {n for n in names if n.endswith(".py") and n.split("/")[0] in ("game", "physics")}
    assert installed == _modules(ROOT), installed ^ _modules(ROOT)
    for needed in ("game/assets/fonts/DejaVuSans.ttf", "game/assets/sounds/tap.wav",
                   "game/assets/rules/ru/apokachi.txt", "game/assets/rules/en/chapaev.txt",
                   # what --install-desktop copies into the menu from a pip install
                   "game/assets/desktop/org.shashki.Shashki.desktop",
                   "game/assets/icons/org.shashki.Shashki-48.png",
                   "game/assets/icons/org.shashki.Shashki.svg",
                   "game/__main__.py", "game/rules/core.py", "physics/__init__.py"):
        assert needed in names, needed
    # no compiled module in it, and the manifest says why (what --version reports)
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    manifest = json.loads(zipfile.ZipFile(wheel).read("game/native_build.json"))
    assert manifest == {"format": 1, "compiled": False, "reason": "built with SHASHKI_PURE set"}
    assert any(n.endswith("entry_points.txt") for n in names)
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "shashki = game.__main__:main" in zipfile.ZipFile(wheel).read(entry).decode()
    # unpacked somewhere else, the game finds its assets inside itself, not in this checkout
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    found = subprocess.run([sys.executable, "-c",
                            "import game.resources as r; print(r.assets_dir())"],
                           cwd=tmp_path, env={"PYTHONPATH": str(target)},
                           capture_output=True, text=True, timeout=60)
    assert found.returncode == 0, found.stderr
    assert Path(found.stdout.strip()) == target / "game" / "assets"
