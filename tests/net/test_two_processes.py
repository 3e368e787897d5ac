"""Two instances of the game over loopback, headless (``python -m game.net host|join``):
games of every kind played to their end between two processes, and a link cut in the middle
of a game and brought back. Each run is bounded: a process that does not end in time is
killed and the test fails.

Every game of the collection between two processes, many times over with cut links, is
``benchmarks/net_soak.py`` (run by hand); every game over the link in one process is
tests/net/test_netplay.py. Here one batch of six pairs: each kind of board and rules once."""
from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules import VARIANTS
from tests.net.helpers import Relay, finish as _finish

ROOT = Path(__file__).resolve().parents[2]
#: one game of each kind: 8x8 diagonal, 10x10 diagonal with majority capture, orthogonal men,
#: the two-against-one game, the corner race, the table (the rest: benchmarks/net_soak.py)
GAMES = ["russian", "international", "turkish", "apokachi", "ugolki", "chapaev"]
LIMIT = 60.0  # seconds any one process may take


def spawn(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, "-m", "game.net", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def hosting(process: subprocess.Popen[str]) -> tuple[int, str]:
    """The port and code the host prints first (within 20 s)."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 20.0)
    assert ready, "the host did not start listening"
    words = process.stdout.readline().split()
    assert words[0] == "hosting", words
    return int(words[2]), words[3]


def finish(process: subprocess.Popen[str]) -> tuple[list[str], str]:
    return _finish(process, LIMIT)


def play_pairs(games: list[str], mischief: str, pace: str | None = None) -> None:
    """Each game of ``games`` between a host and a guest process, six at a time (each move
    taking ``pace`` seconds when given); both end over, with the same result and the same
    fingerprint of the whole game."""
    paced = [] if pace is None else ["--pace", pace]
    for batch in range(0, len(games), 6):
        pairs = []
        for i, game in enumerate(games[batch:batch + 6]):
            host = spawn("host", "--game", game, "--seed", str(i + 1), "--mischief", mischief,
                         "--seconds", "40", *paced)
            pairs.append((game, host))
        joined = []
        for game, host in pairs:
            port, code = hosting(host)
            guest = spawn("join", "--port", str(port), "--code", code.lower(), "--seed",
                          "7", "--mischief", mischief, "--seconds", "40", *paced)
            joined.append((game, host, guest))
        for game, host, guest in joined:
            (g_role, g_over, g_result, g_print, *_), g_err = finish(guest)
            (h_role, h_over, h_result, h_print, *_), h_err = finish(host)
            assert (g_role, h_role) == ("guest", "host")
            assert g_over == h_over == "over", (game, g_result, h_result, g_err, h_err)
            assert (g_result, g_print) == (h_result, h_print), game


def test_each_kind_of_game_is_played_to_its_end_between_two_processes() -> None:
    assert set(GAMES) - {"chapaev"} <= set(VARIANTS)
    play_pairs(GAMES, "0", pace="0.01")  # the table's shots at a board game's pace


def test_draw_offers_takebacks_and_resignations_at_random_keep_both_games_one() -> None:
    # a board game and the table, a move or a shot every 10 ms (a board game's own pace; the
    # table's is 30 ms, for the cut-link tests); every game with random requests, at their
    # own pace, is benchmarks/net_soak.py
    play_pairs(["international", "chapaev"], "0.003", pace="0.01")


def test_a_link_cut_in_the_middle_of_a_game_comes_back_and_the_game_ends_as_one() -> None:
    host = spawn("host", "--game", "international", "--pace", "0.02", "--seed", "3")
    port, code = hosting(host)
    relay = Relay(port)
    guest = spawn("join", "--port", str(relay.port), "--code", code, "--pace", "0.02",
                  "--seed", "4")
    began = time.monotonic()
    # the cut comes a second after the guest is in (a loaded machine can take more than a
    # second to start it)
    cut_at: float | None = None
    cut = False
    reopened: float | None = None
    back: float | None = None
    reopen_at = 0.0
    while guest.poll() is None and time.monotonic() - began < LIMIT:
        relay.poll()
        elapsed = time.monotonic() - began
        if cut_at is None and relay.pairs:
            cut_at = elapsed + 1.0
        if not cut and cut_at is not None and elapsed > cut_at:
            relay.cut()  # mid-game: both sides see the link drop
            cut = True
            reopen_at = elapsed + 1.5
        elif cut and reopened is None and elapsed > reopen_at:
            relay.open()
            reopened = time.monotonic()
        elif reopened is not None and back is None and relay.pairs:
            back = time.monotonic() - reopened
        time.sleep(0.002)
    (g_role, g_over, g_result, g_print, *_), _ = finish(guest)
    (h_role, h_over, h_result, h_print, *_), _ = finish(host)
    assert reopened is not None and back is not None and back < 2.0
    assert g_over == h_over == "over"
    assert (g_result, g_print) == (h_result, h_print)
    relay.cut()
