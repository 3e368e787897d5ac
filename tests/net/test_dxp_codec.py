"""The DXP codec against the protocol's public description: its examples read, every message
written and read back, everything malformed refused with a reason, moves matched to the
rules' moves."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.net.dxp import (
    AcceptCode,
    BackAccept,
    BackCode,
    BackRequest,
    Chat,
    DxpError,
    EndReason,
    GameAccept,
    GameEnd,
    GameRequest,
    MoveMessage,
    Reader,
    find_move,
    format,
    game_of,
    move_message,
    number_of,
    parse,
    ply_of,
    setup_of,
)
from game.rules.core import Color
from game.rules.international import International
from tests.net.dxp_peer import name32, position_of, request

#: White's only move takes two pieces, then Black's only move takes two
TWO_WAY = ("W:W24,30,31,32,33,34,35,36,38,40,41,43,45,46,47,48,49,50:"
           "B1,3,4,5,7,9,10,11,12,13,15,16,17,18,19,22,25,28")


def test_the_descriptions_examples_read() -> None:
    assert parse("M0012061100") == MoveMessage(12, 6, 11, ())
    assert parse("M001205250422122320") == MoveMessage(12, 5, 25, (22, 12, 23, 20))
    assert parse("ATornado voor Windows 4.0        0") == GameAccept("Tornado voor Windows 4.0",
                                                                     AcceptCode.ACCEPT)
    assert parse("E00") == GameEnd(EndReason.UNKNOWN, False)
    assert parse("B005Z") == BackRequest(5, Color.BLACK)
    assert parse("K0") == BackAccept(BackCode.ACCEPT)
    assert parse("CWhat do you think about move 35?") == Chat("What do you think about move 35?")


def test_a_request_from_the_start_and_from_a_position() -> None:
    plain = parse(request("Kingsrow", "W", 90, 75))
    assert plain == GameRequest("Kingsrow", Color.WHITE, 90, 75, None, 1)
    set_up = parse(request("Scan", "Z", 5, 0, position_of(TWO_WAY)))
    assert isinstance(set_up, GameRequest) and set_up.setup is not None
    assert game_of(set_up).fen() == International.from_fen(TWO_WAY).fen()
    assert set_up.setup == setup_of(International.from_fen(TWO_WAY))


MESSAGES = [
    Chat("hello there"), GameRequest("Shashki", Color.BLACK, 10, 50),
    GameRequest("Shashki", Color.WHITE, 0, 0, setup_of(International.from_fen(TWO_WAY))),
    GameAccept("Shashki", AcceptCode.NOT_THIS_GAME), MoveMessage(9999, 50, 1, ()),
    MoveMessage(3, 32, 14, (27, 19, 9, 10, 11, 12, 13, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25,
                            26, 28, 29)),
    GameEnd(EndReason.WIN, True), BackRequest(999, Color.WHITE), BackAccept(BackCode.DECLINE),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_is_written_and_read_back(message: object) -> None:
    wire = format(message)  # type: ignore[arg-type]
    assert wire.endswith(b"\0") and b"\0" not in wire[:-1] and len(wire) <= 128
    assert parse(wire[:-1].decode("ascii")) == message


@given(st.text(alphabet=st.characters(min_codepoint=1, max_codepoint=127), min_size=1,
               max_size=140))
def test_any_ascii_text_is_read_or_refused_with_a_reason(text: str) -> None:
    try:
        parse(text)
    except DxpError as error:
        assert error.reason


MALFORMED = {
    "empty": "",
    "unknown type": "X123",
    "lower case type": "m0012061100",
    "too long": "C" + "x" * 127,
    "not ascii": "Cпривет",
    "chat without text": "C",
    "request too short": "R01" + name32("x") + "W005000",
    "request version not digits": "Rx1" + name32("x") + "W005000A",
    "request colour": "R01" + name32("x") + "B005000A",
    "request minutes": "R01" + name32("x") + "W0a5000A",
    "request start code": "R01" + name32("x") + "W005000C",
    "request A with a position": "R01" + name32("x") + "W005000A" + "W" + "e" * 50,
    "request B without a position": "R01" + name32("x") + "W005000B",
    "request position letter": "R01" + name32("x") + "W005000BW" + "e" * 49 + "k",
    "request position short": "R01" + name32("x") + "W005000BW" + "e" * 49,
    "request turn": "R01" + name32("x") + "W005000BX" + "e" * 50,
    "accept short": "Ashort0",
    "accept code": "A" + name32("x") + "7",
    "accept not digit": "A" + name32("x") + "y",
    "move short": "M00120611",
    "move from 0": "M0012001100",
    "move to 51": "M0012065100",
    "move not digits": "M00a2061100",
    "move count not digits": "M00120611x1",
    "move too many captures": "M0012061121" + "10" * 21,
    "move captured count wrong": "M001206110212",
    "move captured square 99": "M001206110199",
    "move captured not digits": "M00120611019 ",
    "move captured square 0": "M001206110100",
    "move captured twice": "M00120611021212",
    "end long": "E000",
    "end reason": "E40",
    "end stop": "E02",
    "back short": "B05Z",
    "back move 0": "B000W",
    "back colour": "B005Q",
    "back accept code": "K3",
    "back accept long": "K00",
}


@pytest.mark.parametrize("text", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_messages_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(DxpError) as raised:
        parse(text)
    assert raised.value.reason


def test_the_reader_cuts_at_nul_and_refuses_a_message_without_end() -> None:
    reader = Reader()
    assert reader.feed(b"E0") == []
    assert reader.feed(b"0\0K0\0C") == ["E00", "K0"]
    assert reader.pending == 1
    with pytest.raises(DxpError, match="without the NUL"):
        reader.feed(b"x" * 1100)
    with pytest.raises(DxpError, match="ASCII"):
        Reader().feed(b"C\xff\xfe\0")


def test_a_move_message_names_the_legal_move_captured_order_free() -> None:
    game = International.from_fen(TWO_WAY)
    (move,) = game.legal_moves()
    assert len(move.captured) == 2
    message = move_message(game, move, 4)
    assert message == MoveMessage(4, move.start, move.end, tuple(move.captured))
    backwards = MoveMessage(0, move.start, move.end, tuple(reversed(move.captured)))
    assert find_move(game, backwards) == move
    # some programs leave out the captured pieces: one capture from there to there is clear
    assert find_move(game, MoveMessage(0, move.start, move.end, ())) == move
    with pytest.raises(DxpError, match="illegal move"):
        find_move(game, MoveMessage(0, move.start, move.end, (move.captured[0],)))
    with pytest.raises(DxpError, match="illegal move"):
        find_move(game, MoveMessage(0, 33, 29, ()))  # a capture is compulsory
    start = International.new()
    assert find_move(start, MoveMessage(0, 32, 28, ())).end == 28
    with pytest.raises(DxpError, match="illegal move 31-22"):
        find_move(start, MoveMessage(0, 31, 22, ()))


def test_a_position_that_cannot_be_played_is_refused() -> None:
    crowned_man = "W" + "w" + "e" * 48 + "z"  # a white man on its crowning row
    with pytest.raises(DxpError, match="cannot be played"):
        game_of(GameRequest("x", Color.WHITE, 1, 0, (Color.WHITE, crowned_man[1:])))
    nothing_to_move = (Color.WHITE, "e" * 49 + "z")  # White has no piece: over already
    with pytest.raises(DxpError):
        game_of(GameRequest("x", Color.WHITE, 1, 0, nothing_to_move))


@pytest.mark.parametrize("first", [Color.WHITE, Color.BLACK])
def test_move_numbers_and_plies_agree(first: Color) -> None:
    for ply in range(0, 40):
        number, color = number_of(ply, first)
        assert ply_of(number, color, first) == ply
    assert ply_of(5, Color.BLACK, Color.WHITE) == 9
    assert number_of(0, first) == (1, first)


def test_dxp_numbers_the_squares_as_our_international_game_does() -> None:
    game = International.new()
    assert [game.geometry.name(s) for s in range(1, 51)] == [str(s) for s in range(1, 51)]
    assert sorted(s for s, p in game.pieces() if p.color is Color.BLACK) == list(range(1, 21))
    move = game.parse_move("32-28")
    assert format(move_message(game, move)) == b"M0000322800\0"
    # the description's example capture: 5x25 taking 22, 12, 23 and 20 (any order)
    assert parse("M001205250422122320") == MoveMessage(12, 5, 25, (22, 12, 23, 20))
