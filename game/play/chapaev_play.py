"""A Chapaev match in play: the table, the match rules, the log of shots, the rounds one
after another, and a player in each seat.

Pure: physics and rules, no pygame. The Chapaev scene draws the table, animates the falls and
the sliding lines, and calls :meth:`ChapaevPlay.next_round` when its pictures of the round's
end are over; a headless match (:meth:`ChapaevPlay.run`) goes straight on.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.play.events import GameOver, PlayEvent, RoundStarted, SeatNotice, ShotDone, \
    ShotStarted
from game.play.seats import Person, Seat
from game.rules.chapaev import ChapaevMatch, ChapaevOptions, Next, RoundResult, RoundSetup, \
    ShotReport, ShotVerdict
from game.rules.core import Color
from physics import DEFAULT_CONFIG, DiscId, Fall, Knock, Shot, ShotOver, ShotResult, Table, \
    TableConfig, TableError, TableState


@dataclass(frozen=True, slots=True)
class ShotRecord:
    """One shot of the match as it was played, and the table it left."""

    round_number: int
    shot: Shot
    fallen: tuple[DiscId, ...]
    after: TableState
    next: Next


@dataclass(frozen=True, slots=True)
class ChapaevPosition:
    """What a seat is shown when its turn comes: the table at rest and the match."""

    state: TableState
    match: ChapaevMatch
    config: TableConfig

    @property
    def shooter(self) -> Color:
        return self.match.turn

    @property
    def discs(self) -> tuple[DiscId, ...]:
        return tuple(d for d, *_ in self.state.discs)

    def table(self) -> Table:
        """A table of its own to try shots on."""
        return Table.from_state(self.state, self.config, record_knocks=False)


class ChapaevPlay:
    """One Chapaev match from its first shot to its end."""

    def __init__(self, options: ChapaevOptions | None = None, *,
                 match: ChapaevMatch | None = None, config: TableConfig = DEFAULT_CONFIG,
                 seats: Mapping[Color, Seat] | None = None) -> None:
        self.match = match if match is not None else ChapaevMatch(options)
        self.config = config
        self.seats: dict[Color, Seat] = {Color.WHITE: Person(), Color.BLACK: Person()}
        self.seats.update(seats or {})
        self.shots: list[ShotRecord] = []
        self.last_verdict: ShotVerdict | None = None
        self.last_result: ShotResult | None = None
        self.round_result: RoundResult | None = None  # the round just ended, until the next
        self._shot: Shot | None = None  # the shot in flight
        self._asked: Color | None = None
        #: what a seat last had to say in one line, kept until its next turn begins
        self.notice: SeatNotice | None = None
        self._notices_seen: dict[Color, object] = {}
        self._events: list[PlayEvent | Knock | Fall] = []
        self.table = Table(config)
        self._start_round(None)

    # --- rounds -----------------------------------------------------------------------------
    def _start_round(self, previous: RoundResult | None) -> None:
        self._cancel_seat()
        setup = self.match.setup()
        self.setup: RoundSetup = setup
        self.table = Table.from_squares(setup.squares(), self.config)
        self.round_start = self.match.copy()
        self.round_result = None
        self._shot = None
        self._events.append(RoundStarted(self.match.round_number, self.match.turn, previous))

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
        """Play the current round again from its start."""
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
        self._events.append(GameOver(None, self.match.winner))

    def place(self, positions: Mapping[DiscId, tuple[float, float]]) -> None:
        """Set the table by hand between two shots: only ``positions``' pieces stay, where
        given; the match learns that the others fell (in a shot of the side to move, who
        keeps the turn). Both sides keep a piece. For staged positions and tests."""
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
                and not self.match.is_over)

    @property
    def person_to_shoot(self) -> bool:
        return self.can_shoot and self.seats[self.match.turn].is_person

    def position(self) -> ChapaevPosition:
        return ChapaevPosition(self.table.state(), self.match.copy(), self.config)

    def shoot(self, disc: DiscId, direction: tuple[float, float], strength: float) -> None:
        """Flick ``disc``; the table moves as :meth:`advance` is called."""
        if not self.can_shoot:
            raise RuntimeError("the table is not ready for a shot")
        if disc[0] is not self.match.turn or disc not in self.table:
            raise ValueError(f"{disc} cannot shoot now")
        strength = max(0.0, min(1.0, float(strength)))
        self.table.shoot(disc, direction, strength)
        self._shot = Shot(disc, (float(direction[0]), float(direction[1])), strength)
        self._asked = None
        self._events.append(ShotStarted(self.match.turn, disc, self._shot.direction, strength))

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

    def _take_table_events(self) -> None:
        for event in self.table.events():
            if isinstance(event, ShotOver):
                self._judge(event.result)
            else:
                self._events.append(event)

    def _judge(self, result: ShotResult) -> None:
        shot = self._shot
        assert shot is not None
        shooter = self.match.turn
        verdict = self.match.record_shot(ShotReport.of_shot(result.striker, result.fallen))
        self._shot = None
        self.last_verdict = verdict
        self.last_result = result
        self.shots.append(ShotRecord(self.match.round_number if verdict.round_result is None
                                     else verdict.round_result.round_number,
                                     shot, result.fallen, self.table.state(), verdict.next))
        self._events.append(ShotDone(shooter, verdict, result.fallen))
        if verdict.round_result is not None:
            self.round_result = verdict.round_result
        if verdict.next is Next.MATCH_OVER:
            self._events.append(GameOver(None, self.match.winner))

    def events(self) -> list[PlayEvent | Knock | Fall]:
        """Knocks, falls, shots and rounds since the last call, oldest first."""
        out, self._events = self._events, []
        return out

    # --- the seats ---------------------------------------------------------------------------
    def update(self) -> Shot | None:
        """Ask the shooter's seat for a shot, if it is not a person, and shoot it once it has
        one. Never blocks. Returns the shot made, if any."""
        if not self.can_shoot:
            return None
        color = self.match.turn
        seat = self.seats[color]
        if seat.is_person:
            return None
        if self._asked is not color:
            self._asked = color
            if self.notice is not None and self.notice.color is color:
                self.notice = None
            seat.begin(self.position())
        answer = seat.poll()
        notice = seat.notice
        if notice is not None and self._notices_seen.get(color) is not notice:
            # the seat has something to say (its worker stopped): once, as an event
            self._notices_seen[color] = notice
            self.notice = SeatNotice(color, notice)
            self._events.append(self.notice)
        if answer is None:
            return None
        if not isinstance(answer, Shot):
            raise TableError(f"{seat.kind} seat answered {answer!r}, not a shot")
        self.shoot(answer.disc, answer.direction, answer.strength)
        return answer

    def _cancel_seat(self) -> None:
        if self._asked is not None:
            self.seats[self._asked].cancel()
            self._asked = None

    def close(self) -> None:
        self._cancel_seat()
        for seat in self.seats.values():
            seat.close()

    def run(self, max_shots: int = 2_000) -> Color | None:
        """Play the match out with its seats, none of which may be a person; the winner."""
        if any(seat.is_person for seat in self.seats.values()):
            raise ValueError("a person's seat cannot be run without a window")
        for _ in range(max_shots):
            if self.match.is_over:
                break
            if self.waiting_next_round:
                self.next_round()
            if self.update() is None:
                raise RuntimeError(f"the {self.seats[self.match.turn].kind} seat did not shoot")
            self.finish_shot()
        return self.match.winner
