"""The saves' screen tests open short saved games at once (see tests/scenes/conftest.py)."""
from __future__ import annotations

from tests.scenes.conftest import _replays_at_once

__all__ = ["_replays_at_once"]
