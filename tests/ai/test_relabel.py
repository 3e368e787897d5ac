"""tools/relabel.py: self-play positions scored again by a deeper search, resumable."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.rules import Color, find_variant
from game.rules.draughts import DraughtsGame

ROOT = Path(__file__).resolve().parents[2]


def _positions() -> list[dict[str, object]]:
    game = find_variant("international").new()
    assert isinstance(game, DraughtsGame)
    rows: list[dict[str, object]] = []
    for ply in range(6):
        move = game.legal_moves()[ply % len(game.legal_moves())]
        game.push(move)
        wm, wk, bm, bk = game.bitboards()
        rows.append({"wm": wm, "wk": wk, "bm": bm, "bk": bk, "w": game.turn is Color.WHITE,
                     "s": 0, "ply": ply + 1, "r": 0.5})
    return rows


def _run(*args: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "relabel.py"), *args],
                          capture_output=True, text=True, timeout=120, check=True)
    return done.stdout


def test_every_chosen_position_gets_a_deeper_score_and_keeps_its_result(tmp_path: Path) -> None:
    data = tmp_path / "games.jsonl"
    rows = _positions()
    lines = [json.dumps(row) for row in rows]
    data.write_text("\n".join(lines) + "\n" + lines[0][:20] + "\n")  # a line cut short
    out = tmp_path / "deep.jsonl"
    _run("--variant", "international", "--nodes", "300", "--every", "2", "--jobs", "1",
         str(data), "--out", str(out))
    written = [json.loads(line) for line in out.read_text().splitlines()]
    assert [w["ply"] for w in written] == [1, 3, 5]  # every second position, in order
    for w in written:
        assert w["nodes"] == 300 and w["s0"] == 0 and w["r"] == 0.5
        assert isinstance(w["s"], int)
    # a second run finds the work done and adds nothing
    assert "0 to go" in _run("--variant", "international", "--nodes", "300", "--every", "2",
                             "--jobs", "1", str(data), "--out", str(out))
    assert len(out.read_text().splitlines()) == 3
    # a run stopped halfway through its last line: that position is labelled again, whole
    text = out.read_text()
    out.write_text(text[:text.rindex("{")] + text[text.rindex("{"):][:25])
    assert "1 to go" in _run("--variant", "international", "--nodes", "300", "--every", "2",
                             "--jobs", "1", str(data), "--out", str(out))
    again = [json.loads(line) for line in out.read_text().splitlines()]
    assert again == written


def test_an_impossible_option_is_refused_with_a_message(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "relabel.py"), "--variant",
                           "international", "--every", "0", str(tmp_path / "x.jsonl"),
                           "--out", str(tmp_path / "y.jsonl")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "whole numbers from 1" in done.stderr
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "relabel.py"), "--variant",
                           "international", str(tmp_path / "x.jsonl"),
                           "--out", str(tmp_path / "y.jsonl")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "no such file" in done.stderr
    assert not (tmp_path / "y.jsonl").exists()
