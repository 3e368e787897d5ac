"""The game files on disk: atomic writes, the index, every kind of bad file, a crash."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.play import BoardPlay, ChapaevPlay
from game.play.records import board_from_record, record_of_board, record_of_chapaev
from game.saves import DATA_ENV, SaveError, Saves, data_dir, dumps

ROOT = Path(__file__).resolve().parents[2]


def _record(moves: tuple[str, ...] = ("c3-d4", "f6-g5")) -> dict:
    play = BoardPlay("russian")
    for text in moves:
        play.play_text(text)
    return record_of_board(play)


def test_the_data_folder_follows_the_environment(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    monkeypatch.delenv(DATA_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    if sys.platform.startswith("linux"):
        assert data_dir() == tmp_path / "share" / "shashki"


def test_current_game_round_trip_and_no_temporary_files_left(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    assert store.load_current() is None
    store.save_current(_record())
    store.save_current(_record(("c3-d4",)))
    back = store.load_current()
    assert back is not None and back["board"]["moves"] == ["c3-d4"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json"]


def test_saved_games_list_rename_delete_and_the_index(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    first = store.add_game(_record(), "first")
    second = store.add_game(_record(("c3-b4",)), "second")
    names = {e.id: e.summary.name for e in store.entries()}
    assert names == {first: "first", second: "second"}
    assert store.index_path.exists()
    store.rename(first, "renamed")
    assert {e.summary.name for e in store.entries()} == {"renamed", "second"}
    store.delete(second)
    assert [e.id for e in store.entries()] == [first]
    # a damaged index is only a cache: the files are the truth
    store.index_path.write_text("{garbage")
    assert [e.summary.name for e in store.entries()] == ["renamed"]


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
    from game.play.records import RecordError

    with pytest.raises(RecordError) as caught:
        board_from_record(json.loads(dumps(record)))
    assert caught.value.key == "saves.why.moves"


def test_a_huge_file_and_a_folder_and_a_fifo_are_refused(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    store.current_path.parent.mkdir(parents=True, exist_ok=True)
    with open(store.current_path, "wb") as out:
        out.truncate(9 * 1024 * 1024)
    with pytest.raises(SaveError) as caught:
        store.load_current()
    assert caught.value.key == "saves.why.too_big"
    os.unlink(store.current_path)
    store.current_path.mkdir()
    with pytest.raises(SaveError):
        store.load_current()
    store.current_path.rmdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(store.current_path)
        with pytest.raises(SaveError) as caught:
            store.load_current()
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
    record = Saves(tmp_path / "data").load_current()
    assert record is not None
    play = board_from_record(record)
    assert play.notation == moves, "every move made before the crash is there"
    play.play_text("f6-e5")  # and the game goes on


def test_a_damaged_game_in_progress_is_moved_aside_not_overwritten(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    store.current_path.write_bytes(b'{"format": "shashki-game", "vers')
    with pytest.raises(SaveError):
        store.load_current()
    store.save_current(_record())
    assert (tmp_path / "current.damaged.json").read_bytes() == b'{"format": "shashki-game", "vers'
    assert store.load_current()["board"]["moves"] == ["c3-d4", "f6-g5"]
