"""Strings of the computer's share of the machine on the Settings screen: thinking on the
player's time, and the memory its search may keep."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "settings.ponder": {"ru": "Думать в ваше время", "en": "Think on your time"},
    "settings.ponder.on.help": {
        "ru": "Уровень 8 думает с вами: ядро занято",
        "en": "Level 8 keeps a core busy as you think",
    },
    "settings.ponder.off.help": {
        "ru": "Пока вы думаете, процессор отдыхает",
        "en": "The processor rests while you think",
    },
    "settings.engine_memory": {"ru": "Память компьютера", "en": "Computer's memory"},
    "settings.engine_memory.value": {"ru": "{mb} МБ", "en": "{mb} MB"},
    "settings.engine_memory.help": {
        "ru": "Больше — сильнее при долгом раздумье",
        "en": "More plays stronger on long thinks",
    },
}
