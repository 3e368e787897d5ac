"""The board scene: one screen plays every board game of the collection over a ``BoardPlay``.

A move is entered by clicking a piece and then its destination, or by dragging it there
(:mod:`.entry`, :mod:`.input`). A click that cannot make a move says why in the side panel and
shakes the piece. Pieces glide hop by hop and captured pieces fade once the move is over
(:mod:`.glide`).

The scene is composed of parts, each an object with its own state and the collaborators it
needs passed in: what every part reads (the position shown, the piece in hand, the panel's
message) is one :class:`~.state.BoardState`; the mouse (:mod:`.input`), the keyboard's cursor
(:mod:`.keyboard`), the glide, фук (:mod:`.huff`), review and analysis (:mod:`.review`), the
advice (:mod:`.advice`), the clocks (:mod:`.clocks`), the buttons' and keys' actions
(:mod:`.commands`), what the play object reports and the end (:mod:`.reports`) and the
drawing (:mod:`.draw`). The scene holds them, routes input to them, and lays out the screen. The game, its record,
takebacks, review, the clock and the seats live in the play object
(:mod:`game.play.board_play`), the panel in :mod:`game.ui.board_panel`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import pygame

from game import saves
from game.i18n import tr
from game.play.board_play import BoardPlay
from game.play.seats import EngineBudget
from game.rules.core import Color, Move
from game.scene import Scene
from game.scenes.board.advice import BoardAdvice
from game.scenes.board.clocks import Clocks
from game.scenes.board.commands import Commands
from game.scenes.board.draw import draw_board, notice_room as panel_notice_room
from game.scenes.common.glide import Glides
from game.scenes.board.huff import Huffs
from game.scenes.board.input import PointerInput
from game.scenes.board.keyboard import TIP_KEYS, BoardKeys
from game.scenes.board.network import BoardNet, Net, screen_net
from game.scenes.board.reports import Reports
from game.scenes.board.review import Review
from game.scenes.board.state import BoardState
from game.ui import drawing, theme
from game.ui.board_panel import ActionSpec, BoardPanel, Status
from game.ui.board_views import BoardView, PointGridView, SquareBoardView

if TYPE_CHECKING:
    from game.app import App

StartIn = Literal["play", "review", "review-start"]


class BoardScene(Scene):
    """A board game at one screen: ``play`` holds the game; ``start_in`` says where to begin
    (at play, or a finished game in review at its end or its first position); ``file``: the
    game's kept file (a new one when not given); ``net``: a game over the network."""

    key = "board"

    def __init__(self, app: App, play: BoardPlay, *, start_in: StartIn = "play",
                 flip_each_move: bool = False, file: saves.GameFile | None = None,
                 net: Net | None = None) -> None:
        super().__init__(app)
        self.play = play
        self.net = screen_net(app, net)  # None: both sides play at this computer
        self.flip_each_move = flip_each_move
        self.file = file if file is not None else saves.GameFile()  # the game's kept file
        geometry = play.game.geometry
        view: BoardView = PointGridView(geometry) if geometry.points \
            else SquareBoardView(geometry)
        persons = [c for c, seat in play.seats.items() if seat.at_window]
        #: two people take turns at the board; one person plays the computer from below
        two_people = len(persons) == 2
        if len(persons) == 1:
            view.flipped = persons[0] is Color.BLACK
        else:
            view.flipped = flip_each_move and play.turn is Color.BLACK
        self.view = view
        # the parts, each given what it works with
        self.state = state = BoardState(play, view)
        self.glides = Glides(state, app.sound,
                             lambda check_end: self.reports.after_move(check_end))
        self.huffs = Huffs(state, app, self, self.glides)
        self.reviewer = Review(state, app, self, self.glides)
        self.advice = BoardAdvice(state, app, self.glides, self.huffs)
        self.commands = Commands(state, app, self, self.glides, self.file, flip_each_move)
        self.remote = BoardNet(self.net, state, app, self)
        self.panel_view = BoardPanel(play, self._play_rows(), self._review_rows())
        self.panel_view.tip_keys = dict(TIP_KEYS)
        self.panel_view.players.who = None if self.net is None else self.net.who
        self.reports = Reports(state, app, self, glides=self.glides, huffs=self.huffs,
                               review=self.reviewer, commands=self.commands,
                               remote=self.remote, panel=self.panel_view, file=self.file,
                               flip_each_move=flip_each_move, two_people=two_people)
        self.input = PointerInput(state, app, self, self.glides, self.huffs, self.reviewer,
                                  self.panel_view)
        self.keys = BoardKeys(state, self.input.click_square, commands=self.commands,
                              review=self.reviewer, advice=self.advice, reports=self.reports)
        self.clocks = Clocks(state, app, self.panel_view, self.thinking, self.reviewer)
        self.on_settings_changed()  # the computer's pondering and memory, before it thinks
        # the square numbers as the player left them last (N), on a board that has them
        view.numbers = play.game.numbered_squares and app.settings.square_numbers
        play.events()  # what happened before the scene opened is already on the board
        for seat in play.seats.values():
            seat.prepare()
        self.changed()
        if start_in != "play":
            self.reports.end_shown = True  # the result was seen: the review comes first
            self.reviewer.enter()
            if start_in == "review-start":
                self.reviewer.to(0)

    def on_settings_changed(self) -> None:
        settings = self.app.settings
        self.play.use_engine(EngineBudget(settings.ponder, settings.engine_memory,
                                          settings.search_processes))

    # the game --------------------------------------------------------------------------------
    def changed(self) -> None:
        """The position changed: forget what was derived from the old one."""
        self.state.forget()
        self.advice.cancel()
        self.panel_view.changed()

    def play_text(self, text: str, animate: bool = False) -> Move:
        """Play a move given in the game's notation (scripted games, demos)."""
        move = self.play.play_text(text)
        self.take_events(animate=animate)
        return move

    # what the play object reports (the parts ask the screen, as their Host) -----------------
    def take_events(self, dropped: bool = False, animate: bool = True) -> None:
        self.reports.take(dropped, animate)

    def finish_glide(self, check_end: bool = True) -> None:
        self.glides.finish(check_end)

    def check_end(self) -> None:
        self.reports.check_end()

    # the screen's life ----------------------------------------------------------------------
    def on_enter(self) -> None:
        self.check_end()  # a game that is already over opens at its result

    def on_leave(self) -> None:
        saves.autosave(self.app, self.play, self.file, flip_each_move=self.flip_each_move)
        self.close()  # however the board is left (another game opened in its place ...)

    on_quit = on_leave
    notice_room = panel_notice_room  # the app's messages: over the panel, not the board

    def close(self) -> None:
        """Stop every worker of this board: the seats', the advice's and the analysis'."""
        self.remote.close()
        self.play.close()
        self.advice.close()
        self.reviewer.close()

    def leave(self) -> None:
        """Back to the menu under this board (or a fresh one if there is none)."""
        self.commands.leave()

    def on_back(self) -> None:
        if self.state.hand.selected is not None:
            self.state.hand.put_down()
            return
        self.commands.to_menu()

    def open_from_outside(self, **what: object) -> None:
        """A dropped file: in this board's place, as a paste."""
        self.commands.open_from_outside(**what)

    # input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.remote.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self.keys.handle_event(event)
        return self.input.handle_event(event)

    # layout ---------------------------------------------------------------------------------
    def _play_rows(self) -> list[list[ActionSpec]]:
        commands = self.commands
        rows: list[list[ActionSpec]] = [
            [("board.undo", commands.undo, "board.tip.undo"),
             ("board.redo", commands.redo, "board.tip.redo"),
             ("board.advice", self.advice.ask, "board.tip.advice")],
            [("board.flip", commands.flip, "board.tip.flip"),
             ("board.hints", commands.toggle_hints, "board.tip.hints")],
            [("board.draw", commands.offer_draw, "board.tip.draw"),
             ("board.resign", commands.resign, "board.tip.resign"),
             ("board.save", commands.save_as, "board.tip.save")],
            [("board.new", commands.new_game, "board.tip.new"),
             ("board.menu", commands.to_menu, "board.tip.menu")],
        ]
        if self.play.game.numbered_squares:
            rows[1].append(("board.numbers", commands.toggle_numbers, "board.tip.numbers"))
        return self.remote.rows(rows)

    def _review_rows(self) -> list[list[ActionSpec]]:
        review, commands = self.reviewer, self.commands
        return [
            [("board.first", review.first, "board.tip.first"),
             ("board.back", review.back, "board.tip.back"),
             ("board.forward", review.forward, "board.tip.forward"),
             ("board.last", review.last, "board.tip.last")],
            [("board.result", lambda: self.reports.show_result(), "board.tip.result"),
             ("board.undo", commands.undo, "board.tip.undo"),
             ("board.from_here", commands.play_from_here, "board.tip.from_here")],
            [("board.new", commands.new_game, "board.tip.new"),
             ("board.menu", commands.to_menu, "board.tip.menu")],
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

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While a piece glides only the board changes (the panel was copied as it began)."""
        return [self.view.rect] if self.glides.glide is not None else None

    # time -----------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        feedback, hand = self.state.feedback, self.state.hand
        return (self.glides.glide is not None or feedback.shake is not None
                or feedback.flash > 0 or abs(hand.lift - hand.lift_target()) > 1e-3)

    def background_update(self, dt: float) -> None:
        self.remote.poll()  # a dialog is open: the link keeps its heartbeat

    def fixed_update(self, dt: float) -> None:
        self.remote.poll()  # what came from the other computer, before the play object
        self.glides.update(dt)
        self.state.feedback.update(dt)
        self.state.hand.update(dt)
        self.play.tick(dt)
        if self.glides.glide is None:
            self.play.update()  # a seat that is not a person moves when the board is still
        self.take_events()
        self.advice.poll()
        if self.reviewer.update():
            self.panel_view.changed()
        self.clocks.show_changes()

    def thinking(self) -> int | None:
        """The depth the computer to move has reached, while it thinks; else None."""
        seat = self.play.seats[self.play.game.turn]  # (a person, or a program not there yet: None)
        if seat.is_person or not seat.present or self.play.is_over \
                or self.play.reviewing.ply is not None:
            return None
        return seat.progress() if seat.thinking else 0

    # drawing --------------------------------------------------------------------------------
    def status(self) -> Status:
        """What the panel is to say now (its words: ``panel_view.status_line``)."""
        state = self.state
        return Status(state.feedback.message, state.feedback.flash,
                      state.hand.selected is not None, state.hints, self.view.numbers,
                      self.thinking(), self.reviewer.view(), bottom=self.view.bottom_color())

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(drawing.room_background(self.size), (0, 0))
        draw_board(surface, self.state, self.glides, self.huffs, self.reviewer)
        self.remote.draw(surface, self.view.rect, self.scale)
        self.panel_view.draw(surface, self.status(), self.state.pieces)
        self.panel_view.draw_tooltip(surface, self.size)
