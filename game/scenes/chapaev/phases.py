"""Where the Chapaev screen is in a shot's life, and how long each part lasts on screen."""
from __future__ import annotations

import enum

STEP = 1.0 / 120.0  # the fixed step the app advances the scene by (game.app.FIXED_DT)
RESULT_SECONDS = 2.4  # the round's result on screen before the lines move
SLIDE_SECONDS = 1.1  # the pieces sliding to the new lines
FLIP_SECONDS = 0.5  # the board turning toward the next shooter
BANNER_SECONDS = 1.6
HINT_SECONDS = 1.8
SHAKE_SECONDS = 0.3


class Phase(enum.Enum):
    AIM = "aim"  # everything rests: the shooter may grab a piece
    SHOT = "shot"  # the discs are moving
    ROUND_RESULT = "round_result"  # the round's result on screen
    LINES = "lines"  # the pieces slide to the next round's lines
    OVER = "over"  # the match is over


def ease(t: float) -> float:
    """Smooth in and out over 0..1."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)
