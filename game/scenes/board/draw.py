"""Drawing the board screen's table: the last move, the piece in hand, where it may go, the
routes to choose from, the gliding move, the computer's arrows and the keyboard's cursor.
Reads the parts it is given; changes nothing."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from game.rules.core import Color, Move, PieceKind
from game.scenes.common.entry import next_index
from game.scenes.board.huff import HUFF_RING
from game.ui import drawing
from game.ui.board_views import (
    LAST_MOVE,
    MOVABLE,
    MUST_CAPTURE,
    SELECTED,
    TARGET,
    TARGET_CAPTURE,
    VICTIM,
    draw_houses,
    draw_piece_alpha,
)
from game.scenes.board.state import SHAKE_SECONDS

if TYPE_CHECKING:
    from game.scenes.common.glide import Glides
    from game.scenes.board.huff import Huffs
    from game.scenes.board.review import Review
    from game.scenes.board.state import BoardState
    from game.ui.board_panel import BoardPanel
HINT_COLOUR = (120, 220, 140, 230)
BEST_COLOUR = (120, 200, 255, 220)
CURSOR = (120, 200, 255, 235)  # the keyboard's square
ROUTE_COLOURS = ((232, 168, 64, 220), (96, 170, 220, 220), (150, 206, 110, 220),
                 (220, 110, 170, 220))


def _shaken(board: BoardState, square: int, x: float) -> float:
    """``x`` moved by the shake of a refused piece on ``square``."""
    shake = board.feedback.shake
    if shake is not None and shake[0] == square:
        t = shake[1]
        x += math.sin(t * 42) * board.view.radius * 0.16 * (1 - t / SHAKE_SECONDS)
    return x


def draw_board(surface: pygame.Surface, board: BoardState, glides: Glides, huffs: Huffs,
               review: Review) -> None:
    """The board with its pieces and marks, as the parts have them now."""
    view, shown, glide = board.view, board.shown, glides.glide
    hand = board.hand
    over = board.game.outcome() is not None
    view.draw_base(surface)
    draw_houses(surface, view, shown)
    if board.review is None and not over:
        view.draw_edge_glow(surface, board.game.turn)
    last = shown.move_stack[-1] if shown.move_stack else None
    if last is not None:
        view.draw_tint(surface, last.start, LAST_MOVE)
        view.draw_tint(surface, last.end, LAST_MOVE)
    if hand.selected is not None:
        view.draw_tint(surface, hand.selected, SELECTED)
    draw_marks(surface, board, glides, hand.entry.candidates())
    huffs.draw(surface)
    if glide is not None and not glide.move.captured and len(glide.move.path) > 1:
        # a chain of jumps that takes nothing (Ugolki): its route stays drawn as it is played
        view.draw_route(surface, glide.move.start, glide.move.path, ROUTE_COLOURS[0])
    # the pieces: the gliding move shows the position before it until it ends
    pieces = glide.before if glide is not None else board.pieces
    fade = glide.fade() if glide is not None else 1.0
    held = hand.selected
    for square, piece in pieces.items():
        if glide is not None and square == glide.move.start:
            continue
        if glide is not None and square == glide.move.huff:
            left = glide.huff_left()  # the other side's huff: marked, then gone
            if left > 0:
                draw_piece_alpha(surface, view.centre(square), view.radius,
                                 piece.color is Color.WHITE, piece.kind is PieceKind.KING, left)
                view.draw_ring(surface, square, HUFF_RING, 1.22)
            continue
        if square == held:
            continue
        x, y = view.centre(square)
        x = _shaken(board, square, x)
        white, king = piece.color is Color.WHITE, piece.kind is PieceKind.KING
        if glide is not None and square in glide.move.captured:
            draw_piece_alpha(surface, (x, y), view.radius, white, king, fade)
        else:
            drawing.draw_piece(surface, (x, y), view.radius, white, king)
    if held is not None and held in pieces:
        piece = pieces[held]
        white, king = piece.color is Color.WHITE, piece.kind is PieceKind.KING
        if hand.dragging:
            drawing.draw_piece(surface, hand.mouse, view.radius, white, king, lift=1.0)
        else:
            x, y = view.centre(held)
            drawing.draw_piece(surface, (_shaken(board, held, x), y), view.radius, white, king,
                               lift=round(hand.lift, 1))
    if glide is not None:
        (x, y), lift, crowned = glide.position(view)
        king = glide.piece.kind is PieceKind.KING or crowned
        drawing.draw_piece(surface, (x, y), view.radius, glide.piece.color is Color.WHITE,
                           king, lift=round(lift, 1))
    if board.hint_move is not None and glide is None and board.review is None:
        view.draw_route(surface, board.hint_move.start, board.hint_move.path, HINT_COLOUR)
        if board.hint_move.huff is not None:  # the advice takes a piece for фук first
            view.draw_ring(surface, board.hint_move.huff, HINT_COLOUR, 1.22)
    best = review.best_shown()
    if best is not None and glide is None:
        view.draw_route(surface, best.start, best.path, BEST_COLOUR)
    if hand.cursor is not None and board.review is None:
        view.draw_ring(surface, hand.cursor, CURSOR, 1.3)
    view.draw_labels(surface)


def draw_marks(surface: pygame.Surface, board: BoardState, glides: Glides,
               candidates: list[Move]) -> None:
    """Rings on pieces that can or must move, dots where the selected piece may go, routes to
    choose from, and the pieces a hovered move would take."""
    view, hand = board.view, board.hand
    if board.review is not None or glides.glide is not None or board.game.outcome() is not None:
        return
    if hand.selected is None:
        if not board.play.person_to_move:
            return
        must = board.capture_required()
        starts = {m.start for m in board.legal}
        if must or board.hints:
            for square in starts:
                view.draw_ring(surface, square, MUST_CAPTURE if must else MOVABLE)
        elif hand.hover is not None and hand.hover in starts:
            view.draw_ring(surface, hand.hover, MOVABLE)
        return
    if hand.entry.pending_end is not None:
        for i, move in enumerate(candidates):
            view.draw_route(surface, move.start, move.path, ROUTE_COLOURS[i % 4])
        common = set.intersection(*(set(m.path) for m in candidates)) if candidates else set()
        for move in candidates:
            for square in move.path:
                if square not in common:
                    view.draw_dot(surface, square, TARGET_CAPTURE, 0.14)
            for victim in move.captured:
                view.draw_ring(surface, victim, VICTIM, 1.0)
        return
    depth = len(hand.entry.via)
    for move in candidates:
        colour = TARGET_CAPTURE if move.captured else TARGET
        view.draw_dot(surface, move.end, colour)
        if depth and len(move.path) > depth + 1:
            # the next landing after the squares clicked so far
            index = next_index(move.path, hand.entry.via)
            if index is not None and move.path[index] != move.end:
                view.draw_dot(surface, move.path[index], colour, 0.1)
    hovered = [m for m in candidates if hand.hover is not None and m.end == hand.hover]
    if len(hovered) == 1:
        move = hovered[0]
        if len(move.path) > 1:
            view.draw_route(surface, move.start, move.path, ROUTE_COLOURS[0])
        for victim in move.captured:
            view.draw_ring(surface, victim, VICTIM, 1.0)


class _Paneled(Protocol):
    panel_view: BoardPanel


def notice_room(host: _Paneled) -> pygame.Rect:
    """Where the app's messages go on the board screen: over the panel, from the line under
    the players down to its buttons (the game's name and whose turn it is stay in sight),
    never over the board."""
    panel = host.panel_view
    status = panel.status_rect
    tops = [action.button.rect.top for action in panel.play_actions + panel.review_actions]
    bottom = min(tops, default=panel.rect.bottom) - (status.left - panel.rect.left) // 2
    return pygame.Rect(status.left, status.top, status.width,
                       max(status.height, bottom - status.top))
