"""Benchmark: Chapaev as a game of skill, the hand (physics/hand.py) measured as people flick.

Run from the project root (each part on its own, or all):

    python benchmarks/chapaev_hand.py straight [--shots 100]
    python benchmarks/chapaev_hand.py moderate [--shots 100]
    python benchmarks/chapaev_hand.py rounds [--rounds 200]
    python benchmarks/chapaev_hand.py person [--levels 1,5] [--matches 20] [--jobs 2]
    python benchmarks/chapaev_hand.py replay
    python benchmarks/chapaev_hand.py table [--shots 300]

- straight: through the real screen (800x560, SDL dummy driver) with posted mouse events as a
  person drags: the first shot of a match, d1 pulled straight back at full strength (3.3
  squares in a quarter of a second, let go at once) at d8 straight ahead. Counts the shots
  that knock d8 off with the striker staying on. Target: at most 75 %.
- moderate: the same screen, d5 alone against d8 (3 squares ahead): a moderate pull (1.9
  squares, strength 0.56) made slowly (1.2 s) and held still 0.4 s before it is let go.
  Counts the shots that knock d8 off. Target: at least 70 %.
- rounds: two people who flick straight (each shot: the own piece with an enemy nearest
  straight ahead in its column, else the pair nearest each other, aimed at the enemy's
  centre, pulled to full strength quickly: the person's hand, haste 1), headless on the
  same hand model. Counts the rounds the first shooter won, first in the first round of
  fresh matches (an even table: the first shot's own advantage), then in whole matches
  round after round (from the second round on, the last round's winner shoots first at a
  line pushed back to its edge). Target: at most 70 % of 30+.
- person: the computer at a level against a person who flicks straight at full strength
  (as in rounds), colours alternating. Targets: level 1 loses most matches, level 5 wins at
  least 80 % (20 matches each).
- table: what a hard hit costs on the table, headless on the same hand: a piece 3 squares
  behind an enemy that stands on the far row, flicked straight at it quickly at strengths
  1.0, 0.75 and 0.55, and the full-strength first shot of a match (d1 at d8); on the table
  as played, on table 1 (before the bounce fell with speed) and with smaller discs, to show
  what a hard hit costs and which constants it depends on (docs/rules/chapaev.md, 16).
- replay: a match saved by the build before the hand (tests/physics/chapaev_old_match.json,
  the simple shooter against itself: no hand in its shots) opened and replayed shot by shot:
  each must end exactly as it did.
"""
from __future__ import annotations

import argparse
from dataclasses import replace
import math
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import FIXED_DT, App  # noqa: E402
from game.demos import open_scene  # noqa: E402
from game.play.chapaev_play import ChapaevPlay  # noqa: E402
from game.rules.core import Color  # noqa: E402
from game.scenes.chapaev.phases import Phase  # noqa: E402
from game.scenes.chapaev.scene import ChapaevScene  # noqa: E402
from game.play.chapaev_play import ChapaevPosition  # noqa: E402
from game.play.seats import Answer, Position, Seat  # noqa: E402
from game.play.chapaev_kinds import TABLE_SIDES  # noqa: E402
from physics import PERSON, DiscId, Press, Shot, Table, TableState  # noqa: E402
from physics.config import DEFAULT_CONFIG, TABLES  # noqa: E402

W, B = Color.WHITE, Color.BLACK


class Person:
    """A hand on the mouse over the real Chapaev screen: posted events, one frame apart."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.pos = (0.0, 0.0)

    def frame(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.frame(FIXED_DT)

    def _motion(self, pos: tuple[float, float], buttons: tuple[int, int, int]) -> None:
        new = (round(pos[0]), round(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=new, rel=(0, 0),
                                             buttons=buttons))

    def pull(self, start: tuple[float, float], pixels: tuple[float, float], seconds: float,
             hold: float) -> None:
        """Take the piece at ``start``, pull by ``pixels`` evenly over ``seconds``, hold
        still ``hold`` seconds and let go."""
        self._motion(start, (0, 0, 0))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frame()
        frames = max(1, round(seconds / FIXED_DT))
        for k in range(1, frames + 1):
            self._motion((start[0] + pixels[0] * k / frames, start[1] + pixels[1] * k / frames),
                         (1, 0, 0))
            self.frame()
        self.frame(round(hold / FIXED_DT))
        end = (round(start[0] + pixels[0]), round(start[1] + pixels[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frame()


def _screen(seed: int) -> tuple[App, ChapaevScene]:
    app = App(size=(800, 560), language="en")
    open_scene(app, "menu")
    app.frame(FIXED_DT)
    scene = app.routes.push("chapaev", play=ChapaevPlay())
    app.scenes.apply()
    app.frame(FIXED_DT)
    assert isinstance(scene, ChapaevScene)
    scene.hand.rng = random.Random(seed)
    return app, scene


def _at(scene: ChapaevScene, disc: DiscId) -> tuple[float, float]:
    return scene.stage.geometry.to_screen(*scene.play.table.position(disc))


def _shots(count: int, seed: int, setup: dict[DiscId, tuple[float, float]] | None,
           pull_squares: float, seconds: float, hold: float, need_striker: bool) -> int:
    app, scene = _screen(seed)
    person = Person(app)
    made = 0
    for k in range(count):
        scene.choices.restart_round()
        person.frame(2)
        scene.hide_banner()
        if setup is not None:
            scene.play.place(setup)
        person.frame()
        cell = scene.stage.geometry.cell
        person.pull(_at(scene, (W, 3)), (0.0, pull_squares * cell), seconds, hold)
        for _ in range(4000):
            if scene.stage.phase is not Phase.SHOT and scene.play.table.is_at_rest:
                break
            person.frame()
        record = scene.play.shots[-1]
        hit = (B, 3) in record.fallen
        made += hit and (not need_striker or (W, 3) not in record.fallen)
        if (k + 1) % 25 == 0:
            print(f"  {k + 1} shots: {made} made", flush=True)
    return made


def straight(count: int, seed: int = 1) -> None:
    made = _shots(count, seed, None, 3.3, 0.25, 0.0, need_striker=True)
    print(f"straight full pull at the piece ahead: {made}/{count} = {made / count:.0%} knocked "
          "it off with the striker staying (target <= 75 %)")


def moderate(count: int, seed: int = 2) -> None:
    setup = {(W, 3): (3.5, 4.5), (B, 3): (3.5, 7.5), (W, 0): (0.5, 0.5), (B, 7): (7.5, 7.5)}
    made = _shots(count, seed, setup, 1.9, 1.2, 0.4, need_striker=False)
    print(f"moderate steady pull at a piece 3 squares ahead: {made}/{count} = "
          f"{made / count:.0%} knocked it off (target >= 70 %)")


def straight_shot(state: TableState, shooter: Color, rng: random.Random) -> Shot:
    """A person who flicks straight: the own piece with an enemy nearest straight ahead in
    its column (else the pair nearest each other), at the enemy's centre, pulled to full
    strength quickly; the person's hand lets it go."""
    own = [(d, x, y) for d, x, y, _ in state.discs if d[0] is shooter]
    enemy = [(d, x, y) for d, x, y, _ in state.discs if d[0] is not shooter]
    ahead = [(abs(ey - oy), (o, ox, oy), (ex, ey)) for o, ox, oy in own for _, ex, ey in enemy
             if abs(ex - ox) < 0.25]
    pairs = ahead or [(math.hypot(ex - ox, ey - oy), (o, ox, oy), (ex, ey))
                      for o, ox, oy in own for _, ex, ey in enemy]
    _, (disc, ox, oy), (ex, ey) = min(pairs, key=lambda t: t[0])
    aim = (ex - ox, ey - oy)
    direction, strength = PERSON.flick(rng, aim, 1.0, 1.0)
    return Shot(disc, direction, strength, (aim[0], aim[1], 1.0))


def rounds(count: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    first_won = decided = played = 0
    opening = [0, 0]  # the first round of a match: the first shooter's wins, rounds
    while played < count:
        play = ChapaevPlay()
        while not play.is_over and played < count:
            first = play.match.turn
            number = play.match.round_number
            while play.match.round_number == number and not play.is_over \
                    and not play.waiting_next_round:
                play.finish_shot() if play.in_shot else None
                state = play.table.state()
                play.act(straight_shot(state, play.match.turn, rng))
                play.finish_shot()
            result = play.round_result
            played += 1
            won = result is not None and result.winner is first
            if result is not None and result.winner is not None:
                decided += 1
                first_won += won
            if number == 1:
                opening[0] += won
                opening[1] += 1
            if play.waiting_next_round:
                play.next_round()
    later = (first_won - opening[0], played - opening[1])
    print(f"two people who flick straight: the first shooter won {first_won} of {played} "
          f"rounds ({decided} decided) = {first_won / played:.0%} (target <= 70 %); "
          f"a match's first round {opening[0]} of {opening[1]}, the later rounds (the last "
          f"round's winner shoots first, its line nearer) {later[0]} of {later[1]}")


def openings(count: int, seed: int = 5) -> None:
    """The first shot's own advantage, on an even table: only the first round of a match (both
    lines on their last rows, nothing won yet), ``count`` fresh matches."""
    rng = random.Random(seed)
    first_won = 0
    for _ in range(count):
        play = ChapaevPlay()
        first = play.match.turn
        while play.match.round_number == 1 and not play.is_over \
                and not play.waiting_next_round:
            play.act(straight_shot(play.table.state(), play.match.turn, rng))
            play.finish_shot()
        result = play.round_result
        first_won += result is not None and result.winner is first
    print(f"two people who flick straight, the first round of {count} matches: the first "
          f"shooter won {first_won} = {first_won / count:.0%} (target <= 70 %)")


class StraightPerson(Seat):
    """A person who flicks straight at full strength (:func:`straight_shot`), at once."""

    is_person = False  # played headless: no window to wait for
    at_window = False
    kind = "straight"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._position: ChapaevPosition | None = None

    def begin(self, position: Position) -> None:
        assert isinstance(position, ChapaevPosition)
        self._position = position

    def poll(self) -> Answer | None:
        position, self._position = self._position, None
        if position is None:
            return None
        if any(d[0] is position.shooter for pair in position.state.stacks for d in pair):
            disc = next(d for pair in position.state.stacks for d in pair
                        if d[0] is position.shooter)
            return Press(disc, 0.55)
        return straight_shot(position.state, position.shooter, self.rng)

    def cancel(self) -> None:
        self._position = None


def _person_match(args: tuple[int, int]) -> tuple[int, int, bool]:
    from game.play.chapaev_computer import ChapaevComputer

    level, seed = args
    computer = ChapaevComputer(level, in_process=True, min_delay=0.0, rng=random.Random(seed))
    person = StraightPerson(random.Random(seed + 1000))
    mine = W if seed % 2 == 0 else B
    play = ChapaevPlay(seats={mine: computer, mine.other: person})
    return level, seed, play.run(max_shots=3000) is mine


def person(levels: list[int], matches: int, jobs: int) -> None:
    from concurrent.futures import ProcessPoolExecutor

    for level in levels:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            won = sum(w for _, _, w in pool.map(_person_match,
                                                [(level, s) for s in range(matches)]))
        print(f"level {level} vs a person who flicks straight at full strength: won {won} of "
              f"{matches}", flush=True)


def _outcomes(config: TableConfig, state: TableState, disc: DiscId, target: DiscId,
              strength: float, count: int, seed: int) -> tuple[int, int, int]:
    """Of ``count`` quick flicks of ``disc`` straight at ``target``: how many knocked the
    target off with the striker staying, how many lost the striker after knocking the target
    off, how many lost it otherwise."""
    rng = random.Random(seed)
    where = {d: (x, y) for d, x, y, _ in state.discs}
    aim = (where[target][0] - where[disc][0], where[target][1] - where[disc][1])
    made = hit_lost = miss_lost = 0
    for _ in range(count):
        direction, power = PERSON.flick(rng, aim, strength, 1.0)
        result = Table.from_state(state, config, record_knocks=False).simulate(
            Shot(disc, direction, power))
        hit = target in result.fallen
        lost = not result.striker_stayed
        made += hit and not lost
        hit_lost += hit and lost
        miss_lost += (not hit) and lost
    return made, hit_lost, miss_lost


def table(count: int, seed: int = 4) -> None:
    tables = (("table 2, as played (the bounce falls with speed)", DEFAULT_CONFIG),
              ("table 1 (restitution 0.7 at every speed)", TABLES[1]),
              ("table 2 with discs 0.75 of a square", replace(DEFAULT_CONFIG,
                                                               disc_diameter=0.75)))
    for label, config in tables:
        near = Table(config, sides=TABLE_SIDES)
        for disc, x, y in (((W, 3), 3.5, 4.5), ((B, 3), 3.5, 7.5), ((W, 0), 0.5, 0.5),
                           ((B, 7), 7.5, 7.5)):
            near.place(disc, x, y)
        print(f"{label}: a piece 3 squares behind an enemy on the far row, flicked quickly "
              f"({count} each)")
        for strength in (1.0, 0.75, 0.55):
            made, hit_lost, miss_lost = _outcomes(config, near.state(), (W, 3), (B, 3),
                                                  strength, count, seed)
            print(f"  strength {strength:.2f}: knocked off, striker stays {made / count:.0%}; "
                  f"striker lost with the target {hit_lost / count:.0%}, without it "
                  f"{miss_lost / count:.0%}", flush=True)
        start = ChapaevPlay(config=config).table.state()
        made, hit_lost, miss_lost = _outcomes(config, start, (W, 3), (B, 3), 1.0, count, seed)
        print(f"  the first shot, d1 at full strength at d8: knocked off, striker stays "
              f"{made / count:.0%}; striker lost with the target {hit_lost / count:.0%}, "
              f"without it {miss_lost / count:.0%}", flush=True)


def replay() -> None:
    import json

    from game.play.records import play_from_record

    path = Path(__file__).resolve().parent.parent / "tests" / "physics" / "chapaev_old_match.json"
    play = play_from_record(json.loads(path.read_text(encoding="utf-8")), with_seats=False)
    assert isinstance(play, ChapaevPlay)
    same = sum(play.replay(index).same for index in range(len(play.shots)))
    print(f"an old saved match replayed: {same} of {len(play.shots)} shots ended exactly as "
          f"they did; winner {play.match.winner}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="all",
                        choices=("all", "straight", "moderate", "rounds", "person",
                                 "replay", "table"))
    parser.add_argument("--levels", default="1,5")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--shots", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    if args.part in ("all", "straight"):
        straight(args.shots)
    if args.part in ("all", "moderate"):
        moderate(args.shots)
    if args.part in ("all", "rounds"):
        openings(args.rounds // 2)
        rounds(args.rounds)
    if args.part in ("all", "person"):
        person([int(v) for v in args.levels.split(",")], args.matches, args.jobs)
    if args.part in ("all", "replay"):
        replay()
    if args.part in ("all", "table"):
        table(max(args.shots, 300))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
