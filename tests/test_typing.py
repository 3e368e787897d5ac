"""The whole game, its physics and its tests stay strictly typed: ``mypy --strict`` over
game/, physics/ and tests/ (one run: the tests add some 3 s to it), and no part of a screen
hides behind ``self: Any`` (nor the app or the game in play behind ``Any``)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.purity import ROOT

PACKAGES = ("game", "physics")


def _sources() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]


def test_the_game_the_physics_and_the_tests_pass_a_strict_type_check(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir",
                           str(tmp_path / "cache"), *PACKAGES, "tests"],
                          capture_output=True, text=True, timeout=400, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout


_UNTYPED = re.compile(r"\b(self|app|play)\s*:\s*(typing\.)?Any\b")


def test_no_self_app_or_play_is_typed_any() -> None:
    sources = _sources()
    assert len(sources) > 150, "the packages are found"
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sources
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _UNTYPED.search(line)]
    assert found == []


def test_the_any_check_sees_an_untyped_part() -> None:
    assert _UNTYPED.search("    def f(self: Any, x: int) -> None:")
    assert _UNTYPED.search("        self.app: Any = app")  # (an attribute's note too)
    assert not _UNTYPED.search("    def f(self, app: App, play: BoardPlay) -> None:")
