"""``python -m game.rules perft|moves --variant apokachi``: the shared command line."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest

from game.rules.__main__ import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_perft_on_the_standard_board(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["perft", "--variant", "apokachi", "--depth", "4"], capsys, monkeypatch)
    assert code == 0
    assert out.splitlines()[0] == "perft(4) = 14884"
    assert "leaves/s" in out.splitlines()[1]


def test_perft_with_a_size_and_divide(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["perft", "--variant", "apokachi", "--size", "6", "--depth", "3",
                        "--divide"], capsys, monkeypatch)
    lines = out.splitlines()
    assert code == 0
    # a corner advance leaves White 9 replies, any other 11; Black has 6 in each case
    assert lines[:6] == ["a1-a2 54", "b1-b2 66", "c1-c2 66", "d1-d2 66", "e1-e2 66", "f1-f2 54"]
    assert lines[6] == "perft(3) = 372"


def test_perft_from_a_position(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["perft", "--variant", "apokachi", "--depth", "1", "--fen",
                        "W:5:Wa3,c2:Bc3,e1"], capsys, monkeypatch)
    assert code == 0 and out.splitlines()[0] == "perft(1) = 6"


def test_perft_refuses_a_size_out_of_range(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["perft", "--variant", "apokachi", "--size", "20", "--depth", "1"],
                       capsys, monkeypatch)
    assert code == 2 and "out of range" in err


def test_moves_prints_each_move_and_the_position_after_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # 5 . . v . .
    # 4 . . W . .
    # 3 . W . B .     c2-c3 takes d3 (row) and c5 (column)
    # 2 . . W . .
    # 1 . . . . .
    code, out, _ = run(["moves", "--variant", "apokachi"], capsys, monkeypatch,
                       stdin="W:5:Wb3,c2,c4:Bd3,c5\n")
    assert code == 0
    lines = out.splitlines()
    assert lines[-1] == ""
    listed = dict(line.split(" ") for line in lines[:-1])
    assert listed["c2-c3xd3xc5"] == "B:5:Wb3,c3,c4:B"
    assert listed["b3-a3"] == "B:5:Wc2,a3,c4:Bd3,c5"
    assert len(listed) == 11  # b3: 4 steps, c2: 4, c4: 3


def test_moves_handles_several_positions_and_reports_bad_ones(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = "W:5:Wa1,b1:Ba5,b5\n\nW:5:Wz1:Ba5\nW:6:Wa1,b1:Ba6,b6\nB:5:Wa1:Be5\n"
    code, out, _ = run(["moves", "--variant", "apokachi", "--size", "5"], capsys, monkeypatch,
                       stdin=stdin)
    assert code == 0
    blocks = out.split("\n\n")
    assert blocks[0].splitlines() == [
        "a1-a2 B:5:Wb1,a2:Ba5,b5", "b1-c1 B:5:Wa1,c1:Ba5,b5", "b1-b2 B:5:Wa1,b2:Ba5,b5"]
    assert blocks[1].startswith("error: ")  # z1 is no point
    assert blocks[2].startswith("error: ") and "6-point" in blocks[2]  # contradicts --size 5
    # one piece each ends the game, but the position's own moves are still listed, as perft
    # counts them
    assert blocks[3].splitlines() == ["e5-e4 W:5:Wa1:Be4", "e5-d5 W:5:Wa1:Bd5"]


def test_the_module_runs_as_a_program() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game.rules", "perft", "--variant", "apokachi", "--size", "5",
         "--depth", "3"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "perft(3) = 230"
