"""The giveaway games (поддавки, antidraughts): the usual moves, the goal turned round.

The side that loses all its pieces, or cannot move, wins. Capturing stays compulsory, which is
what makes the game: you give pieces away by making your opponent take them. The draw by
threefold repetition and the "kings only" move counter stay (a chase of kings that never
ends); the material draw rules of the ordinary games are dropped, because they are about a
stronger side failing to catch a lone king, and in giveaway nobody wants to catch anything.
A move limit (International) is decided by fewer pieces, then fewer kings.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.rules.core import Color, DiagramSpec
from game.rules.draughts import DraughtsGame, EndgameRule
from game.rules.international import International
from game.rules.russian import Russian


class Giveaway(DraughtsGame):
    """The hooks that turn a draughts variant into its giveaway form (a mixin: put it first)."""

    more_pieces_win = False
    shortest_material_rule: ClassVar[int | None] = None  # no material draw rules
    #: no "фук": skipping a capture is what a giveaway player wants most, and losing the
    #: piece for it would be a gift; compulsory capture is the whole game
    huff_option = False

    def _no_moves_winner(self) -> Color:
        return self.turn

    def _endgame_rules(self, wm: int, wk: int, bm: int, bk: int) -> tuple[EndgameRule, ...]:
        return ()

    def could_win(self, color: Color) -> bool:
        """Either side can still win while the game goes on: by giving its pieces away."""
        return True


class RussianGiveaway(Giveaway, Russian):
    """Поддавки: Russian rules (free choice of capture, crowned mid-capture), goal turned."""

    name = "russian_giveaway"
    title = "Russian giveaway"
    pdn_variant = "Russian giveaway"
    engine = "game.ai.draughts_more:GiveawayBoard"
    pdn_names: ClassVar[tuple[str, ...]] = ("поддавки",)
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "compulsory-capture": DiagramSpec("W:Wc3,g3,a1,e1,h2:Bd4,h8,f8,b6", move="c3:e5",
                                          refused="g3-h4"),
    }


class InternationalGiveaway(Giveaway, International):
    """Antidraughts: International rules (majority capture, 10x10), goal turned."""

    name = "international_giveaway"
    title = "International giveaway"
    game_type = 98  # Lidraughts' number for its antidraughts
    pdn_variant = "Antidraughts"
    engine = "game.ai.draughts_more:GiveawayBoard"
    hub_variant = "losing"  # as Scan names it
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "majority-capture": DiagramSpec("W:W32,36,43,47:B27,28,18,9,14", move="32x12",
                                        refused="32x21"),
    }
