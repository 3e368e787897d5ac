"""The Chapaev table: a pymunk world of discs, table friction, shots, falling off and rest.

Imports pymunk, never pygame. See :mod:`physics.table` for the units and constants.
"""
from __future__ import annotations

from physics.aim import AimPath, aim_path, edge_distance, first_contact, stopping_distance
from physics.table import (
    DEFAULT_CONFIG,
    SCREEN_STEP_HZ,
    STEP_HZ,
    Action,
    DiscId,
    DiscState,
    Fall,
    Field,
    Knock,
    Press,
    Shot,
    ShotOver,
    ShotResult,
    ShotTrace,
    Table,
    TableConfig,
    TableError,
    TableEvent,
    TableState,
    disc_name,
    disc_sort_key,
    parse_disc,
    random_table,
    square_centre,
)
from physics.troops import MAKES, DiscBody, TroopMake, body_of

__all__ = [
    "AimPath", "aim_path", "edge_distance", "first_contact", "stopping_distance",
    "SCREEN_STEP_HZ", "STEP_HZ",
    "DEFAULT_CONFIG", "Action", "DiscId", "DiscState", "Fall", "Field", "Knock", "Press", "Shot",
    "ShotOver", "ShotResult", "ShotTrace", "Table", "TableConfig", "TableError", "TableEvent",
    "TableState", "disc_name",
    "disc_sort_key", "parse_disc", "random_table", "square_centre",
    "MAKES", "DiscBody", "TroopMake", "body_of",
]
