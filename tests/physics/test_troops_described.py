"""The kinds of troops on the table are what the rules page describes them as: its table of
diameters, masses, stacks, friction and bounce is the physics' own (a tank heavier than a
plain piece on the same footprint, a gun bigger and heavier, a motorcyclist smaller and
lighter...)."""
from __future__ import annotations

from pathlib import Path

import pytest

from physics import Kind
from physics import DEFAULT_CONFIG as CFG
from physics import body_of

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "chapaev.md"


def described() -> dict[Kind, list[float]]:
    """The rules page's table of kinds (its first table naming them): diameter, mass, stack,
    mu*g, restitution."""
    rows: dict[Kind, list[float]] = {}
    names = {troop.value.replace("_", " "): troop for troop in Kind}
    for line in RULES.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells and cells[0] in names and names[cells[0]] not in rows:
            rows[names[cells[0]]] = [float(cell) for cell in cells[1:6]]
    assert set(rows) == set(Kind)
    return rows


@pytest.mark.parametrize("troop", list(Kind))
def test_each_kind_is_as_big_and_heavy_as_the_rules_page_says(troop: Kind) -> None:
    diameter, mass, stack, decel, restitution = described()[troop]
    body = body_of(troop, CFG)
    assert body.diameter == pytest.approx(diameter, abs=0.005)
    assert body.mass == pytest.approx(mass)
    assert body.stack == stack
    assert body.friction_decel == pytest.approx(decel, abs=0.05)
    assert body.restitution == pytest.approx(restitution)


def test_the_kinds_differ_in_size_and_weight_where_they_are_described_so() -> None:
    plain = body_of(Kind.INFANTRY, CFG)
    kinds = {troop: body_of(troop, CFG) for troop in Kind}
    # stacks of pieces: heavier, on the same footprint
    assert plain.mass < kinds[Kind.TANKS].mass < kinds[Kind.HEAVY_TANKS].mass
    assert kinds[Kind.TANKS].diameter == kinds[Kind.HEAVY_TANKS].diameter == plain.diameter
    # a wide heavy gun; a little larger and heavier sailor; small light motorcyclists;
    # light cavalry of the usual size
    assert kinds[Kind.ARTILLERY].diameter > kinds[Kind.SAILORS].diameter > plain.diameter
    assert kinds[Kind.ARTILLERY].mass > kinds[Kind.SAILORS].mass > plain.mass
    assert kinds[Kind.MOTORCYCLISTS].diameter < plain.diameter
    assert kinds[Kind.MOTORCYCLISTS].mass < kinds[Kind.CAVALRY].mass < plain.mass
    assert kinds[Kind.CAVALRY].diameter == plain.diameter
