"""The Chapaev match: flick pieces with the mouse, watch them fly, rounds, lines, the end.

The scene draws a :class:`ChapaevPlay`: the physical table of the round in play and the
match's rules. The table steps in every fixed update; drawing interpolates between the last
two physics states. After each shot the match decides what follows (shoot again, the turn
passes, the round or the match is over).

The screen is composed of parts, each an object with its own state and its collaborators
passed in: the shared :class:`~.state.Stage`, banners, the bayonet press, the aiming hand,
the round flow, the replay, the match's choices (the pause and end panels offer them), the
drawing and the sidebar. The scene holds them, routes the events and keeps the time; a test
or a staged picture reads what a part knows from the part (``scene.flow.last_shot``,
``scene.stage.phase``), and the scene keeps only what a caller does through it (a shot, a
piece placed or held, the banner hidden, the replay started).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Literal

import pygame

from game import saves
from game.net.netplay import NetGame
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_play import ChapaevPlay
from game.scene import Scene
from game.scenes.chapaev.banners import Banners
from game.scenes.chapaev.choices import MatchChoices
from game.scenes.chapaev.draw import TableDrawing, layout
from game.scenes.chapaev.flow import RoundFlow
from game.scenes.chapaev.hand import AimingHand
from game.scenes.chapaev.input import TableInput
from game.scenes.chapaev.overlays import end_panel, pause_panel
from game.scenes.chapaev.phases import FLIP_SECONDS, Phase
from game.scenes.chapaev.press import BayonetPress
from game.scenes.chapaev.replay import ShotReplay
from game.scenes.chapaev.sidebar import Sidebar
from game.scenes.chapaev.state import Stage
from game.scenes.common.network import NetView
from game.scenes.common.outside import open_instead
from game.ui import theme
from game.ui.chapaev_view import AimHelp
from physics import DiscId

if TYPE_CHECKING:
    from game.app_like import AppLike

StartIn = Literal["play", "over"]


class ChapaevScene(Scene):
    """A Chapaev match at one computer: the table drawn from ``play``, with the aiming help
    ``aim``; ``start_in="over"`` opens a finished match at its end panel; ``net``: the
    match is played over the network (its remote seat already in ``play``)."""

    key = "chapaev"

    def __init__(self, app: AppLike, play: ChapaevPlay, *, aim: AimHelp = AimHelp.FULL,
                 start_in: StartIn = "play", file: saves.GameFile | None = None,
                 net: NetGame | NetView | None = None) -> None:
        super().__init__(app)
        self.play = play
        #: the match over the network (None: both sides shoot at this computer)
        self.net = NetView.of(app, net)
        self.file = file if file is not None else saves.GameFile()  # the match's kept file
        self.aim = aim
        self.stage = stage = Stage(play, aim, self.size)
        self.banners = banners = Banners(stage)
        self.press = press = BayonetPress(app, stage, self._can_shoot, self._take_events)
        self.hand = hand = AimingHand(app, stage, press, banners, can_shoot=self._can_shoot,
                                      shoot=self.shoot, skip=self.skip)
        self.replay = replay = ShotReplay(app, stage, hand, press, banners, self._end_again)
        self.flow = flow = RoundFlow(app, stage, hand, press, banners, saved=self.autosave,
                                     at_end=self.show_end)
        self.choices = choices = MatchChoices(app, stage, hand, replay, self.file,
                                              take_events=self._take_events,
                                              saved=self.autosave, at_end=self.show_end)
        self.drawing = TableDrawing(stage, hand, press, flow, banners, replay)
        self.sidebar = Sidebar(stage, hand, press, flow, replay, pause=self.on_back,
                               replay_last=choices.replay_last)
        if self.net is not None:
            self.sidebar.who = self.net.who
        self.input = TableInput(stage, hand, press, replay, self.sidebar, self.net,
                                let_go=self._let_go, skip=self.skip)
        for seat in play.seats.values():
            if isinstance(seat, ChapaevComputer):
                seat.hold = True  # it lets go only after the scene has shown the pull
        play.events()
        for seat in play.seats.values():
            seat.prepare()  # a computer's worker starts with the scene, not mid-game
        flow.begin_round()
        self._start_over = start_in == "over" and play.is_over
        if self._start_over:
            stage.phase = Phase.OVER
            banners.banner = None

    def on_enter(self) -> None:
        if self._start_over:  # a finished match opens at its end
            self._start_over = False
            self.app.scenes.push(end_panel(self.app, self.choices))

    # --- shooting, pressing, replaying -------------------------------------------------------
    @property
    def can_shoot(self) -> bool:
        stage = self.stage
        return stage.phase is Phase.AIM and stage.flip is None and self.play.can_shoot \
            and self.replay.replaying is None

    def _can_shoot(self) -> bool:
        return self.can_shoot

    def shoot(self, disc: DiscId, direction: tuple[float, float], strength: float,
              aim: tuple[float, float, float] | None = None) -> None:
        """Flick ``disc`` as played (what a released drag does, the hand's error in it;
        tests script shots through it too)."""
        if not self.can_shoot:
            raise RuntimeError("the table is not ready for a shot")
        self.play.shoot(disc, direction, strength, aim)
        self._take_events()

    def _take_events(self) -> None:
        self.flow.take_events()

    def hold(self, disc: DiscId, pointer: tuple[float, float]) -> None:
        self.hand.hold(disc, pointer)  # staged pictures: a piece pulled back by a hand

    def hold_press(self, disc: DiscId, seconds: float) -> None:
        self.press.hold(disc, seconds)  # staged pictures: a piece pressed down

    def start_replay(self) -> bool:
        """Play the last shot again slowly (as R does; staged pictures start it so)."""
        return self.replay.start()

    def _end_again(self) -> None:
        """Back from a replay at the match's end: its panel again, as it was."""
        self.app.scenes.push(end_panel(self.app, self.choices))

    # --- time ----------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        stage = self.stage
        return (stage.phase in (Phase.SHOT, Phase.ROUND_RESULT, Phase.LINES)
                or not self.play.table.is_at_rest or self.flow.showing or self.banners.showing
                or stage.flip is not None or self.press.pressing is not None
                or self.replay.replaying is not None or self.press.rock is not None
                or not self.play.person_to_shoot and not self.play.is_over)

    def background_update(self, dt: float) -> None:
        if self.net is not None:  # a panel may be open: the link keeps its heartbeat
            self.net.poll(self.banners.say)

    def fixed_update(self, dt: float) -> None:
        self.background_update(dt)  # what came from the other computer, before the match
        if self.replay.replaying is not None:  # the match waits while its last shot replays
            self.replay.tick(dt)
            return
        stage = self.stage
        self.hand.tick(dt)
        self.press.tick(dt)
        self.banners.tick(dt)
        if stage.flip is not None:
            stage.flip = (stage.flip[0], stage.flip[1] + dt)
            if stage.flip[1] >= FLIP_SECONDS:
                stage.flip = None
                stage.flip_picture = None
        self.flow.tick(dt)
        stage.prev = stage.cur
        if not self.play.table.is_at_rest:
            self.play.advance(dt)
            stage.snapshot()
        elif stage.phase is Phase.AIM and stage.flip is None:
            self.hand.computer_turn(dt)
            self.play.update()  # a seat that is not a person shoots when the table is still
            self.choices.ask_side()  # the pie rule's question, when it is this window's
        self._take_events()
        stage.phase_age += dt
        self.flow.advance()

    def show_end(self) -> None:
        self.banners.banner = None  # the end panel says it all: no round banner behind it
        self.app.sound.play("game_end")
        self.app.scenes.push(end_panel(self.app, self.choices))

    def skip(self) -> None:
        """Hurry the round's result and the sliding lines (a click, Space or Enter)."""
        self.flow.skip()

    # --- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.input.handle_event(event)

    def _let_go(self) -> None:
        """The piece held is put down: nothing is shot or pressed."""
        self.hand.cancel()
        self.press.end()

    # --- the screen ----------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        stage = self.stage
        stage.size = size
        stage.scale = theme.scale_for(size)
        stage.geometry, panel = layout(size, stage.scale, self.play.match.options.swamp,
                                       stage.flipped)
        self.sidebar.layout(panel, stage.scale)
        stage.flip_picture = None

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.drawing.draw(surface, alpha)
        if self.net is not None:
            self.net.draw_over(surface, pygame.Rect(0, 0, self.sidebar.rect.left, self.size[1]),
                               self.stage.scale)
        self.sidebar.draw(surface, alpha)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While discs roll and nothing falls, only the table changes."""
        return self.drawing.dirty_rects(self.sidebar.rect)

    def on_pause(self) -> None:
        self._let_go()

    def on_leave(self) -> None:
        self._let_go()
        self.replay.replaying = None
        self.autosave()
        if self.net is not None:
            self.net.close()  # the match stays here, to be continued as a local one
        self.play.close()  # the computer's worker process goes with the scene

    on_quit = on_leave

    def autosave(self) -> None:
        saves.autosave(self.app, self.play, self.file, aim=self.aim.value)

    def open_from_outside(self, **what: object) -> None:
        """A dropped file: in this match's place; a match in progress is asked about first
        (it stays on the Games screen)."""
        open_instead(self.app, bool(self.play.shots) and not self.play.is_over, **what)

    def on_back(self) -> None:
        if self.stage.phase is Phase.OVER:
            self.show_end()
            return
        self.hand.cancel()
        self.app.scenes.push(pause_panel(self.app, self.choices))

    # --- staged positions (pictures, tests) ---------------------------------------------------
    def place(self, positions: Mapping[DiscId, tuple[float, float]]) -> None:
        """Leave only ``positions``' pieces on the board, at rest and ready to aim (see
        :meth:`ChapaevPlay.place`)."""
        self.play.place(positions)
        self.stage.phase = Phase.AIM
        self.banners.banner = None
        self.stage.settle()

    def hide_banner(self) -> None:
        """Take the banner off the board at once."""
        self.banners.banner = None
