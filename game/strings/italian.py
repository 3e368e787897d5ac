"""Strings of Italian draughts: its name, its line on the menu and its two refusals."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "game.italian": {"ru": "Итальянские шашки", "en": "Italian draughts"},
    "blurb.italian": {
        "ru": "Доска повёрнута, дамка ходит на одно поле, а простая не может бить дамку; "
              "бьют больше, а при равенстве — дамкой и дамку.",
        "en": "A turned board; kings step one square and no man may take a king. Take the "
              "most, and at equal numbers with a king and a king first.",
    },
    "board.why.man_takes_king": {
        "ru": "Простая шашка не может бить дамку",
        "en": "A man may not capture a king",
    },
    "board.why.quality": {
        "ru": "Поровну шашек: бьёт дамка, больше дамок, раньше дамку",
        "en": "As many pieces: a king captures, most kings, a king first",
    },
}
