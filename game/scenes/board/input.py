"""The mouse on the board: a piece picked up, dragged, dropped; the panel's buttons and the
move list; every click answered (a part of the board screen; the rules of entering a move are
in :mod:`.entry`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.core import Move
from game.scenes.common.entry import Answer, Choose, Entered, Picked, Refused, dragged
from game.ui.board_views import SquareBoardView

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.scenes.common.glide import Glides
    from game.scenes.board.huff import Huffs
    from game.scenes.board.review import Review
    from game.scenes.board.state import BoardState, Host
    from game.ui.board_panel import BoardPanel


class PointerInput:
    """Clicks and drags on the board and the panel, turned into moves, huffs, review steps and
    button presses; a click that does nothing says why."""

    def __init__(self, state: BoardState, app: AppLike, host: Host, glides: Glides, huffs: Huffs,
                 review: Review, panel: BoardPanel) -> None:
        self.state = state
        self.app = app
        self.host = host
        self.glides = glides
        self.huffs = huffs
        self.review = review
        self.panel = panel

    def select(self, square: int) -> None:
        """Pick up the piece on ``square`` (as a click on it does)."""
        self.state.hand.entry.select(square)
        self.state.feedback.message = None
        self.app.sound.play("ui", 0.35)

    def click_square(self, square: int | None, pos: tuple[int, int] | None = None) -> None:
        """A press on the board at ``square`` (None: off the playable squares)."""
        self.glides.finish()
        state = self.state
        hand, feedback = state.hand, state.feedback
        if state.review is not None:
            feedback.say("board.why.review")
        elif state.game.outcome() is not None:
            feedback.say("board.why.over")
        elif not state.play.person_to_move:
            feedback.say("board.why.wait")
        elif square is None:
            if (hand.selected is not None and pos is not None
                    and state.view.inner.collidepoint(pos)
                    and isinstance(state.view, SquareBoardView)):
                feedback.say("board.why.dark", shake=hand.selected)
            else:
                hand.put_down()
        elif not self.huffs.click(square):
            answer = hand.entry.click(square)
            if isinstance(answer, Picked):
                feedback.message = None
                self.app.sound.play("ui", 0.35)
                hand.press = (square, pos or (0, 0), answer.again)
            self._answer(answer)

    def release(self, pos: tuple[int, int]) -> None:
        """The mouse button came up: a drop ends a drag; a click on the selected piece again
        puts it down."""
        hand = self.state.hand
        press, hand.press = hand.press, None
        dragging, hand.dragging = hand.dragging, False
        if press is None:
            return
        start, _, again = press
        if dragging:
            self._answer(hand.entry.drop(start, self.state.view.square_at(pos)), dropped=True)
        elif again:
            hand.put_down()

    def _answer(self, answer: Answer | None, dropped: bool = False) -> None:
        if isinstance(answer, Entered):
            self.enter(answer.move, dropped=dropped)
        elif isinstance(answer, Refused):
            self.state.feedback.say(answer.key, shake=answer.shake, **answer.values)
        elif isinstance(answer, Choose):
            self.state.feedback.say("board.choose_route")
            self.state.feedback.flash = 0.0

    def enter(self, move: Move, dropped: bool = False) -> None:
        """The person at the board made ``move`` (known legal)."""
        self.glides.finish()
        self.state.hand.put_down()
        self.state.feedback.message = None
        self.state.play.play(move)
        self.host.take_events(dropped=dropped)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A mouse event over the board screen; whether it was used."""
        hand, view = self.state.hand, self.state.view
        if event.type == pygame.MOUSEMOTION:
            if hand.cursor is not None and event.rel != (0, 0):
                hand.cursor = None  # the mouse took over from the keyboard
            hand.mouse = event.pos
            for action in list(self.panel.actions):
                action.button.handle_event(event)
            hand.hover = view.square_at(event.pos)
            if hand.press is not None and not hand.dragging:
                hand.dragging = dragged(hand.press[1], event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hand.mouse = event.pos
            for action in list(self.panel.actions):
                if action.button.handle_event(event):
                    return True
            if self.panel.list_rect.collidepoint(event.pos):
                ply = self.panel.ply_at(event.pos)
                if ply is not None and self.state.review is not None:
                    self.review.to(ply)
                return True
            if view.rect.collidepoint(event.pos):
                self.click_square(view.square_at(event.pos), event.pos)
                return True
            if hand.selected is not None:
                hand.put_down()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for action in list(self.panel.actions):
                if action.button.handle_event(event):
                    return True
            self.release(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            hand.put_down()  # a right click puts the piece down
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.panel.scroll_by(-event.y * 2)
            return True
        return False
