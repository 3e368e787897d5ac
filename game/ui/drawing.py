"""Pre-rendered pieces of the table: the wooden room, boards and turned wooden pieces.

Everything here is drawn once per size and cached, so a frame is a handful of blits.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.ui import theme

SUPERSAMPLE = 3  # draw big, then smooth-scale down: soft, anti-aliased edges


@lru_cache(maxsize=4)
def room_background(size: tuple[int, int]) -> pygame.Surface:
    """The dark walnut backdrop: a vertical gradient with a faint grain and a vignette."""
    width, height = size
    surface = pygame.Surface(size)
    rng = random.Random(7)
    phases = [rng.uniform(0, math.tau) for _ in range(3)]
    for y in range(height):
        t = y / max(1, height - 1)
        base = theme.mix(theme.BACKGROUND_TOP, theme.BACKGROUND_BOTTOM, t)
        grain = (math.sin(y * 0.11 + phases[0]) * 0.5 + math.sin(y * 0.037 + phases[1]) * 0.8
                 + math.sin(y * 0.53 + phases[2]) * 0.25)
        shade = round(grain * 2.2)
        pygame.draw.line(surface, tuple(max(0, min(255, c + shade)) for c in base),
                         (0, y), (width, y))
    vignette = pygame.Surface((width // 8 + 1, height // 8 + 1), pygame.SRCALPHA)
    vw, vh = vignette.get_size()
    for ring in range(12):
        alpha = 10 + ring * 4
        inset = ring / 12
        rect = pygame.Rect(0, 0, round(vw * (1 + inset)), round(vh * (1 + inset)))
        rect.center = (vw // 2, vh // 2)
        pygame.draw.ellipse(vignette, (0, 0, 0, 0), rect)
        pygame.draw.ellipse(vignette, (0, 0, 0, alpha), rect, width=max(1, vw // 40))
    surface.blit(pygame.transform.smoothscale(vignette, size), (0, 0))
    return surface


@lru_cache(maxsize=16)
def piece_sprite(radius: int, white: bool, king: bool = False) -> pygame.Surface:
    """A turned wooden draughts piece seen from above: rim, grooves, highlight; kings crowned.

    The surface is ``2 * radius`` wide, without its shadow (see :func:`piece_shadow`).
    """
    r = max(2, radius) * SUPERSAMPLE
    big = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    body = theme.PIECE_WHITE if white else theme.PIECE_BLACK
    rim = theme.PIECE_WHITE_RIM if white else theme.PIECE_BLACK_RIM
    groove = theme.mix(body, rim, 0.7)
    light = theme.mix(body, (255, 255, 255), 0.45 if white else 0.22)
    centre = (r, r)
    pygame.draw.circle(big, rim, centre, r)
    # a soft top-left light across the face
    for step in range(10, 0, -1):
        t = step / 10
        pygame.draw.circle(big, theme.mix(body, light, (1 - t) * 0.8),
                           (r - round(r * 0.18 * (1 - t)), r - round(r * 0.18 * (1 - t))),
                           round(r * 0.9 * t))
    for fraction in (0.78, 0.55):
        pygame.draw.circle(big, groove, centre, round(r * fraction), width=max(1, r // 26))
    if king:
        _crown(big, centre, r * 0.42, theme.ACCENT if white else (226, 178, 92), rim)
    pygame.draw.circle(big, theme.mix(rim, (0, 0, 0), 0.3), centre, r, width=max(1, r // 18))
    return pygame.transform.smoothscale(big, (2 * radius, 2 * radius))


def _crown(surface: pygame.Surface, centre: tuple[int, int], size: float,
           fill: theme.Color, edge: theme.Color) -> None:
    cx, cy = centre
    w, h = size * 1.1, size * 0.8
    points = [
        (cx - w, cy + h * 0.6), (cx - w, cy - h * 0.5), (cx - w * 0.5, cy),
        (cx, cy - h * 0.9), (cx + w * 0.5, cy), (cx + w, cy - h * 0.5), (cx + w, cy + h * 0.6),
    ]
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, edge, points, width=max(1, round(size / 10)))


@lru_cache(maxsize=16)
def piece_shadow(radius: int, lift: float = 0.0) -> pygame.Surface:
    """A soft shadow for a piece; a lifted piece (lift in [0, 1]) casts a bigger, fainter one."""
    grow = 1.0 + 0.25 * lift
    size = round(2 * radius * grow) + 8
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    for step in range(6):
        alpha = round((60 - 30 * lift) * (step + 1) / 6 / 2)
        rr = round(radius * grow) + 4 - step
        pygame.draw.circle(surface, (0, 0, 0, alpha), (size // 2, size // 2), max(1, rr))
    return surface


def draw_piece(surface: pygame.Surface, centre: tuple[float, float], radius: int,
               white: bool, king: bool = False, lift: float = 0.0) -> None:
    """A piece with its shadow, the shadow offset down-right and growing as it lifts."""
    shadow = piece_shadow(radius, round(lift, 1))
    offset = radius * (0.12 + 0.2 * lift)
    surface.blit(shadow, shadow.get_rect(center=(centre[0] + offset, centre[1] + offset)))
    sprite = piece_sprite(radius, white, king)
    surface.blit(sprite, sprite.get_rect(center=(centre[0], centre[1] - radius * 0.15 * lift)))


@lru_cache(maxsize=8)
def wood_squares(columns: int, rows: int, cell: int, light_corner: bool = False
                 ) -> pygame.Surface:
    """A chequered wooden board, squares with a grain: a dark square at White's left corner,
    or with ``light_corner`` a light one (the board set as Italian draughts sets it)."""
    rng = random.Random(columns * 31 + rows)
    surface = pygame.Surface((columns * cell, rows * cell))
    dark_parity = 1 if light_corner else 0
    for row in range(rows):
        for column in range(columns):
            # row 0 is the bottom row: a1 is dark, or light on a turned board
            dark = (column + row) % 2 == dark_parity
            base = theme.SQUARE_DARK if dark else theme.SQUARE_LIGHT
            rect = pygame.Rect(column * cell, (rows - 1 - row) * cell, cell, cell)
            surface.fill(base, rect)
            phase = rng.uniform(0, math.tau)
            horizontal = (column + row) % 2 == 1
            for k in range(0, cell, 3):
                shade = round(math.sin(k * 0.45 + phase) * 5 + math.sin(k * 0.13 + phase) * 4)
                colour = tuple(max(0, min(255, c + shade)) for c in base)
                if horizontal:
                    pygame.draw.line(surface, colour, (rect.left, rect.top + k),
                                     (rect.right - 1, rect.top + k))
                else:
                    pygame.draw.line(surface, colour, (rect.left + k, rect.top),
                                     (rect.left + k, rect.bottom - 1))
    return surface


def framed(board: pygame.Surface, border: int) -> pygame.Surface:
    """A board set in a darker wooden frame with a thin inner bevel."""
    w, h = board.get_size()
    surface = pygame.Surface((w + 2 * border, h + 2 * border), pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.BOARD_FRAME, surface.get_rect(), border_radius=border // 2)
    pygame.draw.rect(surface, theme.mix(theme.BOARD_FRAME, (0, 0, 0), 0.35),
                     surface.get_rect(), width=max(1, border // 5), border_radius=border // 2)
    surface.blit(board, (border, border))
    pygame.draw.rect(surface, theme.mix(theme.BOARD_FRAME, (0, 0, 0), 0.5),
                     pygame.Rect(border - 1, border - 1, w + 2, h + 2), width=1)
    return surface
