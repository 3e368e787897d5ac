"""English draughts, or checkers (8x8, the World Checkers/Draughts Federation's rules)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from game.rules.core import Color, DiagramSpec
from game.rules.draughts import DraughtsGame


class English(DraughtsGame):
    """8x8 draughts with short kings: men move and capture forward only, kings step and jump
    one square, capture is compulsory with a free choice, Black moves first.

    Squares are numbered 1-32 as in English books: 1 is the second square of the far row
    seen from White (b8), 4 the far right corner (h8), 29 White's near left corner (a1);
    Black starts on 1-12, White on 21-32. That is the board's own numbering order here, so
    the notation is the same numbers the rest of the collection uses internally.
    """

    name = "english"
    title = "English draughts"
    size = 8
    majority_capture = False
    promote_mid_capture = False  # a man crowned by a capture ends the move there
    men_capture_backward = False
    flying_kings = False
    first_color = Color.BLACK
    # WCDF: 40 moves by each side with no man moved and nothing captured is a draw
    kings_only_limit = 80
    game_type = 21
    engine = "game.ai.draughts_more:EnglishBoard"
    pdn_names: ClassVar[tuple[str, ...]] = ("english", "checkers", "английские")
    algebraic = False
    numbered_squares = True
    capture_separator = "x"
    always_full_path = False
    draw_offer_choice = 20
    diagrams: ClassVar[Mapping[str, DiagramSpec]] = {
        "short-capture": DiagramSpec("B:W19,23:BK11,15", move="15x24", refused="11-16"),
    }
    start_white = tuple(range(21, 33))
    start_black = tuple(range(1, 13))
