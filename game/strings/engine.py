"""Strings of the computer's share of the machine on the Settings screen: thinking on the
player's time, the memory its search may keep, and how many processes (cores) it searches on."""
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
    "settings.search_processes": {"ru": "Процессов поиска", "en": "Search processes"},
    "settings.search_processes.help.one": {
        "ru": "Уровни 6–8 думают на одном ядре",
        "en": "Levels 6–8 think on one core",
    },
    # more than one: "on 2 cores at once" (Russian: на 21 ядре, на 2 ядрах, на 5 ядрах)
    "settings.search_processes.help.many.one": {
        "ru": "Уровни 6–8 думают на {n} ядре сразу",
        "en": "Levels 6–8 think on {n} core at once",
    },
    "settings.search_processes.help.many.few": {
        "ru": "Уровни 6–8 думают на {n} ядрах сразу",
        "en": "Levels 6–8 think on {n} cores at once",
    },
    "settings.search_processes.help.many.many": {
        "ru": "Уровни 6–8 думают на {n} ядрах сразу",
        "en": "Levels 6–8 think on {n} cores at once",
    },
    "settings.search_processes.help.single": {
        "ru": "Здесь поиск идёт в одном процессе",
        "en": "Here the search runs in one process",
    },
}
