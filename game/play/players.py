"""Who plays: the choices a setup screen offers ("You play White", "Two people", "Watch") and
the seats they give, for the board games and for Chapaev."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal

from game.ai.worker import Thinker
from game.play.chapaev_computer import ChapaevComputer
from game.play.computer import ComputerPlayer
from game.play.seats import Person, Seat
from game.rules.core import Color

#: white, black, random: a person against the computer; two: two people; watch: the computer
#: on both sides
PLAY_AS_CHOICES = ("white", "black", "random", "two", "watch")
#: the computer's level on a first setup: the middle of 1-8
DEFAULT_LEVEL = 4
#: the board games' computer levels a player chooses from
LEVEL_CHOICES: tuple[int, ...] = tuple(range(1, 9))


def make_seats(play_as: str, level: int, rng: random.Random | None = None, *,
               game: Literal["board", "chapaev"] = "board",
               engine: Callable[[], Seat] | None = None) -> dict[Color, Seat]:
    """The players of a new game: a person and the computer (``play_as`` names the person's
    colour, or "random"), two people ("two"), or the computer on both sides ("watch").
    ``game`` says which computer: the board games' search or Chapaev's shot planner;
    ``engine`` makes an outside engine's seat (a Hub engine) to sit where the board games'
    computer would."""
    if play_as not in PLAY_AS_CHOICES:
        raise ValueError(f"play_as must be one of {', '.join(PLAY_AS_CHOICES)}, not {play_as!r}")
    if play_as == "two":
        return {Color.WHITE: Person(), Color.BLACK: Person()}
    if play_as == "random":
        play_as = (rng or random.Random()).choice(("white", "black"))
    if game == "chapaev":
        if play_as == "watch":
            return {Color.WHITE: ChapaevComputer(level), Color.BLACK: ChapaevComputer(level)}
        person = Color.WHITE if play_as == "white" else Color.BLACK
        return {person: Person(), person.other: ChapaevComputer(level)}
    if engine is not None:
        if play_as == "watch":
            return {Color.WHITE: engine(), Color.BLACK: engine()}
        person = Color.WHITE if play_as == "white" else Color.BLACK
        return {person: Person(), person.other: engine()}
    if play_as == "watch":
        shared = Thinker()  # the two sides think in turn: one worker process serves both
        return {Color.WHITE: ComputerPlayer(level, thinker=shared),
                Color.BLACK: ComputerPlayer(level, thinker=shared)}
    person = Color.WHITE if play_as == "white" else Color.BLACK
    return {person: Person(), person.other: ComputerPlayer(level)}
