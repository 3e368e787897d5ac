"""Hostile peers against every end of the game's network play, on loopback, with real windows.

    python benchmarks/hostile_peers.py                    # every case, about two minutes
    python benchmarks/hostile_peers.py --only join,lan    # some targets (host, join, lan, dxp)
    python benchmarks/hostile_peers.py --dxp-cases 40 --seed 2

Four targets, each driven in this process (the windows off-screen, SDL's dummy drivers)
but the DXP follower, a process of its own:

- **host**: a real window hosting a board game (Russian draughts) and one hosting Chapaev,
  met by hostile connections from 127.0.0.x (strangers: garbage, oversized or half frames,
  out-of-schema hellos, wrong codes, a slow loris, a crowd) and by a hostile guest who knows
  the code (illegal moves, moves out of turn, shots in a board game, floods, a 50 MB frame,
  names and chat of control characters, then a legal move, which must be taken);
- **join**: a real join window against a fake host (tests/net/fake_host.py: forged,
  malformed, oversized, illegal or too long welcomes and whole games, another game than
  announced, half a frame, a slow loris, silence, floods, hostile text);
- **lan**: the network screen (the lobby) sent bogus announcements on its discovery port;
- **dxp**: the DXP follower (``python -m game dxp``) met by benchmarks/dxp_hostile.py's
  hostile initiators.

Counted per target: cases; crashes (an exception out of the window's frame, a traceback of
the follower); freezes (a frame-loop update over 0.5 s; the follower no longer answering);
the longest frame; wrongly accepted (an illegal move or game taken, a stranger seated, a
bogus announcement listed, text kept uncleaned); damaged games (a game kept in the library,
a temporary SHASHKI_DATA_DIR, that no longer loads or is not the game played). The target
is 0 of each but the cases. Every socket is on 127.0.0.1 (or 127.0.0.x); every wait has a
deadline; the run stops by itself (``--limit`` seconds for the whole).
"""
from __future__ import annotations

import argparse
import errno
import gc
import os
import random
import socket
import struct
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
_DATA = tempfile.mkdtemp(prefix="shashki-hostile-")
os.environ["SHASHKI_DATA_DIR"] = str(Path(_DATA) / "data")
os.environ["SHASHKI_CONFIG_DIR"] = str(Path(_DATA) / "config")

import dxp_hostile  # noqa: E402
from net_hostile import frame  # noqa: E402

from game.app import App  # noqa: E402
from game.net.wire import PROTOCOL_VERSION, Decoder, Message, WireError  # noqa: E402
from game.play.board_play import BoardPlay  # noqa: E402
from game.play.chapaev_play import ChapaevPlay  # noqa: E402
from game.play.record_format import RecordError  # noqa: E402
from game.play.records import play_from_record  # noqa: E402
from game.saves import Saves  # noqa: E402
from game.scenes.common import network  # noqa: E402
from game.scenes.common.dialog import ConfirmDialog  # noqa: E402
from tests.net.fake_host import HOSTILE_TEXTS, host_cases, reason  # noqa: E402
from tests.net.helpers import LOOPBACK, free_udp_port  # noqa: E402
from tests.scenes import hostile_join  # noqa: E402
from tests.scenes.helpers import step  # noqa: E402
from tests.scenes.hostile_lobby import lobby_cases, run_lobby_case  # noqa: E402
from tests.scenes.network_helpers import host as host_from_menu  # noqa: E402
from tests.scenes.network_helpers import new_app  # noqa: E402

FREEZE = 0.5


@dataclass
class Tally:
    """One target's figures."""

    target: str
    cases: int = 0
    crashes: int = 0
    freezes: int = 0
    longest: float = 0.0
    accepted: int = 0
    damaged: int = 0
    failures: list[str] = field(default_factory=list)
    verbose: bool = False

    def count(self, name: str, *, crash: str = "", longest: float = 0.0,
              accepted: str = "", damaged: str = "", other: str = "") -> None:
        self.cases += 1
        self.crashes += bool(crash)
        self.freezes += longest > FREEZE
        self.longest = max(self.longest, longest)
        self.accepted += bool(accepted)
        self.damaged += bool(damaged)
        said = [what for what in (crash and "crash: " + crash.strip().splitlines()[-1],
                                  longest > FREEZE and f"a frame of {longest:.2f} s",
                                  accepted and "accepted: " + accepted,
                                  damaged and "damaged: " + damaged,
                                  other) if what]
        if said:
            self.failures.append(f"{name}: {'; '.join(said)}")
        if self.verbose:
            print(f"  {self.target:<5} {'FAIL' if said else 'ok':<4} {longest * 1000:6.0f} ms  "
                  f"{name}", flush=True)


# --- the host's side: a hostile guest against a real hosting window --------------------------
class Client:
    """A hostile connection to the host, non-blocking, polled in the window's loop."""

    def __init__(self, port: int, source: str) -> None:
        self.sock: socket.socket | None = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            self.sock.bind((source, 0))
        except OSError:
            self.sock.bind((LOOPBACK, 0))
        self.sock.setblocking(False)
        error = self.sock.connect_ex((LOOPBACK, port))
        self.out = bytearray()
        self.decoder = Decoder()
        self.heard: list[Message] = []
        self.closed = error not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK)

    def send(self, data: bytes) -> None:
        self.out += data

    def poll(self) -> None:
        sock = self.sock
        if sock is None or self.closed:
            return
        while self.out:
            try:
                sent = sock.send(bytes(self.out[:256 * 1024]))
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self.closed = True
                self.out.clear()
                break
            del self.out[:sent]
        for _ in range(8):
            try:
                chunk = sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                chunk = b""
            if not chunk:
                self.closed = True
                break
            try:
                self.heard += self.decoder.feed(chunk)
            except WireError as error:
                self.heard += error.before

    def said(self, t: str) -> Message | None:
        return next((m for m in self.heard if m.t == t), None)

    def close(self) -> None:
        """Gone without a word (no bye): the host keeps the seat for a return."""
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.closed = True


def hello(code: str, name: object = "stranger", **change: object) -> bytes:
    fields: dict[str, object] = {"t": "hello", "version": PROTOCOL_VERSION, "code": code,
                                 "name": name}
    fields.update(change)
    return frame(fields)


def message(t: str, **fields: object) -> bytes:
    return frame({"t": t, **fields})


class HostedWindow:
    """A window hosting ``game`` (from the menu, with clicks), stepped and timed; the
    hostile clients polled in the same loop."""

    def __init__(self, game: str, number: int) -> None:
        self.app = new_app(kept=True)
        self.app.saves = Saves(Path(os.environ["SHASHKI_DATA_DIR"]) / f"host-{number}")
        self.scene = host_from_menu(self.app, game)
        net = getattr(self.scene, "net", None)
        assert isinstance(net, network.NetView)
        self.view = net
        _, self.port, self.code = net.invitation()
        self.clients: list[Client] = []
        self.crash = ""
        self.longest = 0.0
        self.last = time.perf_counter()
        self.sources = iter(f"127.0.{n // 250}.{2 + n % 250}" for n in range(10_000))
        self.token: str | None = None

    @property
    def play(self) -> BoardPlay | ChapaevPlay:
        play = getattr(self.scene, "play")
        assert isinstance(play, (BoardPlay, ChapaevPlay))
        return play

    def connect(self, source: str | None = None) -> Client:
        client = Client(self.port, source or next(self.sources))
        self.clients.append(client)
        return client

    def run(self, seconds: float, until: Callable[[], bool] | None = None) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.crash:
            for client in self.clients:
                client.poll()
            start = time.perf_counter()
            try:
                self.app.frame(max(0.0, start - self.last))
            except Exception:  # counted: a hostile guest must never take the window down
                self.crash = traceback.format_exc(limit=8)
            self.last = time.perf_counter()
            self.longest = max(self.longest, self.last - start)
            if until is not None and until():
                return
            time.sleep(0.001)

    def join(self, name: str = "insider") -> Client | None:
        """A guest who knows the code, seated (None if it was not welcomed in 3 s)."""
        client = self.connect("127.0.9.9")
        client.send(hello(self.code, name))
        self.run(3.0, lambda: client.said("welcome") is not None or client.closed)
        welcome = client.said("welcome")
        if welcome is None:
            client.close()
            return None
        self.run(0.2)  # the host's first words (its whole game) come
        return client

    def close(self) -> None:
        for client in self.clients:
            client.close()
        self.clients.clear()


HostStep = Callable[[HostedWindow], str]  # does its abuse; what was wrongly accepted ("")


def stranger(data: bytes, *, seconds: float = 1.0, close: bool = False) -> HostStep:
    def case(window: HostedWindow) -> str:
        client = window.connect()
        client.send(data)
        if close:
            window.run(0.05)
            client.close()
        window.run(seconds, lambda: client.closed)
        client.poll()
        welcomed = client.said("welcome") is not None
        client.close()
        return "a stranger was welcomed" if welcomed else ""
    return case


def slow_loris(window: HostedWindow) -> str:
    """A hello a byte every 0.3 s, and half hellos that never end: left after 5 s."""
    clients = [window.connect() for _ in range(4)]
    data = hello(window.code)
    for i, client in enumerate(clients[:2]):
        client.send(data[:7 + i])
    began = time.monotonic()
    for byte in data[:20]:
        for client in clients[2:]:
            client.send(bytes([byte]))
        window.run(0.3)
        if time.monotonic() - began > 7.0:
            break
    window.run(1.5, lambda: all(c.closed for c in clients))
    welcomed = any(c.said("welcome") for c in clients)
    left_open = sum(not c.closed for c in clients)
    for client in clients:
        client.close()
    if welcomed:
        return "a slow loris was welcomed"
    return f"{left_open} slow connections still held after 5 s" if left_open else ""


def crowd(window: HostedWindow) -> str:
    """40 silent connections from 4 addresses at once."""
    clients = [window.connect(f"127.0.8.{2 + i % 4}") for i in range(40)]
    window.run(0.5)
    welcomed = any(c.said("welcome") for c in clients)
    for client in clients:
        client.close()
    return "a silent connection was welcomed" if welcomed else ""


def wrong_codes(window: HostedWindow) -> str:
    """Seven wrong codes from one address: blocked after the fifth."""
    said = []
    for i in range(7):
        client = window.connect("127.0.7.7")
        client.send(hello(f"W{i:05d}"))
        window.run(1.0, lambda: client.closed)
        client.poll()
        refuse = client.said("refuse")
        said.append("welcome" if client.said("welcome") else
                    str(refuse.fields.get("why", refuse.fields.get("reason"))) if refuse
                    else "closed")
        client.close()
    if "welcome" in said:
        return "a wrong code was welcomed"
    return "" if said[-1] == "blocked" else f"never blocked: {said}"


def insider(*abuses: bytes, seconds: float = 0.6, name: str = "insider") -> HostStep:
    """A guest with the code, seated, then ``abuses``; the host's game must not take them."""
    def case(window: HostedWindow) -> str:
        before = _count(window.play)
        client = window.join(name)
        if client is None:
            raise RuntimeError("the guest with the code was not seated")
        for data in abuses:
            client.send(data)
        window.run(seconds)
        client.close()
        window.run(0.1)
        after = _count(window.play)
        if after != before:
            return f"the host's game went from {before} to {after} moves"
        return ""
    return case


def control_move(window: HostedWindow) -> str:
    """The guest comes back and, once the person here has said no to what it asked before
    (a draw, a takeback: Esc on each question), plays a legal move: it must be taken."""
    before = _count(window.play)
    client = window.join()
    if client is None:
        raise RuntimeError("the guest with the code was not seated")
    for _ in range(10):
        window.run(0.3, lambda: isinstance(window.app.scenes.top, ConfirmDialog))
        top = window.app.scenes.top
        if not isinstance(top, ConfirmDialog):
            break
        top.on_back()
    client.send(message("move", ply=before, text="f6-g5"))
    window.run(1.0, lambda: _count(window.play) > before)
    client.close()
    after = _count(window.play)
    return "" if after == before + 1 else f"the legal move was not taken ({before}, {after})"


def _count(play: BoardPlay | ChapaevPlay) -> int:
    return len(play.shots) if isinstance(play, ChapaevPlay) else play.ply


def board_host_cases() -> list[tuple[str, HostStep]]:
    code_free = "ZZZZZZ"
    cases: list[tuple[str, HostStep]] = [
        ("garbage", stranger(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")),
        ("a frame longer than a hello may be", stranger(struct.pack(">I", 4097))),
        ("a frame of 4 GB announced", stranger(b"\xff\xff\xff\xff")),
        ("a frame of 50 MB streamed", stranger(struct.pack(">I", 50 * 2 ** 20)
                                               + b"x" * (4 * 2 ** 20))),
        ("half a hello, then gone", stranger(hello(code_free)[:9], close=True)),
        ("pings before hello", stranger(b"".join(message("ping", n=i) for i in range(400)))),
        ("random bytes", stranger(random.Random(5).randbytes(1500))),
        ("a length that fits, random after", stranger(
            struct.pack(">I", 900) + random.Random(6).randbytes(900))),
        ("a hello with an extra field", stranger(hello(code_free, extra=1))),
        ("a hello with a code too long", stranger(hello("X" * 17))),
        ("a hello with a version of text", stranger(hello(code_free, version="1"))),
        ("a hello with a name of null", stranger(hello(code_free, name=None))),
        ("a hello with a version of 1e400", stranger(_raw(
            '{"t":"hello","version":1e400,"code":"ZZZZZZ","name":"stranger"}'))),
        ("a hello of protocol 1", stranger(hello(code_free, version=1))),
        ("a hello with a forged resume token", stranger(hello(code_free, resume="forged"))),
        ("a hello with a name of 10,000 characters", stranger(hello(code_free,
                                                                    name="n" * 10_000))),
        ("seven wrong codes from one address", wrong_codes),
        ("a crowd of 40 silent connections", crowd),
        ("slow lorises and half hellos", slow_loris),
    ]
    for text_name, text in HOSTILE_TEXTS.items():
        if len(text) <= 40:
            cases.append((f"a guest named with {text_name}", insider(name=text)))
    illegal = [
        ("a move of the host's side", message("move", ply=1, text="g3-h4")),
        ("an illegal move", message("move", ply=1, text="a1-h8")),
        ("a move of no notation", message("move", ply=1, text="\x00\x01")),
        ("a move out of turn", message("move", ply=0, text="c3-d4")),
        ("a move from the future", message("move", ply=99_999, text="f6-g5")),
        ("a move with a forged digest", message("move", ply=1, text="f6-e5f4",
                                                digest="0" * 16)),
        ("a shot in a board game", message("shot", n=1, side="black", index=0, dx=0.0,
                                           dy=-1.0, strength=1.0, press=False)),
        ("a whole game from the guest", message("sync", record={"format": "shashki-game"})),
        ("a rest from the guest", message("rest", n=1, digest="x", table=[])),
        ("a clock from the guest", message("clock", white_ms=0, black_ms=10 ** 12,
                                           running="white")),
        ("a check from the guest", message("check", n=5, digest="x")),
        ("100 out-of-step requests", message("outofstep", n=0) * 100),
        ("50 draw offers", message("draw_offer", ply=1) * 50),
        ("50 takeback requests", message("takeback", ply=1) * 50),
        ("answers to nothing", message("draw_answer", accept=True)
         + message("takeback_answer", accept=True)),
        ("a refusal of control characters", message("refused", **reason("\x00\x1b[2J"))),
        ("a chat line of NUL", message("chat", text="hi\x00there")),
        ("a chat line of escape codes", message("chat", text="\x1b[31mred\x1b[0m")),
        ("a chat line of bidi overrides", message("chat", text="\u202eevil\u202c")),
        ("a chat line of 300 characters", message("chat", text="c" * 300)),
        ("a flood of chat", message("chat", text="spam") * 400),
        ("an unknown message", message("format_disk", now=True)),
        ("garbage inside the game", b"\x00\x00\x00\x03abc"),
        ("a frame longer than a guest may send", struct.pack(">I", 64 * 1024 + 1)),
        ("a frame of 50 MB announced", struct.pack(">I", 50 * 2 ** 20)),
        ("a state of nonsense", message("state", paused="yes")),
    ]
    cases += [(f"inside: {name}", insider(data)) for name, data in illegal]
    # the control: a legal move of the guest's is taken (the host's game goes on)
    cases.append(("inside: a legal move (the control)", control_move))
    return cases


def chapaev_host_cases() -> list[tuple[str, HostStep]]:
    shot = {"n": 0, "side": "black", "index": 0, "dx": 0.0, "dy": -1.0, "strength": 1.0,
            "press": False}
    return [
        ("Chapaev: a shot out of turn", insider(message("shot", **shot))),
        ("Chapaev: a shot of White's piece", insider(message("shot", **{**shot,
                                                                         "side": "white"}))),
        ("Chapaev: a shot of a piece that is none", insider(message("shot", **{
            **shot, "index": 64}))),
        ("Chapaev: a shot of NaN strength", insider(_raw(
            '{"t":"shot","n":0,"side":"black","index":0,"dx":0,"dy":-1,"strength":NaN,'
            '"press":false}'))),
        ("Chapaev: a shot of the future", insider(message("shot", **{**shot, "n": 999}))),
        ("Chapaev: a press flood", insider(message("shot", **{**shot, "press": True}) * 300)),
        ("Chapaev: a table at rest from the guest", insider(message(
            "rest", n=1, digest="x", table=[{"side": "white", "index": 0, "x": 1.0, "y": 1.0,
                                             "angle": 0.0}]))),
        ("Chapaev: a move in Chapaev", insider(message("move", ply=0, text="c3-d4"))),
        ("Chapaev: a whole match from the guest", insider(message("sync", record={}))),
    ]


def _raw(text: str) -> bytes:
    body = text.encode("utf-8")
    return struct.pack(">I", len(body)) + body


def run_host(tally: Tally, limit: float) -> None:
    began = time.monotonic()
    number = 0
    for game, cases in (("russian", board_host_cases()), ("chapaev", chapaev_host_cases())):
        number += 1
        window = HostedWindow(game, number)
        board = game != "chapaev"
        if board:  # the host moves first: the guest (Black) is then to move
            play = window.play
            assert isinstance(play, BoardPlay)
            window.scene.play_text("c3-d4")  # type: ignore[attr-defined]
            window.run(0.1)
        for name, case in cases:
            if time.monotonic() - began > limit:
                tally.failures.append(f"host: stopped at {name!r}: the time limit")
                break
            window.longest = 0.0
            try:
                accepted = case(window)
            except Exception:  # a fault of the benchmark's own: said, not counted
                accepted = ""
                tally.failures.append(f"{name}: the case itself failed: "
                                      f"{traceback.format_exc(limit=3)}")
            tally.count(name, crash=window.crash, longest=window.longest, accepted=accepted)
            if window.crash:
                window.close()
                number += 1
                window = HostedWindow(game, number)
        damaged = _host_library(window, board)
        tally.damaged += bool(damaged)
        if damaged:
            tally.failures.append(f"{game} host: damaged: {damaged}")
        window.close()


def _host_library(window: HostedWindow, board: bool) -> str:
    """Leave the game (kept in the library) and read the library back."""
    play = window.play
    wanted = list(play.notation) if isinstance(play, BoardPlay) else None
    app = window.app
    while window.scene in list(app.scenes):
        app.scenes.pop()
        step(app)
    store = app.saves
    assert store is not None
    entries = store.entries()
    if board and not entries:
        return "the game played was not kept"
    for entry in entries:
        try:
            kept = play_from_record(store.load_game(entry.id), with_seats=False)
        except (RecordError, OSError, ValueError) as error:
            return f"a kept game does not load: {error}"
        if wanted is not None and (not isinstance(kept, BoardPlay)
                                   or kept.notation != wanted):
            return "the kept game is not the game played"
        kept.close()
    return ""


# --- the joining side: a fake host against a real join window -------------------------------
def run_join(tally: Tally, side_by_side: int, limit: float) -> None:
    cases = host_cases()
    gc.collect()
    gc.freeze()  # the cases' own records are not the window's garbage to collect
    began = time.monotonic()
    for start in range(0, len(cases), side_by_side):
        if time.monotonic() - began > limit:
            tally.failures.append("join: stopped by the time limit")
            break
        attempts = [hostile_join.begin(case) for case in cases[start:start + side_by_side]]
        hostile_join.run(attempts)
        for attempt in attempts:
            verdict = hostile_join.finish(attempt)
            others = [p for p in verdict.problems if p in ("refused without a message",)
                      or p.startswith("the game did not open")]
            tally.count(verdict.name, crash=verdict.crash, longest=verdict.longest,
                        accepted=verdict.wrongly_accepted, damaged=verdict.damaged,
                        other="; ".join(others))
            app = attempt.app
            while len(app.scenes) > 1:  # back to the menu: the window is done with
                app.scenes.pop()
                step(app)


# --- the lobby: bogus announcements on the discovery port ----------------------------------
def run_lan(tally: Tally) -> None:
    app = new_app()
    for case in lobby_cases():
        verdict = run_lobby_case(case, app)
        others = [p for p in verdict.problems if p.startswith(("not listed", "games shown"))]
        tally.count(case.name, crash=verdict.crash, longest=verdict.longest,
                    accepted=verdict.wrongly_accepted, other="; ".join(others))


# --- the DXP follower -----------------------------------------------------------------------
def run_dxp(tally: Tally, count: int, seed: int) -> None:
    cases, tracebacks, hangs, illegal = dxp_hostile.against_the_follower(
        count, random.Random(seed))
    tally.cases += cases
    tally.crashes += tracebacks
    tally.freezes += hangs
    tally.accepted += illegal
    if tracebacks or hangs or illegal:
        tally.failures.append(f"dxp: {tracebacks} tracebacks, {hangs} hangs, "
                              f"{illegal} illegal moves accepted")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="host,join,lan,dxp",
                        help="targets, comma-separated: host, join, lan, dxp")
    parser.add_argument("--dxp-cases", type=int, default=40)
    parser.add_argument("--side-by-side", type=int, default=10,
                        help="join windows run at once (the timeouts wait together)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=600.0, help="seconds at most")
    parser.add_argument("--verbose", action="store_true", help="a line for every case")
    args = parser.parse_args()
    targets = [t.strip() for t in args.only.split(",") if t.strip()]
    network.LAN = network.Lan(bind=LOOPBACK, port=0, announce=LOOPBACK,
                              discovery_port=free_udp_port(), finder_bind=LOOPBACK)
    began = time.monotonic()
    tallies: list[Tally] = []
    for target in targets:
        tally = Tally(target, verbose=args.verbose)
        tallies.append(tally)
        left = max(10.0, args.limit - (time.monotonic() - began))
        started = time.monotonic()
        if target == "host":
            run_host(tally, left)
        elif target == "join":
            run_join(tally, args.side_by_side, left)
        elif target == "lan":
            run_lan(tally)
        elif target == "dxp":
            run_dxp(tally, args.dxp_cases, args.seed)
        else:
            parser.error(f"no target {target!r}")
        print(f"{target}: {tally.cases} cases in {time.monotonic() - started:.0f} s",
              flush=True)
    print()
    print(f"{'target':<8} {'cases':>6} {'crashes':>8} {'freezes':>8} {'longest':>9} "
          f"{'accepted':>9} {'damaged':>8}")
    total = Tally("all")
    for tally in tallies:
        longest = f"{tally.longest * 1000:.0f} ms" if tally.target != "dxp" else "-"
        print(f"{tally.target:<8} {tally.cases:>6} {tally.crashes:>8} {tally.freezes:>8} "
              f"{longest:>9} {tally.accepted:>9} {tally.damaged:>8}")
        for name in ("cases", "crashes", "freezes", "accepted", "damaged"):
            setattr(total, name, getattr(total, name) + getattr(tally, name))
        total.longest = max(total.longest, tally.longest)
        total.failures += tally.failures
    print(f"{'all':<8} {total.cases:>6} {total.crashes:>8} {total.freezes:>8} "
          f"{total.longest * 1000:>6.0f} ms {total.accepted:>9} {total.damaged:>8}")
    print(f"(a freeze: a frame-loop update over {FREEZE} s, or the DXP follower no longer "
          f"answering; accepted: an illegal move or game taken, a stranger seated, a bogus "
          f"announcement listed; damaged: a kept game that does not load or is not the game "
          f"played) in {time.monotonic() - began:.0f} s")
    if total.failures:
        print("\nwhat went wrong:")
        for line in total.failures:
            print(f"  {line}")
    bad = total.crashes + total.freezes + total.accepted + total.damaged
    return 0 if bad == 0 and not total.failures else 1


if __name__ == "__main__":
    sys.exit(main())
