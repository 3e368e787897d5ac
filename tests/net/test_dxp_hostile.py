"""A hostile or broken initiator never crashes or stalls our follower: each kind of message
malformed, an illegal move, a move out of turn, garbage, a message with no NUL past the
limit, a flood, a role's message from the wrong role, a peer closing mid-message. Each ends
the game with a reason (a chat line and E) or closes cleanly, and the follower serves the
next connection."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.net.dxp_engine import DxpFollower
from game.rules.international import International
from tests.net.dxp_peer import Peer, move_text, name32, request, running_follower


@pytest.fixture(scope="module")
def follower() -> Iterator[DxpFollower]:
    with running_follower(2, request_timeout=3.0, seconds=60) as made:
        yield made


_START = International.new()
_LEGAL = move_text(_START.legal_moves()[0])

# (sent before a game request, sent after it, the reason's words)
HOSTILE = {
    "garbage bytes": (b"", b"\x01\x02\xff\xfe\x00", "ASCII"),
    "unknown type": (b"", b"Xhello\0", "unknown message type"),
    "no NUL past the limit": (b"", b"C" + b"a" * 2000, "without the NUL"),
    "too long a message": (b"", b"C" + b"a" * 200 + b"\0", "characters"),
    "malformed move": (b"", b"M00ab061100\0", "not a number"),
    "move off the board": (b"", b"M0001326000\0", "not a square"),
    "too many captures": (b"", b"M0001322821" + b"11" * 21 + b"\0", "captured"),
    "illegal move": (b"", b"M0001322600\0", "illegal move"),
    "capture that is not": (b"", b"M000132270122\0", "illegal move"),
    "move before any game": (_LEGAL.encode() + b"\0", b"", "no game"),
    "move out of turn": (b"", (_LEGAL + "\0" + _LEGAL + "\0").encode(), "out of turn"),
    "malformed request": (b"R01short\0", b"", "GAMEREQ"),
    "malformed end": (b"", b"E9\0", "GAMEEND"),
    "malformed back request": (b"", b"B0x1W\0", "not a number"),
    "malformed back answer": (b"", b"K7\0", "acceptance code"),
    "back answer nobody asked": (b"", b"K0\0", "nobody asked"),
    "acceptance to a follower": (b"", b"A" + name32("x").encode() + b"0\0", "nobody asked"),
    "empty message": (b"", b"\0", "empty"),
    "flood": (b"", b"CHi\0" * 400, "messages a second"),
}


@pytest.mark.parametrize("before, after, words", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_message_ends_the_game_with_a_reason(
        follower: DxpFollower, before: bytes, after: bytes, words: str) -> None:
    peer = Peer.connect(*follower.address)
    if before:
        peer.send_raw(before)
    else:
        peer.send(request("Hostile", "Z", 1, 0))
        assert peer.expect("A")[-1] == "0"
        peer.send_raw(after)
    said = peer.rest()
    assert said[-1] == "E01", said
    reasons = [s for s in said if s.startswith("CError")]
    assert reasons and words in reasons[-1], said
    assert not any(s.startswith("M") for s in said), "an answer to a refused move"
    peer.close()
    # and the follower plays the next one
    after_peer = Peer.connect(*follower.address)
    after_peer.send(request("Next", "Z", 1, 0))
    assert after_peer.expect("A")[-1] == "0"
    after_peer.send("E01")
    after_peer.expect("E")
    after_peer.close()


@pytest.mark.parametrize("half", [b"R01" + name32("Half").encode(), b"M00", b"C\xff"])
def test_a_peer_closing_mid_message_frees_the_follower(follower: DxpFollower,
                                                       half: bytes) -> None:
    peer = Peer.connect(*follower.address)
    peer.send(request("Half", "Z", 1, 0))
    peer.expect("A")
    peer.send_raw(half)
    peer.close()
    again = Peer.connect(*follower.address)
    again.send(request("Again", "W", 1, 0))
    assert again.expect("A")[-1] == "0"
    again.expect("M")
    again.send("E01")
    again.expect("E")
    again.close()
