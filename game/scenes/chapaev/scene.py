"""The Chapaev match: flick pieces with the mouse, watch them fly, rounds, lines, the end.

The scene draws a :class:`ChapaevPlay`: the physical table of the round in play and the
match's rules. The table steps in every fixed update; drawing interpolates between the last
two physics states. After each shot the match decides what follows (shoot again, the turn
passes, the round or the match is over). The hand that pulls a piece is in :mod:`.hand`, the
drawing in :mod:`.draw`, the words of the banners in :mod:`.banners`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

import pygame

from game import saves
from game.i18n import tr
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_play import ChapaevPlay, Shot
from game.play.events import RoundStarted, SeatNotice, ShotDone, ShotStarted
from game.rules.chapaev import BoardView, ChapaevMatch, Next, RoundResult, RoundSetup, \
    ShotVerdict
from game.rules.core import Color
from game.scene import Scene
from game.scenes.chapaev.banners import Banner, Slide, result_text
from game.scenes.chapaev.draw import ChapaevDrawing
from game.scenes.chapaev.hand import ChapaevHand, Drag
from game.scenes.chapaev.overlays import end_panel, pause_panel
from game.scenes.chapaev.phases import (
    BANNER_SECONDS,
    FLIP_SECONDS,
    HINT_SECONDS,
    RESULT_SECONDS,
    SHAKE_SECONDS,
    SLIDE_SECONDS,
    Phase,
)
from game.scenes.common.saving import ask_name
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import ChapaevPanel, color_name
from game.ui.chapaev_view import AimHelp
from physics import DiscId, Fall, Knock, Table, square_centre

if TYPE_CHECKING:
    from game.app import App

MAX_KNOCK_SOUNDS = 2  # per fixed update: a pile-up is a clatter, not a machine gun
KNOCK_FULL_IMPULSE = 12.0  # the impulse of a knock played at full volume

StartIn = Literal["play", "over"]


class ChapaevScene(ChapaevHand, ChapaevDrawing, Scene):
    """A Chapaev match at one computer: the table drawn from ``play``, with the aiming help
    ``aim``; ``start_in="over"`` opens a finished match at its end panel."""

    key = "chapaev"

    def __init__(self, app: App, play: ChapaevPlay, *, aim: AimHelp = AimHelp.FULL,
                 start_in: StartIn = "play") -> None:
        super().__init__(app)
        self.play = play
        self.aim = aim
        self.config = play.config
        self.geometry = view.BoardGeometry(0, 0, 80)
        self.panel_view = ChapaevPanel()
        self.drag: Drag | None = None
        self.last_shot: tuple[DiscId, tuple[float, float], float] | None = None
        self.knocks_played = 0
        self.hovered = False
        self._pointer_px = (0.0, 0.0)
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
        title = tr("chapaev.banner.round", number=self.match.round_number)
        detail = tr("chapaev.banner.first", side=color_name(self.match.turn, "nom"))
        self.banner: Banner | None = Banner(title, detail, self.match.turn,
                                            BANNER_SECONDS + 0.4)

    def restart_round(self) -> None:
        """Play the current round again from its start (the pause menu's choice)."""
        self.play.restart_round()
        self._take_events()

    def rematch(self) -> None:
        """A new match with the same options."""
        self.play.rematch()
        self._take_events()

    # --- shooting ------------------------------------------------------------------------------
    @property
    def can_shoot(self) -> bool:
        return self.phase is Phase.AIM and self._flip is None and self.play.can_shoot

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
                or not self.play.person_to_shoot and not self.play.is_over)

    def fixed_update(self, dt: float) -> None:
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

    def _take_events(self) -> None:
        """Turn what the match in play reports into sounds, flashes, falls and banners."""
        knocks: list[Knock] = []
        for event in self.play.events():
            if isinstance(event, Knock):
                knocks.append(event)
            elif isinstance(event, Fall):
                self._on_fall(event)
            elif isinstance(event, ShotStarted):
                self.last_shot = (event.disc, event.direction, event.strength)
                self._computer_aim = None
                self.cancel_drag()
                self.phase = Phase.SHOT
                self.banner = None if self.banner is None or self.banner.age > 0.3 \
                    else self.banner
                self._snapshot()
                self._prev = self._cur
            elif isinstance(event, ShotDone):
                self._snapshot()
                self._prev = self._cur
                self._on_shot_over(event)
                self.autosave()  # kept after every shot: a crash loses at most one
            elif isinstance(event, RoundStarted):
                self._round_visuals()
            elif isinstance(event, SeatNotice):  # the planner stopped: said once
                self.hint(tr(event.notice.key, **event.notice.values))
        if knocks:
            knocks.sort(key=lambda k: -k.impulse)
            for knock in knocks[:MAX_KNOCK_SOUNDS]:
                volume = max(0.05, min(1.0, knock.impulse / KNOCK_FULL_IMPULSE))
                self.app.sound.play("knock", volume)
                self.knocks_played += 1
            for knock in knocks[:4]:
                self.flashes.append([knock.x, knock.y, 0.0,
                                     min(1.0, knock.impulse / KNOCK_FULL_IMPULSE)])
            self.flashes = self.flashes[-8:]

    def _on_fall(self, fall: Fall) -> None:
        self.falls.append(view.FallingDisc(fall.disc, fall.x, fall.y, fall.vx, fall.vy))
        self._cur.pop(fall.disc, None)
        self._prev.pop(fall.disc, None)

    def _on_shot_over(self, done: ShotDone) -> None:
        shooter = done.shooter
        verdict = done.verdict
        self._phase_age = 0.0
        if verdict.next is Next.SHOOT_AGAIN:
            self.phase = Phase.AIM
            self.banner = Banner(tr("chapaev.banner.extra"),
                                 tr("chapaev.banner.extra_detail",
                                    side=color_name(shooter, "nom")),
                                 shooter, BANNER_SECONDS)
        elif verdict.next is Next.TURN_PASSES:
            self.phase = Phase.AIM
            self.banner = Banner(tr("chapaev.banner.turn",
                                    side=color_name(self.match.turn, "nom")),
                                 tr("chapaev.banner.turn_detail"), self.match.turn,
                                 BANNER_SECONDS)
            self._turn_view(self._wanted_view())
        else:
            assert verdict.round_result is not None
            self.result = verdict.round_result
            self.phase = Phase.ROUND_RESULT
            title, detail = result_text(verdict.round_result)
            self.banner = Banner(title, detail, verdict.round_result.winner,
                                 RESULT_SECONDS + (60.0 if self.match.is_over else 0.2))
            self.app.sound.play("round_end")

    def _after_result(self) -> None:
        if self.match.is_over:
            self.phase = Phase.OVER
            self._phase_age = 0.0
            self.show_end()
            return
        self._begin_slide()

    def _begin_slide(self) -> None:
        """The next round's pieces slide from where they were to the new lines."""
        assert self.result is not None
        old = {p.piece: (p.column, p.row) for p in self.setup.placements}
        new_setup = self.match.setup()
        resting = self.table.positions() if self.table.is_at_rest else {}
        slides: list[Slide] = []
        for placement in new_setup.placements:
            end = square_centre(placement.column, placement.row)
            piece = placement.piece
            if piece in resting:
                slides.append(Slide(piece, resting[piece], end, False))
            else:
                column, row = old.get(piece, (placement.column,
                                              self.result.lines_before.of(piece[0])))
                slides.append(Slide(piece, square_centre(column, row), end, True))
        self.slides = slides
        self.phase = Phase.LINES
        self._phase_age = 0.0
        self.banner = None
        self._turn_view(self._wanted_view())

    def _wanted_view(self) -> Color:
        """The side at the bottom: one person against the computer always sits there; two
        people (or none) see the board as the match's view option turns it."""
        people = [c for c, seat in self.play.seats.items() if seat.is_person]
        return people[0] if len(people) == 1 else self.match.view_color

    def _turn_view(self, color: Color) -> None:
        if self.play.options.board_view is not BoardView.TURN_TO_SHOOTER:
            return
        if color is not self.view_color:
            self._flip = (self.view_color is Color.BLACK, 0.0)
            self._flip_picture = None
            self.view_color = color

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

    def on_leave(self) -> None:
        self.cancel_drag()
        self.autosave()
        self.play.close()  # the computer's worker process goes with the scene

    on_quit = on_leave

    def save_as(self) -> None:
        ask_name(self.app, self.play, aim=self.aim.value)

    def autosave(self) -> None:
        saves.autosave(self.app, self.play, aim=self.aim.value)

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
