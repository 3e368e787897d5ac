"""What a saved game holds, and its JSON (our own format) and PDN forms. No file I/O.

A record is a plain JSON object (see README.md, "Saved games"): the game, its options, the
seats, the moves in the game's own notation, the moves taken back (redo), the Apokachi clock,
a resignation or agreed draw; for Chapaev the shots with the table after each one and the
table now. :func:`record_of_board` / :func:`board_from_record` and
:func:`record_of_chapaev` / :func:`chapaev_from_record` turn play objects into records and
back; :func:`check_record` refuses anything that is not one of ours, with a reason.

Pure: no pygame, no files. Nothing read is ever evaluated: only JSON values are looked at.
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.play.board_play import BoardPlay
from game.play.clock import ClockSpec
from game.play.chapaev_play import ChapaevPlay, Shot, ShotRecord
from game.play.seats import Person, Seat
from game.rules import VARIANTS, find_variant
from game.rules.chapaev import BoardView, BothCleared, ChapaevMatch, ChapaevOptions, \
    ExtraShot, Next, ShotReport
from game.rules.core import Color, Outcome, RulesError, Termination

FORMAT = "shashki-game"
VERSION = 1
#: the games a record may hold: every board game of the registry, and Chapaev
BOARD_GAMES = tuple(VARIANTS)
GAMES = (*BOARD_GAMES, "chapaev")
MAX_MOVES = 20_000  # more moves than any game has: not a record of ours
MAX_SHOTS = 5_000
_SIDES = {"white": Color.WHITE, "black": Color.BLACK}


class RecordError(ValueError):
    """A record that cannot be a saved game of ours; ``key`` names the reason for the UI."""

    def __init__(self, message: str, key: str = "saves.why.malformed") -> None:
        self.key = key
        super().__init__(message)


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

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "name": self.name, "players": list(self.players),
                "saved": self.saved, "result": self.result, "finished": self.finished,
                "picture": self.picture}

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
        return cls(data["game"], data["name"], (players[0], players[1]), data["saved"],
                   data["result"], data["finished"], picture)


# --- seats -----------------------------------------------------------------------------------
def describe_seats(seats: Mapping[Color, Seat]) -> dict[str, dict[str, object]]:
    return {name: seats[color].describe() for name, color in _SIDES.items()}


def seats_from(data: Any) -> dict[Color, Seat]:
    """The seats a record names: a person, or the computer at its level; anything else
    (a script, a random player, a remote peer that is gone) comes back as a person."""
    from game.play.computer import ComputerPlayer
    from game.ai.levels import LEVELS

    seats: dict[Color, Seat] = {}
    data = data if isinstance(data, dict) else {}
    for name, color in _SIDES.items():
        seat = data.get(name)
        level = seat.get("level") if isinstance(seat, dict) else None
        if isinstance(seat, dict) and seat.get("kind") == "computer" \
                and type(level) is int and level in LEVELS:
            seats[color] = ComputerPlayer(level)
        else:
            seats[color] = Person()
    return seats


def player_label(seat: Any) -> str:
    if isinstance(seat, dict) and seat.get("kind") == "computer":
        return f"computer {seat.get('level', '')}".strip()
    return "person"


# --- board games -----------------------------------------------------------------------------
def record_of_board(play: BoardPlay, *, flip_each_move: bool = False,
                    tags: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The game as a record: everything needed to go on exactly where it is."""
    game = play.game
    start = game.starting_fen()
    fresh = type(game).new(**game.options)
    redo: list[str] = []
    replay = game.copy()
    replay.withdraw_end()  # moves taken back before a resignation come back after its undo
    for move in reversed(play.redo_stack):
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
        "format": FORMAT, "version": VERSION, "game": play.variant,
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
    board = _obj(record.get("board"), "board")
    options = _obj(board.get("options", {}), "options")
    cls = find_variant(variant)
    try:
        options = cls.check_options(options)
    except (ValueError, TypeError) as error:
        raise RecordError(f"bad options: {error}") from None
    start = board.get("start")
    if start is not None and not isinstance(start, str):
        raise RecordError("the start position is not text")
    moves = _texts(board.get("moves", []), "moves")
    redo = _texts(board.get("redo", []), "redo")
    seats = seats_from(record.get("seats")) if with_seats else None
    clock_data = board.get("clock")
    try:
        spec = None
        if clock_data is not None:
            clock_data = _obj(clock_data, "clock")
            control = clock_data.get("control")
            if not isinstance(control, str):
                raise RecordError("bad clock")
            spec = ClockSpec.parse(control)
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
        end = board.get("end")
        if end is not None and play.game.outcome() is None:
            _declare(play, _obj(end, "end"))
        replay = play.game.copy()
        replay.withdraw_end()
        taken = []
        for text in redo:
            move = replay.parse_move(text)
            replay.push(move)
            taken.append(move)
        play.redo_stack = list(reversed(taken))
    except RecordError:
        raise
    except (RulesError, ValueError) as error:
        if seats:
            for seat in seats.values():
                seat.close()
        raise RecordError(f"the moves do not replay: {error}", "saves.why.moves") from None
    play.events()
    return play


def _tags(record: Mapping[str, Any]) -> dict[str, str]:
    """The PDN tags a record keeps (text only, of a sensible length); a record saved before
    games kept their date takes the day it was saved as the day it was played."""
    data = record.get("tags")
    tags = {k: v for k, v in data.items()
            if isinstance(k, str) and isinstance(v, str) and len(k) <= 40 and len(v) <= 200
            } if isinstance(data, dict) else {}
    saved = record.get("saved")
    if "Date" not in tags and isinstance(saved, str) \
            and re.fullmatch(r"\d{4}-\d\d-\d\d([T ].*)?", saved):
        tags["Date"] = saved[:10].replace("-", ".")
    return tags


# --- PDN -------------------------------------------------------------------------------------
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


def _declare(play: BoardPlay, end: Mapping[str, Any]) -> None:
    try:
        termination = Termination(end.get("termination"))
    except ValueError:
        raise RecordError("bad end of game") from None
    winner_text = end.get("winner")
    winner = None if winner_text is None else _color(winner_text)
    if termination is Termination.RESIGNATION and winner is None:
        raise RecordError("bad end of game")
    if termination not in (Termination.RESIGNATION, Termination.AGREEMENT,
                           Termination.TIME_FORFEIT):
        raise RecordError("bad end of game")
    play.game.record_end(Outcome(termination, winner))


# --- Chapaev ---------------------------------------------------------------------------------
def _disc(disc: tuple[Color, int]) -> str:
    return f"{disc[0].value}{disc[1]}"


def _parse_disc(text: Any) -> tuple[Color, int]:
    if not isinstance(text, str) or len(text) < 2 or text[0] not in "WB" \
            or not text[1:].isdigit() or int(text[1:]) > 7:
        raise RecordError(f"not a piece: {str(text)[:20]!r}")
    return (Color(text[0]), int(text[1:]))


def _state_json(state: Any) -> list[list[Any]]:
    return [[_disc(d), x, y, a] for d, x, y, a in state.discs]


def _state_from(data: Any) -> Any:
    from physics import TableState

    if not isinstance(data, list) or len(data) > 16:
        raise RecordError("a table is a list of at most 16 pieces")
    discs = []
    seen = set()
    for item in data:
        if not (isinstance(item, list) and len(item) == 4):
            raise RecordError("a piece on the table is [piece, x, y, angle]")
        disc = _parse_disc(item[0])
        numbers = item[1:]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                   and math.isfinite(v) for v in numbers):
            raise RecordError("a piece's place is not a number")
        if not (0.0 <= numbers[0] <= 8.0 and 0.0 <= numbers[1] <= 8.0) or disc in seen:
            raise RecordError("a piece off the board, or twice on it")
        seen.add(disc)
        discs.append((disc, float(numbers[0]), float(numbers[1]), float(numbers[2])))
    return TableState(tuple(discs))


def chapaev_options_json(options: ChapaevOptions) -> dict[str, Any]:
    return {"extra_shot": options.extra_shot.value, "both_cleared": options.both_cleared.value,
            "prisoners": options.prisoners, "board_view": options.board_view.value}


def chapaev_options_from(data: Any) -> ChapaevOptions:
    data = _obj(data, "options")
    try:
        return ChapaevOptions(ExtraShot(data.get("extra_shot", "striker_stays")),
                              BothCleared(data.get("both_cleared", "draw")),
                              bool(data.get("prisoners", False) is True),
                              BoardView(data.get("board_view", "fixed")))
    except ValueError as error:
        raise RecordError(f"bad Chapaev options: {error}") from None


def record_of_chapaev(play: ChapaevPlay, *, aim: str | None = None) -> dict[str, Any]:
    """The match as a record: options, every shot with the table after it, the reports the
    match was told (shots and pieces set by hand), and the table now."""
    match = play.match
    winner = match.winner
    shots = [{"round": r.round_number, "disc": _disc(r.shot.disc),
              "dir": [r.shot.direction[0], r.shot.direction[1]],
              "strength": r.shot.strength, "fell": [_disc(d) for d in r.fallen],
              "next": r.next.value, "after": _state_json(r.after)} for r in play.shots]
    reports = [[rep.striker_color.value, [_disc(d) for d in rep.fell], rep.striker_stayed]
               for rep in match.reports]
    table = _state_json(play.table.state()) if play.table.is_at_rest and not play.in_shot \
        else None
    record: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "game": "chapaev",
        "seats": describe_seats(play.seats),
        "result": "*" if winner is None else ("2-0" if winner is Color.WHITE else "0-2"),
        "finished": match.is_over,
        "view": {"aim": aim} if aim else {},
        "chapaev": {
            "options": chapaev_options_json(match.options),
            "shots": shots,
            "reports": reports,
            "resigned": winner.other.value if match.resigned and winner is not None else None,
            "table": table,
        },
    }
    return record


def chapaev_from_record(record: Mapping[str, Any], *, with_seats: bool = True) -> ChapaevPlay:
    """The match a record holds, between two shots, on the table it was left on."""
    from physics import Table

    check_record(record)
    if record["game"] != "chapaev":
        raise RecordError("not a Chapaev match")
    data = _obj(record.get("chapaev"), "chapaev")
    options = chapaev_options_from(data.get("options", {}))
    raw_shots = data.get("shots", [])
    raw_reports = data.get("reports", [])
    if not isinstance(raw_shots, list) or not isinstance(raw_reports, list) \
            or len(raw_shots) > MAX_SHOTS or len(raw_reports) > MAX_SHOTS:
        raise RecordError("the shots are not a list")
    shots: list[ShotRecord] = []
    for item in raw_shots:
        item = _obj(item, "shot")
        direction = item.get("dir")
        strength = item.get("strength")
        if not (isinstance(direction, list) and len(direction) == 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
                for v in [*direction, strength if strength is not None else math.nan])):
            raise RecordError("a shot's direction or strength is not a number")
        round_number = item.get("round")
        if type(round_number) is not int or round_number < 1:
            raise RecordError("a shot's round is not a number")
        try:
            next_ = Next(item.get("next"))
        except ValueError:
            raise RecordError("a shot's outcome is unknown") from None
        fell = item.get("fell", [])
        if not isinstance(fell, list):
            raise RecordError("a shot's fallen pieces are not a list")
        shot = Shot(_parse_disc(item.get("disc")), (float(direction[0]), float(direction[1])),
                    float(strength))  # type: ignore[arg-type]
        shots.append(ShotRecord(round_number, shot, tuple(_parse_disc(d) for d in fell),
                                _state_from(item.get("after")), next_))
    match = ChapaevMatch(options)
    round_start = match.copy()
    try:
        for item in raw_reports:
            if not (isinstance(item, list) and len(item) == 3 and isinstance(item[1], list)
                    and isinstance(item[2], bool)):
                raise RecordError("a report is [side, fallen, striker stayed]")
            report = ShotReport(_color(item[0]), tuple(_parse_disc(d) for d in item[1]),
                                item[2])
            before = match.round_number
            match.record_shot(report)
            if match.round_number != before and not match.is_over:
                round_start = match.copy()
        resigned = data.get("resigned")
        if resigned is not None and not match.is_over:
            match.resign(_color(resigned))
    except RulesError as error:
        raise RecordError(f"the shots do not replay: {error}", "saves.why.moves") from None
    seats = seats_from(record.get("seats")) if with_seats else None
    play = ChapaevPlay(options, match=match, seats=seats)
    play.shots = shots
    play.round_start = round_start
    table = data.get("table")
    state = None
    if table is not None:
        state = _state_from(table)
    elif shots and (shots[-1].round_number == match.round_number or match.is_over):
        state = shots[-1].after
    if match.is_over:
        play.round_result = match.round_result
        if state is None and shots:
            state = shots[-1].after
    if state is not None:
        on_board = set(match.pieces_on_board())
        if not match.is_over and {d for d, *_ in state.discs} != on_board:
            raise RecordError("the table does not match the shots")
        play.table = Table.from_state(state, play.config)
    if shots:
        play.last_verdict = None
    play.events()
    return play


# --- checks -------------------------------------------------------------------------------
def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _obj(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{what} is not an object")
    return value


def _texts(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or len(value) > MAX_MOVES or \
            not all(isinstance(t, str) and len(t) <= 200 for t in value):
        raise RecordError(f"{what} is not a list of moves")
    return value


def _color(value: Any) -> Color:
    if value not in ("W", "B"):
        raise RecordError(f"not a side: {str(value)[:10]!r}")
    return Color(value)


def check_record(record: Any) -> None:
    """Raise RecordError unless ``record`` looks like a saved game of ours of a version we
    read."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError("not a saved game of Shashki", "saves.why.foreign")
    version = record.get("version")
    if type(version) is not int or version > VERSION or version < 1:
        raise RecordError(f"saved by a newer version ({str(version)[:10]})", "saves.why.newer")
    if record.get("game") not in GAMES:
        raise RecordError("an unknown game", "saves.why.foreign")


def play_from_record(record: Mapping[str, Any]) -> BoardPlay | ChapaevPlay:
    check_record(record)
    if record["game"] == "chapaev":
        return chapaev_from_record(record)
    return board_from_record(record)


def summarize(record: Mapping[str, Any], *, name: str = "", saved: str = "") -> Summary:
    """The Games screen's line for a record, from the record alone (no replay)."""
    check_record(record)
    seats = _dict(record.get("seats"))
    tags = _dict(record.get("tags"))
    named = [tags.get(t) for t in ("White", "Black")]
    players = tuple(n if isinstance(n, str) and n not in ("", "?") else player_label(seats.get(s))
                    for n, s in zip(named, ("white", "black")))
    result = str(record.get("result"))
    result = result if result in ("2-0", "0-2", "1-1", "*") else "*"
    picture: dict[str, Any] = {}
    if record["game"] == "chapaev":
        data = _dict(record.get("chapaev"))
        table = data.get("table")
        if table is None and isinstance(data.get("shots"), list) and data["shots"]:
            last = data["shots"][-1]
            table = last.get("after") if isinstance(last, dict) else None
        picture = {"discs": table if isinstance(table, list) else None}
    else:
        picture = {"fen": record.get("fen") if isinstance(record.get("fen"), str) else None}
    return Summary(record["game"], name or str(record.get("name") or ""), (players[0], players[1]),
                   saved or str(record.get("saved") or ""), result,
                   bool(record.get("finished") is True), picture)
