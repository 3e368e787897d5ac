"""Small pictures for the rules pages: positions drawn by the game's own board views, with
arrows for the move shown, rings round the pieces it takes and crosses on moves not allowed.

Every position comes from a FEN through the rules (``find_variant(v).from_fen``) and every
move through ``parse_move``, so a picture cannot show a move the game would refuse: a wrong
FEN or move fails loudly (and a test renders them all). A move "not allowed" is checked too:
it must be refused by the rules (and, for a smaller capture, be one the majority rule drops).

``render(name, width)`` gives the picture ``width`` pixels wide, made once per size.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.rules import (
    VARIANTS,
    BoardGeometry,
    Color,
    Game,
    IllegalMoveError,
    Move,
    PieceKind,
    find_variant,
)
from game.ui import board_views, chapaev_view, drawing, theme
from game.ui.board_views import BoardView, PointGridView, SquareBoardView

RGBA = tuple[int, int, int, int]

MOVE_COLOUR: RGBA = (255, 206, 84, 235)  # the move shown: warm amber, reads on both squares
REFUSED_COLOUR: RGBA = (214, 64, 44, 220)  # a move the rules do not allow
CROWN_COLOUR: RGBA = (255, 226, 120, 255)
LINE_COLOUR: RGBA = (232, 168, 64, 150)  # the attacking row in Apokachi
NUMBERS_CELL = 26  # px: squares at least this big show their numbers
SUPERSAMPLE = 3  # arrows are drawn this much larger and scaled down: smooth edges


@dataclass(frozen=True)
class BoardDiagram:
    """A draughts or Apokachi position, optionally with one move shown and one refused."""

    variant: str
    fen: str | None = None  # None: the start position
    move: str | None = None  # the move shown, in the game's notation
    refused: str | None = None  # a move the rules do not allow here, crossed out
    options: dict[str, Any] = field(default_factory=dict)
    crown: bool = False  # mark where the moving man is crowned during its move
    line: tuple[str, ...] = ()  # points or squares to join with a soft band (an attack)

    def game(self) -> Game:
        cls = find_variant(self.variant)
        if self.fen is None:
            return cls.new(**self.options)
        return cls.from_fen(self.fen, **self.options)


@dataclass(frozen=True)
class ChapaevDiagram:
    """The Chapaev board with both lines; ``advanced``: White won the round and moved up."""

    white_row: int = 1
    black_row: int = 8
    advanced: bool = False


Diagram = BoardDiagram | ChapaevDiagram

class _Diagrams(Mapping[str, Diagram]):
    """Every picture a rules page can ask for with a line ``[diagram: name] caption``: each
    registered game's start (``<game>-start``) and the pictures its class declares
    (:attr:`game.rules.core.Game.diagrams`, ``<game>-<key>``), then Chapaev's. Read from the
    registry when first asked (the rules are imported only then)."""

    def __init__(self) -> None:
        self._all: dict[str, Diagram] | None = None

    def _built(self) -> dict[str, Diagram]:
        if self._all is None:
            made: dict[str, Diagram] = {}
            for variant in VARIANTS:
                made[f"{variant}-start"] = BoardDiagram(variant)
                own = find_variant(variant).__dict__.get("diagrams", {})
                for key, spec in own.items():
                    made[f"{variant}-{key}"] = BoardDiagram(
                        variant, spec.fen, spec.move, spec.refused, dict(spec.options),
                        spec.crown, spec.line)
            made["chapaev-start"] = ChapaevDiagram()
            made["chapaev-line-advance"] = ChapaevDiagram(white_row=2, advanced=True)
            self._all = made
        return self._all

    def __getitem__(self, name: str) -> Diagram:
        return self._built()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())


DIAGRAMS: Mapping[str, Diagram] = _Diagrams()


def min_width(name: str) -> int:
    """The narrowest the picture ``name`` stays readable: a board with square numbers needs
    squares big enough for them (the captions talk about "32x12")."""
    diagram = DIAGRAMS.get(name)
    if not (isinstance(diagram, BoardDiagram)
            and find_variant(diagram.variant).numbered_squares):
        return 0
    return _numbers_width(diagram.game().geometry)


@lru_cache(maxsize=4)
def _numbers_width(geometry: BoardGeometry) -> int:
    width = NUMBERS_CELL * geometry.columns
    while True:  # the view decides its frame and squares: ask it rather than redo its sums
        view = SquareBoardView(geometry)
        view.layout(pygame.Rect(0, 0, width, width))
        if view.cell >= NUMBERS_CELL or width > 4000:
            return width
        width += 2


def render(name: str, width: int) -> pygame.Surface:
    """The picture ``name`` (a key of :data:`DIAGRAMS`), ``width`` pixels square."""
    if name not in DIAGRAMS:
        raise KeyError(f"no diagram {name!r} (known: {', '.join(sorted(DIAGRAMS))})")
    return _render(name, max(60, width))


def render_board(diagram: BoardDiagram, width: int, flipped: bool = False) -> pygame.Surface:
    """A position of one's own (a puzzle's step, say), ``width`` pixels square, drawn as the
    rules pages draw theirs, from Black's side if ``flipped`` (not kept: the caller keeps
    what it reuses)."""
    side = max(60, width)
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    _draw_board(surface, diagram, flipped)
    return surface


@lru_cache(maxsize=32)
def _render(name: str, width: int) -> pygame.Surface:
    diagram = DIAGRAMS[name]
    surface = pygame.Surface((width, width), pygame.SRCALPHA)
    if isinstance(diagram, ChapaevDiagram):
        _draw_chapaev(surface, diagram)
    else:
        _draw_board(surface, diagram)
    return surface


# --- boards --------------------------------------------------------------------------------
def _square(game: Game, name: str) -> int:
    geometry = game.geometry
    return geometry.squares[geometry.names.index(name)]


def refused_move(game: Game, text: str) -> Move:
    """The move ``text`` stands for, checked to be one the rules refuse in ``game``: a capture
    the majority rule drops, or a step from one of the mover's pieces to an empty neighbour
    that a compulsory capture forbids."""
    outranked: list[Move] = getattr(game, "outranked_captures", lambda: [])()
    for move in outranked:
        if game.move_text(move) == text:
            return move
    try:
        game.parse_move(text)
    except IllegalMoveError:
        pass
    else:
        raise ValueError(f"{text} is legal here: it cannot be shown as refused")
    separator = next((mark for mark in ("-", ":", "x") if mark in text), "-")
    start, end = (_square(game, part) for part in text.split(separator)[:2])
    piece = game.piece_at(start)
    if piece is None or piece.color is not game.turn or game.piece_at(end) is not None:
        raise ValueError(f"{text} is not a move of the side to move onto an empty square")
    return Move(start, (end,))


def _view_for(game: Game, width: int, flipped: bool = False) -> BoardView:
    view: BoardView = PointGridView(game.geometry) if game.geometry.points \
        else SquareBoardView(game.geometry)
    view.flipped = flipped
    view.layout(pygame.Rect(0, 0, width, width))
    # the square numbers help to read "32x12", while they stay legible
    view.numbers = game.numbered_squares and view.cell >= NUMBERS_CELL
    return view


def _draw_board(surface: pygame.Surface, diagram: BoardDiagram, flipped: bool = False) -> None:
    game = diagram.game()
    view = _view_for(game, surface.get_width(), flipped)
    move = game.parse_move(diagram.move) if diagram.move is not None else None
    refused = refused_move(game, diagram.refused) if diagram.refused is not None else None
    view.draw_base(surface)
    board_views.draw_houses(surface, view, game)  # a race's corners, as on the board
    if diagram.line:
        ends = [_square(game, name) for name in diagram.line]
        view.draw_route(surface, ends[0], tuple(ends[1:]), LINE_COLOUR, 0.34)
    if move is not None:
        view.draw_tint(surface, move.start, board_views.SELECTED)
    for square, piece in game.pieces():
        x, y = view.centre(square)
        drawing.draw_piece(surface, (x, y), view.radius, piece.color is Color.WHITE,
                           piece.kind is PieceKind.KING)
    view.draw_labels(surface)
    if refused is not None:
        _draw_arrow(surface, view, refused.start, refused.path, REFUSED_COLOUR, crossed=True)
    if move is None:
        return
    for square in move.captured:
        view.draw_ring(surface, square, board_views.VICTIM)
    mover = game.piece_at(move.start)
    assert mover is not None
    white = mover.color is Color.WHITE
    if diagram.crown:
        # where the man is crowned: the first landing on the far row, a king from there on
        row = view.geometry.rows - 1 if white else 0
        crowned_at = next(s for s in move.path if view.coord(s)[1] == row)
        board_views.draw_piece_alpha(surface, view.centre(crowned_at), view.radius, white,
                                     True, 0.55)
        view.draw_ring(surface, crowned_at, CROWN_COLOUR, grow=1.2)
    if move.end != move.start:
        king = mover.kind is PieceKind.KING or move.promotes
        board_views.draw_piece_alpha(surface, view.centre(move.end), view.radius, white,
                                     king, 0.55)
    _draw_arrow(surface, view, move.start, move.path, MOVE_COLOUR)


def _draw_arrow(surface: pygame.Surface, view: BoardView, start: int, path: tuple[int, ...],
                colour: RGBA, crossed: bool = False) -> None:
    points = [view.centre(s) for s in (start, *path)]
    width = max(3.0, view.cell * 0.11)
    arrow_layer(surface, points, colour, width, crossed)


def arrow_layer(surface: pygame.Surface, points: list[tuple[float, float]], colour: RGBA,
                width: float, crossed: bool = False) -> None:
    """A thick arrow through ``points`` with a dark edge, drawn large and scaled down for
    smooth edges; ``crossed``: dashed, with a cross at its head (a move not allowed)."""
    k = SUPERSAMPLE
    size = surface.get_size()
    big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
    pts = [pygame.Vector2(x * k, y * k) for x, y in points]
    w = width * k
    head = w * 2.6
    # stop the shaft short of the last point so the head ends on it
    last, before = pts[-1], pts[-2]
    direction = (last - before)
    if direction.length() < 1:
        return
    direction = direction.normalize()
    tip = last - direction * w * 0.6  # the head's point stays inside the target square
    neck = tip - direction * head
    shaft = [*pts[:-1], neck]
    edge = (*theme.mix(colour[:3], (0, 0, 0), 0.6), colour[3])
    for col, grow in ((edge, w * 0.35), (colour, 0.0)):
        _polyline(big, shaft, w + grow, col, dashed=crossed)
        normal = pygame.Vector2(-direction.y, direction.x)
        hw = w * 1.35 + grow
        ext = direction * grow * 0.8
        pygame.draw.polygon(big, col, [tip + ext, neck - ext + normal * hw,
                                       neck - ext - normal * hw])
    if crossed:
        c = neck - direction * head * 0.2
        arm = w * 2.0
        for sign in (1, -1):
            a = c + pygame.Vector2(arm, sign * arm)
            b = c - pygame.Vector2(arm, sign * arm)
            pygame.draw.line(big, (40, 10, 6, 240), a, b, round(w * 1.2))
            pygame.draw.line(big, (255, 110, 90, 255), a, b, round(w * 0.6))
    surface.blit(pygame.transform.smoothscale(big, size), (0, 0))


def _polyline(surface: pygame.Surface, points: list[pygame.Vector2], width: float,
              colour: RGBA, dashed: bool = False) -> None:
    radius = width / 2
    for a, b in zip(points, points[1:]):
        length = (b - a).length()
        if length < 1:
            continue
        step = (b - a) / length
        normal = pygame.Vector2(-step.y, step.x) * radius
        spans = [(0.0, length)]
        if dashed:
            dash = width * 1.6
            spans = [(t, min(length, t + dash)) for t in _frange(0.0, length, dash * 1.8)]
        for t0, t1 in spans:
            p, q = a + step * t0, a + step * t1
            pygame.draw.polygon(surface, colour, [p + normal, q + normal, q - normal, p - normal])
            pygame.draw.circle(surface, colour, p, radius)
            pygame.draw.circle(surface, colour, q, radius)


def _frange(start: float, stop: float, step: float) -> list[float]:
    count = max(1, math.ceil((stop - start) / step))
    return [start + i * step for i in range(count)]


# --- Chapaev -------------------------------------------------------------------------------
def _draw_chapaev(surface: pygame.Surface, diagram: ChapaevDiagram) -> None:
    from physics import TableConfig

    width = surface.get_width()
    cell = max(6, int(width / (8 + 2 * chapaev_view.BORDER_CELLS)))
    layer = chapaev_view.board_layer(cell, False)
    outer = layer.get_rect(center=(width // 2, width // 2))
    surface.blit(layer, outer)
    border = round(cell * chapaev_view.BORDER_CELLS)
    geometry = chapaev_view.BoardGeometry(outer.left + border, outer.top + border, cell)
    radius = chapaev_view.disc_radius(geometry, TableConfig())
    for color, row in ((Color.WHITE, diagram.white_row), (Color.BLACK, diagram.black_row)):
        band = pygame.Rect(geometry.left, 0, geometry.side, cell)
        band.centery = round(geometry.to_screen(0, row - 0.5)[1])
        pygame.draw.rect(surface, theme.ACCENT, band.inflate(4, 4), width=max(2, cell // 14),
                         border_radius=max(2, cell // 8))
        for column in range(8):
            centre = geometry.to_screen(column + 0.5, row - 0.5)
            chapaev_view.draw_disc(surface, centre, radius, color, math.pi / 2, False)
    if diagram.advanced:
        # where White stood last round, and the step up to the new line
        for column in range(8):
            old = geometry.to_screen(column + 0.5, diagram.white_row - 1.5)
            board_views.draw_piece_alpha(surface, old, radius, True, False, 0.3)
        points = []
        for column in (1, 3, 4, 6):
            start = geometry.to_screen(column + 0.5, diagram.white_row - 1.5)
            end = geometry.to_screen(column + 0.5, diagram.white_row - 0.5)
            points.append((start, end))
        for start, end in points:
            arrow_layer(surface, [(start[0], start[1] + cell * 0.25),
                                  (end[0], end[1] + cell * 0.05)],
                        MOVE_COLOUR, max(3.0, cell * 0.1))
