"""The Chapaev match: flick pieces with the mouse, watch them fly, rounds, lines, the end.

The scene draws a :class:`ChapaevPlay`: the physical table of the round in play and the
match's rules. The table steps in every fixed update; drawing interpolates between the last
two physics states. After each shot the match decides what follows (shoot again, the turn
passes, the round or the match is over). The hand that pulls a piece is in :mod:`.hand`, the
drawing in :mod:`.draw`, the words of the banners in :mod:`.banners`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import pygame

from game import saves
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_play import ChapaevPlay, Shot
from game.play.records import describe_seats, seats_from
from game.rules.chapaev import ChapaevMatch, RoundResult, RoundSetup, ShotVerdict
from game.rules.core import Color
from game.scene import Scene
from game.scenes.chapaev.banners import Banner, Slide, round_banner
from game.scenes.chapaev.draw import ChapaevDrawing
from game.scenes.chapaev.flow import ChapaevFlow
from game.scenes.chapaev.hand import ChapaevHand, Drag, warp_pointer
from game.scenes.chapaev.overlays import end_panel, pause_panel
from game.scenes.chapaev.pointer import HeldPointer
from game.scenes.chapaev.phases import (
    BANNER_SECONDS,
    FLIP_SECONDS,
    HINT_SECONDS,
    RESULT_SECONDS,
    SHAKE_SECONDS,
    SLIDE_SECONDS,
    Phase,
)
from game.scenes.chapaev.press import ROCK_SECONDS, ChapaevPress, PressHold
from game.scenes.chapaev.replay import ChapaevReplay, ReplayShow
from game.scenes.chapaev.sidebar import ChapaevSidebar
from game.scenes.common.outside import open_instead
from game.scenes.common.saving import ask_name
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import ChapaevPanel
from game.ui.chapaev_view import AimHelp
from physics import DiscId, Table

if TYPE_CHECKING:
    from game.app import App

StartIn = Literal["play", "over"]


class ChapaevScene(ChapaevHand, ChapaevPress, ChapaevReplay, ChapaevFlow, ChapaevSidebar,
                   ChapaevDrawing, Scene):
    """A Chapaev match at one computer: the table drawn from ``play``, with the aiming help
    ``aim``; ``start_in="over"`` opens a finished match at its end panel."""

    key = "chapaev"

    def __init__(self, app: App, play: ChapaevPlay, *, aim: AimHelp = AimHelp.FULL,
                 start_in: StartIn = "play", file: saves.GameFile | None = None) -> None:
        super().__init__(app)
        self.play = play
        self.file = file if file is not None else saves.GameFile()  # the match's kept file
        self.aim = aim
        self.config = play.config
        self.geometry = view.BoardGeometry(0, 0, 80)
        self.panel_view = ChapaevPanel()
        self.drag: Drag | None = None
        self.pressing: PressHold | None = None  # a piece held down in the bayonet fight
        self.replaying: ReplayShow | None = None  # the last shot played again
        self.rock: float | None = None  # how long the board has been rocking
        self.last_shot: tuple[DiscId, tuple[float, float], float] | None = None
        self.knocks_played = 0
        self.hovered = False
        self._hand = HeldPointer(warp_pointer)  # the hand on a piece, past the window too
        self._hiding_pointer = False  # the system pointer is hidden while a piece is held
        # a computer seat's planned shot and how long its pull-back has been shown
        self._computer_aim: tuple[Shot, float] | None = None
        for seat in play.seats.values():
            if isinstance(seat, ChapaevComputer):
                seat.hold = True  # it lets go only after the scene has shown the pull
        play.events()
        for seat in play.seats.values():
            seat.prepare()  # a computer's worker starts with the scene, not mid-game
        self._round_visuals()
        self._start_over = start_in == "over" and play.is_over
        if self._start_over:
            self.phase = Phase.OVER
            self.banner = None

    def on_enter(self) -> None:
        if self._start_over:  # a finished match opens at its end
            self._start_over = False
            self.app.scenes.push(end_panel(self.app, self))

    # --- the match in play -------------------------------------------------------------------
    @property
    def match(self) -> ChapaevMatch:
        return self.play.match

    @property
    def table(self) -> Table:
        return self.play.table

    @property
    def last_verdict(self) -> ShotVerdict | None:
        return self.play.last_verdict

    # --- rounds ------------------------------------------------------------------------------
    def _round_visuals(self) -> None:
        """The round just set up on the table: forget the last round's pictures."""
        self.setup: RoundSetup = self.play.setup
        self.phase = Phase.AIM
        self.cancel_drag()
        self.falls: list[view.FallingDisc] = []
        self.flashes: list[list[float]] = []  # [x, y, age, strength]
        self.slides: list[Slide] = []
        self.result: RoundResult | None = None
        self._phase_age = 0.0
        self._hint: tuple[str, float] | None = None
        self._shake: tuple[DiscId, float] | None = None
        self._flip: tuple[bool, float] | None = None  # (from flipped, age)
        self._flip_picture: pygame.Surface | None = None
        self._snapshot()
        self._prev = self._cur
        self._computer_aim = None
        self.view_color = self._wanted_view()
        self.pressing = None
        self.rock = None
        title, detail, news = round_banner(self.match, self.setup)
        # news (a new battle, the swamp, the bayonet) stays longer: there is more to read
        self.banner: Banner | None = Banner(title, detail, self.match.turn,
                                            BANNER_SECONDS + (1.2 if news else 0.4))

    def restart_round(self) -> None:
        """Play the current round again from its start (the pause menu's choice)."""
        self.play.restart_round()
        self._take_events()

    # --- the pause's and the end's choices -------------------------------------------------
    @property
    def in_progress(self) -> bool:
        """A shot has been played and the match is not over: there is something to leave."""
        return bool(self.play.shots) and not self.play.is_over

    @property
    def resigning_side(self) -> Color | None:
        """Who gives up if the match is resigned now: the person against the computer, the
        side to shoot of two people; None when no person plays or the match is over."""
        people = [c for c, seat in self.play.seats.items() if seat.is_person]
        if self.play.is_over or not people:
            return None
        return people[0] if len(people) == 1 else self.match.turn

    def resign(self) -> None:
        """The resigning side gives the match up (a shot in flight is played out first)."""
        side = self.resigning_side
        if side is None:
            return
        self.replaying = None
        self._computer_aim = None
        self.cancel_drag()
        self.play.finish_shot()
        self.play.resign(side)
        self._take_events()
        self.phase = Phase.OVER
        self.autosave()
        self.show_end()

    def new_match(self) -> None:
        """A new match with this one's options, seats and aiming help, on a new screen: this
        one is kept in the Games list, as every match left."""
        play = ChapaevPlay(self.play.options, config=self.config,
                           seats=seats_from(describe_seats(self.play.seats), chapaev=True))
        self.app.routes.replace("chapaev", play=play, aim=self.aim)

    # --- shooting ------------------------------------------------------------------------------
    @property
    def can_shoot(self) -> bool:
        return self.phase is Phase.AIM and self._flip is None and self.play.can_shoot \
            and self.replaying is None

    def shoot(self, disc: DiscId, direction: tuple[float, float], strength: float) -> None:
        """Flick ``disc`` (what a released drag does; tests script shots through it too)."""
        if not self.can_shoot:
            raise RuntimeError("the table is not ready for a shot")
        self.play.shoot(disc, direction, strength)
        self._take_events()

    def _snapshot(self) -> None:
        self._cur = {s.disc: (s.x, s.y, s.angle) for s in self.table.disc_states()}

    # --- time ----------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return (self.phase in (Phase.SHOT, Phase.ROUND_RESULT, Phase.LINES)
                or not self.table.is_at_rest or bool(self.falls) or bool(self.flashes)
                or self.banner is not None or self._hint is not None
                or self._shake is not None or self._flip is not None
                or self.pressing is not None or self.replaying is not None
                or self.rock is not None
                or not self.play.person_to_shoot and not self.play.is_over)

    def fixed_update(self, dt: float) -> None:
        if self.replaying is not None:  # the match waits while its last shot is replayed
            self._replay_tick(dt)
            return
        if self.rock is not None:
            self.rock += dt
            if self.rock >= ROCK_SECONDS:
                self.rock = None
        self._press_tick(dt)
        if self.banner is not None:
            self.banner.age += dt
            if self.banner.done:
                self.banner = None
        if self._hint is not None:
            self._hint = (self._hint[0], self._hint[1] + dt)
            if self._hint[1] >= HINT_SECONDS:
                self._hint = None
        if self._shake is not None:
            self._shake = (self._shake[0], self._shake[1] + dt)
            if self._shake[1] >= SHAKE_SECONDS:
                self._shake = None
        if self._flip is not None:
            self._flip = (self._flip[0], self._flip[1] + dt)
            if self._flip[1] >= FLIP_SECONDS:
                self._flip = None
                self._flip_picture = None
        for fall in self.falls:
            fall.age += dt
        if any(f.done for f in self.falls):
            self.app.sound.play("tap", 0.25)  # it lands on the floor
            self.falls = [f for f in self.falls if not f.done]
        for flash in self.flashes:
            flash[2] += dt
        self.flashes = [f for f in self.flashes if f[2] < view.KNOCK_SECONDS]

        self._prev = self._cur
        if not self.table.is_at_rest:
            self.play.advance(dt)
            self._snapshot()
        elif self.phase is Phase.AIM and self._flip is None:
            self._computer_turn(dt)
            self.play.update()  # a seat that is not a person shoots when the table is still
        self._take_events()

        self._phase_age += dt
        if self.phase is Phase.ROUND_RESULT and self._phase_age >= RESULT_SECONDS:
            self._after_result()
        elif self.phase is Phase.LINES and self._phase_age >= SLIDE_SECONDS:
            self.play.next_round()
            self._take_events()

    def show_end(self) -> None:
        self.banner = None  # the end panel says it all: no round banner behind it
        self.app.sound.play("game_end")
        self.app.scenes.push(end_panel(self.app, self))

    def skip(self) -> None:
        """Hurry the round's result and the sliding lines (a click, Space or Enter)."""
        if self.phase is Phase.ROUND_RESULT:
            self._phase_age = RESULT_SECONDS
        elif self.phase is Phase.LINES:
            self._phase_age = SLIDE_SECONDS

    def hint(self, text: str, disc: DiscId | None = None) -> None:
        """A short one-line reason on the board; the refused piece shakes."""
        self._hint = (text, 0.0)
        if disc is not None:
            self._shake = (disc, 0.0)

    def on_pause(self) -> None:
        self.cancel_drag()
        self.end_press()

    def on_leave(self) -> None:
        self.cancel_drag()
        self.end_press()
        self.replaying = None
        self.autosave()
        self.play.close()  # the computer's worker process goes with the scene

    on_quit = on_leave

    def save_as(self) -> None:
        ask_name(self.app, self.play, self.file, aim=self.aim.value)

    def autosave(self) -> None:
        saves.autosave(self.app, self.play, self.file, aim=self.aim.value)

    def open_from_outside(self, **what: Any) -> None:
        """A dropped file: in this match's place; a match in progress is asked about first
        (it stays on the Games screen)."""
        open_instead(self.app, bool(self.play.shots) and not self.play.is_over, **what)

    def on_back(self) -> None:
        if self.phase is Phase.OVER:
            self.show_end()
            return
        self.cancel_drag()
        self.app.scenes.push(pause_panel(self.app, self))

    # --- staged positions (pictures, tests) ---------------------------------------------------
    def place(self, positions: Mapping[DiscId, tuple[float, float]]) -> None:
        """Leave only ``positions``' pieces on the board, at rest and ready to aim (see
        :meth:`ChapaevPlay.place`)."""
        self.play.place(positions)
        self.phase = Phase.AIM
        self.banner = None
        self._snapshot()
        self._prev = self._cur

    def hide_banner(self) -> None:
        """Take the banner off the board at once."""
        self.banner = None
