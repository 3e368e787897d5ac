"""Small still pictures of each game's table, for the main menu. A game may have a picture
of its own (a moment that shows what sets it apart); any other board game of the registry is
shown at its starting position."""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.rules import find_variant
from game.rules.core import Color, PieceKind
from game.ui import drawing, theme


@lru_cache(maxsize=8)
def preview(key: str, side: int) -> pygame.Surface:
    """The table of game ``key`` at its starting position, ``side`` pixels square."""
    painters = {"international": _international, "russian": _russian,
                "apokachi": _apokachi, "chapaev": _chapaev}
    if key in painters:
        return painters[key](side)
    from game.ui.previews_more import PAINTERS

    if key in PAINTERS:
        return PAINTERS[key](side)
    return _start_position(key, side)


def _start_position(key: str, side: int) -> pygame.Surface:
    """Board game ``key`` (of the rules' registry) at its starting position."""
    game = find_variant(key).new()
    geometry = game.geometry
    n = max(geometry.columns, geometry.rows)
    border = max(6, side // 28)
    if geometry.points:
        return _grid(n, side, [(geometry.coord(s), p.color is Color.WHITE)
                               for s, p in game.pieces()])
    cell = (side - 2 * border) // n
    board = drawing.wood_squares(n, n, cell, geometry.light_corner).copy()
    for square, piece in game.pieces():
        column, row = geometry.coord(square)
        drawing.draw_piece(board, (column * cell + cell / 2, (n - 1 - row) * cell + cell / 2),
                           round(cell * 0.42), white=piece.color is Color.WHITE,
                           king=piece.kind is PieceKind.KING)
    return drawing.framed(board, border)


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


def _grid(points: int, side: int, stones: list[tuple[tuple[int, int], bool]]) -> pygame.Surface:
    """Lines with pieces on their crossings (column, row from White's side; white?)."""
    border = max(6, side // 28)
    inner = side - 2 * border
    margin = inner // (points + 1)
    step = (inner - 2 * margin) / (points - 1)
    board = pygame.Surface((inner, inner))
    board.fill(theme.SQUARE_LIGHT)
    line = theme.mix(theme.SQUARE_DARK, (0, 0, 0), 0.25)
    width = max(1, side // 220)
    last = round(margin + (points - 1) * step)
    for i in range(points):
        offset = round(margin + i * step)
        pygame.draw.line(board, line, (margin, offset), (last, offset), width)
        pygame.draw.line(board, line, (offset, margin), (offset, last), width)
    radius = round(step * 0.36)
    for (column, row), white in stones:
        drawing.draw_piece(board, (margin + column * step, margin + (points - 1 - row) * step),
                           radius, white=white)
    return drawing.framed(board, border)


def _apokachi(side: int) -> pygame.Surface:
    points = 9
    return _grid(points, side, [((column, 0), True) for column in range(points)]
                 + [((column, points - 1), False) for column in range(points)])


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
