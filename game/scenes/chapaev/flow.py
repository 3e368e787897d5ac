"""What the Chapaev screen does with what the match in play reports: knocks become sounds
and flashes, falls tip over the edge, a shot's verdict becomes a banner (another shot, the
turn passing, the board rocked, the round's result), and a finished round's pieces slide to
the next lines (mixed into the Chapaev scene)."""
from __future__ import annotations

from typing import Any

from game.i18n import tr
from game.play.events import RoundStarted, SeatNotice, ShotDone, ShotStarted
from game.rules.chapaev import BoardView, Next
from game.rules.core import Color
from game.scenes.chapaev.banners import Banner, Slide, result_text
from game.scenes.chapaev.phases import BANNER_SECONDS, RESULT_SECONDS, Phase
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import color_name
from physics import Fall, Knock, square_centre

MAX_KNOCK_SOUNDS = 2  # per fixed update: a pile-up is a clatter, not a machine gun
KNOCK_FULL_IMPULSE = 12.0  # the impulse of a knock played at full volume


class ChapaevFlow:
    """The match's events on the screen (``self`` is the :class:`ChapaevScene`)."""

    def _take_events(self: Any) -> None:
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
                self.end_press()
                if event.press and event.strength > self.config.press_threshold:
                    self.rock = 0.0  # the board rocks: the whole table shakes a moment
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

    def options_battles(self: Any) -> int:
        """Battles a side must win to win the game (1 without a campaign)."""
        return int(self.match.options.battles_to_win)

    def _on_fall(self: Any, fall: Fall) -> None:
        self.falls.append(view.FallingDisc(fall.disc, fall.x, fall.y, fall.vx, fall.vy))
        self._cur.pop(fall.disc, None)
        self._prev.pop(fall.disc, None)

    def _on_shot_over(self: Any, done: ShotDone) -> None:
        shooter = done.shooter
        verdict = done.verdict
        self._phase_age = 0.0
        if done.rocked and verdict.next is Next.TURN_PASSES:
            self.phase = Phase.AIM
            self.banner = Banner(tr("chapaev.banner.rocked"),
                                 tr("chapaev.banner.rocked_detail",
                                    side=color_name(self.match.turn, "dat")),
                                 self.match.turn, BANNER_SECONDS + 0.6)
            self._turn_view(self._wanted_view())
        elif verdict.next is Next.SHOOT_AGAIN:
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
            title, detail = result_text(verdict.round_result, self.options_battles())
            self.banner = Banner(title, detail, verdict.round_result.winner,
                                 RESULT_SECONDS + (60.0 if self.match.is_over else 0.2))
            self.app.sound.play("round_end")

    def _after_result(self: Any) -> None:
        if self.match.is_over:
            self.phase = Phase.OVER
            self._phase_age = 0.0
            self.show_end()
            return
        self._begin_slide()

    def _begin_slide(self: Any) -> None:
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

    def _wanted_view(self: Any) -> Color:
        """The side at the bottom (see :attr:`ChapaevPlay.view_color`)."""
        color: Color = self.play.view_color
        return color

    def _turn_view(self: Any, color: Color) -> None:
        if self.play.options.board_view is not BoardView.TURN_TO_SHOOTER:
            return
        if color is not self.view_color:
            self._flip = (self.view_color is Color.BLACK, 0.0)
            self._flip_picture = None
            self.view_color = color
