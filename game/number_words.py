"""A number in words, in English or Russian: "eleven", "одиннадцать", "двадцать одна".

For counts the program says in a sentence ("Eleven games from the draughts box") rather than
in digits. Russian words for 1 and 2 agree with the noun's gender (один, одна, одно; два,
две); the noun's own form for the count is :func:`game.i18n.count_form`'s. A number past what
is written out here (a thousand and more, or below zero) is given in digits.
"""
from __future__ import annotations

from typing import Literal

Gender = Literal["m", "f", "n"]
#: the largest number written in words; past it, digits
LARGEST = 999

_EN_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
             "seventeen", "eighteen", "nineteen")
_EN_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
            "ninety")

_RU_UNITS = ("ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь",
             "девять", "десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать",
             "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать")
_RU_TENS = ("", "", "двадцать", "тридцать", "сорок", "пятьдесят", "шестьдесят", "семьдесят",
            "восемьдесят", "девяносто")
_RU_HUNDREDS = ("", "сто", "двести", "триста", "четыреста", "пятьсот", "шестьсот", "семьсот",
                "восемьсот", "девятьсот")
#: the words for 1 and 2 that change with the noun's gender
_RU_GENDERED: dict[Gender, tuple[str, str]] = {
    "m": ("один", "два"), "f": ("одна", "две"), "n": ("одно", "два")}


def _english(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    below = _EN_UNITS[rest] if rest < 20 else (
        _EN_TENS[rest // 10] + (f"-{_EN_UNITS[rest % 10]}" if rest % 10 else ""))
    if not hundreds:
        return below
    head = f"{_EN_UNITS[hundreds]} hundred"
    return f"{head} and {below}" if rest else head


def _russian(n: int, gender: Gender) -> str:
    if n == 0:
        return _RU_UNITS[0]
    hundreds, rest = divmod(n, 100)
    words = [_RU_HUNDREDS[hundreds]] if hundreds else []
    if 10 <= rest < 20:
        words.append(_RU_UNITS[rest])
    else:
        tens, unit = divmod(rest, 10)
        if tens:
            words.append(_RU_TENS[tens])
        if unit in (1, 2):
            words.append(_RU_GENDERED[gender][unit - 1])
        elif unit:
            words.append(_RU_UNITS[unit])
    return " ".join(words)


def in_words(n: int, language: str, gender: Gender = "m") -> str:
    """``n`` in words in ``language`` ("en", else Russian), lower case; ``gender`` is the
    Russian noun's the number counts (English has none). Digits past :data:`LARGEST` and
    below zero."""
    if not 0 <= n <= LARGEST:
        return str(n)
    return _english(n) if language == "en" else _russian(n, gender)


def capitalized(text: str) -> str:
    """``text`` with its first letter upper case, as a number that begins a sentence."""
    return text[:1].upper() + text[1:]
