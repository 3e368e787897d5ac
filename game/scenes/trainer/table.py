"""The trainer's board: the position shown, the piece in hand (by mouse or by the keyboard's
square), the move gliding, and its drawing. It knows nothing of puzzles: a move entered goes
to ``on_move``; a click that makes none says why through ``on_refused``."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.rules.core import Color, Game, Move, Piece, PieceKind
from game.scenes.common.entry import (Answer, Choose, Entered, MoveEntry, Picked, Refused,
                                      cursor_step, dragged)
from game.scenes.common.glide import Glides
from game.ui import drawing
from game.ui.board_views import (
    LAST_MOVE,
    SELECTED,
    TARGET,
    TARGET_CAPTURE,
    SquareBoardView,
    draw_piece_alpha,
)

if TYPE_CHECKING:
    from game.sound import Sound

SHAKE_SECONDS = 0.35
HINT_RING = (120, 220, 140, 235)  # the piece to move, when a hint was asked for
CURSOR = (120, 200, 255, 235)  # the keyboard's square
WRONG = (214, 58, 40, 200)  # a wrong move's squares while its refutation is shown


class TrainerTable:
    """The board the person plays on (``game`` is the position shown, which the scene sets
    and moves on); ``open`` says whether a move may be entered now."""

    def __init__(self, game: Game, flipped: bool, sound: Sound,
                 on_move: Callable[[Move, bool], None],
                 on_refused: Callable[[str, dict[str, object]], None]) -> None:
        self.view = SquareBoardView(game.geometry, flipped)
        self.game = game
        self.sound = sound
        self.on_move = on_move
        self.on_refused = on_refused
        self.entry = MoveEntry(lambda: self.game, lambda: self.legal)
        self.glides = Glides(self, sound, lambda check_end: None)
        self.open = False
        self.hint: int | None = None  # the square of the piece to move (a hint)
        self.wrong: Move | None = None  # the wrong move whose refutation is shown
        self.cursor: int | None = None  # the keyboard's square
        self.hover: int | None = None
        self.mouse = (0, 0)
        self.press: tuple[int, tuple[int, int], bool] | None = None
        self.dragging = False
        self.shake: tuple[int, float] | None = None
        self._legal: list[Move] | None = None

    # the position -------------------------------------------------------------------------------
    def show(self, game: Game) -> None:
        """Show ``game``'s position at once (a new puzzle, or back after a refutation)."""
        self.glides.glide = None
        self.game = game.copy()
        self.changed()

    def changed(self) -> None:
        self._legal = None
        self.put_down()

    @property
    def legal(self) -> list[Move]:
        if self._legal is None:
            self._legal = self.game.every_move() if self.open else []
        return self._legal

    def play(self, move: Move, dropped: bool = False) -> None:
        """Play ``move`` on the board shown, gliding (a dropped piece is already there)."""
        self.glides.finish()
        before = dict(self.game.pieces())
        piece = self.game.piece_at(move.start)
        if piece is None:  # not a move of this position (never: each comes from it): ignored
            return
        self.game.push(move)
        self.changed()
        self.glides.start(move, piece, before, dropped)

    def set_open(self, open_: bool) -> None:
        if open_ != self.open:
            self.open = open_
            self.changed()

    # input ------------------------------------------------------------------------------------
    def put_down(self) -> None:
        self.entry.clear()
        self.press = None
        self.dragging = False

    def click_square(self, square: int | None, pos: tuple[int, int] | None = None) -> None:
        """A press on the board at ``square`` (None: off the playable squares)."""
        self.glides.finish()
        if not self.open:
            self.on_refused("trainer.wait", {})
            return
        if square is None:
            self.put_down()
            return
        answer = self.entry.click(square)
        if isinstance(answer, Picked):
            self.sound.play("ui", 0.35)
            self.press = (square, pos or (0, 0), answer.again)
        self._answer(answer)

    def _answer(self, answer: Answer | None, dropped: bool = False) -> None:
        if isinstance(answer, Entered):
            self.put_down()
            self.on_move(answer.move, dropped)
        elif isinstance(answer, Refused):
            if answer.shake is not None:
                self.shake = (answer.shake, 0.0)
            self.on_refused(answer.key, answer.values)
        elif isinstance(answer, Choose):
            self.on_refused("board.choose_route", {})

    def release(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        dragging, self.dragging = self.dragging, False
        if press is None:
            return
        start, _, again = press
        if dragging:
            self._answer(self.entry.drop(start, self.view.square_at(pos)), dropped=True)
        elif again:
            self.put_down()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A mouse event over the board; whether it was used."""
        view = self.view
        if event.type == pygame.MOUSEMOTION:
            if self.cursor is not None and event.rel != (0, 0):
                self.cursor = None  # the mouse took over from the keyboard
            self.mouse = event.pos
            self.hover = view.square_at(event.pos)
            if self.press is not None and not self.dragging:
                self.dragging = dragged(self.press[1], event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if view.rect.collidepoint(event.pos):
                self.click_square(view.square_at(event.pos), event.pos)
                return True
            self.put_down()
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.press is not None:
                self.release(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.put_down()
            return view.rect.collidepoint(event.pos)
        return False

    def move_cursor(self, dx: int, dy: int) -> None:
        """The arrows: the keyboard's square one step on the screen, to the nearest playable
        square in that direction."""
        if self.cursor is None:
            self.cursor = self._cursor_start()
            return
        self.cursor = cursor_step(self.game.geometry, self.cursor, dx, dy, self.view.flipped)

    def _cursor_start(self) -> int:
        if self.entry.selected is not None:
            return self.entry.selected
        starts = sorted({m.start for m in self.legal}, key=lambda s: self.view.centre(s)[::-1])
        return starts[-1] if starts else self.game.geometry.squares[0]

    def press_cursor(self) -> None:
        """Enter or Space: what a click on the keyboard's square does."""
        if self.cursor is None:
            self.cursor = self._cursor_start()
            return
        self.click_square(self.cursor)
        self.press = None  # a key is not held like a mouse button: nothing to drag

    # time and drawing ---------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.glides.glide is not None or self.shake is not None

    def update(self, dt: float) -> None:
        self.glides.update(dt)
        if self.shake is not None:
            square, t = self.shake
            self.shake = (square, t + dt) if t + dt < SHAKE_SECONDS else None

    def _x(self, square: int, x: float) -> float:
        if self.shake is not None and self.shake[0] == square:
            t = self.shake[1]
            x += math.sin(t * 42) * self.view.radius * 0.16 * (1 - t / SHAKE_SECONDS)
        return x

    def draw(self, surface: pygame.Surface) -> None:
        view, glide = self.view, self.glides.glide
        view.draw_base(surface)
        if self.open:
            view.draw_edge_glow(surface, self.game.turn)
        stack = self.game.move_stack
        last = stack[-1] if stack else None
        if last is not None:
            colour = WRONG if last == self.wrong else LAST_MOVE
            view.draw_tint(surface, last.start, colour)
            view.draw_tint(surface, last.end, colour)
        held = self.entry.selected
        if held is not None:
            view.draw_tint(surface, held, SELECTED)
            for move in self.entry.candidates():
                view.draw_dot(surface, move.end, TARGET_CAPTURE if move.captured else TARGET)
        pieces: dict[int, Piece] = glide.before if glide is not None else dict(self.game.pieces())
        fade = glide.fade() if glide is not None else 1.0
        for square, piece in pieces.items():
            if (glide is not None and square == glide.move.start) or square == held:
                continue
            centre = (self._x(square, view.centre(square)[0]), view.centre(square)[1])
            white, king = piece.color is Color.WHITE, piece.kind is PieceKind.KING
            if glide is not None and square in glide.move.captured:
                draw_piece_alpha(surface, centre, view.radius, white, king, fade)
            else:
                drawing.draw_piece(surface, centre, view.radius, white, king)
        if held is not None and held in pieces:
            piece = pieces[held]
            white, king = piece.color is Color.WHITE, piece.kind is PieceKind.KING
            at = self.mouse if self.dragging else (self._x(held, view.centre(held)[0]),
                                                   view.centre(held)[1])
            drawing.draw_piece(surface, at, view.radius, white, king, lift=1.0)
        if glide is not None:
            (x, y), lift, crowned = glide.position(view)
            king = glide.piece.kind is PieceKind.KING or crowned
            drawing.draw_piece(surface, (x, y), view.radius, glide.piece.color is Color.WHITE,
                               king, lift=round(lift, 1))
        if self.hint is not None and self.open and held is None:
            view.draw_ring(surface, self.hint, HINT_RING, 1.25)
        if self.cursor is not None:
            view.draw_ring(surface, self.cursor, CURSOR, 1.3)
        view.draw_labels(surface)
