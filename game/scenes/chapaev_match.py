"""The Chapaev match: flick pieces with the mouse, watch them fly, rounds, lines, the end.

The scene owns a :class:`physics.Table` for the round in play and a
:class:`game.rules.chapaev.ChapaevMatch`. The table steps four physics steps in every fixed
update; drawing interpolates between the last two physics states. After each shot the match
decides what follows (shoot again, the turn passes, the round or the match is over).
"""
from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_play import ChapaevPlay, Shot
from game.play.events import RoundStarted, ShotDone, ShotStarted
from game.rules.chapaev import (
    BoardView,
    ChapaevMatch,
    ChapaevOptions,
    Next,
    RoundResult,
    RoundSetup,
    ShotVerdict,
)
from game.rules.core import Color
from game.app import FIXED_DT as STEP
from game.scene import Scene
from game.ui import chapaev_view as view
from game.ui import drawing, theme
from game.ui.widgets import Button
from game.ui.chapaev_panel import ChapaevPanel, PanelState, color_name
from physics import DiscId, Fall, Knock, Table, square_centre

if TYPE_CHECKING:
    from game.app import App

RESULT_SECONDS = 2.4  # the round's result on screen before the lines move
SLIDE_SECONDS = 1.1  # the pieces sliding to the new lines
FLIP_SECONDS = 0.5  # the board turning toward the next shooter
BANNER_SECONDS = 1.6
HINT_SECONDS = 1.8
SHAKE_SECONDS = 0.3
MAX_KNOCK_SOUNDS = 2  # per fixed update: a pile-up is a clatter, not a machine gun
KNOCK_FULL_IMPULSE = 12.0  # the impulse of a knock played at full volume
PICK_SLACK = 0.1  # a press this far (in radii) outside a piece's rim still picks it up
COMPUTER_PULL_SECONDS = 0.7  # the computer pulls its piece back this long, in sight
COMPUTER_HOLD_SECONDS = 0.12  # and holds the full pull a moment before it lets go


class Phase(enum.Enum):
    AIM = "aim"  # everything rests: the shooter may grab a piece
    SHOT = "shot"  # the discs are moving
    ROUND_RESULT = "round_result"  # the round's result on screen
    LINES = "lines"  # the pieces slide to the next round's lines
    OVER = "over"  # the match is over


@dataclass(frozen=True, slots=True)
class ChapaevPrefs:
    """Everything chosen on the setup screen: the rule options and the aiming help."""

    options: ChapaevOptions = field(default_factory=ChapaevOptions)
    aim: view.AimHelp = view.AimHelp.FULL
    play_as: str = "two"  # white, black, random, two (people), watch (the computer alone)
    level: int = 3  # the computer's level, 1-5


@dataclass(slots=True)
class Drag:
    """A piece held by the pointer (pointer in table units)."""

    disc: DiscId
    pointer: tuple[float, float]

    def pull(self, centre: tuple[float, float]) -> tuple[float, float]:
        """From the pointer to the piece: the way the piece will fly."""
        return (centre[0] - self.pointer[0], centre[1] - self.pointer[1])


@dataclass(slots=True)
class Banner:
    title: str
    detail: str
    color: Color | None  # whose colours the banner wears (None: neutral)
    duration: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration


@dataclass(slots=True)
class Slide:
    disc: DiscId
    start: tuple[float, float]
    end: tuple[float, float]
    appears: bool  # came back from the floor: fades in


def _relative_mouse(on: bool) -> bool:
    """Switch the mouse's relative mode (hidden pointer, deltas past the screen edge);
    returns whether it was on. A platform without it keeps the ordinary pointer."""
    try:
        was = pygame.mouse.get_relative_mode()
        if was != on:
            pygame.mouse.set_relative_mode(on)
        return was
    except (pygame.error, AttributeError):
        return False


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)




class ChapaevScene(Scene):
    """A Chapaev match at one computer: the table drawn from a :class:`ChapaevPlay`."""

    key = "chapaev"

    def __init__(self, app: App, prefs: ChapaevPrefs | None = None,
                 match: ChapaevMatch | None = None, play: ChapaevPlay | None = None) -> None:
        super().__init__(app)
        self.prefs = prefs if prefs is not None else ChapaevPrefs()
        self.play = play if play is not None else ChapaevPlay(self.prefs.options, match=match)
        self.config = self.play.config
        self.geometry = view.BoardGeometry(0, 0, 80)
        self.panel_view = ChapaevPanel()
        self.drag: Drag | None = None
        self.last_shot: tuple[DiscId, tuple[float, float], float] | None = None
        self.knocks_played = 0
        self.hovered = False
        self._pointer_px = (0.0, 0.0)
        # a computer seat's planned shot and how long its pull-back has been shown
        self._computer_aim: tuple[Shot, float] | None = None
        for seat in self.play.seats.values():
            if isinstance(seat, ChapaevComputer):
                seat.hold = True  # it lets go only after the scene has shown the pull
        self.play.events()
        for seat in self.play.seats.values():
            seat.prepare()  # a computer's worker starts with the scene, not mid-game
        self._round_visuals()

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
            title, detail = self.result_text(verdict.round_result)
            self.banner = Banner(title, detail, verdict.round_result.winner,
                                 RESULT_SECONDS + (60.0 if self.match.is_over else 0.2))
            self.app.sound.play("round_end")

    def result_text(self, result: RoundResult) -> tuple[str, str]:
        """The round's result as the banner says it: a title and what it does to the lines."""
        if result.match_winner is not None:
            loser = result.match_winner.other
            return (tr("chapaev.result.match", side=color_name(result.match_winner, "nom")),
                    tr("chapaev.result.pushed_off", side=color_name(loser, "acc")))
        if result.winner is None:
            return (tr("chapaev.result.draw", number=result.round_number),
                    tr("chapaev.result.lines_stay"))
        winner = result.winner
        loser = winner.other
        title = tr("chapaev.result.won", number=result.round_number,
                   side=color_name(winner, "nom"))
        if result.by_last_fallen:
            title = tr("chapaev.result.won_last", number=result.round_number,
                       side=color_name(winner, "nom"))
        before, after = result.lines_before, result.lines_after
        if result.prisoner_from is not None:
            detail = tr("chapaev.result.prisoner", side=color_name(loser, "dat"))
        elif after.of(loser) != before.of(loser):
            detail = tr("chapaev.result.push", side=color_name(winner, "nom"),
                        other=color_name(loser, "acc"), row=after.of(loser))
        else:
            detail = tr("chapaev.result.advance", side=color_name(winner, "acc"),
                        row=after.of(winner))
        return title, detail

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

    def _computer_turn(self, dt: float) -> None:
        """The computer is seen to shoot: once its seat has a shot ready, its piece lifts and
        the band is pulled back over COMPUTER_PULL_SECONDS, then the seat lets go (the next
        ``play.update()`` plays the shot)."""
        seat = self.play.seats[self.match.turn]
        if not isinstance(seat, ChapaevComputer) or not self.play.can_shoot:
            return
        shot = seat.ready()
        if shot is None or shot.disc not in self.table:
            return
        if self._computer_aim is None or self._computer_aim[0] != shot:
            self._computer_aim = (shot, 0.0)
            self.app.sound.play("tap", 0.3)
        else:
            self._computer_aim = (shot, self._computer_aim[1] + dt)
        age = self._computer_aim[1]
        x, y = self.table.position(shot.disc)
        dx, dy = shot.direction
        norm = math.hypot(dx, dy) or 1.0
        pull = (view.DEAD_PULL + shot.strength * (view.FULL_PULL - view.DEAD_PULL)) * \
            _ease(age / COMPUTER_PULL_SECONDS)
        self.drag = Drag(shot.disc, (x - dx / norm * pull, y - dy / norm * pull))
        if age >= COMPUTER_PULL_SECONDS + COMPUTER_HOLD_SECONDS:
            seat.release()

    def _turn_view(self, color: Color) -> None:
        if self.prefs.options.board_view is not BoardView.TURN_TO_SHOOTER:
            return
        if color is not self.view_color:
            self._flip = (self.view_color is Color.BLACK, 0.0)
            self._flip_picture = None
            self.view_color = color

    def show_end(self) -> None:
        from game.scenes.chapaev_overlays import end_panel

        self.banner = None  # the end panel says it all: no round banner behind it
        self.app.sound.play("game_end")
        self.app.scenes.push(end_panel(self.app, self))

    def skip(self) -> None:
        """Hurry the round's result and the sliding lines (a click, Space or Enter)."""
        if self.phase is Phase.ROUND_RESULT:
            self._phase_age = RESULT_SECONDS
        elif self.phase is Phase.LINES:
            self._phase_age = SLIDE_SECONDS

    # --- input ---------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        margin = max(12, round(26 * s))
        panel_width = max(round(220 * s), min(round(470 * s), size[0] - size[1]))
        board_area = pygame.Rect(margin, margin, size[0] - panel_width - 3 * margin,
                                 size[1] - 2 * margin)
        geometry = view.fit_board(board_area, self.flipped)
        # a wide window: keep the board and the panel together in the middle
        group = geometry.outer.width + margin + panel_width
        shift = max(0, (size[0] - group) // 2 - geometry.outer.left)
        geometry = view.BoardGeometry(geometry.left + shift, geometry.top, geometry.cell,
                                      geometry.flipped)
        self.geometry = geometry
        left = geometry.outer.right + margin
        self.panel = pygame.Rect(left, margin, min(panel_width, size[0] - left - margin),
                                 size[1] - 2 * margin)
        self.px = max(14, round(20 * s))
        self.panel_view.layout(self.panel, s)
        self.pause_button = Button(tr("chapaev.pause"), self.on_back,
                                   px=max(14, round(24 * s)))
        height = round(54 * s)
        self.pause_button.rect = pygame.Rect(self.panel.left + round(18 * s),
                                             self.panel.bottom - height - round(18 * s),
                                             self.panel.width - round(36 * s), height)
        self._flip_picture = None

    @property
    def flipped(self) -> bool:
        return self.view_color is Color.BLACK

    def _geometry(self) -> view.BoardGeometry:
        if self.geometry.flipped != self.flipped:
            self.geometry = self.geometry.with_flip(self.flipped)
        return self.geometry

    def _pick(self, x: float, y: float) -> DiscId | None:
        """The disc under the pointer (a little forgiving at the rim)."""
        return self.table.disc_at(x, y, slack=PICK_SLACK * self.config.radius)

    def hint(self, text: str, disc: DiscId | None = None) -> None:
        """A short one-line reason on the board; the refused piece shakes."""
        self._hint = (text, 0.0)
        if disc is not None:
            self._shake = (disc, 0.0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.drag is not None and \
                    self._computer_aim is None:
                self.cancel_drag()
                return True
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    self.phase in (Phase.ROUND_RESULT, Phase.LINES):
                self.skip()
                return True
            return False
        if self.pause_button.handle_event(event):
            return True
        if self._computer_aim is not None and event.type in (
                pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return False  # the computer's hand holds the piece, not the mouse
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self._follow(event)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if self.drag is not None and self._computer_aim is None:
                if event.button == 3:
                    self.cancel_drag()
                return True
            if event.button != 1:
                return False
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._follow(event)
            self._release()
            return True
        return False

    # the hand pulling the piece back -----------------------------------------------------
    def _follow(self, event: pygame.event.Event) -> None:
        """Move the held pointer by the motion's relative distance.

        While a piece is held the mouse is in relative mode: the window or screen edge does not
        stop the pull (Black pulls back toward the top edge in the fixed view), so the pointer
        is tracked from the deltas, not from the clamped position.
        """
        assert self.drag is not None
        if event.type != pygame.MOUSEMOTION:
            return
        self._pointer_px = (self._pointer_px[0] + event.rel[0],
                            self._pointer_px[1] + event.rel[1])
        self.drag.pointer = self._geometry().to_table(*self._pointer_px)

    def _press(self, pos: tuple[int, int]) -> bool:
        if self.phase in (Phase.ROUND_RESULT, Phase.LINES):
            self.skip()
            return True
        x, y = self._geometry().to_table(*pos)
        disc = self._pick(x, y)
        if disc is None:
            return False
        if not self.can_shoot or not self.play.person_to_shoot:
            self.hint(tr("chapaev.hint.wait"), disc)
            return True
        if disc[0] is not self.match.turn:
            self.hint(tr("chapaev.hint.not_yours", side=color_name(self.match.turn, "nom")),
                      disc)
            return True
        self.drag = Drag(disc, (x, y))
        self._pointer_px = (float(pos[0]), float(pos[1]))
        _relative_mouse(True)
        self.app.sound.play("tap", 0.3)
        return True

    def cancel_drag(self) -> None:
        if self.drag is not None and _relative_mouse(False):
            # the system pointer comes back where the hand is, kept inside the window
            x = min(max(0, round(self._pointer_px[0])), self.size[0] - 1)
            y = min(max(0, round(self._pointer_px[1])), self.size[1] - 1)
            pygame.mouse.set_pos((x, y))
        self.drag = None

    def _release(self) -> None:
        drag = self.drag
        assert drag is not None
        self.cancel_drag()
        if not self.can_shoot or drag.disc not in self.table:
            return
        centre = self.table.position(drag.disc)
        pull = drag.pull(centre)
        strength = view.pull_strength(math.hypot(*pull))
        if strength <= 0.0:
            return  # released on or very near the piece: no shot
        self.shoot(drag.disc, pull, strength)

    def on_pause(self) -> None:
        self.cancel_drag()

    def on_leave(self) -> None:
        self.cancel_drag()
        self.autosave()
        self.play.close()  # the computer's worker process goes with the scene

    on_quit = on_leave

    def save_as(self) -> None:
        from game.scenes.games import ask_name

        ask_name(self.app, self.play, aim=self.prefs.aim.value)

    def autosave(self) -> None:
        from game import saves

        saves.autosave(self.app, self.play, aim=self.prefs.aim.value)

    def on_back(self) -> None:
        if self.phase is Phase.OVER:
            self.show_end()
            return
        from game.scenes.chapaev_overlays import pause_panel

        self.cancel_drag()
        self.app.scenes.push(pause_panel(self.app, self))

    # --- drawing -------------------------------------------------------------------------------
    def disc_positions(self, alpha: float) -> dict[DiscId, tuple[float, float, float]]:
        """Every disc on the board, between the last two physics states."""
        if self.phase is Phase.LINES:
            t = _ease(min(1.0, (self._phase_age + alpha * STEP) / SLIDE_SECONDS))
            return {s.disc: (s.start[0] + (s.end[0] - s.start[0]) * t,
                             s.start[1] + (s.end[1] - s.start[1]) * t, 0.0)
                    for s in self.slides}
        out = {}
        prev = self._prev
        for disc, (x, y, a) in self._cur.items():
            px, py, pa = prev.get(disc, (x, y, a))
            out[disc] = (px + (x - px) * alpha, py + (y - py) * alpha, pa + (a - pa) * alpha)
        return out

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(drawing.room_background(self.size), (0, 0))
        geometry = self._geometry()
        if self._flip is not None:
            self._draw_flip(surface, geometry)
        else:
            self._draw_table(surface, geometry, alpha)
        self._draw_banner(surface, geometry)
        self._draw_hint(surface, geometry)
        self._draw_panel(surface, alpha)

    def _draw_table(self, surface: pygame.Surface, geometry: view.BoardGeometry,
                    alpha: float) -> None:
        layer = view.board_layer(geometry.cell, geometry.flipped)
        outer = geometry.outer
        surface.blit(layer, outer)
        self._draw_glow(surface, geometry)
        radius = view.disc_radius(geometry, self.config)
        positions = self.disc_positions(alpha)
        slide_t = min(1.0, (self._phase_age + alpha * STEP) / SLIDE_SECONDS)
        appearing = {s.disc for s in self.slides if s.appears} if self.phase is Phase.LINES \
            else set()
        held = self.drag.disc if self.drag is not None else None
        for disc, (x, y, angle) in positions.items():
            if disc == held:
                continue
            cx, cy = geometry.to_screen(x, y)
            if self._shake is not None and self._shake[0] == disc:
                cx += math.sin(self._shake[1] * 60) * radius * 0.12 * (
                    1 - self._shake[1] / SHAKE_SECONDS)
            if disc in appearing and slide_t < 0.5:
                self._draw_ghost(surface, (cx, cy), radius, disc, slide_t / 0.5)
                continue
            view.draw_disc(surface, (cx, cy), radius, disc[0], angle, geometry.flipped)
        for flash in self.flashes:
            self._draw_flash(surface, geometry, flash, radius)
        for fall in self.falls:
            view.draw_falling(surface, geometry, fall, fall.age + alpha * STEP, radius)
        if self.drag is not None and self.drag.disc in positions:
            self._draw_aim(surface, geometry, positions[self.drag.disc], radius)

    def _draw_ghost(self, surface: pygame.Surface, centre: tuple[float, float], radius: int,
                    disc: DiscId, t: float) -> None:
        sprite = drawing.piece_sprite(radius, disc[0] is Color.WHITE).copy()
        sprite.set_alpha(round(255 * t))
        surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))

    def _draw_flash(self, surface: pygame.Surface, geometry: view.BoardGeometry,
                    flash: list[float], radius: int) -> None:
        x, y, age, strength = flash
        t = age / view.KNOCK_SECONDS
        cx, cy = geometry.to_screen(x, y)
        ring = round(radius * (0.25 + 0.6 * t) * (0.6 + 0.6 * strength))
        colour = theme.mix((255, 244, 214), theme.SQUARE_LIGHT, t)
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(2, ring),
                           width=max(1, round(radius * 0.12 * (1 - t))))

    def _draw_glow(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        """Light along the shooter's side of the frame: whose turn it is, at a glance."""
        if self.phase not in (Phase.AIM, Phase.SHOT):
            return
        shooter = self.match.turn
        outer, rect = geometry.outer, geometry.rect
        bottom = (shooter is Color.WHITE) != geometry.flipped
        depth = geometry.border
        colour = (255, 240, 200) if shooter is Color.WHITE else (240, 150, 40)
        glow = view.edge_glow(rect.width + depth, depth, colour)
        if bottom:
            surface.blit(pygame.transform.flip(glow, False, True),
                         (rect.left - depth // 2, rect.bottom))
        else:
            surface.blit(glow, (rect.left - depth // 2, outer.top))
        edge_y = rect.bottom + 1 if bottom else rect.top - 4
        pygame.draw.rect(surface, colour, pygame.Rect(rect.left, edge_y, rect.width, 3))

    def _draw_aim(self, surface: pygame.Surface, geometry: view.BoardGeometry,
                  at: tuple[float, float, float], radius: int) -> None:
        drag = self.drag
        assert drag is not None
        x, y, angle = at
        centre = geometry.to_screen(x, y)
        pull = drag.pull((x, y))
        distance = math.hypot(*pull)
        strength = view.pull_strength(distance)
        pointer = geometry.to_screen(*drag.pointer)
        help_level = self.prefs.aim
        # the rubber band of the slingshot, from the hand to the piece: always there
        band = (120, 86, 52) if strength > 0 else (90, 70, 50)
        pygame.draw.line(surface, band, centre, pointer, max(2, radius // 9))
        pygame.draw.circle(surface, band, pointer, max(3, radius // 6))
        if strength > 0 and help_level is view.AimHelp.FULL:
            path = self.table.aim_path(drag.disc, pull, strength, start=(x, y))
            end = geometry.to_screen(*path.end)
            overlay = pygame.Surface(self.size, pygame.SRCALPHA)
            view.draw_dotted(overlay, centre, end, max(6, radius * 0.45), max(2, radius // 10),
                             (255, 248, 230, 200))
            if path.hits is not None:
                pygame.draw.circle(overlay, (255, 248, 230, 150), end, radius,
                                   width=max(2, radius // 12))
                target = self.table.position(path.hits)
                tx, ty = geometry.to_screen(*target)
                dx, dy = tx - end[0], ty - end[1]
                norm = math.hypot(dx, dy) or 1.0
                tip = (tx + dx / norm * radius * 1.6, ty + dy / norm * radius * 1.6)
                view.draw_dotted(overlay, (tx, ty), tip, max(5, radius * 0.35),
                                 max(2, radius // 12), (255, 220, 150, 200))
            elif path.leaves_board:
                size = max(5, radius // 3)
                for cross_x, cross_y in ((1, 1), (1, -1)):
                    pygame.draw.line(overlay, (240, 90, 60, 220),
                                     (end[0] - size * cross_x, end[1] - size * cross_y),
                                     (end[0] + size * cross_x, end[1] + size * cross_y),
                                     max(2, radius // 10))
            else:
                pygame.draw.circle(overlay, (255, 248, 230, 110), end, radius,
                                   width=max(1, radius // 16))
            surface.blit(overlay, (0, 0))
        view.draw_disc(surface, centre, radius, drag.disc[0], angle, geometry.flipped,
                       lift=0.6)
        if strength > 0 and help_level is not view.AimHelp.NONE:
            sx, sy = geometry.screen_vector(*pull)
            norm = math.hypot(sx, sy)
            ux, uy = sx / norm, sy / norm
            length = radius * 1.3 + strength * geometry.cell * 2.6
            start = (centre[0] + ux * radius * 1.15, centre[1] - radius * 0.09 + uy * radius * 1.15)
            end = (centre[0] + ux * length, centre[1] - radius * 0.09 + uy * length)
            view.draw_arrow(surface, start, end, max(5, radius * (0.22 + 0.18 * strength)),
                            view.strength_colour(strength))
            view.draw_power_ring(surface, (centre[0], centre[1] - radius * 0.09), radius,
                                 strength)

    def _draw_flip(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        """The board turning half a circle toward the next shooter (discs at rest)."""
        assert self._flip is not None
        start_flipped, age = self._flip
        outer = geometry.outer
        if self._flip_picture is None:
            picture = pygame.Surface(self.size, pygame.SRCALPHA)
            old = geometry.with_flip(start_flipped)
            self._draw_table(picture, old, 0.0)
            pad = round(geometry.cell * 0.7)
            self._flip_picture = picture.subsurface(outer.inflate(pad * 2, pad * 2).clip(
                picture.get_rect())).copy()
        t = _ease(age / FLIP_SECONDS)
        turned = pygame.transform.rotate(self._flip_picture, -180 * t)
        surface.blit(turned, turned.get_rect(center=outer.center))

    def _draw_banner(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        banner = self.banner
        if banner is None:
            return
        s = self.scale
        fade_in = min(1.0, banner.age / 0.15)
        fade_out = min(1.0, (banner.duration - banner.age) / 0.35)
        opacity = max(0.0, min(fade_in, fade_out))
        rect = geometry.rect
        big = max(18, round(34 * s))
        small = max(14, round(22 * s))
        if banner.color is Color.WHITE:
            fill, ink, muted = (242, 232, 208), (40, 26, 16), (96, 70, 48)
        elif banner.color is Color.BLACK:
            fill, ink, muted = (40, 26, 18), (244, 233, 212), (206, 182, 146)
        else:
            fill, ink, muted = theme.PANEL, theme.ACCENT, theme.TEXT
        width = rect.width - round(40 * s)
        titles = theme.wrap(banner.title, big, width - round(40 * s), True)
        details = theme.wrap(banner.detail, small, width - round(40 * s)) if banner.detail \
            else []
        height = len(titles) * round(big * 1.25) + len(details) * round(small * 1.35) + \
            round(40 * s)
        box = pygame.Rect(0, 0, width, height)
        box.center = rect.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*fill, 236), panel.get_rect(), border_radius=round(16 * s))
        pygame.draw.rect(panel, (*theme.ACCENT, 255), panel.get_rect(), width=3,
                         border_radius=round(16 * s))
        y = round(20 * s)
        for line in titles:
            label = theme.text(line, big, ink, True)
            panel.blit(label, label.get_rect(midtop=(box.width // 2, y)))
            y += round(big * 1.25)
        for line in details:
            label = theme.text(line, small, muted)
            panel.blit(label, label.get_rect(midtop=(box.width // 2, y)))
            y += round(small * 1.35)
        panel.set_alpha(round(255 * opacity))
        surface.blit(panel, box)

    def _draw_hint(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        if self._hint is None:
            return
        text, age = self._hint
        s = self.scale
        label = theme.text(text, max(14, round(22 * s)), theme.TEXT)
        box = label.get_rect().inflate(round(36 * s), round(18 * s))
        box.center = (geometry.rect.centerx, geometry.rect.centery + round(geometry.cell * 1.2))
        fade = min(1.0, (HINT_SECONDS - age) / 0.4)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (60, 22, 14, round(230 * fade)), panel.get_rect(),
                         border_radius=box.height // 2)
        pygame.draw.rect(panel, (*theme.DANGER, round(255 * fade)), panel.get_rect(), width=2,
                         border_radius=box.height // 2)
        surface.blit(panel, box)
        label.set_alpha(round(255 * fade))
        surface.blit(label, label.get_rect(center=box.center))

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While discs roll and nothing falls, only the table changes."""
        if self.phase is Phase.SHOT and not self.falls and self.banner is None \
                and self._hint is None and self._flip is None:
            return [pygame.Rect(0, 0, self.panel.left, self.size[1])]
        return None

    # the side panel -----------------------------------------------------------------------
    def panel_state(self, alpha: float = 0.0) -> PanelState:
        """What the side panel shows now."""
        match = self.match
        ended = self.phase in (Phase.ROUND_RESULT, Phase.LINES, Phase.OVER) and \
            self.result is not None
        number = match.round_number
        if self.phase in (Phase.ROUND_RESULT, Phase.OVER) and self.result is not None:
            number = self.result.round_number
        card: Color | None
        if ended and self.result is not None:
            card = self.result.winner
            text = (tr("chapaev.panel.round_won", side=color_name(card, "nom"))
                    if card is not None else tr("chapaev.panel.round_draw"))
        else:
            card = match.turn
            text = tr("chapaev.panel.turn", side=color_name(card, "nom"))
        if self.phase is Phase.LINES:
            on_board = {sl.disc for sl in self.slides}
            counts = {c: (sum(1 for d in on_board if d[0] is c),) * 2
                      for c in (Color.WHITE, Color.BLACK)}
        else:
            counts = {c: (sum(1 for d in self._cur if d[0] is c),
                          sum(1 for p in self.setup.placements if p.piece[0] is c))
                      for c in (Color.WHITE, Color.BLACK)}
        white_row, black_row = float(match.lines.white), float(match.lines.black)
        if self.phase in (Phase.ROUND_RESULT, Phase.OVER) and self.result is not None:
            white_row = float(self.result.lines_before.white)
            black_row = float(self.result.lines_before.black)
        elif self.phase is Phase.LINES and self.result is not None:
            t = _ease((self._phase_age + alpha * STEP) / SLIDE_SECONDS)
            before, after = self.result.lines_before, self.result.lines_after
            white_row = before.white + (after.white - before.white) * t
            black_row = before.black + (after.black - before.black) * t
        strength: float | None = None
        if self.drag is not None and self.prefs.aim is not view.AimHelp.NONE \
                and self.drag.disc in self.table:
            strength = view.pull_strength(math.hypot(*self.drag.pull(
                self.table.position(self.drag.disc))))
        if self.phase is Phase.AIM and self.play.can_shoot and not self.play.person_to_shoot:
            hint = "chapaev.panel.hint_computer"
        elif self.drag is not None:
            hint = "chapaev.panel.hint_release"
        elif self.phase is Phase.SHOT:
            hint = "chapaev.panel.hint_rolling"
        elif self.phase in (Phase.ROUND_RESULT, Phase.LINES):
            hint = "chapaev.panel.hint_skip"
        elif self.phase is Phase.OVER:
            hint = "chapaev.panel.hint_over"
        else:
            hint = "chapaev.panel.hint_aim"
        return PanelState(match, number, card, text, counts, white_row, black_row,
                          self.flipped, strength, hint)

    def _draw_panel(self, surface: pygame.Surface, alpha: float) -> None:
        self.panel_view.draw(surface, self.panel_state(alpha),
                             self.pause_button.rect.top - round(12 * self.scale))
        self.pause_button.draw(surface)
