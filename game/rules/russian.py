"""Russian draughts (8x8, «русские шашки»): free choice of capture, crowned mid-capture."""
from __future__ import annotations

from typing import ClassVar

from game.rules.core import Color, Termination
from game.rules.draughts import DraughtsGame, EndgameRule, lone_king


class Russian(DraughtsGame):
    """8x8 draughts with algebraic notation; squares are numbered 1 (b8) to 32 (g1)."""

    name = "russian"
    title = "Russian draughts"
    size = 8
    majority_capture = False
    promote_mid_capture = True
    kings_only_limit = 30  # 15 moves by each side
    shortest_material_rule: ClassVar[int | None] = 10  # the 5-move rules
    game_type = 25
    algebraic = True
    capture_separator = ":"
    always_full_path = True
    draw_offer_choice = 20
    start_white = tuple(range(21, 33))
    start_black = tuple(range(1, 13))
    huff_option = True  # the old home rule "with фук" (see the spec's Russian section)

    def _endgame_rules(self, wm: int, wk: int, bm: int, bk: int) -> tuple[EndgameRule, ...]:
        rules: list[EndgameRule] = []
        for strong, (men, kings), (weak_men, weak_kings) in (
                (Color.WHITE, (wm, wk), (bm, bk)), (Color.BLACK, (bm, bk), (wm, wk))):
            if not lone_king(weak_men, weak_kings):
                continue
            balance = (kings.bit_count(), men.bit_count())
            if balance in ((2, 0), (1, 1), (1, 0)):
                rules.append(EndgameRule(Termination.ENDGAME_5_MOVES,
                                         "kk" if balance == (1, 0) else strong, 10))
                break  # a king each: one rule, whichever side is called the stronger
            if balance in ((3, 0), (2, 1), (1, 2)) and weak_kings & self._tables.main_road:
                rules.append(EndgameRule(Termination.MAIN_ROAD, strong, 10))
            if balance[0] >= 3 and balance[1] == 0:
                rules.append(EndgameRule(Termination.THREE_KINGS_VS_KING, strong, 15, strong))
        if wk and bk:
            pieces = (wm | wk | bm | bk).bit_count()
            moves = 5 if pieces <= 3 else 30 if pieces <= 5 else 60 if pieces <= 7 else 0
            if moves:
                balance_key = (wm.bit_count(), wk.bit_count(), bm.bit_count(), bk.bit_count())
                rules.append(EndgameRule(Termination.BALANCE_UNCHANGED, balance_key, 2 * moves))
        return tuple(rules)
