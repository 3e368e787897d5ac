"""A host that is not one, for the tests and the benchmark of the joining side: a polled TCP
server on 127.0.0.1 that answers a joining guest with whatever a case says (a forged welcome,
a game record of another game, garbage, a 50 MB frame, half a frame and silence, a byte at a
time), and the catalogue of those cases.

Nothing here reaches past loopback; nothing blocks: the test steps the window and polls the
fake host in the same loop, and every case's work is bounded in bytes and in polls.
"""
from __future__ import annotations

import copy
import json
import random
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.net.netplay import match_digest, record_of
from game.net.wire import PROTOCOL_VERSION, SCHEMAS, Decoder, Message, WireError
from game.play.board_play import BoardPlay
from game.play.board_record import record_of_board
from game.play.chapaev_play import ChapaevPlay
from game.play.chapaev_record import record_of_chapaev
from game.play.clock import ClockSpec
from game.play.protocol import Play
from game.play.records import play_from_record
from tests.net.helpers import LOOPBACK

#: bytes written to one guest in one poll at most (a streamed frame goes out in pieces)
CHUNK = 256 * 1024
#: seconds between two drips of a slow loris
DRIP_EVERY = 0.02


def frame(value: object) -> bytes:
    """One frame holding any JSON value (the schema is not checked: that is the point)."""
    body = json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8",
                                                                             "surrogatepass")
    return struct.pack(">I", len(body)) + body


def reason(text: str) -> dict[str, str]:
    """The fields of a ``refuse`` or ``refused`` giving ``text`` as its reason (a code and a
    detail since reasons are codes on the wire; a sentence before)."""
    if "why" in SCHEMAS["refuse"]:
        return {"why": "wrong_code", "detail": text}
    return {"reason": text}


def message(t: str, **fields: Any) -> bytes:
    """A frame of message ``t`` with ``fields`` as given (checked by nobody)."""
    return frame({"t": t, **fields})


class FakeConn:
    """One guest's connection to the fake host: what it said, what is to go to it."""

    def __init__(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        self.sock: socket.socket | None = sock
        self.decoder = Decoder()
        self.heard: list[Message] = []
        self.broken = ""  # the guest sent something that is not a message (never expected)
        self.out = bytearray()
        self.drip = 0  # bytes every DRIP_EVERY seconds (a slow loris); 0: as fast as it goes
        self._dripped = 0.0
        self.stream = 0  # bytes of filler still to stream after ``out``
        self.polls = 0
        self.closed_by_guest = False
        #: messages to send at a later poll: (poll number, bytes)
        self.later: list[tuple[int, bytes]] = []
        self.close_after_send = False

    @property
    def hello(self) -> Message | None:
        return next((m for m in self.heard if m.t == "hello"), None)

    def send(self, data: bytes, *, at: int = 0) -> None:
        """``data`` now, or at the ``at``-th poll from now."""
        if at <= 0:
            self.out += data
        else:
            self.later.append((self.polls + at, data))

    def poll(self) -> list[Message]:
        sock = self.sock
        if sock is None:
            return []
        self.polls += 1
        for when, data in [item for item in self.later if item[0] <= self.polls]:
            self.out += data
            self.later.remove((when, data))
        new: list[Message] = []
        for _ in range(16):
            try:
                chunk = sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                chunk = b""
            if not chunk:
                self.closed_by_guest = True
                self.close()
                return new
            try:
                new += self.decoder.feed(chunk)
            except WireError as error:
                new += error.before
                self.broken = error.reason
        self.heard += new
        self._write(sock)
        return new

    def _write(self, sock: socket.socket) -> None:
        budget = CHUNK
        if self.drip:
            if time.monotonic() - self._dripped < DRIP_EVERY:
                return
            self._dripped = time.monotonic()
            budget = self.drip
        while budget > 0 and (self.out or self.stream):
            if not self.out:
                filler = min(self.stream, CHUNK)
                self.out += b"x" * filler
                self.stream -= filler
            piece = bytes(self.out[:budget])
            try:
                sent = sock.send(piece)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self.close()
                return
            del self.out[:sent]
            budget -= sent
            if sent < len(piece):
                return
        if self.close_after_send and not self.out and not self.stream and not self.later:
            self.close()

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


@dataclass
class FakeHost:
    """Listens on 127.0.0.1 (a port the system picks); ``answer(conn, hello)`` is called
    once a connection says hello (or at once, with None, when ``before_hello``)."""

    answer: Callable[[FakeConn, Message | None], None]
    before_hello: bool = False
    conns: list[FakeConn] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.server: socket.socket | None = socket.create_server((LOOPBACK, 0))
        self.server.setblocking(False)
        self.port: int = self.server.getsockname()[1]
        self._answered: set[int] = set()

    def poll(self) -> None:
        server = self.server
        if server is not None:
            for _ in range(4):
                try:
                    sock, _ = server.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:
                    break
                conn = FakeConn(sock)
                self.conns.append(conn)
                if self.before_hello:
                    self._answered.add(id(conn))
                    self.answer(conn, None)
        for conn in self.conns:
            conn.poll()
            if id(conn) not in self._answered and conn.hello is not None:
                self._answered.add(id(conn))
                self.answer(conn, conn.hello)
                conn.poll()

    def close(self) -> None:
        for conn in self.conns:
            conn.close()
        if self.server is not None:
            self.server.close()
            self.server = None


# --- the games a fake host offers ------------------------------------------------------------
def board_game(variant: str = "russian", moves: tuple[str, ...] = ("c3-d4", "f6-g5"),
               clock: ClockSpec | None = None, **options: Any) -> dict[str, Any]:
    """A real game's record (the host's welcome carries one)."""
    play = BoardPlay(variant, options, clock=clock)
    for text in moves:
        play.play_text(text)
    play.events()
    record = record_of_board(play)
    play.close()
    return record


def chapaev_game() -> dict[str, Any]:
    play = ChapaevPlay()
    record = record_of_chapaev(play)
    play.close()
    return record


def chapaev_game_shot() -> dict[str, Any]:
    """A Chapaev match after one real shot (a gentle one: nothing falls), White's."""
    play = ChapaevPlay()
    disc = next(d for d in play.table.discs if d[0] is play.match.turn)
    play.run_shot(disc, (0.0, 1.0), 0.3)
    play.events()
    record = record_of_chapaev(play)
    play.close()
    return record


def forged_rest(record: dict[str, Any], change: Callable[[list[dict[str, Any]]], None]
                ) -> bytes:
    """A ``rest`` after the last shot of ``record``'s match that agrees with its match (the
    digest a guest checks) and holds its table changed by ``change``."""
    play = play_from_record(record, with_seats=False)
    assert isinstance(play, ChapaevPlay)
    n = len(play.shots)
    table = [{"side": "white" if d.startswith("W") else "black", "index": int(d[1:]),
              "x": x, "y": y, "angle": a} for d, x, y, a in record["chapaev"]["table"]]
    change(table)
    match = match_digest(play, n)
    play.close()
    return message("rest", n=n, digest="0" * 16, match=match, table=table)


def welcome(game: Any, *, seat: Any = "black", version: Any = PROTOCOL_VERSION,
            token: Any = "t" * 40, **extra: Any) -> bytes:
    return message("welcome", version=version, token=token, seat=seat, game=game, **extra)


def long_board_game(plies: int) -> dict[str, Any]:
    """A legal game of Apokachi of ``plies`` moves (with no move or time limit, random moves
    from a seed that makes a long game): as long a game as a hostile host can make legal."""
    play = BoardPlay("apokachi", {"move_limit": None, "time_limit": None})
    game = play.game
    rng = random.Random(2)
    texts: list[str] = []
    while len(texts) < plies and game.outcome() is None:
        move = rng.choice(game.legal_moves())
        texts.append(game.move_text(move))
        game.push(move)
    record = record_of_board(play)
    record["board"]["moves"] = texts
    play.close()
    return record


def padded_board_game(plies: int) -> dict[str, Any]:
    """A record of ``plies`` moves, legal at first and illegal from the third on."""
    record = board_game()
    record["board"]["moves"] = ["c3-d4", "f6-g5"] + ["a1-b2"] * (plies - 2)
    return record


def long_chapaev_game(shots: int) -> dict[str, Any]:
    """A Chapaev match of ``shots`` shots that all missed (each side in turn, nothing fell):
    a record the rules take, as long as a frame holds."""
    record = chapaev_game()
    data = record["chapaev"]
    table = data["table"]
    items, reports = [], []
    side = "W"
    for _ in range(shots):
        disc = table[0 if side == "W" else 8][0]
        items.append({"round": 1, "disc": disc, "dir": [0.0, 1.0], "strength": 0.5,
                      "fell": [], "next": "turn_passes", "after": table})
        reports.append([side, [], True])
        side = "B" if side == "W" else "W"
    data["shots"], data["reports"] = items, reports
    return record


def mutated(record: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    out = copy.deepcopy(record)
    change(out)
    return out


def with_moves(record: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """A board game's record with other moves (the same start and options)."""
    return mutated(record, _set("board.moves", moves))


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def change(record: dict[str, Any]) -> None:
        where = record
        for key in keys[:-1]:
            where = where[key]
        where[keys[-1]] = value
    return change


#: hostile text for names, chat and reasons (control characters, bidi overrides, a lone
#: surrogate cannot travel as UTF-8 and is refused by the wire)
HOSTILE_TEXTS: dict[str, str] = {
    "NUL": "Gra\x00ndpa",
    "escape codes": "\x1b[2J\x1b[31mred",
    "bell and backspace": "a\x07\x08\x08b",
    "bidi override": "\u202eevil\u202c",
    "zero width": "\u200b\u200d\ufeff",
    "newlines": "one\ntwo\r\nthree",
    "emoji": "\U0001F600\U0001F4A9",
    "combining": "a" + "\u0301" * 100,
    "right to left": "שלום مرحبا",
    "long word": "W" * 300,
}


@dataclass(frozen=True)
class HostCase:
    """What a fake host does to a joining window, and what must come of it.

    ``welcome``: the bytes answering the hello (before it, with ``before_hello``);
    ``then``: bytes sent once the guest's game has begun (or at once if it never does),
    each at a poll count; ``expect``: "refused" (the join fails with a message and no game
    opens), "joins" (the game opens and stays as the welcome's, whatever ``then`` does),
    "synced" (it opens and takes ``synced_to``, a valid game the host sent after), or
    "any" (either is right: garbage after a welcome may come before or after the game
    opens)."""

    name: str
    welcome: bytes = b""
    then: tuple[tuple[int, bytes], ...] = ()
    expect: str = "refused"
    game: dict[str, Any] | None = None  # the welcome's game, when valid
    synced_to: dict[str, Any] | None = None
    drip: int = 0
    stream: int = 0
    before_hello: bool = False
    close_after: bool = False
    seconds: float = 0.6  # how long the window is stepped at least
    text: str = ""  # a hostile text the case carries (to be drawn, not to crash)
    announced: str = ""  # the game's name as announced on the local network (the lobby's)
    friend: str = ""  # the host's name as announced


def bad_games() -> list[tuple[str, dict[str, Any]]]:
    """Game records a host may send that a guest must refuse (named), each as the welcome's
    game or a sync's record: not records, not ours, not replayable, illegal, too long."""
    game = board_game()
    chapaev = chapaev_game()
    return [
        ("a game that is not a record", {"variant": "russian"}),
        ("a record of an unknown game", mutated(game, _set("game", "chess"))),
        ("a record of a newer version", mutated(game, _set("version", 99))),
        ("a record whose moves do not replay", mutated(game, _set(
            "board.moves", ["c3-d4", "c3-d4"]))),
        ("moves that are not text", mutated(game, _set("board.moves", [1, None, {}]))),
        ("an illegal start position", mutated(game, _set(
            "board.start", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4,d4:Bb8"))),
        ("a man on the far row", mutated(game, _set("board.start", "W:Wb8:Ba1"))),
        ("a start that is not a FEN", mutated(game, _set("board.start", "\x00" * 900))),
        ("options no game has", mutated(game, _set("board.options", {"huff": "yes",
                                                                      "x": [1]}))),
        ("a clock no clock runs", mutated(game, _set("board.clock", {
            "control": "1e400+nan", "left": [1e300, -5], "history": []}))),
        ("an end that is no end", mutated(game, _set("board.end", {
            "termination": "checkmate", "winner": "X"}))),
        ("redo moves that do not replay", mutated(game, _set("board.redo", ["h2-a8"]))),
        ("a board that is a list", mutated(game, _set("board", [1, 2, 3]))),
        ("a Chapaev table of pieces on each other", mutated(chapaev, _set(
            "chapaev.table", [["W0", 1.0, 1.0, 0.0], ["B0", 1.0, 1.0, 0.0]]))),
        ("a Chapaev table off the board", mutated(chapaev, _set(
            "chapaev.table", [["W0", 99.0, -40.0, 0.0], ["B0", 4.0, 4.0, 0.0]]))),
        ("Chapaev pieces that are none", mutated(chapaev, _set(
            "chapaev.table", [["W99", 1.0, 1.0, 0.0], ["Q1", 4.0, 4.0, 0.0]]))),
        ("Chapaev reports of pieces that never fell", mutated(chapaev, _set(
            "chapaev.reports", [["W", ["B0", "B0"], True]]))),
        ("Chapaev options of another world", mutated(chapaev, _set(
            "chapaev.options", {"extra_shot": "forever", "troops": ["dragons"] * 50}))),
        ("a padded record of 10,000 moves", padded_board_game(10_000)),
        ("a legal record of 3,000 moves", long_board_game(3_000)),
        ("a Chapaev match of 1,001 shots", long_chapaev_game(1_001)),
        ("a Chapaev match of 2,000 shots", long_chapaev_game(2_000)),
    ]


def host_cases() -> list[HostCase]:
    """Every hostile host case, in a fixed order (the tests and the benchmark share them)."""
    game = board_game()
    chapaev = chapaev_game()
    ok = welcome(game)
    cases: list[HostCase] = []
    add = cases.append

    # the welcome itself
    for name, bad in bad_games():
        add(HostCase(f"welcome: {name}", welcome(bad)))
    add(HostCase("welcome: a seat that is no side", welcome(game, seat="red")))
    add(HostCase("welcome: another protocol version",
                 welcome(game, version=PROTOCOL_VERSION + 1)))
    longest = long_board_game(1_000)
    add(HostCase("welcome: a legal record of 1,000 moves (the most taken)",
                 welcome(longest), expect="joins", game=longest))
    add(HostCase("welcome: a Chapaev match of 1,000 shots (the most taken)",
                 welcome(long_chapaev_game(1_000)), expect="joins",
                 game=long_chapaev_game(1_000)))
    add(HostCase("welcome: a version out of range", welcome(game, version=10 ** 30)))
    add(HostCase("welcome: a token too long", welcome(game, token="t" * 5000)))
    add(HostCase("welcome: an extra field", welcome(game, evil=True)))
    add(HostCase("welcome: the game is a list", welcome([game])))
    add(HostCase("welcome: nested 40 deep", welcome({"a": json.loads("[" * 40 + "]" * 40)})))
    add(HostCase("welcome: NaN in the game", _raw_frame(
        '{"t":"welcome","version":%d,"token":"x","seat":"black",'
        '"game":{"format":"shashki-game","x":NaN}}' % PROTOCOL_VERSION)))
    add(HostCase("welcome: a lone surrogate", _raw_frame(
        '{"t":"welcome","version":%d,"token":"\\ud800","seat":"black","game":{}}'
        % PROTOCOL_VERSION)))
    add(HostCase("announced as Russian draughts, a Chapaev match sent", welcome(chapaev),
                 announced="Russian draughts"))
    add(HostCase("announced as Русские шашки, the Russian game sent (the control)", ok,
                 expect="joins", game=game, announced="Русские шашки", friend="Дедушка"))
    for text_name, text in list(HOSTILE_TEXTS.items())[:4]:
        add(HostCase(f"announced by a hostile name: {text_name}", ok, expect="joins",
                     game=game, announced=text, friend=text, text=text))
    tagged = mutated(game, _set("tags", {"White": "Grand\x00pa\u202e", "Event": "\x1b[2J" * 30,
                                         **{f"T{i}": "t" * 200 for i in range(3000)}}))
    add(HostCase("welcome: tags of control characters, 3,000 of them", welcome(tagged),
                 expect="joins", game=tagged))
    add(HostCase("welcome twice, the second of another game",
                 ok + welcome(chapaev), expect="joins", game=game))
    add(HostCase("refuse with a hostile reason", message("refuse", **reason("no\x00\x1b[2J")),
                 text="no\x00\x1b[2J"))
    add(HostCase("refuse with a reason too long", message("refuse", **reason("r" * 5000))))
    add(HostCase("refuse with a reason of every control", message("refuse", **reason(
        "".join(chr(c) for c in range(32)) + "\u202e\u2066\ufeff"))))
    add(HostCase("refuse with no reason", message("refuse")))

    # bytes that are not messages, or not in time
    add(HostCase("garbage before hello", b"HTTP/1.1 200 OK\r\n\r\n" * 4, before_hello=True))
    add(HostCase("garbage after hello", b"\x00\x00\x00\x05\xff\xfe\xfd\xfc\xfb"))
    add(HostCase("random bytes", bytes(range(256)) * 8))
    add(HostCase("a 50 MB frame announced", struct.pack(">I", 50 * 1024 * 1024)))
    add(HostCase("a 50 MB frame streamed", struct.pack(">I", 50 * 1024 * 1024),
                 stream=50 * 1024 * 1024))
    add(HostCase("a frame of 4 GB announced", b"\xff\xff\xff\xff"))
    add(HostCase("a 1 MB frame of one string", frame({"t": "welcome", "version": 1,
                                                      "token": "x" * (1024 * 1024 - 100),
                                                      "seat": "black", "game": {}})))
    add(HostCase("half a welcome, then silence", ok[:len(ok) // 2], seconds=5.6))
    add(HostCase("half a welcome, then gone", ok[:len(ok) // 2], close_after=True))
    add(HostCase("a slow loris welcome (a byte every 20 ms)", ok, drip=1, seconds=5.6))
    add(HostCase("no answer at all", b"", seconds=5.6))
    add(HostCase("a flood of pings before the welcome",
                 b"".join(message("ping", n=i) for i in range(2000)) + ok))
    add(HostCase("a flood of chat lines with the welcome",
                 ok + b"".join(message("chat", text=f"spam {i}") for i in range(1000)),
                 expect="any", game=game))
    add(HostCase("an unknown message first", message("format_disk") + ok))
    add(HostCase("game messages before the welcome", message(
        "sync", record=mutated(game, _set("board.moves", []))) + ok, expect="joins",
        game=game))

    # inside the game: the welcome is valid, what follows is not
    inside: list[tuple[str, bytes, str]] = [
        ("a sync of another game", message("sync", record=board_game("international", ())),
         ""),
        ("a sync of Chapaev", message("sync", record=chapaev), ""),
        ("a sync with other options", message("sync", record=board_game(
            "russian", ("c3-d4", "f6-g5", "g3-h4"), tournament_draws=False)), ""),
        ("a sync from another start", message("sync", record=mutated(board_game(
            "russian", ()), _set("board.start", "W:Wa1,c1,e1,g1,b2,d2,f2,h2:Bb8,d8"))), ""),
        ("a sync whose moves do not replay", message("sync", record=mutated(
            game, _set("board.moves", ["c3-d4", "f6-g5", "d4-h8"]))), ""),
        ("a sync of an illegal position", message("sync", record=mutated(
            game, _set("board.start", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3,b4,d4:Bb8"))),
         ""),
        ("a sync of 10,000 moves", message("sync", record=padded_board_game(10_000)), ""),
        ("a sync of 3,000 legal moves", message("sync", record=long_board_game(3_000)), ""),
        ("a sync that is not a record", message("sync", record={"a": 1}), ""),
        ("a sync with no record", message("sync"), ""),
        ("a sync whose record is text", message("sync", record="c3-d4"), ""),
        ("a rest in a board game", message("rest", n=1, digest="x", table=[]), ""),
        ("a rest out of schema", message("rest", n=-1, digest=5, table="x"), ""),
        ("a check out of range", message("check", n=10 ** 9, digest="x"), ""),
        ("a check of another game", message("check", n=2, digest="0" * 16), ""),
        ("a clock out of range", message("clock", white_ms=-1, black_ms=2 ** 60,
                                         running="both"), ""),
        ("a clock of NaN", _raw_frame('{"t":"clock","white_ms":NaN,"black_ms":1,'
                                      '"running":"white"}'), ""),
        ("a clock of ages", message("clock", white_ms=2 ** 53, black_ms=2 ** 53,
                                    running="white"), ""),
        ("a chat line of NUL", message("chat", text="hi\x00there"), ""),
        ("a chat line too long", message("chat", text="c" * 100_000), ""),
        ("a chat line that is a number", message("chat", text=7), ""),
        ("a refused of NUL", message("refused", **reason("\x00" * 50)), ""),
        ("a refused with no reason", message("refused"), ""),
        ("an illegal move", message("move", ply=2, text="a1-h8"), ""),
        ("a move of the guest's side", message("move", ply=2, text="c3-d4"), ""),
        ("a move from the future", message("move", ply=40, text="c3-d4"), ""),
        ("a move of the past", message("move", ply=0, text="c3-d4"), ""),
        ("a shot in a board game", message("shot", n=0, side="white", index=0, dx=1.0,
                                           dy=0.0, strength=1.0, press=False), ""),
        ("a hundred draw offers", message("draw_offer", ply=2) * 100, ""),
        ("a takeback of the whole game", message("takeback", ply=0), ""),
        ("an answer to nothing", message("takeback_answer", accept=True)
         + message("draw_answer", accept=True), ""),
        ("a state of paused", message("state", paused="yes"), ""),
        ("a flood of 5,000 checks", message("check", n=2, digest="x") * 5000, ""),
        ("a 50 MB frame in the game", struct.pack(">I", 50 * 1024 * 1024), ""),
        ("garbage in the game", b"\x00\x00\x00\x03abc", ""),
        ("half a frame in the game, then silence", message("chat", text="hello")[:7], ""),
    ]
    for text_name, text in HOSTILE_TEXTS.items():
        inside.append((f"a chat line: {text_name}", message("chat", text=text), ""))
    for name, data, expect in inside:
        add(HostCase(f"in the game: {name}", ok, then=((30, data),),
                     expect=expect or "joins", game=game, seconds=1.2,
                     text="\x00" if "NUL" in name else ""))
    synced = mutated(game, _set("board.moves", ["c3-d4", "f6-g5", "g3-f4"]))
    clocked = board_game(clock=ClockSpec(5, 3))
    for name, data in (
            ("a clock of ages", message("clock", white_ms=2 ** 53, black_ms=2 ** 53,
                                        running="white")),
            ("a clock of a thousand years", message("clock", white_ms=10 ** 13, black_ms=1,
                                                    running="black")),
            ("a clock of nothing left", message("clock", white_ms=0, black_ms=0,
                                                running="white"))):
        add(HostCase(f"in a game with a clock: {name}", welcome(clocked),
                     then=((30, data),), expect="joins", game=clocked, seconds=1.2))
    add(HostCase("in the game: a hundred syncs at once, the last one valid", ok,
                 then=((30, b"".join(message("sync", record=mutated(game, _set(
                     "board.moves", ["c3-d4", "f6-g5", "d4-e5", "x"][:1 + i % 4])))
                     for i in range(99)) + message("sync", record=synced)),),
                 expect="synced", game=game, synced_to=synced, seconds=1.2))
    add(HostCase("in the game: a sync of 1,000 legal moves every frame", welcome(longest),
                 then=tuple((30 + 2 * i, message("sync", record=longest))
                            for i in range(100)), expect="joins", game=longest, seconds=2.0))
    add(HostCase("in the game: a valid sync (the control)", ok,
                 then=((30, message("sync", record=synced)),), expect="synced", game=game,
                 synced_to=synced, seconds=1.2))
    add(HostCase("in the game: a Chapaev rest of pieces on each other", welcome(chapaev),
                 then=((30, message("rest", n=0, digest="x", table=[
                     {"side": "white", "index": 0, "x": 1.0, "y": 1.0, "angle": 0.0},
                     {"side": "black", "index": 0, "x": 1.0, "y": 1.0, "angle": 0.0}])),),
                 expect="joins", game=chapaev, seconds=1.2))
    shot = chapaev_game_shot()

    def on_top(table: list[dict[str, Any]]) -> None:
        table[1].update(x=table[0]["x"], y=table[0]["y"])

    def off_board(table: list[dict[str, Any]]) -> None:
        table[0].update(x=9_000.0, y=-9_000.0)

    def one_gone(table: list[dict[str, Any]]) -> None:
        del table[0]

    for name, change in (("pieces on top of each other", on_top),
                         ("a piece off the board", off_board), ("a piece gone", one_gone),
                         ("a piece twice", lambda t: t.append(dict(t[0])))):
        add(HostCase(f"in the game: a Chapaev table after a shot with {name}",
                     welcome(shot, seat="black"), then=((30, forged_rest(shot, change)),),
                     expect="joins", game=shot, seconds=1.2))
    # shots of the host's own piece in its turn (the guest plays Black): odd, never illegal
    # by the schema; the guest's table plays them or refuses them, and stays a table
    for name, dx, dy, strength, press in (
            ("of no direction", 0.0, 0.0, 1.0, False),
            ("of a direction of a denormal", 5e-324, 0.0, 1.0, False),
            ("of no strength", 0.0, 1.0, 0.0, False),
            ("at full strength, corner-wise", 1.0, 1.0, 1.0, False),
            ("pressed at full strength", 0.0, 0.0, 1.0, True)):
        add(HostCase(f"in the game: a Chapaev shot {name}", welcome(chapaev),
                     then=((30, message("shot", n=0, side="white", index=3, dx=dx, dy=dy,
                                        strength=strength, press=press)),),
                     expect="any", seconds=2.0))
    add(HostCase("in the game: a Chapaev sync with other options", welcome(chapaev),
                 then=((30, message("sync", record=mutated(chapaev, _set(
                     "chapaev.options.swamp", True)))),), expect="joins", game=chapaev,
                 seconds=1.2))
    add(HostCase("in the game: a Chapaev sync of 2,000 shots", welcome(chapaev),
                 then=((30, message("sync", record=long_chapaev_game(2_000))),),
                 expect="joins", game=chapaev, seconds=1.2))
    add(HostCase("in the game: a Chapaev shot out of turn", welcome(chapaev, seat="white"),
                 then=((30, message("shot", n=0, side="black", index=0, dx=0.0, dy=-1.0,
                                    strength=1.0, press=False)),),
                 expect="joins", game=chapaev, seconds=1.2))
    return cases


def _raw_frame(text: str) -> bytes:
    body = text.encode("utf-8")
    return struct.pack(">I", len(body)) + body


def same_game(a: Play, record: dict[str, Any]) -> bool:
    """Whether play ``a`` is the game ``record`` holds (its moves or shots and its options),
    whatever the seats and tags."""
    mine = record_of(a)
    if mine.get("game") != record.get("game"):
        return False
    if isinstance(a, BoardPlay):
        board, other = mine["board"], record.get("board", {})
        return all(board.get(k) == other.get(k) for k in ("options", "start", "moves"))
    data, other = mine["chapaev"], record.get("chapaev", {})
    return all(data.get(k) == other.get(k) for k in ("options", "reports")) and \
        len(data.get("shots", [])) == len(other.get("shots", []))


