"""Russian draughts (8x8, «русские шашки»): free choice of capture, crowned mid-capture."""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.rules.core import Color, DiagramSpec, Termination
from game.rules.draughts import ENDGAME_5_MOVES, DraughtsGame, EndgameRule, lone_king


#: Russian draughts' own draw rules (see docs/rules/russian.md)
THREE_KINGS_VS_KING = Termination.add("three_kings_vs_king")  # not captured by the 15th move
MAIN_ROAD = Termination.add("main_road")  # a lone king on the long diagonal, 5 moves
BALANCE_UNCHANGED = Termination.add("balance_unchanged")  # both have kings, balance unchanged


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
    engine = "game.ai.draughts:DraughtsBoard"
    pdn_names: ClassVar[tuple[str, ...]] = ("russian", "русские")
    algebraic = True
    capture_separator = ":"
    always_full_path = True
    draw_offer_choice = 20
    start_white = tuple(range(21, 33))
    start_black = tuple(range(1, 13))
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "compulsory-capture": DiagramSpec("W:Wc3,g3,a1,e1,h2:Bd4,h8,f8,b6", move="c3:e5",
                                          refused="g3-h4"),
        "crown-mid-capture": DiagramSpec("W:Wb6,e1,g3,a3:Bc7,f6,h6,a7", move="b6:d8:g5",
                                         crown=True),
        # the фук option: the capture skipped is drawn as a band
        "huff": DiagramSpec("W:Wa1,c3,e1,g3:Bd4,f8,h8", move="g3-h4", options={"huff": True},
                            line=("c3", "e5")),
    }
    huff_option = True  # the old home rule "with фук" (docs/rules/russian-fuk.md)

    def _endgame_rules(self, wm: int, wk: int, bm: int, bk: int) -> tuple[EndgameRule, ...]:
        rules: list[EndgameRule] = []
        for strong, (men, kings), (weak_men, weak_kings) in (
                (Color.WHITE, (wm, wk), (bm, bk)), (Color.BLACK, (bm, bk), (wm, wk))):
            if not lone_king(weak_men, weak_kings):
                continue
            balance = (kings.bit_count(), men.bit_count())
            if balance in ((2, 0), (1, 1), (1, 0)):
                rules.append(EndgameRule(ENDGAME_5_MOVES,
                                         "kk" if balance == (1, 0) else strong, 10))
                break  # a king each: one rule, whichever side is called the stronger
            if balance in ((3, 0), (2, 1), (1, 2)) and weak_kings & self._tables.main_road:
                rules.append(EndgameRule(MAIN_ROAD, strong, 10))
            if balance[0] >= 3 and balance[1] == 0:
                rules.append(EndgameRule(THREE_KINGS_VS_KING, strong, 15, strong))
        if wk and bk:
            pieces = (wm | wk | bm | bk).bit_count()
            moves = 5 if pieces <= 3 else 30 if pieces <= 5 else 60 if pieces <= 7 else 0
            if moves:
                balance_key = (wm.bit_count(), wk.bit_count(), bm.bit_count(), bk.bit_count())
                rules.append(EndgameRule(BALANCE_UNCHANGED, balance_key, 2 * moves))
        return tuple(rules)
