"""Hostile and damaged files through the store's API: each case says why, costs nothing, loses
nothing (the file stays where it was, or moves aside under the name the message gives)."""
from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n import set_language, tr
from game.play import BoardPlay
from game.play.board_record import record_of_board
from game.rules import VARIANTS
from game.saves import MAX_PASTE_CHARS, SaveError, Saves, decode_text, dumps, read_pasted
from tests.saves.damage import Record, board_record, chapaev_record, damaged, sample_records

GAME_ID = "20260101-000000-abcdef"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("ru")


def _russian(*moves: str) -> Record:
    play = BoardPlay("russian")
    for text in moves:
        play.play_text(text)
    return record_of_board(play)


def _damaged_records() -> list[tuple[str, Record]]:
    rng = random.Random(20)
    return [case for record in sample_records(rng) for case in damaged(record, rng)]


DAMAGED = _damaged_records()


def test_there_are_damaged_records_of_every_game() -> None:
    games = {record["game"] for _, record in DAMAGED}
    assert games == {*VARIANTS, "chapaev"}
    assert len(DAMAGED) > 60


@pytest.mark.parametrize("what, record", DAMAGED, ids=[w for w, _ in DAMAGED])
def test_an_old_game_in_progress_that_does_not_replay_is_set_aside_and_the_notice_says_where(
        tmp_path: Path, what: str, record: Record) -> None:
    raw = dumps(record).encode()
    (tmp_path / "current.json").write_bytes(raw)
    store = Saves(tmp_path)
    store.keep(None, _russian("c3-d4"))  # the first save of the next game
    (notice,) = store.take_notices()
    text = notice.message()
    aside = tmp_path / "current.damaged.json"
    assert "current.json" in text and str(aside) in text, text
    assert "do not replay" in text or "cannot be" in text or "damaged" in text, text
    assert aside.read_bytes() == raw, "moved, byte for byte, and left there"


@pytest.mark.parametrize("what, record", DAMAGED[::3], ids=[w for w, _ in DAMAGED[::3]])
def test_a_kept_game_that_does_not_replay_is_refused_by_name_and_left_untouched(
        tmp_path: Path, what: str, record: Record) -> None:
    store = Saves(tmp_path)
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / f"{GAME_ID}.json"
    raw = dumps(record).encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError) as caught:
        store.open_game(GAME_ID)
    assert f"{GAME_ID}.json" in caught.value.message(), "the message names the file"
    assert path.read_bytes() == raw
    store.entries()
    assert path.read_bytes() == raw, "listing it changes nothing"


def test_writing_over_a_file_changed_behind_our_back_replays_it_first(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    game_id = store.keep(None, _russian("c3-d4"))
    path = store.games_dir / f"{game_id}.json"
    what, bad = next(case for case in DAMAGED if case[0] == "russian: illegal move")
    raw = dumps(bad).encode()
    path.write_bytes(raw)  # another program (or copy of the game) wrote it meanwhile
    store.keep(game_id, _russian("c3-d4", "f6-g5"))
    (notice,) = store.take_notices()
    aside = store.games_dir / f"{game_id}.damaged.json"
    assert str(aside) in notice.message() and aside.read_bytes() == raw
    assert store.load_game(game_id)["board"]["moves"] == ["c3-d4", "f6-g5"]


@pytest.mark.parametrize("where", ["shots", "after", "reports", "table"])
def test_a_superscript_digit_in_a_disc_id_is_refused_not_a_crash(tmp_path: Path,
                                                                 where: str) -> None:
    record = chapaev_record(random.Random(4))
    data = record["chapaev"]
    if where == "shots":
        data["shots"][0]["disc"] = "W²"
    elif where == "after":
        data["shots"][0]["after"][0][0] = "W²"
    elif where == "reports":
        data["reports"][0][1] = ["W²"]
    else:
        data["table"][0][0] = "W²"
    store = Saves(tmp_path)
    store.games_dir.mkdir(parents=True)
    (store.games_dir / f"{GAME_ID}.json").write_text(dumps(record))
    with pytest.raises(SaveError, match="do not replay|damaged"):
        store.open_game(GAME_ID)
    (entry,) = store.entries()
    if where == "table":
        assert entry.summary is not None
        assert entry.summary.picture == {"discs": None}, "no picture rather than a bad one"


@pytest.mark.parametrize("place", [[1.0, 2.0], {"x": 1.0}])
def test_a_table_coordinate_that_is_a_list_or_a_dict_draws_no_picture(tmp_path: Path,
                                                                      place: object) -> None:
    import pygame

    from game.ui import thumbs

    record = chapaev_record(random.Random(5))
    record["chapaev"]["table"][0][1] = place
    store = Saves(tmp_path)
    store.games_dir.mkdir(parents=True)
    (store.games_dir / f"{GAME_ID}.json").write_text(dumps(record))
    (entry,) = store.entries()
    assert entry.summary is not None
    assert entry.summary.picture == {"discs": None}
    pygame.init()
    assert thumbs.thumbnail("chapaev", entry.summary.picture, 60).get_width() > 0
    # the same through a hostile index: its picture is judged again when read
    index = json.loads(store.index_path.read_text())
    index["entries"][GAME_ID]["summary"]["picture"] = {
        "discs": [["W0", [1.0], {"y": 2}, 0.0]] * 16}
    store.index_path.write_text(json.dumps(index))
    (entry,) = Saves(tmp_path).entries()
    assert entry.summary is not None
    assert entry.summary.picture == {"discs": None}
    assert thumbs.thumbnail("chapaev", entry.summary.picture, 60).get_width() > 0


def test_sixteen_discs_at_one_point_are_refused(tmp_path: Path) -> None:
    record = chapaev_record(random.Random(6))
    table = record["chapaev"]["table"]
    for item in table:
        item[1] = item[2] = 4.0
    store = Saves(tmp_path)
    store.games_dir.mkdir(parents=True)
    (store.games_dir / f"{GAME_ID}.json").write_text(dumps(record))
    with pytest.raises(SaveError):
        store.open_game(GAME_ID)


@pytest.mark.parametrize("fen", ["W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4:Bb6"])
def test_thirteen_russian_men_are_refused_from_a_record_a_fen_tag_and_a_paste(
        tmp_path: Path, fen: str) -> None:
    record = _russian()
    record["board"]["start"] = fen
    store = Saves(tmp_path)
    store.games_dir.mkdir(parents=True)
    (store.games_dir / f"{GAME_ID}.json").write_text(dumps(record))
    with pytest.raises(SaveError, match="start position"):
        store.open_game(GAME_ID)
    with pytest.raises(SaveError, match="13 > 12"):
        read_pasted(fen)
    pdn = tmp_path / "x.pdn"
    pdn.write_text(f'[GameType "25"]\n[FEN "{fen}"]\n*\n')
    with pytest.raises(SaveError, match=r"13 > 12"):  # the rules' words, not the reader's
        store.read_pdn_file(pdn)


def test_a_file_over_the_limit_and_one_that_cannot_be_read_list_with_their_values(
        tmp_path: Path) -> None:
    store = Saves(tmp_path)
    store.games_dir.mkdir(parents=True)
    big = store.games_dir / f"{GAME_ID}.json"
    with open(big, "wb") as out:
        out.truncate(9 * 1024 * 1024)
    (store.games_dir / "20260101-000000-loop01.json").symlink_to("20260101-000000-loop02.json")
    (store.games_dir / "20260101-000000-loop02.json").symlink_to("20260101-000000-loop01.json")
    started = time.perf_counter()
    entries = store.entries()
    assert time.perf_counter() - started < 1.0
    reasons = {e.id: e.problem_message() for e in entries}
    assert reasons[GAME_ID] == f"{GAME_ID}.json is too big: 9216 KB, the limit is 8192 KB"
    assert reasons["20260101-000000-loop01"] == \
        "20260101-000000-loop01.json is a link that leads round in a loop"
    # the older screens translate the key alone: no KeyError any more
    for entry in entries:
        assert entry.problem is not None
        assert tr(entry.problem, name="")
    again = {e.id: e.problem_message() for e in Saves(tmp_path).entries()}
    assert again == reasons, "the reasons come back from the index with their values"


def test_a_300_mb_index_is_not_read(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    game_id = store.keep(None, _russian("c3-d4"))
    with open(store.index_path, "wb") as out:
        out.truncate(300 * 1024 * 1024)
    started = time.perf_counter()
    (entry,) = Saves(tmp_path).entries()
    assert time.perf_counter() - started < 2.0
    assert entry.id == game_id and entry.summary is not None
    assert store.index_path.stat().st_size < 10_000, "rebuilt"


def test_delete_on_a_folder_and_in_a_folder_that_refuses_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Saves(tmp_path)
    (store.games_dir / f"{GAME_ID}.json").mkdir(parents=True)
    with pytest.raises(SaveError) as caught:
        store.delete(GAME_ID)
    assert caught.value.message() == f"{GAME_ID}.json is a folder, not a game; it is left as it is"
    assert (store.games_dir / f"{GAME_ID}.json").is_dir()
    game_id = store.keep(None, _russian("c3-d4"))

    def refuse(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "unlink", refuse)  # a read-only folder (even for root)
    with pytest.raises(SaveError) as caught:
        store.delete(game_id)
    assert caught.value.message() == f"{game_id}.json cannot be deleted: Permission denied"
    monkeypatch.undo()
    assert store.load_game(game_id)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="a read-only folder binds only someone who is not root")
def test_a_read_only_games_folder(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    game_id = store.keep(None, _russian("c3-d4"))
    store.games_dir.chmod(0o500)
    try:
        with pytest.raises(SaveError, match="cannot be deleted"):
            store.delete(game_id)
        with pytest.raises((SaveError, OSError)):
            store.keep(None, _russian("c3-b4"))
        assert [e.id for e in store.entries()] == [game_id]
    finally:
        store.games_dir.chmod(0o700)


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_a_fifo_named_current_json_is_moved_aside_as_the_message_says(
        tmp_path: Path, kind: str) -> None:
    path = tmp_path / "current.json"
    if kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("mine")
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    store = Saves(tmp_path)
    started = time.perf_counter()
    assert store.entries() == []
    assert time.perf_counter() - started < 1.0, "a FIFO is never waited on"
    (notice,) = store.take_notices()
    aside = tmp_path / "current.damaged.json"
    assert str(aside) in notice.message() and not path.exists()
    if kind == "folder":
        assert (aside / "inside.txt").read_text() == "mine"


def test_leftover_temporary_files_are_removed_at_the_next_start(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    game_id = store.keep(None, _russian("c3-d4"))
    old = tmp_path / ".current-abcd1234.tmp"  # an older version's, from a killed write
    old.write_text("{")
    os.utime(old, (0, 0))
    dead = store.games_dir / f".{game_id}.999999999.k2j3h4g5.tmp"  # no such process
    dead.write_text("{")
    index_left = store.games_dir / ".index.999999999.abcdefgh.tmp"
    index_left.write_text("{")
    mine = store.games_dir / f".{game_id}.{os.getpid()}.zzzzzzzz.tmp"  # a write under way
    mine.write_text("{")
    Saves(tmp_path).entries()
    assert not old.exists() and not dead.exists() and not index_left.exists()
    assert mine.exists()


def test_a_hundred_kilobyte_name_and_tags_are_listed_short(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    record = record_of_board(BoardPlay("russian"), tags={"White": "W" * 1_000_000})
    record["board"]["moves"] = ["c3-d4"]
    record["fen"] = "B:" + "x" * 100_000
    game_id = store.keep(None, record, name="N" * 100_000)
    started = time.perf_counter()
    (entry,) = store.entries()
    assert time.perf_counter() - started < 1.0
    assert entry.summary is not None
    assert len(entry.summary.name) <= 300 and entry.summary.name.startswith("N" * 100)
    assert len(entry.summary.players[0]) <= 300
    assert entry.summary.picture == {"fen": None}
    assert len(store.load_game(game_id)["name"]) == 120, "a name is 120 characters at most"


# --- pasted text -----------------------------------------------------------------------------
def test_pasted_text_over_the_limit_is_refused_whole_with_the_limit(tmp_path: Path) -> None:
    game = '[GameType "25"]\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 2-0\n\n'
    text = game * (MAX_PASTE_CHARS // len(game) + 2)
    with pytest.raises(SaveError) as caught:
        read_pasted(text)
    over = len(text) - MAX_PASTE_CHARS
    assert 0 < over < 512, "a little over: the size is said with its tenth"
    assert caught.value.message() == (
        f"the clipboard holds too much text ({MAX_PASTE_CHARS // 1024}.1 KB, the limit is "
        f"{MAX_PASTE_CHARS // 1024} KB)")


def test_a_paste_just_under_the_limit_lists_every_game_whole() -> None:
    game = '[GameType "25"]\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 2-0\n\n'
    count = MAX_PASTE_CHARS // len(game)
    pasted = read_pasted(game * count)
    assert len(pasted.games) == count
    last = pasted.games[-1]
    assert len(last.moves) == 4 and last.result == "2-0", "the last game is whole"


def test_a_nul_in_pasted_pdn_is_refused_like_a_file(tmp_path: Path) -> None:
    text = '[White "Iva\x00nov"]\n[GameType "25"]\n1. c3-d4 *\n'
    with pytest.raises(SaveError, match="the text in the clipboard holds a zero byte: it is not plain text"):
        read_pasted(text)
    path = tmp_path / "x.pdn"
    path.write_text(text)
    with pytest.raises(SaveError, match="not a text file"):
        Saves(tmp_path).read_pdn_file(path)


def test_a_file_of_twenty_thousand_equal_signs_holds_no_game(tmp_path: Path) -> None:
    path = tmp_path / "x.pdn"
    path.write_text("=" * 20_000)
    with pytest.raises(SaveError, match="holds no games"):
        Saves(tmp_path).read_pdn_file(path)
    with pytest.raises(SaveError, match="the clipboard holds no game or position"):
        read_pasted("= " * 10_000)


def test_a_pasted_fen_and_a_pasted_game() -> None:
    assert read_pasted(" W:Wc3,e3:Bd6,Kh8 \n").variant == "russian"
    assert read_pasted("W:W31,32:B1,2").variant == "international"
    assert read_pasted("W:6:Wa1,b1:Ba6").variant == "apokachi"
    pasted = read_pasted('[GameType "25"]\n1. 22-18 11-15 *')
    assert len(pasted.games) == 1 and len(pasted.games[0].moves) == 2
    with pytest.raises(SaveError, match="the clipboard holds no game or position"):
        read_pasted("hello")
    with pytest.raises(SaveError, match="neither a position"):
        read_pasted("hello", "note.txt")  # a file's text is named, not called the clipboard


def test_each_pdn_file_is_decoded_one_way_by_what_it_holds() -> None:
    utf8 = '[White "Шашков"]\n[Black "Мельников"]\n[Event "Чемпионат России"]\n'.encode()
    mixed = utf8 + '[Site "Москва"]\n'.encode("cp1251")
    text = decode_text(mixed)
    assert "Шашков" in text and "Мельников" in text and "Чемпионат России" in text
    old = '[White "Шашков"]\n[Black "Мельников"]\n'.encode("cp1251") + "[Site \"ё\"]".encode()
    assert "Шашков" in decode_text(old) and "Мельников" in decode_text(old)
    assert decode_text("\ufeff[White \"Шашков\"]".encode()) == '[White "Шашков"]'


def test_a_big_pdn_file_is_read_in_slices_that_never_hold_the_window(tmp_path: Path) -> None:
    game = '[Event "Cup"]\n[White "Шашков"]\n[GameType "25"]\n1. c3-d4 f6-g5 2. b2-c3 2-0\n\n'
    path = tmp_path / "big.pdn"
    path.write_text(game * 20_000 + "1. c3-d4 " * 30_000 + "*\n")
    reading = Saves(tmp_path).start_pdn_file(path)
    steps = 0
    longest = 0.0
    while True:
        started = time.process_time()
        done = reading.step(budget=0.01)
        longest = max(longest, time.process_time() - started)
        steps += 1
        if done:
            break
    assert reading.error is None and len(reading.games) == 20_001
    assert steps > 5 and longest < 0.2, (steps, longest)
    assert reading.games[-1].tags == {} and len(reading.games[-1].texts) == 30_000
