"""Brazilian draughts: the International rules on the 8x8 board."""
from __future__ import annotations

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
    capture_separator = "x"
    always_full_path = False
    huff_option = False  # the фук is a Russian home custom, not part of these rules
