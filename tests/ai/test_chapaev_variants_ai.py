"""The computer with every kind of troops, on the swamp and in the bayonet fight."""
from __future__ import annotations

import random

import pytest

from game.ai.chapaev import plan, simple_shot
from game.play.chapaev_computer import ChapaevComputer, SimpleShooter
from game.play.chapaev_kinds import kind_of, kinds_of
from game.play.chapaev_play import ChapaevPlay
from game.rules.chapaev import ChapaevMatch, ChapaevOptions, Lines, ShotReport, Troop
from game.rules.core import Color
from physics import DEFAULT_CONFIG, Press, Shot, TableState

W, B = Color.WHITE, Color.BLACK


def bayonet_play(white: Troop = Troop.INFANTRY, black: Troop = Troop.INFANTRY) -> ChapaevPlay:
    """A wide-board match at its bayonet fight (White on its swamp, Black to press), with
    the given troops on the table."""
    match = ChapaevMatch(ChapaevOptions(swamp=True))
    while not match.bayonet:
        if match.turn is W:
            match.record_shot(ShotReport(W, ()))
        match.record_shot(ShotReport(B, tuple((W, i) for i in sorted(match.on_board(W)))))
    play = ChapaevPlay(match=match)
    state = play.table.state()
    play.table.restore(TableState(state.discs, kinds_of((white, black)), state.swamp, state.stacks,
                                  state.sides))
    return play


@pytest.mark.parametrize("troop", list(Troop))
def test_a_lone_enemy_near_the_edge_is_knocked_off_with_every_kind(troop: Troop) -> None:
    play = ChapaevPlay()
    play.place({(W, 0): (3.5, 4.0), (B, 0): (3.2, 7.3)})
    play.table.set_troops({W: kind_of(troop), B: kind_of(troop)})
    position = play.position()
    assert position.state.troops == (kind_of(troop), kind_of(troop))
    chosen = plan(position.state, position.match, 3)
    assert isinstance(chosen.shot, Shot) and chosen.shot.disc == (W, 0)
    verdict = play.run_shot(chosen.shot.disc, chosen.shot.direction, chosen.shot.strength)
    assert verdict.round_result is not None and verdict.round_result.winner is W, troop


def test_the_planner_allows_for_a_heavy_target_and_a_gliding_one() -> None:
    strengths = {}
    for troop in (Troop.CAVALRY, Troop.INFANTRY, Troop.HEAVY_TANKS):
        play = ChapaevPlay()
        play.place({(W, 0): (3.5, 3.5), (B, 0): (3.5, 6.8)})
        play.table.set_troops({B: kind_of(troop)})
        position = play.position()
        chosen = plan(position.state, position.match, 3)
        assert (B, 0) in chosen.expected.fallen
        strengths[troop] = chosen.shot.strength
    assert strengths[Troop.CAVALRY] < strengths[Troop.INFANTRY] < strengths[Troop.HEAVY_TANKS]


@pytest.mark.parametrize("level", [1, 3, 5])
def test_in_the_bayonet_fight_the_computer_presses_carefully(level: int) -> None:
    play = bayonet_play(black=Troop.TANKS)
    position = play.position()
    chosen = plan(position.state, position.match, level)
    assert isinstance(chosen.shot, Press) and chosen.shot.disc[0] is B
    assert chosen.shot.strength <= DEFAULT_CONFIG.press_threshold
    assert not chosen.expected.rocked and len(chosen.expected.fallen_of(W)) >= 1
    verdict = play.run_press(chosen.shot.disc, chosen.shot.strength)
    assert play.last_result is not None and play.last_result.fallen_of(W)
    assert verdict.shooter is B


def test_the_computer_fights_a_bayonet_round_out_on_either_side() -> None:
    play = bayonet_play(Troop.SAILORS, Troop.CAVALRY)
    play.set_seat(W, ChapaevComputer(2, in_process=True, min_delay=0.0, rng=random.Random(1)))
    play.set_seat(B, ChapaevComputer(2, in_process=True, min_delay=0.0, rng=random.Random(2)))
    round_number = play.match.round_number
    for _ in range(200):
        if play.match.round_number != round_number or play.is_over:
            break
        assert play.update() is not None
        play.finish_shot()
    assert play.match.round_number != round_number or play.is_over
    assert any(r.is_press for r in play.shots)
    if play.is_over:
        assert play.match.winner is B, "only the attackers win the match in the bayonet"
    else:
        assert play.match.lines in (Lines(1, 2), Lines(0, 1))


def test_the_simple_shooter_presses_in_the_bayonet_and_flicks_elsewhere() -> None:
    play = bayonet_play()
    position = play.position()
    answer = simple_shot(position.state, B, random.Random(4))
    assert isinstance(answer, Press) and 0.4 < answer.strength < 0.7
    opening = ChapaevPlay().position()
    shot = simple_shot(opening.state, W, random.Random(4))
    assert isinstance(shot, Shot) and shot.strength == 1.0
    seat = SimpleShooter(random.Random(5))
    seat.begin(opening)
    first = seat.poll()
    assert isinstance(first, Shot) and seat.poll() is None
