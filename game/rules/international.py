"""International draughts (10x10, the FMJD's rules as ``docs/rules/international.md`` states
them)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.rules.core import Color, DiagramSpec, OptionSpec, Termination
from game.rules.draughts import ENDGAME_5_MOVES, DraughtsGame, EndgameRule, lone_king


#: International's own draw rules (see docs/rules/international.md)
ENDGAME_16_MOVES = Termination.add("endgame_16_moves")  # 3 kings (etc.) vs a lone king
KING_VS_KING = Termination.add("king_vs_king")  # a lone king each, drawn at once


class International(DraughtsGame):
    """10x10 draughts: majority capture, promotion only at the end of a move, PDN numbers."""

    name = "international"
    title = "International draughts"
    size = 10
    majority_capture = True
    promote_mid_capture = False
    kings_only_limit = 50  # 25 moves by each side
    shortest_material_rule: ClassVar[int | None] = 10  # the 5-move rules
    game_type = 20
    engine = "game.ai.draughts:InternationalBoard"
    hub_variant = "normal"
    pdn_names: ClassVar[tuple[str, ...]] = ("international", "standard", "международные")
    algebraic = False
    numbered_squares = True
    capture_separator = "x"
    always_full_path = False
    draw_offer_choice = 40
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "majority-capture": DiagramSpec("W:W32,36,43,47:B27,28,18,9,14", move="32x12",
                                        refused="32x21"),
    }
    start_white = tuple(range(31, 51))
    start_black = tuple(range(1, 21))

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        return (*super().option_specs(), OptionSpec("move_limit", (None, 30, 50, 80), None))

    def _endgame_rules(self, wm: int, wk: int, bm: int, bk: int) -> tuple[EndgameRule, ...]:
        for strong, (men, kings), (weak_men, weak_kings) in (
                (Color.WHITE, (wm, wk), (bm, bk)), (Color.BLACK, (bm, bk), (wm, wk))):
            if not lone_king(weak_men, weak_kings):
                continue
            balance = (kings.bit_count(), men.bit_count())
            if balance == (1, 0):
                # the seed's rule: a lone king each is a draw at once
                return (EndgameRule(KING_VS_KING, "kk", 0),)
            if balance in ((2, 0), (1, 1)):
                return (EndgameRule(ENDGAME_5_MOVES, strong, 10),)
            if balance in ((3, 0), (2, 1), (1, 2)):
                return (EndgameRule(ENDGAME_16_MOVES, strong, 32),)
        return ()
