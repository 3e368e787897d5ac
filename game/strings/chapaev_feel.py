"""Strings of the Chapaev press by feel: what the panel says while a piece is pressed in the
bayonet fight, once the press is enough and once the board creaks."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "chapaev.press.enough": {
        "ru": "Хватит — отпускайте!",
        "en": "Enough to push it off: let go.",
    },
    "chapaev.press.creaks": {
        "ru": "Скрипит — отпускайте!",
        "en": "The board creaks: let go!",
    },
}
