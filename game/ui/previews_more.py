"""Menu pictures of the draughts games added from the same box, each showing what sets the
game apart: English numbers its squares, Brazilian takes the most with a flying king, in
the giveaway games a side offers its last pieces, and in Ugolki a piece races along a chain
of jumps between the two houses."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.rules.core import Color
from game.rules.ugolki import Ugolki
from game.ui import drawing, theme

# (column, row) from White's left corner; white?, king?
_Stone = tuple[int, int, bool, bool]


# a block of squares (first column, first row, last column, last row) and its outline colour
_Area = tuple[tuple[int, int, int, int], tuple[int, int, int]]


def _board(n: int, side: int, stones: Sequence[_Stone], path: Sequence[tuple[int, int]] = (),
           numbers: bool = False, areas: Sequence[_Area] = ()) -> pygame.Surface:
    border = max(6, side // 28)
    cell = (side - 2 * border) // n
    board = drawing.wood_squares(n, n, cell).copy()

    def centre(column: float, row: float) -> tuple[float, float]:
        return (column * cell + cell / 2, (n - 1 - row) * cell + cell / 2)

    for (c0, r0, c1, r1), colour in areas:
        rect = pygame.Rect(c0 * cell, (n - 1 - r1) * cell, (c1 - c0 + 1) * cell,
                           (r1 - r0 + 1) * cell)
        pygame.draw.rect(board, colour, rect, max(2, cell // 14), border_radius=cell // 10)

    if numbers and cell >= 3 * theme.MIN_PX:  # a small picture shows no numbers rather
        px = max(theme.MIN_PX, cell // 4)      # than unreadable ones
        number = 0
        for row in range(n - 1, -1, -1):
            for column in range(n):
                if (column + row) % 2 == 0:
                    number += 1
                    label = theme.text(str(number), px, theme.mix(theme.SQUARE_LIGHT,
                                                                   (0, 0, 0), 0.1))
                    board.blit(label, (column * cell + 3, (n - 1 - row) * cell + 2))
    radius = round(cell * 0.42)
    for column, row, white, king in stones:
        drawing.draw_piece(board, centre(column, row), radius, white=white, king=king)
    if len(path) > 1:
        points = [centre(c, r) for c, r in path]
        width = max(2, cell // 12)
        pygame.draw.lines(board, theme.ACCENT, False, points, width)
        tip = pygame.math.Vector2(points[-1])
        head = tip - pygame.math.Vector2(points[-2])
        head.scale_to_length(cell * 0.35)
        pygame.draw.polygon(board, theme.ACCENT,
                            [tip, tip - head.rotate(25), tip - head.rotate(-25)])
    return drawing.framed(board, border)


def _start(n: int, rows_each: int) -> list[_Stone]:
    return [(column, row, row < rows_each, False) for row in range(n) for column in range(n)
            if (column + row) % 2 == 0 and not rows_each <= row < n - rows_each]


def _english(side: int) -> pygame.Surface:
    # the start with the squares numbered 1-32 as English books do; Black moves first
    return _board(8, side, _start(8, 3), numbers=True)


def _brazilian(side: int) -> pygame.Surface:
    # a white king flies over two black men: the most pieces must be taken
    stones = [(0, 0, True, True), (2, 2, False, False), (5, 5, False, False),
              (1, 5, False, False), (6, 0, True, False), (7, 1, True, False),
              (3, 7, False, False)]
    return _board(8, side, stones, path=[(0, 0), (3, 3), (6, 6)])


def _russian_giveaway(side: int) -> pygame.Surface:
    # White steps its last men into Black's way: Black must take them, and White wins
    stones = [(2, 2, True, False), (4, 2, True, False), (2, 4, False, False),
              (5, 5, False, False), (6, 6, False, False), (1, 7, False, True)]
    return _board(8, side, stones, path=[(4, 2), (3, 3)])


def _international_giveaway(side: int) -> pygame.Surface:
    stones = [(3, 3, True, False), (6, 2, True, False), (2, 6, False, False),
              (5, 5, False, False), (5, 7, False, False), (8, 8, False, False),
              (1, 9, False, True)]
    return _board(10, side, stones, path=[(3, 3), (4, 4)])


#: Ugolki in the middle of a race (a position reached by play) and the chain White plays
UGOLKI_PICTURE = ("W:Wa1,c1,d2,a3,b3,a4,d4,g4,c5,f5,d7,f7:Bb1,c4,f4,e5,d6,g6,h6,e7,h7,d8,"
                  "e8,g8:F9", "g4-e4-e6-c6")


def _ugolki(side: int) -> pygame.Surface:
    fen, chain = UGOLKI_PICTURE
    game = Ugolki.from_fen(fen)
    move = game.parse_move(chain)
    coord = game.geometry.coord
    stones = [(*coord(square), piece.color is Color.WHITE, False)
              for square, piece in game.pieces()]
    columns = rows = 0
    for square in range(64):
        if game.homes()[0] >> square & 1:
            columns, rows = max(columns, coord(square)[0] + 1), max(rows, coord(square)[1] + 1)
    areas = [((0, 0, columns - 1, rows - 1), theme.PIECE_WHITE),
             ((8 - columns, 8 - rows, 7, 7), theme.PIECE_BLACK)]
    return _board(8, side, stones, path=[coord(s) for s in (move.start, *move.path)],
                  areas=areas)


PAINTERS: dict[str, Callable[[int], pygame.Surface]] = {
    "english": _english,
    "brazilian": _brazilian,
    "russian_giveaway": _russian_giveaway,
    "international_giveaway": _international_giveaway,
    "ugolki": _ugolki,
}
