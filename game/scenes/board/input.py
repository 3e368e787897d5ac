"""The mouse on the board scene: a piece picked up, dragged, dropped; the panel's buttons and
the move list; every click answered (mixed into the board scene; the rules of entering a
move are in :mod:`.entry`)."""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.i18n import tr
from game.rules.core import Move
from game.scenes.board.entry import Choose, Entered, Picked, Refused
from game.scenes.board.keyboard import handle_key
from game.ui.board_panel import FLASH_SECONDS
from game.ui.board_views import SquareBoardView

DRAG_START = 6  # pixels the mouse moves with the button down before a press becomes a drag


class BoardInput:
    """The board scene's input (``self`` is the :class:`BoardScene`)."""

    # the move being entered (see MoveEntry) ----------------------------------------------------
    @property
    def selected(self: Any) -> int | None:
        return self.entry.selected

    @property
    def via(self: Any) -> list[int]:
        return self.entry.via

    @property
    def pending_end(self: Any) -> int | None:
        return self.entry.pending_end

    def candidates(self: Any) -> list[Move]:
        return self.entry.candidates()

    def moves_from(self: Any, square: int) -> list[Move]:
        return self.entry.moves_from(square)

    def select(self: Any, square: int) -> None:
        """Pick up the piece on ``square`` (as a click on it does)."""
        self.entry.select(square)
        self.message = None
        self.app.sound.play("ui", 0.35)

    def deselect(self: Any) -> None:
        self.entry.clear()
        self.press = None
        self.dragging = False

    def say(self: Any, key: str, shake: int | None = None, **values: object) -> None:
        """Explain in the panel why a click did nothing (and shake the piece concerned)."""
        self.message = tr(key, **values)
        self.flash = FLASH_SECONDS
        if shake is not None:
            self.shake = (shake, 0.0)

    def click_square(self: Any, square: int | None, pos: tuple[int, int] | None = None) -> None:
        """A press on the board at ``square`` (None: off the playable squares)."""
        self._finish_glide()
        if self.review is not None:
            self.say("board.why.review")
        elif self.game.outcome() is not None:
            self.say("board.why.over")
        elif not self.play.person_to_move:
            self.say("board.why.wait")
        elif square is None:
            if (self.selected is not None and pos is not None and self.view.inner.collidepoint(pos)
                    and isinstance(self.view, SquareBoardView)):
                self.say("board.why.dark", shake=self.selected)
            else:
                self.deselect()
        elif not self.huff_click(square):
            answer = self.entry.click(square)
            if isinstance(answer, Picked):
                self.message = None
                self.app.sound.play("ui", 0.35)
                self.press = (square, pos or (0, 0), answer.again)
            self._answer(answer)

    def release(self: Any, pos: tuple[int, int]) -> None:
        """The mouse button came up: a drop ends a drag; a click on the selected piece again
        puts it down."""
        press, self.press = self.press, None
        dragging, self.dragging = self.dragging, False
        if press is None:
            return
        start, _, again = press
        if dragging:
            self._answer(self.entry.drop(start, self.view.square_at(pos)), dropped=True)
        elif again:
            self.deselect()

    def _answer(self: Any, answer: Any, dropped: bool = False) -> None:
        if isinstance(answer, Entered):
            self.enter(answer.move, dropped=dropped)
        elif isinstance(answer, Refused):
            self.say(answer.key, shake=answer.shake, **answer.values)
        elif isinstance(answer, Choose):
            self.say("board.choose_route")
            self.flash = 0.0

    def enter(self: Any, move: Move, dropped: bool = False) -> None:
        """The person at the board made ``move`` (known legal)."""
        self._finish_glide()
        self.deselect()
        self.message = None
        self.play.play(move)
        self._take_events(dropped=dropped)

    def play_text(self: Any, text: str, animate: bool = False) -> Move:
        """Play a move given in the game's notation (scripted games, demos)."""
        move = self.play.play_text(text)
        self._take_events(animate=animate)
        return move

    # input ----------------------------------------------------------------------------------
    def handle_event(self: Any, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            if self.cursor is not None and event.rel != (0, 0):
                self.cursor = None  # the mouse took over from the keyboard
            self.mouse = event.pos
            for action in list(self.actions):
                action.button.handle_event(event)
            self.hover = self.view.square_at(event.pos)
            if self.press is not None and not self.dragging:
                x0, y0 = self.press[1]
                if math.hypot(event.pos[0] - x0, event.pos[1] - y0) >= DRAG_START:
                    self.dragging = True
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            for action in list(self.actions):
                if action.button.handle_event(event):
                    return True
            if self.list_rect.collidepoint(event.pos):
                ply = self.panel_view.ply_at(event.pos)
                if ply is not None and self.review is not None:
                    self.review_to(ply)
                return True
            if self.view.rect.collidepoint(event.pos):
                self.click_square(self.view.square_at(event.pos), event.pos)
                return True
            if self.selected is not None:
                self.deselect()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for action in list(self.actions):
                if action.button.handle_event(event):
                    return True
            self.release(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.deselect()  # a right click puts the piece down
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.panel_view.scroll_by(-event.y * 2)
            return True
        if event.type == pygame.KEYDOWN:
            return handle_key(self, event)
        return False
