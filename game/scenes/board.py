"""The board scene: one class plays International, Russian and Apokachi over a ``BoardPlay``.

A move is entered by clicking a piece and then its destination, or by dragging it there. A
multi-capture can be given by its end square; where several captures end there, the player
clicks landing squares (or a captured piece) until one route is left, or the end square again
for exactly the landings clicked so far. A click that cannot make a move says why in the side
panel and shakes the piece. Pieces glide hop by hop and captured pieces fade once the move is
over (the Turkish strike as the player sees it).

The scene is input, animation and layout: the game, its record, takebacks, review, the clock
and the seats live in the play object (:mod:`game.play.board_play`), the panel in
:mod:`game.ui.board_panel`, the staged positions in :mod:`game.scenes.board_demo`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import saves
from game.i18n import tr
from game.ai.worker import Thinker
from game.play.analysis import Analysis
from game.play.board_play import BoardPlay
from game.play.events import DrawDeclined, DrawOffered, EndWithdrawn, GameOver, MovePlayed, \
    MovesTakenBack
from game.rules.core import Color, Game, Move, Piece, PieceKind, Refusal, fitting_moves
from game.scene import Scene
from game.scenes.dialog import ConfirmDialog
from game.scenes.panel_overlay import PanelAction, PanelOverlay
from game.ui import drawing
from game.ui.board_panel import FLASH_SECONDS, AnalysisView, BoardPanel, Status
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
from game.ui.end_texts import end_reason, result_title
from game.ui import theme

if TYPE_CHECKING:
    from game.app import App

HINT_SECONDS = 1.0  # how long the engine looks for the move it suggests
HINT_COLOUR = (120, 220, 140, 230)
BEST_COLOUR = (120, 200, 255, 220)
HOP_SECONDS = 0.15  # one hop of a gliding piece: followable, never a wait
FADE_SECONDS = 0.22  # captured pieces fade after the move
SHAKE_SECONDS = 0.35
LIFT_SPEED = 9.0  # lift units per second: a selected piece rises in about 0.1 s
DRAG_START = 6  # pixels the mouse moves with the button down before a press becomes a drag
CURSOR = (120, 200, 255, 235)  # the keyboard's square
ROUTE_COLOURS = ((232, 168, 64, 220), (96, 170, 220, 220), (150, 206, 110, 220),
                 (220, 110, 170, 220))


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


class BoardScene(Scene):
    """A game of International, Russian or Apokachi at one screen."""

    key = "board"

    def __init__(self, app: App, variant: str, options: dict[str, Any] | None = None,
                 flip_each_move: bool = False, game: Game | None = None,
                 play: BoardPlay | None = None) -> None:
        self.play = play if play is not None else BoardPlay(variant, options, game=game)
        self.variant = self.play.variant
        self.options: dict[str, Any] = dict(self.play.options)
        self.flip_each_move = flip_each_move
        geometry = self.play.game.geometry
        self.view: BoardView = PointGridView(geometry) if geometry.points \
            else SquareBoardView(geometry)
        persons = [c for c, seat in self.play.seats.items() if seat.is_person]
        #: two people take turns at the board; one person plays the computer from below
        self.two_people = len(persons) == 2
        if len(persons) == 1:
            self.view.flipped = persons[0] is Color.BLACK
        else:
            self.view.flipped = flip_each_move and self.play.turn is Color.BLACK
        self._panel_shown: tuple[object, ...] = ()
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
        self.cursor: int | None = None  # the keyboard's square (arrows move it)
        # feedback
        self.message: str | None = None
        self.flash = 0.0
        self.shake: tuple[int, float] | None = None
        self.lift = 0.0
        self.glide: Glide | None = None
        self.end_shown = False
        self.analysis: Analysis | None = None  # the engine's review of a finished game
        self.hint_move: Move | None = None  # the engine's suggestion, drawn as an arrow
        self._hint_thinker: Thinker | None = None
        self._hint_asked = False
        self._legal: list[Move] | None = None
        self.pieces: dict[int, Piece] = {}
        self.panel_view = BoardPanel(self.play, self._play_rows(), self._review_rows())
        self.panel_view.tip_keys = {
            "board.tip.undo": pygame.K_z, "board.tip.redo": pygame.K_y,
            "board.tip.flip": pygame.K_f, "board.tip.hints": pygame.K_h,
            "board.tip.numbers": pygame.K_n, "board.tip.draw": pygame.K_d,
            "board.tip.resign": pygame.K_r, "board.tip.new": pygame.K_n,
            "board.tip.advice": pygame.K_a}
        super().__init__(app)
        self.play.events()  # what happened before the scene opened is already on the board
        for seat in self.play.seats.values():
            seat.prepare()
        self._changed()

    # the game --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def notation(self) -> list[str]:
        return self.play.notation

    @property
    def review(self) -> int | None:
        return self.play.review

    @property
    def shown(self) -> Game:
        """The game whose position is on the board: the real one, or the reviewed one."""
        return self.play.shown

    @property
    def legal(self) -> list[Move]:
        if self._legal is None:
            self._legal = self.game.legal_moves()
        return self._legal

    def _changed(self) -> None:
        """The position changed: forget what was derived from the old one."""
        self._legal = None
        self.hint_move = None
        if self._hint_asked and self._hint_thinker is not None:
            self._hint_thinker.cancel()
        self._hint_asked = False
        self.pieces = dict(self.shown.pieces())
        self.panel_view.changed()

    @property
    def in_progress(self) -> bool:
        """A game worth a confirmation before leaving it: started and not over."""
        return self.play.in_progress

    def capture_required(self) -> bool:
        return self.game.outcome() is None and self.game.capture_required()

    def moves_from(self, square: int) -> list[Move]:
        return [m for m in self.legal if m.start == square]

    def _fits(self, landings: list[int]) -> list[Move]:
        """Moves of the selected piece through ``landings`` in order (every route kept) that
        take the clicked victims."""
        assert self.selected is not None
        return [m for m in fitting_moves(self.legal, self.selected, landings, prefer_exact=False)
                if all(v in m.captured for v in self.victims)]

    def candidates(self) -> list[Move]:
        """The legal moves that fit what has been clicked so far."""
        if self.selected is None:
            return []
        moves = self._fits(self.via)
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
        if not self.play.person_to_move:
            self.say("board.why.wait")
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
                self.say(_refusal_key(self.game.why_not(square)), shake=square)
            return
        if piece is not None and self.selected is not None and self.pending_end is not None:
            routes = [m for m in self.candidates() if square in m.captured]
            if routes:
                self.victims.append(square)
                if len(routes) == 1:
                    self.enter(routes[0])
                return
        if self.selected is not None:
            refusal = self.game.why_not(self.selected, [*self.via, square])
            self.say(_refusal_key(refusal), shake=self.selected)
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
                refusal = self.game.why_not(start, [*self.via, square])
                self.say(_refusal_key(refusal), shake=start)
        elif again:
            self.deselect()

    def _is_landing(self, square: int) -> bool:
        if self.pending_end is not None and square == self.pending_end:
            return True
        return bool(self._fits([*self.via, square]))

    def _land(self, square: int, dropped: bool) -> None:
        if self.pending_end is None:
            ends = [m for m in self._fits([*self.via, square]) if m.end == square]
            exact = [m for m in ends if m.path == (*self.via, square)]
            if len(ends) == 1 or len(exact) == 1 and self.via:
                self.enter((exact or ends)[0], dropped=dropped)
                return
            if len(ends) > 1:
                self.pending_end = square
                self.say("board.choose_route")
                self.flash = 0.0
                return
        elif square == self.pending_end:
            # the end again: exactly the landings clicked so far, if such a route exists
            exact = [m for m in self.candidates() if m.path == (*self.via, square)]
            if len(exact) == 1:
                self.enter(exact[0], dropped=dropped)
            else:
                self.say("board.choose_route")
                self.flash = 0.0
            return
        self.via.append(square)
        fits = self.candidates()
        if len(fits) == 1:
            self.enter(fits[0])

    def enter(self, move: Move, dropped: bool = False) -> None:
        """The person at the board made ``move`` (known legal)."""
        self._finish_glide()
        self.deselect()
        self.message = None
        self.play.play(move)
        self._take_events(dropped=dropped)

    def play_text(self, text: str, animate: bool = False) -> Move:
        """Play a move given in the game's notation (scripted games, demos)."""
        move = self.play.play_text(text)
        self._take_events(animate=animate)
        return move

    # what the play object reports -------------------------------------------------------------
    def _take_events(self, dropped: bool = False, animate: bool = True) -> None:
        events = self.play.events()
        if events:  # kept after every move: a crash loses at most the move being made
            saves.autosave(self.app, self.play, flip_each_move=self.flip_each_move)
        for event in events:
            if isinstance(event, MovePlayed):
                self.app.redraw()  # the move list changed: this frame is copied whole
                self._changed()
                self.panel_view.follow = True
                if animate:
                    self._start_glide(event.move, event.piece, event.before,
                                      dropped and event.by_person)
                else:
                    self._after_move()
            elif isinstance(event, MovesTakenBack):
                self._finish_glide(check_end=False)
                self.message = None
                self.end_shown = False
                self.app.sound.play("ui", 0.5)
                self._changed()
                self._after_move(check_end=False)
            elif isinstance(event, EndWithdrawn):
                self.end_shown = False
                self.say("board.end_withdrawn")
                self.flash = 0.0
                self._changed()
            elif isinstance(event, DrawOffered):
                if self.play.draw_offer is not None:  # a person answers
                    side = event.by.name.lower()
                    self.app.scenes.push(ConfirmDialog(
                        self.app, f"board.ask.draw.{side}", "board.ask.draw.yes",
                        lambda: self._answer_draw(True), cancel_key="board.ask.draw.no",
                        on_cancel=lambda: self._answer_draw(False)))
            elif isinstance(event, DrawDeclined):
                self.say("board.draw_declined")
                self.flash = 0.0
            elif isinstance(event, GameOver):
                self._legal = None
                self.deselect()
                self._changed()
                self.check_end()

    def _answer_draw(self, accept: bool) -> None:
        self.play.answer_draw(accept)
        self._take_events()

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
        if self.flip_each_move and self.two_people and self.review is None:
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
            self.app.sound.play("game_end")
            self.app.scenes.push(end_overlay(self.app, self))

    # actions --------------------------------------------------------------------------------------
    def undo(self) -> None:
        self._finish_glide(check_end=False)
        self.deselect()
        outcome = self.game.outcome()
        if not self.play.undo():
            if outcome is not None and self.play.game.time_limit is not None \
                    and not self.play.can_undo():
                self.say("board.why.time_up")
            else:
                self.say("board.why.nothing_to_undo")
            return
        self._take_events()

    def redo(self) -> None:
        self._finish_glide(check_end=False)
        if not self.play.redo():
            self.say("board.why.nothing_to_redo")
            return
        self._take_events()

    def ask_hint(self) -> None:
        """The engine's move for the person to move, shown as an arrow when it has one."""
        self._finish_glide()
        if not self.play.person_to_move:
            self.say("board.why.over" if self.play.is_over or self.review is not None
                     else "board.why.wait")
            return
        if self._hint_thinker is None:
            self._hint_thinker = Thinker()
        game = self.game
        self._hint_thinker.start(game.name, game.options, game.starting_fen(),
                                 list(game.move_stack), time=HINT_SECONDS, elapsed=game.elapsed)
        self._hint_asked = True
        self.hint_move = None
        self.message = tr("board.hint.thinking")
        self.flash = 0.0

    def _poll_hint(self) -> None:
        if not self._hint_asked or self._hint_thinker is None:
            return
        answer = self._hint_thinker.poll()
        if answer is None:
            return
        self._hint_asked = False
        if answer.move is not None and answer.move in self.legal:
            self.hint_move = answer.move
            self.message = tr("board.hint.move", move=self.game.move_text(answer.move))
        else:
            self.message = None
        self.app.redraw()

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
        by = self.game.turn if self.play.seats[self.game.turn].is_person else self.game.turn.other
        self.play.offer_draw(by)
        self._take_events()

    def resign(self) -> None:
        self._finish_glide()
        if self.game.outcome() is not None or self.review is not None:
            self.say("board.why.over")
            return
        side = self.game.turn if self.play.seats[self.game.turn].is_person \
            else self.game.turn.other

        def give_up() -> None:
            self.play.resign(side)
            self._take_events()

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

        self.close()
        self.app.sound.play("ui")
        self.app.scenes.replace(SetupScene(self.app, self.variant, self.options,
                                           self.flip_each_move))

    def to_menu(self) -> None:
        if self.in_progress:
            self.app.scenes.push(ConfirmDialog(self.app, "board.ask.menu", "board.ask.menu.yes",
                                               self.leave))
        else:
            self.leave()

    def close(self) -> None:
        """Stop every worker of this board: the seats', the hint's and the analysis'."""
        self.play.close()
        if self._hint_thinker is not None:
            self._hint_thinker.close()
            self._hint_thinker = None
        if self.analysis is not None:
            self.analysis.close()

    def leave(self) -> None:
        """Back to the menu under this board (or a fresh one if there is none)."""
        self.close()
        scenes = list(self.app.scenes)
        if scenes and scenes[0] is self:
            from game.scenes.menu import MenuScene

            self.app.scenes.reset(MenuScene(self.app, focus=self.variant))
        else:
            self.app.scenes.pop()

    def on_leave(self) -> None:
        saves.autosave(self.app, self.play, flip_each_move=self.flip_each_move)

    on_quit = on_leave

    def on_back(self) -> None:
        if self.selected is not None:
            self.deselect()
            return
        self.to_menu()

    # review -----------------------------------------------------------------------------------
    def enter_review(self) -> None:
        self._finish_glide(check_end=False)
        self.deselect()
        self.play.enter_review()
        self._changed()
        if self.analysis is None and self.play.is_over and self.play.ply:
            self.analysis = Analysis(self.game)

    def review_to(self, ply: int, animate: bool = False) -> None:
        if self.review is None:
            return
        self._finish_glide(check_end=False)
        before = dict(self.shown.pieces())
        stepped = self.play.review_to(ply)
        self._changed()
        if stepped is not None and animate:
            self._start_glide(stepped, before[stepped.start], before, dropped=False)

    def leave_review(self) -> None:
        if self.review is not None:
            self.play.leave_review()
            self._changed()

    def save_as(self) -> None:
        from game.scenes.games import ask_name

        ask_name(self.app, self.play, flip_each_move=self.flip_each_move)

    def play_from_here(self) -> None:
        from game.scenes.games import play_from_here

        play_from_here(self.app, self)

    def show_result(self) -> None:
        self.leave_review()
        self.end_shown = False
        self.check_end()

    # layout ---------------------------------------------------------------------------------
    def _play_rows(self) -> list[list[tuple[str, Any, str]]]:
        rows: list[list[tuple[str, Any, str]]] = [
            [("board.undo", self.undo, "board.tip.undo"),
             ("board.redo", self.redo, "board.tip.redo"),
             ("board.advice", self.ask_hint, "board.tip.advice")],
            [("board.flip", self.flip, "board.tip.flip"),
             ("board.hints", self.toggle_hints, "board.tip.hints")],
            [("board.draw", self.offer_draw, "board.tip.draw"),
             ("board.resign", self.resign, "board.tip.resign"),
             ("board.save", self.save_as, "board.tip.save")],
            [("board.new", self.new_game, "board.tip.new"),
             ("board.menu", self.to_menu, "board.tip.menu")],
        ]
        if self.play.game.numbered_squares:
            rows[1].append(("board.numbers", self.toggle_numbers, "board.tip.numbers"))
        return rows

    def _review_rows(self) -> list[list[tuple[str, Any, str]]]:
        return [
            [("board.first", lambda: self.review_to(0), "board.tip.first"),
             ("board.back", lambda: self.review_to((self.review or 0) - 1), "board.tip.back"),
             ("board.forward", lambda: self.review_to((self.review or 0) + 1, animate=True),
              "board.tip.forward"),
             ("board.last", lambda: self.review_to(self.play.ply), "board.tip.last")],
            [("board.result", self.show_result, "board.tip.result"),
             ("board.undo", self.undo, "board.tip.undo"),
             ("board.from_here", self.play_from_here, "board.tip.from_here")],
            [("board.new", self.new_game, "board.tip.new"),
             ("board.menu", self.to_menu, "board.tip.menu")],
        ]

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
        self.panel_view.layout(self.panel, s)

    @property
    def actions(self) -> list[Any]:
        return self.panel_view.actions

    @property
    def list_rect(self) -> pygame.Rect:
        return self.panel_view.list_rect

    def button(self, label_key: str) -> Any:
        """The panel button labelled ``tr(label_key)`` (for tests and keyboard focus)."""
        return self.panel_view.button(label_key)

    # input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
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
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        k = event.key
        from game.scenes.games import board_file_key

        if board_file_key(self, event):  # save, export, copy, play from here
            return True
        if self.review is not None:
            steps = {
                pygame.K_LEFT: lambda: self.review_to((self.review or 0) - 1),
                pygame.K_RIGHT: lambda: self.review_to((self.review or 0) + 1, animate=True),
                pygame.K_HOME: lambda: self.review_to(0),
                pygame.K_END: lambda: self.review_to(self.play.ply),
                pygame.K_RETURN: self.show_result,
                pygame.K_KP_ENTER: self.show_result,
            }
            if k in steps and not ctrl:
                steps[k]()
                return True
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
                   pygame.K_DOWN: (0, -1)}
        if k in arrows and not ctrl and self.review is None:
            self.move_cursor(*arrows[k])
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not ctrl \
                and self.review is None:
            self.press_cursor()
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
        elif k == pygame.K_a:
            self.ask_hint()
        elif k == pygame.K_r:
            self.resign()
        else:
            return False
        return True

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While a piece glides only the board changes (the panel's change was copied whole
        when the move began)."""
        return [self.view.rect] if self.glide is not None else None

    # the keyboard's cursor ------------------------------------------------------------------------
    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the keyboard's square one step on the screen (right, up, ...): along a row to
        the next playable square, or to the next row's playable square nearest the column."""
        geometry = self.game.geometry
        if self.cursor is None:
            self.cursor = self._cursor_start()
            return
        if self.view.flipped:
            dx, dy = -dx, -dy
        column, row = geometry.coord(self.cursor)
        if dy == 0:
            for step in range(1, geometry.columns):
                target = geometry.square_at(column + dx * step, row)
                if target is not None:
                    self.cursor = target
                    break
        else:
            next_row = row + dy
            options = [(abs(c - column), -c * dx if dx else c, s)
                       for s, (c, r) in zip(geometry.squares, geometry.coords) if r == next_row]
            if options:
                self.cursor = min(options)[2]

    def _cursor_start(self) -> int:
        """Where the cursor appears: on the piece picked up, or one that can move."""
        if self.selected is not None:
            return self.selected
        starts = sorted({m.start for m in self.legal}, key=lambda s: self.view.centre(s)[::-1])
        if starts:
            return starts[-1]
        return self.game.geometry.squares[0]

    def press_cursor(self) -> None:
        """Enter or Space: what a click on the cursor's square does."""
        if self.cursor is None:
            self.cursor = self._cursor_start()
            return
        self.click_square(self.cursor)
        self.press = None  # a key is not held like a mouse button: nothing to drag or drop

    # time -----------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return (self.glide is not None or self.shake is not None or self.flash > 0
                or abs(self.lift - self._lift_target()) > 1e-3)

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
        self.play.tick(dt)
        if self.glide is None:
            self.play.update()  # a seat that is not a person moves when the board is still
        self._take_events()
        self._poll_hint()
        if self.analysis is not None and not self.analysis.finished and self.analysis.update():
            self.panel_view.changed()
            self.app.redraw()
        shown = (self.thinking(), self._clock_seconds(),
                 self.analysis.done if self.analysis is not None else None)
        if shown != self._panel_shown:
            self._panel_shown = shown
            self.app.redraw()  # a clock or the "thinking…" mark changed: worth a frame

    def _clock_seconds(self) -> tuple[int, ...]:
        """The whole seconds the clocks show (a frame is drawn when one changes)."""
        out = []
        remaining = self.game.remaining_time()
        if remaining is not None:
            out.append(math.ceil(remaining))
        if self.play.clock is not None:
            out.extend(math.ceil(t) for t in self.play.clock.left.values())
        return tuple(out)

    def thinking(self) -> int | None:
        """The depth the computer to move has reached, while it thinks; else None."""
        seat = self.play.seats[self.game.turn]
        if seat.is_person or self.play.outcome() is not None or self.review is not None:
            return None
        return seat.progress() if seat.thinking else 0

    # drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(drawing.room_background(self.size), (0, 0))
        self._draw_board(surface)
        status = Status(self.message, self.flash, self.selected is not None, self.hints,
                        self.view.numbers, self.thinking(), self._analysis_view())
        self.panel_view.draw(surface, status, self.pieces)
        self.panel_view.draw_tooltip(surface, self.size)

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
        if self.hint_move is not None and self.glide is None and self.review is None:
            view.draw_route(surface, self.hint_move.start, self.hint_move.path, HINT_COLOUR)
        best = self.best_shown()
        if best is not None and self.glide is None:
            view.draw_route(surface, best.start, best.path, BEST_COLOUR)
        if self.cursor is not None and self.review is None:
            view.draw_ring(surface, self.cursor, CURSOR, 1.3)
        view.draw_labels(surface)

    def verdict_shown(self) -> Any:
        """The analysis' verdict on the reviewed position, once it has one."""
        if self.analysis is None or self.review is None:
            return None
        return self.analysis.verdicts[self.review]

    def _analysis_view(self) -> AnalysisView | None:
        analysis = self.analysis
        if analysis is None or self.review is None:
            return None
        verdict = analysis.verdicts[self.review]
        line = ""
        if verdict is not None and verdict.pv:
            replay = self.shown.copy()
            texts = []
            for move in verdict.pv[:6]:
                if move not in replay.legal_moves():
                    break
                texts.append(replay.move_text(move))
                replay.push(move)
            line = " ".join(texts)
        return AnalysisView([None if v is None else v.score for v in analysis.verdicts],
                            analysis.mistakes(), self.review, analysis.done, analysis.total,
                            None if verdict is None else verdict.score, line)

    def best_shown(self) -> Move | None:
        verdict = self.verdict_shown()
        return None if verdict is None else verdict.best

    def _draw_marks(self, surface: pygame.Surface, candidates: list[Move]) -> None:
        """Rings on pieces that can or must move, dots where the selected piece may go,
        routes to choose from, and the pieces a hovered move would take."""
        view = self.view
        if self.review is not None or self.glide is not None or self.game.outcome() is not None:
            return
        if self.selected is None:
            if not self.play.person_to_move:
                return
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


def _refusal_key(refusal: Refusal) -> str:
    """The panel's words for why a piece can't be picked or can't go there."""
    return f"board.why.{refusal.value}"


def _next_index(path: tuple[int, ...], via: list[int]) -> int | None:
    """The index in ``path`` right after the landing squares ``via`` (matched in order)."""
    index = 0
    for square in via:
        try:
            index = path.index(square, index) + 1
        except ValueError:
            return None
    return index if index < len(path) else None


def end_overlay(app: App, board: BoardScene) -> PanelOverlay:
    """The result and its reason over the final position: new game, review, or menu."""
    play = board.play
    outcome = play.outcome()
    assert outcome is not None
    return PanelOverlay(
        app, result_title(outcome), [end_reason(play.game, outcome)],
        [PanelAction(tr("board.new"), board.start_new),
         PanelAction(tr("board.end.review"), board.enter_review),
         PanelAction(tr("board.menu"), board.leave)],
        key="board-end", icon=outcome.winner,
        footer=tr("board.end.played", moves=play.full_moves()),
        back=PanelAction(tr("board.end.review"), board.enter_review),
        area=lambda: board.view.rect)
