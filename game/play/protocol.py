"""One game in play, whichever kind: the :class:`Play` protocol.

Both play objects keep it: :class:`~game.play.board_play.BoardPlay` (a game of the rules'
registry on a board) and :class:`~game.play.chapaev_play.ChapaevPlay` (a Chapaev match on the
table). A caller that saves a game, sends it over the network, runs it with no window or opens
its screen asks the protocol, not the type: what differs between the two is a fact or a hook
of each class. Only a caller that truly needs the board (a move, a PDN) or the table (a shot,
the pieces at rest) asks for the concrete type.

Neither play module imports this one (they compare themselves with ``object``), so the
protocol names neither class and adds no import circle.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from game.play.clock import ChessClock
from game.play.events import SeatNotice
from game.play.seats import EngineBudget, Seat
from game.play.turns import Turns
from game.rules.core import Color

__all__ = ["Play"]


class Play(Protocol):
    """A game from its first move (or shot) to its end, with a player in each seat."""

    #: the kind of game: "board" (a game of the rules' registry) or "chapaev" (the table);
    #: the screen that plays a kind is routed under its name
    kind: ClassVar[str]
    #: the players' names and where the game is played, as PDN tags say them (``White``,
    #: ``Black``, ``Site``, ``Date`` ...)
    tags: dict[str, str]
    #: a chess clock beside the board, if the game is played with one (Chapaev never is)
    clock: ChessClock | None
    #: whether a fallen flag ends the game here (not on a guest's side of a game over the
    #: network: the host's clock decides)
    flag_falls: bool

    # --- the facts -------------------------------------------------------------------------
    @property
    def game_key(self) -> str:
        """The game's key: the variant's (``russian``, ``international`` ...) or ``chapaev``."""

    @property
    def is_over(self) -> bool:
        """The game (the match) has ended."""

    @property
    def result(self) -> str:
        """The result as PDN writes it: ``2-0`` White won, ``0-2`` Black won, ``1-1`` a
        draw, ``*`` not decided."""

    @property
    def to_move(self) -> Color | None:
        """The side to move (or shoot) now; None once the game is over."""

    @property
    def played(self) -> int:
        """The moves (plies) or shots played so far."""

    @property
    def resigned(self) -> bool:
        """The game ended by a resignation."""

    @property
    def started(self) -> bool:
        """There is something to keep: a move made or taken back, a position set up, a
        shot, a match over."""

    @property
    def asking(self) -> bool:
        """A question waits for the other side's answer (a draw offer, a takeback)."""

    @property
    def in_motion(self) -> bool:
        """Something moves that a record of the game would not hold yet (a shot rolling)."""

    @property
    def swaps_seats(self) -> bool:
        """The seats may change sides during the game (Chapaev's pie rule)."""

    def clock_running(self) -> bool:
        """A clock runs now (the game timer or the chess clock of the side to move)."""

    def fingerprint(self) -> str | None:
        """A short fingerprint of the whole game as it stands, which two copies of one game
        share (None while something is in motion)."""

    def figures(self) -> dict[str, object]:
        """What a log line tells of the game beyond its result: its own figures by name."""

    # --- another copy of the game ------------------------------------------------------------
    def same_rules(self, other: object) -> bool:
        """Whether ``other`` is a game of the same rules: the same game, options and start
        (how it is shown aside). Only such a copy may take this one's place."""

    def follow(self, other: object) -> bool:
        """Take ``other``'s game (the host's copy, of the same rules) where it differs from
        this one; whether it was taken (the window hears ``Synced``)."""

    def settle(self) -> None:
        """Bring to rest at once what is in motion (a shot rolls to its end)."""

    # --- the seats -------------------------------------------------------------------------
    @property
    def turns(self) -> Turns[Any]:
        """The turn driver: the seats, whose turn is asked, what every seat hears."""

    @property
    def seats(self) -> dict[Color, Seat]:
        """Both seats."""

    @property
    def engine(self) -> EngineBudget:
        """What the computer may use of the machine."""

    @property
    def notice(self) -> SeatNotice | None:
        """What a seat last had to say in one line."""

    @property
    def waiting_for(self) -> Color | None:
        """The side whose seat is away: the game waits for it."""

    def seat(self, color: Color) -> Seat:
        """The seat of ``color``."""

    def set_seat(self, color: Color, seat: Seat) -> None:
        """Put ``seat`` in the place of ``color``'s (it is told its side)."""

    def use_engine(self, budget: EngineBudget) -> None:
        """The player's settings for the computer, told to every seat."""

    def update(self) -> object:
        """Take what the seats asked for and ask the seat to move; never blocks. The move or
        shot made, if any."""

    def step(self) -> None:
        """One update with no window: what a window shows over time (a shot rolling, the
        next round set up) is done at once."""

    def events(self) -> Sequence[object]:
        """What happened since the last call, oldest first."""

    def close(self) -> None:
        """The game is left: stop whatever the seats are doing."""
