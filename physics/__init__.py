"""The Chapaev table: a pymunk world of discs, table friction, shots, falling off and rest.

Imports pymunk, never pygame, and nothing of the game: the sides, the kinds of troops and a
press are physics' own data, which the game maps to. See :mod:`physics.table`.
"""
from __future__ import annotations

from physics.aim import AimPath, aim_path, edge_distance, first_contact, stopping_distance
from physics.config import DEFAULT_CONFIG, SCREEN_STEP_HZ, STEP_HZ, TableConfig, TableError, \
    square_centre
from physics.hand import PERSON, STEADY, HandModel
from physics.reports import (
    Action,
    DiscState,
    Fall,
    Knock,
    Press,
    Shot,
    ShotOver,
    ShotResult,
    TableEvent,
    TableState,
)
from physics.scatter import random_table
from physics.sides import (
    DEFAULT_SIDES,
    DiscId,
    Field,
    Side,
    SideKey,
    Sides,
    disc_name,
    disc_sort_key,
    parse_disc,
)
from physics.table import Table
from physics.trace import ShotTrace
from physics.troops import MAKES, DiscBody, Kind, TroopMake, body_of

__all__ = [
    "AimPath", "aim_path", "edge_distance", "first_contact", "stopping_distance",
    "SCREEN_STEP_HZ", "STEP_HZ",
    "DEFAULT_CONFIG", "Action", "DiscId", "DiscState", "Fall", "Field", "Knock", "Press", "Shot",
    "ShotOver", "ShotResult", "ShotTrace", "Table", "TableConfig", "TableError", "TableEvent",
    "TableState", "disc_name",
    "disc_sort_key", "parse_disc", "random_table", "square_centre",
    "DEFAULT_SIDES", "Side", "SideKey", "Sides",
    "MAKES", "DiscBody", "Kind", "TroopMake", "body_of",
    "HandModel", "PERSON", "STEADY",
]
