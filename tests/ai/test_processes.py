"""The engine outside the caller's process: the worker, the command line and the Hub protocol."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.ai.worker import Thinker, ThinkResult
from game.rules import find_variant

ROOT = Path(__file__).resolve().parents[2]


def _wait(thinker: Thinker, seconds: float = 30.0) -> ThinkResult:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        result = thinker.poll()
        if result is not None:
            return result
        time.sleep(0.01)
    raise AssertionError("the worker did not answer")


@pytest.fixture(scope="module")
def thinker():  # type: ignore[no-untyped-def]
    with Thinker() as t:
        yield t


def test_the_worker_answers_with_a_legal_move(thinker: Thinker) -> None:
    thinker.start("international", {}, None, ["32-28", "19-23"], depth=3)
    result = _wait(thinker)
    assert result.error is None and result.text == "28x19x23"  # the only (forced) capture
    game = find_variant("russian").new()
    thinker.start("russian", {}, game.fen(), [game.legal_moves()[0]], level=2, seed=4)
    result = _wait(thinker)
    game.push(game.legal_moves()[0])
    assert result.move in game.legal_moves()
    assert thinker.poll() is None  # an answer is given once


def test_the_worker_cancels_at_once_and_serves_the_next_request(thinker: Thinker) -> None:
    thinker.start("international", {}, None, [], time=60.0)
    end = time.monotonic() + 30
    while thinker.progress() < 2 and time.monotonic() < end:
        time.sleep(0.01)
    assert thinker.progress() >= 2
    thinker.cancel()
    assert not thinker.busy and thinker.poll() is None
    began = time.monotonic()
    thinker.start("apokachi", {"size": 6}, None, ["a1-a2"], depth=2)
    result = _wait(thinker)
    assert time.monotonic() - began < 5.0  # the cancelled search did not hold the worker
    assert result.error is None and result.text.startswith(("a", "b", "c", "d", "e", "f"))


def test_pondering_fills_the_table_the_next_search_starts_from(thinker: Thinker) -> None:
    from game.ai.worker import kept_table
    thinker.ponder("russian", {}, None, ["c3-d4"])  # the computer played c3-d4: Black thinks
    end = time.monotonic() + 30
    while thinker.progress() < 6 and time.monotonic() < end:
        time.sleep(0.01)
    assert thinker.progress() >= 6  # it thinks deeper and deeper until told to stop
    began = time.monotonic()
    thinker.start("russian", {}, None, ["c3-d4", "f6-g5"], depth=5)  # the reply came
    result = _wait(thinker)
    assert time.monotonic() - began < 5.0  # the ponder stopped at once
    assert result.error is None and result.depth == 5
    assert kept_table() is None  # (the table lives in the worker process, not here)


def test_the_worker_reports_a_bad_request(thinker: Thinker) -> None:
    thinker.start("russian", {}, "not a position", [], depth=1)
    result = _wait(thinker)
    assert result.move is None and result.error


def _run(args: list[str], text: str, timeout: float = 60) -> str:
    done = subprocess.run([sys.executable, "-m", "game.ai", *args], input=text,
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bestmove_prints_the_moves_command_text() -> None:
    out = _run(["bestmove", "--variant", "apokachi", "--depth", "2"], "W:6:Wa1,b2,f3:Bc1,e6,f6\n")
    assert out.split() == ["b2-b1xc1"]
    out = _run(["bestmove", "--variant", "international", "--depth", "2"],
               "W:W28:B23,24\nW:WK46:BK5\n")
    lines = out.split()
    game = find_variant("international").from_fen("W:W28:B23,24")
    (only,) = game.legal_moves()  # the majority rule leaves one capture: both men
    assert lines == [game.hub_text(only), "none"]


def test_a_short_match_prints_a_table_with_an_elo_difference() -> None:
    out = _run(["match", "--variant", "russian", "--white", "2", "--black", "random",
                "--games", "2", "--time", "0.02"], "")
    assert "Elo 2 - random" in out


def test_games_played_side_by_side_are_the_games_played_one_after_another() -> None:
    # each game has its own seed, so --jobs changes how long a match takes, not its games
    args = ["match", "--variant", "apokachi", "--size", "5", "--white", "2", "--black", "1",
            "--games", "4", "--time", "0.02", "--seed", "3"]
    one, two = _run(args, ""), _run(args + ["--jobs", "2"], "")
    assert one == two and "games: " in one


def test_the_hub_engine_plays_through_a_pipe() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "game.ai", "hub"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=ROOT, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None

    def send(line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def until(prefix: str) -> list[str]:
        assert proc.stdout is not None
        seen: list[str] = []
        while True:
            line = proc.stdout.readline()
            assert line, f"the engine closed its output before {prefix!r}: {seen}"
            seen.append(line.strip())
            if line.startswith(prefix):
                return seen

    try:
        send("hub")
        assert until("wait")[0].startswith("id name=")
        send("init")
        until("ready")
        # the start position, after 32-28 19-23: White must take back 28x19
        send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"")
        send("level depth=3")
        send("go think")
        lines = until("done")
        assert lines[-1].split()[1] == "move=28x19x23"
        send("ping")
        until("pong")
        send("level infinite")
        send("pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww")
        send("go analyze")
        time.sleep(0.3)
        send("ping")
        send("stop")
        lines = until("done")
        assert "pong" in lines
        move = lines[-1].split()[1].removeprefix("move=")
        assert move in {"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30",
                        "35-30"}
        send("quit")
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_dead_worker_is_reported_and_replaced() -> None:
    with Thinker() as thinker:
        thinker.start("russian", {}, None, [], time=60.0)
        process = thinker._process
        assert process is not None
        process.kill()
        process.join(timeout=10)
        result = _wait(thinker)
        assert result.move is None and result.error
        thinker.start("russian", {}, None, [], depth=2)
        assert _wait(thinker).move is not None
