"""A board game as PDN text, as exported to a file and copied: the game's moves with its tags,
the players named (a name the game was given, else the computer with its level, else the
player). The record's JSON form is :mod:`game.play.board_record`'s.

Pure: no pygame, no files.
"""
from __future__ import annotations

from game.play.board_play import BoardPlay
from game.rules.core import Color

#: how the PDN tags name a player the record has no name for (a caller may pass its language's)
COMPUTER_NAME = "Computer, level {level}"
PERSON_NAME = "Player"


def player_name(play: BoardPlay, color: Color, *, computer: str = COMPUTER_NAME,
                person: str = PERSON_NAME) -> str:
    """Who plays ``color``: the name the game's tags give, else "Computer, level N" for the
    computer, else ``person``."""
    named = play.tags.get("White" if color is Color.WHITE else "Black", "").strip()
    if named and named != "?":
        return named
    describe = play.seats[color].describe()
    if describe.get("kind") == "computer" and "level" in describe:
        return computer.format(level=describe["level"])
    return person


def pdn_tags(play: BoardPlay, *, computer: str = COMPUTER_NAME,
             person: str = PERSON_NAME) -> dict[str, str]:
    """The tags a PDN of the game carries: the game's own (an Event a file gave ...), the
    players and the date it began ("????.??.??" only where a file it came from had none)."""
    tags = dict(play.tags)
    for color, tag in ((Color.WHITE, "White"), (Color.BLACK, "Black")):
        tags[tag] = player_name(play, color, computer=computer, person=person)
    return tags


def board_pdn(play: BoardPlay, *, computer: str = COMPUTER_NAME,
              person: str = PERSON_NAME) -> str:
    """The draughts game as PDN text, with its players and date: what is exported to a file
    and what is copied are the same. Raises ValueError for a game PDN does not write
    (Apokachi)."""
    from game.rules.draughts import DraughtsGame
    from game.rules.pdn import write_pdn

    if not isinstance(play.game, DraughtsGame):
        raise ValueError(f"{play.variant} is not written as PDN")
    return write_pdn(play.game, pdn_tags(play, computer=computer, person=person))
