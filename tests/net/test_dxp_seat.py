"""A DXP program in a seat of a BoardPlay, headless, in both roles: the window initiating a
game against a program (our own follower here, playing to the end), and the window following
a program's request (a test initiator written from the description): moves both ways,
takebacks asked by each side, the program's chat and game end, a link lost."""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

import pytest

from game.net.dxp_engine import DxpFollower
from game.net.dxp_seat import DxpSeat, DxpWaiting
from game.play import BoardPlay
from game.play.events import GameOver, MovesTakenBack, SeatAway, SeatBack, SeatNotice, \
    TakebackAsked
from game.play.seats import Person, RandomPlayer
from game.rules.core import Color, Termination
from game.rules.international import International
from tests.net.dxp_peer import (Background, Peer, move_text, name32, read_move, request,
                                 running_follower)


@pytest.fixture
def follower() -> Iterator[DxpFollower]:
    with running_follower(8, request_timeout=60.0, seconds=60) as made:
        yield made


def _until(play: BoardPlay, done: Callable[[], bool], seconds: float = 10.0) -> list[object]:
    seen: list[object] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        play.update()
        seen.extend(play.events())
        if done():
            return seen
        time.sleep(0.002)
    raise AssertionError(f"not done in time: {seen[-5:]}")


def _notice(play: BoardPlay, seconds: float = 10.0) -> SeatNotice:
    """The next seat notice the play object reports."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        play.update()
        for event in play.events():
            if isinstance(event, SeatNotice):
                return event
        time.sleep(0.002)
    raise AssertionError("no notice in time")


def test_the_window_initiates_a_game_and_plays_it_to_the_end(follower: DxpFollower) -> None:
    seat = DxpSeat.initiate(*follower.address, our_color=Color.WHITE, minutes=1)
    play = BoardPlay("international", seats={Color.WHITE: RandomPlayer(random.Random(4)),
                                             Color.BLACK: seat})
    seen = _until(play, lambda: play.is_over, seconds=30)
    kinds = [type(e) for e in seen]
    assert kinds.index(SeatAway) < kinds.index(SeatBack)  # waited for the acceptance
    assert seat.opponent == "Shashki"
    deadline = time.monotonic() + 5
    while not follower.reports and time.monotonic() < deadline:
        play.update()  # the seat confirms the end
        time.sleep(0.01)
    report = follower.reports[0]
    outcome = play.outcome()
    assert outcome is not None and report.plies == play.ply
    theirs = {None: "draw", Color.BLACK: "win", Color.WHITE: "loss"}[outcome.winner]
    assert report.result == theirs
    play.close()


@pytest.fixture
def waiting() -> Iterator[DxpWaiting]:
    made = DxpSeat.follow(0)
    yield made
    made.close()


def _seat_from(waiting: DxpWaiting) -> DxpSeat:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        seat = waiting.poll()
        if seat is not None:
            return seat
        time.sleep(0.002)
    raise AssertionError("no seat")


def test_the_window_follows_a_program_with_takebacks_each_way_chat_and_its_resignation(
        waiting: DxpWaiting) -> None:
    peer = Peer.connect(*waiting.address)
    peer.send(request("Kingsrow", "W", 10, 0))  # the window plays White
    seat = _seat_from(waiting)
    assert peer.expect("A")[-1] == "0"
    assert waiting.our_color is Color.WHITE and waiting.minutes == 10
    play = BoardPlay("international", seats={Color.WHITE: Person(), Color.BLACK: seat})
    theirs = International.new()
    first = play.legal_moves()[0]
    play.play(first)  # the person at this window moves
    theirs.push(read_move(theirs, peer.expect("M")))
    reply = theirs.legal_moves()[0]
    peer.send(move_text(reply))
    theirs.push(reply)
    _until(play, lambda: play.ply == 2)
    # the program asks to take its move back: the person is asked, and grants it
    peer.send("B001Z")
    seen = _until(play, lambda: play.takebacks.asked is not None)
    assert TakebackAsked(Color.BLACK) in seen
    play.takebacks.answer(True)
    assert play.ply == 1 and peer.expect("K") == "K0"
    theirs.pop()
    other = theirs.legal_moves()[-1]
    peer.send(move_text(other))
    theirs.push(other)
    _until(play, lambda: play.ply == 2)
    # the person asks to take back: the program is asked over DXP, and grants it
    assert play.undo()
    assert peer.expect("B") == "B001W"
    peer.send("K0")
    seen = _until(play, lambda: play.ply == 0)
    assert any(isinstance(e, MovesTakenBack) for e in seen)
    seat.say("Привет, good luck to you too")  # what DXP cannot carry is replaced
    assert peer.expect("C") == "C??????, good luck to you too"
    peer.send("CGood luck")
    chat = _notice(play).notice
    assert chat.key == "board.dxp.chat" and chat.values["text"] == "Good luck"
    # the program gives up: a resignation of its seat
    play.play(first)
    theirs = International.new()
    theirs.push(read_move(theirs, peer.expect("M")))
    peer.send("E10")
    seen = _until(play, lambda: play.is_over)
    outcome = play.outcome()
    assert outcome is not None and outcome.termination is Termination.RESIGNATION
    assert outcome.winner is Color.WHITE
    assert peer.expect("E") == "E00"  # its end confirmed
    play.close()
    assert peer.rest() == []  # closed: the game is over, nothing more to say
    peer.close()


def test_the_end_of_the_game_here_is_told_to_the_program(waiting: DxpWaiting) -> None:
    peer = Peer.connect(*waiting.address)
    peer.send(request("Scan", "Z", 5, 0))
    seat = _seat_from(waiting)
    peer.expect("A")
    play = BoardPlay("international", seats={Color.BLACK: Person(), Color.WHITE: seat})
    theirs = International.new()
    move = theirs.legal_moves()[0]
    peer.send(move_text(move))
    _until(play, lambda: play.ply == 1)
    play.resign(Color.BLACK)  # the person gives up
    assert any(isinstance(e, GameOver) for e in play.events())
    assert peer.expect("E") == "E10"  # "I give up"
    peer.send("E00")
    play.close()
    peer.close()


def test_a_lost_link_is_a_notice_and_the_game_does_not_wait(waiting: DxpWaiting) -> None:
    peer = Peer.connect(*waiting.address)
    peer.send(request("Dam", "W", 5, 0))
    seat = _seat_from(waiting)
    peer.expect("A")
    play = BoardPlay("international", seats={Color.WHITE: Person(), Color.BLACK: seat})
    play.play(play.legal_moves()[0])
    peer.expect("M")
    peer.close()  # the program vanishes while it is to move
    notice = _notice(play).notice
    assert notice.key == "board.dxp.lost" and seat.gone
    assert not seat.thinking and seat.present
    started = time.monotonic()
    for _ in range(50):  # the window's updates go on at once
        play.update()
    assert time.monotonic() - started < 1.0
    play.close()


def test_a_program_that_refuses_is_a_notice_not_a_wait() -> None:
    import socket

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(5)

    def refuse() -> None:
        conn, _ = server.accept()
        peer = Peer(conn)
        peer.expect("R")
        peer.send("A" + name32("Picky") + "2")
        peer.rest()
        peer.close()

    running = Background(refuse)
    seat = DxpSeat.initiate("127.0.0.1", server.getsockname()[1], Color.BLACK, 5)
    play = BoardPlay("international", seats={Color.BLACK: Person(), Color.WHITE: seat})
    notice = _notice(play).notice
    assert notice.key == "board.dxp.refused" and notice.values["code"] == 2
    assert seat.present
    play.close()
    running.join()
    server.close()


def test_the_programs_next_game_on_the_same_connection_is_a_new_seat(
        waiting: DxpWaiting) -> None:
    peer = Peer.connect(*waiting.address)
    peer.send(request("Match", "W", 5, 0))
    seat = _seat_from(waiting)
    peer.expect("A")
    play = BoardPlay("international", seats={Color.WHITE: Person(), Color.BLACK: seat})
    play.play(play.legal_moves()[0])
    peer.expect("M")
    peer.send("E00")  # the initiator ends this game
    _until(play, lambda: seat.gone)
    assert peer.expect("E") == "E00"
    peer.send(request("Match", "Z", 5, 0))  # and asks for the next, the window Black now
    _until(play, lambda: seat.successor is not None)
    assert peer.expect("A")[-1] == "0"
    nxt = seat.successor
    assert nxt is not None and nxt.our_color is Color.BLACK and nxt.start is not None
    play.close()  # the first game's seat leaves the connection to the next
    second = BoardPlay("international", game=nxt.start,
                       seats={Color.BLACK: Person(), Color.WHITE: nxt})
    opening = International.new().legal_moves()[2]
    peer.send(move_text(opening))
    _until(second, lambda: second.ply == 1)
    assert second.moves[0] == opening
    second.close()
    peer.close()


def test_no_takeback_after_the_end_the_program_has_left(waiting: DxpWaiting) -> None:
    peer = Peer.connect(*waiting.address)
    peer.send(request("Quitter", "W", 5, 0))
    seat = _seat_from(waiting)
    peer.expect("A")
    play = BoardPlay("international", seats={Color.WHITE: Person(), Color.BLACK: seat})
    play.play(play.legal_moves()[0])
    peer.expect("M")
    play.resign(Color.WHITE)
    assert peer.expect("E") == "E10"
    peer.send("E00")
    _until(play, lambda: seat.gone)
    assert not play.undo()  # no resignation withdrawn: the program has left the game
    notice = _notice(play).notice
    assert notice.key == "board.dxp.ended"
    play.close()
    peer.close()
