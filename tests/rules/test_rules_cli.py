"""The ``python -m game.rules`` command line for both draughts variants."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest

from game.rules.__main__ import main
from game.rules.international import International
from game.rules.russian import Russian


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None,
        capsys: pytest.CaptureFixture[str] | None = None) -> tuple[int, str, str]:
    assert monkeypatch is not None and capsys is not None
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("variant,depth,count", [("international", 4, 4265),
                                                 ("russian", 5, 7482)])
def test_perft(variant: str, depth: int, count: int, monkeypatch: pytest.MonkeyPatch,
               capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["perft", "--variant", variant, "--depth", str(depth)],
                         monkeypatch=monkeypatch, capsys=capsys)
    assert status == 0
    assert f"perft({depth}) = {count}" in out and "leaves/s" in out


def test_perft_divide_from_a_fen(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    fen = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"
    status, out, _ = run(["perft", "--variant", "international", "--depth", "3", "--fen", fen,
                          "--divide"], monkeypatch=monkeypatch, capsys=capsys)
    assert status == 0
    lines = out.splitlines()
    per_move = [line for line in lines if not line.startswith(("perft", "time"))]
    assert len(per_move) == 6
    assert sum(int(line.split()[1]) for line in per_move) == 30
    assert "perft(3) = 30" in out


def test_moves_lists_hub_form_and_fen_after(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    stdin = "W:WK46:B37,33\nnot a position\n\nW:W31-50:B1-20\n"
    status, out, _ = run(["moves", "--variant", "international"], stdin, monkeypatch, capsys)
    assert status == 0
    blocks = out.split("\n\n")
    assert blocks[0].splitlines() == ["46x39x37x33 B:WK39:B", "46x44x37x33 B:WK44:B",
                                      "46x50x37x33 B:WK50:B"]
    assert blocks[1].startswith("error: ") and "\n" not in blocks[1]
    start = blocks[2].splitlines()
    assert len(start) == 9 and start[0].startswith("31-26 B:W26,32,")
    for line in start:
        move, fen = line.split(" ")
        assert International.from_fen(fen).turn.value == "B"
    assert out.endswith("\n\n")


def test_moves_russian(monkeypatch: pytest.MonkeyPatch,
                       capsys: pytest.CaptureFixture[str]) -> None:
    stdin = "W:Wc3:Bd4,f6\nW:Wb6:Bc7,f6\nW:Wz9:Bh8\n"
    status, out, _ = run(["moves", "--variant", "russian"], stdin, monkeypatch, capsys)
    assert status == 0
    blocks = out.split("\n\n")
    assert blocks[0] == "c3xg7xd4xf6 B:Wg7:B"
    assert blocks[1].splitlines() == ["b6xg5xc7xf6 B:WKg5:B", "b6xh4xc7xf6 B:WKh4:B"]
    assert blocks[2].startswith("error: ")
    assert Russian.from_fen("B:WKg5:B").fen() == "B:WKg5:B"


@pytest.mark.parametrize("argv", [
    [], ["perft"], ["perft", "--variant", "chess", "--depth", "2"],
    ["perft", "--variant", "international"], ["perft", "--variant", "russian", "--depth", "x"],
    ["perft", "--variant", "russian", "--depth", "-1"],
    ["perft", "--variant", "russian", "--depth", "2", "--size", "9"],
    ["perft", "--variant", "international", "--depth", "2", "--fen", "W:W31:X"],
    ["moves"], ["dance", "--variant", "russian"]])
def test_bad_arguments_exit_2(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(argv, monkeypatch=monkeypatch, capsys=capsys)
    assert status == 2
    assert err


def test_as_a_real_process() -> None:
    done = subprocess.run([sys.executable, "-m", "game.rules", "moves", "--variant", "russian"],
                          input="W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,"
                                "g7,b8,d8,f8,h8\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.splitlines()[0].split(" ")[0] == "a3-b4"
    assert done.stdout.count("\n") == 8
    bad = subprocess.run([sys.executable, "-m", "game.rules", "perft", "--variant", "russian"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
