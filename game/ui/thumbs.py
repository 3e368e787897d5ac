"""Small pictures of a saved position (the Games screen, the menu's Continue entry), drawn on
demand and kept in a small cache."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.rules.core import Color, PieceKind
from game.ui import chapaev_view, drawing, theme


def thumbnail(game: str, picture: dict[str, Any] | None, side: int) -> pygame.Surface:
    """The position a Games screen line names, ``side`` pixels square; the game's empty
    board when the picture cannot be read."""
    picture = picture or {}
    if game == "chapaev":
        discs = picture.get("discs")
        key = tuple(tuple(d) for d in discs if isinstance(d, list)) if isinstance(discs, list) \
            else ()
        return _chapaev(key, side)
    fen = picture.get("fen")
    return _board(game, fen if isinstance(fen, str) else "", side)


@lru_cache(maxsize=96)
def _board(game: str, fen: str, side: int) -> pygame.Surface:
    from game.rules import find_variant

    cls = find_variant(game)
    try:
        position = cls.from_fen(fen) if fen else cls.new()
    except Exception:  # a damaged picture draws the empty board: never a crash
        position = cls.new()
    geometry = position.geometry
    n = geometry.columns
    border = max(3, side // 28)
    if geometry.points:
        inner = side - 2 * border
        step = inner / (n + 1)
        board = pygame.Surface((inner, inner))
        board.fill(theme.SQUARE_LIGHT)
        line = theme.mix(theme.SQUARE_DARK, (0, 0, 0), 0.25)
        for i in range(n):
            at = round(step * (i + 1))
            pygame.draw.line(board, line, (round(step), at), (round(step * n), at))
            pygame.draw.line(board, line, (at, round(step)), (at, round(step * n)))

        def centre(column: int, row: int) -> tuple[float, float]:
            return (step * (column + 1), step * (n - row))
        radius = max(2, round(step * 0.38))
    else:
        cell = max(2, (side - 2 * border) // n)
        board = drawing.wood_squares(n, n, cell, geometry.light_corner).copy()

        def centre(column: int, row: int) -> tuple[float, float]:
            return (cell * (column + 0.5), cell * (n - row - 0.5))
        radius = max(2, round(cell * 0.42))
    for square, piece in position.pieces():
        drawing.draw_piece(board, centre(*geometry.coord(square)), radius,
                           piece.color is Color.WHITE, piece.kind is PieceKind.KING)
    return drawing.framed(board, border)


@lru_cache(maxsize=48)
def _chapaev(discs: tuple[tuple[Any, ...], ...], side: int) -> pygame.Surface:
    border = max(4, side // 28)
    pieces = [item for item in discs if len(item) == 4 and isinstance(item[0], str)
              and all(isinstance(v, (int, float)) for v in item[1:3])]
    # a piece on a wide board's swamp stands beyond row 1 or row 8: that rim is shown too
    low = -1 if any(float(item[2]) < 0.0 for item in pieces) else 0
    high = 9 if any(float(item[2]) > 8.0 for item in pieces) else 8
    span = high - low
    cell = max(2, (side - 2 * border) // span)
    board = pygame.Surface((span * cell, span * cell))
    board.fill(chapaev_view.SWAMP)
    left = (span - 8) * cell // 2
    board.blit(drawing.wood_squares(8, 8, cell), (left, (high - 8) * cell))
    radius = max(2, round(cell * 0.4))
    for item in pieces:
        x, y = float(item[1]), float(item[2])
        drawing.draw_piece(board, (left + x * cell, (high - y) * cell), radius,
                           white=item[0].startswith("W"))
    return drawing.framed(board, border)


def placeholder(side: int) -> pygame.Surface:
    """A blank tile drawn while the real picture waits its turn."""
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.rect(tile, theme.mix(theme.PANEL, (0, 0, 0), 0.2), tile.get_rect(),
                     border_radius=max(3, side // 12))
    return tile
