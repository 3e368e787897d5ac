"""The board game in play without a window: seats, the record, takebacks, draws, the clock."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.play import (
    BoardPlay,
    DrawDeclined,
    DrawOffered,
    EndWithdrawn,
    GameOver,
    MovePlayed,
    MovesTakenBack,
    Person,
    RandomPlayer,
    ScriptedPlayer,
)
from game.rules.apokachi import TIMER
from game.rules.core import Color, IllegalMoveError, Termination

W, B = Color.WHITE, Color.BLACK
ROOT = Path(__file__).resolve().parents[2]


def random_seats(seed: int) -> dict[Color, RandomPlayer]:
    return {W: RandomPlayer(random.Random(seed)), B: RandomPlayer(random.Random(seed + 1))}


@pytest.mark.parametrize("variant", ["international", "russian", "apokachi"])
def test_two_random_players_play_a_whole_game_to_its_end(variant: str) -> None:
    play = BoardPlay(variant, seats=random_seats(7))
    outcome = play.run()
    assert outcome is not None and play.is_over
    assert len(play.notation) == play.ply == len(play.game.move_stack)
    # the record replays to the same position
    again = BoardPlay.from_moves(variant, play.notation, play.game.options)
    assert again.game.fen() == play.game.fen()
    events = play.events()
    assert sum(isinstance(e, MovePlayed) for e in events) == play.ply
    assert isinstance(events[-1], GameOver) and events[-1].outcome == outcome


def test_a_whole_game_of_each_of_the_four_games_imports_no_pygame() -> None:
    script = """
import random, sys
from game.play import BoardPlay, ChapaevPlay, RandomPlayer
from game.rules.core import Color
seats = lambda s: {Color.WHITE: RandomPlayer(random.Random(s)),
                   Color.BLACK: RandomPlayer(random.Random(s + 1))}
for variant in ("international", "russian", "apokachi"):
    play = BoardPlay(variant, seats=seats(3))
    print(variant, play.run().termination.value, play.ply)
chapaev = ChapaevPlay(seats=seats(3))
print("chapaev", chapaev.run().value, len(chapaev.shots))
assert "pygame" not in sys.modules, "the game in play must not need a window"
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.split("\n")
    assert [line.split()[0] for line in lines if line] == \
        ["international", "russian", "apokachi", "chapaev"]


def test_the_seat_to_move_is_asked_and_its_answer_played() -> None:
    script = ScriptedPlayer(["a3-b4", "g3-h4"])
    play = BoardPlay("russian", seats={W: script, B: Person()})
    assert not play.person_to_move
    assert play.update() is not None and play.notation == ["a3-b4"]
    assert play.person_to_move and play.update() is None  # a person's seat is never asked
    play.play_text("h6-g5")
    assert play.update() is not None
    assert play.notation == ["a3-b4", "h6-g5", "g3-h4"]


def test_a_seat_that_answers_an_illegal_move_is_refused() -> None:
    play = BoardPlay("russian", seats={W: ScriptedPlayer(["c3-d4"]), B: Person()})
    play.update()
    bad = play.game.copy()
    bad.pop()
    wrong = bad.parse_move("c3-d4")
    play.set_seat(B, ScriptedPlayer([wrong]))
    with pytest.raises(IllegalMoveError):
        play.update()


def test_undo_against_a_computer_seat_takes_back_to_the_persons_last_move() -> None:
    play = BoardPlay("russian", seats={W: Person(), B: ScriptedPlayer(["h6-g5", "b6-a5"])})
    play.play_text("a3-b4")
    play.update()
    play.play_text("g3-h4")
    play.update()
    assert play.ply == 4
    last_two = tuple(reversed(play.moves[2:]))
    play.events()
    assert play.undo()
    assert play.ply == 2 and play.turn is W, "both the reply and the person's move go"
    assert play.notation == ["a3-b4", "h6-g5"]
    assert play.events() == [MovesTakenBack(last_two)]
    assert play.redo() and play.ply == 4 and play.turn is W
    # two people: one ply at a time
    two = BoardPlay("russian")
    two.play_text("c3-d4")
    two.play_text("f6-e5")
    two.undo()
    assert two.ply == 1 and two.notation == ["c3-d4"]


def test_a_draw_offer_to_a_person_waits_for_the_answer_and_a_decline_plays_on() -> None:
    play = BoardPlay("russian")
    play.play_text("c3-d4")
    assert play.offer_draw(B)
    assert play.draws.offered is B and not play.person_to_move
    play.draws.answer(False)
    assert play.events()[-2:] == [DrawOffered(B), DrawDeclined(W)]
    assert play.person_to_move and not play.is_over
    play.offer_draw(B)
    play.draws.answer(True)
    outcome = play.outcome()
    assert outcome is not None and outcome.termination is Termination.AGREEMENT
    # a takeback withdraws the agreement first
    play.events()
    assert play.undo() and play.events() == [EndWithdrawn()] and not play.is_over


def test_a_seat_that_decides_answers_a_draw_offer_at_once() -> None:
    play = BoardPlay("russian", seats={W: Person(), B: ScriptedPlayer([], accept_draws=True)})
    play.offer_draw(W)
    outcome = play.outcome()
    assert outcome is not None and outcome.termination is Termination.AGREEMENT


def test_either_side_may_resign() -> None:
    play = BoardPlay("international")
    play.resign(B)
    outcome = play.outcome()
    assert outcome is not None and outcome.winner is W


def test_the_apokachi_clock_runs_only_from_the_first_move_and_not_in_review() -> None:
    play = BoardPlay("apokachi", {"time_limit": 180.0})
    play.tick(100.0)
    assert play.game.elapsed == 0.0, "the clock waits for the first move"
    play.play(play.game.legal_moves()[0])
    play.tick(60.0)
    play.reviewing.enter()
    play.tick(500.0)
    assert play.game.elapsed == 60.0, "reviewing stops the clock"
    play.reviewing.leave()
    play.tick(130.0)
    outcome = play.outcome()
    assert outcome is not None and outcome.termination is TIMER
    assert not play.takebacks.can_undo(), "no takeback once the time is up"


def test_review_walks_the_record_and_steps_forward_one_move_at_a_time() -> None:
    play = BoardPlay.from_moves("russian", ["c3-d4", "f6-e5", "d4:f6", "g7:e5"])
    play.reviewing.enter()
    play.reviewing.to(0)
    assert play.shown.fen() == play.game.starting_fen()
    stepped = play.reviewing.to(1)
    assert stepped == play.moves[0]
    assert play.reviewing.ply == 1 and len(play.shown.move_stack) == 1
    play.reviewing.to(99)
    assert play.reviewing.ply == 4 and play.shown.fen() == play.game.fen()
    play.reviewing.leave()
    assert play.shown is play.game


def test_full_moves_count_like_the_move_list() -> None:
    play = BoardPlay.from_moves("russian", ["c3-d4", "f6-e5", "d4:f6"])
    assert play.full_moves() == 2
    black_first = BoardPlay("russian", fen="B:Wc3:Bf6")
    black_first.play_text("f6-e5")
    assert black_first.full_moves() == 1
    black_first.play_text("c3-d4")
    assert black_first.full_moves() == 2


def test_a_chess_clock_ticks_for_the_side_to_move_adds_its_increment_and_a_flag_loses() -> None:
    from game.play.clock import ClockSpec

    play = BoardPlay("russian", clock=ClockSpec(1, 2))
    play.tick(30.0)
    assert play.clock is not None and play.clock.left[W] == 60.0, "it starts with the first move"
    play.play_text("c3-d4")
    assert play.clock.left[W] == 62.0, "the increment comes with the move"
    play.tick(10.0)
    assert play.clock.left == {W: 62.0, B: 50.0}
    play.undo()
    assert play.clock.left == {W: 60.0, B: 60.0}, "a takeback gives the time back"
    play.play_text("c3-d4")
    play.reviewing.enter()
    play.tick(100.0)
    assert play.clock.left[B] == 60.0, "reviewing stops the clock"
    play.reviewing.leave()
    play.tick(61.0)
    outcome = play.outcome()
    assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
    assert outcome.winner is W and not play.takebacks.can_undo()


def test_a_flag_that_falls_when_the_other_side_cannot_win_is_a_draw() -> None:
    from game.play.clock import ClockSpec

    nobody = BoardPlay("russian", fen="W:Wc3:Bh8", clock=ClockSpec(1, 0))
    nobody.play_text("c3-d4")
    # a side that can no longer win (the rules' verdict, stubbed here) does not win on time
    nobody.game.could_win = lambda color: False  # type: ignore[method-assign]
    nobody.tick(120.0)
    outcome = nobody.outcome()
    assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
    assert outcome.winner is None


def test_apokachi_has_no_chess_clock() -> None:
    from game.play.clock import ClockSpec

    with pytest.raises(ValueError):
        BoardPlay("apokachi", clock=ClockSpec(5, 3))


def test_the_computer_weighs_a_draw_offer_by_the_games_goal() -> None:
    from game.play.computer import ComputerPlayer
    from game.rules import find_variant
    from game.rules.core import Color

    seat = ComputerPlayer(3)
    more_black = "W:Wc3:Bd6,f6,h6"
    ordinary = find_variant("russian").from_fen(more_black)
    giveaway = find_variant("russian_giveaway").from_fen(more_black)
    assert seat.accepts_draw(ordinary, Color.WHITE)  # behind in material: takes the draw
    assert not seat.accepts_draw(ordinary, Color.BLACK)
    assert not seat.accepts_draw(giveaway, Color.WHITE)  # one piece to give away: ahead
    assert seat.accepts_draw(giveaway, Color.BLACK)
    assert giveaway.could_win(Color.BLACK) and giveaway.could_win(Color.WHITE)


def test_the_top_level_thinks_on_the_persons_time_and_stops_when_the_person_moves() -> None:
    import time

    from game.play.computer import ComputerPlayer
    from game.play.seats import Person
    from game.rules.core import Color

    seat = ComputerPlayer(8, move_time=0.3, min_delay=0.0)
    play = BoardPlay("russian", seats={Color.WHITE: Person(), Color.BLACK: seat})
    try:
        play.update()
        assert seat.thinker.busy, "the computer thinks while the person chooses a first move"
        play.play_text("c3-d4")
        assert not seat.thinker.busy or seat.thinking, "the person's move ends the pondering"
        end = time.monotonic() + 30
        while len(play.notation) < 2 and time.monotonic() < end:
            play.update()
            time.sleep(0.005)
        assert len(play.notation) == 2, "then it answers"
        play.update()
        assert seat.thinker.busy and not seat.thinking, "and ponders the person's next move"
        play.undo()
        assert not seat.thinker.busy, "a takeback stops it"
        weaker = ComputerPlayer(5)
        assert BoardPlay("russian", seats={Color.WHITE: Person(), Color.BLACK: weaker}).update() \
            is None and weaker._thinker is None, "lower levels do not ponder"
    finally:
        play.close()
