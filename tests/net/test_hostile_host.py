"""A hostile host against the joining side, without a window: a fake host on 127.0.0.1
(tests/net/fake_host.py) answers a Guest's hello with forged, malformed, oversized or slow
welcomes, and a guest's game over the network is sent forged whole games, checks, clocks and
chat. The guest refuses with a reason, never raises, never waits in a poll, and never takes
a game that is not the host's valid one (another game, other rules, an illegal position, a
game too long to replay in a frame)."""
from __future__ import annotations

import gc
import json
import struct
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.net.headless import step as headless_step
from game.net.netplay import MAX_NET_MOVES, NetGame, WelcomeReader, guest_play, record_of
from game.net.reasons import State
from game.net.session import GaveUp, Guest, Joined, Refused, SessionEvent
from game.i18n import tr
from game.net.wire import MAX_FRAME, PROTOCOL_VERSION, Message
from game.play.board_play import BoardPlay
from game.play.board_record import MAX_TAGS
from game.play.chapaev_play import ChapaevPlay
from game.play.clock import ClockSpec
from game.play.record_format import RecordError
from game.play.records import play_from_record
from game.rules.core import Color
from tests.net.fake_host import (HOSTILE_TEXTS, FakeConn, FakeHost, bad_games, board_game,
                                 chapaev_game, chapaev_game_shot, forged_rest, long_board_game,
                                 long_chapaev_game, message, mutated, reason, same_game,
                                 welcome, with_moves)
from tests.net.helpers import LOOPBACK
from tests.net.pair import End, pair

#: the longest a poll of the guest may take, whatever the host sends
POLL = 0.05
#: the longest the guest's game may take to build or take the longest game it accepts
FRAME = 0.5

GAME = board_game()


# --- the welcome's game ----------------------------------------------------------------------
@pytest.mark.parametrize("name,record", bad_games(), ids=[name for name, _ in bad_games()])
def test_a_welcome_of_a_game_that_is_not_a_valid_one_is_refused_with_a_reason(
        name: str, record: dict[str, object]) -> None:
    began = time.perf_counter()
    with pytest.raises(RecordError) as refused:
        guest_play(record, "black")
    assert str(refused.value).strip()
    assert time.perf_counter() - began < FRAME, "refused before it is replayed"


@pytest.mark.parametrize("seat", ["red", None, 7, "", "white\x00"])
def test_a_seat_that_is_no_side_is_refused(seat: object) -> None:
    with pytest.raises(RecordError):
        guest_play(GAME, seat)


def test_the_longest_games_taken_are_built_within_a_frame() -> None:
    # the work's own cost, the least of three builds on this thread's clock: a machine busy
    # with other tests (CI runs two at once) slowed one build to 0.6 s of the wall's time
    for record in (long_board_game(MAX_NET_MOVES), long_chapaev_game(MAX_NET_MOVES)):
        spent = []
        for _ in range(3):
            began = time.thread_time()
            play, host = guest_play(record, "white")
            spent.append(time.thread_time() - began)
            assert host is Color.BLACK and same_game(play, record)
            play.close()
        assert min(spent) < FRAME
    for record in (long_board_game(MAX_NET_MOVES + 1), long_chapaev_game(MAX_NET_MOVES + 1)):
        with pytest.raises(RecordError, match="too long"):
            guest_play(record, "white")


def _read(reader: WelcomeReader, welcome_message: Message) -> Any:
    """Poll as a joining form does, a frame at a time, until the game is read (or refused)."""
    for _ in range(2000):
        began = time.perf_counter()
        read = reader.poll(welcome_message)
        assert time.perf_counter() - began < POLL, "a poll never replays the game itself"
        if read is not None:
            return read
        time.sleep(0.005)
    raise AssertionError("the welcome was never read")


def test_a_joining_form_reads_the_welcome_off_its_frames_and_a_bad_one_is_said_once() -> None:
    reader = WelcomeReader()
    play, host = _read(reader, Message("welcome", {"game": long_chapaev_game(MAX_NET_MOVES),
                                                   "seat": "white"}))
    assert host is Color.BLACK and isinstance(play, ChapaevPlay)
    play.close()
    bad = Message("welcome", {"game": GAME, "seat": "red"})
    with pytest.raises(RecordError):
        _read(reader, bad)
    # the error was said: the next poll reads the welcome again rather than raising it twice
    with pytest.raises(RecordError):
        _read(reader, bad)


def _form_says(record: dict[str, Any]) -> list[str]:
    """What a joining form says of a welcome of ``record``, polled as its frames poll it."""
    from game.scenes.common.network import welcome_game
    said: list[str] = []
    bad = Message("welcome", {"game": record, "seat": "black"})
    reader = WelcomeReader()
    for _ in range(400):
        if welcome_game(reader, bad, said.append) is None and said:
            break
        time.sleep(0.005)
    return said


def test_the_reason_a_welcome_is_refused_is_cleaned_before_the_form_shows_it() -> None:
    # the host's own words would reach the reason: a "version" of control characters
    said = _form_says(dict(GAME, version="9\x00\x1b[2J\u202e" + "9" * 300))
    assert len(said) == 1
    assert said[0] == tr("net.error.game", reason=tr("net.record.newer"))
    assert not any(ord(c) < 32 or c in "\u202e\x7f" for c in said[0]), repr(said[0])


@pytest.mark.parametrize("language", ["ru", "en"])
def test_why_a_welcome_or_a_sync_is_refused_is_said_in_the_players_language(
        language: str) -> None:
    from game.i18n import language as current_language, set_language
    from game.net.netplay import record_fault, refusal, short_enough
    from game.net.reasons import Why
    before = current_language()
    set_language(language)
    try:
        cases = {"net.record.newer": dict(GAME, version=99),
                 "net.record.foreign": dict(GAME, game="chess"),
                 "net.record.moves": {**GAME, "board": {**GAME["board"], "moves": ["a1-h8"]}}}
        for key, record in cases.items():
            said = _form_says(record)
            assert said == [tr("net.error.game", reason=tr(key))], (key, said)
        # a sync too long for the network: its own reason, in the same words
        long_game = {**GAME, "board": {**GAME["board"], "moves": ["c3-d4"] * 5000}}
        with pytest.raises(ValueError) as caught:
            short_enough(long_game)
        notice = refusal(Why.BAD_RECORD, record_fault(caught.value))
        shown = tr(notice.key, **notice.values)
        assert tr("net.record.long") in shown
        english = "too long to be played"
        assert (english in shown) == (language == "en")
    finally:
        set_language(before)


def test_a_welcome_read_for_a_form_left_meanwhile_is_closed() -> None:
    closed: list[object] = []
    reader = WelcomeReader()
    assert reader.poll(Message("welcome", {"game": long_chapaev_game(MAX_NET_MOVES),
                                           "seat": "white"})) is None  # under way
    original = ChapaevPlay.close

    def noting(self: ChapaevPlay) -> None:
        closed.append(self)
        original(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ChapaevPlay, "close", noting)
        reader.drop()
        for _ in range(400):
            if closed:
                break
            time.sleep(0.01)
    assert len(closed) == 1
    reader.drop()  # dropping twice is nothing


# --- the session against a fake host -------------------------------------------------------
@pytest.fixture
def hosts() -> Iterator[list[FakeHost]]:
    made: list[FakeHost] = []
    yield made
    for host in made:
        host.close()


def against(hosts: list[FakeHost], answer: Callable[[FakeConn, Message | None], None], *,
            before_hello: bool = False, seconds: float = 1.0,
            step: float = 0.0) -> tuple[Guest, list[SessionEvent], float]:
    """A guest joining a fake host that answers with ``answer``, polled until it settles or
    ``seconds`` pass (on the guest's clock: ``step`` seconds a poll when given, which lets
    a test run five seconds of timeouts in a moment); the guest, its events and the longest
    poll."""
    host = FakeHost(answer, before_hello=before_hello)
    hosts.append(host)
    guest = Guest(LOOPBACK, host.port, "ABC234", name="Masha")
    events: list[SessionEvent] = []
    # what the polls are timed for is their own work: the garbage of the suite's earlier
    # tests is collected now, not in the middle of a timed poll (a full collection late in
    # the suite once took a flood's poll to 0.17 s, where its own work is some 20 ms)
    gc.collect()
    start = time.monotonic()
    longest = 0.0
    polls = 0
    while polls < 5000:
        polls += 1
        host.poll()
        now = start + polls * step if step else time.monotonic()
        began = time.perf_counter()
        guest.poll(now)
        longest = max(longest, time.perf_counter() - began)
        events += guest.events()
        if guest.state != State.CONNECTING or now - start > seconds:
            break
        time.sleep(0.001 if not step else 0.002)
    return guest, events, longest


def sends(data: bytes, **how: int) -> Callable[[FakeConn, Message | None], None]:
    def answer(conn: FakeConn, hello: Message | None) -> None:
        conn.drip = how.get("drip", 0)
        conn.stream = how.get("stream", 0)
        conn.send(data)
    return answer


@pytest.mark.parametrize("name,data", [
    ("a seat that is no side", welcome(GAME, seat="red")),
    ("a version out of range", welcome(GAME, version=10 ** 30)),
    ("a token too long", welcome(GAME, token="t" * 5000)),
    ("an extra field", welcome(GAME, evil=True)),
    ("a game that is a list", welcome([GAME])),
    ("garbage", b"\x00\x00\x00\x05\xff\xfe\xfd\xfc\xfb"),
    ("a frame of 50 MB announced", struct.pack(">I", 50 * 1024 * 1024)),
    ("a frame of 4 GB announced", b"\xff\xff\xff\xff"),
    ("a refuse out of schema", message("refuse")),
    ("an unknown message first", message("format_disk") + welcome(GAME)),
    ("a flood of pings", b"".join(message("ping", n=i) for i in range(2000))),
])
def test_a_welcome_out_of_the_schema_ends_the_join_with_a_reason(
        hosts: list[FakeHost], name: str, data: bytes) -> None:
    guest, events, longest = against(hosts, sends(data))
    assert guest.state == State.CLOSED and guest.welcome is None
    assert len(events) == 1 and isinstance(events[0], GaveUp)
    assert longest < POLL


def test_another_protocol_version_is_refused(hosts: list[FakeHost]) -> None:
    guest, events, _ = against(hosts, sends(welcome(GAME, version=PROTOCOL_VERSION + 1)))
    assert guest.state == State.REFUSED and isinstance(events[0], Refused)


@pytest.mark.parametrize("text", list(HOSTILE_TEXTS.values()))
def test_a_refusal_with_a_hostile_reason_is_kept_clean(hosts: list[FakeHost],
                                                       text: str) -> None:
    guest, events, _ = against(hosts, sends(message("refuse", **reason(text))))
    # a detail longer than the wire's limit (200) is no refusal of the schema: the join
    # ends all the same, with the wire's reason
    assert len(events) == 1 and isinstance(events[0], Refused if len(text) <= 200 else GaveUp)
    assert guest.state in (State.REFUSED, State.CLOSED)
    detail = getattr(events[0], "detail", "")
    assert not any(ord(c) < 32 or 0x202a <= ord(c) <= 0x202e for c in detail)


def test_a_50_megabyte_frame_streamed_is_cut_at_its_length(hosts: list[FakeHost]) -> None:
    guest, events, longest = against(hosts, sends(struct.pack(">I", 50 * 1024 * 1024),
                                                  stream=50 * 1024 * 1024))
    assert guest.state == State.CLOSED and isinstance(events[0], GaveUp)
    assert longest < POLL
    conn = hosts[0].conns[0]
    assert conn.stream > 40 * 1024 * 1024, "most of it was never sent: the guest left"


def test_a_frame_of_the_largest_size_is_read_without_holding_a_poll(
        hosts: list[FakeHost]) -> None:
    big = message("welcome", version=PROTOCOL_VERSION, token="x" * (MAX_FRAME - 100),
                  seat="black", game={})
    guest, events, longest = against(hosts, sends(big))
    assert guest.state == State.CLOSED and isinstance(events[0], GaveUp)
    assert longest < POLL


@pytest.mark.parametrize("how", ["half a welcome, then silence", "a byte every 20 ms",
                                 "no answer at all"])
def test_a_host_too_slow_to_welcome_is_left_after_five_seconds(hosts: list[FakeHost],
                                                               how: str) -> None:
    whole = welcome(GAME)
    data = {"half a welcome, then silence": whole[:len(whole) // 2],
            "a byte every 20 ms": whole, "no answer at all": b""}[how]
    guest, events, longest = against(hosts, sends(data, drip=1 if "byte" in how else 0),
                                     seconds=8.0, step=0.05)
    assert guest.state == State.CLOSED and isinstance(events[0], GaveUp)
    assert guest.welcome is None and longest < POLL


def test_a_second_welcome_is_not_taken(hosts: list[FakeHost]) -> None:
    chapaev = chapaev_game()
    guest, events, _ = against(hosts, sends(welcome(GAME) + welcome(chapaev, seat="white")))
    assert guest.state == State.PLAYING and events == [Joined()]
    for _ in range(20):
        hosts[0].poll()
        guest.poll()
        time.sleep(0.002)
    assert guest.welcome is not None and guest.welcome.str("seat") == "black"
    assert guest.welcome.object("game") == GAME
    guest.close()


def test_messages_before_the_welcome_are_not_taken(hosts: list[FakeHost]) -> None:
    forged = with_moves(GAME, [])
    guest, events, _ = against(hosts, sends(message("sync", record=forged) + welcome(GAME)))
    assert guest.state == State.PLAYING
    late: list[Message] = []
    for _ in range(20):
        hosts[0].poll()
        late += guest.poll()
        time.sleep(0.002)
    assert not any(m.t == "sync" for m in late)
    guest.close()


# --- a game under way, sent what a hostile host may send ------------------------------------
def joined(record: dict[str, object] | None = None,
           seat: str = "black") -> tuple[NetGame, End]:
    """A guest's game over an in-memory link, as built from the host's welcome."""
    record = GAME if record is None else record
    play, host_color = guest_play(record, seat)
    host_end, guest_end = pair()
    return NetGame(play, guest_end, host_color, host=False), host_end


def polled(net: NetGame, times: int = 3) -> float:
    """Poll the guest's game; the longest poll's work, on this thread's clock (what other
    processes take of a busy machine's cores is not the guest's doing). A poll that waits,
    which that clock would not count, fails here on the wall's."""
    longest = 0.0
    for _ in range(times):
        began, wall = time.thread_time(), time.perf_counter()
        net.poll()
        assert time.perf_counter() - wall < 4 * FRAME, "a poll of the guest waited"
        longest = max(longest, time.thread_time() - began)
    return longest


CHAPAEV = chapaev_game()
FORGED_SYNCS: dict[str, tuple[dict[str, object], dict[str, object]]] = {
    "another game": (GAME, board_game("international", ())),
    "Chapaev for a board game": (GAME, CHAPAEV),
    "other options and a move more": (GAME, board_game(
        "russian", ("c3-d4", "f6-g5", "g3-h4"), tournament_draws=False)),
    "another start": (GAME, mutated(board_game("russian", ()), lambda r: r["board"].update(
        start="W:Wa1,c1,e1,g1,b2,d2,f2,h2:Bb8,d8"))),
    "a board game for Chapaev": (CHAPAEV, GAME),
    "Chapaev with the swamp": (CHAPAEV, mutated(
        CHAPAEV, lambda r: r["chapaev"]["options"].update(swamp=True))),
    "Chapaev of another campaign": (CHAPAEV, mutated(
        CHAPAEV, lambda r: r["chapaev"]["options"].update(campaign="loser_changes",
                                                           troops=["infantry", "tanks"]))),
    **{name: (GAME, record) for name, record in bad_games()},
}


@pytest.mark.parametrize("name", list(FORGED_SYNCS))
def test_a_forged_whole_game_is_refused_and_the_game_stays(name: str) -> None:
    start, forged = FORGED_SYNCS[name]
    net, host = joined(start)
    host.send("sync", record=forged)
    assert polled(net) < FRAME
    assert same_game(net.play, start), "the game here is still the host's first"
    assert net.remote.notice is not None and net.remote.notice.key == "net.refused"
    net.close()


def test_a_valid_whole_game_is_taken() -> None:
    net, host = joined()
    synced = with_moves(GAME, ["c3-d4", "f6-g5", "g3-f4"])
    host.send("sync", record=synced)
    polled(net)
    assert isinstance(net.play, BoardPlay) and net.play.notation == ["c3-d4", "f6-g5", "g3-f4"]
    net.close()


def test_whole_games_sent_without_end_slow_the_guest_never_hold_it() -> None:
    longest = long_board_game(MAX_NET_MOVES)
    net, host = joined(longest, seat="white")
    began = time.monotonic()
    spent = 0.0
    polls = 0
    while time.monotonic() - began < 1.5:
        for _ in range(5):
            host.send("sync", record=longest)
        spent = max(spent, polled(net, 1))
        polls += 1
    assert spent < FRAME
    assert polls > 10, "the window went on between the games taken"
    assert same_game(net.play, longest)
    net.close()


def test_a_flood_of_whole_games_ends_on_the_last_one_sent() -> None:
    net, host = joined()
    for i in range(100):
        host.send("sync", record=with_moves(GAME, ["c3-d4", "f6-g5", "d4-e5", "x"][:1 + i % 4]))
    last = with_moves(GAME, ["c3-d4", "f6-g5", "g3-f4"])
    host.send("sync", record=last)
    deadline = time.monotonic() + 3.0
    while time.monotonic() < deadline and not same_game(net.play, last):
        assert polled(net, 1) < FRAME
        time.sleep(0.01)
    assert same_game(net.play, last)
    net.close()


def test_a_whole_game_among_the_first_messages_waits_for_the_first_poll() -> None:
    longest = long_board_game(MAX_NET_MOVES)
    play, host_color = guest_play(GAME, "black")
    host_end, guest_end = pair()
    net = NetGame(play, guest_end, host_color, host=False)
    host_end.send("sync", record=longest)
    early = guest_end.poll()
    began = time.perf_counter()
    net.feed(early)
    assert time.perf_counter() - began < 0.05, "not replayed with the welcome's game"
    assert not same_game(net.play, longest)
    net.poll()
    assert same_game(net.play, longest) is False, "a game of other rules is refused"
    net.close()


@pytest.mark.parametrize("t,fields", [
    ("check", {"n": 10 ** 5, "digest": "x" * 64}),
    ("check", {"n": 2, "digest": "0" * 16}),
    ("clock", {"white_ms": 2 ** 53, "black_ms": 0, "running": "both"}),
    ("clock", {"white_ms": 0, "black_ms": 0, "running": "white"}),
    ("rest", {"n": 1, "digest": "x", "table": []}),
    ("refused", reason("\x00\x1b[2J" * 20)),
    ("chat", {"text": "\x00" * 300}),
    ("move", {"ply": 2, "text": "a1-h8"}),
    ("move", {"ply": 2, "text": "c3-d4"}),
    ("move", {"ply": 99_999, "text": "c3-d4"}),
    ("shot", {"n": 0, "side": "white", "index": 0, "dx": 1.0, "dy": 0.0, "strength": 1.0,
              "press": False}),
    ("takeback", {"ply": 0}),
    ("draw_answer", {"accept": True}),
    ("resign", {}),
])
def test_game_messages_that_break_no_schema_but_the_game_leave_it_as_it_is(
        t: str, fields: dict[str, object]) -> None:
    net, host = joined()
    for _ in range(30):
        host.send(t, **fields)
    for _ in range(5):
        assert polled(net, 1) < FRAME
        headless_step(net.play)
    play = net.play
    assert isinstance(play, BoardPlay)
    if t == "resign":  # the host resigned: the game here ends so, nothing else
        assert play.notation == ["c3-d4", "f6-g5"] and play.is_over
    else:
        assert same_game(play, GAME) and not play.is_over
    for who, text in net.chat:
        assert "\x00" not in text
    net.close()


@pytest.mark.parametrize("name,text", list(HOSTILE_TEXTS.items()))
def test_hostile_chat_is_kept_clean(name: str, text: str) -> None:
    net, host = joined()
    host.send("chat", text=text)
    polled(net, 1)
    for _, line in net.chat:
        assert not any(ord(c) < 32 or 0x202a <= ord(c) <= 0x202e for c in line), name
    net.close()


def test_a_chapaev_rest_of_pieces_on_top_of_each_other_is_not_set() -> None:
    net, host = joined(CHAPAEV, seat="white")
    play = net.play
    assert isinstance(play, ChapaevPlay)
    before = play.table.state()
    host.send("rest", n=1, digest="x", match="y", table=[
        {"side": "white", "index": 0, "x": 1.0, "y": 1.0, "angle": 0.0},
        {"side": "black", "index": 0, "x": 1.0, "y": 1.0, "angle": 0.0}])
    polled(net)
    assert play.table.state() == before and same_game(play, CHAPAEV)
    assert record_of(play)["chapaev"]["table"] == CHAPAEV["chapaev"]["table"]
    net.close()


def test_a_clock_no_clock_holds_is_not_taken_and_the_game_still_saves() -> None:
    clocked = board_game(clock=ClockSpec(5, 3))
    net, host = joined(clocked)
    play = net.play
    assert isinstance(play, BoardPlay) and play.clock is not None
    before = dict(play.clock.left)
    host.send("clock", white_ms=2 ** 53, black_ms=10 ** 13, running="white")
    polled(net)
    assert play.clock.left == before
    host.send("clock", white_ms=61_000, black_ms=62_000, running="")
    polled(net)
    assert play.clock.left == {Color.WHITE: 61.0, Color.BLACK: 62.0}
    again = play_from_record(record_of(play), with_seats=False)  # what autosave keeps
    again.close()
    net.close()


@pytest.mark.parametrize("name", ["pieces on top of each other", "a piece off the board",
                                  "a piece gone", "a piece twice", "a stranger's piece"])
def test_a_forged_chapaev_table_after_a_shot_is_not_set(name: str) -> None:
    shot = chapaev_game_shot()

    def change(table: list[dict[str, Any]]) -> None:
        if name == "pieces on top of each other":
            table[1].update(x=table[0]["x"], y=table[0]["y"])
        elif name == "a piece off the board":
            table[0].update(x=9_000.0)
        elif name == "a piece gone":
            del table[0]
        elif name == "a piece twice":
            table.append(dict(table[0]))
        else:
            table[0].update(index=(table[0]["index"] + 8) % 64)

    net, host = joined(shot)
    play = net.play
    assert isinstance(play, ChapaevPlay)
    before = play.table.state()
    rest = forged_rest(shot, change)
    host.send("rest", **_fields(rest))
    polled(net)
    assert play.table.state() == before
    assert any(m.t == "outofstep" for m in host.inbox), "the host's whole match is asked for"
    again = play_from_record(record_of(play), with_seats=False)  # what autosave keeps
    again.close()
    net.close()


def _fields(frame: bytes) -> dict[str, Any]:
    value = json.loads(frame[4:])
    value.pop("t")
    assert isinstance(value, dict)
    return value


def test_a_welcome_of_thousands_of_tags_keeps_a_few_clean_ones() -> None:
    tagged = mutated(GAME, lambda r: r.update(tags={
        "White": "Grand\x00pa\u202e", **{f"T{i}": "t" * 200 for i in range(3000)}}))
    play, _ = guest_play(tagged, "black")
    assert isinstance(play, BoardPlay)
    assert len(play.tags) <= MAX_TAGS and play.tags["White"] == "Grandpa"
    play.close()


def test_a_host_that_welcomes_a_returning_guest_with_another_game_is_not_followed(
        hosts: list[FakeHost]) -> None:
    chapaev = chapaev_game()
    welcomes = [welcome(GAME), welcome(chapaev, seat="white")]

    def answer(conn: FakeConn, hello: Message | None) -> None:
        conn.send(welcomes.pop(0) if welcomes else b"")
        conn.close_after_send = True  # and the line drops: the guest comes back

    guest, events, _ = against(hosts, answer)
    assert guest.state in (State.PLAYING, State.RECONNECTING)
    deadline = time.monotonic() + 3.0
    while time.monotonic() < deadline and len(hosts[0].conns) < 2:
        hosts[0].poll()
        guest.poll()
        time.sleep(0.005)
    for _ in range(50):
        hosts[0].poll()
        guest.poll()
        time.sleep(0.002)
    assert len(hosts[0].conns) >= 2, "the guest came back"
    assert guest.welcome is not None and guest.welcome.object("game") == GAME
    assert guest.welcome.str("seat") == "black"
    guest.close()
