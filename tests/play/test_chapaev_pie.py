"""Chapaev's pie rule: after White's first turn, Black may take White's side."""
from __future__ import annotations

import json

import pytest

from game.play import ChapaevPlay, Person, ScriptedPlayer, Shot
from game.play.chapaev_computer import ChapaevComputer
from game.play.chapaev_record import chapaev_from_record, record_of_chapaev
from game.play.events import SidesChosen
from game.rules.chapaev import ChapaevMatch, ChapaevOptions, Next, ShotReport
from game.rules.core import Color, IllegalMoveError

W, B = Color.WHITE, Color.BLACK
PIE = ChapaevOptions(pie_rule=True)


def _miss(play: ChapaevPlay) -> None:
    """White's first turn: a soft flick sideways that knocks nothing off."""
    verdict = play.run_shot((W, 0), (1.0, 0.0), 0.02)
    assert verdict.next is Next.TURN_PASSES


def test_the_match_waits_for_blacks_answer_after_whites_first_turn() -> None:
    match = ChapaevMatch(PIE)
    assert not match.pie_pending
    match.record_shot(ShotReport(W, (), True))
    assert match.pie_pending and match.pie_swapped is None
    with pytest.raises(IllegalMoveError):
        match.record_shot(ShotReport(B, (), True))
    match.decide_pie(True)
    assert not match.pie_pending and match.pie_swapped is True
    assert match.turn is B, "the rules go on as they are: Black's side shoots next"
    match.record_shot(ShotReport(B, (), True))
    with pytest.raises(IllegalMoveError):
        match.decide_pie(False)
    assert not ChapaevMatch().pie_pending


def test_a_swap_changes_who_owns_which_side() -> None:
    first, second = Person(), Person()
    play = ChapaevPlay(PIE, seats={W: first, B: second})
    _miss(play)
    assert play.pie_pending and play.person_to_choose_side and not play.can_shoot
    play.events()
    play.choose_side(True)
    assert play.seats[W] is second and play.seats[B] is first
    assert second.color is W and first.color is B
    assert play.match.turn is B and play.can_shoot
    assert SidesChosen(True) in play.events()
    with pytest.raises(RuntimeError):
        play.choose_side(False)


def test_the_computer_takes_whites_side_when_white_is_ahead() -> None:
    play = ChapaevPlay(PIE, seats={W: Person(), B: ChapaevComputer(1, in_process=True)})
    keep = {d: (x, y) for d, x, y, _ in play.table.state().discs if d != (B, 3)}
    play.place(keep)  # White's first turn knocked one black piece off
    _miss(play)
    assert play.pie_pending and not play.person_to_choose_side
    play.update()
    assert play.match.pie_swapped is True
    assert play.seats[W].kind == "computer" and play.seats[B].kind == "person"
    play.close()

    even = ChapaevPlay(PIE, seats={W: Person(), B: ChapaevComputer(1, in_process=True)})
    _miss(even)
    even.update()
    assert even.match.pie_swapped is False and even.seats[B].kind == "computer"
    even.close()


def test_a_match_with_a_swap_saves_and_replays_exactly() -> None:
    play = ChapaevPlay(PIE, seats={W: Person(), B: ChapaevComputer(2, in_process=True)})
    _miss(play)
    play.choose_side(True)  # chosen here as a person would (the computer's rule keeps)
    assert play.seats[W].kind == "computer"
    play.run_shot((B, 7), (-1.0, 0.0), 0.02)
    record = json.loads(json.dumps(record_of_chapaev(play), allow_nan=False))
    assert record["chapaev"]["options"]["pie_rule"] is True
    assert record["chapaev"]["pie"] == "swap"
    again = chapaev_from_record(record)
    assert again.match.pie_swapped is True and not again.pie_pending
    assert again.match.turn is play.match.turn
    assert again.seats[W].kind == "computer" and again.seats[B].kind == "person"
    assert again.table.state() == play.table.state()
    assert all(again.replay(i).same for i in range(len(again.shots)))
    assert record_of_chapaev(again) == record_of_chapaev(play)
    play.close()
    again.close()

    waiting = ChapaevPlay(PIE)
    _miss(waiting)  # saved while the question is open: it is asked again
    loaded = chapaev_from_record(record_of_chapaev(waiting))
    assert loaded.pie_pending and loaded.match.pie_swapped is None


def test_restarting_the_first_round_undoes_the_swap() -> None:
    first, second = Person(), Person()
    play = ChapaevPlay(PIE, seats={W: first, B: second})
    _miss(play)
    play.choose_side(True)
    play.restart_round()
    assert play.seats[W] is first and play.match.pie_swapped is None


def test_scripted_black_without_an_answer_keeps_its_side() -> None:
    shot = Shot((B, 7), (-1.0, 0.0), 0.02)
    play = ChapaevPlay(PIE, seats={W: Person(), B: ScriptedPlayer([shot])})
    _miss(play)
    assert play.update() == shot
    assert play.match.pie_swapped is False
