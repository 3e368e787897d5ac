"""Every string the player sees, in Russian and English, and the current language.

The strings themselves live in ``game/strings/`` (a module per part of the game). Russian is
the first language; a key missing in either language is a bug that ``tests/test_i18n.py``
catches.
"""
from __future__ import annotations

import locale
import os

from game.number_words import Gender, capitalized, in_words

LANGUAGES: tuple[str, ...] = ("ru", "en")
LANGUAGE_NAMES: dict[str, str] = {"ru": "Русский", "en": "English"}

STRINGS: dict[str, dict[str, str]] = {}


def _load_tables() -> None:
    """Merge the ``STRINGS`` tables of every module in ``game.strings`` (one per part of the
    game, so parts written side by side never edit the same file)."""
    import pkgutil
    from importlib import import_module

    import game.strings

    for info in sorted(pkgutil.iter_modules(game.strings.__path__), key=lambda i: i.name):
        table: dict[str, dict[str, str]] = import_module(f"game.strings.{info.name}").STRINGS
        clash = set(table) & set(STRINGS)
        if clash:
            raise RuntimeError(f"strings defined twice: {sorted(clash)}")
        STRINGS.update(table)


_load_tables()

_current = "ru"


def _spoken(code: str) -> str | None:
    """The game's language for a locale name ("ru_RU.UTF-8", Windows' "Russian_Russia"),
    None for a language the game does not speak."""
    code = code.strip().lower()
    for language, prefixes in (("ru", ("ru", "russian")), ("en", ("en", "english"))):
        if code.startswith(prefixes):
            return language
    return None


def default_language() -> str:
    """The system's language where the game speaks it, else English (a German, French or
    C.UTF-8 system is likelier to read English than Russian). The first start only focuses
    it: the player chooses."""
    preferred = os.environ.get("LANGUAGE", "")  # GNU: a list, "de:ru:en"
    for code in preferred.split(":"):
        if _spoken(code):
            return _spoken(code) or "en"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return _spoken(value) or "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _spoken(code) or "en"


def set_language(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}")
    global _current
    _current = language


def language() -> str:
    return _current


class _Values(dict[str, object]):
    """The values a text is filled with; one the caller did not give shows as "…" (a reason
    passed on without its values still reads, never raises KeyError)."""

    def __missing__(self, key: str) -> object:
        return "…"


def template(key: str) -> str:
    """The text for ``key`` in the current language with its ``{names}`` unfilled (for code
    that fills them itself, e.g. "Computer, level {level}")."""
    return STRINGS[key][_current]


def count_form(n: int, language: str | None = None) -> str:
    """Which form a count takes in the player's language (or ``language``): ``one``, ``few``
    or ``many`` (Russian: 1, 21 партию; 2-4, 22 партии; 5-20, 25 партий; English: one or
    many)."""
    if (language or _current) == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "many"


def counted(key: str, n: int, **values: object) -> str:
    """The string ``<key>.<form>`` for ``n`` things (:func:`count_form`), filled with ``n``
    and ``values``."""
    return tr(f"{key}.{count_form(n)}", n=n, **values)


#: the names a count in words is filled under, by the Russian noun's gender
_GENDERS: tuple[tuple[str, Gender], ...] = (("", "m"), ("_f", "f"), ("_n", "n"))


def counted_in_words(key: str, n: int, **values: object) -> str:
    """:func:`counted`, the count also in words for a text that says it so ("Eleven games",
    "Одиннадцать игр"): ``{words}`` (Russian: masculine), ``{words_f}``, ``{words_n}`` (a
    feminine and a neuter noun's), and ``{Words}``, ``{Words_f}``, ``{Words_n}`` to begin a
    sentence. The text picks the one its noun needs."""
    for suffix, gender in _GENDERS:
        words = in_words(n, _current, gender)
        values.setdefault(f"words{suffix}", words)
        values.setdefault(f"Words{suffix}", capitalized(words))
    return counted(key, n, **values)


def tr(key: str, **values: object) -> str:
    """The text for ``key`` in the current language, with ``{names}`` filled in (a name not
    given shows as "…"). A value that is itself a key and its values (a
    :class:`game.play.events.Notice`, such as a reason a refusal names by its code) is put in
    its own words first."""
    text = STRINGS[key][_current]
    if not values and "{" not in text:
        return text
    for name, value in values.items():
        inner, given = getattr(value, "key", None), getattr(value, "values", None)
        if isinstance(inner, str) and isinstance(given, dict) and inner in STRINGS:
            values[name] = tr(inner, **given)
    try:
        return text.format_map(_Values(values))
    except (ValueError, IndexError, AttributeError):  # a malformed text: shown as it is
        return text
