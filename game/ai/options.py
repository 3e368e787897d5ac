"""What the engine uses, switchable per process: the benchmarks play the engine as it was
before the learned evaluation, the opening book and the endgame tables against the engine as
it is now (``set_engine(eval="classic", tables=False, book=False)``)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class EngineOptions:
    """What the engine uses (everything on in the game)."""

    #: "current": Apokachi's threat-seeing weights, the hand-made draughts evaluation;
    #: "learned": also the fitted draughts weights (not yet stronger than the hand-made ones
    #: in matches: see README, so not played by default); "classic": everything as before
    eval: str = "current"
    tables: bool = True  # the endgame tables
    book: bool = True  # the opening book


ENGINE = EngineOptions()


def set_engine(eval: str = "current", tables: bool = True, book: bool = True) -> None:
    """Choose what the engine uses in this process (see :class:`EngineOptions`)."""
    if eval not in ("current", "learned", "classic"):
        raise ValueError(f"unknown evaluation {eval!r}")
    ENGINE.eval, ENGINE.tables, ENGINE.book = eval, tables, book
