"""A Chapaev match in play without a window: shots, the log, rounds, seats."""
from __future__ import annotations

import random

import pytest

from game.play import ChapaevPlay, GameOver, RandomPlayer, RoundStarted, ScriptedPlayer, Shot, \
    ShotDone, ShotStarted
from game.rules.chapaev import Next
from game.rules.core import Color
from physics import Fall

W, B = Color.WHITE, Color.BLACK


def test_a_shot_in_flight_reports_its_falls_and_then_the_verdict() -> None:
    play = ChapaevPlay()
    play.events()
    play.shoot((W, 4), (0.0, 1.0), 1.0)
    assert not play.can_shoot and play.in_shot
    for _ in range(2000):
        play.advance(1 / 120)
        if not play.in_shot:
            break
    events = play.events()
    assert isinstance(events[0], ShotStarted)
    done = [e for e in events if isinstance(e, ShotDone)]
    falls = [e for e in events if isinstance(e, Fall)]
    assert len(done) == 1 and tuple(f.disc for f in falls) == done[0].fallen
    assert done[0].verdict.next is Next.SHOOT_AGAIN, "the break knocks pieces off and stays"
    assert play.shots[-1].fallen == done[0].fallen
    assert {d for d, *_ in play.shots[-1].after.discs} == set(play.table.discs)


def test_a_lone_piece_knocked_off_ends_the_round_and_the_next_waits_its_turn() -> None:
    play = ChapaevPlay()
    play.place({(W, 3): (3.5, 4.6), (B, 2): (3.5, 7.1)})
    verdict = play.run_shot((W, 3), (0.0, 1.0), 0.75)
    assert verdict.next is Next.ROUND_OVER and play.waiting_next_round
    assert not play.can_shoot, "nobody shoots until the next round is set up"
    with pytest.raises(RuntimeError):
        play.shoot((W, 3), (0.0, 1.0), 0.5)
    play.events()
    play.next_round()
    started = play.events()
    assert started == [RoundStarted(2, play.match.turn, verdict.round_result)]
    assert len(play.table.discs) == 16 and play.can_shoot


def test_restart_round_and_rematch_put_the_table_back() -> None:
    play = ChapaevPlay()
    play.run_shot((W, 4), (0.0, 1.0), 1.0)
    assert len(play.table.discs) < 16
    play.restart_round()
    assert len(play.table.discs) == 16 and play.match.shots_in_round == 0
    assert play.shots == [], "the round's shots are forgotten with it"
    play.resign(W)
    assert play.is_over and play.match.winner is B
    assert isinstance(play.events()[-1], GameOver)
    play.rematch()
    assert not play.is_over and play.match.round_number == 1


def test_the_shooters_seat_is_asked_for_its_shot() -> None:
    shot = Shot((W, 4), (0.0, 1.0), 1.0)
    play = ChapaevPlay(seats={W: ScriptedPlayer([shot])})
    assert not play.person_to_shoot
    assert play.update() == shot and play.in_shot
    play.finish_shot()
    assert play.last_verdict is not None


def test_two_random_shooters_finish_a_match() -> None:
    play = ChapaevPlay(seats={W: RandomPlayer(random.Random(5)),
                              B: RandomPlayer(random.Random(6))})
    winner = play.run()
    assert winner is not None and play.is_over
    rounds = play.match.rounds
    assert rounds and rounds[-1].match_winner is winner
    assert len(play.shots) >= len(rounds)


def test_a_person_cannot_be_run_headless() -> None:
    with pytest.raises(ValueError):
        ChapaevPlay().run()
