"""A Chapaev match's record: the match in play as a JSON object and back.

The record (see README.md, "Saved games") holds the match's options, every shot with the
table after it (and before it where that is not the last one's), the reports the match was
told (shots, and pieces set by hand), the pie rule's answer, a resignation, the table now and
the version of the table it is played on (``table_version``: none said is table 1, so an old
match replays on the table it was played on). :func:`record_of_chapaev` /
:func:`chapaev_from_record` turn one into the other.

Pure: no pygame, no files. Nothing read is ever evaluated: only JSON values are looked at.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from game.play.chapaev_kinds import TABLE_SIDES, kinds_of
from game.play.chapaev_play import ChapaevPlay, ShotRecord, table_for
from game.play.positions import TableProblem, check_table, parse_disc
from game.play.protocol import Play
from game.play.record_format import FORMAT, VERSION, GameRecords, RecordError, check_record, \
    describe_seats, dict_or_empty, object_of, seats_from, side_of
from game.rules.chapaev import BoardView, BothCleared, Campaign, ChapaevMatch, ChapaevOptions, \
    ExtraShot, Next, RoundSetup, ShotReport, Troop
from game.rules.core import Color, RulesError
from physics import Press, Shot
from physics.config import TABLES, table_version

MAX_SHOTS = 5_000


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
    data = object_of(data, "options")
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
    item = object_of(item, "shot")
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
    data = object_of(record.get("chapaev"), "chapaev")
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
            report = ShotReport(side_of(item[0]), tuple(_parse_disc(d) for d in item[1]),
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
            match.resign(side_of(resigned))
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


# --- the face the records ask ----------------------------------------------------------------
def chapaev_options(record: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """What a record's match was started with that differs from the classic match, read from
    the record alone, without a replay (nothing if its options cannot be read)."""
    try:
        return unusual_chapaev_options(chapaev_options_from(
            dict_or_empty(record.get("chapaev")).get("options", {})))
    except RecordError:
        return ()


def table_now(record: Mapping[str, Any]) -> Any:
    """The table a record's match was left on as the record keeps it (the last shot's table
    if it keeps none of its own)."""
    data = dict_or_empty(record.get("chapaev"))
    table = data.get("table")
    if table is None and isinstance(data.get("shots"), list) and data["shots"]:
        last = data["shots"][-1]
        table = last.get("after") if isinstance(last, dict) else None
    return table


def table_picture(discs: Any) -> dict[str, Any]:
    """A Games screen picture of a table that passes :func:`check_table` as a picture
    (``{"discs": [...]}``); else the empty picture (None)."""
    try:  # a wide board's swamp and the bayonet fight's pieces lying over others too
        checked = check_table(discs, picture=True)
    except TableProblem:
        return {"discs": None}
    return {"discs": [[_disc(d), x, y, a] for d, x, y, a in checked]}


def _write(play: Play, view: Mapping[str, Any]) -> dict[str, Any]:
    # the one place a match's record asks for the table: it writes the shots
    if not isinstance(play, ChapaevPlay):
        raise TypeError(f"no Chapaev record of {type(play).__name__}")
    return record_of_chapaev(play, aim=view.get("aim"))


def _read(record: Mapping[str, Any], with_seats: bool) -> Play:
    return chapaev_from_record(record, with_seats=with_seats)


#: Chapaev's record format, as :mod:`game.play.records` asks it
CHAPAEV_RECORDS = GameRecords(
    kind=ChapaevPlay.kind, games=("chapaev",), write=_write, read=_read, position=table_now,
    picture_key="discs", picture=table_picture, options=chapaev_options)
