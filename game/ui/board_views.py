"""Boards on screen: where each square or point sits, what the mouse points at, and the
pre-rendered wood under the pieces.

``SquareBoardView`` draws diagonal draughts (dark squares, a–h/1–8 or a–j/1–10 on the frame,
or the numbers of the edge squares where the notation numbers them; optional 1–50 square
numbers); ``PointGridView`` draws Apokachi as lines with the pieces on
the crossings (a–i/1–9 beside the lines). Both map the rules' squares through
:class:`~game.rules.core.BoardGeometry`, so a view never asks which game it shows.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.rules.core import BoardGeometry, Color, Game
from game.ui import drawing, theme

RGBA = tuple[int, int, int, int]

LAST_MOVE: RGBA = (168, 196, 84, 115)  # olive: apart from the yellow selection
SELECTED: RGBA = (255, 226, 120, 150)
TARGET: RGBA = (46, 32, 18, 120)
TARGET_CAPTURE: RGBA = (150, 40, 28, 150)
MOVABLE: RGBA = (255, 214, 110, 230)
MUST_CAPTURE: RGBA = (226, 96, 58, 235)
VICTIM: RGBA = (214, 58, 40, 240)
LETTERS = "abcdefghijklmnopqrstuvwxyz"


class BoardView:
    """A board laid out in a square area of the window: geometry, hit-testing, markers."""

    dot_scale = 1.0  # target dots relative to the spacing of the squares or points

    def __init__(self, geometry: BoardGeometry, flipped: bool = False) -> None:
        self.geometry = geometry
        self.flipped = flipped
        self.numbers = False  # International: show the 1-50 square numbers
        self.rect = pygame.Rect(0, 0, 0, 0)  # the framed board
        self.inner = pygame.Rect(0, 0, 0, 0)  # the playing area
        self.cell = 1.0
        self.radius = 1
        self._border = 1
        self._at: dict[tuple[int, int], int] = {
            coord: square for coord, square in zip(geometry.coords, geometry.squares)}
        self._coord: dict[int, tuple[int, int]] = {
            square: coord for coord, square in zip(geometry.coords, geometry.squares)}

    # layout ----------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Fit the framed board, as large as it goes and square, centred in ``area``."""
        raise NotImplementedError

    def coord(self, square: int) -> tuple[int, int]:
        return self._coord[square]

    def bottom_color(self) -> Color:
        """The side whose pieces start at the bottom edge of the screen."""
        return Color.BLACK if self.flipped else Color.WHITE

    # to and from the screen -------------------------------------------------------------------
    def _display(self, column: int, row: int) -> tuple[int, int]:
        """(x index, y index from the top) of a board coordinate as it is shown."""
        if self.flipped:
            return self.geometry.columns - 1 - column, row
        return column, self.geometry.rows - 1 - row

    def centre(self, square: int) -> tuple[float, float]:
        raise NotImplementedError

    def square_at(self, pos: tuple[int, int]) -> int | None:
        raise NotImplementedError

    # drawing -----------------------------------------------------------------------------------
    def draw_base(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_labels(self, surface: pygame.Surface) -> None:
        """Labels drawn over the pieces (International square numbers on demand)."""

    def draw_tint(self, surface: pygame.Surface, square: int, colour: RGBA) -> None:
        """Colour a square (or a point's spot) softly, e.g. the last move's from and to."""
        raise NotImplementedError

    def draw_dot(self, surface: pygame.Surface, square: int, colour: RGBA,
                 size: float = 0.17) -> None:
        """A soft round dot in the middle of a square: a place the selected piece may go."""
        x, y = self.centre(square)
        dot = _dot(max(3, round(self.cell * size * self.dot_scale)), colour)
        surface.blit(dot, dot.get_rect(center=(round(x), round(y))))

    def draw_ring(self, surface: pygame.Surface, square: int, colour: RGBA,
                  grow: float = 1.12) -> None:
        """A ring round a piece: it can move, it must capture, or it is about to be taken."""
        x, y = self.centre(square)
        ring = _ring(round(self.radius * grow), max(2, round(self.radius / 9)), colour)
        surface.blit(ring, ring.get_rect(center=(round(x), round(y))))

    def draw_route(self, surface: pygame.Surface, start: int, path: tuple[int, ...],
                   colour: RGBA, width_fraction: float = 0.07) -> None:
        """A capture route as a line through its landing squares, each landing marked."""
        points = [self.centre(s) for s in (start, *path)]
        width = max(2, round(self.cell * width_fraction))
        layer = _layer(self.rect.size)
        layer.fill((0, 0, 0, 0))
        offset = pygame.Vector2(self.rect.topleft)
        local = [pygame.Vector2(p) - offset for p in points]
        pygame.draw.lines(layer, colour, False, local, width)
        for p in local[1:]:
            pygame.draw.circle(layer, colour, p, width * 1.6)
        surface.blit(layer, self.rect.topleft)

    def draw_area(self, surface: pygame.Surface, squares: list[int], colour: RGBA) -> None:
        """A block of squares (an Ugolki house) outlined and softly tinted, drawn under the
        pieces."""
        if not squares:
            return
        half = self.cell / 2
        xs = [self.centre(s)[0] for s in squares]
        ys = [self.centre(s)[1] for s in squares]
        rect = pygame.Rect(round(min(xs) - half), round(min(ys) - half),
                           round(max(xs) - min(xs) + self.cell),
                           round(max(ys) - min(ys) + self.cell))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        layer.fill((*colour[:3], colour[3] // 5))
        width = max(2, round(self.cell / 16))
        pygame.draw.rect(layer, colour, layer.get_rect(), width,
                         border_radius=max(2, round(self.cell / 10)))
        surface.blit(layer, rect.topleft)

    def draw_edge_glow(self, surface: pygame.Surface, color: Color) -> None:
        """The frame glows warm along the edge where the side to move sits (drawn over the
        base: it stays inside the board's own rectangle, never over the panel or off-screen)."""
        band = _glow(self.rect.width, max(6, self._border))
        if color is self.bottom_color():
            surface.blit(band, (self.rect.left, self.rect.bottom - band.get_height()))
        else:
            surface.blit(pygame.transform.flip(band, False, True), self.rect.topleft)


class SquareBoardView(BoardView):
    """A chequered draughts board; the playable squares are the dark ones."""

    def layout(self, area: pygame.Rect) -> None:
        n = self.geometry.columns
        side = min(area.width, area.height)
        border = max(_least_border(numbered(self.geometry)), round(side * 0.042))
        cell = max(4, (side - 2 * border) // n)
        border = (side - cell * n) // 2
        self.cell = float(cell)
        self.radius = max(3, round(cell * 0.41))
        self.rect = pygame.Rect(0, 0, cell * n + 2 * border, cell * n + 2 * border)
        self.rect.center = area.center
        self.inner = pygame.Rect(self.rect.left + border, self.rect.top + border, cell * n, cell * n)
        self._border = border

    def centre(self, square: int) -> tuple[float, float]:
        x, y = self._display(*self._coord[square])
        return (self.inner.left + (x + 0.5) * self.cell, self.inner.top + (y + 0.5) * self.cell)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        if not self.inner.collidepoint(pos):
            return None
        x = int((pos[0] - self.inner.left) // self.cell)
        y = int((pos[1] - self.inner.top) // self.cell)
        n = self.geometry.columns
        column, row = (n - 1 - x, y) if self.flipped else (x, n - 1 - y)
        return self._at.get((column, row))

    def draw_base(self, surface: pygame.Surface) -> None:
        base = _square_board(self.geometry, round(self.cell), self._border, self.flipped)
        surface.blit(base, self.rect.topleft)

    def draw_labels(self, surface: pygame.Surface) -> None:
        if self.numbers:
            layer = _square_numbers(self.geometry, round(self.cell), self.flipped)
            surface.blit(layer, self.inner.topleft)

    def draw_tint(self, surface: pygame.Surface, square: int, colour: RGBA) -> None:
        x, y = self.centre(square)
        cell = round(self.cell)
        tint = _tint(cell, colour)
        surface.blit(tint, (round(x - cell / 2), round(y - cell / 2)))


class PointGridView(BoardView):
    """Apokachi: a grid of lines on a light wooden plank, the pieces on the crossings."""

    dot_scale = 1.3  # a dot must cover the crossing's own mark to read as a target

    def layout(self, area: pygame.Rect) -> None:
        n = self.geometry.columns
        side = min(area.width, area.height)
        border = max(8, round(side * 0.022))
        # one spacing of wood round the outer lines: room for a piece and the coordinates
        cell = (side - 2 * border) / (n + 1)
        self.cell = cell
        self.radius = max(3, round(cell * 0.38))
        inner = round(cell * (n + 1))
        self.rect = pygame.Rect(0, 0, inner + 2 * border, inner + 2 * border)
        self.rect.center = area.center
        self.inner = pygame.Rect(self.rect.left + border, self.rect.top + border, inner, inner)
        self._border = border

    def centre(self, square: int) -> tuple[float, float]:
        x, y = self._display(*self._coord[square])
        return (self.inner.left + (x + 1) * self.cell, self.inner.top + (y + 1) * self.cell)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        n = self.geometry.columns
        fx = (pos[0] - self.inner.left) / self.cell - 1
        fy = (pos[1] - self.inner.top) / self.cell - 1
        x, y = round(fx), round(fy)
        if not (0 <= x < n and 0 <= y < n) or math.hypot(fx - x, fy - y) > 0.5:
            return None
        column, row = (n - 1 - x, y) if self.flipped else (x, n - 1 - y)
        return self._at.get((column, row))

    def draw_base(self, surface: pygame.Surface) -> None:
        base = _point_board(self.geometry.columns, self.cell, self._border, self.flipped)
        surface.blit(base, self.rect.topleft)

    def draw_tint(self, surface: pygame.Surface, square: int, colour: RGBA) -> None:
        x, y = self.centre(square)
        spot = _dot(round(self.cell * 0.47), colour)
        surface.blit(spot, spot.get_rect(center=(round(x), round(y))))


# pieces -------------------------------------------------------------------------------------
HOUSE_COLOURS: tuple[RGBA, RGBA] = ((250, 236, 200, 230), (40, 24, 14, 230))  # White's, Black's


def draw_houses(surface: pygame.Surface, view: BoardView, game: Game) -> None:
    """A race game's houses (Ugolki: each side's corner, where the other side goes),
    outlined in the colour of the side that starts there; nothing for other games."""
    homes = game.homes()
    if homes is None:
        return
    for mask, colour in zip(homes, HOUSE_COLOURS):
        view.draw_area(surface, [s for s in range(mask.bit_length()) if mask >> s & 1], colour)


def draw_piece_alpha(surface: pygame.Surface, centre: tuple[float, float], radius: int,
                     white: bool, king: bool, alpha: float) -> None:
    """A piece with its shadow at ``alpha`` in [0, 1]: a captured piece fading away."""
    if alpha >= 0.999:
        drawing.draw_piece(surface, centre, radius, white, king)
        return
    if alpha <= 0.0:
        return
    shadow = drawing.piece_shadow(radius, 0.0).copy()
    shadow.set_alpha(round(255 * alpha))
    offset = radius * 0.12
    surface.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset)))
    sprite = drawing.piece_sprite(radius, white, king).copy()
    sprite.set_alpha(round(255 * alpha))
    # shrinks a little as it goes: taken off the board, not just turned transparent
    size = max(2, round(2 * radius * (0.85 + 0.15 * alpha)))
    if size != sprite.get_width():
        sprite = pygame.transform.smoothscale(sprite, (size, size))
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


# cached pictures ------------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _dot(radius: int, colour: RGBA) -> pygame.Surface:
    big = pygame.Surface((radius * 6, radius * 6), pygame.SRCALPHA)
    # a soft edge: a few rings of falling alpha round a solid middle
    for step in range(4, -1, -1):
        a = round(colour[3] * (1.0 if step == 0 else 0.25 / step))
        pygame.draw.circle(big, (*colour[:3], a), (radius * 3, radius * 3),
                           round(radius * 3 * (1 + step * 0.08)))
    return pygame.transform.smoothscale(big, (radius * 2 + 4, radius * 2 + 4))


@lru_cache(maxsize=16)
def _ring(radius: int, width: int, colour: RGBA) -> pygame.Surface:
    k = 3
    big = pygame.Surface(((radius + width) * 2 * k, (radius + width) * 2 * k), pygame.SRCALPHA)
    centre = ((radius + width) * k, (radius + width) * k)
    pygame.draw.circle(big, colour, centre, (radius + width) * k, width=width * k)
    return pygame.transform.smoothscale(big, ((radius + width) * 2, (radius + width) * 2))


@lru_cache(maxsize=16)
def _tint(cell: int, colour: RGBA) -> pygame.Surface:
    tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tint.fill(colour)
    return tint


@lru_cache(maxsize=4)
def _layer(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


@lru_cache(maxsize=8)
def _glow(width: int, height: int) -> pygame.Surface:
    """A band brightest at its bottom edge, fading upward."""
    glow = pygame.Surface((width, height), pygame.SRCALPHA)
    for y in range(height):
        a = round((y / max(1, height - 1)) ** 1.6 * 190)
        pygame.draw.line(glow, (*theme.ACCENT, a), (0, y), (width, y))
    pygame.draw.line(glow, (255, 214, 130, 255), (0, height - 1), (width, height - 1),
                     max(1, height // 10))
    return glow


def _coordinate_labels(n: int, flipped: bool) -> tuple[list[str], list[str]]:
    """Column letters left to right and row numbers top to bottom, as shown."""
    letters = [LETTERS[i] for i in range(n)]
    numbers = [str(n - i) for i in range(n)]
    if flipped:
        letters.reverse()
        numbers.reverse()
    return letters, numbers


def numbered(geometry: BoardGeometry) -> bool:
    """The game's notation names the squares by number (International 1–50, English 1–32:
    ``Game.numbered_squares``), as the geometry's names say: the frame shows the numbers of
    the squares along its edges, not letters and digits the moves never use."""
    return all(name.isdigit() for name in geometry.names)


@lru_cache(maxsize=2)
def _least_border(numbers: bool) -> int:
    """The narrowest frame: one that holds a letter, or two digits of the smallest letters
    where the frame numbers the edge squares."""
    return max(14, theme.font(theme.MIN_PX).size("00")[0] + 2) if numbers else 14


def edge_numbers(geometry: BoardGeometry, flipped: bool) -> list[tuple[str, str, int]]:
    """(square number, edge, place along the edge) of the playable squares along each edge
    of the board as it is shown: "top" and "bottom" by column from the left, "left" and
    "right" by row from the top. A corner square is on two edges."""
    n = geometry.columns
    found = []
    for name, (column, row) in zip(geometry.names, geometry.coords):
        x, y = (n - 1 - column, row) if flipped else (column, geometry.rows - 1 - row)
        if y == 0:
            found.append((name, "top", x))
        if y == geometry.rows - 1:
            found.append((name, "bottom", x))
        if x == 0:
            found.append((name, "left", y))
        if x == n - 1:
            found.append((name, "right", y))
    return found


@lru_cache(maxsize=6)
def _square_board(geometry: BoardGeometry, cell: int, border: int, flipped: bool
                  ) -> pygame.Surface:
    n = geometry.columns
    squares = drawing.wood_squares(n, n, cell, geometry.light_corner)
    if flipped:
        # the same dark corner either way round for an even board; turned for its grain
        squares = pygame.transform.rotate(squares, 180)
    board = drawing.framed(squares, border)
    px = max(theme.MIN_PX, round(border * 0.55))
    colour = theme.mix(theme.BOARD_FRAME, theme.TEXT, 0.55)
    if numbered(geometry):
        _frame_numbers(board, geometry, cell, border, flipped, px, colour)
        return board
    letters, rows = _coordinate_labels(n, flipped)
    for i, letter in enumerate(letters):
        label = theme.text(letter, px, colour)
        x = border + (i + 0.5) * cell
        board.blit(label, label.get_rect(center=(round(x), border + n * cell + border // 2)))
        board.blit(label, label.get_rect(center=(round(x), border // 2)))
    for i, number in enumerate(rows):
        label = theme.text(number, px, colour)
        y = border + (i + 0.5) * cell
        board.blit(label, label.get_rect(center=(border // 2, round(y))))
        board.blit(label, label.get_rect(center=(border + n * cell + border // 2, round(y))))
    return board


def _frame_numbers(board: pygame.Surface, geometry: BoardGeometry, cell: int, border: int,
                   flipped: bool, px: int, colour: theme.Color) -> None:
    """The numbers of the edge squares on the frame, each beside its square."""
    n = geometry.columns
    near, far = border // 2, border + n * cell + border // 2
    for name, edge, along in edge_numbers(geometry, flipped):
        middle = round(border + (along + 0.5) * cell)
        centre = {"top": (middle, near), "bottom": (middle, far), "left": (near, middle),
                  "right": (far, middle)}[edge]
        # never cut: a number two digits wide overhangs a narrow frame by a pixel or two
        label = theme.text(name, px, colour)
        board.blit(label, label.get_rect(center=centre))


@lru_cache(maxsize=4)
def _square_numbers(geometry: BoardGeometry, cell: int, flipped: bool) -> pygame.Surface:
    """The square numbers in the top-left corner of each dark square, over the pieces, with
    a dark edge so they read on a light piece as well as on the wood."""
    n = geometry.columns
    layer = pygame.Surface((n * cell, n * cell), pygame.SRCALPHA)
    small = max(theme.MIN_PX, round(cell * 0.2))
    for square, (column, row) in zip(geometry.squares, geometry.coords):
        x, y = (n - 1 - column, row) if flipped else (column, n - 1 - row)
        at = (x * cell + max(2, cell // 16), y * cell + max(1, cell // 24))
        edge = theme.text(str(square), small, (30, 18, 10), True)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            layer.blit(edge, (at[0] + dx, at[1] + dy))
        layer.blit(theme.text(str(square), small, (250, 236, 200), True), at)
    return layer


@lru_cache(maxsize=4)
def _point_board(n: int, cell: float, border: int, flipped: bool) -> pygame.Surface:
    inner = round(cell * (n + 1))
    plank = pygame.Surface((inner, inner))
    plank.fill(theme.SQUARE_LIGHT)
    rng = random.Random(n)
    phase = rng.uniform(0, math.tau)
    # a quiet lengthwise grain, as on a planed board
    for y in range(0, inner, 2):
        shade = round(math.sin(y * 0.09 + phase) * 5 + math.sin(y * 0.023 + 2 * phase) * 6
                      + math.sin(y * 0.61) * 2)
        colour = tuple(max(0, min(255, c + shade)) for c in theme.SQUARE_LIGHT)
        pygame.draw.line(plank, colour, (0, y), (inner, y), 2)
    line = theme.mix(theme.SQUARE_DARK, (0, 0, 0), 0.3)
    width = max(2, round(cell / 26))
    first, last = round(cell), round(cell * n)
    for i in range(n):
        at = round(cell * (i + 1))
        pygame.draw.line(plank, line, (first, at), (last, at), width)
        pygame.draw.line(plank, line, (at, first), (at, last), width)
    for i in range(n):
        for j in range(n):
            pygame.draw.circle(plank, line, (round(cell * (i + 1)), round(cell * (j + 1))),
                               max(2, round(cell * 0.07)))
    px = max(theme.MIN_PX, round(cell * 0.3))
    ink = theme.mix(theme.SQUARE_DARK, (0, 0, 0), 0.15)
    letters, rows = _coordinate_labels(n, flipped)
    gap = cell * 0.62  # between the outer line and a label: a piece's radius is 0.38
    for i in range(n):
        at = round(cell * (i + 1))
        label = theme.text(letters[i], px, ink)
        plank.blit(label, label.get_rect(center=(at, round(cell * n + gap))))
        plank.blit(label, label.get_rect(center=(at, round(cell - gap))))
        label = theme.text(rows[i], px, ink)
        plank.blit(label, label.get_rect(center=(round(cell - gap), at)))
        plank.blit(label, label.get_rect(center=(round(cell * n + gap), at)))
    return drawing.framed(plank, border)
