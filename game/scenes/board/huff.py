"""Russian draughts "with фук" on the board: the person to move takes one of the pieces that
skipped a capture by clicking it (clicking it again, or a takeback, puts it back), and sees
the other side's huffs (a part of the board screen; the rules are in the play object).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.play.events import HuffChosen, HuffWithdrawn, MovePlayed
from game.rules.core import Color, Move, PieceKind
from game.ui.board_views import draw_piece_alpha

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.scenes.common.glide import Glides
    from game.scenes.board.state import BoardState, Host

HUFF_GLOW = (236, 92, 52, 110)  # the squares of the pieces that may be taken for фук
HUFF_RING = (236, 92, 52, 240)
HUFF_GONE = 0.28  # how much of a piece taken for фук this turn still shows (a ghost)


class Huffs:
    """The board's huffs: a click that takes a piece for фук or puts it back, what the panel
    says of a huff, and the pieces that may be taken drawn glowing."""

    def __init__(self, state: BoardState, app: AppLike, host: Host, glides: Glides) -> None:
        self.state = state
        self.app = app
        self.host = host
        self.glides = glides

    def click(self, square: int) -> bool:
        """A click on ``square`` that takes a piece for фук or puts it back; False: the
        click is a move's (a piece in hand may land there, or no huff is about)."""
        play, hand = self.state.play, self.state.hand
        if hand.selected is not None and (hand.entry.pending_end is not None
                                          or hand.entry.is_landing(square)):
            return False
        if square in play.huff.choices():
            hand.put_down()
            play.huff.choose(square)
        elif square == play.huff.pending:
            hand.put_down()
            play.huff.withdraw()
        else:
            return False
        self.host.take_events()
        return True

    def event(self, event: HuffChosen | HuffWithdrawn) -> None:
        """A huff was chosen or put back at this board: the pieces and the moves change."""
        self.host.changed()
        self.app.redraw()
        if isinstance(event, HuffChosen):
            self.app.sound.play("click")
            self.state.feedback.tell(tr("board.huff.then_move",
                                        square=self.state.game.geometry.name(event.square)))
        else:
            self.app.sound.play("ui", 0.5)
            self.state.feedback.tell(None)

    def played(self, event: MovePlayed) -> None:
        """A move with a huff was played: the other side's huff is told in the panel."""
        if event.move.huff is not None and not event.by_person:
            name = self.state.game.geometry.name(event.move.huff)
            self.state.feedback.tell(tr("board.huff.by_other", square=name))

    def hint_fits(self, move: Move) -> bool:
        """The advice may be shown: a move the person can make now, a huff included."""
        return move in self.state.legal or (move.huff is not None
                                            and self.state.game.is_legal(move))

    def draw(self, surface: pygame.Surface) -> None:
        """The pieces the person may take for фук glow; the one taken this turn is a ghost."""
        state = self.state
        if state.review is not None or self.glides.glide is not None:
            return
        view = state.view
        for square in state.play.huff.choices():
            view.draw_tint(surface, square, HUFF_GLOW)
            view.draw_ring(surface, square, HUFF_RING, 1.22)
        gone = state.play.huff.pending
        if gone is not None:
            piece = state.game.piece_at(gone)
            if piece is not None:
                draw_piece_alpha(surface, view.centre(gone), view.radius,
                                 piece.color is Color.WHITE, piece.kind is PieceKind.KING,
                                 HUFF_GONE)
                view.draw_ring(surface, gone, HUFF_RING, 1.0)
                _cross(surface, view.centre(gone), view.radius)


def _cross(surface: pygame.Surface, centre: tuple[float, float], radius: int) -> None:
    """A cross over a piece taken for фук."""
    x, y = centre
    r = radius * 0.55
    width = max(2, radius // 7)
    for dx in (-r, r):
        pygame.draw.line(surface, HUFF_RING[:3], (x - dx, y - r), (x + dx, y + r), width)
