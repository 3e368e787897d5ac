"""The PDN export: one game per puzzle that our own PDN reader reads back and replays, the
other defences as variations, and the command's clear refusals."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from game.puzzles import __main__ as command
from game.puzzles.collection import shipped
from game.puzzles.export import collection_pdn, puzzle_pdn
from game.puzzles.model import Flank, Kind, Puzzle, Technique
from game.rules.pdn import read_pdn
from game.saves.outside import pdn_games

ROOT = Path(__file__).resolve().parents[2]
# Black gives c5 and takes three back; a second defence kept as a line of its own
TREE = Puzzle("russian", "B:Wa1,c1,g1,b2,h2,a3,c3,e3,h4,a5,h6:Bc5,e5,b6,d6,a7,c7,e7,d8,f8,h8",
              (("c5-b4", "a3:c5", "d6:b4:d2:f4", "h2-g3", "f4:h2"),
               ("c5-b4", "a3:c5", "d6:b4:d2:f4", "g1-f2")),
              techniques=(Technique.SACRIFICE, Technique.BREAKTHROUGH), flank=Flank.LEFT,
              gain=200)


def test_a_puzzle_is_one_pdn_game_with_its_variations() -> None:
    text = puzzle_pdn(TREE)
    assert '[FEN "B:' in text and '[GameType "25"]' in text
    assert '[Technique "sacrifice, breakthrough"]' in text and '[Flank "left"]' in text
    assert f'[Event "Shashki puzzle {TREE.id}"]' in text
    assert "1... c5-b4 2. a3:c5 d6:b4:d2:f4 3. h2-g3 (3. g1-f2) 3... f4:h2 *" in text
    game = read_pdn(text)[0]
    assert list(game.moves) == TREE.moves()
    assert all(TREE.moves(line) for line in TREE.lines)  # the variation is legal too
    assert game.fen == TREE.fen
    assert "[Kind" not in text  # a win says nothing of its kind


def test_a_save_is_marked_as_the_only_defence() -> None:
    save = dataclasses.replace(TREE, kind=Kind.SAVE)
    text = puzzle_pdn(save)
    assert '[Kind "save"]' in text
    assert list(read_pdn(text)[0].moves) == save.moves()


def test_every_shipped_puzzle_exports_and_replays(tmp_path: Path) -> None:
    for name in ("russian", "international"):
        puzzles = shipped(name)
        assert puzzles, name
        path = tmp_path / f"{name}.pdn"
        assert command.main(["export", "--game", name, str(path)]) == 0
        games = pdn_games(path.read_text(encoding="utf-8"), path.name)
        assert len(games) == len(puzzles)
        for pdn, puzzle in zip(games, puzzles):
            assert pdn.tags["Event"].endswith(puzzle.id)
            assert pdn.moves == tuple(puzzle.moves())  # the main line replays
            for line in puzzle.lines:
                puzzle.moves(line)  # and so does every variation's line
        assert collection_pdn(puzzles) == path.read_text(encoding="utf-8")


def test_bad_games_and_paths_are_one_line_and_code_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert command.main(["export", "--game", "chess", str(tmp_path / "x.pdn")]) == 2
    assert command.main(["export", "--game", "international", str(tmp_path)]) == 2
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    assert command.main(["export", "--game", "international", str(blocked / "x.pdn")]) == 2
    assert command.main(["export", "--game", "russian", str(tmp_path / "no" / "x.pdn")]) == 2
    assert not (tmp_path / "no").exists()
    errors = capsys.readouterr().err.strip().splitlines()
    assert len(errors) == 4 and all(e.startswith("shashki puzzles: ") for e in errors)
    assert not (tmp_path / "x.pdn").exists()


def test_the_shashki_command_reaches_the_export(tmp_path: Path) -> None:
    out = tmp_path / "russian.pdn"
    done = subprocess.run([sys.executable, "-m", "game", "puzzles", "export", "--game",
                           "russian", str(out)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8").count("[FEN ") == len(shipped("russian"))
