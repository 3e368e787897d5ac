"""Where the shipped assets (fonts, sounds, rules texts) live, however the game was installed."""
from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache
def assets_dir() -> Path:
    """The assets folder: inside the installed package, or beside it in a source checkout."""
    for candidate in (_PACKAGE / "assets", _PACKAGE.parent / "assets"):
        if (candidate / "fonts").is_dir():
            return candidate
    raise FileNotFoundError(f"the game's assets are missing (looked in {_PACKAGE})")


def asset(*parts: str) -> Path:
    """The path of one asset, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    return assets_dir().joinpath(*parts)
