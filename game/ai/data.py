"""The engine's data files (learned weights, opening books, endgame tables), read-only.

They ship in the game's assets: ``game/assets`` in an installed game, ``assets/`` beside the
package in a source checkout (as ``game.resources`` finds them for the window). They are
read through :mod:`importlib.resources`, so the engine itself touches no paths; nothing here
writes.
"""
from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable


def data_file(*parts: str) -> Traversable | None:
    """The data file ``assets/<parts...>``, or None if the game has no such file."""
    base = resources.files("game")
    for root in (base / "assets", base / ".." / "assets"):
        item = root.joinpath(*parts)
        if item.is_file():
            return item
    return None


def read_data(*parts: str) -> bytes | None:
    """The bytes of a data file, or None when there is none (an error reading it raises
    OSError)."""
    item = data_file(*parts)
    return None if item is None else item.read_bytes()
