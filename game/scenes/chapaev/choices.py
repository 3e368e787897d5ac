"""What the pause and end panels offer over a Chapaev match: play the round again, a new
match, resign, save under a name, replay the last shot. The panels (:mod:`.overlays`) show
these; the scene answers to them through this part."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.play.chapaev_play import ChapaevPlay
from game.play.record_format import describe_seats, seats_from
from game.rules.chapaev import ChapaevMatch
from game.rules.core import Color
from game.scenes.chapaev.hand import AimingHand
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.replay import ShotReplay
from game.scenes.chapaev.state import Stage
from game.saves import GameFile
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.saving import ask_name

if TYPE_CHECKING:
    from game.app_like import AppLike


class MatchChoices:
    """The match's choices. ``take_events`` lets the screen hear what a choice changed,
    ``saved`` keeps the match, ``at_end`` shows its end."""

    def __init__(self, app: AppLike, stage: Stage, hand: AimingHand, replay: ShotReplay,
                 file: GameFile, *, take_events: Callable[[], None],
                 saved: Callable[[], None], at_end: Callable[[], None]) -> None:
        self._app = app
        self._file = file  # the match's kept file (held by the screen)
        self._stage = stage
        self._hand = hand
        self._replay = replay
        self._take_events = take_events
        self._saved = saved
        self._at_end = at_end
        self._asking_side = False  # the pie rule's question is open over the screen

    @property
    def play(self) -> ChapaevPlay:
        return self._stage.play

    @property
    def file(self) -> GameFile:
        """The match's kept file (its id once it has been saved)."""
        return self._file

    @property
    def match(self) -> ChapaevMatch:
        return self._stage.match

    def ask_side(self) -> None:
        """The pie rule's question, once due, for the person at this window playing Black:
        take White's side or stay (Esc stays)."""
        if self._asking_side or not self.play.person_to_choose_side:
            return
        self._asking_side = True

        def answer(swap: bool) -> None:
            self._asking_side = False
            if self.play.pie_pending:
                self.play.choose_side(swap)
                self._take_events()
                self._saved()

        self._app.scenes.push(ConfirmDialog(
            self._app, "chapaev.pie.question", "chapaev.pie.swap", lambda: answer(True),
            cancel_key="chapaev.pie.keep", on_cancel=lambda: answer(False)))

    def restart_round(self) -> None:
        """Play the current round again from its start (the pause menu's choice)."""
        self.play.restart_round()
        self._take_events()

    @property
    def over_network(self) -> bool:
        """A person at another computer plays here: the match is not played again, nor a
        round restarted, from one side alone."""
        return any(seat.is_person and not seat.at_window for seat in self.play.seats.values())

    @property
    def in_progress(self) -> bool:
        """A shot has been played and the match is not over: there is something to leave."""
        return bool(self.play.shots) and not self.play.is_over

    @property
    def resigning_side(self) -> Color | None:
        """Who gives up if the match is resigned now: the person against the computer, the
        side to shoot of two people; None when no person plays or the match is over."""
        people = [c for c, seat in self.play.seats.items() if seat.at_window]
        if self.play.is_over or not people:
            return None
        return people[0] if len(people) == 1 else self.match.turn

    def resign(self) -> None:
        """The resigning side gives the match up (a shot in flight is played out first)."""
        side = self.resigning_side
        if side is None:
            return
        self._replay.replaying = None
        self._hand.computer_aim = None
        self._hand.cancel()
        self.play.finish_shot()
        self.play.resign(side)
        self._take_events()
        self._stage.phase = Phase.OVER
        self._saved()
        self._at_end()

    def new_match(self) -> None:
        """A new match with this one's options, seats and aiming help, on a new screen: this
        one is kept in the Games list, as every match left."""
        play = ChapaevPlay(self.play.options, config=self._stage.config,
                           seats=seats_from(describe_seats(self.play.seats), chapaev=True))
        self._app.routes.replace("chapaev", play=play, aim=self._stage.aim)

    def save_as(self) -> None:
        ask_name(self._app, self.play, self._file, aim=self._stage.aim.value)

    def replay_last(self) -> None:
        """The replay button's and the end panel's action."""
        self._replay.start()
