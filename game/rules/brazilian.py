"""Brazilian draughts: the International rules on the 8x8 board."""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.rules.core import DiagramSpec
from game.rules.russian import Russian


class Brazilian(Russian):
    """8x8 draughts with the International capture rules: majority capture, men capture
    backwards, flying kings, a man is crowned only if it ends its move on the far row.

    The board, the start, the algebraic notation and the draw rules are the Russian ones:
    both 8x8 games follow the FMJD's rules for draughts-64 (Lidraughts' Brazilian variant
    takes its draw rules from its Russian one the same way)."""

    name = "brazilian"
    title = "Brazilian draughts"
    size = 8
    majority_capture = True
    promote_mid_capture = False
    game_type = 26
    engine = "game.ai.draughts:DraughtsBoard"  # the 8x8 board; the capture rules are its game's
    pdn_names: ClassVar[tuple[str, ...]] = ("brazilian", "бразильские")
    capture_separator = "x"
    always_full_path = False
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "majority-capture": DiagramSpec("W:Wc3,g3,a1,e1:Bd4,b6,f6,d6,h8", move="c3xa5",
                                        refused="c3xg7"),
    }
    huff_option = False  # the фук is a Russian home custom, not part of these rules
