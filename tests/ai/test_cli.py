"""The engine's command line refuses what makes no sense, with a message and a non-zero exit
status, before it plays or searches anything."""
from __future__ import annotations

import pytest

from game.ai.__main__ import main

NONSENSE = [
    ["bestmove", "--variant", "russian", "--time", "nan"],
    ["bestmove", "--variant", "russian", "--time", "inf"],
    ["bestmove", "--variant", "russian", "--time", "-1"],
    ["bestmove", "--variant", "russian", "--time", "0"],
    ["bestmove", "--variant", "russian", "--time", "soon"],
    ["bestmove", "--variant", "russian", "--depth", "-1"],
    ["bestmove", "--variant", "russian", "--depth", "0"],
    ["bestmove", "--variant", "russian", "--depth", "100000"],
    ["bestmove", "--variant", "russian", "--level", "9"],
    ["bestmove", "--variant", "russian", "--size", "7"],
    ["bestmove", "--variant", "apokachi", "--size", "40"],
    ["bestmove", "--variant", "chess"],
    ["match", "--variant", "russian", "--white", "2", "--black", "1", "--games", "0"],
    ["match", "--variant", "russian", "--white", "2", "--black", "1", "--games", "-3"],
    ["match", "--variant", "russian", "--white", "2", "--black", "1", "--time", "nan"],
    ["match", "--variant", "russian", "--white", "2", "--black", "1", "--time", "-1"],
    ["match", "--variant", "russian", "--white", "2", "--black", "1", "--time", "inf"],
    ["match", "--variant", "russian", "--white", "2", "--black", "1", "--jobs", "0"],
    ["match", "--variant", "russian", "--white", "0", "--black", "1"],
    ["match", "--variant", "russian", "--white", "strong", "--black", "1"],
    ["match", "--variant", "russian", "--white", "2", "--black", "9"],
]


@pytest.mark.parametrize("argv", NONSENSE, ids=lambda argv: " ".join(argv[2:]))
def test_nonsense_is_refused_with_a_message(argv: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code not in (0, None)
    captured = capsys.readouterr()
    assert "error:" in captured.err and captured.out == ""


def test_sense_is_taken(capsys: pytest.CaptureFixture[str],
                        monkeypatch: pytest.MonkeyPatch) -> None:
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("W:6:Wa1,b2,f3:Bc1,e6,f6\n"))
    assert main(["bestmove", "--variant", "apokachi", "--size", "6", "--time", "0.2"]) == 0
    assert capsys.readouterr().out.split() == ["b2-b1xc1"]
