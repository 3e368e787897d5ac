"""Colours, type and scale: the one place the look of the game is decided."""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.resources import asset
from game.ui.fit import MAX_CHARS, longest_fitting

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
#: the smallest letters the game draws, at any window size (at 800×560 too)
MIN_PX = 12
ELLIPSIS = "…"


def scale_for(size: tuple[int, int]) -> float:
    """How much bigger or smaller than the 1280×800 design the window is (never stretched)."""
    return min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The game's one type family at a pixel size."""
    return pygame.font.Font(str(asset("fonts", FONT_BOLD if bold else FONT_REGULAR)), max(8, px))


#: what the font renderer refuses: NUL (pygame raises) and lone surrogates (no UTF-8)
_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")
#: the most characters rendered in one line (a megabyte would make a surface of gigabytes)
MAX_DRAWN = 2000


def drawable(value: object) -> str:
    """``value`` as the renderer takes it, whatever it is: the last guard under the cleaning
    of text from outside (:func:`game.rules.text.clean`), so that drawing never raises."""
    if not isinstance(value, str):
        value = str(value)
    if _UNDRAWABLE.search(value) is not None:
        value = _UNDRAWABLE.sub(lambda m: "" if m.group() == "\x00" else "\ufffd", value)
    return value


def text(value: str, px: int, color: Color = TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: the menu redraws the same words every frame. Every
    word the game shows is rendered here (a test watches it: :func:`watching`). Any string
    is drawn: what the renderer refuses is left out (:func:`drawable`)."""
    value = drawable(value)[:MAX_DRAWN]
    surface = _rendered(value, px, color, bold)
    if _log is not None:
        _log.drawn.append(Drawn(max(8, px), value, bold, surface.get_width()))
        _log.surfaces[surface] = value
    return surface


@lru_cache(maxsize=512)
def _rendered(value: str, px: int, color: Color, bold: bool) -> pygame.Surface:
    face = font(px, bold)
    try:
        return face.render(value, True, color)
    except pygame.error:  # only characters of no width (a mark, a joiner): nothing to see
        return pygame.Surface((0, face.get_height()), pygame.SRCALPHA)


@dataclass(frozen=True, slots=True)
class Drawn:
    """One line of text rendered: its size in pixels and its width."""

    px: int
    value: str
    bold: bool
    width: int


@dataclass(slots=True)
class TextLog:
    """What was rendered while it was watched: every line, and every text shortened to fit
    (the whole text and what was shown of it)."""

    drawn: list[Drawn] = field(default_factory=list)
    cuts: list[tuple[str, str]] = field(default_factory=list)
    #: the surfaces :func:`text` returned, and their words (to find them where they are drawn)
    surfaces: dict[pygame.Surface, str] = field(default_factory=dict)

    def clear(self) -> None:
        self.drawn.clear()
        self.cuts.clear()
        self.surfaces.clear()


_log: TextLog | None = None


@contextmanager
def watching() -> Iterator[TextLog]:
    """Record every line rendered and every cut while the block runs (tests of legibility)."""
    global _log
    previous, _log = _log, TextLog()
    try:
        yield _log
    finally:
        _log = previous


def _cut_seen(whole: str, shown: str) -> None:
    if _log is not None:
        _log.cuts.append((whole, shown))


def fits(value: str, px: int, width: int, bold: bool = False) -> bool:
    # a text of more characters than any line holds is not measured (a megabyte-long name
    # from a file would take a tenth of a second a measurement)
    return len(value) <= MAX_CHARS and font(px, bold).size(drawable(value))[0] <= width


def fit(value: str, px: int, width: int, bold: bool = False,
        smallest: int = MIN_PX) -> tuple[str, int]:
    """``value`` at the largest size from ``px`` down to ``smallest`` at which it fits
    ``width``; if it fits at none, cut with an ellipsis at ``smallest``. (text, size)."""
    return fit_forms((value,), px, width, bold, smallest)


def fit_forms(forms: Sequence[str], px: int, width: int, bold: bool = False,
              smallest: int = MIN_PX) -> tuple[str, int]:
    """The first of ``forms`` (a text, then shorter ways to say it) that fits ``width`` at a
    size from ``px`` down to ``smallest``; else the last form cut with an ellipsis."""
    smallest = min(px, smallest)
    for value in forms:
        for size in range(px, smallest - 1, -1):
            if fits(value, size, width, bold):
                return value, size
    return cut(forms[-1], smallest, width, bold), smallest


def cut(value: str, px: int, width: int, bold: bool = False) -> str:
    """``value`` whole if it fits ``width``, else as much of it as fits and an ellipsis. Found
    by bisection over at most :data:`game.ui.fit.MAX_CHARS` characters: a name of a megabyte
    costs a few measurements of a line's length, not one per character."""
    face = font(px, bold)
    value = drawable(value)
    if len(value) <= MAX_CHARS and face.size(value)[0] <= width:
        return value
    head = value[:MAX_CHARS]
    # the longest beginning that fits with the ellipsis after it
    low = longest_fitting(len(head),
                          lambda n: face.size(head[:n].rstrip() + ELLIPSIS)[0] <= width)
    space = head.rfind(" ", 0, low + 1)
    if space >= low * 0.6:  # end on a whole word when that loses little
        low = space
    shown = head[:low].rstrip(" ,.;:—·-") + ELLIPSIS
    _cut_seen(value, shown)
    return shown


def cut_left(value: str, px: int, width: int) -> str:
    """The end of ``value`` that fits ``width``, after an ellipsis (a line being typed);
    by bisection, as :func:`cut`."""
    face = font(px)
    value = drawable(value)
    if len(value) <= MAX_CHARS and face.size(value)[0] <= width:
        return value
    tail = value[-MAX_CHARS:]
    keep = longest_fitting(len(tail),
                           lambda n: face.size(ELLIPSIS + tail[len(tail) - n:])[0] <= width)
    shown = ELLIPSIS + tail[len(tail) - keep:]
    _cut_seen(value, shown)
    return shown


def wrap_lines(value: str, px: int, width: int, most: int, bold: bool = False) -> list[str]:
    """:func:`wrap`, at most ``most`` lines: a text longer than that ends in an ellipsis."""
    lines = wrap(value, px, width, bold)
    if len(lines) <= most:
        return lines
    # the rest did not fit one line (it wrapped): it is cut, and the cut is seen
    return lines[:most - 1] + [cut(" ".join(lines[most - 1:]), px, width, bold)]


def wrap(value: str, px: int, width: int, bold: bool = False) -> list[str]:
    """Break ``value`` into lines no wider than ``width`` pixels (a word longer than a line,
    such as a path, is broken between characters)."""
    face = font(px, bold)
    value = drawable(value)
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
