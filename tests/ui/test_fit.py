"""Text fitted by bisection: the same answer as trimming one character at a time, in a few
measurements however long the text is."""
from __future__ import annotations

import time

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.fit import ELLIPSIS, MAX_CHARS, fit_end, fit_inside, fit_start, longest_fitting


class Ruler:
    """A measure that counts its calls: each character as wide as its code point's last digit
    plus one (uneven widths, like a real font)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, text: str) -> int:
        self.calls += 1
        return sum(ord(c) % 10 + 1 for c in text)


def _trim_end_slowly(text: str, width: int, measure: Ruler) -> str:
    if measure(text) <= width:
        return text
    while text and measure(text + ELLIPSIS) > width:
        text = text[:-1]
    return text + ELLIPSIS if text else (ELLIPSIS if measure(ELLIPSIS) <= width else "")


def _trim_start_slowly(text: str, width: int, measure: Ruler) -> str:
    while text and measure(text) > width:
        text = text[1:]
    return text


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.integers(min_value=0, max_value=900))
def test_bisection_gives_what_trimming_one_by_one_gives(text: str, width: int) -> None:
    assert fit_end(text, width, Ruler()) == _trim_end_slowly(text, width, Ruler())
    assert fit_start(text, width, Ruler()) == _trim_start_slowly(text, width, Ruler())


def test_a_megabyte_name_fits_in_a_few_measurements() -> None:
    name = "Иванов-Петров " * 75_000  # a little over a megabyte of text
    ruler = Ruler()
    shown = fit_end(name, 600, ruler)
    assert ruler.calls <= 20, ruler.calls
    assert shown.endswith(ELLIPSIS) and name.startswith(shown[:-1]) and Ruler()(shown) <= 600
    ruler = Ruler()
    typed = fit_start(name, 600, ruler)
    assert ruler.calls <= 20, ruler.calls
    assert name.endswith(typed) and Ruler()(typed) <= 600 < Ruler()(name[-len(typed) - 1:])


def test_the_longest_fitting_count_is_found_for_every_threshold() -> None:
    for count in range(0, 40):
        for limit in range(0, count + 2):
            calls: list[int] = []

            def fits(n: int) -> bool:
                calls.append(n)
                return n <= limit

            assert longest_fitting(count, fits) == min(limit, count)
            assert len(calls) <= max(1, count.bit_length())


def test_a_long_name_with_a_real_font_is_fitted_at_once() -> None:
    pygame.font.init()
    from game.ui import theme

    face = theme.font(24)
    measured = 0

    def measure(text: str) -> int:
        nonlocal measured
        measured += 1
        return face.size(text)[0]

    started = time.perf_counter()
    shown = fit_end("W" * 100_000 + " tail", 500, measure)
    assert time.perf_counter() - started < 0.5
    assert face.size(shown)[0] <= 500 < face.size(shown[:-1] + "W" + ELLIPSIS)[0]
    assert measured <= 16


def test_nothing_fits_in_no_room() -> None:
    assert fit_end("abc", 0, Ruler()) == ""
    assert fit_start("abc", 0, Ruler()) == ""
    assert fit_end("abc", 1, Ruler()) == ELLIPSIS, "the ellipsis alone, where only it fits"


def test_a_text_longer_than_the_cap_is_cut_before_measuring() -> None:
    ruler = Ruler()
    shown = fit_end("a" * (MAX_CHARS * 10), 10**9, ruler)
    assert ruler.calls <= 20 and shown == "a" * MAX_CHARS + ELLIPSIS


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.integers(min_value=0, max_value=400))
def test_a_name_is_cut_inside_its_quotes_and_the_words_around_it_stay(
        name: str, width: int) -> None:
    def template(value: str) -> str:
        return f"Opening “{value}”…"

    ruler = Ruler()
    fitted = fit_inside(template, name, width, ruler)
    if ruler(template(name)) <= width:
        assert fitted == template(name)
    elif ruler(template(ELLIPSIS)) <= width:
        # the longest beginning of the name that fits, cut with the ellipsis inside
        inner = fitted[len("Opening “"):-len("”…")]
        assert fitted == template(inner) and inner.endswith(ELLIPSIS)
        kept = inner[:-1]
        assert name.startswith(kept) and ruler(fitted) <= width
        assert ruler(template(name[:len(kept) + 1] + ELLIPSIS)) > width
    else:  # not even the words fit: they are cut at their end
        assert fitted == fit_end(template(ELLIPSIS), width, ruler)
