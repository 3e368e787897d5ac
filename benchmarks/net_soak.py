"""Games between two processes over loopback, headless, with random requests and cut links.

    python benchmarks/net_soak.py [--games 100] [--cut-every 2] [--at-once 4]
    python benchmarks/net_soak.py --chapaev-shots 1000 [--chapaev-variants classic,swamp,troops]

Each game is a host and a guest process (``python -m game.net``) playing random legal moves
with, now and then, a draw offer, a takeback request, a resignation and their answers
(``--mischief``), the games taken in turn from every game of the collection. Every
``--cut-every``-th game goes through a relay in this process that cuts the link at a random
moment and brings it back after a while; the guest must come back within 2 s of the link
returning. At the end each side prints its game's fingerprint: a desync is two that differ.
Counted: desyncs, crashes (a traceback or an exit code), hangs (a process killed at the time
limit), and the seconds from a link's return to the guest's reconnection.

``--chapaev-shots N`` plays Chapaev matches until N shots have been played (the classic, the
wide board with its presses, a campaign of different troops, in turn; every flick pulled as
at a window) and counts how often the guest's table at rest equalled the host's (the digest
after every shot), how often it was set to the host's, and the whole matches sent.
"""
from __future__ import annotations

import argparse
import os
import random
import select
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules import VARIANTS  # noqa: E402
from tests.net.helpers import Relay  # noqa: E402

GAMES = sorted(VARIANTS) + ["chapaev"]
LIMIT = 120.0  # seconds a game may take before its processes count as hung


def spawn(*args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, "-m", "game.net", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@dataclass
class Game:
    """One game under way: its two processes, its relay, and what happened."""

    name: str
    host: subprocess.Popen[str]
    guest: subprocess.Popen[str] | None = None
    relay: Relay | None = None
    began: float = 0.0
    cut_at: float | None = None
    reopen_at: float | None = None
    reopened: float | None = None
    back_after: float | None = None
    accepted_before: int = 0
    lines: dict[str, list[str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def hosting(process: subprocess.Popen[str]) -> tuple[int, str]:
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 20.0)
    if not ready:
        raise RuntimeError("the host did not start")
    words = process.stdout.readline().split()
    return int(words[2]), words[3]


def start(name: str, seed: int, mischief: float, cut: bool, rng: random.Random,
          host_args: tuple[str, ...] = (), both_args: tuple[str, ...] = ()) -> Game:
    host = spawn("host", "--game", name, "--seed", str(seed), "--mischief", str(mischief),
                 "--seconds", str(LIMIT - 10), *host_args, *both_args)
    port, code = hosting(host)
    game = Game(name, host, began=time.monotonic())
    if cut:
        game.relay = Relay(port)
        port = game.relay.port
        game.cut_at = rng.uniform(0.3, 2.0)
    game.guest = spawn("join", "--port", str(port), "--code", code, "--seed",
                       str(seed + 1000), "--mischief", str(mischief),
                       "--seconds", str(LIMIT - 10), *both_args)
    return game


def finish(process: subprocess.Popen[str], game: Game, role: str) -> None:
    try:
        out, err = process.communicate(timeout=max(1.0, LIMIT - (time.monotonic() - game.began)))
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        game.errors.append(f"{role} hung")
    if "Traceback" in err:
        game.errors.append(f"{role} crashed: {err[-400:]}")
    elif process.returncode not in (0, 3):
        game.errors.append(f"{role} failed ({process.returncode}): {out[-200:]} {err[-200:]}")
    words = [line.split() for line in out.splitlines() if line.startswith(role)]
    game.lines[role] = words[-1] if words else []


def tend(game: Game) -> None:
    """Poll a game's relay: cut the link when its time comes, open it again 1 s later."""
    relay = game.relay
    if relay is None:
        return
    relay.poll()
    now = time.monotonic() - game.began
    if game.cut_at is not None and relay.flowing_since is None:
        game.began = time.monotonic()  # the cut comes a while after the game has begun
    elif game.cut_at is not None and now >= game.cut_at:
        relay.cut()
        game.cut_at = None
        game.reopen_at = now + 1.0
    elif game.reopen_at is not None and now >= game.reopen_at:
        before = relay.accepted
        relay.open()
        game.reopened = time.monotonic()
        game.reopen_at = None
        game.accepted_before = before
    elif game.reopened is not None and game.back_after is None \
            and relay.accepted > game.accepted_before and relay.flowing_since is not None:
        game.back_after = relay.flowing_since - game.reopened


def soak(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    queue = [(GAMES[i % len(GAMES)], i) for i in range(args.games)]
    running: list[Game] = []
    done: list[Game] = []
    began = time.monotonic()
    while queue or running:
        while queue and len(running) < args.at_once:
            name, i = queue.pop(0)
            cut = args.cut_every > 0 and i % args.cut_every == 0
            running.append(start(name, 2 * i + 1, args.mischief, cut, rng))
        for game in running:
            tend(game)
        for game in list(running):
            assert game.guest is not None
            if game.guest.poll() is not None and game.host.poll() is not None \
                    or time.monotonic() - game.began > LIMIT:
                finish(game.guest, game, "guest")
                finish(game.host, game, "host")
                if game.relay is not None:
                    game.relay.cut()
                running.remove(game)
                done.append(game)
                g, h = game.lines.get("guest", []), game.lines.get("host", [])
                status = "ok" if g[1:4] == h[1:4] and g[1:2] == ["over"] else "DESYNC"
                print(f"{len(done):4d} {game.name:24s} {status} {' '.join(h[1:3])} "
                      f"{'cut, back after %.2f s' % game.back_after if game.back_after else ''}"
                      f" {'; '.join(game.errors)}", flush=True)
        time.sleep(0.002)
    desyncs = sum(1 for g in done if g.lines.get("guest", [])[1:4] != g.lines.get("host", [])[1:4]
                  or g.lines.get("guest", [])[1:2] != ["over"])
    crashes = sum(1 for g in done if any("crashed" in e for e in g.errors))
    hangs = sum(1 for g in done if any("hung" in e for e in g.errors))
    backs = [g.back_after for g in done if g.back_after is not None]
    cuts = sum(1 for g in done if g.relay is not None)
    print(f"\n{len(done)} games in {time.monotonic() - began:.0f} s: desyncs {desyncs}, "
          f"crashes {crashes}, hangs {hangs}")
    if backs:
        print(f"links cut {cuts}, came back {len(backs)}: after the link returned "
              f"median {statistics.median(backs):.2f} s, max {max(backs):.2f} s "
              f"(target < 2 s)")
    return 0 if desyncs == crashes == hangs == 0 else 1


#: the Chapaev matches the soak takes in turn (options as a saved game keeps them): the
#: classic, the wide board (its swamp, the bayonet fight and its presses), and a campaign
#: whose sides soon field different troops
CHAPAEV_VARIANTS: dict[str, str] = {
    "classic": "{}",
    "swamp": '{"swamp": true}',
    "troops": '{"campaign": "loser_changes", "troops": ["cavalry", "heavy_tanks", "sailors"]}',
}


def chapaev_shots(args: argparse.Namespace) -> int:
    """Chapaev matches until ``args.chapaev_shots`` shots: the guest's table equal to the
    host's after each. Both sides flick as a person at a window does (the pull as the
    pointer gives it, ``--pull``), the variants in turn."""
    rests = corrections = matches = presses = 0
    taken = sent = 0  # whole matches the guests took, and the hosts sent (one each at the start)
    by_variant: dict[str, list[int]] = {}
    seed = args.seed
    variants = [v for v in args.chapaev_variants.split(",") if v]
    began = time.monotonic()
    while rests < args.chapaev_shots:
        variant = variants[matches % len(variants)]
        both = ("--pull",) if args.pull else ()
        game = start("chapaev", seed, 0.0, False, random.Random(seed),
                     ("--chapaev-options", CHAPAEV_VARIANTS[variant]), both)
        assert game.guest is not None
        finish(game.guest, game, "guest")
        finish(game.host, game, "host")
        words = dict(w.split("=", 1) for w in game.lines.get("guest", []) if "=" in w)
        hosted = dict(w.split("=", 1) for w in game.lines.get("host", []) if "=" in w)
        shots, fixed = int(words.get("rests", 0)), int(words.get("corrections", 0))
        rests += shots
        corrections += fixed
        presses += int(words.get("presses", 0))
        taken += int(words.get("syncs", 0))
        sent += int(hosted.get("syncs", 0))
        tally = by_variant.setdefault(variant, [0, 0])
        tally[0] += shots
        tally[1] += fixed
        matches += 1
        seed += 2
        same = game.lines.get("guest", [])[1:4] == game.lines.get("host", [])[1:4]
        print(f"match {matches} ({variant}, troops {words.get('troops')}): {shots} shots, "
              f"{words.get('presses')} presses, {fixed} corrected, guest took "
              f"{words.get('syncs')} whole matches, end {'the same' if same else 'DIFFERENT'} "
              f"{' '.join(game.errors)}", flush=True)
    equal = rests - corrections
    print(f"\n{rests} shots ({presses} presses) in {matches} matches "
          f"({time.monotonic() - began:.0f} s): the guest's resting table equalled the host's "
          f"after {equal} ({100 * equal / max(1, rests):.2f} %), set to the host's "
          f"{corrections} times (before the next shot); whole matches sent by the hosts "
          f"{sent} (one as the guest joined and one at the end, each), taken by the guests "
          f"{taken}")
    for variant, (shots, fixed) in by_variant.items():
        print(f"  {variant}: {shots} shots, {fixed} corrected")
    return 0 if corrections <= 0.01 * rests else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--at-once", type=int, default=4)
    parser.add_argument("--cut-every", type=int, default=2,
                        help="every N-th game goes through a relay that cuts it (0: none)")
    parser.add_argument("--mischief", type=float, default=0.003)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chapaev-shots", type=int, default=0)
    parser.add_argument("--chapaev-variants", default=",".join(CHAPAEV_VARIANTS),
                        help="the Chapaev matches taken in turn, of: "
                             + ", ".join(CHAPAEV_VARIANTS))
    parser.add_argument("--no-pull", dest="pull", action="store_false",
                        help="Chapaev flicks as unit vectors, not pulled as at a window")
    args = parser.parse_args()
    if args.chapaev_shots:
        return chapaev_shots(args)
    return soak(args)


if __name__ == "__main__":
    sys.exit(main())
