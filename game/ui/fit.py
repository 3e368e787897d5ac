"""Fitting text into a width by bisection: the longest part of a text that fits, found in a
few measurements however long the text is (a 1 MB name costs some twenty, not a million).

Pure: the caller passes ``measure`` (text -> width in pixels, e.g. ``font.size(t)[0]``), so the
functions run without a display and tests count the measurements.
"""
from __future__ import annotations

from collections.abc import Callable

ELLIPSIS = "…"
#: the most characters of a text ever measured: a line of the widest screen holds far fewer
#: of the narrowest glyphs, so a longer text is first cut to this (without measuring)
MAX_CHARS = 4_000


def longest_fitting(count: int, fits: Callable[[int], bool]) -> int:
    """The largest ``n`` in ``0..count`` with ``fits(n)``, for a ``fits`` that holds up to some
    ``n`` and fails beyond it (a prefix or suffix of a text getting longer); 0 if none fits.
    About log2(count) calls."""
    low, high = 0, count  # fits(low) is taken to hold; the answer lies in low..high
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def fit_end(text: str, width: int, measure: Callable[[str], int],
            ellipsis: str = ELLIPSIS) -> str:
    """``text`` if it fits in ``width``, else its longest beginning that fits with
    ``ellipsis`` after it (just the ellipsis, or nothing, if not even that fits)."""
    if len(text) <= MAX_CHARS and measure(text) <= width:
        return text
    head = text[:MAX_CHARS]
    keep = longest_fitting(len(head), lambda n: measure(head[:n] + ellipsis) <= width)
    if keep == 0:
        return ellipsis if measure(ellipsis) <= width else ""
    return head[:keep] + ellipsis


def fit_start(text: str, width: int, measure: Callable[[str], int]) -> str:
    """The longest end of ``text`` that fits in ``width`` (a line being typed shows its
    end, where the cursor is)."""
    if len(text) <= MAX_CHARS and measure(text) <= width:
        return text
    tail = text[-MAX_CHARS:]
    keep = longest_fitting(len(tail), lambda n: measure(tail[len(tail) - n:]) <= width)
    return tail[len(tail) - keep:]


def fit_inside(template: Callable[[str], str], value: str, width: int,
               measure: Callable[[str], int], ellipsis: str = ELLIPSIS) -> str:
    """``template(value)`` if it fits in ``width``, else the template around the longest
    beginning of ``value`` that fits with ``ellipsis`` after it (a name cut inside its
    quotes, the words around it whole); cut at its end if even an empty value does not fit."""
    if len(value) <= MAX_CHARS and measure(template(value)) <= width:
        return template(value)
    head = value[:MAX_CHARS]
    keep = longest_fitting(len(head),
                           lambda n: measure(template(head[:n] + ellipsis)) <= width)
    if keep == 0:
        return fit_end(template(ellipsis), width, measure, ellipsis)
    return template(head[:keep] + ellipsis)
