"""The game files on disk: atomic writes, the index, every kind of bad file, a crash."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import board_from_record, record_of_board
from game.play.chapaev_record import record_of_chapaev
from game.play.records import Summary
from game.rules.core import Color
from game.saves import DATA_ENV, Entry, SaveError, Saves, data_dir, dumps

ROOT = Path(__file__).resolve().parents[2]


def _record(moves: tuple[str, ...] = ("c3-d4", "f6-g5")) -> dict[str, Any]:
    play = BoardPlay("russian")
    for text in moves:
        play.play_text(text)
    return record_of_board(play)


def _summary(entry: Entry) -> Summary:
    assert entry.summary is not None
    return entry.summary


def _latest_id(store: Saves) -> str:
    """The id of the game Continue resumes."""
    entry = store.latest_unfinished()
    assert entry is not None
    return entry.id


def test_the_data_folder_follows_the_environment(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    monkeypatch.delenv(DATA_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    if sys.platform.startswith("linux"):
        assert data_dir() == tmp_path / "share" / "shashki"


def test_a_game_kept_under_its_id_round_trip_and_no_temporary_files_left(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    assert store.latest_unfinished() is None and store.unfinished() == []
    game_id = store.keep(None, _record())
    assert store.keep(game_id, _record(("c3-d4",))) == game_id
    opened = store.open_game(game_id)
    assert isinstance(opened.play, BoardPlay)
    assert opened.play.notation == ["c3-d4"]
    assert opened.record["name"].startswith("Russian draughts") or opened.record["name"]
    assert sorted(p.name for p in store.games_dir.iterdir()) == [f"{game_id}.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"]


def test_unfinished_games_live_side_by_side_and_continue_takes_the_latest(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    chapaev = ChapaevPlay()
    chapaev.run_shot(next(d for d in chapaev.table.discs if d[0].value == "W"), (0.0, 1.0), 0.9)
    first = store.keep(None, record_of_chapaev(chapaev))
    time.sleep(0.01)
    second = store.keep(None, _record())
    finished = BoardPlay("russian")
    finished.play_text("c3-d4")
    finished.resign(Color.BLACK)
    done = store.keep(None, record_of_board(finished))
    time.sleep(0.01)
    store.keep(second, _record(("c3-d4", "f6-g5", "g3-f4")))
    entries = store.entries()
    assert [e.id for e in entries] == [second, first, done], "unfinished first, latest first"
    assert [e.id for e in store.unfinished()] == [second, first]
    assert _latest_id(store) == second
    time.sleep(0.01)
    store.keep(first, record_of_chapaev(chapaev))
    assert _latest_id(store) == first, "the game played last"
    store.delete(first)
    assert _latest_id(store) == second


def test_name_and_tags_survive_every_later_save(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    play = BoardPlay("russian")
    play.play_text("c3-d4")
    play.resign(Color.BLACK)
    game_id = store.keep(None, record_of_board(play, tags={"White": "Ivanov", "Black": "Petrov",
                                                           "Event": "Cup"}), name="Final")
    again = Saves(tmp_path)  # another day: nothing remembered but the file
    opened = again.open_game(game_id)
    assert isinstance(opened.play, BoardPlay)
    assert opened.play.undo() and opened.play.outcome() is None, "the resignation taken back"
    again.keep(game_id, record_of_board(opened.play))
    opened.play.resign(Color.BLACK)
    again.keep(game_id, record_of_board(opened.play))
    record = again.load_game(game_id)
    assert {k: v for k, v in record["tags"].items() if k != "Date"} == \
        {"White": "Ivanov", "Black": "Petrov", "Event": "Cup"}
    assert record["name"] == "Final" and record["finished"]
    (entry,) = again.entries()
    assert _summary(entry).players == ("Ivanov", "Petrov")


def test_an_older_versions_game_in_progress_becomes_one_of_the_games(tmp_path: Path) -> None:
    text = dumps({**_record(), "saved": "2026-01-01T10:00:00"})
    (tmp_path / "current.json").write_text(text)
    store = Saves(tmp_path)
    (entry,) = store.entries()
    assert entry.unfinished and store.take_notices() == []
    assert (store.games_dir / f"{entry.id}.json").read_text() == text, "byte for byte"
    assert not (tmp_path / "current.json").exists()
    play = store.open_game(_latest_id(store)).play
    assert isinstance(play, BoardPlay) and play.notation == ["c3-d4", "f6-g5"]


def test_saved_games_list_rename_delete_and_the_index(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    first = store.keep(None, _record(), name="first")
    second = store.keep(None, _record(("c3-b4",)), name="second")
    names = {e.id: _summary(e).name for e in store.entries()}
    assert names == {first: "first", second: "second"}
    assert store.index_path.exists()
    store.rename(first, "renamed")
    assert {_summary(e).name for e in store.entries()} == {"renamed", "second"}
    store.delete(second)
    assert [e.id for e in store.entries()] == [first]
    # a damaged index is only a cache: the files are the truth
    store.index_path.write_text("{garbage")
    assert [_summary(e).name for e in store.entries()] == ["renamed"]


def test_an_id_cannot_reach_outside_the_games_folder(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    for bad in ("../current", "/etc/passwd", "index", ""):
        with pytest.raises(SaveError):
            store.load_game(bad)


GOOD = dumps(_record()).encode()


@pytest.mark.parametrize("content, key", [
    (b"", "saves.why.empty"),
    (b"\xff\xfe\x00garbage", "saves.why.encoding"),
    (GOOD[: len(GOOD) // 2], "saves.why.truncated"),
    (b'{"format": "shashki-game", "version": 1, "game": "russian", "board": NaN}',
     "saves.why.malformed"),
    (b"[" * 100_000 + b"]" * 100_000, "saves.why.malformed"),
    (b'{"format": "other"}', "saves.why.foreign"),
    (b'{"chess": "e4"}', "saves.why.foreign"),
    (b'{"format": "shashki-game", "version": 7, "game": "russian"}', "saves.why.newer"),
    (b"\x80\x04\x95 pickle: never unpickled", "saves.why.encoding"),
    (b"__import__('os').system('echo hacked')", "saves.why.malformed"),
])
def test_a_bad_saved_game_says_why_and_is_left_untouched(tmp_path: Path, content: bytes,
                                                         key: str) -> None:
    store = Saves(tmp_path)
    store.games_dir.mkdir(parents=True)
    path = store.games_dir / "20260101-000000-abcdef.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        store.load_game("20260101-000000-abcdef")
    assert caught.value.key == key and caught.value.message()
    (entry,) = store.entries()
    assert entry.summary is None and entry.problem == key, "listed as damaged, to delete"
    assert path.read_bytes() == content


def test_a_record_whose_moves_do_not_replay_is_refused(tmp_path: Path) -> None:
    record = _record()
    record["board"]["moves"] = ["c3-d4", "c3-d4"]
    from game.play.record_format import RecordError

    with pytest.raises(RecordError) as caught:
        board_from_record(json.loads(dumps(record)))
    assert caught.value.key == "saves.why.moves"


def test_a_huge_file_and_a_folder_and_a_fifo_are_refused(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    path = store.games_dir / "20260101-000000-abcdef.json"
    path.parent.mkdir(parents=True)
    with open(path, "wb") as out:
        out.truncate(9 * 1024 * 1024)
    with pytest.raises(SaveError) as caught:
        store.load_game(path.stem)
    assert caught.value.key == "saves.why.too_big"
    assert "9216" in caught.value.message() and "8192" in caught.value.message(), "the limit"
    os.unlink(path)
    path.mkdir()
    with pytest.raises(SaveError):
        store.load_game(path.stem)
    path.rmdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(path)
        with pytest.raises(SaveError) as caught:
            store.load_game(path.stem)
        assert caught.value.key == "saves.why.not_file"


def test_a_chapaev_match_file_is_small(tmp_path: Path) -> None:
    play = ChapaevPlay()
    play.run_shot(next(d for d in play.table.discs if d[0].value == "W"), (0.0, 1.0), 0.9)
    text = dumps(record_of_chapaev(play))
    assert len(text) < 4000


CRASH = textwrap.dedent("""
    import os, signal, sys
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.app import App, FIXED_DT
    from game.play.board_play import BoardPlay
    from game.scenes.board.scene import BoardScene
    from game.scenes.menu import MenuScene
    app = App(size=(800, 560), language="en")
    app.start(MenuScene(app))
    board = BoardScene(app, BoardPlay("russian"))
    app.scenes.push(board); app.scenes.apply()
    for text in sys.argv[1:]:
        board.play_text(text)
        app.frame(FIXED_DT)
    os.kill(os.getpid(), signal.SIGKILL)  # the power goes, the program dies between two moves
""")


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGKILL"), reason="needs SIGKILL")
def test_continue_after_the_program_is_killed_between_two_moves(tmp_path: Path) -> None:
    env = {**os.environ, DATA_ENV: str(tmp_path / "data"),
           "SHASHKI_CONFIG_DIR": str(tmp_path / "config")}
    moves = ["c3-d4", "f6-g5", "g3-f4", "g7-f6", "b2-c3"]
    done = subprocess.run([sys.executable, "-c", CRASH, *moves], cwd=ROOT, env=env,
                          capture_output=True, timeout=120)
    assert done.returncode != 0, "it was killed, not closed"
    store = Saves(tmp_path / "data")
    entry = store.latest_unfinished()
    assert entry is not None
    play = board_from_record(store.load_game(entry.id))
    assert play.notation == moves, "every move made before the crash is there"
    play.play_text("f6-e5")  # and the game goes on


def test_a_damaged_game_in_progress_is_moved_aside_and_the_notice_says_where(
        tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "current.json").write_bytes(b'{"format": "shashki-game", "vers')
    store = Saves(tmp_path)
    assert store.entries() == [] and store.latest_unfinished() is None
    (notice,) = store.take_notices()
    assert notice.key == "saves.set_aside"
    text = notice.message()
    assert "current.json" in text and str(tmp_path / "current.damaged.json") in text
    assert (tmp_path / "current.damaged.json").read_bytes() == b'{"format": "shashki-game", "vers'
    store.keep(None, _record())
    assert (tmp_path / "current.damaged.json").read_bytes() == b'{"format": "shashki-game", "vers'
    assert store.take_notices() == [], "said once"


KILLED_IN_A_WRITE = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    from game.play import BoardPlay
    from game.play.board_record import record_of_board
    from game.saves import Saves
    play = BoardPlay("russian")
    for text in ("c3-d4", "f6-g5"):
        play.play_text(text)
    os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)  # the power goes mid-write
    Saves(Path(sys.argv[1])).keep(sys.argv[2], record_of_board(play))
""")


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_in_the_middle_of_a_write_leaves_the_old_game_and_no_temporary_file(
        tmp_path: Path) -> None:
    store = Saves(tmp_path)
    game_id = store.keep(None, _record(("c3-d4",)))
    before = (store.games_dir / f"{game_id}.json").read_bytes()
    done = subprocess.run([sys.executable, "-c", KILLED_IN_A_WRITE, str(tmp_path), game_id],
                          cwd=ROOT, capture_output=True, timeout=120)
    assert done.returncode != 0, done.stderr
    assert any(p.name.endswith(".tmp") for p in store.games_dir.iterdir()), "cut mid-write"
    assert (store.games_dir / f"{game_id}.json").read_bytes() == before
    again = Saves(tmp_path)
    play = again.open_game(game_id).play
    assert isinstance(play, BoardPlay) and play.notation == ["c3-d4"]
    assert [p.name for p in store.games_dir.iterdir()] == [f"{game_id}.json"]
