"""The players in the seats: a person at this computer, and test players that move by script
or at random. The computer (and later a remote peer) is another kind of seat.

The play object asks the seat to move with ``begin(position)`` when the seat's turn comes and
then ``poll()``s it once per update until it answers; it never waits. A person's seat answers
nothing: a person's moves come from the window, through the play object's own methods.
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from game.ai.table import DEFAULT_MEGABYTES
from game.rules.core import Color, Game, Move
from physics import Press, Shot

if TYPE_CHECKING:
    from game.play.chapaev_play import ChapaevPosition

Answer = Union[Move, Shot, Press]
Position = Union[Game, "ChapaevPosition"]


@dataclass(frozen=True, slots=True)
class Notice:
    """Something a seat has to tell the player in one line (its worker process stopped and
    was replaced, a quick move was played instead): an i18n key and its values."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EngineBudget:
    """What of the machine the computer may use, as the player set it: whether its top level
    thinks on the opponent's time (a core busy while a person thinks), and the megabytes its
    search keeps (the transposition table and the evaluation's caches)."""

    ponder: bool = True
    memory_mb: int = DEFAULT_MEGABYTES


class Seat:
    """A player. The base class is the person at this computer's mouse."""

    #: moves of this seat come from the window (mouse and keyboard), not from ``poll``
    is_person: bool = True
    #: for the panel and saved games: "person", "computer", "script", "random", "remote"
    kind: str = "person"
    #: the latest thing the seat has to say (None: nothing); the play object passes each new
    #: one on as a ``SeatNotice`` event
    notice: Notice | None = None

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
        """Whether this seat, playing ``color``, takes a draw offered in ``game``; None: ask
        the person."""
        return None

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
