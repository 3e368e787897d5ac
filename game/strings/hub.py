"""Strings of a Hub engine (Scan, or this program's own) in a seat of an International game."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "hub.notice.cannot_start": {
        "ru": "Движок не запускается ({detail})",
        "en": "The engine does not start ({detail})",
    },
    "hub.notice.stopped": {
        "ru": "Движок остановился — он больше не ходит",
        "en": "The engine stopped: it plays no more",
    },
    "hub.notice.silent": {
        "ru": "Движок молчит и не готов к игре",
        "en": "The engine says nothing and is not ready to play",
    },
    "hub.notice.not_international": {
        "ru": "Движок Hub играет только в международные шашки",
        "en": "A Hub engine plays International draughts only",
    },
    "hub.notice.bad_move": {
        "ru": "Движок ответил ходом, которого нет: {detail}",
        "en": "The engine answered with a move that is not one: {detail}",
    },
    "hub.notice.error": {
        "ru": "Движок сообщает: {detail}",
        "en": "The engine says: {detail}",
    },
}
