"""Drawing the Chapaev table: the board seen from above, the discs the physics reports, pieces
tipping over the edge, the slingshot aim, and the mapping between the screen and the table.

The table's units are squares (board ``[0, 8]^2``, ``x`` from column a, ``y`` from row 1); the
screen is pixels with ``y`` down. A board turned toward Black is the same board rotated 180°.
Everything static (wood, frame, coordinates) is rendered once per size and turn; a frame is a
blit of that layer plus one sprite (and a shadow) per disc.
"""
from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.rules.core import Color
from game.ui import drawing, theme
from physics import DiscId, TableConfig

BORDER_CELLS = 0.46  # the frame around the squares, in squares: room for the coordinates
WIDE_RIM = 1.22  # the wide board's rim (the swamp: physics' swamp_depth) and its edge
SWAMP = (86, 98, 56)  # the marsh on a retreated side's rim
FALL_SECONDS = 0.5  # a piece tipping over the edge and dropping out of sight
TIP_DRIFT = 0.35  # squares a piece's centre moves outward as it tips over the rim
KNOCK_SECONDS = 0.16  # the little flash where two discs struck

# the slingshot: how far the pointer must be pulled back (in squares, from the disc's centre).
# One scale for every piece: the same pull is the same shot anywhere on the board (the hand
# may go past the window's edge for it). Squares, because the player judges the pull against
# the board he sees, and the board grows with the window.
DEAD_PULL = 0.5  # released closer than this: no shot (on or very near the piece)
FULL_PULL = 3.0  # pulled this far or further: full strength


class AimHelp(enum.Enum):
    """How much the aim shows while a player pulls a piece back."""

    FULL = "full"  # arrow, power meter and the striker's path up to its first contact
    ARROW = "arrow"  # arrow and power meter only
    NONE = "none"  # nothing but the piece held in the hand


def pull_strength(pull: float, dead: float = DEAD_PULL, full: float = FULL_PULL) -> float:
    """Shot strength in [0, 1] for a pull of ``pull`` squares (0 inside the dead zone
    ``dead``, 1 from ``full`` on)."""
    if pull < dead:
        return 0.0
    return min(1.0, (pull - dead) / (full - dead))


def strength_colour(strength: float) -> theme.Color:
    """Green for a tap, amber in the middle, red at full strength."""
    calm, middle, hard = (112, 196, 92), (238, 184, 64), (222, 72, 52)
    if strength < 0.5:
        return theme.mix(calm, middle, strength / 0.5)
    return theme.mix(middle, hard, (strength - 0.5) / 0.5)


# --- geometry ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """Where the 8x8 squares sit on the screen and which way the board is turned."""

    left: int
    top: int
    cell: int
    flipped: bool = False  # True: Black's side at the bottom (turned 180°)
    squares: int = 8
    rim: float = BORDER_CELLS  # the frame's width in squares (wider on the wide board)

    @property
    def side(self) -> int:
        return self.cell * self.squares

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.left, self.top, self.side, self.side)

    @property
    def border(self) -> int:
        return round(self.cell * self.rim)

    @property
    def outer(self) -> pygame.Rect:
        return self.rect.inflate(2 * self.border, 2 * self.border)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        if self.flipped:
            x, y = self.squares - x, self.squares - y
        return (self.left + x * self.cell, self.top + (self.squares - y) * self.cell)

    def to_table(self, px: float, py: float) -> tuple[float, float]:
        x = (px - self.left) / self.cell
        y = self.squares - (py - self.top) / self.cell
        if self.flipped:
            x, y = self.squares - x, self.squares - y
        return (x, y)

    def screen_vector(self, dx: float, dy: float) -> tuple[float, float]:
        """A table direction as a screen direction (pixels per square)."""
        sign = -1 if self.flipped else 1
        return (sign * dx * self.cell, -sign * dy * self.cell)

    def with_flip(self, flipped: bool) -> BoardGeometry:
        return BoardGeometry(self.left, self.top, self.cell, flipped, self.squares, self.rim)


def fit_board(area: pygame.Rect, flipped: bool = False,
              rim: float = BORDER_CELLS) -> BoardGeometry:
    """The largest board (a frame ``rim`` squares wide included) that fits ``area``, centred
    in it."""
    cell = max(8, int(min(area.width, area.height) / (8 + 2 * rim)))
    side = cell * 8
    left = area.centerx - side // 2
    top = area.centery - side // 2
    return BoardGeometry(left, top, cell, flipped, rim=rim)


# --- the static layer ------------------------------------------------------------------------
@lru_cache(maxsize=6)
def board_layer(cell: int, flipped: bool, rim: float = BORDER_CELLS,
                swamp: Color | None = None) -> pygame.Surface:
    """The framed wooden board with its coordinates, turned as asked (frame included). On the
    wide board (``rim`` over a square) the letters and numbers stand in the middle of a rim a
    square deep; the rim behind ``swamp``'s last line is a marsh, part of that side's
    table."""
    squares = drawing.wood_squares(8, 8, cell)
    if flipped:
        squares = pygame.transform.rotate(squares, 180)
    border = round(cell * rim)
    surface = drawing.framed(squares, border)
    wide = rim >= 1.0
    if swamp is not None:
        _draw_swamp(surface, cell, border, (swamp is Color.WHITE) != flipped)
    px = max(theme.MIN_PX, round(cell * (0.3 if wide else 0.22)))
    colour = theme.mix(theme.BOARD_FRAME, theme.TEXT, 0.55)
    # the coordinates in the middle of the strip a piece on the swamp stands on
    inner = round(cell * 0.5) if wide else border // 2
    for i in range(8):
        column = 7 - i if flipped else i
        row = 8 - i if flipped else i + 1
        letter = theme.text("abcdefgh"[column], px, colour)
        x = border + i * cell + cell // 2
        surface.blit(letter, letter.get_rect(center=(x, border + 8 * cell + inner)))
        surface.blit(letter, letter.get_rect(center=(x, border - inner)))
        number = theme.text(str(row), px, colour)
        y = border + (7 - i) * cell + cell // 2
        surface.blit(number, number.get_rect(center=(border - inner, y)))
        surface.blit(number, number.get_rect(center=(border + 8 * cell + inner, y)))
    return surface


def _draw_swamp(surface: pygame.Surface, cell: int, border: int, bottom: bool) -> None:
    """The marsh on the rim a square deep behind a retreated side's line (``bottom``: below
    the squares on the screen): dark water, tufts of reeds, a line where the board ends."""
    top = border + 8 * cell if bottom else border - cell
    strip = pygame.Rect(border, top, 8 * cell, cell)
    pygame.draw.rect(surface, SWAMP, strip)
    rng = random.Random(cell)
    water = theme.mix(SWAMP, (40, 60, 70), 0.5)
    for _ in range(14):
        w = rng.randint(cell // 3, cell)
        puddle = pygame.Rect(0, 0, w, max(3, w // 4))
        puddle.center = (rng.randint(strip.left + w // 2, strip.right - w // 2),
                         rng.randint(strip.top + 4, strip.bottom - 4))
        pygame.draw.ellipse(surface, water, puddle)
    reed = theme.mix(SWAMP, (190, 180, 110), 0.45)
    for _ in range(22):
        x = rng.randint(strip.left + 3, strip.right - 3)
        y = rng.randint(strip.top + cell // 3, strip.bottom - 2)
        for lean in (-2, 0, 2):
            pygame.draw.line(surface, reed, (x, y), (x + lean, y - max(4, cell // 6)), 1)
    edge = theme.mix(theme.BOARD_FRAME, (0, 0, 0), 0.5)
    pygame.draw.rect(surface, edge, strip, width=1)


@lru_cache(maxsize=8)
def edge_glow(width: int, height: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A soft band of light, strongest along its bottom edge (rotated for other sides)."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    for y in range(height):
        t = (y + 1) / height
        pygame.draw.line(surface, (*colour, round(170 * t * t)), (0, y), (width, y))
    return surface


# --- discs -----------------------------------------------------------------------------------
def disc_radius(geometry: BoardGeometry, config: TableConfig) -> int:
    return max(3, round(config.radius * geometry.cell))


def draw_disc(surface: pygame.Surface, centre: tuple[float, float], radius: int,
              color: Color, angle: float, flipped: bool, lift: float = 0.0) -> None:
    """A turned wooden piece with its shadow and a small maker's mark that shows its spin."""
    white = color is Color.WHITE
    drawing.draw_piece(surface, centre, radius, white=white, lift=lift)
    # the mark turns with the disc (screen y is down: a table angle turns the other way)
    turn = -angle + (math.pi if flipped else 0.0)
    cx, cy = centre[0], centre[1] - radius * 0.15 * lift
    mark = theme.mix(theme.PIECE_WHITE_RIM, (120, 80, 40), 0.5) if white else \
        theme.mix(theme.PIECE_BLACK, (200, 150, 96), 0.5)
    # a short notch cut into the outer groove, like a turner's mark
    ring = radius * 0.78
    rect = pygame.Rect(0, 0, round(2 * ring), round(2 * ring))
    rect.center = (round(cx), round(cy))
    start = -turn  # pygame's arcs count angles counterclockwise on screen
    pygame.draw.arc(surface, mark, rect, start - 0.35, start + 0.35,
                    width=max(2, round(radius * 0.09)))


@lru_cache(maxsize=64)
def _fall_frame(radius: int, white: bool, shrink: int, squash: int, dark: int,
                horizontal: bool) -> pygame.Surface:
    """One frame of a falling disc: smaller, squashed across the edge it tips over, darker."""
    sprite = drawing.piece_sprite(radius, white)
    size = max(2, round(2 * radius * shrink / 20))
    thin = max(2, round(size * squash / 20))
    frame = pygame.transform.smoothscale(sprite, (thin, size) if horizontal else (size, thin))
    shade = 255 - round(200 * dark / 20)
    frame.fill((shade, shade, shade, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return frame


@dataclass(slots=True)
class FallingDisc:
    """A piece past the edge: it flies on at the speed it left the board with (``vx``,
    ``vy``: the exit velocity the table reports in its :class:`physics.Fall`), tips over the
    rim and drops out of sight. Nothing brakes it once it is off the table."""

    disc: DiscId
    x: float
    y: float
    vx: float
    vy: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= FALL_SECONDS

    def outward(self, size: float = 8.0) -> tuple[float, float]:
        """The edge's outward normal (the side the centre went past)."""
        beyond = [(-self.x, (-1.0, 0.0)), (self.x - size, (1.0, 0.0)),
                  (-self.y, (0.0, -1.0)), (self.y - size, (0.0, 1.0))]
        return max(beyond)[1]

    def where(self, age: float) -> tuple[float, float]:
        """The centre at ``age`` seconds: carried on at the exit velocity, plus the little
        outward drift of tipping over the rim (which starts at zero speed, so a fast piece
        leaves at exactly its speed on the board and a creeping one still goes over)."""
        t = min(age, FALL_SECONDS)
        nx, ny = self.outward()
        tip = TIP_DRIFT * (t / FALL_SECONDS) ** 2
        return (self.x + self.vx * t + nx * tip, self.y + self.vy * t + ny * tip)


def draw_falling(surface: pygame.Surface, geometry: BoardGeometry, fall: FallingDisc,
                 age: float, radius: int) -> None:
    t = min(1.0, age / FALL_SECONDS)
    x, y = fall.where(age)
    centre = geometry.to_screen(x, y)
    nx, ny = fall.outward()
    horizontal = abs(nx) > abs(ny)
    shrink = round(20 * (1 - 0.55 * t))  # shrinks to 45 %
    squash = round(20 * max(0.15, math.cos(t * math.pi * 0.47)))  # tips toward edge-on
    dark = round(20 * min(1.0, t * 1.25))
    frame = _fall_frame(radius, fall.disc[0] is Color.WHITE, shrink, squash, dark, horizontal)
    if t > 0.7:
        frame = frame.copy()
        frame.set_alpha(round(255 * (1 - (t - 0.7) / 0.3)))
    # the tipped disc hangs over the edge: its near side is down, so it slides outward a bit
    surface.blit(frame, frame.get_rect(center=(round(centre[0]), round(centre[1]))))


# --- aiming (the path itself is physics.aim_path: this only draws it) ---------------------------
def draw_arrow(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
               width: float, colour: theme.Color) -> None:
    """A thick arrow with a dark outline, readable on light and dark squares alike."""
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy)
    if length < 1:
        return
    ux, uy = (ex - sx) / length, (ey - sy) / length
    px, py = -uy, ux
    head = min(length * 0.6, width * 3.2)
    neck = (ex - ux * head, ey - uy * head)
    w, hw = width / 2, width * 1.6
    points = [(sx + px * w, sy + py * w), (neck[0] + px * w, neck[1] + py * w),
              (neck[0] + px * hw, neck[1] + py * hw), (ex, ey),
              (neck[0] - px * hw, neck[1] - py * hw), (neck[0] - px * w, neck[1] - py * w),
              (sx - px * w, sy - py * w)]
    outline = theme.mix(colour, (0, 0, 0), 0.6)
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, outline, points, width=max(1, round(width / 5)))


def draw_dotted(surface: pygame.Surface, start: tuple[float, float], end: tuple[float, float],
                gap: float, radius: int, colour: tuple[int, int, int, int]) -> None:
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy)
    count = int(length // gap)
    for i in range(1, count + 1):
        t = i * gap / length
        pygame.draw.circle(surface, colour, (sx + (ex - sx) * t, sy + (ey - sy) * t), radius)


def draw_power_ring(surface: pygame.Surface, centre: tuple[float, float], radius: int,
                    strength: float, colour: theme.Color | None = None) -> None:
    """A ring around the held piece filling up with strength: the meter where the eyes are
    (in ``colour``, or the strength's own)."""
    ring = radius + max(4, radius // 4)
    rect = pygame.Rect(0, 0, 2 * ring, 2 * ring)
    rect.center = (round(centre[0]), round(centre[1]))
    width = max(3, radius // 6)
    pygame.draw.circle(surface, (30, 20, 12), rect.center, ring, width=width + 2)
    if strength > 0:
        stop = math.pi / 2
        pygame.draw.arc(surface, colour or strength_colour(strength), rect,
                        stop - strength * math.tau, stop, width=width)


def draw_lines_diagram(surface: pygame.Surface, rect: pygame.Rect, white_row: float,
                       black_row: float, flipped: bool = False, swamp: bool = False) -> None:
    """A little board column with both sides' lines: where the fight stands between rounds.
    Rows may be fractional while the lines slide. ``swamp``: the wide board, its swamps (rows
    0 and 9) drawn as marsh strips at both ends."""
    if swamp:
        cell = rect.height / 10
        for strip in (pygame.Rect(rect.left, rect.top, rect.width, round(cell)),
                      pygame.Rect(rect.left, rect.bottom - round(cell), rect.width,
                                  round(cell))):
            pygame.draw.rect(surface, SWAMP, strip)
        rect = pygame.Rect(rect.left, rect.top + round(cell), rect.width,
                           rect.height - 2 * round(cell))
    cell = rect.height / 8
    for i in range(8):
        row = i + 1
        y = rect.bottom - (i + 1) * cell if not flipped else rect.top + i * cell
        for c in range(8):
            dark = (c + i) % 2 == 0
            colour = theme.SQUARE_DARK if dark else theme.SQUARE_LIGHT
            x = rect.left + (c if not flipped else 7 - c) * rect.width / 8
            pygame.draw.rect(surface, colour,
                             pygame.Rect(round(x), round(y), math.ceil(rect.width / 8),
                                         math.ceil(cell)))
        del row
    pygame.draw.rect(surface, theme.BOARD_FRAME, rect.inflate(4, 4), width=2)
    pr = max(2, round(min(cell, rect.width / 8) * 0.4))
    for color, line in ((Color.WHITE, white_row), (Color.BLACK, black_row)):
        y = (rect.bottom - (line - 0.5) * cell) if not flipped else (rect.top + (line - 0.5) * cell)
        band = pygame.Rect(rect.left - 3, round(y - cell / 2) - 1, rect.width + 6,
                           round(cell) + 2)
        pygame.draw.rect(surface, theme.ACCENT, band, width=2, border_radius=3)
        for c in range(8):
            x = rect.left + (c + 0.5) * rect.width / 8
            drawing.draw_piece(surface, (x, y), pr, white=color is Color.WHITE)
