"""A game in play and its kept file: the file is an object the screen holds (its id, the text
last written, its view), so two games never share a file and a game looked at is not
written."""
from __future__ import annotations

from pathlib import Path

from game.play import BoardPlay
from game.saves import GameFile, Saves


def _files(store: Saves) -> list[str]:
    return sorted(p.name for p in store.games_dir.glob("*.json") if p.name != "index.json")


def test_a_game_gets_its_file_at_its_first_move_and_keeps_it(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    play, file = BoardPlay("russian"), GameFile()
    assert file.keep(store, play) is None and not store.games_dir.exists(), "nothing to keep"
    play.play_text("c3-d4")
    game_id = file.keep(store, play, flip_each_move=True)
    assert game_id is not None and file.id == game_id
    written = (store.games_dir / f"{game_id}.json").stat().st_mtime_ns
    assert file.keep(store, play) == game_id, "unchanged: the same file, not written again"
    assert (store.games_dir / f"{game_id}.json").stat().st_mtime_ns == written
    play.play_text("f6-g5")
    assert file.keep(store, play) == game_id and _files(store) == [f"{game_id}.json"]
    opened = store.open_game(game_id)
    assert isinstance(opened.play, BoardPlay)
    assert opened.play.notation == ["c3-d4", "f6-g5"]
    assert opened.record["view"]["flip_each_move"] is True, "the view is kept with the game"


def test_two_games_have_two_files_even_with_the_same_moves(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    ids = []
    for _ in range(2):
        play, file = BoardPlay("russian"), GameFile()
        play.play_text("c3-d4")
        ids.append(file.keep(store, play))
    assert None not in ids and ids[0] != ids[1] and len(_files(store)) == 2


def test_a_kept_game_opened_is_written_only_once_played_on_and_to_its_own_file(
        tmp_path: Path) -> None:
    store = Saves(tmp_path)
    first = BoardPlay("russian")
    first.play_text("c3-d4")
    game_id = GameFile().keep(store, first)
    assert game_id is not None
    before = (store.games_dir / f"{game_id}.json").read_bytes()
    opened = store.open_game(game_id)
    assert isinstance(opened.play, BoardPlay)
    file = GameFile.kept(opened.id).opened(opened.play, flip_each_move=False)
    assert file.keep(store, opened.play) == game_id
    assert (store.games_dir / f"{game_id}.json").read_bytes() == before, "looked at: unchanged"
    opened.play.play_text("f6-g5")
    assert file.keep(store, opened.play) == game_id and _files(store) == [f"{game_id}.json"]
    again = store.open_game(game_id).play
    assert isinstance(again, BoardPlay) and again.notation == ["c3-d4", "f6-g5"]


def test_a_game_opened_from_outside_is_kept_only_once_it_changes(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    pasted = BoardPlay("russian", fen="W:WC3,E3:BD6,KH8")
    file = GameFile().opened(pasted)
    assert file.keep(store, pasted) is None and _files(store) == [], "looked at: not kept"
    pasted.play_text("c3-b4")
    assert file.keep(store, pasted) is not None and len(_files(store)) == 1


def test_a_name_given_goes_to_the_games_own_file(tmp_path: Path) -> None:
    store = Saves(tmp_path)
    play, file = BoardPlay("russian"), GameFile()
    play.play_text("c3-d4")
    game_id = file.keep(store, play)
    assert file.keep(store, play, name="Вечерняя партия") == game_id
    record = store.load_game(str(game_id))
    assert record["name"] == "Вечерняя партия" and record["named"] is True
