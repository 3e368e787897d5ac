"""Small still pictures of each game's table, for the main menu."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import drawing, theme


@lru_cache(maxsize=8)
def preview(key: str, side: int) -> pygame.Surface:
    """The table of game ``key`` at its starting position, ``side`` pixels square."""
    painters = {"international": _international, "russian": _russian,
                "apokachi": _apokachi, "chapaev": _chapaev}
    if key in painters:
        return painters[key](side)
    from game.ui.previews_more import PAINTERS

    return PAINTERS[key](side)


def _checkered(n: int, side: int, rows_each: int) -> pygame.Surface:
    border = max(6, side // 28)
    cell = (side - 2 * border) // n
    board = drawing.wood_squares(n, n, cell).copy()
    radius = round(cell * 0.42)
    for row in range(n):
        for column in range(n):
            if (column + row) % 2 or rows_each <= row < n - rows_each:
                continue
            centre = (column * cell + cell / 2, (n - 1 - row) * cell + cell / 2)
            drawing.draw_piece(board, centre, radius, white=row < rows_each)
    return drawing.framed(board, border)


def _international(side: int) -> pygame.Surface:
    return _checkered(10, side, 4)


def _russian(side: int) -> pygame.Surface:
    return _checkered(8, side, 3)


def _apokachi(side: int) -> pygame.Surface:
    points = 9
    border = max(6, side // 28)
    inner = side - 2 * border
    margin = inner // (points + 1)
    step = (inner - 2 * margin) / (points - 1)
    board = pygame.Surface((inner, inner))
    board.fill(theme.SQUARE_LIGHT)
    line = theme.mix(theme.SQUARE_DARK, (0, 0, 0), 0.25)
    width = max(1, side // 220)
    for i in range(points):
        offset = round(margin + i * step)
        pygame.draw.line(board, line, (margin, offset), (round(margin + 8 * step), offset), width)
        pygame.draw.line(board, line, (offset, margin), (offset, round(margin + 8 * step)), width)
    radius = round(step * 0.36)
    for column in range(points):
        x = margin + column * step
        drawing.draw_piece(board, (x, margin + 8 * step), radius, white=True)
        drawing.draw_piece(board, (x, margin), radius, white=False)
    return drawing.framed(board, border)


def _chapaev(side: int) -> pygame.Surface:
    border = max(6, side // 28)
    cell = (side - 2 * border) // 8
    board = drawing.wood_squares(8, 8, cell).copy()
    radius = round(cell * 0.4)
    for column in range(8):
        x = column * cell + cell / 2
        drawing.draw_piece(board, (x, 7.5 * cell), radius, white=True)
        drawing.draw_piece(board, (x, 0.5 * cell), radius, white=False)
    # a flick in progress: the aim arrow from a white piece toward Black's line
    start = (3.5 * cell, 7.5 * cell)
    tip = (4.1 * cell, 3.2 * cell)
    pygame.draw.line(board, theme.ACCENT, start, tip, max(2, cell // 12))
    head = pygame.math.Vector2(tip) - pygame.math.Vector2(start)
    head.scale_to_length(cell * 0.35)
    left = pygame.math.Vector2(tip) - head.rotate(25)
    right = pygame.math.Vector2(tip) - head.rotate(-25)
    pygame.draw.polygon(board, theme.ACCENT, [tip, left, right])
    return drawing.framed(board, border)
