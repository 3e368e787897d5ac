"""What a play object reports: one small value per thing that happened, oldest first.

A scene drains them with ``play.events()`` and turns each into what the player sees and hears;
a headless game can ignore them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from dataclasses import field
from typing import Any

from game.rules.chapaev import RoundResult, ShotVerdict
from game.rules.core import Color, Move, Outcome, Piece


@dataclass(frozen=True, slots=True)
class Notice:
    """Something a seat has to tell the player in one line (its worker process stopped and
    was replaced, a quick move was played instead, the other computer is away): an i18n key
    and its values."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MovePlayed:
    """A move was made on the real game (by a person, a seat, or a redo)."""

    move: Move
    text: str  # in the game's notation, for the position it was played from
    piece: Piece  # the piece that moved, as it was before the move
    before: dict[int, Piece]  # the whole position before the move
    ply: int  # plies played after it (1 for the first move)
    by_person: bool  # entered at this computer (already where the player dropped it)
    redo: bool = False


@dataclass(frozen=True, slots=True)
class HuffChosen:
    """The person to move took the opponent's piece on ``square`` for фук; the move follows
    (until then the huff may be withdrawn)."""

    square: int
    piece: Piece


@dataclass(frozen=True, slots=True)
class HuffWithdrawn:
    """The huff chosen this turn was taken back before a move followed it."""

    square: int
    piece: Piece


@dataclass(frozen=True, slots=True)
class MovesTakenBack:
    """Plies were taken back (one, or two to reach a person's turn against the computer)."""

    moves: tuple[Move, ...]  # the moves taken back, last played first


@dataclass(frozen=True, slots=True)
class EndWithdrawn:
    """A resignation or an agreed draw recorded after the last move was taken back."""


@dataclass(frozen=True, slots=True)
class DrawOffered:
    """``by`` offers a draw; the other side's answer is awaited."""

    by: Color


@dataclass(frozen=True, slots=True)
class DrawDeclined:
    by: Color  # the side that declined


@dataclass(frozen=True, slots=True)
class TakebackAsked:
    """``by`` asks to take back moves (back to its own turn); the other side's answer is
    awaited (a seat at this window is asked by the window, a remote one over the link)."""

    by: Color


@dataclass(frozen=True, slots=True)
class TakebackDeclined:
    by: Color  # the side that declined


@dataclass(frozen=True, slots=True)
class Refused:
    """What the seat of ``color`` answered could not be done now (a move out of turn, an
    answer to no question): the seat is told, the game goes on as it was."""

    color: Color
    reason: str


@dataclass(frozen=True, slots=True)
class SeatAway:
    """The seat of ``color`` is away (the other computer's link dropped): the game waits,
    clocks stopped, until it comes back."""

    color: Color


@dataclass(frozen=True, slots=True)
class SeatBack:
    color: Color


@dataclass(frozen=True, slots=True)
class Synced:
    """The whole game was set to another copy of it (the host's, over the network, when this
    one had fallen out of step): the window shows it again as it is now."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game (or the Chapaev match) ended."""

    outcome: Outcome | None  # board games
    winner: Color | None = None


@dataclass(frozen=True, slots=True)
class ShotStarted:
    """A Chapaev piece was flicked (or, in the bayonet fight, pressed: then ``direction``
    points from it to the enemy piece it squeezes); the table is in motion."""

    shooter: Color
    disc: tuple[Color, int]
    direction: tuple[float, float]
    strength: float
    press: bool = False
    aim: tuple[float, float, float] | None = None  # the pull the hand meant, when known


@dataclass(frozen=True, slots=True)
class ShotDone:
    """Everything on the table rests again and the match has judged the shot."""

    shooter: Color
    verdict: ShotVerdict
    fallen: tuple[tuple[Color, int], ...]
    rocked: bool = False  # a press too hard rocked the board (the turn has passed)


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """A Chapaev round is set up on the table (the first, the next, or a restart)."""

    number: int
    first: Color
    previous: RoundResult | None = None


@dataclass(frozen=True, slots=True)
class SidesChosen:
    """Black answered the pie rule after White's first turn: took White's side (the seats
    swapped: the seat that shot second owns White now) or kept its own."""

    swapped: bool


@dataclass(frozen=True, slots=True)
class SeatNotice:
    """A seat has something to say in one line (see :class:`game.play.seats.Notice`): the
    computer's worker process stopped and a new one took over, or a quicker move was played."""

    color: Color
    notice: Notice


PlayEvent = Union[MovePlayed, HuffChosen, HuffWithdrawn, MovesTakenBack, EndWithdrawn, DrawOffered,
                  DrawDeclined, TakebackAsked, TakebackDeclined, Refused, SeatAway, SeatBack,
                  Synced, GameOver, ShotStarted, ShotDone, RoundStarted, SeatNotice,
                  SidesChosen]
