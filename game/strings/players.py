"""Strings of who plays: the players' names on the board's panel and in PDN tags, and the
clocks beside them."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # how the panel and a PDN's White/Black tags name a player the game has no name for
    "players.computer": {"ru": "Компьютер, уровень {level}", "en": "Computer, level {level}"},
    "players.person": {"ru": "Игрок", "en": "Player"},
    # the same, where a narrow panel has no room for the whole
    "players.computer.short": {"ru": "Компьютер, ур. {level}", "en": "Computer, lv {level}"},
    # kings beside a side's count of pieces
    "players.kings": {"ru": "♛{n}", "en": "♛{n}"},
}
