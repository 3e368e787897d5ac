"""Our initiator (DxpInitiator, driven by the engine driver as the match benchmark does, or
by hand as the window's seat will) against a DXP follower written in the tests: the request
as the description writes it, the answer, moves both ways, a back request each way, chat,
the end; and followers that refuse, never answer, answer twice or vanish."""
from __future__ import annotations

import io
import random
import socket
import time
from collections.abc import Callable

import pytest

from game.net.dxp import AcceptCode, BackCode, EndReason, GameRequest, setup_of
from game.net.dxp_engine import DxpFollower
from game.net.dxp_engine import EngineDriver
from game.net.dxp_game import BackAnswered, BackRequested, ChatReceived, DxpEvent, \
    DxpInitiator, GameEnded, GameRefused, GameStarted, LinkLost, MoveReceived, State
from game.play.seats import RandomPlayer
from game.rules.core import Color
from game.rules.international import International
from tests.net.dxp_peer import Background, Peer, move_text, name32, read_move
from tests.net.test_dxp_codec import TWO_WAY


def _listen() -> tuple[socket.socket, int]:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(5)
    return server, server.getsockname()[1]


def _follower(script: Callable[[Peer], object]) -> tuple[Background, int]:
    server, port = _listen()

    def serve() -> object:
        conn, _ = server.accept()
        server.close()
        peer = Peer(conn)
        try:
            return script(peer)
        finally:
            peer.close()

    return Background(serve), port


def _until(initiator: DxpInitiator, done: Callable[[list[DxpEvent]], bool],
           seconds: float = 8.0, driver: EngineDriver | None = None) -> list[DxpEvent]:
    seen: list[DxpEvent] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for event in initiator.poll():
            seen.append(event)
            if driver is not None:
                driver.handle(event)
        if driver is not None:
            driver.update()
        if done(seen):
            return seen
        time.sleep(0.002)
    raise AssertionError(f"not done in time: {seen}")


def test_a_conversation_in_the_initiators_role() -> None:
    def follower(peer: Peer) -> list[str]:
        said = [peer.expect("R")]
        peer.send("A" + name32("TestFollower") + "0")
        game = International.from_fen(TWO_WAY)
        ours = read_move(game, peer.expect("M"))  # our initiator White: two taken
        game.push(ours)
        (reply,) = game.legal_moves()
        peer.send(move_text(reply))
        game.push(reply)
        peer.send("B001Z")  # back to Black's first move: before the reply
        said.append(peer.expect("K"))
        game.pop()
        peer.send(move_text(reply))
        game.push(reply)
        peer.send("CNice capture")
        game.push(read_move(game, peer.expect("M")))
        said.append(peer.expect("B"))  # the initiator asks to go back to the start
        peer.send("K0")
        peer.send("E20")
        said.append(peer.expect("E"))
        return said

    running, port = _follower(follower)
    request = GameRequest("Shashki", Color.BLACK, 3, 40,
                          setup_of(International.from_fen(TWO_WAY)))
    initiator = DxpInitiator("127.0.0.1", port, request)
    seen = _until(initiator, lambda s: any(isinstance(e, GameStarted) for e in s))
    assert GameStarted(Color.WHITE, 3, 40, "TestFollower") in seen
    game = initiator.game
    assert game is not None
    (capture,) = game.legal_moves()
    initiator.play(capture, 2)
    seen = _until(initiator, lambda s: any(isinstance(e, BackRequested) for e in s))
    assert sum(isinstance(e, MoveReceived) for e in seen) == 1
    assert BackRequested(1) in seen
    initiator.answer_back(True)
    assert len(game.move_stack) == 1
    seen = _until(initiator, lambda s: any(isinstance(e, ChatReceived) for e in s))
    assert ChatReceived("Nice capture") in seen
    assert len(game.move_stack) == 2 and len(game.move_stack[1].captured) == 2
    initiator.play(game.legal_moves()[0])
    initiator.ask_back(0)
    seen = _until(initiator, lambda s: any(isinstance(e, GameEnded) for e in s))
    assert BackAnswered(BackCode.ACCEPT, 0) in seen and not game.move_stack
    assert GameEnded(EndReason.DRAW, True, False) in seen
    said = running.join()
    wanted = "R01" + name32("Shashki") + "Z003040BW" + setup_of(game)[1]
    assert said == [wanted, "K0", "B001W", "E00"]
    assert initiator.state is State.IDLE
    initiator.close()


def test_our_engine_plays_a_game_as_initiator_against_the_test_follower() -> None:
    def follower(peer: Peer) -> int:
        peer.expect("R")
        peer.send("A" + name32("Mirror") + "0")
        game = International.new()
        rng = random.Random(3)
        for _ in range(30):
            game.push(read_move(game, peer.expect("M")))
            if game.outcome() is not None:
                break
            reply = rng.choice(game.legal_moves())
            peer.send(move_text(reply))
            game.push(reply)
        peer.expect("M") if game.outcome() is None else None
        peer.send("E00")
        peer.expect("E")
        return len(game.move_stack)

    running, port = _follower(follower)
    initiator = DxpInitiator("127.0.0.1", port, GameRequest("Shashki", Color.BLACK, 1, 0))
    driver = EngineDriver(initiator, RandomPlayer(random.Random(9)))
    _until(initiator, lambda s: any(isinstance(e, GameEnded) for e in s), driver=driver)
    assert running.join() >= 30
    assert driver.reports[0].result == "unfinished" and driver.reports[0].opponent == "Mirror"
    initiator.close()


def test_a_refusal_is_told_and_another_game_may_be_asked() -> None:
    def follower(peer: Peer) -> str:
        peer.expect("R")
        peer.send("A" + name32("Picky") + "2")
        second = peer.expect("R")
        peer.send("A" + name32("Picky") + "0")
        return second

    running, port = _follower(follower)
    initiator = DxpInitiator("127.0.0.1", port, GameRequest("Shashki", Color.WHITE, 999, 0))
    seen = _until(initiator, lambda s: bool(s))
    assert seen == [GameRefused(AcceptCode.NOT_THIS_GAME, False)]
    initiator.request_game(GameRequest("Shashki", Color.WHITE, 5, 0))
    seen = _until(initiator, lambda s: bool(s))
    assert isinstance(seen[0], GameStarted) and seen[0].our_color is Color.BLACK
    assert running.join()[-4:] == "005000A"[-4:]
    initiator.close()


def test_a_follower_that_never_answers_ends_in_a_timeout_with_a_reason() -> None:
    def follower(peer: Peer) -> list[str]:
        peer.expect("R")
        return peer.rest()  # silent until we give up

    running, port = _follower(follower)
    initiator = DxpInitiator("127.0.0.1", port, GameRequest("Shashki", Color.WHITE, 5, 0),
                             answer_timeout=0.3)
    started = time.monotonic()
    seen = _until(initiator, lambda s: any(isinstance(e, LinkLost) for e in s))
    assert time.monotonic() - started < 3
    lost = seen[-1]
    assert isinstance(lost, LinkLost) and "answer to the game request" in lost.reason
    told = running.join()
    assert told[-1] == "E01" and "answer to the game request" in told[0]


def test_a_follower_that_answers_twice_is_cut_off() -> None:
    def follower(peer: Peer) -> list[str]:
        peer.expect("R")
        peer.send("A" + name32("Twice") + "0")
        peer.send("A" + name32("Twice") + "0")
        return peer.rest()

    running, port = _follower(follower)
    initiator = DxpInitiator("127.0.0.1", port, GameRequest("Shashki", Color.BLACK, 5, 0))
    seen = _until(initiator, lambda s: any(isinstance(e, LinkLost) for e in s))
    assert isinstance(seen[0], GameStarted)
    assert isinstance(seen[-1], LinkLost) and seen[-1].peer_fault
    assert running.join()[-1] == "E01"


def test_a_follower_that_closes_mid_message_is_a_lost_link_not_a_crash() -> None:
    def follower(peer: Peer) -> None:
        peer.expect("R")
        peer.send_raw(b"A" + name32("Gone").encode())  # half a message, then away

    running, port = _follower(follower)
    initiator = DxpInitiator("127.0.0.1", port, GameRequest("Shashki", Color.BLACK, 5, 0))
    seen = _until(initiator, lambda s: any(isinstance(e, LinkLost) for e in s))
    assert [type(e) for e in seen] == [LinkLost]
    running.join()


def test_nobody_listening_is_a_lost_link_with_a_reason() -> None:
    server, port = _listen()
    server.close()  # the port is free again: nobody answers there
    initiator = DxpInitiator("127.0.0.1", port, GameRequest("Shashki", Color.BLACK, 5, 0))
    seen = _until(initiator, lambda s: bool(s))
    assert isinstance(seen[0], LinkLost) and "connect" in seen[0].reason


def test_a_name_is_looked_up_aside_and_a_malformed_one_refused() -> None:
    def follower(peer: Peer) -> str:
        said = peer.expect("R")
        peer.send("A" + name32("Named") + "0")
        return said

    running, port = _follower(follower)
    initiator = DxpInitiator("localhost", port, GameRequest("Shashki", Color.BLACK, 5, 0))
    seen = _until(initiator, lambda s: bool(s))
    if isinstance(seen[0], LinkLost):  # localhost is ::1 first here, the test listens on IPv4
        running.thread.join(6)
        pytest.skip("localhost is not 127.0.0.1 first on this machine")
    assert isinstance(seen[0], GameStarted)
    assert running.join().startswith("R01Shashki")
    initiator.close()
    bad = DxpInitiator("no such host!", 27531, GameRequest("Shashki", Color.BLACK, 5, 0))
    seen = _until(bad, lambda s: bool(s))
    assert isinstance(seen[0], LinkLost) and "not an address" in seen[0].reason


def test_both_ends_speak_over_ipv6_loopback() -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 here")
    try:
        follower = DxpFollower(0, bind="::1", engine=lambda: RandomPlayer(random.Random(1)),
                               games=1, out=io.StringIO())
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")
    running = Background(lambda: follower.run(deadline=time.monotonic() + 20))
    initiator = DxpInitiator("::1", follower.address[1], GameRequest("Six", Color.WHITE, 1, 0))
    seen = _until(initiator, lambda s: any(isinstance(e, MoveReceived) for e in s))
    assert isinstance(seen[0], GameStarted)
    initiator.end(EndReason.UNKNOWN, stop=True)
    _until(initiator, lambda s: any(isinstance(e, GameEnded) for e in s))
    initiator.close()
    assert running.join() == 1
    follower.close()
