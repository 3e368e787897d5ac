"""What a saved game's line knows besides its moves: the options it was started with, whether
the computer plays in it, whether the player named it; the index that keeps them (an older
one still lists the games); the old games "Clear old games" finds."""
from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.i18n import language, set_language
from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import record_of_board
from game.play.chapaev_record import record_of_chapaev, unusual_chapaev_options
from game.play.clock import ClockSpec
from game.play.computer import ComputerPlayer
from game.play.record_format import RecordError
from game.play.records import Summary, summarize
from game.rules import VARIANTS, find_variant
from game.rules.chapaev import BothCleared, Campaign, ChapaevOptions, ExtraShot
from game.rules.core import Color
from game.saves import INDEX_VERSION, Saves, player_named
from game.ui.option_words import option_word, option_words


@pytest.fixture
def english() -> Iterator[None]:
    before = language()
    set_language("en")
    yield
    set_language(before)


def _russian(options: dict[str, Any] | None = None, *, computer: bool = False,
             clock: ClockSpec | None = None, moves: tuple[str, ...] = ("c3-d4",)
             ) -> dict[str, Any]:
    play = BoardPlay("russian", options,
                     seats={Color.BLACK: ComputerPlayer(3)} if computer else None, clock=clock)
    for text in moves:
        play.play_text(text)
    return record_of_board(play)


def test_every_option_of_every_game_off_its_usual_value_is_worded_in_both_languages() -> None:
    before = language()
    try:
        for lang in ("ru", "en"):
            set_language(lang)
            for variant in VARIANTS:
                for spec in find_variant(variant).option_specs():
                    for choice in spec.choices:
                        if choice != spec.default or type(choice) is not type(spec.default):
                            assert option_word(spec.name, choice), (variant, spec.name, choice)
            unusual = unusual_chapaev_options(ChapaevOptions(
                ExtraShot.NEVER, BothCleared.LAST_FALLEN_WINS, True, campaign=Campaign.WINNER_CHANGES,
                swamp=True))
            assert len(option_words(unusual)) == len(unusual) == 5
    finally:
        set_language(before)


def test_a_line_knows_the_options_the_computer_and_the_players_name(english: None) -> None:
    plain = summarize(_russian())
    assert plain.options == () and not plain.computer and not plain.named
    record = _russian({"huff": True, "tournament_draws": False}, computer=True,
                      clock=ClockSpec(5, 3))
    summary = summarize(record)
    assert summary.options == (("tournament_draws", False), ("huff", True), ("clock", "5+3"))
    assert summary.computer
    assert option_words(summary.options) == ["no tournament draws", "with фук", "clock 5+3"]
    play = BoardPlay("apokachi", {"size": 7, "time_limit": None},
                     fen="W:7:Wa1,b1:Bf7,g7")
    assert option_words(summarize(record_of_board(play)).options) == [
        "7×7 board", "no game timer", "set-up position"]
    chapaev = ChapaevPlay(ChapaevOptions(campaign=Campaign.LOSER_CHANGES, swamp=True))
    assert option_words(summarize(record_of_chapaev(chapaev)).options) == ["troops", "wide board"]
    # what the index keeps comes back the same; what is not a summary's is refused
    assert Summary.from_json(json.loads(json.dumps(summary.to_json()))) == summary
    for bad in ([["huff"]], [[1, True]], [["huff", {"x": 1}]], "huff", [["a", 1]] * 13,
                [["move_limit", 10 ** 12]]):
        with pytest.raises(RecordError):
            Summary.from_json({**summary.to_json(), "options": bad})


def test_a_game_the_player_named_is_known_old_files_too(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    kept = store.keep(None, _russian())  # kept as it is played: the name it got is not chosen
    named = store.keep(None, _russian(), name="Against grandpa")
    proposed = store.keep(None, _russian(), name="Russian draughts, 01.02.2026 10:00")
    renamed = store.keep(None, _russian())
    store.rename(renamed, "Best game")
    store.keep(named, _russian(moves=("c3-d4", "f6-g5")))  # a later save keeps it named
    flags = {e.id: e.summary.named for e in store.entries() if e.summary is not None}
    assert flags == {kept: False, named: True, proposed: True, renamed: True}
    # a file of an older version says nothing: a name of its own counts as named, the name
    # every game got at its first save (in either language) does not
    for name, own in (("Russian draughts, 30.11.2025 12:00", False),
                      ("Русские шашки, 30.11.2025 12:00", False),
                      ("Партия с дедом", True), ("Chapaev, 30.11.2025 12:00", True), ("", False)):
        assert player_named({"game": "russian", "name": name}) is own, name


def _write_saved(store: Saves, game_id: str, saved: str) -> None:
    """Make a kept game look last played at ``saved`` (as a file of that day would be)."""
    path = store.games_dir / f"{game_id}.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["saved"] = saved
    path.write_text(json.dumps(record), encoding="utf-8")


def test_old_games_are_the_old_unfinished_unnamed_games_against_the_computer(
        tmp_path: Path) -> None:
    store = Saves(tmp_path)
    finished = BoardPlay("russian", seats={Color.BLACK: ComputerPlayer(2)})
    finished.play_text("c3-d4")
    finished.resign(Color.BLACK)
    games = {
        "old": store.keep(None, _russian(computer=True)),
        "named": store.keep(None, _russian(computer=True), name="Keep me"),
        "people": store.keep(None, _russian()),
        "finished": store.keep(None, record_of_board(finished)),
        "recent": store.keep(None, _russian(computer=True)),
        "eight days": store.keep(None, _russian(computer=True)),
    }
    month_ago = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(time.time() - 30 * 86400))
    for label in ("old", "named", "people", "finished"):
        _write_saved(store, games[label], month_ago)
    _write_saved(store, games["eight days"],
                 time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(time.time() - 8 * 86400)))
    assert sorted(e.id for e in store.old_games()) == sorted((games["old"], games["eight days"]))
    assert [e.id for e in store.old_games(days=10)] == [games["old"]]
    assert store.delete_many([games["old"], games["eight days"]]) == []
    assert store.old_games() == []
    assert len(store.entries()) == 4


def test_an_index_of_the_older_version_still_lists_every_game(tmp_path: Path,
                                                               english: None) -> None:
    store = Saves(tmp_path)
    huff = store.keep(None, _russian({"huff": True}, computer=True))
    plain = store.keep(None, _russian())
    # the index as the version before wrote it: no options, no computer, no name flag
    entries = {}
    for game_id in (huff, plain):
        path = store.games_dir / f"{game_id}.json"
        info = os.stat(path)
        old = summarize(json.loads(path.read_text(encoding="utf-8"))).to_json()
        for key in ("options", "computer", "named"):
            del old[key]
        entries[game_id] = {"stamp": [info.st_mtime_ns, info.st_size], "summary": old}
    store.index_path.write_text(json.dumps({"version": 2, "entries": entries}), encoding="utf-8")
    listed = {e.id: e.summary for e in Saves(tmp_path).entries()}
    assert set(listed) == {huff, plain}
    huff_line = listed[huff]
    assert huff_line is not None and huff_line.computer
    assert option_words(huff_line.options) == ["with фук"]
    index = json.loads(store.index_path.read_text(encoding="utf-8"))
    assert index["version"] == INDEX_VERSION == 3 and set(index["entries"]) == {huff, plain}
    # and the new index gives the same lines without reading the games again
    assert {e.id: e.summary for e in Saves(tmp_path).entries()} == listed
