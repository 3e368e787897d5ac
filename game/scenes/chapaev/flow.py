"""What the Chapaev screen does with what the match in play reports: knocks become sounds
and flashes, falls tip over the edge, a shot's verdict becomes a banner (another shot, the
turn passing, the board rocked, the round's result), and a finished round's pieces slide to
the next lines."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import tr
from game.play.events import Refused, RoundStarted, SeatNotice, ShotDone, ShotStarted, \
    SidesChosen, Synced
from game.rules.chapaev import BoardView, Next
from game.rules.core import Color
from game.scenes.chapaev.banners import Banner, Banners, Slide, result_text, round_banner
from game.scenes.chapaev.hand import AimingHand
from game.scenes.chapaev.phases import BANNER_SECONDS, RESULT_SECONDS, SLIDE_SECONDS, Phase
from game.scenes.chapaev.press import BayonetPress
from game.scenes.chapaev.state import Stage
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import color_name
from physics import DiscId, Fall, Knock, square_centre

if TYPE_CHECKING:
    from game.app_like import AppLike

MAX_KNOCK_SOUNDS = 2  # per fixed update: a pile-up is a clatter, not a machine gun
KNOCK_FULL_IMPULSE = 12.0  # the impulse of a knock played at full volume


class RoundFlow:
    """The match's events on the screen, and the round's life from its banner to the
    sliding lines. ``saved`` keeps the match after every shot; ``at_end`` shows the match's
    end."""

    def __init__(self, app: AppLike, stage: Stage, hand: AimingHand, press: BayonetPress,
                 banners: Banners, *, saved: Callable[[], None],
                 at_end: Callable[[], None]) -> None:
        self._app = app
        self._stage = stage
        self._hand = hand
        self._press = press
        self._banners = banners
        self._saved = saved
        self._at_end = at_end
        self.falls: list[view.FallingDisc] = []
        self.flashes: list[list[float]] = []  # [x, y, age, strength]
        self.slides: list[Slide] = []
        self.last_shot: tuple[DiscId, tuple[float, float], float] | None = None
        self.knocks_played = 0

    @property
    def showing(self) -> bool:
        """Falls or knocks are still on the screen."""
        return bool(self.falls) or bool(self.flashes)

    def begin_round(self) -> None:
        """The round just set up on the table: forget the last round's pictures."""
        stage = self._stage
        stage.setup = stage.play.setup
        stage.phase = Phase.AIM
        self._hand.cancel()
        self.falls = []
        self.flashes = []
        self.slides = []
        stage.result = None
        stage.phase_age = 0.0
        self._banners.clear_hint()
        stage.flip = None
        stage.flip_picture = None
        stage.settle()
        self._hand.computer_aim = None
        stage.view_color = stage.wanted_view()
        self._press.pressing = None
        self._press.rock = None
        title, detail, news = round_banner(stage.match, stage.setup)
        # news (a new battle, the swamp, the bayonet) stays longer: there is more to read
        self._banners.banner = Banner(title, detail, stage.match.turn,
                                      BANNER_SECONDS + (1.2 if news else 0.4))

    def tick(self, dt: float) -> None:
        """Falling pieces drop (one landing taps the floor) and knocks' flashes fade."""
        for fall in self.falls:
            fall.age += dt
        if any(f.done for f in self.falls):
            self._app.sound.play("tap", 0.25)  # it lands on the floor
            self.falls = [f for f in self.falls if not f.done]
        for flash in self.flashes:
            flash[2] += dt
        self.flashes = [f for f in self.flashes if f[2] < view.KNOCK_SECONDS]

    def take_events(self) -> None:
        """Turn what the match in play reports into sounds, flashes, falls and banners."""
        stage, banners = self._stage, self._banners
        knocks: list[Knock] = []
        for event in stage.play.events():
            if isinstance(event, Knock):
                knocks.append(event)
            elif isinstance(event, Fall):
                self._on_fall(event)
            elif isinstance(event, ShotStarted):
                self.last_shot = (event.disc, event.direction, event.strength)
                self._hand.computer_aim = None
                self._hand.cancel()
                self._press.end()
                if event.press and event.strength > stage.config.press_threshold:
                    self._press.rock = 0.0  # the board rocks: the whole table shakes a moment
                stage.phase = Phase.SHOT
                banners.banner = None if banners.banner is None or banners.banner.age > 0.3 \
                    else banners.banner
                stage.settle()
            elif isinstance(event, ShotDone):
                stage.settle()
                self._on_shot_over(event)
                self._saved()  # kept after every shot: a crash loses at most one
            elif isinstance(event, RoundStarted):
                self.begin_round()
            elif isinstance(event, SeatNotice):  # the planner stopped: said once
                banners.say(tr(event.notice.key, **event.notice.values))
            elif isinstance(event, Refused):  # the other computer sent what cannot be
                banners.say(tr("net.refused", reason=event.reason[:200]))
            elif isinstance(event, Synced):
                self._synced()
            elif isinstance(event, SidesChosen) and event.swapped:
                banners.say(tr("chapaev.pie.swapped"))
                self._show_side(stage.wanted_view())
        if knocks:
            knocks.sort(key=lambda k: -k.impulse)
            for knock in knocks[:MAX_KNOCK_SOUNDS]:
                volume = max(0.05, min(1.0, knock.impulse / KNOCK_FULL_IMPULSE))
                self._app.sound.play("knock", volume)
                self.knocks_played += 1
            for knock in knocks[:4]:
                self.flashes.append([knock.x, knock.y, 0.0,
                                     min(1.0, knock.impulse / KNOCK_FULL_IMPULSE)])
            self.flashes = self.flashes[-8:]

    def _synced(self) -> None:
        """The host's whole match taken in place of this one's: shown as it is, at once."""
        stage = self._stage
        stage.setup = stage.play.setup
        stage.result = None
        self._hand.cancel()
        self._hand.computer_aim = None
        self._press.end()
        self.falls, self.flashes, self.slides = [], [], []
        stage.phase = Phase.OVER if stage.play.is_over else Phase.AIM
        stage.phase_age = 0.0
        stage.settle()
        stage.view_color = stage.wanted_view()

    def _on_fall(self, fall: Fall) -> None:
        self.falls.append(view.FallingDisc(fall.disc, fall.x, fall.y, fall.vx, fall.vy))
        self._stage.cur.pop(fall.disc, None)
        self._stage.prev.pop(fall.disc, None)

    def _on_shot_over(self, done: ShotDone) -> None:
        stage, match = self._stage, self._stage.match
        shooter = done.shooter
        verdict = done.verdict
        stage.phase_age = 0.0
        if done.rocked and verdict.next is Next.TURN_PASSES:
            stage.phase = Phase.AIM
            self._banners.banner = Banner(tr("chapaev.banner.rocked"),
                                          tr("chapaev.banner.rocked_detail",
                                             side=color_name(match.turn, "dat")),
                                          match.turn, BANNER_SECONDS + 0.6)
            self._turn_view(stage.wanted_view())
        elif verdict.next is Next.SHOOT_AGAIN:
            stage.phase = Phase.AIM
            self._banners.banner = Banner(tr("chapaev.banner.extra"),
                                          tr("chapaev.banner.extra_detail",
                                             side=color_name(shooter, "nom")),
                                          shooter, BANNER_SECONDS)
        elif verdict.next is Next.TURN_PASSES:
            stage.phase = Phase.AIM
            self._banners.banner = Banner(tr("chapaev.banner.turn",
                                             side=color_name(match.turn, "nom")),
                                          tr("chapaev.banner.turn_detail"), match.turn,
                                          BANNER_SECONDS)
            self._turn_view(stage.wanted_view())
        else:
            assert verdict.round_result is not None
            stage.result = verdict.round_result
            stage.phase = Phase.ROUND_RESULT
            title, detail = result_text(verdict.round_result,
                                        int(match.options.battles_to_win))
            self._banners.banner = Banner(title, detail, verdict.round_result.winner,
                                          RESULT_SECONDS + (60.0 if match.is_over else 0.2))
            self._app.sound.play("round_end")

    def advance(self) -> None:
        """The round's result and the sliding lines end when their time is up."""
        stage = self._stage
        if stage.phase is Phase.ROUND_RESULT and stage.phase_age >= RESULT_SECONDS:
            self._after_result()
        elif stage.phase is Phase.LINES and stage.phase_age >= SLIDE_SECONDS:
            stage.play.next_round()
            self.take_events()

    def skip(self) -> None:
        """Hurry the round's result and the sliding lines (a click, Space or Enter)."""
        stage = self._stage
        if stage.phase is Phase.ROUND_RESULT:
            stage.phase_age = RESULT_SECONDS
        elif stage.phase is Phase.LINES:
            stage.phase_age = SLIDE_SECONDS

    def _after_result(self) -> None:
        if self._stage.match.is_over:
            self._stage.set_phase(Phase.OVER)
            self._at_end()
            return
        self._begin_slide()

    def _begin_slide(self) -> None:
        """The next round's pieces slide from where they were to the new lines."""
        stage = self._stage
        result = stage.result
        assert result is not None
        old = {p.piece: (p.column, p.row) for p in stage.setup.placements}
        new_setup = stage.match.setup()
        table = stage.table
        resting = table.positions() if table.is_at_rest else {}
        slides: list[Slide] = []
        for placement in new_setup.placements:
            end = square_centre(placement.column, placement.row)
            piece = placement.piece
            if piece in resting:
                slides.append(Slide(piece, resting[piece], end, False))
            else:
                column, row = old.get(piece, (placement.column,
                                              result.lines_before.of(piece[0])))
                slides.append(Slide(piece, square_centre(column, row), end, True))
        self.slides = slides
        stage.set_phase(Phase.LINES)
        self._banners.banner = None
        self._turn_view(stage.wanted_view())

    def _show_side(self, color: Color) -> None:
        """The seats changed sides (the pie rule): the board turns to the side now shown,
        whatever the board view."""
        stage = self._stage
        if color is not stage.view_color:
            stage.flip = (stage.view_color is Color.BLACK, 0.0)
            stage.flip_picture = None
            stage.view_color = color

    def _turn_view(self, color: Color) -> None:
        stage = self._stage
        if stage.play.options.board_view is not BoardView.TURN_TO_SHOOTER:
            return
        if color is not stage.view_color:
            stage.flip = (stage.view_color is Color.BLACK, 0.0)
            stage.flip_picture = None
            stage.view_color = color
