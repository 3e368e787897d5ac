"""The games of the collection as the menu lists them.

A game's own scene joins by naming its factory here (``"module:function"``, imported when the
player opens it, so start-up stays fast). Until a game has a scene, its entry opens its rules.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Scene


@dataclass(frozen=True, slots=True)
class GameEntry:
    key: str  # "international", "russian", "apokachi", "chapaev"
    scene: str | None = None  # "module:function" taking the App and returning the first scene

    @property
    def title_key(self) -> str:
        return f"game.{self.key}"

    @property
    def blurb_key(self) -> str:
        return f"blurb.{self.key}"

    def factory(self) -> Callable[[App], Scene] | None:
        if self.scene is None:
            return None
        module, name = self.scene.split(":")
        factory: Callable[[App], Scene] = getattr(import_module(module), name)
        return factory


GAMES: tuple[GameEntry, ...] = (
    GameEntry("russian", scene="game.scenes.board_setup:setup_russian"),
    GameEntry("international", scene="game.scenes.board_setup:setup_international"),
    GameEntry("english", scene="game.scenes.board_setup:setup_english"),
    GameEntry("brazilian", scene="game.scenes.board_setup:setup_brazilian"),
    GameEntry("russian_giveaway", scene="game.scenes.board_setup:setup_russian_giveaway"),
    GameEntry("international_giveaway",
              scene="game.scenes.board_setup:setup_international_giveaway"),
    GameEntry("apokachi", scene="game.scenes.board_setup:setup_apokachi"),
    GameEntry("chapaev", scene="game.scenes.chapaev:open_chapaev"),
)
