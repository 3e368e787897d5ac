"""The rules core stays pure and strictly typed: a library a stranger could use."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "game" / "rules"


def test_the_rules_core_passes_a_strict_type_check(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir",
                           str(tmp_path / "cache"), str(RULES)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_rules_core_imports_no_display_physics_or_file_io() -> None:
    banned = {"pygame", "pymunk", "physics", "game.scenes", "game.ui", "game.app", "os",
              "pathlib", "io", "shutil", "tempfile"}
    for path in RULES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not any(name == b or name.startswith(b + ".") for b in banned), \
                    f"{path.name} imports {name}"
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
                raise AssertionError(f"{path.name} opens a file")
