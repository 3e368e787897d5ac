"""Discs scattered at random on a table, for tests, the command line and benchmarks."""
from __future__ import annotations

import math
import random
from typing import Any

from physics.config import DEFAULT_CONFIG, TableConfig, TableError
from physics.table import Table


def random_table(rng: random.Random, *, white: int = 8, black: int = 8,
                 config: TableConfig = DEFAULT_CONFIG, **kwargs: Any) -> Table:
    """Discs scattered at random (not overlapping, centres at least a radius inside the
    board), for tests, the command line and benchmarks."""
    table = Table(config, **kwargs)
    near, far = table.sides
    # the widest kind on the table sets the spacing (plain pieces: the table's own size)
    r = max(table.radius((near, 0)), table.radius((far, 0)))
    size = config.size
    gap = 2.0 * r * 1.02
    placed: list[tuple[float, float]] = []
    wanted = [(near, i) for i in range(white)] + [(far, i) for i in range(black)]
    for disc in wanted:
        for _ in range(10_000):
            x, y = rng.uniform(r, size - r), rng.uniform(r, size - r)
            if all(math.hypot(x - px, y - py) >= gap for px, py in placed):
                break
        else:  # pragma: no cover - 16 discs always fit
            raise TableError("could not scatter the discs")
        placed.append((x, y))
        table.place(disc, x, y)
    return table
