"""The screens, the ui and the game files stay strictly typed: no part of a screen hides behind
``self: Any``, and the app and the game in play are never ``Any``."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.purity import ROOT

#: the Chapaev screen is being reshaped on its own (issue 36); it joins when it is clean
NOT_YET = ("chapaev",)


def _checked() -> list[Path]:
    files = [path for folder in ("scenes", "ui")
             for path in sorted((ROOT / "game" / folder).rglob("*.py"))
             if not any(part in NOT_YET for part in path.relative_to(ROOT).parts)]
    return [*files, *sorted((ROOT / "game" / "saves").glob("*.py"))]


def test_the_screens_the_ui_and_the_saves_pass_a_strict_type_check(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    files = _checked()
    assert len(files) > 40, "the screens and the ui are found"
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir",
                           str(tmp_path / "cache"), *map(str, files)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


_UNTYPED = re.compile(r"\b(self|app|play)\s*:\s*(typing\.)?Any\b")


def test_no_self_app_or_play_is_typed_any() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in _checked()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _UNTYPED.search(line)]
    assert found == []
