"""A PDN of a game names its players and its date, whether copied or exported, and keeps them
across saving and loading."""
from __future__ import annotations

import datetime
import json

import pytest

from game.play import BoardPlay
from game.play.board_pdn import board_pdn, pdn_tags
from game.play.board_play import pdn_date
from game.play.board_record import board_from_record, record_of_board
from game.play.computer import ComputerPlayer
from game.rules.core import Color
from game.rules.pdn import read_pdn

W, B = Color.WHITE, Color.BLACK


def _today_range() -> set[str]:
    return {pdn_date(datetime.date.today())}


def test_a_game_against_the_computer_names_both_players_and_the_day() -> None:
    days = _today_range()
    play = BoardPlay("russian", seats={B: ComputerPlayer(3)})
    days |= _today_range()  # a test run across midnight sees either day
    try:
        play.play_text("c3-d4")
        text = board_pdn(play)
    finally:
        play.close()
    tags = read_pdn(text)[0].tags
    assert tags["White"] == "Player"
    assert tags["Black"] == "Computer, level 3"
    assert tags["Date"] in days
    assert "????" not in text


def test_the_computer_on_white_at_its_level_and_the_players_language() -> None:
    play = BoardPlay("international", seats={W: ComputerPlayer(8)})
    try:
        tags = pdn_tags(play, computer="Компьютер, уровень {level}", person="Игрок")
    finally:
        play.close()
    assert (tags["White"], tags["Black"]) == ("Компьютер, уровень 8", "Игрок")


def test_names_a_file_gave_win_over_the_seats_and_an_unknown_date_stays_unknown() -> None:
    game_tags = {"White": "Sijbrands, T.", "Black": "?", "Event": "Match 1972"}
    play = BoardPlay("international", tags=game_tags)
    tags = read_pdn(board_pdn(play))[0].tags
    assert tags["White"] == "Sijbrands, T."
    assert tags["Black"] == "Player"  # "?" is no name
    assert tags["Event"] == "Match 1972"
    assert tags["Date"] == "????.??.??"  # the file did not say when; today would be a lie


def test_saving_and_loading_keeps_the_day_the_game_began() -> None:
    play = BoardPlay("english", tags={"Date": "2026.01.31", "White": "Anna"})
    play.play(play.game.legal_moves()[0])
    record = json.loads(json.dumps(record_of_board(play)))
    assert record["tags"] == {"Date": "2026.01.31", "White": "Anna"}
    back = board_from_record(record)
    tags = read_pdn(board_pdn(back))[0].tags
    assert (tags["Date"], tags["White"], tags["Black"]) == ("2026.01.31", "Anna", "Player")


def test_a_record_saved_before_games_kept_a_date_takes_the_day_it_was_saved() -> None:
    record = record_of_board(BoardPlay("russian"))
    del record["tags"]
    record["saved"] = "2025-03-08T17:45:00"
    assert read_pdn(board_pdn(board_from_record(record)))[0].tags["Date"] == "2025.03.08"
    record["saved"] = "not a date"
    assert board_from_record(record).tags == {}  # nothing made up from a bad field


def test_a_record_with_odd_tags_loads_with_the_good_ones_only() -> None:
    record = record_of_board(BoardPlay("russian"))
    record["tags"] = {"White": "Oleg", "Black": 7, "Event": "x" * 5000, "Date": "2024.05.01"}
    back = board_from_record(record)
    assert back.tags == {"White": "Oleg", "Date": "2024.05.01"}
    record["tags"] = ["not", "a", "mapping"]
    assert "White" not in board_from_record(record).tags


def test_a_tag_value_with_quotes_or_line_breaks_reads_back_the_same() -> None:
    play = BoardPlay("brazilian", tags={"White": 'Ivan "The Wall"\nPetrov', "Date": "2026.02.03"})
    assert read_pdn(board_pdn(play))[0].tags["White"] == 'Ivan "The Wall" Petrov'


def test_apokachi_is_not_written_as_pdn() -> None:
    with pytest.raises(ValueError):
        board_pdn(BoardPlay("apokachi"))
