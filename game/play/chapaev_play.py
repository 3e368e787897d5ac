"""A Chapaev match in play: the table, the match rules, the log of shots, the rounds one
after another, and a player in each seat.

Pure: physics and rules, no pygame. The Chapaev scene draws the table, animates the falls and
the sliding lines, and calls :meth:`ChapaevPlay.next_round` when its pictures of the round's
end are over; a headless match (:meth:`ChapaevPlay.run`) goes straight on.

The variants (troops, the swamp, the bayonet fight) need nothing of the scene but what the
table and the match already say: each round's table is built from the round's setup (the
sides' troops, the swamp, the pieces lying over others), a piece lying over or under an enemy
piece is pressed (:meth:`ChapaevPlay.press`) and never flicked, and a seat may answer a
:class:`~physics.Press` as well as a :class:`~physics.Shot`. Any shot can be played again from
where it started (:meth:`ChapaevPlay.replay`), and :meth:`ChapaevPlay.stats` counts each
side's hits and misses.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from game.play.events import GameOver, PlayEvent, Refused, RoundStarted, SeatNotice, ShotDone, \
    ShotStarted, SidesChosen, Synced
from game.play.chapaev_kinds import TABLE_SIDES
from game.play.chapaev_table import ChapaevPosition, ShotRecord, ShotReplay, SideStats, \
    kept_aim, kept_of, shot_direction, table_for
from game.play.clock import ChessClock
from game.play.fingerprints import match_digest, table_digest
from game.play.seats import EngineBudget, Request, Resign, Seat
from game.play.turns import Seated, Turns
from game.rules.chapaev import BoardView, ChapaevMatch, ChapaevOptions, Next, RoundResult, \
    RoundSetup, ShotReport, ShotVerdict
from game.rules.core import Color
from physics import DEFAULT_CONFIG, Action, DiscId, Fall, Knock, Press, Shot, ShotOver, \
    ShotResult, Table, TableConfig, TableError, TableState

__all__ = ["ChapaevPlay", "ChapaevPosition", "ShotRecord", "ShotReplay", "SideStats",
           "shot_direction", "table_for"]


class ChapaevPlay(Seated):
    """One Chapaev match from its first shot to its end. Keeps the
    :class:`~game.play.protocol.Play` protocol."""

    kind: ClassVar[str] = "chapaev"
    #: a match is played with no clock, so no flag falls
    clock: ChessClock | None = None
    flag_falls = True

    def __init__(self, options: ChapaevOptions | None = None, *,
                 match: ChapaevMatch | None = None, config: TableConfig = DEFAULT_CONFIG,
                 seats: Mapping[Color, Seat] | None = None) -> None:
        self.match = match if match is not None else ChapaevMatch(options)
        self.config = config
        #: the seats, what they hear and ask, whose turn is asked (one driver for every game)
        self.turns: Turns[Knock | Fall] = Turns(seats)
        self.shots: list[ShotRecord] = []
        self.last_verdict: ShotVerdict | None = None
        self.last_result: ShotResult | None = None
        self.round_result: RoundResult | None = None  # the round just ended, until the next
        self._shot: Action | None = None  # the shot in flight
        self._before: TableState | None = None  # the table it started from
        self.table = Table(config, sides=TABLE_SIDES)
        #: the players' names as a board game's PDN tags say them (heard over the network);
        #: a saved match does not keep them
        self.tags: dict[str, str] = {}
        self._start_round(None)

    # --- rounds -----------------------------------------------------------------------------
    def _start_round(self, previous: RoundResult | None) -> None:
        self._cancel_seat()
        setup = self.match.setup()
        self.setup: RoundSetup = setup
        self.table = table_for(setup, self.config)
        self.round_start = self.match.copy()
        self.round_result = None
        self._shot = None
        self.turns.emit(RoundStarted(self.match.round_number, self.match.turn, previous))

    @property
    def options(self) -> ChapaevOptions:
        return self.match.options

    @property
    def waiting_next_round(self) -> bool:
        """A round ended and the next one is not set up on the table yet."""
        return self.round_result is not None and not self.match.is_over

    def next_round(self) -> None:
        """Set the next round up on the table (after the round's end has been shown)."""
        if not self.waiting_next_round:
            raise RuntimeError("no round is waiting to be set up")
        self._start_round(self.round_result)

    def restart_round(self) -> None:
        """Play the current round again from its start (a pie rule's swap made in it is
        undone: the question comes again)."""
        if self.match.pie_swapped and self.round_start.pie_swapped is None:
            self.turns.swap()
        self.match = self.round_start.copy()
        self.shots = [s for s in self.shots if s.round_number < self.match.round_number]
        self._start_round(None)

    def rematch(self) -> None:
        """A new match with the same options."""
        self.match = ChapaevMatch(self.match.options)
        self.shots = []
        self._start_round(None)

    def resign(self, color: Color | None = None) -> None:
        if self.match.is_over:
            return
        self._cancel_seat()
        self.match.resign(self.match.turn if color is None else color)
        self.turns.emit(GameOver(None, self.match.winner))

    def place(self, positions: Mapping[DiscId, tuple[float, float]]) -> None:
        """Set the table by hand between two shots: only ``positions``' pieces stay, where
        given (none lying over another); the match learns that the others fell (in a shot of
        the side to move, who keeps the turn). Both sides keep a piece. For staged positions
        and tests."""
        if not self.can_shoot:
            raise RuntimeError("the table can be set only between two shots")
        match = self.match
        shooter = match.turn
        keep = set(positions)
        if not any(d[0] is Color.WHITE for d in keep) or \
                not any(d[0] is Color.BLACK for d in keep):
            raise ValueError("both sides need a piece on the board")
        on_board = set(match.pieces_on_board())
        if not keep <= on_board:
            raise ValueError(f"not on the board this round: {sorted(keep - on_board)}")
        fell = tuple(sorted(on_board - keep, key=lambda d: (d[0] is Color.BLACK, d[1])))
        if fell:
            verdict = match.record_shot(ShotReport(shooter, fell, True))
            if verdict.next is Next.TURN_PASSES:  # only own pieces fell: hand the turn back
                match.record_shot(ShotReport(shooter.other, (), True))
        self.table.clear()
        for disc, (x, y) in positions.items():
            self.table.place(disc, x, y)

    # --- shooting ----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def in_shot(self) -> bool:
        return self._shot is not None

    @property
    def can_shoot(self) -> bool:
        return (self._shot is None and self.table.is_at_rest and self.round_result is None
                and not self.match.is_over and not self.match.pie_pending)

    # --- the pie rule ------------------------------------------------------------------------
    @property
    def pie_pending(self) -> bool:
        """Black is to answer the pie rule (take White's side or not) before it shoots."""
        return self.match.pie_pending and self._shot is None and self.table.is_at_rest

    @property
    def person_to_choose_side(self) -> bool:
        """The pie rule's question is for the person at this window (the screen asks)."""
        return self.pie_pending and self.seats[Color.BLACK].at_window

    def choose_side(self, swap: bool) -> None:
        """Black's answer to the pie rule: with ``swap`` the seats change sides (the seat that
        was to shoot second owns White, which has shot; the other shoots Black's turn now).
        Every seat hears :class:`SidesChosen`."""
        if not self.pie_pending:
            raise RuntimeError("the pie rule asks nothing now")
        self.match.decide_pie(swap)
        if swap:
            self.turns.swap()
        self.turns.emit(SidesChosen(swap))

    @property
    def view_color(self) -> Color:
        """The side shown at the bottom of the screen. A board that turns to the shooter shows
        the side to shoot (the computer's too); a fixed board shows the person's side when one
        person plays the computer, and White when two people play or the computer plays both."""
        people = [color for color, seat in self.seats.items() if seat.at_window]
        if self.options.board_view is BoardView.FIXED and len(people) == 1:
            return people[0]
        return self.match.view_color

    @property
    def person_to_shoot(self) -> bool:
        return (self.can_shoot and self.seats[self.match.turn].at_window
                and self.turns.everyone_present)

    def position(self) -> ChapaevPosition:
        return ChapaevPosition(self.table.state(), self.match.copy(), self.config)

    def can_flick(self, disc: DiscId) -> bool:
        """``disc`` is the shooter's and free to be flicked (not lying over or under an
        enemy piece: such a piece is pressed)."""
        return (self.can_shoot and disc[0] is self.match.turn and disc in self.table
                and self.table.partner(disc) is None)

    def can_press(self, disc: DiscId) -> bool:
        """``disc`` is the shooter's and lies over or under an enemy piece (the bayonet
        fight)."""
        return (self.can_shoot and disc[0] is self.match.turn and disc in self.table
                and self.table.partner(disc) is not None)

    def shoot(self, disc: DiscId, direction: tuple[float, float], strength: float,
              aim: tuple[float, float, float] | None = None) -> None:
        """Flick ``disc`` along ``direction`` with ``strength`` as the hand played them (its
        error already in them); ``aim``, the pull it meant, is kept with the shot. The table
        moves as :meth:`advance` is called."""
        if not self.can_shoot:
            raise RuntimeError("the table is not ready for a shot")
        if not self.can_flick(disc):
            raise ValueError(f"{disc} cannot shoot now" if self.table.partner(disc) is None
                             else f"{disc} lies over or under an enemy piece: press it")
        strength = max(0.0, min(1.0, float(strength)))
        direction = shot_direction(direction)  # what is simulated is what is told and kept
        self._before = self.table.state()
        self.table.shoot(disc, direction, strength)
        shot = self._shot = Shot(disc, direction, strength, kept_aim(aim))
        self.turns.asked = None
        self.turns.emit(ShotStarted(self.match.turn, disc, shot.direction, strength,
                                    aim=shot.aim))

    def press(self, disc: DiscId, strength: float) -> None:
        """Press ``disc`` (lying over or under an enemy piece) with ``strength`` in [0, 1]:
        a careful press squeezes the enemy piece away; past the table's ``press_threshold``
        the board rocks and the turn passes whatever falls. The table moves as
        :meth:`advance` is called."""
        if not self.can_shoot:
            raise RuntimeError("the table is not ready for a press")
        if not self.can_press(disc):
            raise ValueError(f"{disc} lies over no enemy piece: it cannot be pressed")
        partner = self.table.partner(disc)
        assert partner is not None
        strength = max(0.0, min(1.0, float(strength)))
        (x, y), (px, py) = self.table.position(disc), self.table.position(partner)
        length = math.hypot(px - x, py - y) or 1.0
        self._before = self.table.state()
        self.table.press(disc, strength)
        self._shot = Press(disc, strength)
        self.turns.asked = None
        self.turns.emit(ShotStarted(self.match.turn, disc,
                                        ((px - x) / length, (py - y) / length), strength,
                                        press=True))

    def act(self, action: Action) -> None:
        """Play a seat's answer: a flick or a press."""
        if isinstance(action, Press):
            self.press(action.disc, action.strength)
        else:
            self.shoot(action.disc, action.direction, action.strength, action.aim)

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` of table time pass; knocks, falls and the shot's verdict become
        events."""
        if not self.table.is_at_rest:
            self.table.advance(seconds)
        self._take_table_events()

    def finish_shot(self) -> ShotVerdict | None:
        """Run the shot in flight to rest at once and judge it."""
        if self._shot is None:
            return None
        self.table.run_to_rest()
        self._take_table_events()
        return self.last_verdict

    def run_shot(self, disc: DiscId, direction: tuple[float, float],
                 strength: float) -> ShotVerdict:
        """Shoot and judge at once (headless)."""
        self.shoot(disc, direction, strength)
        verdict = self.finish_shot()
        assert verdict is not None
        return verdict

    def run_press(self, disc: DiscId, strength: float) -> ShotVerdict:
        """Press and judge at once (headless)."""
        self.press(disc, strength)
        verdict = self.finish_shot()
        assert verdict is not None
        return verdict

    def _take_table_events(self) -> None:
        for event in self.table.events():
            if isinstance(event, ShotOver):
                self._judge(event.result)
            else:
                self.turns.keep(event)

    def _judge(self, result: ShotResult) -> None:
        shot = self._shot
        assert shot is not None
        shooter = self.match.turn
        verdict = self.match.record_shot(ShotReport.of_shot(result.striker, result.fallen,
                                                            rocked=result.rocked))
        self._shot = None
        self.last_verdict = verdict
        self.last_result = result
        self.shots.append(ShotRecord(self.match.round_number if verdict.round_result is None
                                     else verdict.round_result.round_number,
                                     shot, result.fallen, self.table.state(), verdict.next,
                                     self._before, result.rocked))
        self.turns.emit(ShotDone(shooter, verdict, result.fallen, result.rocked))
        if verdict.round_result is not None:
            self.round_result = verdict.round_result
        if verdict.next is Next.MATCH_OVER:
            self.turns.emit(GameOver(None, self.match.winner))

    def events(self) -> list[PlayEvent | Knock | Fall]:
        """Knocks, falls, shots and rounds since the last call, oldest first."""
        return self.turns.drain()

    def adopt(self, other: ChapaevPlay) -> None:
        """Take ``other``'s match and table as this one's (the host's copy, when this one
        fell out of step); the seats stay. The window hears :class:`Synced`."""
        self.turns.cancel()
        self.match = other.match
        self.config = other.config
        self.table = other.table
        self.setup = other.setup
        self.round_start = other.round_start
        self.round_result = other.round_result
        self.shots = list(other.shots)
        self.last_verdict = other.last_verdict
        self.last_result = other.last_result
        self._shot = None
        self._before = None
        self.turns.emit(Synced())

    def set_table(self, state: TableState) -> None:
        """Put the pieces at rest where ``state`` says (the host's table after a shot, when
        this one came to rest a hair apart); the match is not told: it already agrees.
        ValueError if ``state`` has other pieces than this table (then the matches differ)."""
        if not self.table.is_at_rest or self._shot is not None:
            raise RuntimeError("the table can be set only at rest")
        if {d for d, *_ in state.discs} != set(self.table.discs):
            # another piece fell there: the matches differ, not the places (a table with a
            # piece this match has lost would be played on to a shot it cannot judge)
            raise ValueError("the table has other pieces than this one")
        self.table.restore(state)
        if self.shots:
            self.shots[-1] = replace(self.shots[-1], after=self.table.state())

    # --- the Play protocol's facts (game/play/protocol.py says what each means) ----------------
    game_key = kind

    @property
    def result(self) -> str:
        winner = self.match.winner
        return "*" if winner is None else "2-0" if winner is Color.WHITE else "0-2"

    @property
    def to_move(self) -> Color | None:
        return None if self.match.is_over else self.match.turn

    @property
    def played(self) -> int:
        return len(self.shots)

    @property
    def resigned(self) -> bool:
        return self.match.resigned

    @property
    def started(self) -> bool:
        return bool(self.shots) or bool(self.match.reports) or self.match.is_over

    @property
    def asking(self) -> bool:
        return self.pie_pending  # Black's answer to the pie rule

    @property
    def in_motion(self) -> bool:
        return self.in_shot

    @property
    def swaps_seats(self) -> bool:
        return self.options.pie_rule

    def clock_running(self) -> bool:
        return False

    def fingerprint(self) -> str | None:
        if self.in_shot:
            return None
        return f"{match_digest(self.shots, self.match)}{table_digest(self.table.state())}"

    def figures(self) -> dict[str, object]:
        kinds = sorted({kind.value for r in self.shots for kind in r.after.troops})
        return {"presses": sum(1 for r in self.shots if r.is_press),
                "troops": ",".join(kinds) or "-", "can_shoot": self.can_shoot,
                "in_shot": self.in_shot, "between": self.waiting_next_round}

    def same_rules(self, other: object) -> bool:
        mine = self.match.options  # how the board is shown aside
        return isinstance(other, ChapaevPlay) \
            and replace(other.match.options, board_view=mine.board_view) == mine

    def follow(self, other: object) -> bool:
        if not isinstance(other, ChapaevPlay):
            raise ValueError("a match follows only a match")
        self.settle()
        if self._kept() == other._kept():  # one match already (the same on the record)
            return False
        self.adopt(other)
        return True

    def _kept(self) -> tuple[object, ...]:
        now = self.table.state() if self.table.is_at_rest and not self.in_shot else None
        return kept_of(self.match, self.config, self.shots, now)

    def settle(self) -> None:
        if self.in_shot:
            self.finish_shot()

    def step(self) -> None:
        self.update()
        self.settle()
        if self.waiting_next_round:
            self.next_round()

    # --- looking back --------------------------------------------------------------------------
    def replay(self, index: int = -1) -> ShotReplay:
        """Shot ``index`` of the match (the last by default) simulated again from the table it
        started on (:meth:`ShotReplay.of`)."""
        if not self.shots:
            raise IndexError("no shot has been played yet")
        return ShotReplay.of(self.shots[index], self.config)

    def stats(self, rounds: range | None = None) -> dict[Color, SideStats]:
        """Each side's shots, hits and misses over the match (or over ``rounds``, a range of
        round numbers): what the end of a match shows."""
        return SideStats.of(self.shots, rounds)

    # --- the seats ---------------------------------------------------------------------------
    def update(self) -> Action | None:
        """Take what the seats asked for (a resignation), then ask the shooter's seat for a
        shot, if it is not at this window, and shoot it once it has one. Never blocks.
        Returns the shot made, if any."""
        for color, request in self.turns.requests():
            self.request(color, request)
        if self.pie_pending and self.turns.everyone_present:
            seat = self.seats[Color.BLACK]
            takes = seat.takes_side(self.position())
            if takes is None and seat.at_window:
                return None  # the screen asks the person
            self.choose_side(bool(takes))
        if not self.can_shoot or not self.turns.everyone_present:
            return None
        color = self.match.turn
        if self.seats[color].at_window:
            return None
        answer = self.turns.step(color, self.position)
        if answer is None:
            return None
        if not isinstance(answer, (Shot, Press)):
            self.turns.emit(Refused(color, f"{answer!r} is not a shot"))
            raise TableError(f"{self.seats[color].kind} seat answered {answer!r}, not a shot")
        try:
            self.act(answer)
        except (ValueError, RuntimeError) as error:
            self.turns.emit(Refused(color, str(error)))
            if self.seats[color].is_person:  # a person elsewhere: told, and asked again
                self.turns.cancel()
                return None
            raise
        return answer

    def request(self, color: Color, request: Request) -> bool:
        """Do what the seat of ``color`` asked for, if it can be done now (in Chapaev: give
        up the match); else the seat hears why not. Whether it was done."""
        if isinstance(request, Resign) and not self.match.is_over:
            self.resign(color)
            return True
        reason = ("the match is over" if isinstance(request, Resign)
                  else "Chapaev has no draw offers or takebacks")
        self.turns.emit(Refused(color, reason))
        return False

    def run(self, max_shots: int = 2_000) -> Color | None:
        """Play the match out with its seats, none of which may be a person; the winner."""
        if self.turns.has_person_at_window():
            raise ValueError("a seat at the window cannot be run without a window")
        for _ in range(max_shots):
            if self.match.is_over:
                break
            if self.waiting_next_round:
                self.next_round()
            if self.update() is None:
                raise RuntimeError(f"the {self.seats[self.match.turn].kind} seat did not shoot")
            self.finish_shot()
        return self.match.winner

