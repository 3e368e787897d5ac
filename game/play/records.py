"""Saved games, whichever game they hold: a game in play as its record and back, and the
Games screen's line of a record. No file I/O.

A record is a plain JSON object (see README.md, "Saved games"). What every record shares (its
format and version, the seats, :class:`RecordError`) is :mod:`game.play.record_format`'s; each
kind of game writes and reads its own in a module of its own (:mod:`game.play.board_record`,
:mod:`game.play.chapaev_record`), which :func:`record_of` picks by the game in play's kind
(:attr:`Play.kind`) and :func:`play_from_record` by the game the record names.

Pure: no pygame, no files. Nothing read is ever evaluated: only JSON values are looked at.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.play.board_record import BOARD_RECORDS
from game.play.chapaev_record import CHAPAEV_RECORDS
from game.play.protocol import Play
from game.play.record_format import GAMES, OPTION_CHARS, GameRecords, RecordError, \
    check_record, dict_or_empty, plain_option, player_label
from game.rules.text import clean

__all__ = ["FORMATS", "MAX_SUMMARY_OPTIONS", "SUMMARY_CHARS", "Summary", "game_options",
           "picture_of", "play_from_record", "record_of", "records_of_game", "summarize"]

#: every kind of game's record format
FORMATS: tuple[GameRecords, ...] = (BOARD_RECORDS, CHAPAEV_RECORDS)
#: how much of a name, a player or a date the Games screen's line keeps (a hostile 1 MB name
#: costs nothing to list or draw)
SUMMARY_CHARS = 300
#: the most options a summary lists
MAX_SUMMARY_OPTIONS = 12


def records_of_game(game: str) -> GameRecords:
    """The record format of the game a record names (a board game's key, ``chapaev``)."""
    for records in FORMATS:
        if game in records.games:
            return records
    raise RecordError("an unknown game", "saves.why.foreign")


def play_from_record(record: Mapping[str, Any], *, with_seats: bool = True) -> Play:
    """The game a record holds, replayed (RecordError naming what does not replay)."""
    check_record(record)
    return records_of_game(record["game"]).read(record, with_seats)


def record_of(play: Play, **view: Any) -> dict[str, Any]:
    """The game in play as a record, with how it is shown: a board game's
    ``flip_each_move`` and PDN ``tags``, a match's ``aim``. The record format is the one of
    the game's kind."""
    for records in FORMATS:
        if records.kind == play.kind:
            return records.write(play, view)
    raise TypeError(f"no record of {type(play).__name__}")


@dataclass(frozen=True, slots=True)
class Summary:
    """What the Games screen shows of a record without replaying it."""

    game: str
    name: str
    players: tuple[str, str]  # White's and Black's: a name, "person", "computer 3"
    saved: str  # ISO date and time
    result: str  # 2-0, 0-2, 1-1, * (unfinished)
    finished: bool
    picture: dict[str, Any]  # {"fen": ...} or {"discs": [...]} (the position now)
    #: what the game was started with that differs from its usual rules, as (name, value)
    #: pairs of plain values: ("huff", True), ("clock", "5+3"), ("start", True) for a set-up
    #: position, ("swamp", True) ... (:func:`game_options`; the screens word them)
    options: tuple[tuple[str, Any], ...] = ()
    computer: bool = False  # the computer plays a side
    named: bool = False  # the player gave the game its name (Ctrl+S, Rename): one to keep

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "name": self.name, "players": list(self.players),
                "saved": self.saved, "result": self.result, "finished": self.finished,
                "picture": self.picture, "options": [list(pair) for pair in self.options],
                "computer": self.computer, "named": self.named}

    @classmethod
    def from_json(cls, data: Any) -> Summary:
        if not isinstance(data, dict):
            raise RecordError("a summary is an object")
        players = data.get("players")
        if not (isinstance(players, list) and len(players) == 2
                and all(isinstance(p, str) for p in players)):
            raise RecordError("bad players")
        picture = data.get("picture")
        fields = [data.get(k) for k in ("game", "name", "saved", "result")]
        if not all(isinstance(f, str) for f in fields) or not isinstance(picture, dict) \
                or not isinstance(data.get("finished"), bool) or data["game"] not in GAMES:
            raise RecordError("bad summary")
        flags = [data.get(k, False) for k in ("computer", "named")]
        if not all(isinstance(f, bool) for f in flags):
            raise RecordError("bad summary")
        records = records_of_game(data["game"])
        return cls(data["game"], _short(data["name"]), (_short(players[0]), _short(players[1])),
                   _short(data["saved"]), data["result"], data["finished"],
                   records.picture(picture.get(records.picture_key)),
                   _options_from(data.get("options", [])), flags[0], flags[1])


def _options_from(data: Any) -> tuple[tuple[str, Any], ...]:
    """A summary's options from the index, checked: ``[[name, value], ...]``."""
    if not isinstance(data, list) or len(data) > MAX_SUMMARY_OPTIONS:
        raise RecordError("bad summary options")
    out = []
    for pair in data:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
                and len(pair[0]) <= OPTION_CHARS and plain_option(pair[1])):
            raise RecordError("bad summary options")
        out.append((pair[0], pair[1]))
    return tuple(out)


def game_options(record: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """What a checked record's game was started with that differs from the game's usual
    rules, as (name, value) pairs: its unusual options, a chess clock (``("clock", "5+3")``),
    a set-up start position (``("start", True)``) ...; read from the record alone, without a
    replay."""
    return records_of_game(record["game"]).options(record)[:MAX_SUMMARY_OPTIONS]


def _short(text: str, limit: int = SUMMARY_CHARS) -> str:
    """``text`` from a file as a line of a list (not a book): cleaned (:func:`clean`: one
    line, no control, bidi or escape characters), cut to ``limit`` characters."""
    line = clean(text, limit + 1)
    return line if len(line) <= limit else line[:limit - 1] + "…"


def picture_of(game: str, value: Any) -> dict[str, Any]:
    """A Games screen picture of ``game`` that can be drawn from a position as a record
    keeps it: a Chapaev table that passes the tables' check as a picture
    (``{"discs": [...]}``), a FEN of sensible length (``{"fen": ...}``); else the empty
    picture of the game (None)."""
    return records_of_game(game).picture(value)


def summarize(record: Mapping[str, Any], *, name: str = "", saved: str = "",
              named: bool | None = None) -> Summary:
    """The Games screen's line for a record, from the record alone (no replay). ``named``:
    whether the player named the game (by default, what the record says)."""
    check_record(record)
    seats = dict_or_empty(record.get("seats"))
    tags = dict_or_empty(record.get("tags"))
    tagged = [tags.get(t) for t in ("White", "Black")]
    players = tuple(_short(n) if isinstance(n, str) and n not in ("", "?")
                    else player_label(seats.get(s)) for n, s in zip(tagged, ("white", "black")))
    result = record.get("result")
    result = result if result in ("2-0", "0-2", "1-1", "*") else "*"
    records = records_of_game(record["game"])
    picture = records.picture(records.position(record))
    given_name = record.get("name")
    given_saved = record.get("saved")
    return Summary(record["game"], _short(name or (given_name if isinstance(given_name, str)
                                                    else "")),
                   (players[0], players[1]),
                   _short(saved or (given_saved if isinstance(given_saved, str) else "")), result,
                   bool(record.get("finished") is True), picture, game_options(record),
                   any(isinstance(seat, dict) and seat.get("kind") == "computer"
                       for seat in (seats.get("white"), seats.get("black"))),
                   record.get("named") is True if named is None else named)
