"""The rules of the collection's board games: pure Python, no display, no files.

``find_variant("international")`` gives the class of a game; variants are imported lazily
so that starting the application does not pay for rules it has not opened yet.
"""
from __future__ import annotations

from importlib import import_module

from game.rules.core import (
    AmbiguousMoveError,
    BoardGeometry,
    Color,
    DiagramSpec,
    DrawCounter,
    Game,
    GameOverError,
    IllegalMoveError,
    Move,
    NotationError,
    OptionSpec,
    Outcome,
    Piece,
    PieceKind,
    Refusal,
    RulesError,
    SetupError,
    SetupProblem,
    Termination,
    check_setup,
    fitting_moves,
)

# name -> "module:Class"; a variant joins the collection by adding its line here (the main
# menu lists the games in this order, Chapaev after them)
VARIANTS: dict[str, str] = {
    "russian": "game.rules.russian:Russian",
    "international": "game.rules.international:International",
    "frisian": "game.rules.frisian:Frisian",
    "english": "game.rules.english:English",
    "brazilian": "game.rules.brazilian:Brazilian",
    "italian": "game.rules.italian:Italian",
    "russian_giveaway": "game.rules.giveaway:RussianGiveaway",
    "international_giveaway": "game.rules.giveaway:InternationalGiveaway",
    "apokachi": "game.rules.apokachi:Apokachi",
    "ugolki": "game.rules.ugolki:Ugolki",
    "turkish": "game.rules.turkish:Turkish",
}


def find_variant(name: str) -> type[Game]:
    """The game class registered under ``name``; raises ValueError for an unknown name."""
    try:
        target = VARIANTS[name.lower()]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise ValueError(f"unknown variant {name!r} (known: {known})") from None
    module_name, class_name = target.split(":")
    cls: type[Game] = getattr(import_module(module_name), class_name)
    return cls


__all__ = [
    "AmbiguousMoveError", "BoardGeometry", "Color", "DiagramSpec", "DrawCounter", "Game", "GameOverError",
    "IllegalMoveError", "Move", "NotationError", "OptionSpec", "Outcome", "Piece", "PieceKind",
    "Refusal", "RulesError", "SetupError", "SetupProblem", "Termination", "VARIANTS",
    "check_setup", "find_variant", "fitting_moves",
]
