"""``python -m game dxp`` as a real process: it says where it listens (port 0: the system
chooses), plays our engine against the test's initiator over 127.0.0.1, prints a line for
the game and exits after the games asked for."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from game.rules.international import International
from tests.net.dxp_peer import Peer, move_text, read_move, request

ROOT = Path(__file__).resolve().parents[2]


def test_the_dxp_command_plays_a_game_and_exits() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "dxp", "--port", "0", "--level", "1", "--games", "1",
         "--name", "ShashkiTest"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        assert first.startswith("listening on 127.0.0.1:"), first
        port = int(first.rsplit(":", 1)[1])
        peer = Peer.connect("127.0.0.1", port)
        peer.send(request("ProcessTest", "Z", 1, 0))
        answer = peer.expect("A", timeout=20)
        assert answer[1:33].rstrip() == "ShashkiTest" and answer[-1] == "0"
        game = International.new()
        rng = random.Random(4)
        for _ in range(5):
            move = rng.choice(game.legal_moves())
            peer.send(move_text(move))
            game.push(move)
            game.push(read_move(game, peer.expect("M", timeout=20)))
        peer.send("E01")
        assert peer.expect("E", timeout=10)[0] == "E"
        peer.close()
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:  # a failed test: stopped as a person would (its worker
            process.terminate()  # process closed), killed only if it does not stop
            try:
                process.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate(timeout=10)
    assert process.returncode == 0, err
    assert "Traceback" not in err
    assert out.strip() == ("game 1: ShashkiTest (black) vs ProcessTest: unfinished "
                           "(they ended it) after 10 plies")


def test_the_dxp_command_stopped_by_sigterm_leaves_no_worker_behind() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "game", "dxp", "--port", "0", "--level",
                                "1"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        port = int(process.stdout.readline().rsplit(":", 1)[1])
        peer = Peer.connect("127.0.0.1", port)
        peer.send(request("Stopper", "W", 1, 0))
        peer.expect("A", timeout=20)
        peer.expect("M", timeout=20)  # its engine's worker process has thought
        process.terminate()
        # the output closes only when no process holds it: the worker is gone too
        _, err = process.communicate(timeout=20)
        peer.close()
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=10)
    assert process.returncode == 0 and "Traceback" not in err
