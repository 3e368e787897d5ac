"""The number of games is the catalog's wherever it is said: the menu counts the registry's
games in words in both languages. The static texts (README, pyproject's description, the
desktop entry, the AppStream metainfo) cannot count, so they say no number at all: a game
added to the registry leaves no count to update by hand (this test fails on one written in)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import i18n
from game.catalog import GAMES
from game.number_words import LARGEST, capitalized, in_words
from game.scenes import menu as menu_module
from game.ui import theme
from tests.scenes.legibility import read_screen, smallest_app

ROOT = Path(__file__).resolve().parent.parent
COUNT = len(GAMES)
#: the texts that say how many games there are, and the languages each says it in
STATIC: dict[str, tuple[str, ...]] = {
    "README.md": ("en",),
    "pyproject.toml": ("en",),
    "assets/desktop/org.shashki.Shashki.desktop": ("en", "ru"),
    "assets/desktop/org.shashki.Shashki.metainfo.xml": ("en", "ru"),
}
_NOUN = {"en": {"one": "game", "many": "games"},
         "ru": {"one": "игра", "few": "игры", "many": "игр"}}
#: what follows the count where a text counts the collection (not "one game per puzzle")
_BOX = {"en": r"from\s+the\s+draughts\s+box",
        "ru": r"из\s+(?:шашечной\s+коробки|коробки\s+с\s+шашками)"}


def _phrase(n: int, language: str) -> str:
    """How a text says ``n`` games: "eleven games", "двадцать одна игра"."""
    return f"{in_words(n, language, 'f')} {_NOUN[language][i18n.count_form(n, language)]}"


def _counts_said(text: str, language: str) -> list[str]:
    """Every count of the collection in ``text``: "<number in words> game(s) from the
    draughts box" (Russian: "... игр из коробки с шашками"), as "eleven games" (lower case,
    one space apart)."""
    numbers = sorted({in_words(n, language, gender) for n in range(1, 100)
                      for gender in ("m", "f", "n")}, key=len, reverse=True)
    number = "|".join(re.escape(words).replace(r"\ ", r"\s+") for words in numbers)
    nouns = "|".join(sorted(set(_NOUN[language].values()), key=len, reverse=True))
    found = re.finditer(rf"(?<!\w)(({number})\s+({nouns}))\s+{_BOX[language]}", text,
                        re.IGNORECASE)
    return [" ".join(match.group(1).lower().split()) for match in found]


# --- the words themselves ---------------------------------------------------------------------
@pytest.mark.parametrize("n, english", [
    (0, "zero"), (1, "one"), (7, "seven"), (11, "eleven"), (12, "twelve"), (19, "nineteen"),
    (20, "twenty"), (21, "twenty-one"), (40, "forty"), (99, "ninety-nine"),
    (100, "one hundred"), (101, "one hundred and one"), (342, "three hundred and forty-two")])
def test_a_number_in_english_words(n: int, english: str) -> None:
    assert in_words(n, "en") == english


@pytest.mark.parametrize("n, masculine, feminine, neuter", [
    (1, "один", "одна", "одно"), (2, "два", "две", "два"), (11, "одиннадцать", "одиннадцать",
                                                         "одиннадцать"),
    (12, "двенадцать", "двенадцать", "двенадцать"), (21, "двадцать один", "двадцать одна",
                                                     "двадцать одно"),
    (22, "двадцать два", "двадцать две", "двадцать два"), (40, "сорок", "сорок", "сорок"),
    (112, "сто двенадцать", "сто двенадцать", "сто двенадцать"),
    (201, "двести один", "двести одна", "двести одно"), (0, "ноль", "ноль", "ноль")])
def test_a_number_in_russian_words_agrees_with_its_noun(n: int, masculine: str, feminine: str,
                                                        neuter: str) -> None:
    assert in_words(n, "ru", "m") == masculine
    assert in_words(n, "ru", "f") == feminine
    assert in_words(n, "ru", "n") == neuter


def test_a_number_past_the_words_is_given_in_digits() -> None:
    assert in_words(LARGEST + 1, "en") == "1000" and in_words(LARGEST + 1, "ru") == "1000"
    assert in_words(-3, "en") == "-3"
    assert capitalized(in_words(11, "ru")) == "Одиннадцать" and capitalized("") == ""


@pytest.mark.parametrize("n, english, russian", [
    (1, "One game from the draughts box", "Одна игра из шашечной коробки"),
    (11, "Eleven games from the draughts box", "Одиннадцать игр из шашечной коробки"),
    (12, "Twelve games from the draughts box", "Двенадцать игр из шашечной коробки"),
    (21, "Twenty-one games from the draughts box", "Двадцать одна игра из шашечной коробки"),
    (22, "Twenty-two games from the draughts box", "Двадцать две игры из шашечной коробки"),
    (25, "Twenty-five games from the draughts box", "Двадцать пять игр из шашечной коробки")])
def test_the_count_of_games_in_words_takes_its_nouns_form(n: int, english: str,
                                                          russian: str) -> None:
    previous = i18n.language()
    try:
        for language, expected in (("en", english), ("ru", russian)):
            i18n.set_language(language)
            assert i18n.counted_in_words("collection.subtitle", n) == expected
    finally:
        i18n.set_language(previous)


# --- the menu counts the registry ---------------------------------------------------------------
def _subtitle(language: str) -> str:
    with theme.watching() as log:
        reading = read_screen(smallest_app(language), "menu", log)
        drawn = [d.value for d in log.drawn]
    assert not reading.problems, reading.problems
    lines = [words for words in drawn if "из шашечной коробки" in words
             or "from the draughts box" in words]
    assert len(set(lines)) == 1, lines
    return lines[0]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_menu_says_how_many_games_the_registry_has(language: str) -> None:
    said = _subtitle(language)
    assert said.lower().startswith(_phrase(COUNT, language) + " "), said
    assert said[0].isupper()


def test_a_game_more_in_the_catalog_is_a_game_more_on_the_menu(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(menu_module, "GAMES", (*GAMES, GAMES[0]))
    more = COUNT + 1
    assert _subtitle("en").lower().startswith(_phrase(more, "en"))
    assert _subtitle("ru").lower().startswith(_phrase(more, "ru"))
    monkeypatch.setattr(menu_module, "GAMES", (GAMES * 3)[:21])
    assert _subtitle("ru").startswith("Двадцать одна игра из шашечной коробки")


# --- the texts that cannot count --------------------------------------------------------------
def test_the_phrase_finder_finds_counts_in_both_languages() -> None:
    assert _counts_said("Eleven games from the draughts box, then\ntwenty-one  games from "
                        "the\n draughts box; one game per puzzle; seven gamers from the "
                        "draughts box", "en") == ["eleven games", "twenty-one games"]
    assert _counts_said("Одиннадцать игр из шашечной коробки; двадцать\nодна игра из коробки "
                        "с шашками; две игры подряд; пять игроков из коробки с шашками",
                        "ru") == ["одиннадцать игр", "двадцать одна игра"]


def test_the_static_texts_say_no_count_that_would_go_stale() -> None:
    wrong = []
    for name, languages in STATIC.items():
        text = (ROOT / name).read_text(encoding="utf-8")
        for language in languages:
            said = _counts_said(text, language)
            if said:
                wrong.append(f"{name} ({language}) says {said}: a count written by hand goes "
                             f"stale with the next game (the catalog has {COUNT}); say "
                             f"“the games of the draughts box” instead")
        assert any(words in text.lower() for words in (
            "games of the draughts box", "games from the draughts box", "игры из коробки")), \
            f"{name} no longer says what the collection is"
    assert not wrong, "\n".join(wrong)
