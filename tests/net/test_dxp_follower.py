"""Our follower (``shashki dxp``'s engine loop) against a DXP initiator written in the tests:
the request and its answer, moves each way (captures of several pieces included), a back
request, chat, the end of a game and its confirmation, a second game, refusals."""
from __future__ import annotations

import io
import random
import time
from collections.abc import Iterator

import pytest

from game.net.dxp_engine import DxpFollower
from game.play.seats import RandomPlayer
from game.rules.core import Color
from game.rules.international import International
from tests.net.dxp_peer import (Background, Peer, move_text, position_of, read_move, request,
                                 running_follower)
from tests.net.test_dxp_codec import TWO_WAY


@pytest.fixture
def follower() -> Iterator[DxpFollower]:
    with running_follower(5, request_timeout=0.5, seconds=30) as made:
        yield made


def _connect(follower: DxpFollower) -> Peer:
    return Peer.connect(*follower.address)


def test_a_whole_conversation_with_captures_back_request_chat_and_end(
        follower: DxpFollower) -> None:
    peer = _connect(follower)
    peer.send(request("TestPeer", "Z", 1, 0, position_of(TWO_WAY)))
    answer = peer.expect("A")
    assert len(answer) == 34 and answer[-1] == "0" and answer[1:33].rstrip() == "Shashki"
    game = International.from_fen(TWO_WAY)
    (ours,) = game.legal_moves()
    peer.send(move_text(ours))  # two pieces taken, written in reverse order
    game.push(ours)
    theirs = read_move(game, peer.expect("M"))  # the only reply takes two
    assert len(theirs.captured) == 2
    game.push(theirs)
    peer.send("CHow are you?")
    assert "How are you?" in peer.expect("C")
    # back to the start (move 1, White to move): granted, and the game is replayed
    peer.send("B001W")
    assert peer.expect("K") == "K0"
    game = International.from_fen(TWO_WAY)
    peer.send(move_text(ours))
    game.push(ours)
    game.push(read_move(game, peer.expect("M")))
    for _ in range(3):  # a few moves more, each answered with a legal one
        move = game.legal_moves()[0]
        peer.send(move_text(move))
        game.push(move)
        if game.outcome() is not None:
            break
        game.push(read_move(game, peer.expect("M")))
    peer.send("E00")
    assert peer.expect("E")[:1] == "E"
    # another game on the same connection, from the usual start, the follower White
    peer.send(request("TestPeer", "W", 1, 0))
    assert peer.expect("A")[-1] == "0"
    fresh = International.new()
    fresh.push(read_move(fresh, peer.expect("M")))
    peer.send("E01")  # the end, and no more games
    assert peer.expect("E")[0] == "E"
    peer.close()
    deadline = time.monotonic() + 5
    while len(follower.reports) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert isinstance(follower.out, io.StringIO)
    lines = follower.out.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("game 1: Shashki (black) vs TestPeer: unfinished")
    assert lines[1].startswith("game 2: Shashki (white) vs TestPeer: unfinished")


def test_the_follower_ends_a_game_the_rules_end_with_the_right_reason(
        follower: DxpFollower) -> None:
    # White (the peer) takes Black's last piece: Black, the follower, has no move and gives up
    peer = _connect(follower)
    peer.send(request("TestPeer", "Z", 1, 0, position_of("W:W33:B29")))
    peer.expect("A")
    game = International.from_fen("W:W33:B29")
    (capture,) = game.legal_moves()
    peer.send(move_text(capture))
    assert peer.expect("E") == "E10"  # "I give up", and willing to play again
    peer.send("E00")  # our confirmation
    deadline = time.monotonic() + 5
    while not follower.reports and time.monotonic() < deadline:
        time.sleep(0.01)
    assert follower.reports[0].result == "loss" and follower.reports[0].why == "no moves"
    peer.close()


def test_a_win_is_claimed_when_the_follower_takes_the_last_piece(follower: DxpFollower) -> None:
    peer = _connect(follower)
    peer.send(request("TestPeer", "W", 1, 0, position_of("W:W33:B28")))
    peer.expect("A")
    game = International.from_fen("W:W33:B28")
    read_move(game, peer.expect("M"))
    assert peer.expect("E") == "E30"  # "I win"
    peer.send("E00")
    peer.close()


@pytest.mark.parametrize("text, code", [
    (request(version="02"), "1"),  # another version of the protocol
    (request(position="W" + "w" + "e" * 49), "2"),  # a man on its crowning row
])
def test_a_request_it_cannot_play_is_refused_with_the_right_code(
        follower: DxpFollower, text: str, code: str) -> None:
    peer = _connect(follower)
    peer.send(text)
    assert peer.expect("A")[-1] == code
    peer.send(request())  # and then a game it can play is accepted on the same link
    assert peer.expect("A")[-1] == "0"
    peer.close()


def test_the_initiator_leaving_mid_game_frees_the_follower_for_the_next(
        follower: DxpFollower) -> None:
    peer = _connect(follower)
    peer.send(request("Leaver", "Z", 1, 0))
    peer.expect("A")
    peer.send(move_text(International.new().legal_moves()[0]))
    peer.expect("M")
    peer.close()
    second = _connect(follower)
    second.send(request("Next", "Z", 1, 0))
    assert second.expect("A")[-1] == "0"
    second.close()
    deadline = time.monotonic() + 5
    while not follower.reports and time.monotonic() < deadline:
        time.sleep(0.01)
    assert follower.reports[0].result == "unfinished"
    assert "link lost" in follower.reports[0].why


def test_a_second_connection_while_one_plays_is_told_busy(follower: DxpFollower) -> None:
    peer = _connect(follower)
    peer.send(request())
    peer.expect("A")
    other = _connect(follower)
    said = other.rest()
    assert said and said[0].startswith("CBusy")
    peer.send("E01")
    peer.expect("E")
    peer.close()
    other.close()


def test_a_silent_connection_is_closed_after_the_request_timeout(follower: DxpFollower) -> None:
    peer = _connect(follower)
    started = time.monotonic()
    said = peer.rest(timeout=6)
    assert said[-1] == "E01" and "game request" in said[0]
    assert time.monotonic() - started < 5
    peer.close()


def test_the_games_asked_for_end_the_follower() -> None:
    out = io.StringIO()
    follower = DxpFollower(0, engine=lambda: RandomPlayer(random.Random(1)), games=1, out=out)
    running = Background(lambda: follower.run(deadline=time.monotonic() + 20))
    peer = Peer.connect(*follower.address)
    peer.send(request("Once", "W", 1, 0))
    peer.expect("A")
    peer.expect("M")
    peer.send("E00")
    peer.expect("E")
    assert peer.rest() == []  # closed: the games asked for are played
    assert running.join(10) == 1
    follower.close()
    assert out.getvalue().startswith("game 1: Shashki (white) vs Once: unfinished")
    assert Color.WHITE is follower.reports[0].our_color
