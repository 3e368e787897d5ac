"""Every string the player sees exists in Russian and in English."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import i18n
from game.resources import asset
from game.catalog import GAMES

GAME_SOURCES = Path(__file__).resolve().parent.parent / "game"


def test_every_key_has_both_languages() -> None:
    for key, texts in i18n.STRINGS.items():
        assert set(texts) == set(i18n.LANGUAGES), key
        assert all(text.strip() for text in texts.values()), key


def test_every_key_the_code_asks_for_exists() -> None:
    used: set[str] = set()
    for path in GAME_SOURCES.rglob("*.py"):
        used |= set(re.findall(r'\btr\(\s*"([a-z_.]+)"', path.read_text(encoding="utf-8")))
        used |= set(re.findall(r'"((?:settings|menu|quit|dialog|common|rules|app)\.[a-z_.]+)"',
                               path.read_text(encoding="utf-8")))
    for game in GAMES:
        used |= {game.title_key, game.blurb_key}
    used.discard("settings.json")  # the file name, not a string shown
    missing = sorted(k for k in used if k not in i18n.STRINGS)
    assert not missing


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("game", [g.key for g in GAMES])
def test_every_game_has_a_rules_page_in_both_languages(language: str, game: str) -> None:
    text = asset("rules", language, f"{game}.txt").read_text(encoding="utf-8")
    assert text.startswith("# ") and len(text) > 1500


def test_the_default_language_follows_the_system(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert i18n.default_language() == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.default_language() == "ru"
    monkeypatch.setenv("LANG", "C")
    assert i18n.default_language() == "ru", "Russian is the first language"
