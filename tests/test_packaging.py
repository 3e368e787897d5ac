"""The game installs as a real package: assets travel with it, the entry points exist."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_a_built_wheel_carries_the_assets_and_finds_them(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                            str(tmp_path / "wheel"), str(ROOT)],
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "wheel").glob("shashki-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for needed in ("game/assets/fonts/DejaVuSans.ttf", "game/assets/sounds/tap.wav",
                   "game/assets/rules/ru/apokachi.txt", "game/assets/rules/en/chapaev.txt",
                   # what --install-desktop copies into the menu from a pip install
                   "game/assets/desktop/org.shashki.Shashki.desktop",
                   "game/assets/icons/org.shashki.Shashki-48.png",
                   "game/assets/icons/org.shashki.Shashki.svg",
                   "game/__main__.py", "game/rules/core.py", "physics/__init__.py"):
        assert needed in names, needed
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


def test_every_package_of_the_source_tree_is_listed_for_installation() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    for top in ("game", "physics"):
        for init in (ROOT / top).rglob("__init__.py"):
            name = ".".join(init.parent.relative_to(ROOT).parts)
            assert name in listed, f"{name} is missing from pyproject.toml's packages"
