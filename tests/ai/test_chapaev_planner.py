"""The Chapaev shot planner: it finds the winning shot where there is one, plays legal shots,
and its levels differ in the hand as a player would see."""
from __future__ import annotations

import math
import random
import statistics

import pytest

from game.ai.chapaev import LEVELS, PlanCancelled, apply_hand, candidates, plan, plan_shot
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_play import ChapaevPlay, ChapaevPosition
from game.rules.chapaev import SIDES
from game.rules.core import Color
from physics import DEFAULT_CONFIG, DiscId, Press, Shot, random_table

W, B = Color.WHITE, Color.BLACK


def staged(positions: dict[DiscId, tuple[float, float]]) -> ChapaevPlay:
    """A match whose table holds only ``positions`` (the others fell), White to shoot."""
    play = ChapaevPlay()
    play.place(positions)
    return play


@pytest.mark.parametrize("level", [1, 5])
def test_a_lone_enemy_straight_ahead_near_the_edge_is_knocked_off(level: int) -> None:
    play = staged({(W, 0): (3.5, 3.5), (B, 0): (3.5, 7.3)})
    position = play.position()
    chosen = plan_shot(position.state, position.match, level, aim_error=False)
    assert isinstance(chosen, Shot)
    assert chosen.disc == (W, 0)
    verdict = play.run_shot(chosen.disc, chosen.direction, chosen.strength)
    assert verdict.round_result is not None and verdict.round_result.winner is W
    assert play.last_result is not None and (W, 0) not in play.last_result.fallen


def test_two_in_a_line_are_cleared_before_the_opponent_shoots() -> None:
    play = staged({(W, 0): (3.5, 2.5), (B, 0): (3.5, 5.0), (B, 1): (3.5, 6.3)})
    play.set_seat(W, ChapaevComputer(5, in_process=True, aim_error=False, min_delay=0.0))
    for _ in range(2):  # the first shot must keep the striker for the second
        if play.round_result is not None:
            break
        assert play.match.turn is W
        assert play.update() is not None
        play.finish_shot()
    assert play.round_result is not None and play.round_result.winner is W


def test_the_top_level_gets_an_enemy_hidden_behind_its_own_piece() -> None:
    # the last enemy stands at the edge behind the striker's own piece: a push through the
    # own piece (or a cut around it) wins the round
    play = staged({(W, 0): (3.5, 3.0), (W, 1): (3.5, 5.5), (B, 0): (3.5, 7.5)})
    position = play.position()
    result = plan(position.state, position.match, 5)
    assert (B, 0) in result.expected.fallen
    assert isinstance(result.shot, Shot)
    verdict = play.run_shot(result.shot.disc, result.shot.direction, result.shot.strength)
    assert verdict.round_result is not None and verdict.round_result.winner is W


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_level_plays_a_legal_shot(seed: int) -> None:
    rng = random.Random(seed)
    table = random_table(rng, white=rng.randint(1, 8), black=rng.randint(1, 8),
                         record_knocks=False, sides=SIDES)
    play = ChapaevPlay()
    play.place(table.positions())
    position = play.position()
    for level in (1, 3, 5) if seed == 1 else (1, 2):
        shot = plan_shot(position.state, position.match, level, rng)
        assert isinstance(shot, Shot)
        assert shot.disc[0] is W and shot.disc in position.discs
        assert 0.0 <= shot.strength <= 1.0
        assert math.isfinite(math.hypot(*shot.direction)) and math.hypot(*shot.direction) > 0


def test_black_plans_for_black() -> None:
    play = ChapaevPlay()
    play.run_shot((W, 0), (1.0, 0.0), 0.05)  # a nudge: nothing falls, the turn passes
    position = play.position()
    assert position.shooter is B
    shot = plan_shot(position.state, position.match, 2, random.Random(1))
    assert shot.disc[0] is B


def _flick(meant: Shot, level: int, rng: random.Random) -> Shot:
    """``apply_hand`` of a flick, which stays a flick."""
    shot = apply_hand(meant, level, rng)
    assert isinstance(shot, Shot)
    return shot


def test_levels_differ_in_the_hand_and_in_what_they_weigh() -> None:
    meant = Shot((W, 0), (0.0, 1.0), 0.5)
    spread: dict[int, tuple[float, float, float, float]] = {}
    for level in LEVELS:
        rng = random.Random(7)
        shots = [_flick(meant, level, rng) for _ in range(2000)]
        angles = [abs(math.degrees(math.atan2(s.direction[0], s.direction[1]))) for s in shots]
        ratios = [s.strength / meant.strength for s in shots]
        spread[level] = (statistics.median(angles), statistics.median(ratios),
                         sum(r < 0.85 for r in ratios) / len(ratios),
                         sum(r > 1.15 for r in ratios) / len(ratios))
    # a beginner's misses are a person's (physics.hand, less steady): mostly a few degrees
    # wide, the strength more often too hard than too soft, never a shot at random
    median, _, soft, hard = spread[1]
    assert 2.5 < median < 7.5 and hard > max(0.3, 2 * soft)
    rng = random.Random(8)
    wide = [abs(math.degrees(math.atan2(s.direction[0], s.direction[1])))
            for s in (_flick(meant, 1, rng) for _ in range(2000))]
    assert max(wide) < 35.0 and sum(a > 20.0 for a in wide) / len(wide) < 0.1
    # the top level is close but not perfect
    median, ratio, soft, hard = spread[5]
    assert 0.15 < median < 1.5 and abs(ratio - 1.0) < 0.03 and soft + hard < 0.1
    assert all(spread[n][0] > spread[n + 1][0] for n in range(1, 5))
    assert all(LEVELS[n].candidates < LEVELS[n + 1].candidates for n in range(1, 5))
    # and a hard flick goes wider than a gentle one
    rng = random.Random(9)
    hard_shot = Shot((W, 0), (0.0, 1.0), 1.0)
    gentle = statistics.pstdev(math.degrees(math.atan2(s.direction[0], s.direction[1]))
                               for s in (_flick(Shot((W, 0), (0.0, 1.0), 0.2), 3, rng)
                                         for _ in range(1000)))
    firm = statistics.pstdev(math.degrees(math.atan2(s.direction[0], s.direction[1]))
                             for s in (_flick(hard_shot, 3, rng) for _ in range(1000)))
    assert firm > 1.3 * gentle


def test_a_beginner_presses_too_hard_more_often_than_a_master() -> None:
    meant = Press((B, 0), 0.6)
    rocked = {}
    for level in (1, 5):
        rng = random.Random(3)
        presses = [apply_hand(meant, level, rng) for _ in range(1000)]
        assert all(isinstance(p, Press) and p.disc == (B, 0) for p in presses)
        rocked[level] = sum(p.strength > DEFAULT_CONFIG.press_threshold
                            for p in presses) / len(presses)
    assert rocked[1] > 0.2 > 0.02 > rocked[5]


def test_candidates_reach_something_and_the_top_level_weighs_many() -> None:
    table = random_table(random.Random(3), white=6, black=6, record_knocks=False, sides=SIDES)
    positions = table.positions()
    found = candidates(positions, W)
    assert len(found) >= LEVELS[5].candidates
    for cand in found:
        assert isinstance(cand.shot, Shot)
        path = table.aim_path(cand.shot.disc, cand.shot.direction, cand.shot.strength)
        if cand.kind != "retreat":
            assert path.hits is not None  # pruned: every attack reaches a piece


def test_a_plan_can_be_cancelled() -> None:
    play = ChapaevPlay()
    position: ChapaevPosition = play.position()
    with pytest.raises(PlanCancelled):
        plan(position.state, position.match, 5, stop=lambda: True)
