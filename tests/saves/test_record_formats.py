"""Saving by game: each kind of game writes and reads its record in a module of its own, which
game/play/records.py picks by the game's kind. Games saved by the one module that held both
formats before the split (``data/records_before_the_split.json``, written by it at commit
4bf2dda: every board game of the registry with a chess clock, moves taken back and the
computer in a seat, or resigned with PDN tags; an agreed draw, a set-up start with фук, a small
Apokachi board; Chapaev matches on table 1 and table 2, with a troops campaign, the swamp and
the pie rule, and resigned) open as they did, are written again the same, and are listed on
the Games screen as they were."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import BOARD_RECORDS
from game.play.chapaev_record import CHAPAEV_RECORDS
from game.play.record_format import GAMES, RecordError
from game.play.records import FORMATS, Summary, play_from_record, record_of, records_of_game, \
    summarize
from game.rules import VARIANTS

BEFORE = json.loads((Path(__file__).parent / "data" / "records_before_the_split.json")
                    .read_text(encoding="utf-8"))
SAVED = "2026-12-06T03:50:00"  # the time the fixtures' lines were made with


def test_the_games_saved_before_hold_every_game_and_both_versions() -> None:
    records = [case["record"] for case in BEFORE]
    # a game added to the box after the split (Italian) had no game saved before it
    added_since = {"italian"}
    assert {r["game"] for r in records} == (set(VARIANTS) - added_since) | {"chapaev"}
    assert {r["version"] for r in records} == {1, 2}
    tables = {r["chapaev"].get("table_version") for r in records if r["game"] == "chapaev"}
    assert tables == {None, 2}  # a match of table 1 names no table


@pytest.mark.parametrize("case", BEFORE, ids=[case["name"] for case in BEFORE])
def test_a_game_saved_before_the_split_opens_where_it_was_and_is_saved_the_same(
        case: dict[str, Any]) -> None:
    record = case["record"]
    play = play_from_record(record)
    try:
        assert play.kind == ("chapaev" if record["game"] == "chapaev" else "board")
        assert (play.game_key, play.result, play.is_over) == (
            record["game"], record["result"], record["finished"])
        assert record_of(play, **record["view"]) == record
    finally:
        play.close()


@pytest.mark.parametrize("case", BEFORE, ids=[case["name"] for case in BEFORE])
def test_a_game_saved_before_the_split_is_listed_as_it_was(case: dict[str, Any]) -> None:
    line = summarize(case["record"], name=case["name"], saved=SAVED).to_json()
    assert line == case["summary"]
    assert Summary.from_json(line).to_json() == line  # the Games screen's index read back


def test_each_game_is_read_by_one_format_and_each_kind_written_by_its_own() -> None:
    for game in GAMES:
        assert [f for f in FORMATS if game in f.games] == [records_of_game(game)]
    assert set(BOARD_RECORDS.games) == set(VARIANTS)  # a game added to the registry too
    assert CHAPAEV_RECORDS.games == ("chapaev",)
    assert sorted(f.kind for f in FORMATS) == sorted((BoardPlay.kind, ChapaevPlay.kind))
    with pytest.raises(RecordError):
        records_of_game("chess")


def test_a_play_is_written_by_the_format_of_its_kind() -> None:
    board, match = BoardPlay("russian"), ChapaevPlay()
    assert "board" in record_of(board, flip_each_move=True) and \
        record_of(board, flip_each_move=True)["view"] == {"flip_each_move": True}
    assert "chapaev" in record_of(match, aim="line") and \
        record_of(match, aim="line")["view"] == {"aim": "line"}
    with pytest.raises(TypeError):
        BOARD_RECORDS.write(match, {})  # a table handed to the board's writer is refused
