"""The two sides of the table and the discs' names: physics' own data, no game's colours.

A disc is ``(side, index)``. The side is a key the caller chooses: physics' own :class:`Side`
by default, or any enum member whose value is its one-letter name (the game passes its
colours). A table is told its two sides, the *near* one first (its pieces start on row 1 and
its swamp lies below ``y = 0``) and the far one second; that order is also the order discs
enter a pymunk space, which keeps every shot deterministic.
"""
from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

SideKey = Any
"""A side as the caller names it: an enum member whose ``value`` is a one-letter name
(physics' :class:`Side`, or the game's own colour). Physics only compares it and reads
its letter."""

DiscId = tuple[SideKey, int]
"""A disc: its side and its index within the side (0..7, the near side's a-h and the far
side's a-h at the start of a round). The same pair the match rules use for a piece."""

Sides = tuple[SideKey, SideKey]
"""A table's two sides: the near one, then the far one."""

Field = tuple[float, float, float, float]  # (x0, y0, x1, y1): where a side's pieces stand


class Side(enum.Enum):
    """Physics' own two sides, what a table uses unless it is given others."""

    WHITE = "W"  # the near side
    BLACK = "B"  # the far side

    @property
    def other(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE


DEFAULT_SIDES: Sides = (Side.WHITE, Side.BLACK)


def check_sides(sides: Sides) -> Sides:
    """``sides`` as a pair of two different lettered keys, or a ValueError."""
    if not (isinstance(sides, tuple) and len(sides) == 2 and sides[0] != sides[1]
            and all(isinstance(getattr(s, "value", None), str) for s in sides)):
        raise ValueError(f"a table has two different lettered sides, not {sides!r}")
    return sides


def side_order(sides: Sides) -> Callable[[DiscId], tuple[int, int]]:
    """The sort key of discs on a table with ``sides``: the near side's first, then by
    index (the order discs enter a pymunk space)."""
    near = sides[0]

    def key(disc: DiscId) -> tuple[int, int]:
        return (0 if disc[0] is near else 1, disc[1])
    return key


def disc_sort_key(disc: DiscId) -> tuple[int, int]:
    """Physics' own White before Black, then by index."""
    return (0 if disc[0] is Side.WHITE else 1, disc[1])


def disc_name(disc: DiscId) -> str:
    """``W0`` .. ``W7``, ``B0`` .. ``B7``."""
    return f"{disc[0].value}{disc[1]}"


def parse_disc(text: str, sides: Sides = DEFAULT_SIDES) -> DiscId:
    """The inverse of :func:`disc_name` (case-insensitive), with a side of ``sides``."""
    text = text.strip().upper()
    by_letter = {s.value: s for s in sides}
    try:
        return (by_letter[text[0]], int(text[1:]))
    except (KeyError, ValueError, IndexError):
        raise ValueError(f"not a disc: {text!r} (write W0..W7 or B0..B7)") from None
