"""A board game's record: the game of the registry in play as a JSON object and back.

The record (see README.md, "Saved games") holds the game, its options, a set-up start, the
moves in the game's own notation, the moves taken back (redo), the chess clock, a resignation,
an agreed draw or a fallen flag, the PDN tags; and the position now, for the Games screen's
picture. :func:`record_of_board` / :func:`board_from_record` turn one into the other. The
PDN text of a game is :mod:`game.play.board_pdn`'s.

Pure: no pygame, no files. Nothing read is ever evaluated: only JSON values are looked at.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from game.play.board_play import BoardPlay
from game.play.clock import ClockSpec
from game.play.protocol import Play
from game.play.record_format import BOARD_GAMES, FORMAT, GameRecords, RecordError, \
    check_record, describe_seats, dict_or_empty, object_of, plain_option, seats_from, side_of
from game.rules import find_variant
from game.rules.core import Color, Outcome, RulesError, Termination, same_value
from game.rules.text import clean

MAX_MOVES = 20_000  # more moves than any game has: not a record of ours
MAX_FEN_CHARS = 1_000  # a FEN of 40 pieces is under 200 characters
#: the most PDN tags a record keeps (a game's own are a dozen; a record from a stranger, a
#: file or a host over the network, may hold thousands, which every save would write again)
MAX_TAGS = 64


def unusual_options(variant: str, options: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The options of board game ``variant`` that differ from its usual rules (each option's
    default), in the order the game declares them; a value the game does not take is left
    out (the file says so when it is opened)."""
    cls = find_variant(variant)
    out = []
    for spec in cls.option_specs():
        if spec.name not in options:
            continue
        try:
            value = cls.check_options({spec.name: options[spec.name]})[spec.name]
        except (ValueError, TypeError):
            continue
        if not same_value(value, spec.default) and plain_option(value):
            out.append((spec.name, value))
    return tuple(out)


def record_of_board(play: BoardPlay, *, flip_each_move: bool = False,
                    tags: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The game as a record: everything needed to go on exactly where it is."""
    game = play.game
    start = game.starting_fen()
    fresh = type(game).new(**game.options)
    redo: list[str] = []
    replay = game.copy()
    replay.withdraw_end()  # moves taken back before a resignation come back after its undo
    for move in reversed(play.takebacks.redo_stack):
        if replay.outcome() is not None or not replay.is_legal(move):
            break
        redo.append(replay.move_text(move))
        replay.push(move)
    outcome = game.outcome()
    end = None
    if outcome is not None and outcome.termination in (Termination.RESIGNATION,
                                                       Termination.AGREEMENT,
                                                       Termination.TIME_FORFEIT):
        end = {"termination": outcome.termination.value,
               "winner": None if outcome.winner is None else outcome.winner.value}
    record: dict[str, Any] = {
        "format": FORMAT, "version": 1, "game": play.variant,
        "seats": describe_seats(play.seats),
        "result": outcome.result() if outcome is not None else "*",
        "finished": outcome is not None,
        "view": {"flip_each_move": bool(flip_each_move)},
        "fen": game.fen(),  # the position now, for the Games screen's picture
        "board": {
            "options": _json_options(game.options),
            "start": None if start == fresh.starting_fen() else start,
            "moves": list(play.notation),
            "redo": redo,
            "elapsed": round(float(game.elapsed), 3),
            "end": end,
        },
    }
    if play.clock is not None:
        clock = play.clock
        record["board"]["clock"] = {
            "control": clock.spec.label(),
            "left": [round(clock.left[Color.WHITE], 3), round(clock.left[Color.BLACK], 3)],
            "history": [[round(h[Color.WHITE], 3), round(h[Color.BLACK], 3)]
                        for h in clock.history]}
    kept = {**play.tags, **{str(k): str(v) for k, v in (tags or {}).items()}}
    if kept:
        record["tags"] = kept
    return record


def _json_options(options: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if v is None or isinstance(v, (bool, int, float, str))}


def board_from_record(record: Mapping[str, Any], *, with_seats: bool = True) -> BoardPlay:
    """The game a record holds, at its last move, with its takebacks, clock and seats.
    Raises RecordError naming what is wrong."""
    check_record(record)
    variant = record["game"]
    if variant not in BOARD_GAMES:
        raise RecordError(f"not a board game: {variant!r}")
    board = object_of(record.get("board"), "board")
    options = object_of(board.get("options", {}), "options")
    cls = find_variant(variant)
    try:
        options = cls.check_options(options)
    except (ValueError, TypeError) as error:
        raise RecordError(f"bad options: {error}") from None
    start = board.get("start")
    if start is not None:
        _check_start(cls, start, options)
    moves = _texts(board.get("moves", []), "moves")
    redo = _texts(board.get("redo", []), "redo")
    seats = seats_from(record.get("seats")) if with_seats else None
    clock_data = board.get("clock")
    try:
        spec = None
        if clock_data is not None:
            clock_data = object_of(clock_data, "clock")
            spec = _clock_spec(clock_data.get("control"))
        play = BoardPlay(variant, options, fen=start, seats=seats, clock=spec,
                         tags=_tags(record))
        for text in moves:
            play.play_text(text)
        if play.clock is not None and clock_data is not None:
            _restore_clock(play, clock_data)
        elapsed = board.get("elapsed", 0.0)
        if isinstance(elapsed, (int, float)) and not isinstance(elapsed, bool) \
                and math.isfinite(elapsed) and elapsed > 0:
            play.game.set_elapsed(float(elapsed))
        end = _end_of(board.get("end"))
        if end is not None and play.game.outcome() is None:
            play.game.record_end(end)
        replay = play.game.copy()
        replay.withdraw_end()
        taken = []
        for text in redo:
            move = replay.parse_move(text)
            replay.push(move)
            taken.append(move)
        play.takebacks.redo_stack = list(reversed(taken))
    except RecordError:
        raise
    except (RulesError, ValueError) as error:
        if seats:
            for seat in seats.values():
                seat.close()
        raise RecordError(f"the moves do not replay: {error}", "saves.why.moves") from None
    play.events()
    return play


def _check_start(cls: Any, start: Any, options: Mapping[str, Any]) -> None:
    """A set-up start is a position of the game that its pieces can stand in (the rules'
    one check, as for a FEN typed or pasted)."""
    if not isinstance(start, str) or len(start) > MAX_FEN_CHARS:
        raise RecordError("the start position is not a position", "saves.why.position")
    try:
        cls.from_setup(start, **options)
    except (RulesError, ValueError) as error:
        raise RecordError(f"bad start position: {error}", "saves.why.position") from None


def _tags(record: Mapping[str, Any]) -> dict[str, str]:
    """The PDN tags a record keeps (text only, of a sensible length, the first MAX_TAGS); a
    record saved before games kept their date takes the day it was saved as the day it was
    played."""
    data = record.get("tags")
    tags = {clean(k, 40): clean(v, 200) for k, v in data.items()
            if isinstance(k, str) and isinstance(v, str) and len(k) <= 40 and len(v) <= 200
            and clean(k, 40)} if isinstance(data, dict) else {}
    if len(tags) > MAX_TAGS:
        tags = dict(list(tags.items())[:MAX_TAGS])
    saved = record.get("saved")
    if "Date" not in tags and isinstance(saved, str) \
            and re.fullmatch(r"\d{4}-\d\d-\d\d([T ].*)?", saved):
        tags["Date"] = saved[:10].replace("-", ".")
    return tags


def _seconds_pair(value: Any) -> dict[Color, float]:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                    and math.isfinite(v) and 0 <= v <= 1e6 for v in value)):
        raise RecordError("bad clock times")
    return {Color.WHITE: float(value[0]), Color.BLACK: float(value[1])}


def _restore_clock(play: BoardPlay, data: Mapping[str, Any]) -> None:
    """The chess clock as it was saved: the time left, and the times before each move (what
    a takeback gives back)."""
    assert play.clock is not None
    history = data.get("history", [])
    if not isinstance(history, list) or len(history) != play.ply:
        raise RecordError("bad clock history")
    play.clock.left = _seconds_pair(data.get("left"))
    play.clock.history = [_seconds_pair(h) for h in history]


def _clock_spec(control: Any) -> ClockSpec:
    """A time control as saved ("5+3"): minutes and seconds a move that a clock can run."""
    if not isinstance(control, str) or len(control) > 20:
        raise RecordError("bad clock")
    try:
        return ClockSpec.parse(control)  # which refuses times no clock runs (nan, 1e400)
    except ValueError:
        raise RecordError("bad clock") from None


def _end_of(data: Any) -> Outcome | None:
    """A saved end of the players' own (a resignation, an agreed draw, a fallen flag), checked
    whether or not the moves end the game by themselves."""
    if data is None:
        return None
    end = object_of(data, "end")
    try:
        termination = Termination(end.get("termination"))
    except ValueError:
        raise RecordError("bad end of game") from None
    winner_text = end.get("winner")
    winner = None if winner_text is None else side_of(winner_text)
    if termination is Termination.RESIGNATION and winner is None:
        raise RecordError("bad end of game")
    if termination not in (Termination.RESIGNATION, Termination.AGREEMENT,
                           Termination.TIME_FORFEIT):
        raise RecordError("bad end of game")
    return Outcome(termination, winner)


def _texts(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_MOVES or \
            not all(isinstance(t, str) and len(t) <= 200 for t in value):
        raise RecordError(f"{what} is not a list of moves")
    return value


# --- the face the records ask ----------------------------------------------------------------
def board_options(record: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """What a record's board game was started with that differs from its usual rules: its
    unusual options, a chess clock (``("clock", "5+3")``) and a set-up start position
    (``("start", True)``); read from the record alone, without a replay."""
    board = dict_or_empty(record.get("board"))
    out = list(unusual_options(record["game"], dict_or_empty(board.get("options"))))
    control = dict_or_empty(board.get("clock")).get("control")
    if isinstance(control, str):
        try:
            out.append(("clock", _clock_spec(control).label()))
        except RecordError:
            pass
    if board.get("start") is not None:
        out.append(("start", True))
    return tuple(out)


def board_picture(fen: Any) -> dict[str, Any]:
    """A Games screen picture of a FEN of sensible length (``{"fen": ...}``); else the empty
    picture (None)."""
    return {"fen": fen if isinstance(fen, str) and len(fen) <= MAX_FEN_CHARS else None}


def _write(play: Play, view: Mapping[str, Any]) -> dict[str, Any]:
    # the one place a board's record asks for the board: it writes the moves
    if not isinstance(play, BoardPlay):
        raise TypeError(f"no board record of {type(play).__name__}")
    return record_of_board(play, flip_each_move=bool(view.get("flip_each_move")),
                           tags=view.get("tags"))


def _read(record: Mapping[str, Any], with_seats: bool) -> Play:
    return board_from_record(record, with_seats=with_seats)


#: the board games' record format, as :mod:`game.play.records` asks it
BOARD_RECORDS = GameRecords(
    kind=BoardPlay.kind, games=BOARD_GAMES, write=_write, read=_read,
    position=lambda record: record.get("fen"), picture_key="fen", picture=board_picture,
    options=board_options)
