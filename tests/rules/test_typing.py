"""The rules core stays pure and strictly typed: a library a stranger could use."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.purity import ROOT, banned_imports, opens_files

RULES = ROOT / "game" / "rules"


def test_the_rules_core_the_engine_and_the_physics_pass_a_strict_type_check(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    # (the engine's Chapaev planner brings the physics in: it is held to --strict too)
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir",
                           str(tmp_path / "cache"), str(RULES), str(ROOT / "game" / "ai")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_rules_core_imports_no_display_physics_or_file_io() -> None:
    banned = {"pygame", "pymunk", "physics", "game.scenes", "game.ui", "game.app", "os",
              "pathlib", "io", "shutil", "tempfile"}
    assert banned_imports(RULES, banned) == []
    assert opens_files(RULES) == []
