"""Frames and the schema: what comes in whole, in pieces, too long, broken or out of shape."""
from __future__ import annotations

import json
import struct
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import wire
from game.net.wire import MAX_FRAME, SCHEMAS, Decoder, Message, WireError, encode


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def frame_of(value: Any) -> bytes:
    return frame(json.dumps(value).encode("utf-8"))


def decode_one(data: bytes) -> Message:
    messages = Decoder().feed(data)
    assert len(messages) == 1
    return messages[0]


def test_a_message_goes_and_comes_back_with_its_typed_fields() -> None:
    shot = encode("shot", n=3, side="white", index=2, dx=-0.5, dy=1, strength=0.75,
                  press=False)
    message = decode_one(shot)
    assert message.t == "shot"
    assert message.int("n") == 3 and message.str("side") == "white"
    assert message.float("dy") == 1.0 and isinstance(message.float("dy"), float)
    assert message.bool("press") is False
    with pytest.raises(WireError):
        message.int("press")  # true/false is not a number
    with pytest.raises(WireError):
        message.str("nothing")


def test_several_messages_in_one_read_and_one_message_byte_by_byte() -> None:
    data = encode("ping", n=1) + encode("chat", text="привет") + encode("resign")
    assert [m.t for m in Decoder().feed(data)] == ["ping", "chat", "resign"]
    decoder = Decoder()
    got: list[Message] = []
    for i in range(len(data)):
        got += decoder.feed(data[i:i + 1])
        if i < 7:
            assert got == [] and decoder.pending == i + 1
    assert [m.t for m in got] == ["ping", "chat", "resign"]
    assert got[1].str("text") == "привет" and decoder.pending == 0


def test_a_limit_decodes_so_many_and_keeps_the_rest_for_the_next_feed() -> None:
    data = b"".join(encode("ping", n=n) for n in range(1, 8))
    decoder = Decoder()
    first = decoder.feed(data, limit=3)
    assert [m.int("n") for m in first] == [1, 2, 3]
    assert decoder.pending == len(data) - 3 * len(encode("ping", n=1))
    assert [m.int("n") for m in decoder.feed(b"", limit=3)] == [4, 5, 6]
    assert [m.int("n") for m in decoder.feed(b"")] == [7] and decoder.pending == 0


def test_a_rest_table_with_nested_objects_and_an_optional_field() -> None:
    table = [{"side": "white", "index": 0, "x": 1.5, "y": -2, "angle": 0.1},
             {"side": "black", "index": 7, "x": 0, "y": 0, "angle": 3, "over": 12}]
    message = decode_one(encode("rest", n=4, digest="ab12", table=table))
    rows = message.list("table")
    assert rows[0]["y"] == -2.0 and rows[1]["over"] == 12 and "over" not in rows[0]


def test_an_announced_length_over_the_limit_is_refused_before_its_bytes() -> None:
    with pytest.raises(WireError, match="longer than"):
        Decoder().feed(struct.pack(">I", MAX_FRAME + 1))
    big = {"t": "sync", "record": {"moves": "x" * MAX_FRAME}}
    with pytest.raises(WireError, match="not sent"):
        encode("sync", record=big["record"])
    # exactly at the limit is still a frame
    body = b'{"t":"sync","record":{"m":"' + b"x" * (MAX_FRAME - 30) + b'"}}'
    assert len(body) == MAX_FRAME
    assert decode_one(frame(body)).t == "sync"


@pytest.mark.parametrize("body", [
    b"", b"garbage", b"\xff\xfe\x00", b'"just a string"', b"[1, 2]", b'{"no": "type"}',
    b'{"t": 5}', b'{"t": "ping", "n": 1', b"[" * 5000 + b"]" * 5000,
    b'{"t": "ping", "n": ' + b"9" * 5000 + b"}",
])
def test_garbage_is_not_a_message(body: bytes) -> None:
    with pytest.raises(WireError) as refused:
        Decoder().feed(frame(body))
    assert refused.value.reason == wire.NOT_A_MESSAGE


def test_bad_utf8_inside_a_string_and_a_lone_surrogate_are_refused() -> None:
    with pytest.raises(WireError):
        Decoder().feed(frame(b'{"t": "chat", "text": "a\xc3"}'))
    with pytest.raises(WireError, match="broken character"):
        Decoder().feed(frame(b'{"t": "chat", "text": "\\ud800"}'))


@pytest.mark.parametrize("number", [b"NaN", b"Infinity", b"-Infinity", b"1e400"])
def test_numbers_that_are_not_finite_are_refused(number: bytes) -> None:
    body = b'{"t": "shot", "n": 1, "side": "w", "index": 0, "dx": ' + number + \
        b', "dy": 0, "strength": 0, "press": false}'
    with pytest.raises(WireError):
        Decoder().feed(frame(body))
    with pytest.raises(WireError):
        Decoder().feed(frame(b'{"t": "sync", "record": {"a": [' + number + b']}}'))


def test_sending_nan_is_refused_on_this_side_too() -> None:
    with pytest.raises(WireError, match="not sent"):
        encode("shot", n=1, side="w", index=0, dx=float("nan"), dy=0, strength=0, press=True)
    with pytest.raises(WireError, match="not sent"):
        encode("sync", record={"x": float("inf")})


GOOD_SHOT = {"t": "shot", "n": 1, "side": "white", "index": 0, "dx": 0.5, "dy": -0.5,
             "strength": 1, "press": False}


@pytest.mark.parametrize("change, why", [
    ({"t": "teleport"}, "does not know"),
    ({"n": None}, "whole number"),
    ({"n": 100_001}, "range"),
    ({"n": True}, "whole number"),
    ({"n": 1.5}, "whole number"),
    ({"dx": 1.01}, "range"),
    ({"dx": "0.5"}, "not a number"),
    ({"press": 1}, "true or false"),
    ({"side": "w" * 9}, "longer than 8"),
    ({"side": ["white"]}, "not text"),
    ({"index": 65}, "range"),
    ({"extra": 1}, "unexpected field extra"),
    ({"strength": -0.1}, "range"),
])
def test_each_schema_rule_refuses_with_a_reason(change: dict[str, Any], why: str) -> None:
    with pytest.raises(WireError, match=why) as refused:
        Decoder().feed(frame_of({**GOOD_SHOT, **change}))
    assert "\n" not in refused.value.reason


def test_missing_fields_nested_shapes_and_choices_are_refused() -> None:
    shot = dict(GOOD_SHOT)
    del shot["press"]
    cases = [
        (shot, "press is missing"),
        ({"t": "rest", "n": 1, "digest": "d", "table": [{"side": "w"}]}, "table[0].index"),
        ({"t": "rest", "n": 1, "digest": "d",
          "table": [{"side": "w", "index": 1, "x": 10_001, "y": 0, "angle": 0}]},
         "table[0].x is out of its range"),
        ({"t": "rest", "n": 1, "digest": "d", "table": [1] * 65}, "more than 64"),
        ({"t": "rest", "n": 1, "digest": "d", "table": {}}, "not a list"),
        ({"t": "welcome", "version": 1, "token": "t", "seat": "red", "game": {}},
         "one of white, black"),
        ({"t": "welcome", "version": 1, "token": "t", "seat": "white", "game": []},
         "not an object"),
        ({"t": "hello", "version": 1, "code": "A" * 17, "name": ""}, "longer than 16"),
        ({"t": "chat", "text": "x" * 301}, "longer than 300"),
        ({"t": "clock", "white_ms": -1, "black_ms": 0, "running": ""}, "range"),
        ({"t": "resign", "why": "bored"}, "unexpected field"),
        ({"t": "sync", "record": {"deep": json.loads("[" * 40 + "]" * 40)}}, "too deep"),
    ]
    for value, why in cases:
        with pytest.raises(WireError, match=why.replace("[", r"\[").replace("]", r"\]")):
            Decoder().feed(frame_of(value))


def test_every_declared_type_round_trips_with_its_optional_field_left_out() -> None:
    samples: dict[str, dict[str, Any]] = {
        "hello": {"version": 1, "code": "ABC234", "name": "Аня"},
        "welcome": {"version": 1, "token": "x", "seat": "white", "game": {"v": [1, None]}},
        "refuse": {"why": "wrong_code", "detail": "no"}, "ping": {"n": 0}, "pong": {"n": 9}, "bye": {"why": "left", "detail": ""},
        "move": {"ply": 0, "text": "c3-d4", "digest": ""},
        "shot": {k: v for k, v in GOOD_SHOT.items() if k != "t"},
        "rest": {"n": 0, "digest": "", "table": []}, "resign": {}, "draw_offer": {},
        "draw_answer": {"accept": True}, "takeback": {"ply": 2},
        "takeback_answer": {"accept": False}, "sync": {"record": {}},
        "clock": {"white_ms": 1000, "black_ms": 0, "running": "white"},
        "refused": {"why": "illegal", "detail": "32-28"}, "chat": {"text": ""}, "state": {"paused": True},
        "outofstep": {"n": 3}, "check": {"n": 3, "digest": "ab"},
    }
    assert set(samples) == set(SCHEMAS)
    for t, fields in samples.items():
        message = decode_one(encode(t, **fields))
        assert message.t == t and dict(message.fields) == fields


def test_after_an_error_the_decoder_stays_broken_and_keeps_what_came_before() -> None:
    decoder = Decoder()
    with pytest.raises(WireError) as refused:
        decoder.feed(encode("ping", n=1) + frame(b"junk"))
    assert [m.t for m in refused.value.before] == ["ping"]
    with pytest.raises(WireError):
        decoder.feed(encode("ping", n=2))


def test_a_new_type_can_be_declared_once() -> None:
    name = "test_only_type"
    try:
        wire.declare(name, {"x": wire.Int(0, 3)})
        assert decode_one(encode(name, x=2)).int("x") == 2
        with pytest.raises(ValueError):
            wire.declare(name, {})
    finally:
        SCHEMAS.pop(name, None)


def _valid(message: Message) -> None:
    """A decoded message passes its own schema again (as if we sent it)."""
    assert message.t in SCHEMAS
    encode(message.t, **message.fields)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_give_messages_or_a_wire_error_and_nothing_else(data: bytes) -> None:
    for chunks in ([data], [data[:len(data) // 2], data[len(data) // 2:]]):
        decoder = Decoder()
        try:
            for chunk in chunks:
                for message in decoder.feed(chunk):
                    _valid(message)
        except WireError as error:
            assert error.reason and "\n" not in error.reason


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 60, 2 ** 60) | st.floats()
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(SCHEMAS)), st.dictionaries(
    st.sampled_from(["n", "ply", "text", "dx", "press", "table", "record", "game", "seat",
                     "code", "accept", "version", "x"]), json_values, max_size=5))
def test_random_fields_of_every_type_pass_the_schema_or_are_refused(
        t: str, fields: dict[str, Any]) -> None:
    body = json.dumps({"t": t, **fields}, allow_nan=True).encode("utf-8")
    try:
        messages = Decoder().feed(frame(body))
    except WireError:
        return
    assert len(messages) == 1
    _valid(messages[0])


def test_a_decoder_may_take_less_than_the_limit_and_more_later() -> None:
    small = Decoder(max_frame=100)
    with pytest.raises(WireError, match="longer than 100 bytes"):
        small.feed(struct.pack(">I", 101))
    grown = Decoder(max_frame=100)
    chat = encode("chat", text="x" * 200)
    grown.max_frame = MAX_FRAME
    assert decode_one(chat).str("text") == grown.feed(chat)[0].str("text")


@pytest.mark.parametrize("number", [b"1e308", b"9" * 199 + b".5e99", b"1E+99", b"-2e-999",
                                    b"0." + b"0" * 300 + b"1"])
def test_numbers_near_the_edge_of_finite_are_taken(number: bytes) -> None:
    message = decode_one(frame(b'{"t": "sync", "record": {"a": ' + number + b'}}'))
    assert isinstance(message.object("record")["a"], float)


@pytest.mark.parametrize("number", [b"1e309", b"9" * 211 + b".0e99", b"1" * 310 + b".0",
                                    b"1e+0400", b"-1E999"])
def test_numbers_past_finite_are_refused_however_written(number: bytes) -> None:
    with pytest.raises(WireError):
        Decoder().feed(frame(b'{"t": "sync", "record": {"a": [' + number + b']}}'))
