"""The table and the match rules together, as the scene and the computer player use them."""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from game.play import ChapaevPlay
from game.rules.chapaev import ChapaevOptions, Next
from game.rules.core import Color

W = Color.WHITE
B = Color.BLACK
ROOT = Path(__file__).resolve().parents[2]


def test_a_break_shot_feeds_the_match() -> None:
    play = ChapaevPlay()
    verdict = play.run_shot((W, 4), (0, 1), 1.0)
    assert verdict.next is Next.SHOOT_AGAIN
    assert set(play.table.discs) == set(play.match.pieces_on_board())
    assert len(play.shots) == 1 and play.shots[0].next is Next.SHOOT_AGAIN


def test_a_round_played_on_the_table_with_a_greedy_shooter() -> None:
    """Each side tries shots at every opponent piece and plays the one that knocks most
    off; the table and the match must agree on every piece until the round ends."""
    play = ChapaevPlay(ChapaevOptions(prisoners=True))
    for _ in range(60):
        table, shooter = play.table, play.match.turn
        best = None
        for disc in table.discs_of(shooter)[:3]:
            for target in table.discs_of(shooter.other)[:4]:
                (x0, y0), (x1, y1) = table.position(disc), table.position(target)
                direction = (x1 - x0, y1 - y0)
                tried = table.try_shot(disc, direction, 0.9)
                score = (len(tried.fallen_of(shooter.other)) - len(tried.fallen_of(shooter))
                         + (0.5 if tried.striker_stayed else 0))
                if best is None or score > best[0]:
                    best = (score, disc, direction)
        assert best is not None
        _, disc, direction = best
        verdict = play.run_shot(disc, direction, 0.9)
        if verdict.next in (Next.ROUND_OVER, Next.MATCH_OVER):
            assert play.match.round_number == 2 and play.waiting_next_round
            play.next_round()
            assert len(play.table.discs) == 16
            return
        assert set(play.table.discs) == set(play.match.pieces_on_board())
    raise AssertionError("a greedy round did not end in 60 shots")


_SCRIPT = """
import math, random
from physics import random_table
table = random_table(random.Random(4))
for i, disc in enumerate(table.discs[:6]):
    if disc in table:
        angle = 1.1 * i + 0.3
        table.simulate_shot(disc, (math.cos(angle), math.sin(angle)), 1.0)
print(repr([(s.disc[0].value, s.disc[1], s.x.hex(), s.y.hex(), s.angle.hex())
            for s in table.disc_states()]))
"""


def test_the_same_shots_give_the_same_result_in_every_run() -> None:
    outputs = set()
    for seed in ("1", "2"):  # different hash seeds: no set or dict order may leak in
        env = dict(os.environ, PYTHONHASHSEED=seed, PYTHONPATH=str(ROOT))
        run = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                             env=env, cwd=ROOT, check=True)
        outputs.add(run.stdout)
    assert len(outputs) == 1
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        exec(_SCRIPT, {})
    assert outputs == {here.getvalue()}
    assert "'W'" in here.getvalue()
