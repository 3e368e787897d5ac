"""The board scene: one class plays every board game of the collection over a ``BoardPlay``.

A move is entered by clicking a piece and then its destination, or by dragging it there
(:mod:`.entry`). A click that cannot make a move says why in the side panel and shakes the
piece. Pieces glide hop by hop and captured pieces fade once the move is over (:mod:`.glide`).

The scene is input, animation and layout: the game, its record, takebacks, review, the clock
and the seats live in the play object (:mod:`game.play.board_play`), the panel in
:mod:`game.ui.board_panel`; the buttons' and keys' actions in :mod:`.commands`,
:mod:`.review` and :mod:`.keyboard`, the drawing in :mod:`.draw`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import pygame

from game import saves
from game.i18n import tr
from game.play.advice import Advice
from game.play.analysis import Analysis
from game.play.board_play import BoardPlay
from game.play.seats import EngineBudget
from game.play.events import DrawDeclined, DrawOffered, EndWithdrawn, GameOver, HuffChosen, \
    HuffWithdrawn, MovePlayed, MovesTakenBack, SeatNotice
from game.rules.core import Color, Game, Move, Piece
from game.scene import Scene
from game.scenes.board.clocks import BoardClocks
from game.scenes.board.commands import BoardCommands
from game.scenes.board.draw import SHAKE_SECONDS, draw_board
from game.scenes.board.entry import MoveEntry
from game.scenes.board.glide import Glide, glide_of
from game.scenes.board.huff import BoardHuff
from game.scenes.board.input import BoardInput
from game.scenes.board.keyboard import TIP_KEYS, KeyboardCursor
from game.scenes.board.review import BoardReview
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.panel_overlay import PanelAction, PanelOverlay
from game.ui import drawing, theme
from game.ui.board_panel import BoardPanel, Status
from game.ui.board_views import BoardView, PointGridView, SquareBoardView
from game.ui.player_rows import ClockFace
from game.ui.end_texts import end_reason, result_title

if TYPE_CHECKING:
    from game.app import App

LIFT_SPEED = 9.0  # lift units per second: a selected piece rises in about 0.1 s

StartIn = Literal["play", "review", "review-start"]


class BoardScene(BoardInput, BoardHuff, BoardCommands, BoardReview, BoardClocks, KeyboardCursor,
                 Scene):
    """A board game at one screen: ``play`` holds the game; ``start_in`` says where to begin
    (at play, or a finished game in review at its end or its first position)."""

    key = "board"

    def __init__(self, app: App, play: BoardPlay, *, start_in: StartIn = "play",
                 flip_each_move: bool = False, file: saves.GameFile | None = None) -> None:
        self.play = play
        self.file = file if file is not None else saves.GameFile()  # the game's kept file
        self.variant = play.variant
        self.flip_each_move = flip_each_move
        geometry = play.game.geometry
        self.view: BoardView = PointGridView(geometry) if geometry.points \
            else SquareBoardView(geometry)
        persons = [c for c, seat in play.seats.items() if seat.is_person]
        #: two people take turns at the board; one person plays the computer from below
        self.two_people = len(persons) == 2
        if len(persons) == 1:
            self.view.flipped = persons[0] is Color.BLACK
        else:
            self.view.flipped = flip_each_move and play.turn is Color.BLACK
        self._panel_shown: tuple[object, ...] = ()
        self._faces_shown: tuple[ClockFace, ...] = ()
        self._ticked: int | None = None  # the last second of a running clock that ticked
        self.entry = MoveEntry(lambda: self.game, lambda: self.legal)
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
        self._advice: Advice | None = None  # asked for the suggestion (A)
        self._analysis_notice: object = None  # the analysis' last word on its worker, said
        self._legal: list[Move] | None = None
        self.pieces: dict[int, Piece] = {}
        self.panel_view = BoardPanel(play, self._play_rows(), self._review_rows())
        self.panel_view.tip_keys = dict(TIP_KEYS)
        super().__init__(app)
        self.on_settings_changed()  # the computer's pondering and memory, before it thinks
        # the square numbers as the player left them last (N), on a board that has them
        self.view.numbers = self.numbered and app.settings.square_numbers
        play.events()  # what happened before the scene opened is already on the board
        for seat in play.seats.values():
            seat.prepare()
        self._changed()
        if start_in != "play":
            self.end_shown = True  # the result was seen: the review comes first
            self.enter_review()
            if start_in == "review-start":
                self.review_to(0)

    def on_settings_changed(self) -> None:
        settings = self.app.settings
        self.play.use_engine(EngineBudget(settings.ponder, settings.engine_memory))

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
        if self._legal is None:  # after the piece taken for фук this turn, if any
            self._legal = self.play.legal_moves()
        return self._legal

    @property
    def numbered(self) -> bool:
        """The game names its squares by number (the numbers can be shown)."""
        return self.game.numbered_squares

    def _changed(self) -> None:
        """The position changed: forget what was derived from the old one."""
        self._legal = None
        self.hint_move = None
        if self._advice is not None:
            self._advice.cancel()
        self.pieces = self.play.pieces()
        self.panel_view.changed()

    @property
    def in_progress(self) -> bool:
        """A game worth a confirmation before leaving it: started and not over."""
        return self.play.in_progress

    def capture_required(self) -> bool:
        return self.game.outcome() is None and self.game.capture_required()

    # what the play object reports -------------------------------------------------------------
    def _take_events(self, dropped: bool = False, animate: bool = True) -> None:
        events = self.play.events()
        if events:  # kept after every move: a crash loses at most the move being made
            saves.autosave(self.app, self.play, self.file, flip_each_move=self.flip_each_move)
        for event in events:
            if isinstance(event, MovePlayed):
                self.app.redraw()  # the move list changed: this frame is copied whole
                self._changed()
                self.panel_view.follow = True
                self.huff_played(event)
                if animate:
                    self._start_glide(event.move, event.piece, event.before,
                                      dropped and event.by_person, huff_seen=event.by_person)
                else:
                    self._after_move()
            elif isinstance(event, (HuffChosen, HuffWithdrawn)):
                self.huff_event(event)
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
            elif isinstance(event, SeatNotice):  # the computer's worker stopped: said once
                self.message = tr(event.notice.key, **event.notice.values)
                self.flash = 0.0
            elif isinstance(event, GameOver):
                self._legal = None
                self.deselect()
                self._changed()
                self.check_end()

    def _start_glide(self, move: Move, piece: Piece, before: dict[int, Piece],
                     dropped: bool, huff_seen: bool = False) -> None:
        self.glide = glide_of(self.game, self.view, move, piece, before, dropped, huff_seen)
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
            self.app.scenes.push(self.end_overlay())

    def end_overlay(self) -> PanelOverlay:
        """The result and its reason over the final position: new game, review, or menu."""
        outcome = self.play.outcome()
        assert outcome is not None
        return PanelOverlay(
            self.app, result_title(outcome), [end_reason(self.game, outcome)],
            [PanelAction(tr("board.new"), self.start_new),
             PanelAction(tr("board.end.review"), self.enter_review),
             PanelAction(tr("board.menu"), self.leave)],
            key="board-end", icon=outcome.winner,
            footer=tr("board.end.played", moves=self.play.full_moves()),
            back=PanelAction(tr("board.end.review"), self.enter_review),
            area=lambda: self.view.rect)

    # the screen's life ----------------------------------------------------------------------
    def on_enter(self) -> None:
        self.check_end()  # a game that is already over opens at its result

    def on_leave(self) -> None:
        saves.autosave(self.app, self.play, self.file, flip_each_move=self.flip_each_move)
        self.close()  # however the board is left (another game opened in its place ...)

    on_quit = on_leave

    def on_back(self) -> None:
        if self.selected is not None:
            self.deselect()
            return
        self.to_menu()

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
            [("board.first", self.review_first, "board.tip.first"),
             ("board.back", self.review_back, "board.tip.back"),
             ("board.forward", self.review_forward, "board.tip.forward"),
             ("board.last", self.review_last, "board.tip.last")],
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

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While a piece glides only the board changes (the panel's change was copied whole
        when the move began)."""
        return [self.view.rect] if self.glide is not None else None

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
        notice = self.analysis.notice if self.analysis is not None else None
        if notice is not None and notice is not self._analysis_notice:
            self._analysis_notice = notice
            self.message = tr(notice.key, **notice.values)
        self._show_changes()

    def thinking(self) -> int | None:
        """The depth the computer to move has reached, while it thinks; else None."""
        seat = self.play.seats[self.game.turn]
        if seat.is_person or self.play.outcome() is not None or self.review is not None:
            return None
        return seat.progress() if seat.thinking else 0

    # drawing --------------------------------------------------------------------------------
    def status(self) -> Status:
        """What the panel is to say now (its words: ``panel_view.status_line``)."""
        return Status(self.message, self.flash, self.selected is not None, self.hints,
                      self.view.numbers, self.thinking(), self._analysis_view(),
                      bottom=self.view.bottom_color())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(drawing.room_background(self.size), (0, 0))
        draw_board(surface, self)
        self.panel_view.draw(surface, self.status(), self.pieces)
        self.panel_view.draw_tooltip(surface, self.size)
