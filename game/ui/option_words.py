"""A game's options where they differ from its usual rules, a few words each ("с фуком",
"часы 5+3", "доска 7×7"): what a line of the Games screen and the panel beside the board
show. The options come as (name, value) pairs (:func:`game.play.records.game_options`)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from game.i18n import STRINGS, tr

#: how an option's value is counted in its words (the game timer is kept in seconds)
_SHOWN: dict[str, Callable[[Any], Any]] = {"time_limit": lambda seconds: round(seconds / 60)}


def option_key(name: str, value: Any) -> str:
    """The string that words option ``name`` at ``value``: ``option.<name>`` for an option
    turned on or a count, ``.off`` / ``.none`` for one turned off, ``.<value>`` for a kind."""
    if isinstance(value, bool):
        return f"option.{name}" if value else f"option.{name}.off"
    if value is None:
        return f"option.{name}.none"
    own = f"option.{name}.{value}"
    return own if isinstance(value, str) and own in STRINGS else f"option.{name}"


def option_word(name: str, value: Any) -> str | None:
    """Option ``name`` at ``value`` in the player's language; None for one the strings do
    not word (tests/saves/test_game_options.py checks that every game's options are)."""
    key = option_key(name, value)
    if key not in STRINGS:
        return None
    shown = _SHOWN[name](value) if name in _SHOWN and isinstance(value, (int, float)) \
        else value
    if isinstance(shown, float):
        shown = f"{shown:g}"
    return tr(key, n=shown, control=value)


def option_words(options: Iterable[tuple[str, Any]]) -> list[str]:
    """Every option of ``options`` that has words, in order."""
    return [word for name, value in options if (word := option_word(name, value)) is not None]
