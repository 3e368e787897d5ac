"""Strings of the first start: the question of the language, each answer in its own words."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "welcome.choose": {"ru": "Выберите язык", "en": "Choose your language"},
    "welcome.play": {"ru": "Играть на русском", "en": "Play in English"},
    "welcome.later": {"ru": "Язык можно сменить в Настройках",
                      "en": "You can change it later in Settings"},
    "welcome.keys": {"ru": "Стрелки и Enter — выбор", "en": "Arrows and Enter to choose"},
}
