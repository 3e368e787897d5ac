"""Colours, type and scale: the one place the look of the game is decided."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.resources import asset

Color = tuple[int, int, int]

# A warm, dark walnut room with cream text and one amber accent.
BACKGROUND_TOP: Color = (58, 38, 25)
BACKGROUND_BOTTOM: Color = (30, 19, 12)
PANEL: Color = (36, 24, 16)
TEXT: Color = (244, 233, 212)
TEXT_MUTED: Color = (196, 174, 140)
ACCENT: Color = (232, 168, 64)
BUTTON: Color = (104, 68, 42)
BUTTON_HOVER: Color = (130, 88, 54)
BUTTON_EDGE: Color = (66, 42, 26)
DANGER: Color = (176, 68, 52)

# The board and its pieces (light squares, dark squares, ivory and ebony pieces).
SQUARE_LIGHT: Color = (234, 205, 160)
SQUARE_DARK: Color = (140, 90, 54)
BOARD_FRAME: Color = (82, 50, 28)
PIECE_WHITE: Color = (242, 230, 204)
PIECE_WHITE_RIM: Color = (196, 176, 140)
PIECE_BLACK: Color = (58, 36, 24)
PIECE_BLACK_RIM: Color = (26, 16, 10)

BASE_SIZE = (1280, 800)
MIN_SIZE = (800, 560)

FONT_REGULAR = "DejaVuSans.ttf"
FONT_BOLD = "DejaVuSans-Bold.ttf"


def scale_for(size: tuple[int, int]) -> float:
    """How much bigger or smaller than the 1280×800 design the window is (never stretched)."""
    return min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The game's one type family at a pixel size."""
    return pygame.font.Font(str(asset("fonts", FONT_BOLD if bold else FONT_REGULAR)), max(8, px))


@lru_cache(maxsize=512)
def text(value: str, px: int, color: Color = TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: the menu redraws the same words every frame."""
    return font(px, bold).render(value, True, color)


def wrap(value: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Break ``value`` into lines no wider than ``width`` pixels (a word longer than a line,
    such as a path, is broken between characters)."""
    face = font(px, bold)
    lines: list[str] = []
    line = ""
    words: list[str] = []
    for word in value.split():
        while face.size(word)[0] > width and len(word) > 1:
            cut = _longest_fit(face, word, width)
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    for word in words:
        trial = f"{line} {word}" if line else word
        if face.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _longest_fit(face: pygame.font.Font, word: str, width: int) -> int:
    """How many leading characters of ``word`` fit in ``width`` pixels (at least one)."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if face.size(word[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


def mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))
