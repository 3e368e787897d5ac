"""The board scene: one class plays International, Russian and Apokachi through ``Game``.

A move is entered by clicking a piece and then its destination, or by dragging it there. A
multi-capture can be given by its end square; where several captures end there, the player
clicks landing squares (or a captured piece) until one route is left. A click that cannot make
a move says why in the side panel and shakes the piece. Pieces glide hop by hop and captured
pieces fade once the move is over (the Turkish strike as the player sees it).

The scene never asks which game it plays: the view follows the geometry, draughts-only
features (compulsory capture, draw counters, draw offers) are looked up on the game object.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import tr
from game.rules import find_variant
from game.rules.core import Color, Game, Move, Outcome, Piece, PieceKind, Termination
from game.scene import Scene
from game.scenes.dialog import ConfirmDialog
from game.ui import drawing, theme
from game.ui.board_views import (
    LAST_MOVE,
    MOVABLE,
    MUST_CAPTURE,
    SELECTED,
    TARGET,
    TARGET_CAPTURE,
    VICTIM,
    BoardView,
    PointGridView,
    SquareBoardView,
    draw_piece_alpha,
)
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app import App

HOP_SECONDS = 0.15  # one hop of a gliding piece: followable, never a wait
FADE_SECONDS = 0.22  # captured pieces fade after the move
SHAKE_SECONDS = 0.35
FLASH_SECONDS = 0.45
LIFT_SPEED = 9.0  # lift units per second: a selected piece rises in about 0.1 s
DRAG_START = 6  # pixels the mouse moves with the button down before a press becomes a drag
ROUTE_COLOURS = ((232, 168, 64, 220), (96, 170, 220, 220), (150, 206, 110, 220),
                 (220, 110, 170, 220))

_DECLARED = (Termination.RESIGNATION, Termination.AGREEMENT)


def _in_order(path: Sequence[int], via: Sequence[int]) -> bool:
    """Whether ``via`` are landing squares of ``path`` in this order."""
    it = iter(path)
    return all(any(step == square for step in it) for square in via)


def _clock(seconds: float) -> str:
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(slots=True)
class Glide:
    """A move as the player sees it: the piece glides hop by hop, then the captured fade."""

    move: Move
    piece: Piece
    before: dict[int, Piece]  # the position before the move
    hop: float  # seconds per hop; 0 for a dropped piece, already where it belongs
    crown_at: int  # the hop from which the piece is drawn crowned (len(path): never)
    t: float = 0.0
    sounded: int = 0  # hops whose landing has been heard

    @property
    def hops_over(self) -> float:
        return self.hop * len(self.move.path)

    @property
    def done(self) -> bool:
        return self.t >= self.hops_over + (FADE_SECONDS if self.move.captured else 0.0)

    def landed(self) -> int:
        """Hops completed so far."""
        if self.hop <= 0:
            return len(self.move.path)
        return min(len(self.move.path), int(self.t / self.hop + 1e-9))

    def position(self, view: BoardView) -> tuple[tuple[float, float], float, bool]:
        """Where the moving piece is now, how high it is lifted, and whether it is crowned."""
        squares = (self.move.start, *self.move.path)
        if self.hop <= 0 or self.t >= self.hops_over:
            return view.centre(self.move.end), 0.0, self.crown_at < len(self.move.path)
        index = int(self.t / self.hop)
        frac = self.t / self.hop - index
        # ease in and out along a hop, with a small arc up and down
        ease = frac * frac * (3 - 2 * frac)
        (x0, y0), (x1, y1) = view.centre(squares[index]), view.centre(squares[index + 1])
        crowned = index > self.crown_at
        return ((x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease), math.sin(math.pi * frac) * 0.7,
                crowned)

    def fade(self) -> float:
        """How much of the captured pieces is still there, 1 down to 0."""
        if self.t <= self.hops_over:
            return 1.0
        return max(0.0, 1.0 - (self.t - self.hops_over) / FADE_SECONDS)


@dataclass(eq=False)
class Action:
    """A panel button and its tooltip."""

    button: Button
    tip_key: str


class BoardScene(Scene):
    """A game of International, Russian or Apokachi for two people at one screen."""

    key = "board"

    def __init__(self, app: App, variant: str, options: dict[str, Any] | None = None,
                 flip_each_move: bool = False, game: Game | None = None) -> None:
        self.variant = variant
        self.options: dict[str, Any] = dict(options or {})
        self.flip_each_move = flip_each_move
        self.game: Game = game if game is not None else find_variant(variant).new(**self.options)
        self.notation: list[str] = []
        self.first_turn = self.game.turn
        self._rebuild_notation()
        self.redo_stack: list[Move] = []
        geometry = self.game.geometry
        grid = len(geometry.squares) == geometry.columns * geometry.rows
        self.view: BoardView = PointGridView(geometry) if grid else SquareBoardView(geometry)
        self.view.flipped = flip_each_move and self.game.turn is Color.BLACK
        # selection and the move being entered
        self.selected: int | None = None
        self.via: list[int] = []  # landing squares clicked so far
        self.victims: list[int] = []  # captured pieces clicked to pick a route
        self.pending_end: int | None = None  # several captures end here: pick a route
        self.press: tuple[int, tuple[int, int], bool] | None = None
        self.dragging = False
        self.mouse = (0, 0)
        self.hover: int | None = None
        self.hints = False
        # feedback
        self.message: str | None = None
        self.flash = 0.0
        self.shake: tuple[int, float] | None = None
        self.lift = 0.0
        self.glide: Glide | None = None
        # the end and the review of the moves
        self.end_shown = False
        self.review: int | None = None  # plies shown while reviewing
        self.review_game: Game | None = None
        self.scroll = 0
        self.follow = True  # the move list keeps its last line in view
        self._legal: list[Move] | None = None
        self.pieces: dict[int, Piece] = {}
        self._list_cache: tuple[tuple[Any, ...], pygame.Surface] | None = None
        super().__init__(app)
        self._changed()

    # the game --------------------------------------------------------------------------------
    @property
    def shown(self) -> Game:
        """The game whose position is on the board: the real one, or the reviewed one."""
        return self.review_game if self.review_game is not None else self.game

    @property
    def legal(self) -> list[Move]:
        if self._legal is None:
            self._legal = self.game.legal_moves()
        return self._legal

    def _changed(self) -> None:
        """The position changed: forget what was derived from the old one."""
        self._legal = None
        self.pieces = dict(self.shown.pieces())
        self._list_cache = None

    def _rebuild_notation(self) -> None:
        replay = self.game.copy()
        moves = list(replay.move_stack)
        for _ in moves:
            replay.pop()
        self.first_turn = replay.turn
        self.notation = []
        for move in moves:
            self.notation.append(replay.move_text(move))
            replay.push(move)

    @property
    def in_progress(self) -> bool:
        """A game worth a confirmation before leaving it: started and not over."""
        return bool(self.game.move_stack) and self.game.outcome() is None

    def capture_required(self) -> bool:
        return self.game.outcome() is None and self.game.capture_required()

    def moves_from(self, square: int) -> list[Move]:
        return [m for m in self.legal if m.start == square]

    def candidates(self) -> list[Move]:
        """The legal moves that fit what has been clicked so far."""
        if self.selected is None:
            return []
        moves = [m for m in self.legal if m.start == self.selected
                 and _in_order(m.path, self.via) and all(v in m.captured for v in self.victims)]
        if self.pending_end is not None:
            moves = [m for m in moves if m.end == self.pending_end]
        return moves

    # entering a move ------------------------------------------------------------------------------
    def _select(self, square: int) -> None:
        self.selected = square
        self.via.clear()
        self.victims.clear()
        self.pending_end = None
        self.message = None
        self.app.sound.play("ui", 0.35)

    def deselect(self) -> None:
        self.selected = None
        self.via.clear()
        self.victims.clear()
        self.pending_end = None
        self.press = None
        self.dragging = False

    def say(self, key: str, shake: int | None = None, **values: object) -> None:
        """Explain in the panel why a click did nothing (and shake the piece concerned)."""
        self.message = tr(key, **values)
        self.flash = FLASH_SECONDS
        if shake is not None:
            self.shake = (shake, 0.0)

    def click_square(self, square: int | None, pos: tuple[int, int] | None = None) -> None:
        """A press on the board at ``square`` (None: off the playable squares)."""
        self._finish_glide()
        if self.review is not None:
            self.say("board.why.review")
            return
        if self.game.outcome() is not None:
            self.say("board.why.over")
            return
        if square is None:
            if (self.selected is not None and pos is not None and self.view.inner.collidepoint(pos)
                    and isinstance(self.view, SquareBoardView)):
                self.say("board.why.dark", shake=self.selected)
            else:
                self.deselect()
            return
        if self.selected is not None and self._is_landing(square):
            self._land(square, dropped=False)
            return
        piece = self.pieces.get(square)
        if piece is not None and piece.color is self.game.turn:
            if self.moves_from(square):
                again = self.selected == square and not self.via and self.pending_end is None
                self._select(square)
                self.press = (square, pos or (0, 0), again)
            else:
                self.deselect()
                self.say(self._why_stuck(square), shake=square)
            return
        if piece is not None and self.selected is not None and self.pending_end is not None:
            routes = [m for m in self.candidates() if square in m.captured]
            if routes:
                self.victims.append(square)
                if len(routes) == 1:
                    self.play(routes[0])
                return
        if self.selected is not None:
            self.say(self._why_not(square), shake=self.selected)
        elif piece is not None:
            self.say(f"board.why.turn.{self.game.turn.name.lower()}", shake=square)
        else:
            self.say("board.why.pick")

    def release(self, pos: tuple[int, int]) -> None:
        """The mouse button came up: a drop ends a drag; a click on the selected piece again
        puts it down."""
        press, self.press = self.press, None
        dragging, self.dragging = self.dragging, False
        if press is None:
            return
        start, _, again = press
        if dragging:
            square = self.view.square_at(pos)
            if square is None or square == start or self.selected != start:
                return  # dropped off the board or back home: it stays picked up
            if self._is_landing(square):
                self._land(square, dropped=True)
            elif self.pieces.get(square) is None or self.pieces[square].color is not self.game.turn:
                self.say(self._why_not(square), shake=start)
        elif again:
            self.deselect()

    def _is_landing(self, square: int) -> bool:
        if self.pending_end is not None and square == self.pending_end:
            return True
        return any(_in_order(m.path, [*self.via, square]) for m in self.candidates())

    def _land(self, square: int, dropped: bool) -> None:
        fits = [m for m in self.candidates() if _in_order(m.path, [*self.via, square])]
        if self.pending_end is None:
            ends = [m for m in fits if m.end == square]
            if len(ends) == 1:
                self.play(ends[0], dropped=dropped)
                return
            if len(ends) > 1:
                self.pending_end = square
                self.say("board.choose_route")
                self.flash = 0.0
                return
        elif square == self.pending_end:
            return  # still several routes: the player picks one on the board
        self.via.append(square)
        if len(fits) == 1:
            self.play(fits[0])

    def _why_stuck(self, square: int) -> str:
        """Why an own piece without a legal move cannot be picked."""
        if any(m.start == square for m in self.game.outranked_captures()):
            return "board.why.most"
        return "board.why.capture" if self.capture_required() else "board.why.stuck"

    def _why_not(self, square: int) -> str:
        """Why the selected piece cannot go to ``square``."""
        assert self.selected is not None
        piece = self.pieces[self.selected]
        here = self.via[-1] if self.via else self.selected
        (c0, r0), (c1, r1) = self.view.coord(here), self.view.coord(square)
        if isinstance(self.view, PointGridView):
            if self.pieces.get(square) is not None:
                return "board.why.taken"
            if abs(c1 - c0) + abs(r1 - r0) != 1:
                return "board.why.one_step"
            return "board.why.cannot_go"
        route = (*self.via, square)
        if any(m.start == self.selected and m.path[:len(route)] == route
               for m in self.game.outranked_captures()):
            return "board.why.most"
        if self.via:
            return "board.why.continue"  # mid-capture, off every route that goes on
        if self.capture_required():
            return "board.why.capture"
        forward = 1 if piece.color is Color.WHITE else -1
        if piece.kind is PieceKind.MAN and abs(c1 - c0) == 1 and r1 - r0 == -forward \
                and self.pieces.get(square) is None:
            return "board.why.forward"
        return "board.why.cannot_go"

    def play(self, move: Move, dropped: bool = False, keep_redo: bool = False,
             animate: bool = True) -> None:
        """Make ``move`` (known legal) on the real game and show it."""
        before = dict(self.game.pieces())
        piece = before[move.start]
        self.notation.append(self.game.move_text(move))
        self.game.push(move)
        if not keep_redo:
            self.redo_stack.clear()
        self.deselect()
        self.message = None
        self.follow = True
        self._changed()
        if animate:
            self._start_glide(move, piece, before, dropped)
        else:
            self._after_move()

    def play_text(self, text: str, animate: bool = False) -> Move:
        """Play a move given in the game's notation (scripted games, demos)."""
        move = self.game.parse_move(text)
        self.play(move, animate=animate)
        return move

    def _start_glide(self, move: Move, piece: Piece, before: dict[int, Piece],
                     dropped: bool) -> None:
        crown_at = len(move.path)
        if move.promotes:
            crown_at = len(move.path) - 1
            if self.game.promote_mid_capture:
                far = self.game.geometry.rows - 1 if piece.color is Color.WHITE else 0
                rows = [self.view.coord(s)[1] for s in move.path]
                crown_at = rows.index(far) if far in rows else crown_at
        self.glide = Glide(move, piece, before, 0.0 if dropped else HOP_SECONDS, crown_at)
        if dropped:
            self._hop_sound(move)
            self.glide.sounded = len(move.path)

    def _hop_sound(self, move: Move) -> None:
        self.app.sound.play("click" if move.captured else "tap")

    def _finish_glide(self, check_end: bool = True) -> None:
        if self.glide is not None:
            self.glide = None
            self._after_move(check_end)

    def _after_move(self, check_end: bool = True) -> None:
        if self.flip_each_move and self.review is None:
            self.view.flipped = self.game.turn is Color.BLACK
        if check_end:
            self.check_end()

    def check_end(self) -> None:
        """Show the end overlay once the game is over and the last move has been seen."""
        if self.end_shown or self.glide is not None or self.review is not None:
            return
        if self.game.outcome() is not None:
            self.end_shown = True
            self.deselect()
            self.app.scenes.push(EndOverlay(self.app, self))

    # actions --------------------------------------------------------------------------------------
    def undo(self) -> None:
        self._finish_glide(check_end=False)
        self.leave_review()
        outcome = self.game.outcome()
        if outcome is not None and outcome.termination is Termination.TIMER:
            self.say("board.why.time_up")
            return
        self.deselect()
        if outcome is not None and outcome.termination in _DECLARED:
            self._withdraw_end()
            self.say("board.end_withdrawn")
            self.flash = 0.0
        elif not self.game.move_stack:
            self.say("board.why.nothing_to_undo")
            return
        else:
            self.redo_stack.append(self.game.pop())
            self.notation.pop()
            self.message = None
            self.app.sound.play("ui", 0.5)
        self.end_shown = False
        self._changed()
        self._after_move(check_end=False)

    def _withdraw_end(self) -> None:
        self.game.withdraw_end()

    def redo(self) -> None:
        self._finish_glide(check_end=False)
        self.leave_review()
        if not self.redo_stack or self.game.outcome() is not None:
            self.say("board.why.nothing_to_redo")
            return
        move = self.redo_stack.pop()
        if move not in self.legal:
            self.redo_stack.clear()
            self.say("board.why.nothing_to_redo")
            return
        self.play(move, keep_redo=True)

    def flip(self) -> None:
        self._finish_glide()
        self.view.flipped = not self.view.flipped
        self.app.sound.play("ui", 0.4)

    def toggle_hints(self) -> None:
        self.hints = not self.hints

    def toggle_numbers(self) -> None:
        self.view.numbers = not self.view.numbers

    def offer_draw(self) -> None:
        self._finish_glide()
        if self.game.outcome() is not None or self.review is not None:
            self.say("board.why.over")
            return
        if not self.game.can_offer_draw():
            self.say("board.why.no_draw_yet", moves=self.options.get("draw_offer_after", 0))
            return
        side = self.game.turn.name.lower()
        self.app.scenes.push(ConfirmDialog(self.app, f"board.ask.draw.{side}",
                                           "board.ask.draw.yes", self._agree_draw,
                                           cancel_key="board.ask.draw.no"))

    def _agree_draw(self) -> None:
        self.game.agree_draw()
        self._changed()
        self.check_end()

    def resign(self) -> None:
        self._finish_glide()
        if self.game.outcome() is not None or self.review is not None:
            self.say("board.why.over")
            return
        side = self.game.turn

        def give_up() -> None:
            self.game.resign(side)
            self._changed()
            self.check_end()

        self.app.scenes.push(ConfirmDialog(self.app, f"board.ask.resign.{side.name.lower()}",
                                           "board.ask.resign.yes", give_up))

    def new_game(self) -> None:
        if self.in_progress:
            self.app.scenes.push(ConfirmDialog(self.app, "board.ask.new", "board.ask.new.yes",
                                               self.start_new))
        else:
            self.start_new()

    def start_new(self) -> None:
        """The setup screen again, with this game's options (one click starts)."""
        from game.scenes.board_setup import SetupScene

        self.app.sound.play("ui")
        self.app.scenes.replace(SetupScene(self.app, self.variant, self.options,
                                           self.flip_each_move))

    def to_menu(self) -> None:
        if self.in_progress:
            self.app.scenes.push(ConfirmDialog(self.app, "board.ask.menu", "board.ask.menu.yes",
                                               self.leave))
        else:
            self.leave()

    def leave(self) -> None:
        """Back to the menu under this board (or a fresh one if there is none)."""
        scenes = list(self.app.scenes)
        if scenes and scenes[0] is self:
            from game.scenes.menu import MenuScene

            self.app.scenes.reset(MenuScene(self.app))
        else:
            self.app.scenes.pop()

    def on_back(self) -> None:
        if self.selected is not None:
            self.deselect()
            return
        self.to_menu()

    # review -----------------------------------------------------------------------------------
    def enter_review(self) -> None:
        self._finish_glide(check_end=False)
        self.deselect()
        self.review = len(self.game.move_stack)
        self.review_game = self.game.copy()
        self._changed()

    def review_to(self, ply: int, animate: bool = False) -> None:
        if self.review is None or self.review_game is None:
            return
        self._finish_glide(check_end=False)
        moves = self.game.move_stack
        ply = max(0, min(len(moves), ply))
        if animate and ply == self.review + 1:
            move = moves[ply - 1]
            before = dict(self.review_game.pieces())
            self.review_game.push(move)
            self.review = ply
            self._changed()
            self._start_glide(move, before[move.start], before, dropped=False)
            return
        replay = self.game.copy()
        for _ in range(len(moves) - ply):
            replay.pop()
        self.review_game = replay
        self.review = ply
        self._changed()

    def leave_review(self) -> None:
        if self.review is not None:
            self.review = None
            self.review_game = None
            self._changed()

    def show_result(self) -> None:
        self.leave_review()
        self.end_shown = False
        self.check_end()

    # layout ---------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        w, h = size
        m = max(10, round(20 * s))
        panel_w = max(250, round(440 * s))
        side = min(h - 2 * m, w - panel_w - 3 * m)
        left = max(m, (w - side - m - panel_w) // 2)
        self.view.layout(pygame.Rect(left, (h - side) // 2, side, side))
        self.panel = pygame.Rect(left + side + m, m, panel_w, h - 2 * m)
        self.px = max(13, round(20 * s))
        self.small = max(12, round(17 * s))
        self.title_px = max(15, round(26 * s))
        pad = self.pad = max(8, round(16 * s))
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        button_px = max(12, round(18 * s))
        bh, gap = max(26, round(44 * s)), max(5, round(9 * s))

        def act(label: str, action: Callable[[], None], tip: str) -> Action:
            return Action(Button(tr(label), action, px=button_px), tip)

        play_rows = [
            [act("board.undo", self.undo, "board.tip.undo"),
             act("board.redo", self.redo, "board.tip.redo")],
            [act("board.flip", self.flip, "board.tip.flip"),
             act("board.hints", self.toggle_hints, "board.tip.hints")],
            [act("board.draw", self.offer_draw, "board.tip.draw"),
             act("board.resign", self.resign, "board.tip.resign")],
            [act("board.new", self.new_game, "board.tip.new"),
             act("board.menu", self.to_menu, "board.tip.menu")],
        ]
        if self.game.numbered_squares:
            play_rows[1].append(act("board.numbers", self.toggle_numbers, "board.tip.numbers"))
        review_rows = [
            [act("board.first", lambda: self.review_to(0), "board.tip.first"),
             act("board.back", lambda: self.review_to((self.review or 0) - 1), "board.tip.back"),
             act("board.forward", lambda: self.review_to((self.review or 0) + 1, animate=True),
                 "board.tip.forward"),
             act("board.last", lambda: self.review_to(len(self.game.move_stack)),
                 "board.tip.last")],
            [act("board.result", self.show_result, "board.tip.result"),
             act("board.undo", self.undo, "board.tip.undo")],
            [act("board.new", self.new_game, "board.tip.new"),
             act("board.menu", self.to_menu, "board.tip.menu")],
        ]
        self.play_actions = self._grid(play_rows, inner, bh, gap)
        self.review_actions = self._grid(review_rows, inner, bh, gap)
        rows = max(len(play_rows), len(review_rows))
        self.buttons_top = inner.bottom - rows * bh - (rows - 1) * gap
        # the text at the top, then the move list fills what is left above the buttons
        y = inner.top
        self.title_at = (inner.left, y)
        y += round(self.title_px * 1.45)
        self.banner = pygame.Rect(inner.left, y, inner.width, max(30, round(56 * s)))
        y = self.banner.bottom + round(8 * s)
        self.status_rect = pygame.Rect(inner.left, y, inner.width, round(self.px * 2.7))
        y = self.status_rect.bottom + round(4 * s)
        self.info_rect = pygame.Rect(inner.left, y, inner.width, round(self.px * 4.3))
        y = self.info_rect.bottom + round(6 * s)
        self.list_title_at = (inner.left, y)
        y += round(self.small * 1.5)
        self.list_rect = pygame.Rect(inner.left, y, inner.width,
                                     max(self.px * 2, self.buttons_top - round(12 * s) - y))
        self.line_h = round(self.px * 1.5)
        self._list_cache = None

    @staticmethod
    def _grid(rows: list[list[Action]], area: pygame.Rect, bh: int, gap: int) -> list[Action]:
        """Lay rows of buttons out at the bottom of ``area``, each row filling its width."""
        out: list[Action] = []
        top = area.bottom - len(rows) * bh - (len(rows) - 1) * gap
        for r, row in enumerate(rows):
            width = (area.width - (len(row) - 1) * gap) / len(row)
            for i, action in enumerate(row):
                action.button.rect = pygame.Rect(round(area.left + i * (width + gap)),
                                                 top + r * (bh + gap), round(width), bh)
                out.append(action)
        return out

    @property
    def actions(self) -> list[Action]:
        return self.review_actions if self.review is not None else self.play_actions

    def button(self, label_key: str) -> Button:
        """The panel button labelled ``tr(label_key)`` (for tests and keyboard focus)."""
        for action in self.actions:
            if action.button.label == tr(label_key):
                return action.button
        raise KeyError(label_key)

    # input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
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
                self._click_list(event.pos)
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
            self.follow = False
            self.scroll -= event.y * self.line_h * 2
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        k = event.key
        if self.review is not None:
            steps: dict[int, Callable[[], None]] = {
                pygame.K_LEFT: lambda: self.review_to((self.review or 0) - 1),
                pygame.K_RIGHT: lambda: self.review_to((self.review or 0) + 1, animate=True),
                pygame.K_HOME: lambda: self.review_to(0),
                pygame.K_END: lambda: self.review_to(len(self.game.move_stack)),
                pygame.K_RETURN: self.show_result,
                pygame.K_KP_ENTER: self.show_result,
            }
            if k in steps and not ctrl:
                steps[k]()
                return True
        if (ctrl and k == pygame.K_z and not event.mod & pygame.KMOD_SHIFT) or \
                k == pygame.K_BACKSPACE:
            self.undo()
        elif ctrl and k in (pygame.K_y, pygame.K_z):
            self.redo()
        elif ctrl and k == pygame.K_n:
            self.new_game()
        elif ctrl:
            return False
        elif k == pygame.K_f:
            self.flip()
        elif k == pygame.K_h:
            self.toggle_hints()
        elif k == pygame.K_n and self.game.numbered_squares:
            self.toggle_numbers()
        elif k == pygame.K_d:
            self.offer_draw()
        elif k == pygame.K_r:
            self.resign()
        else:
            return False
        return True

    def _click_list(self, pos: tuple[int, int]) -> None:
        """A click on a move in the list: while reviewing, show the position after it."""
        if self.review is None:
            return
        row = (pos[1] - self.list_rect.top + self.scroll) // self.line_h
        number_w = self._number_width()
        half = (self.list_rect.width - number_w) // 2
        column = 0 if pos[0] < self.list_rect.left + number_w + half else 1
        offset = 1 if self.first_turn is Color.BLACK else 0
        index = row * 2 + column - offset
        if 0 <= index < len(self.notation):
            self.review_to(index + 1)

    # time -----------------------------------------------------------------------------------
    def clock_running(self) -> bool:
        """The Apokachi game timer runs from the first move while the game is on screen."""
        return (self.game.time_limit is not None and self.review is None
                and bool(self.game.move_stack) and self.game.outcome() is None)

    @property
    def animating(self) -> bool:
        return (self.glide is not None or self.shake is not None or self.flash > 0
                or abs(self.lift - self._lift_target()) > 1e-3 or self.clock_running())

    def _lift_target(self) -> float:
        return 1.0 if self.selected is not None and not self.dragging else 0.0

    def fixed_update(self, dt: float) -> None:
        glide = self.glide
        if glide is not None:
            glide.t += dt
            while glide.sounded < glide.landed():
                glide.sounded += 1
                self._hop_sound(glide.move)
            if glide.done:
                self.glide = None
                self._after_move()
        if self.shake is not None:
            square, t = self.shake
            self.shake = (square, t + dt) if t + dt < SHAKE_SECONDS else None
        self.flash = max(0.0, self.flash - dt)
        target = self._lift_target()
        if self.lift < target:
            self.lift = min(target, self.lift + LIFT_SPEED * dt)
        elif self.lift > target:
            self.lift = max(target, self.lift - LIFT_SPEED * dt)
        if self.clock_running():
            self.game.add_elapsed(dt)
            if self.game.outcome() is not None:
                self._legal = None
                self.deselect()
                self.check_end()

    # drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(drawing.room_background(self.size), (0, 0))
        self._draw_board(surface)
        self._draw_panel(surface)
        self._draw_tooltip(surface)

    def _draw_board(self, surface: pygame.Surface) -> None:
        view, shown = self.view, self.shown
        over = self.game.outcome() is not None
        view.draw_base(surface)
        if self.review is None and not over:
            view.draw_edge_glow(surface, self.game.turn)
        glide = self.glide
        last = shown.move_stack[-1] if shown.move_stack else None
        if last is not None:
            view.draw_tint(surface, last.start, LAST_MOVE)
            view.draw_tint(surface, last.end, LAST_MOVE)
        if self.selected is not None:
            view.draw_tint(surface, self.selected, SELECTED)
        candidates = self.candidates()
        self._draw_marks(surface, candidates)
        # the pieces: the gliding move shows the position before it until it ends
        pieces = glide.before if glide is not None else self.pieces
        fade = glide.fade() if glide is not None else 1.0
        lifted = self.selected if not self.dragging else None
        for square, piece in pieces.items():
            if glide is not None and square == glide.move.start:
                continue
            if square == self.selected and (self.dragging or lifted is not None):
                continue
            x, y = view.centre(square)
            if self.shake is not None and self.shake[0] == square:
                t = self.shake[1]
                x += math.sin(t * 42) * view.radius * 0.16 * (1 - t / SHAKE_SECONDS)
            white, king = piece.color is Color.WHITE, piece.kind is PieceKind.KING
            if glide is not None and square in glide.move.captured:
                draw_piece_alpha(surface, (x, y), view.radius, white, king, fade)
            else:
                drawing.draw_piece(surface, (x, y), view.radius, white, king)
        if self.selected is not None and self.selected in pieces:
            piece = pieces[self.selected]
            white, king = piece.color is Color.WHITE, piece.kind is PieceKind.KING
            if self.dragging:
                drawing.draw_piece(surface, self.mouse, view.radius, white, king, lift=1.0)
            else:
                x, y = view.centre(self.selected)
                if self.shake is not None and self.shake[0] == self.selected:
                    t = self.shake[1]
                    x += math.sin(t * 42) * view.radius * 0.16 * (1 - t / SHAKE_SECONDS)
                drawing.draw_piece(surface, (x, y), view.radius, white, king,
                                   lift=round(self.lift, 1))
        if glide is not None:
            (x, y), lift, crowned = glide.position(view)
            king = glide.piece.kind is PieceKind.KING or crowned
            drawing.draw_piece(surface, (x, y), view.radius, glide.piece.color is Color.WHITE,
                               king, lift=round(lift, 1))
        view.draw_labels(surface)

    def _draw_marks(self, surface: pygame.Surface, candidates: list[Move]) -> None:
        """Rings on pieces that can or must move, dots where the selected piece may go,
        routes to choose from, and the pieces a hovered move would take."""
        view = self.view
        if self.review is not None or self.glide is not None or self.game.outcome() is not None:
            return
        if self.selected is None:
            must = self.capture_required()
            starts = {m.start for m in self.legal}
            if must or self.hints:
                for square in starts:
                    view.draw_ring(surface, square, MUST_CAPTURE if must else MOVABLE)
            elif self.hover in starts:
                view.draw_ring(surface, self.hover, MOVABLE)
            return
        if self.pending_end is not None:
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
        depth = len(self.via)
        for move in candidates:
            colour = TARGET_CAPTURE if move.captured else TARGET
            view.draw_dot(surface, move.end, colour)
            if depth and len(move.path) > depth + 1:
                # the next landing after the squares clicked so far
                index = _next_index(move.path, self.via)
                if index is not None and move.path[index] != move.end:
                    view.draw_dot(surface, move.path[index], colour, 0.1)
        hovered = [m for m in candidates if self.hover is not None and m.end == self.hover]
        if len(hovered) == 1:
            move = hovered[0]
            if len(move.path) > 1:
                view.draw_route(surface, move.start, move.path, ROUTE_COLOURS[0])
            for victim in move.captured:
                view.draw_ring(surface, victim, VICTIM, 1.0)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        s = self.scale
        panel = self.panel
        radius = round(16 * s)
        pygame.draw.rect(surface, (0, 0, 0), panel.move(0, round(6 * s)), border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=radius)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.35), panel, width=2,
                         border_radius=radius)
        title = theme.text(tr(f"game.{self.variant}"), self.title_px, theme.ACCENT, True)
        surface.blit(title, self.title_at)
        self._draw_banner(surface)
        self._draw_status(surface)
        self._draw_info(surface)
        heading = theme.text(tr("board.moves_title"), self.small, theme.TEXT_MUTED, True)
        surface.blit(heading, self.list_title_at)
        self._draw_moves(surface)
        for action in self.actions:
            action.button.selected = (action.button.label == tr("board.hints") and self.hints) \
                or (action.button.label == tr("board.numbers") and self.view.numbers)
            action.button.draw(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """Whose turn it is, in the colour of that side; the result once the game is over."""
        rect = self.banner
        radius = rect.height // 3
        outcome = self.game.outcome()
        if self.review is not None:
            fill, ink = theme.mix(theme.PANEL, theme.TEXT, 0.15), theme.TEXT
            words = tr("board.review", ply=self.review, total=len(self.game.move_stack))
            piece: Color | None = None
        elif outcome is not None:
            fill, ink = theme.mix(theme.ACCENT, theme.BUTTON, 0.25), theme.TEXT
            words = result_title(outcome)
            piece = outcome.winner
        else:
            turn = self.game.turn
            white = turn is Color.WHITE
            fill = theme.PIECE_WHITE if white else theme.PIECE_BLACK
            ink = theme.PIECE_BLACK if white else theme.PIECE_WHITE
            words = tr(f"board.turn.{turn.name.lower()}")
            piece = turn
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, rect, width=max(2, round(3 * self.scale)),
                         border_radius=radius)
        x = rect.left + rect.height // 2
        if piece is not None:
            r = round(rect.height * 0.32)
            drawing.draw_piece(surface, (x + r // 2, rect.centery), r, piece is Color.WHITE)
            x += r * 2 + round(10 * self.scale)
        label = _fit(words, round(self.px * 1.2), rect.right - x - rect.height // 3, ink, True)
        surface.blit(label, label.get_rect(midleft=(x, rect.centery)))

    def _draw_status(self, surface: pygame.Surface) -> None:
        rect = self.status_rect
        colour = theme.TEXT
        if self.message is not None:
            text = self.message
            if self.flash > 0:
                glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                glow.fill((*theme.DANGER, round(160 * self.flash / FLASH_SECONDS)))
                surface.blit(glow, rect)
            colour = theme.mix(theme.TEXT, theme.ACCENT, 0.5)
        elif self.review is None and self.game.outcome() is None and self.capture_required():
            text, colour = tr("board.capture_required"), theme.ACCENT
        elif self.review is None and self.game.outcome() is not None:
            text = end_reason(self.game, self.game.outcome())  # type: ignore[arg-type]
        elif not self.game.move_stack and self.selected is None:
            text, colour = tr("board.help"), theme.TEXT_MUTED
        else:
            return
        y = rect.top + round(2 * self.scale)
        for line in theme.wrap(text, self.px, rect.width - 8)[:2]:
            label = theme.text(line, self.px, colour)
            surface.blit(label, (rect.left + 4, y))
            y += round(self.px * 1.3)

    def _draw_info(self, surface: pygame.Surface) -> None:
        """Pieces left on each side; move count and timer (Apokachi); running draw counters."""
        rect = self.info_rect
        px = self.px
        shown = self.pieces
        x, y = rect.left + 4, rect.top
        r = max(6, round(px * 0.55))
        for color in (Color.WHITE, Color.BLACK):
            men = sum(1 for p in shown.values() if p.color is color)
            kings = sum(1 for p in shown.values() if p.color is color and p.kind is PieceKind.KING)
            drawing.draw_piece(surface, (x + r, y + px * 0.7), r, color is Color.WHITE)
            x += 2 * r + round(px * 0.4)
            label = theme.text(str(men), round(px * 1.1), theme.TEXT, True)
            surface.blit(label, label.get_rect(midleft=(x, round(y + px * 0.7))))
            x += label.get_width() + round(px * 0.4)
            if kings:
                extra = theme.text(tr("board.kings", n=kings), self.small, theme.TEXT_MUTED)
                surface.blit(extra, extra.get_rect(midleft=(x, round(y + px * 0.7))))
                x += extra.get_width()
            x += round(px * 1.4)
        y += round(px * 1.6)
        for line in self._info_lines():
            label = _fit(line, px, rect.width - 8, theme.TEXT, False)
            surface.blit(label, (rect.left + 4, y))
            y += round(px * 1.3)

    def _info_lines(self) -> list[str]:
        game = self.game
        lines: list[str] = []
        if game.move_limit is not None:
            lines.append(tr("board.moves_count", played=game.moves_played(),
                            limit=game.move_limit))
        remaining = game.remaining_time()
        if remaining is not None:
            key = "board.timer" if game.move_stack else "board.timer_waiting"
            lines.append(tr(key, time=_clock(remaining)))
        if game.outcome() is None:
            for counter in game.draw_counters()[:2]:
                if counter.limit > 0:
                    lines.append(tr(f"board.counter.{counter.termination.value}",
                                    count=counter.count, limit=counter.limit))
        return lines

    def _number_width(self) -> int:
        return theme.font(self.small).size("888.")[0] + round(6 * self.scale)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        """The move list: numbered full moves, scrollable, the current one highlighted."""
        rect = self.list_rect
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.35), rect,
                         border_radius=round(8 * self.scale))
        offset = 1 if self.first_turn is Color.BLACK else 0
        rows = (len(self.notation) + offset + 1) // 2
        content = rows * self.line_h + 8
        max_scroll = max(0, content - rect.height)
        current = (self.review if self.review is not None else len(self.notation)) - 1
        if self.follow:
            # keep the current move in view (the last one while playing)
            row = (current + offset) // 2
            self.scroll = max(0, min(max_scroll, (row + 1) * self.line_h + 8 - rect.height))
        self.scroll = max(0, min(max_scroll, self.scroll))
        key = (len(self.notation), current, rect.size, self.px, tr("board.moves_title"))
        if self._list_cache is None or self._list_cache[0] != key:
            self._list_cache = (key, self._render_moves(rect.width, content, current, offset))
        picture = self._list_cache[1]
        surface.blit(picture, rect.topleft, pygame.Rect(0, self.scroll, rect.width, rect.height))
        if max_scroll:
            track = rect.height
            bar_h = max(20, track * rect.height // content)
            top = rect.top + (track - bar_h) * self.scroll // max_scroll
            pygame.draw.rect(surface, theme.TEXT_MUTED,
                             pygame.Rect(rect.right - 6, top, 4, bar_h), border_radius=2)

    def _render_moves(self, width: int, height: int, current: int, offset: int
                      ) -> pygame.Surface:
        picture = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        number_w = self._number_width()
        half = (width - number_w - 10) // 2
        for i in range(-offset, len(self.notation)):
            row, column = divmod(i + offset, 2)
            y = 4 + row * self.line_h
            if column == 0:
                number = theme.text(f"{row + 1}.", self.small, theme.TEXT_MUTED)
                picture.blit(number, (number_w - number.get_width() - 4,
                                      y + (self.line_h - number.get_height()) // 2))
            if i < 0:
                dots = theme.text("…", self.px, theme.TEXT_MUTED)
                picture.blit(dots, (number_w + 6, y + (self.line_h - dots.get_height()) // 2))
                continue
            x = number_w + column * half + 6
            if i == current:
                pygame.draw.rect(picture, theme.mix(theme.ACCENT, theme.PANEL, 0.45),
                                 pygame.Rect(x - 4, y + 1, half - 4, self.line_h - 2),
                                 border_radius=4)
            label = _fit(self.notation[i], self.px, half - 10, theme.TEXT, i == current)
            picture.blit(label, (x, y + (self.line_h - label.get_height()) // 2))
        return picture

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        for action in self.actions:
            if action.button.hovered:
                label = theme.text(tr(action.tip_key), self.small, theme.TEXT)
                box = label.get_rect().inflate(round(20 * self.scale), round(12 * self.scale))
                box.midbottom = (action.button.rect.centerx,
                                 action.button.rect.top - round(6 * self.scale))
                box.clamp_ip(pygame.Rect((0, 0), self.size))
                pygame.draw.rect(surface, (20, 12, 8), box, border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, box, width=1, border_radius=6)
                surface.blit(label, label.get_rect(center=box.center))
                return


def _next_index(path: Sequence[int], via: Sequence[int]) -> int | None:
    """The index in ``path`` right after the landing squares ``via`` (matched in order)."""
    index = 0
    for square in via:
        try:
            index = path.index(square, index) + 1
        except ValueError:
            return None
    return index if index < len(path) else None


def _fit(words: str, px: int, width: int, colour: theme.Color, bold: bool) -> pygame.Surface:
    """A line of text, made smaller (never cut) until it fits ``width``."""
    label = theme.text(words, px, colour, bold)
    while label.get_width() > width and px > 10:
        px -= 1
        label = theme.text(words, px, colour, bold)
    return label


def result_title(outcome: Outcome) -> str:
    if outcome.winner is None:
        return tr("board.end.draw")
    return tr("board.end.white_wins" if outcome.winner is Color.WHITE else "board.end.black_wins")


def end_reason(game: Game, outcome: Outcome) -> str:
    """The end of a game in words: "Black cannot move", "Move limit: White 7 – Black 5"."""
    term = outcome.termination
    loser = game.turn.name.lower()
    if outcome.counts is not None and term is not Termination.MOVE_LIMIT:
        # Apokachi: every end goes by counting the pieces
        white, black = outcome.counts
        key = f"board.end.counted.{term.value}"
        if term is Termination.NO_MOVES:
            key += f".{loser}"
        return tr(key, white=white, black=black)
    if term is Termination.MOVE_LIMIT:
        white, black = outcome.counts or (0, 0)
        return tr("board.end.move_limit", white=white, black=black)
    if term is Termination.NO_MOVES:
        left = sum(1 for _, p in game.pieces() if p.color is game.turn)
        return tr(f"board.end.{'no_moves' if left else 'no_pieces'}.{loser}")
    if term is Termination.RESIGNATION:
        assert outcome.winner is not None
        return tr(f"board.end.resignation.{outcome.winner.other.name.lower()}")
    if term is Termination.THREEFOLD_REPETITION:
        return tr("board.end.repetition")
    if term is Termination.KINGS_ONLY_MOVES:
        return tr("board.end.kings_only_moves",
                  moves=getattr(game, "kings_only_limit", 0) // 2)
    return tr(f"board.end.{term.value}")


class EndOverlay(Scene):
    """The result and its reason over the final position: new game, review, or menu."""

    overlay = True
    key = "board-end"

    def __init__(self, app: App, board: BoardScene) -> None:
        self.board = board
        super().__init__(app)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        width = max(360, round(600 * s))
        self.title_px = max(22, round(44 * s))
        self.px = max(14, round(23 * s))
        outcome = self.outcome
        reason = end_reason(self.board.game, outcome) if outcome is not None else ""
        self.reason_lines = theme.wrap(reason, self.px, width - round(60 * s))
        px = max(15, round(26 * s))
        height, gap = max(30, round(54 * s)), round(12 * s)
        icon = round(60 * s) + round(12 * s) if outcome is not None and outcome.winner else 0
        text = (round(30 * s) + icon + round(self.title_px * 1.25) + round(10 * s)
                + len(self.reason_lines) * round(self.px * 1.3) + round(34 * s))
        self.panel = pygame.Rect(0, 0, width, text + 3 * height + 2 * gap + round(28 * s))
        area = self.board.view.rect if self.board.view.rect.width else pygame.Rect((0, 0), size)
        self.panel.center = area.center
        self.panel.clamp_ip(pygame.Rect((0, 0), size))
        buttons = [Button(tr("board.new"), self.new_game, px=px),
                   Button(tr("board.end.review"), self.review, px=px),
                   Button(tr("board.menu"), self.menu, px=px)]
        top = self.panel.top + text
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(0, top + i * (height + gap), round(width * 0.7), height)
            button.rect.centerx = self.panel.centerx
        self.buttons = ButtonColumn(buttons)

    def new_game(self) -> None:
        self.app.scenes.pop()
        self.board.start_new()

    def review(self) -> None:
        self.app.scenes.pop()
        self.board.enter_review()

    def menu(self) -> None:
        self.app.scenes.pop()
        self.board.leave()

    def on_back(self) -> None:
        self.review()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.buttons.handle_event(event)

    @property
    def outcome(self) -> Outcome | None:
        return self.board.game.outcome()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        radius = round(20 * s)
        panel = self.panel
        pygame.draw.rect(surface, (0, 0, 0), panel.move(0, round(10 * s)), border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, panel, width=3, border_radius=radius)
        outcome = self.outcome
        if outcome is None:
            return
        y = panel.top + round(30 * s)
        if outcome.winner is not None:
            r = round(30 * s)
            drawing.draw_piece(surface, (panel.centerx, y + r), r,
                               outcome.winner is Color.WHITE, king=True)
            y += 2 * r + round(12 * s)
        title = _fit(result_title(outcome), self.title_px, panel.width - round(40 * s),
                     theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, y)))
        y += round(self.title_px * 1.25) + round(10 * s)
        for line in self.reason_lines:
            label = theme.text(line, self.px, theme.TEXT)
            surface.blit(label, label.get_rect(midtop=(panel.centerx, y)))
            y += round(self.px * 1.3)
        played = theme.text(tr("board.end.played", moves=len(self.board.notation)),
                            max(12, round(18 * s)), theme.TEXT_MUTED)
        surface.blit(played, played.get_rect(midtop=(panel.centerx, y + round(4 * s))))
        self.buttons.draw(surface)


# named scenes for screenshots and the frame benchmark ------------------------------------------
#: scripted openings shown in the "mid-game" pictures (legal in each game's notation)
DEMO_MOVES: dict[str, tuple[str, ...]] = {
    "russian": ("c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5", "g3-f4", "e5:g3",
                "h2:f4:h6", "b6-a5", "c3-b4"),
    "international": ("32-28", "18-22", "37-32", "12-18", "31-27", "22x31", "36x27", "17-22",
                      "28x17", "11x31"),
    "apokachi": ("d1-d2", "e9-e8", "e1-e2", "e8-e7", "d2-d3", "d9-d8", "e2-e3", "f9-f8",
                 "e3-e4", "e7-e6", "d3-d4", "f8-f7", "c1-c2", "c9-c8"),
}
#: positions a move away from the end, and that last move
DEMO_ENDS: dict[str, tuple[str, dict[str, Any], tuple[str, ...]]] = {
    "russian": ("W:WKa1,c3,e3,g3,h2:Bd4,f6", {}, ("c3:e5:g7",)),
    "international": ("W:W31,32,37,K4,38,43,44,48,49,50:B16,21,26", {}, ("4-27",)),
    "apokachi": ("W:9:Wa1,b1,c1,d2,e2,f1,g1:Ba9,b9,d3,e9,h9,i9", {"move_limit": 1},
                 ("c1-d1xd3", "a9-a8")),
}


def demo_board(app: App, variant: str, stage: str = "mid") -> BoardScene:
    """A board at the start, in the middle (a piece picked up) or at the end of a game."""
    if stage == "end":
        fen, options, moves = DEMO_ENDS[variant]
        game = find_variant(variant).from_fen(fen, **options)
        board = BoardScene(app, variant, options, game=game)
        for text in moves:
            board.play_text(text)
        return board
    board = BoardScene(app, variant)
    if stage == "mid":
        for text in DEMO_MOVES[variant]:
            board.play_text(text)
        starts = sorted({m.start for m in board.legal})
        board._select(starts[len(starts) // 2])
        board.lift = 1.0
        board.view.numbers = board.game.numbered_squares  # show 1-50
    return board


def demo_stack(app: App, variant: str, stage: str) -> list[Scene]:
    """The scenes that show ``variant`` at ``stage`` (setup, start, mid, end) over the menu,
    for ``--screenshot`` and the benchmarks."""
    if stage == "setup":
        from game.scenes.board_setup import SetupScene

        return [SetupScene(app, variant)]
    board = demo_board(app, variant, stage)
    if stage != "end":
        return [board]
    board.end_shown = True
    return [board, EndOverlay(app, board)]
