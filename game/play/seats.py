"""The players in the seats, and what a seat may say: the seat protocol.

A seat is a player: a person at this window, the computer, a DXP program, a person at another
computer (a remote seat), or a test player that moves by script or at random. The play object
(:class:`~game.play.board_play.BoardPlay` or :class:`~game.play.chapaev_play.ChapaevPlay`)
does not care which: through one turn driver (:class:`~game.play.turns.Turns`)

- every seat *hears* every event of the game (:meth:`Seat.hear`: moves and shots, draw
  offers, takeback requests and their answers, refusals, the end);
- the seat to move is asked with ``begin(position)`` and ``poll()``-ed once per update until
  it answers with a move or a shot; it never waits;
- any seat may at any time *request* something (:meth:`Seat.requests`, drained once per
  update): resign, offer a draw or answer one, ask for a takeback or answer one. What cannot
  be done now is refused, and the seat hears why (a :class:`~game.play.events.Refused`).

A person at this window answers nothing through the protocol: the window calls the play
object's own methods. "A person" and "at this window" are two different facts
(``is_person``, ``at_window``): a friend at another computer is a person whose seat is not at
this window.
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Union

from game.ai.crew import default_processes
from game.ai.table import DEFAULT_MEGABYTES
from game.play.chapaev_table import ChapaevPosition
from game.play.events import Notice, PlayEvent
from game.rules.core import Color, Game, Move
from physics import Press, Shot

Answer = Union[Move, Shot, Press]
Position = Union[Game, ChapaevPosition]

__all__ = ["Answer", "AnswerDraw", "AnswerTakeback", "AskTakeback", "EngineBudget", "Notice",
           "OfferDraw", "Person", "Position", "RandomPlayer", "Request", "Resign",
           "ScriptedPlayer", "Seat"]


@dataclass(frozen=True, slots=True)
class Resign:
    """The seat gives the game up."""


@dataclass(frozen=True, slots=True)
class OfferDraw:
    """The seat offers a draw."""


@dataclass(frozen=True, slots=True)
class AnswerDraw:
    """The seat's answer to the draw the other side offered."""

    accept: bool


@dataclass(frozen=True, slots=True)
class AskTakeback:
    """The seat asks to take back moves, back to its own turn."""


@dataclass(frozen=True, slots=True)
class AnswerTakeback:
    """The seat's answer to the takeback the other side asked for."""

    accept: bool


Request = Union[Resign, OfferDraw, AnswerDraw, AskTakeback, AnswerTakeback]


@dataclass(frozen=True, slots=True)
class EngineBudget:
    """What of the machine the computer may use, as the player set it: whether its top level
    thinks on the opponent's time (a core busy while a person thinks), the megabytes its
    search keeps (the transposition table and the evaluation's caches), and how many
    processes (cores) the search of its strong levels may use."""

    ponder: bool = True
    memory_mb: int = DEFAULT_MEGABYTES
    processes: int = field(default_factory=default_processes)


class Seat:
    """A player. The base class is the person at this computer's mouse."""

    #: a human being plays this seat (here or at another computer): a takeback goes back to a
    #: person's turn, a draw offer waits for a person's answer
    is_person: bool = True
    #: the moves of this seat come from this window (mouse and keyboard), not from ``poll``
    at_window: bool = True
    #: the seat keeps a game of its own (another computer, a DXP program): moves taken back
    #: are not played again here (a redo would be moves it never made)
    keeps_own_game: bool = False
    #: another program plays this seat (a DXP program, a Hub engine), not this one's computer
    is_program: bool = False
    #: for the panel and saved games: "person", "computer", "script", "random", "remote"
    kind: str = "person"
    #: the latest thing the seat has to say (None: nothing); the play object passes each new
    #: one on as a ``SeatNotice`` event
    notice: Notice | None = None

    #: the side this seat plays (told by the play object when the seat sits down)
    color: Color | None = None

    def sit(self, color: Color) -> None:
        """The seat plays ``color`` in this game from now on."""
        self.color = color

    @property
    def present(self) -> bool:
        """Whether the seat is there to play: False while a remote seat's link is down (the
        game waits for it, clocks stopped)."""
        return True

    def hear(self, event: PlayEvent) -> None:
        """Something happened in the game (every event, whoever caused it). Most seats
        listen to nothing; a remote seat passes on what its side did not do itself."""

    def requests(self) -> list[Request]:
        """What the seat asks of the game since the last call (drained once per update)."""
        return []

    def prepare(self) -> None:
        """Get ready before the game is shown (start a worker process), so that the first
        turn does not pay for it in the middle of the frames."""

    def begin(self, position: Position) -> None:
        """It is this seat's turn in ``position`` (a copy the seat may keep and change)."""

    def poll(self) -> Answer | None:
        """The seat's move once it has one, else None (never blocks)."""
        return None

    @property
    def thinking(self) -> bool:
        """Asked for a move and still working on it (for a "thinking…" mark)."""
        return False

    def progress(self) -> int:
        """How far the thinking has got (the search depth), 0 if it says nothing."""
        return 0

    def ponder(self, position: Position) -> None:
        """The opponent is to move in ``position``: a seat may think on their time (stopped
        by :meth:`cancel` or its own :meth:`begin`). Most seats do nothing."""

    def use_engine(self, budget: EngineBudget) -> None:
        """What the computer may use of the machine changed (or is told for the first time):
        a seat that thinks follows it from now on. Most seats have nothing to follow."""

    def cancel(self) -> None:
        """Forget the turn asked for (the move was taken back, the game left)."""

    def accepts_draw(self, game: Game, color: Color) -> bool | None:
        """Whether this seat, playing ``color``, takes a draw offered in ``game``; None: the
        answer comes later (the person at this window is asked, a remote seat answers with an
        :class:`AnswerDraw`)."""
        return None

    def takes_side(self, position: Position) -> bool | None:
        """Chapaev's pie rule: whether this seat, playing Black after White's first turn in
        ``position``, takes White's side; None: the answer comes later (the person at this
        window is asked). A seat that never answers keeps its side."""
        return None

    def grants_takeback(self, game: Position, by: Color) -> bool | None:
        """Whether this seat lets ``by`` take moves back in ``game``; None: the answer comes
        later (as for a draw). A person at this window is asked only when the request comes
        from another computer; the computer always lets a person take back."""
        return None if self.is_person else True

    def close(self) -> None:
        """The game is over or left: release what the seat holds (a worker process)."""

    def describe(self) -> dict[str, object]:
        """What a saved game keeps of this seat."""
        return {"kind": self.kind}


class Person(Seat):
    """A person at this computer."""


class ScriptedPlayer(Seat):
    """Plays the given moves in order (texts in the game's notation, Moves, or Chapaev Shots),
    then resigns itself to silence. For tests and demonstrations."""

    is_person = False
    at_window = False
    kind = "script"

    def __init__(self, answers: Iterable[str | Answer], *, accept_draws: bool = False) -> None:
        self.answers = list(answers)
        self.accept_draws = accept_draws
        self._position: Position | None = None

    def begin(self, position: Position) -> None:
        self._position = position

    def poll(self) -> Answer | None:
        if self._position is None or not self.answers:
            return None
        answer = self.answers.pop(0)
        position, self._position = self._position, None
        if isinstance(answer, str):
            assert isinstance(position, Game), "a text answer needs a board game"
            return position.parse_move(answer)
        return answer

    def cancel(self) -> None:
        self._position = None

    def accepts_draw(self, game: Game, color: Color) -> bool | None:
        return self.accept_draws


class RandomPlayer(Seat):
    """Plays a uniformly random legal move, or in Chapaev a random flick of a random piece (a
    press of random strength if the piece lies over or under an enemy one)."""

    is_person = False
    at_window = False
    kind = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()
        self._position: Position | None = None

    def begin(self, position: Position) -> None:
        self._position = position

    def poll(self) -> Answer | None:
        position, self._position = self._position, None
        if position is None:
            return None
        if isinstance(position, Game):
            moves = position.every_move()  # with фук, the moves after a huff too
            return self.rng.choice(moves) if moves else None
        discs = [d for d in position.discs if d[0] is position.shooter]
        if not discs:
            return None
        disc = self.rng.choice(discs)
        if any(disc in pair for pair in position.state.stacks):  # the bayonet: press it
            return Press(disc, self.rng.uniform(0.2, 1.0))
        angle = self.rng.uniform(0.0, 2.0 * math.pi)
        return Shot(disc, (math.cos(angle), math.sin(angle)), self.rng.uniform(0.2, 1.0))

    def cancel(self) -> None:
        self._position = None

    def accepts_draw(self, game: Game, color: Color) -> bool | None:
        return self.rng.random() < 0.5
