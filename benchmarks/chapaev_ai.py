"""Benchmark: the Chapaev computer player's speed, strength and aim.

Run from the project root (each part on its own, or all):

    python benchmarks/chapaev_ai.py speed
    python benchmarks/chapaev_ai.py random [--matches 40] [--jobs 2]
    python benchmarks/chapaev_ai.py ladder [--matches 10] [--jobs 2]
    python benchmarks/chapaev_ai.py simple [--levels 1,3,5] [--matches N] [--jobs 2]
    python benchmarks/chapaev_ai.py hits [--count 60]
    python benchmarks/chapaev_ai.py positions [--count 15]
    python benchmarks/chapaev_ai.py frames

- speed: shots simulated per second (screening and full step) and the decision time of each
  level on the starting table and on mid-game tables (CPU seconds of the process, and wall).
- random: the top level against a random shooter, colours alternating. Target >= 95 % won.
- ladder: each level against the one below, colours alternating. Target >= 60 % won.
- simple: each level against the simple shooter (``SimpleShooter``: its piece nearest an
  enemy, aimed at the centre, hard, with a 3° hand error: how many apps' computers play),
  colours alternating, with the share of the level's shots that knocked an enemy piece off.
  Targets: level 1 wins at most 2 in 10, level 3 about half, level 5 at least 19 in 20
  (matches by default: 10 for levels 1, 2 and 4, 20 for 3 and 5).
- hits: tables from matches of the simple shooter against itself where a knock-off can be
  made (the top level, its hand off, finds one), and each level's shot from each of them
  played four times with its hand: the share that knocks an enemy piece off, per level (and
  the simple shooter's), and how the misses went (wide, too soft, too hard), and how many
  knock-offs lost the striker that the shot as meant kept (too hard).
- positions: tables with one enemy piece near an edge (one to six own pieces about) and a shot known to win the round
  (found by a brute scan of aims and strengths); how many the top level solves with its aim
  error off, played on the real table.
- frames: frame times of the Chapaev scene at 1280x800 (SDL dummy driver) while the computer
  (top level, in its worker) thinks and pulls back its piece, frames paced at 60 fps as the
  game's loop paces them; the same scene with a person to shoot as the baseline. Target: p95
  under 8 ms.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.ai.chapaev import LEVELS, Plan, apply_hand, plan, simple_shot  # noqa: E402
from game.play.chapaev_computer import ChapaevComputer, SimpleShooter  # noqa: E402
from game.play.chapaev_play import ChapaevPlay, ChapaevPosition  # noqa: E402
from game.play.seats import RandomPlayer, Seat  # noqa: E402
from game.rules.chapaev import ChapaevMatch  # noqa: E402
from game.rules.core import Color  # noqa: E402
from physics import SCREEN_STEP_HZ, Action, Shot, Table, random_table  # noqa: E402
from physics.bench import planner_candidates  # noqa: E402

W, B = Color.WHITE, Color.BLACK


# --- speed --------------------------------------------------------------------------------
def speed() -> None:
    rng = random.Random(3)
    table = random_table(rng, white=6, black=6, record_knocks=False)
    shots = planner_candidates(table, rng, 300)
    state = table.snapshot()
    for label, hz in (("screening", SCREEN_STEP_HZ), ("full step", None)):
        began = time.process_time()
        for shot in shots:
            table.simulate(shot, state, step_hz=hz)
        cpu = time.process_time() - began
        print(f"{label:<10} {len(shots) / cpu:7.1f} shots/s (CPU)")
    tables = [("start", Table.starting(record_knocks=False), ChapaevMatch())]
    for seed in (4, 5, 6):
        r = random.Random(seed)
        t = random_table(r, white=6, black=6, record_knocks=False)
        tables.append((f"6v6 #{seed}", t, ChapaevMatch()))
    print("level  table     screened  simulated   CPU s   wall s")
    for level in LEVELS:
        for name, t, match in tables:
            began = time.process_time()
            result = plan(t, match, level)
            cpu = time.process_time() - began
            print(f"{level:>5}  {name:<9} {result.candidates:>8} {result.simulated:>10} "
                  f"{cpu:7.3f}  {result.seconds:7.3f}")


# --- strength -----------------------------------------------------------------------------
RANDOM, SIMPLE = 0, -1  # the random shooter and the simple shooter, among the levels


def _seat(spec: int, seed: int) -> Seat:
    if spec == RANDOM:
        return RandomPlayer(random.Random(seed))
    if spec == SIMPLE:
        return SimpleShooter(random.Random(seed))
    return ChapaevComputer(spec, in_process=True, min_delay=0.0, rng=random.Random(seed))


def play_match(args: tuple[int, int, int]) -> tuple[int, int, int, Color | None, int,
                                                   tuple[int, int]]:
    """(first level, second level, seed) -> (..., the winner's colour, shots, and the
    first's (hits, shots)). The first plays White on even seeds, Black on odd ones; level 0
    is the random shooter, -1 the simple shooter."""
    first, second, seed = args
    white, black = (first, second) if seed % 2 == 0 else (second, first)
    play = ChapaevPlay(seats={W: _seat(white, seed * 2 + 1), B: _seat(black, seed * 2 + 2)})
    winner = play.run(max_shots=3000)
    mine = play.stats()[W if seed % 2 == 0 else B]
    return first, second, seed, winner, len(play.shots), (mine.hits, mine.shots)


def contest(first: int, second: int, matches: int, jobs: int,
            first_seed: int = 0) -> tuple[int, int]:
    """How many matches ``first`` wins of those decided."""
    won = decided = hits = shots = 0
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for _, _, seed, winner, _, (h, n) in pool.map(
                play_match, [(first, second, s) for s in
                             range(first_seed, first_seed + matches)]):
            hits, shots = hits + h, shots + n
            if winner is None:
                continue
            decided += 1
            first_color = W if seed % 2 == 0 else B
            won += winner is first_color
    name = {RANDOM: "random", SIMPLE: "the simple shooter"}
    print(f"level {first} vs {name.get(second, f'level {second}')}: {won}/{decided} won "
          f"({won / max(1, decided):.0%}; seeds {first_seed}..{first_seed + matches - 1}; "
          f"its shots knocked an enemy off {hits}/{shots}) "
          f"in {time.perf_counter() - began:.0f} s", flush=True)
    return won, decided


def simple(levels: list[int], matches: int, jobs: int, first_seed: int = 0) -> None:
    for level in levels:
        contest(level, SIMPLE, matches or (20 if level in (3, 5) else 10), jobs, first_seed)


# --- the share of knock-offs where one can be made --------------------------------------
def _hit_tables(count: int, seed: int) -> list[tuple[ChapaevPosition, Plan]]:
    """Tables of real play (the simple shooter against itself, every third shot) where the
    top level with its hand off expects to knock an enemy piece off, with that plan."""
    rng = random.Random(seed)
    out: list[tuple[ChapaevPosition, Plan]] = []
    match_seed = 0
    while len(out) < count:
        match_seed += 1
        play = ChapaevPlay(seats={W: SimpleShooter(random.Random(rng.random())),
                                  B: SimpleShooter(random.Random(rng.random()))})
        for shot in range(400):
            if play.is_over or len(out) >= count:
                break
            if play.waiting_next_round:
                play.next_round()
            if shot % 3 == 0:
                position = play.position()
                oracle = plan(position.state, position.match, max(LEVELS))
                if any(d[0] is not position.shooter for d in oracle.expected.fallen):
                    out.append((position, oracle))
            play.update()
            play.finish_shot()
    return out


def _knocks(position: ChapaevPosition, shot: Action) -> tuple[bool, bool]:
    """Whether ``shot`` knocks an enemy piece off, and whether its striker stays."""
    result = position.table().simulate(shot)
    return any(d[0] is not position.shooter for d in result.fallen), result.striker_stayed


def hits(count: int, tries: int = 4, seed: int = 21) -> None:
    began = time.perf_counter()
    tables = _hit_tables(count, seed)
    print(f"{len(tables)} tables where a knock-off can be made "
          f"({time.perf_counter() - began:.0f} s to find)", flush=True)
    rng = random.Random(seed)
    outcomes = [_knocks(p, simple_shot(p.state, p.shooter, rng))
                for p, _ in tables for _ in range(tries)]
    made = sum(ok for ok, _ in outcomes)
    kept = sum(ok and stays for ok, stays in outcomes)
    print(f"the simple shooter: {made}/{len(outcomes)} knock an enemy off "
          f"({made / len(outcomes):.0%}; {kept} keeping the striker for another shot)",
          flush=True)
    for level in LEVELS:
        rng = random.Random(seed + level)
        made = kept = meant_made = followed = 0
        how = {"wide": 0, "too soft": 0, "too hard": 0}
        for position, oracle in tables:
            chosen = oracle if level == max(LEVELS) else plan(position.state, position.match,
                                                                level)
            meant_ok, meant_stays = _knocks(position, chosen.shot)
            meant_made += meant_ok
            for _ in range(tries):
                played = apply_hand(chosen.shot, level, rng)
                ok, stays = _knocks(position, played)
                made += ok
                kept += ok and stays
                if meant_ok and not ok:
                    how[_miss_kind(position, chosen.shot, played)] += 1
                elif ok and meant_stays and not stays:
                    followed += 1  # too hard: the striker went off after its target
        total = len(tables) * tries
        spoiled = ", ".join(f"{n} {k}" for k, n in how.items())
        print(f"level {level}: {made}/{total} knock an enemy off ({made / total:.0%}; "
              f"{kept} keeping the striker for another shot); "
              f"its chosen shots as meant {meant_made}/{len(tables)}; the hand spoiled "
              f"{sum(how.values())} of {meant_made * tries} ({spoiled}), and {followed} "
              f"more lost the striker after the target (too hard)", flush=True)


def _miss_kind(position: ChapaevPosition, meant: Action, played: Action) -> str:
    """Why a shot that would have worked missed as played: its aim (the played strength
    along the meant line works), or its strength, too soft or too hard."""
    if isinstance(meant, Shot) and isinstance(played, Shot):
        straight = Shot(meant.disc, meant.direction, played.strength)
        if _knocks(position, straight)[0]:
            return "wide"
    return "too soft" if played.strength < meant.strength else "too hard"


# --- positions with a known winning shot ---------------------------------------------------
def _wins(play: ChapaevPlay, shot: Shot) -> bool:
    table = play.table.copy(record_knocks=False)
    result = table.simulate(shot)
    return (B, 0) in result.fallen and any(d[0] is W for d, _, _ in result.positions)


def _known_win(play: ChapaevPlay) -> Shot | None:
    """A winning shot found by a brute scan around each own piece's line to the enemy."""
    ex, ey = play.table.position((B, 0))
    for disc in play.table.discs_of(W):
        ox, oy = play.table.position(disc)
        base = math.atan2(ey - oy, ex - ox)
        for step in range(0, 41):
            offset = math.radians((step + 1) // 2 * (1 if step % 2 else -1))
            for strength in (0.3, 0.45, 0.6, 0.75, 0.9, 1.0):
                angle = base + offset
                shot = Shot(disc, (math.cos(angle), math.sin(angle)), strength)
                if _wins(play, shot):
                    return shot
    return None


def positions(count: int, seed: int = 11) -> None:
    rng = random.Random(seed)
    solved = tried = 0
    began = time.perf_counter()
    while tried < count:
        # one enemy piece within 0.8 square of an edge, one to six own pieces in the way or not
        side = rng.randrange(4)
        along, near = rng.uniform(0.5, 7.5), rng.uniform(0.2, 0.8)
        ex, ey = [(near, along), (8 - near, along), (along, near), (along, 8 - near)][side]
        spots = {(B, 0): (ex, ey)}
        for i in range(rng.randint(1, 6)):
            for _ in range(200):
                x, y = rng.uniform(0.5, 7.5), rng.uniform(0.5, 7.5)
                if all(math.hypot(x - px, y - py) > 1.0 for px, py in spots.values()):
                    spots[(W, i)] = (x, y)
                    break
        play = ChapaevPlay()
        play.place(spots)
        if _known_win(play) is None:
            continue
        tried += 1
        position = play.position()
        chosen = plan(position.state, position.match, max(LEVELS)).shot
        verdict = play.run_shot(chosen.disc, chosen.direction, chosen.strength)
        won = verdict.round_result is not None and verdict.round_result.winner is W
        solved += won
    print(f"positions with a known winning shot: {solved}/{tried} solved by level "
          f"{max(LEVELS)} (aim error off) in {time.perf_counter() - began:.0f} s")


# --- frames while the computer thinks -------------------------------------------------------
def frames(fps: float = 60.0, shots: int = 3) -> None:
    from game.scenes.chapaev.phases import Phase
    from game.scenes.chapaev.scene import ChapaevScene
    from game.tools import _offscreen_app

    app = _offscreen_app((1280, 800), "ru")
    app.always_draw = True

    def frame() -> float:
        """One frame paced like the game's loop (it sleeps out the rest of 1/fps, which
        leaves the worker its share of a busy machine); the frame's own work in ms."""
        began = time.perf_counter()
        app.frame(1 / fps)
        spent = time.perf_counter() - began
        time.sleep(max(0.0, 1 / fps - spent))
        return spent * 1000

    # the same frames with a person to shoot, for comparison on this machine now
    idle: list[float] = []
    scene = ChapaevScene(app, ChapaevPlay())
    app.start(scene)
    frame()
    scene.hide_banner()
    idle = [frame() for _ in range(240)]
    times: list[float] = []
    thinking: list[float] = []
    seat = ChapaevComputer(max(LEVELS), min_delay=0.0)
    for _ in range(shots):
        play = ChapaevPlay(seats={W: seat})
        scene = ChapaevScene(app, play)
        app.start(scene)
        frame()
        scene.hide_banner()
        end = time.monotonic() + 60
        while scene.stage.phase is Phase.AIM and time.monotonic() < end:
            spent = frame()
            times.append(spent)
            if seat.thinking:
                thinking.append(spent)
    seat.close()
    for label, data in (("a person to shoot (idle)", idle), ("the computer thinking", thinking),
                        ("thinking + pulling back", times)):
        data = sorted(data)
        if not data:
            continue
        p95 = data[min(len(data) - 1, int(len(data) * 0.95))]
        print(f"chapaev frames, {label}, 1280x800, {fps:g} fps paced, {len(data)} frames: "
              f"p50 {statistics.median(data):.2f} ms  p95 {p95:.2f} ms  max {data[-1]:.2f} ms "
              f"(target p95 < 8 ms)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="all",
                        choices=("all", "speed", "random", "ladder", "simple", "hits",
                                 "positions", "frames"))
    parser.add_argument("--matches", type=int, default=0, help="matches per contest")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--count", type=int, default=0, help="tables for positions (15) or hits (60)")
    parser.add_argument("--first-seed", type=int, default=0, help="to add matches to a run")
    parser.add_argument("--levels", default="", help="levels for 'simple', e.g. 1,3,5")
    args = parser.parse_args(argv)
    top = max(LEVELS)
    if args.part in ("all", "speed"):
        speed()
    if args.part in ("all", "positions"):
        positions(args.count or 15)
    if args.part in ("all", "frames"):
        frames()
    if args.part in ("all", "random"):
        contest(top, 0, args.matches or 40, args.jobs, args.first_seed)
    if args.part in ("all", "simple"):
        chosen = [int(n) for n in args.levels.split(",") if n] or list(LEVELS)
        simple(chosen, args.matches, args.jobs, args.first_seed)
    if args.part in ("all", "hits"):
        hits(args.count or 60)
    if args.part in ("all", "ladder"):
        for level in range(2, top + 1):
            contest(level, level - 1, args.matches or 10, args.jobs, args.first_seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
