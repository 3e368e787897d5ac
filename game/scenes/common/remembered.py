"""A setup's choices kept in the settings file from one run to the next (``Settings.setups``).

A choice is written as plain JSON: itself where JSON keeps it, else its label (a clock as
"5+3"). It is read back only where it is one of its row's own choices, and then as that
choice: a hand-edited file, an option a newer version dropped, a level 99 or a "5" where a
number belongs costs that one row its remembered value (its default stands), nothing else.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Protocol, runtime_checkable

from game.settings import SetupValue

#: the name a board game's setup keeps the computer's level under (the editor reads it too)
LEVEL = "level"
#: the name of who plays whom ("white", "black", "random": a person against the computer;
#: "two" people; "watch" the computer alone), in every game's setup
PLAY_AS = "play_as"
#: the start of the keys of the setups of games hosted over the network (a colour is chosen
#: there, not who plays whom)
HOST = "host:"


@runtime_checkable
class Labelled(Protocol):
    """A choice JSON cannot hold, kept by its label (a time control's "5+3")."""

    def label(self) -> str: ...


def plain(value: object) -> SetupValue:
    """How ``value`` is written in the settings file."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Labelled):
        return value.label()
    raise TypeError(f"a setup choice must be plain or have a label, not {type(value).__name__}")


def same(kept: object, choice: SetupValue) -> bool:
    """Whether a value read from the file is ``choice`` (written plain): JSON's ``true`` is
    not the level 1, nor "5" the size 5; an integer is the float it equals (300 for 300.0)."""
    kinds = (bool, str, type(None))
    for kind in kinds:
        if isinstance(kept, kind) or isinstance(choice, kind):
            return isinstance(kept, kind) and isinstance(choice, kind) and kept == choice
    return isinstance(kept, (int, float)) and kept == choice


def recall(kept: Mapping[str, SetupValue],
           rows: Mapping[str, Iterable[object]]) -> dict[str, object]:
    """The remembered value of each row (name -> its choices) that ``kept`` holds and that is
    one of the row's choices, as the choice itself (a clock's label as the clock). A row
    missing from ``kept``, or whose value is not one of its choices, is left out."""
    found: dict[str, object] = {}
    for name, choices in rows.items():
        if name not in kept:
            continue
        for choice in choices:
            if same(kept[name], plain(choice)):
                found[name] = choice
                break
    return found


def to_keep(values: Mapping[str, object]) -> dict[str, SetupValue]:
    """``values`` as the settings file keeps them."""
    return {name: plain(value) for name, value in values.items()}


def unchanged(kept: Mapping[str, SetupValue] | None, values: Mapping[str, SetupValue]) -> bool:
    """Whether the file already holds exactly ``values`` (so nothing need be written); a
    ``true`` where the level 1 is now chosen is a change."""
    if kept is None or kept.keys() != values.keys():
        return False
    return all(type(kept[name]) is type(value) and kept[name] == value
               for name, value in values.items())


def last_chosen(setups: Mapping[str, Mapping[str, SetupValue]], name: str,
                games: Collection[str] | None = None) -> dict[str, SetupValue]:
    """``name`` as the setup made last chose it, {name: value} ({} if none did), for a game
    never set up here: a player who chose two people, or the computer at level 6, in one
    game most likely wants that in the next. The settings file keeps the setups in the
    order they were made, the latest last; those for hosting are left out. ``games``: the
    setups to look in (None: every game's)."""
    for key in reversed(list(setups)):
        if key.startswith(HOST) or (games is not None and key not in games):
            continue
        if name in setups[key]:
            return {name: setups[key][name]}
    return {}
