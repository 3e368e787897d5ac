"""Issue 50's done-when, kept: no module of game/play or game/saves grows past 500 lines (the
board's play was split into parts with their own state, board_huff.py, board_review.py,
board_draws.py, board_takebacks.py, when it reached 631)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 500


def test_no_module_of_play_or_saves_is_over_500_lines() -> None:
    paths = sorted((ROOT / "game" / "play").glob("*.py")) \
        + sorted((ROOT / "game" / "saves").glob("*.py"))
    assert len(paths) > 20, "the modules are found"
    long = {path.relative_to(ROOT).as_posix(): lines for path in paths
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT}
    assert long == {}
