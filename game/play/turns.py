"""One turn driver for every game: the seats of a game, whose turn is asked, and what every
seat hears and requests.

A play object (a board game or a Chapaev match) owns one :class:`Turns`. It reports each
event through :meth:`Turns.emit`, which keeps the event for the window and lets every seat
hear it; once per update it calls :meth:`Turns.requests` (what any seat asked for, at any
time) and :meth:`Turns.step` (the seat to move is asked and polled). What a move or a shot
*is*, and whether a request can be done now, is the play object's; the seats, their order,
their notices and their presence are this driver's.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from game.play.events import PlayEvent, SeatAway, SeatBack, SeatNotice
from game.play.seats import Answer, EngineBudget, Person, Position, Request, Seat
from game.rules.core import Color

E = TypeVar("E")


class Turns(Generic[E]):
    """The two seats of a game and the traffic between them and the game. ``E`` is what the
    play object's event list holds: its :data:`PlayEvent`\\ s and, for Chapaev, the
    table's knocks and falls (which the seats do not hear)."""

    def __init__(self, seats: Mapping[Color, Seat] | None = None) -> None:
        self.seats: dict[Color, Seat] = {Color.WHITE: Person(), Color.BLACK: Person()}
        self.seats.update(seats or {})
        for color, seat in self.seats.items():
            seat.sit(color)
        self._events: list[E | PlayEvent] = []
        self.asked: Color | None = None  # the seat asked for a move, not answered yet
        #: the seat thinking on the other side's time, and what it thinks about
        self._pondering: tuple[Color, object] | None = None
        #: what the computer may use of the machine (the player's settings)
        self.engine = EngineBudget()
        #: what a seat last had to say in one line, kept until its next turn begins
        self.notice: SeatNotice | None = None
        self._notices_seen: dict[Color, object] = {}
        self._away: set[Color] = set()

    # --- events ---------------------------------------------------------------------------
    def emit(self, event: PlayEvent) -> None:
        """``event`` happened: kept for the window, and heard by every seat."""
        self._events.append(event)
        for seat in list(self.seats.values()):
            seat.hear(event)

    def keep(self, event: E) -> None:
        """Keep an event only the window wants (a knock on the table)."""
        self._events.append(event)

    def drain(self) -> list[E | PlayEvent]:
        out, self._events = self._events, []
        return out

    # --- what the seats ask ----------------------------------------------------------------
    def requests(self) -> list[tuple[Color, Request]]:
        """What any seat asked for since the last update, in seat order (nothing while a seat
        is away: the requests wait); and a seat that went away or came back is reported
        (:class:`SeatAway`, :class:`SeatBack`)."""
        out: list[tuple[Color, Request]] = []
        everyone = self.everyone_present
        for color, seat in list(self.seats.items()):
            if everyone:  # while one is away, what the other asks waits for them
                out.extend((color, request) for request in seat.requests())
            present = seat.present
            if not present and color not in self._away:
                self._away.add(color)
                self.emit(SeatAway(color))
            elif present and color in self._away:
                self._away.discard(color)
                self.emit(SeatBack(color))
            self._pass_notice(color, seat)
        return out

    @property
    def everyone_present(self) -> bool:
        return all(seat.present for seat in self.seats.values())

    @property
    def away(self) -> Color | None:
        """A side whose seat is away (the game waits for it), if any."""
        for color, seat in self.seats.items():
            if not seat.present:
                return color
        return None

    # --- the turn ----------------------------------------------------------------------------
    def step(self, color: Color, position: Callable[[], Position]) -> Answer | None:
        """``color`` is to move and may be asked: a seat at this window is not (its moves come
        from the window), another is asked once (``begin`` with a fresh ``position()``) and
        polled; its answer, once it has one."""
        seat = self.seats[color]
        if seat.at_window:
            return None
        if self.asked is not color:
            self._stop_pondering()
            self.asked = color
            if self.notice is not None and self.notice.color is color:
                self.notice = None
            seat.begin(position())
        answer = seat.poll()
        self._pass_notice(color, seat)
        if answer is not None:
            self.asked = None
        return answer

    def ponder(self, color: Color, key: object, position: Callable[[], Position]) -> None:
        """Let the seat of ``color`` think on the other side's time, once per ``key`` (the
        ply): the computer at its top level does; most seats do nothing."""
        seat = self.seats[color]
        here = (color, key)
        if seat.at_window or self._pondering == here:
            return
        self._pondering = here
        seat.ponder(position())

    def _stop_pondering(self) -> None:
        if self._pondering is not None:
            self.seats[self._pondering[0]].cancel()
            self._pondering = None

    def idle(self) -> None:
        """No one is to be asked now (the game is over, reviewed, or waits for an answer):
        stop a ponder under way."""
        self._stop_pondering()

    def cancel(self) -> None:
        """Forget the turn asked for and any ponder (a move was taken back, the game left)."""
        if self.asked is not None:
            self.seats[self.asked].cancel()
            self.asked = None
        self._stop_pondering()

    def _pass_notice(self, color: Color, seat: Seat) -> None:
        """Turn a seat's new notice into an event (once) and the driver's ``notice``."""
        notice = seat.notice
        if notice is not None and self._notices_seen.get(color) is not notice:
            self._notices_seen[color] = notice
            self.notice = SeatNotice(color, notice)
            self.emit(self.notice)

    # --- seats come and go --------------------------------------------------------------------
    def set_seat(self, color: Color, seat: Seat) -> None:
        if self.asked is color or (self._pondering is not None
                                   and self._pondering[0] is color):
            self.cancel()
        self.seats[color].close()
        self.seats[color] = seat
        seat.sit(color)
        seat.use_engine(self.engine)

    def swap(self) -> None:
        """The two seats change sides (Chapaev's pie rule): each is told its new side, none
        is closed."""
        self.cancel()
        white, black = self.seats[Color.WHITE], self.seats[Color.BLACK]
        self.seats[Color.WHITE], self.seats[Color.BLACK] = black, white
        black.sit(Color.WHITE)
        white.sit(Color.BLACK)
        self._notices_seen.clear()

    def use_engine(self, budget: EngineBudget) -> None:
        """The player's settings for the computer, told to every seat; a ponder under way
        stops when they changed (started again at the next update if still wanted)."""
        changed, self.engine = budget != self.engine, budget
        for seat in self.seats.values():
            seat.use_engine(budget)
        if changed:
            self._stop_pondering()

    def close(self) -> None:
        """The game is left: stop whatever the seats are doing, release what they hold."""
        self.cancel()
        for seat in self.seats.values():
            seat.close()

    def has_person_at_window(self) -> bool:
        return any(seat.at_window for seat in self.seats.values())

    def prepare(self) -> None:
        for seat in self.seats.values():
            seat.prepare()


class Seated:
    """What a play object (a board game, a Chapaev match) shows of its seats: they live in
    its turn driver, ``turns``."""

    turns: Turns[Any]

    @property
    def seats(self) -> dict[Color, Seat]:
        """Both seats (change one with :meth:`set_seat`, so that it is told its side)."""
        return self.turns.seats

    @seats.setter
    def seats(self, seats: Mapping[Color, Seat]) -> None:
        for color, seat in seats.items():
            self.turns.set_seat(color, seat)

    def seat(self, color: Color) -> Seat:
        return self.turns.seats[color]

    @property
    def engine(self) -> EngineBudget:
        """What the computer may use of the machine (the player's settings; see use_engine)."""
        return self.turns.engine

    @property
    def notice(self) -> SeatNotice | None:
        """What a seat last had to say in one line (its worker stopped and was replaced...);
        kept until that seat's next turn begins, for a panel to show."""
        return self.turns.notice

    @property
    def waiting_for(self) -> Color | None:
        """The side whose seat is away (the other computer's link dropped): the game waits."""
        return self.turns.away

    def set_seat(self, color: Color, seat: Seat) -> None:
        self.turns.set_seat(color, seat)

    def use_engine(self, budget: EngineBudget) -> None:
        """The player's settings for the computer, obeyed at once: every seat is told;
        pondering turned off stops a ponder under way; turned on (or a new memory budget
        while pondering), the seat to ponder is asked again at the next update."""
        self.turns.use_engine(budget)

    def close(self) -> None:
        """The game is left: stop whatever the seats are doing."""
        self.turns.close()

    def _cancel_seat(self) -> None:
        self.turns.cancel()
