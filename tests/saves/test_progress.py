"""The person's puzzle progress in the data folder: kept across openings, written atomically,
and a damaged or hostile file never losing the rest (a bad record dropped, a file that cannot
be read at all put aside with a notice, and a fresh one started)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.puzzles.model import Puzzle, Technique
from game.puzzles.progress import MAX_PUZZLES, Progress
from game.saves.files import data_dir
from game.saves.progress import MAX_BYTES, NAME, ProgressFile

PUZZLE = Puzzle("russian", "W:Wf2,c3,e3,g3,f4,h4:BKc1,a5,e5,b6,d6,h6,e7,h8",
                (("c3-b4", "a5:c3", "e3-d4", "c1:g5", "h4:f6:d8:a5:e1"),),
                (Technique.SACRIFICE,), rating=1500)
OTHER = Puzzle("russian", "W:Wc3:Bd4", (("c3:e5",),), (Technique.EXCHANGE,), rating=1300)


def _kept() -> Progress:
    progress = Progress()
    progress.record(PUZZLE, solved=True)
    progress.record(OTHER, solved=False)
    progress.record(PUZZLE, solved=True)
    return progress


def test_progress_is_kept_in_the_data_folder_and_read_back_whole() -> None:
    progress = _kept()
    file = ProgressFile()
    assert file.path.parent == data_dir() and file.save(progress)
    back = ProgressFile().load()
    assert back.to_json() == progress.to_json()
    assert abs(back.rating("russian").rating - progress.rating("russian").rating) < 0.01
    assert back.streak("russian").current == 1 and back.streak("russian").best == 1
    assert back.tally("russian", Technique.SACRIFICE).solved == 2
    assert back.tally("russian", Technique.EXCHANGE).tried == 1
    assert back.attempts == 3 and back.solved(PUZZLE.id) and not back.solved(OTHER.id)
    assert not [p for p in data_dir().iterdir() if p.name != NAME], "no temporary file left"


def _write(text: str | bytes) -> Path:
    path = data_dir() / NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return path


def test_a_bad_record_is_dropped_and_the_others_kept() -> None:
    data = _kept().to_json()
    data["puzzles"]["russian-bad0000001"] = [1500, 100, 0.06, "three", 0, 0, 0]  # wrong type
    data["puzzles"]["russian-bad0000002"] = [1500, 100, 0.06, 1, 5, 0, 0]  # solved > tried
    data["puzzles"]["../../etc"] = [1500, 100, 0.06, 1, 1, 0, 1]  # not an id
    data["games"]["english"] = {"rating": "high", "streak": [1, -3],
                                "techniques": {"magic": [1, 1], "loop": [2, 1]}}
    text = json.dumps(data).replace('"russian-bad0000001": [1500', '"russian-nan": [NaN')
    _write(text.replace('"rating": "high"', '"rating": [Infinity, 1, 1]'))
    file = ProgressFile()
    progress = file.load()
    assert progress.solved(PUZZLE.id) and progress.rating("russian").rating != 1500
    assert "russian-bad0000002" not in progress.puzzles and "../../etc" not in progress.puzzles
    assert "english" not in progress.ratings and "english" not in progress.streaks
    assert file.notice is not None and file.notice.key == "trainer.progress.dropped"
    assert file.notice.values["count"] == 7
    assert not list(data_dir().glob("*.damaged*")), "a file with good records is not put aside"


def test_a_nan_rating_drops_only_its_record() -> None:
    data = _kept().to_json()
    data["games"]["russian"]["rating"] = [0, 0, 0]
    text = json.dumps(data).replace('"rating": [0, 0, 0]', '"rating": [NaN, 60, 0.06]')
    _write(text)
    progress = ProgressFile().load()
    assert progress.rating("russian").rating == 1500  # a newcomer's again
    assert progress.streak("russian").best == 1 and progress.solved(PUZZLE.id)


@pytest.mark.parametrize("content", [b"not json at all", b"\xff\xfe\x00garbage", b"[1, 2, 3]",
                                     b'{"format": 99}', b"[" * 100_000 + b"]" * 100_000,
                                     b'{"format": 1, "puzzles": ' + b"[" * 5000])
def test_a_file_that_cannot_be_read_is_put_aside_and_a_fresh_one_started(content: bytes) -> None:
    path = _write(content)
    file = ProgressFile()
    progress = file.load()
    assert progress.attempts == 0 and progress.puzzles == {}
    aside = path.with_name(NAME + ".damaged")
    assert aside.read_bytes() == content, "kept byte for byte"
    assert file.notice is not None and file.notice.key == "trainer.progress.damaged"
    assert aside.name in file.notice.message()
    assert file.save(_kept()) and ProgressFile().load().attempts == 3
    # damaged again: the first one kept aside stays, the second goes beside it
    _write(b"{broken")
    ProgressFile().load()
    assert aside.read_bytes() == content
    assert path.with_name(NAME + ".damaged-2").read_bytes() == b"{broken"


def test_a_huge_file_is_not_read_but_put_aside() -> None:
    path = _write(b" " * (MAX_BYTES + 10))
    file = ProgressFile()
    assert file.load().attempts == 0
    assert file.notice is not None and file.notice.key == "trainer.progress.damaged"
    assert path.with_name(NAME + ".damaged").stat().st_size == MAX_BYTES + 10


def test_a_folder_in_the_files_place_is_put_aside_too() -> None:
    path = data_dir() / NAME
    path.mkdir(parents=True)
    file = ProgressFile()
    file.load()
    assert file.notice is not None and path.with_name(NAME + ".damaged").is_dir()
    assert file.save(_kept()) and path.is_file()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="permissions")
def test_a_folder_that_cannot_be_written_says_so_and_loses_nothing() -> None:
    data_dir().mkdir(parents=True)
    _write(json.dumps(_kept().to_json()))
    data_dir().chmod(0o500)
    try:
        file = ProgressFile()
        progress = file.load()
        progress.record(OTHER, solved=True)
        assert not file.save(progress)
        assert file.notice is not None and file.notice.key == "trainer.progress.unwritable"
    finally:
        data_dir().chmod(0o700)
    assert ProgressFile().load().attempts == 3, "the file kept is whole"


def test_the_puzzles_remembered_are_bounded() -> None:
    progress = Progress()
    data = progress.to_json()
    data["puzzles"] = {f"russian-{i:08d}": [1500, 100, 0.06, 1, 0, i, 0]
                       for i in range(MAX_PUZZLES + 50)}
    back = Progress.from_json(data)
    assert len(back.puzzles) == MAX_PUZZLES and "russian-00000000" not in back.puzzles
    assert back.attempts == MAX_PUZZLES + 49
