"""Our engine against our engine over DXP: this process is the initiator (level A), a
``python -m game dxp`` process the follower (level B), over 127.0.0.1, colours alternating,
all games on one connection as engine matches play them.

    python benchmarks/dxp_match.py --games 10 --levels 3 1 --minutes 1

Prints a line a game and the score (of the initiator's level); every game is bounded by the
request's move limit, the whole run by --deadline seconds (then it stops and says so).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.dxp import GameRequest  # noqa: E402
from game.net.dxp_engine import EngineDriver  # noqa: E402
from game.net.dxp_game import DxpInitiator, GameEnded, GameRefused, LinkLost, State  # noqa: E402
from game.play.computer import ComputerPlayer  # noqa: E402
from game.rules.core import Color  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--levels", type=int, nargs=2, default=(3, 1), metavar=("A", "B"),
                        help="the initiator's level (this process) and the follower's")
    parser.add_argument("--minutes", type=int, default=1, help="each side's time a game")
    parser.add_argument("--moves", type=int, default=100, help="the move limit of a game")
    parser.add_argument("--deadline", type=float, default=1800.0, help="seconds at most")
    args = parser.parse_args()
    ours, theirs = args.levels
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    follower = subprocess.Popen(
        [sys.executable, "-m", "game", "dxp", "--port", "0", "--level", str(theirs),
         "--games", str(args.games), "--name", f"Shashki level {theirs}"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    assert follower.stdout is not None
    first = follower.stdout.readline().strip()
    if not first.startswith("listening on "):
        print(f"the follower did not start: {first!r}")
        follower.kill()
        return 1
    port = int(first.rsplit(":", 1)[1])
    started = time.monotonic()
    deadline = started + args.deadline

    def ask(number: int) -> GameRequest:
        # the follower takes White in odd games: each level plays each colour
        color = Color.WHITE if number % 2 else Color.BLACK
        return GameRequest(f"Shashki level {ours}", color, args.minutes, args.moves)

    initiator = DxpInitiator("127.0.0.1", port, ask(1))
    driver = EngineDriver(initiator, ComputerPlayer(ours, min_delay=0.0))
    ended = 0
    try:
        while ended < args.games and time.monotonic() < deadline:
            for event in initiator.poll():
                driver.handle(event)
                if isinstance(event, GameEnded):
                    ended += 1
                    print(driver.reports[-1].line(f"level {ours}"), flush=True)
                    if ended < args.games:
                        initiator.request_game(ask(ended + 1))
                elif isinstance(event, (GameRefused, LinkLost)):
                    print(f"stopped: {event}")
                    ended = args.games
            driver.update()
            if initiator.state is State.CLOSED:
                break
            time.sleep(0.002)
    finally:
        initiator.close()
        driver.seat.close()
        try:
            said, _ = follower.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            follower.kill()
            said, _ = follower.communicate(timeout=10)
        for line in said.splitlines():
            print(f"  the follower said: {line}")
    results = [r.result for r in driver.reports]
    wins, losses, draws = (results.count(k) for k in ("win", "loss", "draw"))
    unfinished = results.count("unfinished")
    points = wins + 0.5 * draws
    played = wins + losses + draws
    share = f"{100.0 * points / played:.1f} %" if played else "-"
    print(f"level {ours} (initiator) vs level {theirs} (follower, another process): "
          f"+{wins} ={draws} -{losses}, {unfinished} unfinished: {points}/{played} ({share}) "
          f"in {time.monotonic() - started:.0f} s")
    if time.monotonic() >= deadline:
        print("the deadline ended the run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
