"""Both kinds of game in play keep one Play protocol (game/play/protocol.py): a caller that
saves a game, sends it to another computer or plays it with no window asks the same questions
of a board game and of a Chapaev match, and gets each game's own answer."""
from __future__ import annotations

import random

import pytest

from game.play.board_play import BoardPlay
from game.play.chapaev_play import ChapaevPlay
from game.play.clock import ClockSpec
from game.play.events import Synced
from game.play.protocol import Play
from game.play.records import play_from_record, record_of
from game.play.seats import RandomPlayer
from game.rules.chapaev import BoardView, ChapaevOptions
from game.rules.core import Color

W, B = Color.WHITE, Color.BLACK


def board_game() -> BoardPlay:
    return BoardPlay.from_moves("russian", ["c3-d4", "f6-e5"])


def match() -> ChapaevPlay:
    play = ChapaevPlay()
    play.run_shot((W, 3), (0.0, 1.0), 0.8)
    play.events()
    return play


def copy_of(play: Play) -> Play:
    """The game as the other computer gets it: its record, replayed."""
    return play_from_record(record_of(play), with_seats=False)


def test_both_kinds_say_what_game_they_are_and_where_it_stands() -> None:
    board, table = board_game(), match()
    assert (board.kind, board.game_key, table.kind, table.game_key) == \
        ("board", "russian", "chapaev", "chapaev")
    assert (board.played, board.to_move, board.result) == (2, W, "*")
    assert table.played == 1 and table.to_move in (W, B) and table.result == "*"
    assert board.started and table.started
    assert not BoardPlay("russian").started and not ChapaevPlay().started
    assert not (board.asking or board.in_motion or table.asking or table.in_motion)


def test_a_resignation_is_said_the_same_way_by_both() -> None:
    board, table = board_game(), match()
    board.resign(W)
    table.resign(B)
    assert (board.is_over, board.resigned, board.result, board.to_move) == (True, True, "0-2",
                                                                             None)
    assert (table.is_over, table.resigned, table.result, table.to_move) == (True, True, "2-0",
                                                                             None)


def test_a_question_waiting_for_its_answer_is_seen_without_asking_the_type() -> None:
    board = board_game()
    board.offer_draw(W)
    assert board.asking
    pie = ChapaevPlay(ChapaevOptions(pie_rule=True))
    assert pie.swaps_seats and not board.swaps_seats and not match().swaps_seats
    pie.run_shot((W, 0), (1.0, 0.0), 0.02)  # a soft flick sideways: the turn passes
    assert pie.asking  # Black is asked whether to take White's side
    pie.choose_side(False)
    assert not pie.asking


@pytest.mark.parametrize("make", [board_game, match], ids=["board", "chapaev"])
def test_a_copy_read_from_the_record_is_the_same_game_and_is_left_alone(make: object) -> None:
    assert callable(make)
    play: Play = make()
    other = copy_of(play)
    assert other.fingerprint() == play.fingerprint() is not None
    assert play.same_rules(other) and other.same_rules(play)
    assert not play.follow(other)
    assert not any(isinstance(e, Synced) for e in play.events())


def test_the_hosts_match_a_shot_ahead_is_taken_whole() -> None:
    host = match()
    guest = copy_of(host)
    _shoot_any(host)
    assert guest.fingerprint() != host.fingerprint()
    assert guest.follow(copy_of(host))
    assert guest.played == host.played == 2
    assert guest.fingerprint() == host.fingerprint()
    assert any(isinstance(e, Synced) for e in guest.events())


def _shoot_any(play: ChapaevPlay) -> None:
    """A firm flick of the first piece of the side to shoot, straight at the other side."""
    side = play.match.turn
    disc = min(d for d in play.table.discs if d[0] is side)
    play.run_shot(disc, (0.0, 1.0) if side is W else (0.0, -1.0), 0.8)


def test_the_pull_a_hand_meant_is_no_difference_between_two_copies() -> None:
    """A window keeps the pull its player meant with each flick; a record does not: the
    guest's match is still the host's."""
    here, there = ChapaevPlay(), ChapaevPlay()
    here.shoot((W, 3), (0.0, 1.0), 0.8, aim=(0.0, 2.5, 0.8))
    there.shoot((W, 3), (0.0, 1.0), 0.8)
    here.settle()
    there.settle()
    assert here.shots[0].shot != there.shots[0].shot  # the kept pull
    assert not here.follow(copy_of(there))


def test_a_shot_rolling_is_brought_to_rest_before_a_copy_is_compared() -> None:
    play = ChapaevPlay()
    play.shoot((W, 3), (0.0, 1.0), 0.8)
    assert play.in_motion and play.fingerprint() is None
    other = copy_of(match())
    assert not play.follow(other)  # the same shot, once it has rolled here
    assert not play.in_motion and play.fingerprint() == other.fingerprint()


def test_a_board_copy_of_the_same_moves_gives_its_clock_times_and_nothing_else() -> None:
    play = BoardPlay("russian", clock=ClockSpec(5))
    play.play_text("c3-d4")
    other = copy_of(play)
    assert isinstance(other, BoardPlay) and other.clock is not None and play.clock is not None
    other.clock.left[B] = 123.0
    assert not play.follow(other)
    assert play.clock.left[B] == 123.0
    other.play_text("f6-e5")
    assert play.follow(other) and play.played == 2


def test_only_a_game_of_the_same_rules_may_take_the_place_of_another() -> None:
    russian, table = board_game(), match()
    assert not russian.same_rules(BoardPlay("international"))
    assert not russian.same_rules(BoardPlay("russian", fen="W:Wc3,e3:Bd6,f6"))
    assert not russian.same_rules(table) and not table.same_rules(russian)
    assert not table.same_rules(ChapaevPlay(ChapaevOptions(swamp=True)))
    turned = ChapaevPlay(ChapaevOptions(board_view=BoardView.TURN_TO_SHOOTER))
    assert table.same_rules(turned)  # how the board is shown is each window's own
    with pytest.raises(ValueError):
        russian.follow(table)
    with pytest.raises(ValueError):
        table.follow(russian)


@pytest.mark.parametrize("make", [board_game, match], ids=["board", "chapaev"])
def test_a_headless_step_plays_on_with_no_window(make: object) -> None:
    assert callable(make)
    play: Play = make()
    for color in (W, B):
        play.set_seat(color, RandomPlayer(random.Random(3)))
    before = play.played
    for _ in range(40):
        play.step()
        assert not play.in_motion  # a shot rolls to rest within the step
    assert play.played > before
