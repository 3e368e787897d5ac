"""A game between two copies of the play layer joined by a link (in memory here; over real
sockets in test_two_processes.py): the host's game is the authority, the guest's follows it,
and what goes wrong on the link or at the other end is refused, told, and mended."""
from __future__ import annotations

import random

import pytest

from game.net.headless import step as headless_step
from game.net.netplay import NetGame, guest_play, record_of
from game.play.fingerprints import board_digest, table_digest
from game.play.protocol import Play
from game.play import BoardPlay, ChapaevPlay, RandomPlayer
from game.play.clock import ClockSpec
from game.play.events import Refused, SeatAway, Synced
from game.play.seats import Seat
from game.rules import VARIANTS
from game.rules.core import Color, Termination
from tests.net.pair import End, cut, mend, pair

W, B = Color.WHITE, Color.BLACK
BOARD_GAMES = sorted(VARIANTS)


def join(host_play: BoardPlay | ChapaevPlay, guest_seat: Seat | None = None,
         guest_color: Color = B) -> tuple[NetGame, NetGame, End, End]:
    a, b = pair()
    host = NetGame(host_play, a, guest_color, host=True)
    play, host_color = guest_play(record_of(host_play), "white" if guest_color is W
                                  else "black")
    assert host_color is guest_color.other
    if guest_seat is not None:
        play.set_seat(guest_color, guest_seat)
    guest = NetGame(play, b, host_color, host=False)
    return host, guest, a, b


def step(net: NetGame) -> None:
    net.poll()
    headless_step(net.play)


def board(net: NetGame) -> BoardPlay:
    assert isinstance(net.play, BoardPlay)
    return net.play


def steps(*nets: NetGame) -> None:
    for net in nets:
        step(net)


def over(play: Play) -> bool:
    return play.is_over


@pytest.mark.parametrize("variant", BOARD_GAMES)
def test_two_random_players_play_every_board_game_to_its_end_over_the_link(
        variant: str) -> None:
    host_play = BoardPlay(variant, seats={W: RandomPlayer(random.Random(1))})
    host, guest, _, _ = join(host_play, RandomPlayer(random.Random(2)))
    for _ in range(2_000):
        if over(host.play) and over(guest.play):
            break
        step(host)
        step(guest)
    assert over(host.play) and over(guest.play)
    assert isinstance(guest.play, BoardPlay)
    assert board(guest).notation == host_play.notation
    assert board_digest(board(guest).game) == board_digest(host_play.game)
    assert host.counts().refused == guest.counts().refused == 0
    assert guest.syncs == 0  # the first sync found the same game: nothing to take


def test_a_chapaev_match_is_shot_to_its_end_with_both_tables_equal() -> None:
    host_play = ChapaevPlay(seats={W: RandomPlayer(random.Random(3))})
    host, guest, _, _ = join(host_play, RandomPlayer(random.Random(4)))
    for _ in range(3_000):
        if over(host.play) and over(guest.play):
            break
        step(host)
        step(guest)
    assert over(host.play) and over(guest.play)
    steps(host, guest)  # the table after the last shot comes a frame later
    assert isinstance(guest.play, ChapaevPlay)
    assert guest.play.match.winner is host_play.match.winner
    assert guest.rests == len(host_play.shots) > 0
    assert guest.corrections == 0  # the same simulation on both tables
    assert table_digest(guest.play.table.state()) == table_digest(host_play.table.state())


def test_a_guest_table_that_rests_apart_is_set_to_the_hosts() -> None:
    host_play = ChapaevPlay(seats={W: RandomPlayer(random.Random(5))})
    host, guest, _, _ = join(host_play, RandomPlayer(random.Random(6)))
    assert isinstance(guest.play, ChapaevPlay)
    # the guest's table is nudged while the first shot rolls: it comes to rest elsewhere
    for _ in range(200):
        step(host)
        guest.poll()
        guest.play.update()
        if guest.play.in_shot:
            break
    guest.play.finish_shot()
    state = guest.play.table.state()
    disc = state.discs[0][0]
    moved = tuple((d, px + (0.4 if d == disc else 0.0), py, a) for d, px, py, a in state.discs)
    guest.play.set_table(type(state)(moved, state.troops, state.swamp, state.stacks,
                                     state.sides))
    for _ in range(50):
        step(host)
        step(guest)
        if guest.rests:
            break
    assert guest.corrections == 1
    assert table_digest(guest.play.shots[0].after) == table_digest(host_play.shots[0].after)


def test_a_draw_offer_and_its_answer_cross_the_link() -> None:
    host_play = BoardPlay("russian")
    host, guest, _, _ = join(host_play)
    host_play.play_text("c3-d4")
    step(host)
    step(guest)
    assert isinstance(guest.play, BoardPlay) and board(guest).ply == 1
    board(guest).play_text("f6-g5")
    board(guest).offer_draw(B)
    step(guest)
    step(host)
    step(host)  # the offer came after the move: it is taken at the next update
    assert host_play.ply == 2 and host_play.draws.offered is B  # the person here is asked
    host_play.draws.answer(True)
    step(host)
    step(guest)
    for play in (host_play, guest.play):
        outcome = play.outcome()
        assert outcome is not None and outcome.termination is Termination.AGREEMENT


def test_a_takeback_asked_at_the_guest_is_answered_at_the_host() -> None:
    host_play = BoardPlay("russian")
    host, guest, _, _ = join(host_play)
    assert isinstance(guest.play, BoardPlay)
    host_play.play_text("c3-d4")
    steps(host, guest)
    board(guest).play_text("f6-g5")
    steps(guest, host)
    host_play.play_text("g3-h4")
    steps(host, guest)
    assert board(guest).ply == 3
    assert board(guest).undo() and board(guest).takebacks.asked is B  # asked, not done
    steps(guest, host)
    assert host_play.takebacks.asked is B
    host_play.takebacks.answer(True)
    steps(host, guest)
    assert host_play.ply == board(guest).ply == 1  # back to Black's own turn on both sides
    assert board(guest).notation == host_play.notation
    # what a person elsewhere took back stays taken back
    assert not board(guest).takebacks.can_redo()


def test_a_resignation_at_the_guest_ends_the_game_at_the_host() -> None:
    host_play = BoardPlay("international")
    host, guest, _, _ = join(host_play)
    board(guest).resign(B)
    steps(guest, host)
    outcome = host_play.outcome()
    assert outcome is not None and outcome.termination is Termination.RESIGNATION
    assert outcome.winner is W


def test_an_illegal_move_from_the_guest_is_refused_and_the_guest_set_right() -> None:
    host_play = BoardPlay("russian")
    host, guest, a, b = join(host_play)
    host_play.play_text("c3-d4")
    steps(host, guest)
    # a hostile guest sends a move that is not Black's, then one out of turn
    b.send("move", ply=1, text="d4-e5", digest="x")
    b.send("move", ply=7, text="f6-g5", digest="x")
    for _ in range(3):
        step(host)
    assert host_play.ply == 1
    assert host.counts().refused == 2
    refused = [m for m in b.inbox if m.t == "refused"]
    assert len(refused) == 2 and any(m.t == "sync" for m in b.inbox)
    step(guest)
    assert board(guest).notation == host_play.notation


def test_a_guest_out_of_step_takes_the_hosts_whole_game() -> None:
    host_play = BoardPlay("russian")
    host, guest, a, b = join(host_play)
    host_play.play_text("c3-d4")
    steps(host, guest)
    assert isinstance(guest.play, BoardPlay)
    board(guest).game.pop()  # the guest's copy loses the move (as if a message were lost)
    board(guest).notation.pop()
    b.send("outofstep", n=0)
    step(host)
    events: list[object] = []
    guest.poll()
    events.extend(guest.play.events())
    assert board(guest).notation == host_play.notation
    assert any(isinstance(e, Synced) for e in events)


def test_a_cut_link_pauses_both_sides_and_mending_it_goes_on() -> None:
    host_play = BoardPlay("russian", clock=ClockSpec(5))
    host, guest, a, b = join(host_play)
    host_play.play_text("c3-d4")
    steps(host, guest)
    cut(a, b)
    steps(host, guest)
    assert host_play.waiting_for is B and board(guest).waiting_for is W
    assert any(isinstance(e, SeatAway) for e in host_play.events())
    assert not board(guest).person_to_move  # the guest waits too
    left = dict(host_play.clock.left) if host_play.clock else {}
    host_play.tick(20.0)
    assert host_play.clock is not None and host_play.clock.left == left
    mend(a, b)
    steps(host, guest)
    assert board(guest).person_to_move
    board(guest).play_text("f6-g5")
    steps(guest, host)
    assert host_play.ply == 2


def test_hostile_requests_are_refused_and_the_game_goes_on() -> None:
    host_play = BoardPlay("russian")
    host, guest, a, b = join(host_play)
    b.send("draw_answer", accept=True)  # to no offer
    b.send("takeback_answer", accept=True)  # to no request
    for _ in range(20):
        b.send("draw_offer")  # a flood of offers: only what fits is kept
    for _ in range(3):
        step(host)
    refusals = [e for e in b.inbox if e.t == "refused"]
    assert len(refusals) >= 2
    assert host_play.outcome() is None
    if host_play.draws.offered is B:
        host_play.draws.answer(False)
    host_play.play_text("c3-d4")
    assert host_play.ply == 1
    assert not any(isinstance(e, Refused) and e.color is W for e in host_play.events())
