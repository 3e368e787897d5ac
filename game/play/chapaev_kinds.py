"""Where the match rules meet the table's own data, in one place: the rules' kinds of troops
as physics' kinds, and the rules' colours as the table's two sides (White the near one, its
pieces on row 1). Pure: rules and physics, no pygame."""
from __future__ import annotations

from collections.abc import Iterable

from game.rules.chapaev import SIDES, Troop
from game.rules.core import Color
from physics import Kind, Sides

__all__ = ["KINDS", "TABLE_SIDES", "kind_of", "kinds_of", "table_troops"]

TABLE_SIDES: Sides = SIDES
"""The sides a Chapaev table is given: the rules' colours, White near."""

KINDS: dict[Troop, Kind] = {
    Troop.INFANTRY: Kind.INFANTRY,
    Troop.TANKS: Kind.TANKS,
    Troop.HEAVY_TANKS: Kind.HEAVY_TANKS,
    Troop.ARTILLERY: Kind.ARTILLERY,
    Troop.MOTORCYCLISTS: Kind.MOTORCYCLISTS,
    Troop.CAVALRY: Kind.CAVALRY,
    Troop.SAILORS: Kind.SAILORS,
}
"""Each kind of troops the rules name, as the table makes it."""


def kind_of(troop: Troop) -> Kind:
    return KINDS[troop]


def kinds_of(troops: Iterable[Troop]) -> tuple[Kind, Kind]:
    """White's and Black's troops as the table's kinds."""
    white, black = (KINDS[t] for t in troops)
    return (white, black)


def table_troops(troops: Iterable[Troop]) -> dict[Color, Kind]:
    """White's and Black's troops as a table takes them, by side."""
    white, black = kinds_of(troops)
    return {Color.WHITE: white, Color.BLACK: black}
