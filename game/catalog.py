"""The games of the collection as the menu lists them: every board game of the rules'
registry (in its order), then Chapaev. Each entry names the route that opens it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules import VARIANTS


@dataclass(frozen=True, slots=True)
class GameEntry:
    key: str  # "russian", ..., "chapaev"
    route: str  # the screen that opens the game (its setup)
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def title_key(self) -> str:
        return f"game.{self.key}"

    @property
    def blurb_key(self) -> str:
        return f"blurb.{self.key}"


def _entries() -> tuple[GameEntry, ...]:
    boards = tuple(GameEntry(name, "setup", {"variant": name}) for name in VARIANTS)
    return (*boards, GameEntry("chapaev", "chapaev-setup"))


GAMES: tuple[GameEntry, ...] = _entries()
KEYS: tuple[str, ...] = tuple(game.key for game in GAMES)
