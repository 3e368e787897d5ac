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
from game.play.chapaev_play import ChapaevPlay, ShotRecord, table_for
from game.play.chapaev_kinds import TABLE_SIDES, kinds_of
from game.play.positions import TableProblem, check_table, parse_disc
from game.play.protocol import Play
from game.play.seats import Person, Seat
from game.rules import VARIANTS, find_variant
from game.rules.chapaev import BoardView, BothCleared, Campaign, ChapaevMatch, ChapaevOptions, \
    ExtraShot, Next, RoundSetup, ShotReport, Troop
from game.rules.core import Color, Outcome, RulesError, Termination, same_value
from game.rules.text import clean
from physics import Press, Shot
from physics.config import TABLES, table_version

FORMAT = "shashki-game"
VERSION = 2
"""The newest version read and written. Version 2 added Chapaev's troops campaigns, the swamp
and the bayonet press; a record that uses none of them is still written as version 1, which
older builds read."""
#: the games a record may hold: every board game of the registry, and Chapaev
BOARD_GAMES: tuple[str, ...] = tuple(VARIANTS)
GAMES = (*BOARD_GAMES, "chapaev")
MAX_MOVES = 20_000  # more moves than any game has: not a record of ours
MAX_SHOTS = 5_000
#: how much of a name, a player or a date the Games screen's line keeps (a hostile 1 MB name
#: costs nothing to list or draw)
SUMMARY_CHARS = 300
MAX_FEN_CHARS = 1_000  # a FEN of 40 pieces is under 200 characters
#: the most PDN tags a record keeps (a game's own are a dozen; a record from a stranger, a
#: file or a host over the network, may hold thousands, which every save would write again)
MAX_TAGS = 64
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
        return cls(data["game"], _short(data["name"]), (_short(players[0]), _short(players[1])),
                   _short(data["saved"]), data["result"], data["finished"],
                   picture_of(data["game"], picture.get("discs") if data["game"] == "chapaev"
                              else picture.get("fen")),
                   _options_from(data.get("options", [])), flags[0], flags[1])


#: the most options a summary lists, and how long a name or a text value of one may be
MAX_SUMMARY_OPTIONS = 12
_OPTION_CHARS = 40


def _plain_option(value: Any) -> bool:
    """A value an option may have in a summary: None, a truth, a number of sensible size
    (a move limit of a billion moves is no game's), a short text."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, (int, float)):
        return math.isfinite(value) and abs(value) <= 1e9
    return isinstance(value, str) and len(value) <= _OPTION_CHARS


def _options_from(data: Any) -> tuple[tuple[str, Any], ...]:
    """A summary's options from the index, checked: ``[[name, value], ...]``."""
    if not isinstance(data, list) or len(data) > MAX_SUMMARY_OPTIONS:
        raise RecordError("bad summary options")
    out = []
    for pair in data:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
                and len(pair[0]) <= _OPTION_CHARS and _plain_option(pair[1])):
            raise RecordError("bad summary options")
        out.append((pair[0], pair[1]))
    return tuple(out)


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
        if not same_value(value, spec.default) and _plain_option(value):
            out.append((spec.name, value))
    return tuple(out)


def unusual_chapaev_options(options: ChapaevOptions) -> tuple[tuple[str, Any], ...]:
    """A Chapaev match's rules that differ from the classic match (the board's view is how
    it is shown, not a rule)."""
    usual = ChapaevOptions()
    out: list[tuple[str, Any]] = []
    if options.campaign is not usual.campaign:
        out.append(("campaign", options.campaign.value))
    if options.swamp:
        out.append(("swamp", True))
    if options.prisoners:
        out.append(("prisoners", True))
    if options.extra_shot is not usual.extra_shot:
        out.append(("extra_shot", options.extra_shot.value))
    if options.both_cleared is not usual.both_cleared:
        out.append(("both_cleared", options.both_cleared.value))
    return tuple(out)


def game_options(record: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """What a record's game was started with that differs from the game's usual rules: its
    unusual options, a chess clock (``("clock", "5+3")``) and a set-up start position
    (``("start", True)``); read from the record alone, without a replay."""
    if record.get("game") == "chapaev":
        try:
            return unusual_chapaev_options(chapaev_options_from(
                _dict(record.get("chapaev")).get("options", {})))
        except RecordError:
            return ()
    board = _dict(record.get("board"))
    out = list(unusual_options(record["game"], _dict(board.get("options"))))
    control = _dict(board.get("clock")).get("control")
    if isinstance(control, str):
        try:
            out.append(("clock", _clock_spec(control).label()))
        except RecordError:
            pass
    if board.get("start") is not None:
        out.append(("start", True))
    return tuple(out[:MAX_SUMMARY_OPTIONS])


def _short(text: str, limit: int = SUMMARY_CHARS) -> str:
    """``text`` cut to ``limit`` characters (a line of a list, not a book)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def picture_of(game: str, value: Any) -> dict[str, Any]:
    """A Games screen picture that can be drawn: a Chapaev table that passes
    :func:`check_table` as a picture (``{"discs": [...]}``), a FEN of sensible length (``{"fen": ...}``);
    else the empty picture of the game (None)."""
    if game == "chapaev":
        try:  # a wide board's swamp and the bayonet fight's pieces lying over others too
            discs = check_table(value, picture=True)
        except TableProblem:
            return {"discs": None}
        return {"discs": [[_disc(d), x, y, a] for d, x, y, a in discs]}
    return {"fen": value if isinstance(value, str) and len(value) <= MAX_FEN_CHARS else None}


# --- seats -----------------------------------------------------------------------------------
def describe_seats(seats: Mapping[Color, Seat]) -> dict[str, dict[str, object]]:
    return {name: seats[color].describe() for name, color in _SIDES.items()}


def seats_from(data: Any, *, chapaev: bool = False) -> dict[Color, Seat]:
    """The seats a record names: a person, or the computer at its level (the Chapaev
    computer for a Chapaev match); anything else (a script, a random player, a remote peer
    that is gone) comes back as a person."""
    if chapaev:
        from game.ai.chapaev import LEVELS as SHOT_LEVELS
        from game.play.chapaev_computer import ChapaevComputer
        levels: Any = SHOT_LEVELS
    else:
        from game.ai.levels import LEVELS as BOARD_LEVELS
        from game.play.computer import ComputerPlayer
        levels = BOARD_LEVELS

    seats: dict[Color, Seat] = {}
    data = data if isinstance(data, dict) else {}
    for name, color in _SIDES.items():
        seat = data.get(name)
        level = seat.get("level") if isinstance(seat, dict) else None
        # an outside engine's seat comes back as our computer at the level that was to
        # play on if it failed (the screen gives the engine its seat back if still chosen)
        if isinstance(seat, dict) and seat.get("kind") in ("computer", "hub") \
                and type(level) is int and level in levels:
            seats[color] = ChapaevComputer(level) if chapaev else ComputerPlayer(level)
        else:
            seats[color] = Person()
    return seats


def player_label(seat: Any) -> str:
    if isinstance(seat, dict) and seat.get("kind") == "computer":
        level = seat.get("level")
        return f"computer {level}" if type(level) is int and 0 < level < 100 else "computer"
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
    board = _obj(record.get("board"), "board")
    options = _obj(board.get("options", {}), "options")
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
            clock_data = _obj(clock_data, "clock")
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
    end = _obj(data, "end")
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
    return Outcome(termination, winner)


# --- Chapaev ---------------------------------------------------------------------------------
def _disc(disc: tuple[Color, int]) -> str:
    return f"{disc[0].value}{disc[1]}"


def _parse_disc(text: Any) -> tuple[Color, int]:
    try:
        return parse_disc(text)
    except TableProblem as error:
        raise RecordError(str(error)) from None


def _state_json(state: Any) -> list[list[Any]]:
    return [[_disc(d), x, y, a] for d, x, y, a in state.discs]


def _stacks_json(state: Any) -> list[list[str]]:
    return [[_disc(top), _disc(below)] for top, below in state.stacks]


def _stacks_from(stacks: Any) -> tuple[tuple[tuple[Color, int], tuple[Color, int]], ...]:
    """The pieces lying partly over others, ``[[top, below], ...]``: each over an enemy's."""
    if stacks is None:
        return ()
    if not isinstance(stacks, list) or len(stacks) > 8:
        raise RecordError("the pieces lying over others are not a list")
    pairs = []
    for pair in stacks:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise RecordError("a piece lying over another is [piece, piece]")
        top, below = _parse_disc(pair[0]), _parse_disc(pair[1])
        if top[0] is below[0]:
            raise RecordError("a piece lies over a piece that is not an enemy's")
        pairs.append((top, below))
    return tuple(pairs)


def _state_from(data: Any, stacks: Any = None, setup: RoundSetup | None = None) -> Any:
    """A table from its JSON list of pieces (and the pieces lying over others), with the
    troops and swamp of the round it belongs to (``setup``), checked like every table
    (:func:`check_table`: on the board or its swamp, no two pieces on top of each other but
    those lying one over the other)."""
    from physics import TableState

    pairs = _stacks_from(stacks)
    troops = setup.troops if setup is not None else None
    swamp = setup.swamp if setup is not None else None
    try:
        discs = check_table(data, troops=troops, swamp=swamp, stacks=pairs)
    except TableProblem as error:
        raise RecordError(f"bad table: {error}") from None
    seen = {d for d, *_ in discs}
    if any(top not in seen or below not in seen for top, below in pairs):
        raise RecordError("a piece lies over a piece that is not on the table")
    if setup is None:
        return TableState(discs, stacks=pairs, sides=TABLE_SIDES)
    return TableState(discs, kinds_of(setup.troops), setup.swamp, pairs, TABLE_SIDES)


def chapaev_options_json(options: ChapaevOptions) -> dict[str, Any]:
    out: dict[str, Any] = {
        "extra_shot": options.extra_shot.value, "both_cleared": options.both_cleared.value,
        "prisoners": options.prisoners, "board_view": options.board_view.value}
    if options.campaign is not Campaign.OFF:
        out["campaign"] = options.campaign.value
        out["troops"] = [t.value for t in options.troops]
    if options.swamp:
        out["swamp"] = True
    if options.pie_rule:
        out["pie_rule"] = True
    return out


def chapaev_options_from(data: Any) -> ChapaevOptions:
    data = _obj(data, "options")
    troops = data.get("troops", [t.value for t in ChapaevOptions().troops])
    if not isinstance(troops, list) or len(troops) > 20:
        raise RecordError("bad Chapaev options: the troops are not a list")
    try:
        return ChapaevOptions(ExtraShot(data.get("extra_shot", "striker_stays")),
                              BothCleared(data.get("both_cleared", "draw")),
                              bool(data.get("prisoners", False) is True),
                              BoardView(data.get("board_view", "fixed")),
                              Campaign(data.get("campaign", "off")),
                              tuple(Troop(t) for t in troops),
                              bool(data.get("swamp", False) is True),
                              bool(data.get("pie_rule", False) is True))
    except (ValueError, TypeError) as error:
        raise RecordError(f"bad Chapaev options: {error}") from None


def _uses_variants(play: ChapaevPlay) -> bool:
    """The match needs version 2 to be read: a campaign, the wide board or a press."""
    options = play.match.options
    return options.campaign is not Campaign.OFF or options.swamp or options.pie_rule or \
        any(isinstance(r.shot, Press) for r in play.shots)


def _round_setups(options: ChapaevOptions, reports: list[ShotReport],
                  pie: bool | None = None) -> dict[int, RoundSetup]:
    """Every round's setup, by round number, from the reports the match was told (and the
    pie rule's answer, given where it was)."""
    match = ChapaevMatch(options)
    setups = {match.round_number: match.setup()}
    for report in reports:
        if match.is_over:
            break
        if match.pie_pending:
            match.decide_pie(bool(pie))
        match.record_shot(report)
        if not match.is_over and match.round_number not in setups:
            setups[match.round_number] = match.setup()
    return setups


def _start_of(index: int, shots: list[ShotRecord], setups: dict[int, RoundSetup],
              starts: dict[int, Any]) -> Any:
    """The table shot ``index`` would have started from had nothing been set by hand: the
    last shot's table in the same round, else the round's own setup."""
    record = shots[index]
    if index > 0 and shots[index - 1].round_number == record.round_number:
        return shots[index - 1].after
    number = record.round_number
    if number not in starts and number in setups:
        starts[number] = table_for(setups[number]).state()
    return starts.get(number)


def record_of_chapaev(play: ChapaevPlay, *, aim: str | None = None) -> dict[str, Any]:
    """The match as a record: options, every shot with the table after it (and the table
    before it where that is not the last one's), the reports the match was told (shots and
    pieces set by hand), and the table now."""
    match = play.match
    winner = match.winner
    setups = _round_setups(match.options, list(match.reports), match.pie_swapped)
    starts: dict[int, Any] = {}
    shots = []
    for index, r in enumerate(play.shots):
        item: dict[str, Any] = {"round": r.round_number, "disc": _disc(r.shot.disc)}
        if isinstance(r.shot, Press):
            item["press"] = True
        else:
            item["dir"] = [r.shot.direction[0], r.shot.direction[1]]
        item.update({"strength": r.shot.strength, "fell": [_disc(d) for d in r.fallen],
                     "next": r.next.value, "after": _state_json(r.after)})
        if r.after.stacks:
            item["stacks"] = _stacks_json(r.after)
        if r.rocked:
            item["rocked"] = True
        if r.before is not None and r.before != _start_of(index, play.shots, setups, starts):
            item["before"] = _state_json(r.before)
            if r.before.stacks:
                item["before_stacks"] = _stacks_json(r.before)
        shots.append(item)
    reports = [[rep.striker_color.value, [_disc(d) for d in rep.fell], rep.striker_stayed]
               + ([True] if rep.rocked else []) for rep in match.reports]
    now = play.table.state() if play.table.is_at_rest and not play.in_shot else None
    table = _state_json(now) if now is not None else None
    record: dict[str, Any] = {
        "format": FORMAT, "version": VERSION if _uses_variants(play) else 1,
        "game": "chapaev",
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
    version = table_version(play.config)
    if version is not None and version != 1:  # the table it is played on (none said: 1)
        record["chapaev"]["table_version"] = version
    if match.pie_swapped is not None:  # the pie rule's answer: Black took White's side or not
        record["chapaev"]["pie"] = "swap" if match.pie_swapped else "keep"
    if now is not None and now.stacks:
        record["chapaev"]["table_stacks"] = _stacks_json(now)
    return record


def _shot_from(item: Any) -> tuple[Shot | Press, int, Next, list[Any]]:
    item = _obj(item, "shot")
    strength = item.get("strength")
    if not (isinstance(strength, (int, float)) and not isinstance(strength, bool)
            and math.isfinite(strength)):
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
    disc = _parse_disc(item.get("disc"))
    if item.get("press") is True:
        return Press(disc, float(strength)), round_number, next_, fell
    direction = item.get("dir")
    if not (isinstance(direction, list) and len(direction) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            for v in direction)):
        raise RecordError("a shot's direction or strength is not a number")
    return (Shot(disc, (float(direction[0]), float(direction[1])), float(strength)),
            round_number, next_, fell)


def chapaev_from_record(record: Mapping[str, Any], *, with_seats: bool = True) -> ChapaevPlay:
    """The match a record holds, between two shots, on the table it was left on."""
    from physics import Table

    check_record(record)
    if record["game"] != "chapaev":
        raise RecordError("not a Chapaev match")
    data = _obj(record.get("chapaev"), "chapaev")
    options = chapaev_options_from(data.get("options", {}))
    version = data.get("table_version", 1)
    if type(version) is not int or version not in TABLES:
        raise RecordError("a table this build does not know", "saves.why.newer")
    raw_shots = data.get("shots", [])
    raw_reports = data.get("reports", [])
    if not isinstance(raw_shots, list) or not isinstance(raw_reports, list) \
            or len(raw_shots) > MAX_SHOTS or len(raw_reports) > MAX_SHOTS:
        raise RecordError("the shots are not a list")
    match = ChapaevMatch(options)
    round_start = match.copy()
    setups = {match.round_number: match.setup()}
    pie = data.get("pie")
    if pie not in (None, "swap", "keep"):
        raise RecordError("the pie rule's answer is neither swap nor keep")
    try:
        for item in raw_reports:
            if match.pie_pending:
                if pie is None:
                    raise RecordError("the pie rule's answer is missing", "saves.why.moves")
                match.decide_pie(pie == "swap")
            if not (isinstance(item, list) and len(item) in (3, 4)
                    and isinstance(item[1], list) and isinstance(item[2], bool)
                    and (len(item) == 3 or isinstance(item[3], bool))):
                raise RecordError("a report is [side, fallen, striker stayed]")
            report = ShotReport(_color(item[0]), tuple(_parse_disc(d) for d in item[1]),
                                item[2], len(item) == 4 and item[3])
            before = match.round_number
            match.record_shot(report)
            if match.round_number != before and not match.is_over:
                round_start = match.copy()
                setups[match.round_number] = match.setup()
        if match.pie_pending and pie is not None:
            match.decide_pie(pie == "swap")
        resigned = data.get("resigned")
        if resigned is not None and not match.is_over:
            match.resign(_color(resigned))
    except RulesError as error:
        raise RecordError(f"the shots do not replay: {error}", "saves.why.moves") from None
    shots: list[ShotRecord] = []
    starts: dict[int, Any] = {}
    for item in raw_shots:
        shot, round_number, next_, fell = _shot_from(item)
        setup = setups.get(round_number)
        if setup is None:
            raise RecordError("a shot of a round the match never played", "saves.why.moves")
        after = _state_from(item.get("after"), item.get("stacks"), setup)
        shots.append(ShotRecord(round_number, shot, tuple(_parse_disc(d) for d in fell),
                                after, next_, None, item.get("rocked") is True))
        index = len(shots) - 1
        if "before" in item:
            before = _state_from(item["before"], item.get("before_stacks"), setup)
        else:
            before = _start_of(index, shots, setups, starts)
        shots[index] = ShotRecord(round_number, shot, shots[index].fallen, after, next_,
                                  before, shots[index].rocked)
    seats = seats_from(record.get("seats"), chapaev=True) if with_seats else None
    play = ChapaevPlay(options, match=match, seats=seats, config=TABLES[version])
    play.shots = shots
    play.round_start = round_start
    table = data.get("table")
    now_setup = setups.get(match.round_number) or (setups[shots[-1].round_number]
                                                   if shots else match.setup())
    state = None
    if table is not None:
        try:
            state = _state_from(table, data.get("table_stacks"), now_setup)
        except RecordError:
            # saved as a round ended: the table is that round's (a piece may still stand on
            # a swamp the next round no longer has)
            ended = setups.get(shots[-1].round_number) if shots else None
            if ended is None or ended == now_setup:
                raise
            state = _state_from(table, data.get("table_stacks"), ended)
    elif shots and (shots[-1].round_number == match.round_number or match.is_over):
        state = shots[-1].after
    if match.is_over:
        play.round_result = match.round_result
        if state is None and shots:
            state = shots[-1].after
    if state is not None and _between_rounds(match, shots, state):
        state = None  # saved as a round ended: the next round begins on its own setup
    if state is not None:
        on_board = set(match.pieces_on_board())
        if not match.is_over and {d for d, *_ in state.discs} != on_board:
            raise RecordError("the table does not match the shots")
        play.table = Table.from_state(state, play.config)
    if shots:
        play.last_verdict = None
    play.events()
    return play


def _between_rounds(match: ChapaevMatch, shots: list[ShotRecord], state: Any) -> bool:
    """Whether the table is the one a round ended on, saved before the next round was set up
    (the last shot ended a round of the match that goes on, and the table is that shot's)."""
    if match.is_over or not shots or shots[-1].round_number >= match.round_number:
        return False
    return {d for d, *_ in state.discs} == {d for d, *_ in shots[-1].after.discs}


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


def play_from_record(record: Mapping[str, Any], *, with_seats: bool = True) -> Play:
    """The game a record holds, replayed (RecordError naming what does not replay)."""
    check_record(record)
    if record["game"] == "chapaev":
        return chapaev_from_record(record, with_seats=with_seats)
    return board_from_record(record, with_seats=with_seats)


def record_of(play: Play, **view: Any) -> dict[str, Any]:
    """The game in play as a record, with how it is shown: a board game's
    ``flip_each_move`` and PDN ``tags``, a match's ``aim``. (The one place that asks which
    kind of game it is: the board's record and the table's are written apart.)"""
    if isinstance(play, BoardPlay):
        return record_of_board(play, flip_each_move=bool(view.get("flip_each_move")),
                               tags=view.get("tags"))
    if isinstance(play, ChapaevPlay):
        return record_of_chapaev(play, aim=view.get("aim"))
    raise TypeError(f"no record of {type(play).__name__}")


def summarize(record: Mapping[str, Any], *, name: str = "", saved: str = "",
              named: bool | None = None) -> Summary:
    """The Games screen's line for a record, from the record alone (no replay). ``named``:
    whether the player named the game (by default, what the record says)."""
    check_record(record)
    seats = _dict(record.get("seats"))
    tags = _dict(record.get("tags"))
    tagged = [tags.get(t) for t in ("White", "Black")]
    players = tuple(_short(n) if isinstance(n, str) and n not in ("", "?")
                    else player_label(seats.get(s)) for n, s in zip(tagged, ("white", "black")))
    result = record.get("result")
    result = result if result in ("2-0", "0-2", "1-1", "*") else "*"
    if record["game"] == "chapaev":
        data = _dict(record.get("chapaev"))
        table = data.get("table")
        if table is None and isinstance(data.get("shots"), list) and data["shots"]:
            last = data["shots"][-1]
            table = last.get("after") if isinstance(last, dict) else None
        picture = picture_of("chapaev", table)
    else:
        picture = picture_of(record["game"], record.get("fen"))
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
