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
    # a key the code counts with (``counted("….help.many", n)``) stands for its plural forms
    missing = sorted(k for k in used if k not in i18n.STRINGS and f"{k}.one" not in i18n.STRINGS)
    assert not missing


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("game", [g.key for g in GAMES])
def test_every_game_has_a_rules_page_in_both_languages(language: str, game: str) -> None:
    text = asset("rules", language, f"{game}.txt").read_text(encoding="utf-8")
    assert text.startswith("# ") and len(text) > 1500


def test_the_default_language_follows_the_system(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert i18n.default_language() == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.default_language() == "ru"
    for other in ("C", "C.UTF-8", "POSIX", "de_DE.UTF-8", "fr_FR"):
        monkeypatch.setenv("LANG", other)
        assert i18n.default_language() == "en", f"{other}: English, not Russian"
    monkeypatch.setenv("LANGUAGE", "de:ru:en")  # the first of the list the game speaks
    assert i18n.default_language() == "ru"
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.delenv("LANG")
    monkeypatch.setattr("locale.getlocale", lambda: ("Russian_Russia", "1251"))  # Windows
    assert i18n.default_language() == "ru"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_kind_of_troops_is_named_and_described_on_the_chapaev_page(language: str) -> None:
    from game.rules.chapaev import Campaign, Troop

    page = asset("rules", language, "chapaev.txt").read_text(encoding="utf-8").lower()
    for troop in Troop:
        name = i18n.STRINGS[f"chapaev.troop.{troop.value}"][language]
        assert i18n.STRINGS[f"chapaev.troop.{troop.value}.help"][language]
        assert f"- {name}" in page, f"the rules page gives {name} a line of its own"
    choices = {"off": Campaign.OFF, "loser": Campaign.LOSER_CHANGES,
               "winner": Campaign.WINNER_CHANGES}
    for key in choices:
        assert i18n.STRINGS[f"chapaev.setup.troops.{key}.help"][language]
    swamp, bayonet = (("болото", "штыковая") if language == "ru"
                      else ("swamp", "bayonet fight"))
    assert swamp in page and bayonet in page
