"""``shashki --self-test``: play a short game of each kind with no window and check that the
parts an installed app needs are there and work — the rules, the computer in its worker
processes, saving, PDN, the Chapaev table, pygame's fonts and sounds, and play a friend
anywhere (magic-wormhole on Twisted, met through a mailbox on loopback: nothing leaves the
computer).

It is what a built app is checked with (``tools/build_app.py --check``): a frozen program
that lost a module, a data file or its multiprocessing start-up fails here, not in front of
a player.
"""
from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from game.rules.core import Color

if TYPE_CHECKING:
    from game.net.wormhole_link import Servers
    from game.self_test_mailbox import Mailbox

#: how long one check may wait for the computer before it is called a failure
TIMEOUT = 120.0


def _draughts() -> str:
    """Russian draughts, the computer against itself in two worker processes, then the
    game saved, loaded and written as PDN."""
    from game.play import BoardPlay
    from game.play.board_pdn import board_pdn
    from game.play.board_record import board_from_record, record_of_board
    from game.play.computer import ComputerPlayer
    from game.rules.pdn import read_pdn

    plies = 24
    play = BoardPlay("russian", seats={Color.WHITE: ComputerPlayer(1, min_delay=0.0),
                                       Color.BLACK: ComputerPlayer(2, min_delay=0.0)})
    began = time.monotonic()
    try:
        while play.ply < plies and not play.is_over:
            if play.update() is None:
                if time.monotonic() - began > TIMEOUT:
                    raise RuntimeError(f"the computer did not move within {TIMEOUT:.0f} s")
                time.sleep(0.01)
        for seat in play.seats.values():
            error = getattr(seat, "error", None)
            if error:
                raise RuntimeError(f"the computer's worker failed: {error}")
    finally:
        play.close()
    back = board_from_record(json.loads(json.dumps(record_of_board(play))))
    if back.game.fen() != play.game.fen() or back.notation != play.notation:
        raise RuntimeError("the saved game did not come back the same")
    read = read_pdn(board_pdn(play))[0]
    if list(read.moves) != list(play.moves) or read.tags["Black"] != "Computer, level 2":
        raise RuntimeError("the PDN did not read back the same")
    return (f"{play.ply} plies of Russian draughts, computer 1 against computer 2 in worker "
            f"processes, saved, loaded and written as PDN")


def _international() -> str:
    """International draughts: the 10×10 rules and the search, here in this process."""
    from game.ai.levels import choose_move
    from game.rules import find_variant

    game = find_variant("international").new()
    rng = random.Random(1)
    for _ in range(10):
        game.play(choose_move(game, 1, rng))
    return f"10 plies of International draughts by the search, {len(game.legal_moves())} " \
           f"moves to choose from now"


def _ugolki() -> str:
    """Уголки: the race's rules, its search and its move text read back."""
    from game.ai.levels import choose_move
    from game.rules import find_variant

    cls = find_variant("ugolki")
    game = cls.new(house=9)
    rng = random.Random(1)
    texts = []
    for _ in range(12):
        move = choose_move(game, 3, rng, 0.2)
        texts.append(game.move_text(move))
        game.play(move)
    again = cls.new(house=9)
    for text in texts:
        again.play(again.parse_move(text))
    if again.fen() != game.fen():
        raise RuntimeError("the moves' text does not read back to the same position")
    return f"12 plies of Уголки by the search, read back from their text ({texts[-1]})"


def _chapaev() -> str:
    """Three Chapaev shots planned by the computer in its worker process and flown on the
    pymunk table."""
    from game.play.chapaev_computer import ChapaevComputer
    from game.play.chapaev_play import ChapaevPlay

    play = ChapaevPlay(seats={Color.WHITE: ChapaevComputer(1, min_delay=0.0),
                              Color.BLACK: ChapaevComputer(1, min_delay=0.0)})
    began = time.monotonic()
    fallen = 0
    try:
        while len(play.shots) < 3 and not play.match.is_over:
            if play.waiting_next_round:
                play.next_round()
            if play.update() is None:
                if time.monotonic() - began > TIMEOUT:
                    raise RuntimeError(f"the computer did not shoot within {TIMEOUT:.0f} s")
                time.sleep(0.01)
                continue
            play.finish_shot()
            fallen += len(play.shots[-1].fallen)
    finally:
        play.close()
    return f"{len(play.shots)} Chapaev shots planned in a worker process, {fallen} pieces fell"


def _media() -> str:
    """pygame with its SDL libraries: the game's font renders Cyrillic, a sound loads."""
    import os

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.resources import asset

    pygame.font.init()
    face = pygame.font.Font(str(asset("fonts", "DejaVuSans.ttf")), 24)
    width = face.render("Шашки", True, (0, 0, 0)).get_width()
    if width < 40:
        raise RuntimeError(f"the font drew 'Шашки' {width} px wide")
    pygame.mixer.init()
    try:
        length = pygame.mixer.Sound(str(asset("sounds", "tap.wav"))).get_length()
    finally:
        pygame.mixer.quit()
    return f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})" \
           f": the font draws Cyrillic, a {length * 1000:.0f} ms sound loads"


#: how long the meeting through the wormhole on loopback may take (it takes well under a
#: second; the first one imports Twisted and magic-wormhole)
WORMHOLE_WITHIN = 30.0


def _wormhole() -> str:
    """Play a friend anywhere, on loopback alone: the reactor's thread started, a mailbox
    and a relay (:mod:`game.self_test_mailbox`) opened on 127.0.0.1; twice a host given a
    code and a guest that types it found, the key agreed (SPAKE2) and a connection made
    (NaCl's records) — once directly on 127.0.0.1, once through the relay — and a move
    carried each way, then all of it closed. No address but loopback: nothing reaches a
    server outside."""
    from game.net.wormhole_link import Servers, available, in_reactor

    if not available():  # what the screens ask before they offer play anywhere
        raise RuntimeError("magic-wormhole or Twisted is not found: play anywhere is off")
    box = loopback_servers()
    loopback = "127.0.0.1"
    try:
        code, direct = _meet(Servers(box.url, "", direct=True, bind=loopback))
        _, relayed = _meet(Servers(box.url, box.relay.hint, direct=False, bind=loopback))
    finally:
        in_reactor(box.close)
    if (direct, relayed) != ("direct", "relay"):
        raise RuntimeError(f"connected {direct} and {relayed}, not direct and through the relay")
    return (f"a host and a guest met under the code {code} through a mailbox on loopback, "
            f"agreed the key and connected directly, then through a relay; a move went each "
            f"way ({box.versions})")


def loopback_servers() -> Mailbox:
    """The self-test's mailbox and relay (:mod:`game.self_test_mailbox`), opened on
    loopback in the wormhole's reactor thread (which alone imports Twisted and autobahn);
    close with ``in_reactor(box.close)``."""
    import threading

    from game.net.wormhole_link import in_reactor

    opened: list[Mailbox | BaseException] = []
    ready = threading.Event()

    def open_there() -> None:
        try:
            from game.self_test_mailbox import open_mailbox
            opened.append(open_mailbox())
        except BaseException as error:  # told to the check, in the window's thread
            opened.append(error)
        finally:
            ready.set()

    in_reactor(open_there)
    if not ready.wait(WORMHOLE_WITHIN):
        raise RuntimeError("the wormhole's reactor thread did not start")
    if isinstance(opened[0], BaseException):
        raise RuntimeError(f"the mailbox on loopback did not open: "
                           f"{type(opened[0]).__name__}: {opened[0]}") from opened[0]
    return opened[0]


def _meet(servers: Servers) -> tuple[str, str]:
    """A host and a guest meet through ``servers`` and carry a move each way: the code and
    the route ("direct" or "relay")."""
    from game.net.wormhole_link import Stage, Tunnel

    began = time.monotonic()
    tunnels: list[Tunnel] = []

    def until(done: Callable[[], bool], what: str) -> None:
        while not done():
            failed = [t.failure for t in tunnels if t.failure is not None]
            if failed:
                raise RuntimeError(f"{what}: {failed[0].why.value} {failed[0].detail}")
            if time.monotonic() - began > WORMHOLE_WITHIN:
                raise RuntimeError(f"{what}: nothing within {WORMHOLE_WITHIN:.0f} s "
                                   f"({', '.join(str(t.stage) for t in tunnels)})")
            time.sleep(0.01)

    try:
        host = Tunnel(servers, host=True, find_within=None)
        tunnels.append(host)
        until(lambda: host.stage is Stage.WAITING, "the host got no code")
        code = host.code
        assert code is not None
        guest = Tunnel(servers, host=False, code=code)
        tunnels.append(guest)
        until(lambda: host.stage is Stage.CONNECTED and guest.stage is Stage.CONNECTED,
              "the guest did not meet the host")
        ours, theirs = host.take_socket(), guest.take_socket()
        assert ours is not None and theirs is not None
        with ours, theirs:
            for out, into, said in ((ours, theirs, b"11-15"), (theirs, ours, b"22-18")):
                out.sendall(said)
                into.settimeout(max(1.0, WORMHOLE_WITHIN - (time.monotonic() - began)))
                heard = b""
                while len(heard) < len(said):
                    part = into.recv(64)
                    if not part:
                        raise RuntimeError("the connection closed before the move came")
                    heard += part
                if heard != said:
                    raise RuntimeError(f"sent {said!r}, the other side read {heard!r}")
        return code, host.route
    finally:
        for tunnel in tunnels:
            tunnel.cancel()


CHECKS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("draughts", _draughts),
    ("international", _international),
    ("ugolki", _ugolki),
    ("chapaev", _chapaev),
    ("media", _media),
    ("wormhole", _wormhole),
)


def run(out: TextIO) -> bool:
    """Run every check, one line each to ``out``; True when all passed."""
    passed = True
    for name, check in CHECKS:
        began = time.monotonic()
        try:
            said = check()
        except Exception as error:  # a check that fails says why and the others still run
            passed = False
            out.write(f"FAIL {name}: {type(error).__name__}: {error}\n")
        else:
            out.write(f"ok   {name}: {said} ({time.monotonic() - began:.1f} s)\n")
        out.flush()
    out.write("self-test passed\n" if passed else "self-test FAILED\n")
    return passed
