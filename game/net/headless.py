"""A game over the network with no window: ``python -m game.net host|join``.

Two of these play a whole game between two processes (the tests, the soak and sync
benchmarks): each side's moves are made by a test player (random moves, and with
``--mischief`` random draw offers, takebacks and resignations, answered at random), the
link is the real one, and at the end each side prints one line with the game's fingerprint,
which must be the same on both sides::

    python -m game.net host --game russian --bind 127.0.0.1 --port 0 --code ABC234
    hosting 127.0.0.1 40123 ABC234
    python -m game.net join --address 127.0.0.1 --port 40123 --code ABC234
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from game.net.netplay import NetGame, Play, guest_play, record_of
from game.net.remote import SIDE_NAMES
from game.net.session import Guest, Host
from game.net.wire import Message
from game.play.board_play import BoardPlay
from game.play.chapaev_play import ChapaevPlay
from game.play.chapaev_record import chapaev_options_from
from game.play.record_format import RecordError
from game.play.seats import Answer, AnswerDraw, AnswerTakeback, AskTakeback, OfferDraw, Position, \
    RandomPlayer, Request, Resign, Seat
from game.rules import VARIANTS
from game.rules.chapaev import ChapaevOptions
from game.rules.core import Color, Game
from physics import Shot

#: how long a side keeps polling after its game ended, for the last messages to pass
LINGER = 1.0


class MischiefPlayer(RandomPlayer):
    """Random moves, and now and then a request: a draw offer, a takeback, rarely a
    resignation; it answers the other side's offers and requests at random. For the soak."""

    def __init__(self, rng: random.Random, rate: float) -> None:
        super().__init__(rng)
        self.rate = rate
        self.asked = 0

    def requests(self) -> list[Request]:
        roll = self.rng.random()
        if roll >= self.rate:
            return []
        self.asked += 1
        pick = self.rng.random()
        request: Request = (Resign() if pick < 0.03 else OfferDraw() if pick < 0.4
                            else AskTakeback() if pick < 0.8
                            else AnswerDraw(self.rng.random() < 0.5) if pick < 0.9
                            else AnswerTakeback(self.rng.random() < 0.5))
        return [request]

    def accepts_draw(self, game: Game, color: Color) -> bool | None:
        return self.rng.random() < 0.3

    def grants_takeback(self, game: Position, by: Color) -> bool | None:
        return self.rng.random() < 0.5


class PacedPlayer(MischiefPlayer):
    """A mischief player that takes ``pace`` seconds over each move (so that a game lasts
    long enough for a test to cut its link in the middle). With ``pull``, a Chapaev flick
    is given as a person's at a window gives it: the pull as the pointer made it, 0.6 to 4
    squares long, not a unit vector."""

    def __init__(self, rng: random.Random, rate: float, pace: float, *,
                 pull: bool = False) -> None:
        super().__init__(rng, rate)
        self.pace = pace
        self.pull = pull
        self._asked_at = 0.0

    def begin(self, position: Position) -> None:
        super().begin(position)
        self._asked_at = time.monotonic()

    def poll(self) -> Answer | None:
        if time.monotonic() - self._asked_at < self.pace:
            return None
        answer = super().poll()
        if self.pull and isinstance(answer, Shot):
            length = self.rng.uniform(0.6, 4.0)
            dx, dy = answer.direction
            answer = Shot(answer.disc, (dx * length, dy * length), answer.strength)
        return answer


def make_play(game: str, options: ChapaevOptions | None = None) -> Play:
    """A new game of ``game`` (a variant's key, or chapaev with ``options``)."""
    if game == "chapaev":
        return ChapaevPlay(options)
    return BoardPlay(game)


def fingerprint(play: Play) -> str:
    """One word that two copies of the same game share (its position or table, its end, the
    side to move)."""
    digest = play.fingerprint()
    if digest is None:
        return "in-shot"
    turn = play.to_move
    return f"{digest}-{'-' if turn is None else SIDE_NAMES[turn]}"


def figures(play: Play) -> str:
    """The game's own figures for a log line (a match's presses and the troops seen...)."""
    return "".join(f" {name}={value}" for name, value in play.figures().items())


def settled(play: Play) -> bool:
    """Over, with no question left waiting for an answer (a takeback asked at the end)."""
    return play.is_over and not play.asking


def step(play: Play) -> None:
    """One update of a headless game: the seats answer; a Chapaev shot runs to rest at once."""
    play.step()


def run(net: NetGame, seconds: float, out: TextIO = sys.stdout) -> int:
    """Play until the game is over here (and a little after), or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    ended: float | None = None
    # the host leaves a second after its game ended; the guest stays until the host has
    # left (its last word is the game as it ended) or a while has passed
    linger = LINGER if net.host else 5 * LINGER
    while time.monotonic() < deadline:
        net.poll()
        if net.state == "closed":
            break
        step(net.play)
        if not settled(net.play):
            ended = None  # (a resignation taken back goes on; a question waits its answer)
        elif ended is None:
            ended = time.monotonic()
        if ended is not None and time.monotonic() - ended > linger:
            break
        time.sleep(0.001)
    counts = net.counts()
    over = net.play.is_over
    role = "host" if net.host else "guest"
    print(f"{role} {'over' if over else 'unfinished'} {net.play.result} {fingerprint(net.play)} "
          f"rests={counts.rests} corrections={counts.corrections} syncs={counts.syncs} "
          f"refused={counts.refused} state={net.state}{figures(net.play)}", file=out,
          flush=True)
    if not over:
        play = net.play
        print(f"stopped at: turn={play.to_move}{figures(play)} asked={play.turns.asked} "
              f"away={play.waiting_for} inbox={net.remote.waiting}", file=sys.stderr, flush=True)
    if net.remote.notice is not None:
        print(f"notice: {net.remote.notice.key} {net.remote.notice.values}", file=sys.stderr,
              flush=True)
    if net.remote.reasons:
        print("refused: " + "; ".join(net.remote.reasons), file=sys.stderr, flush=True)
    net.session.close()
    net.play.close()
    return 0 if over else 3


#: the least seconds a move takes here, and a Chapaev shot (a real one rolls for seconds):
#: hundreds a second would be a flood to the link, which cuts it
BOARD_PACE = 0.01
CHAPAEV_PACE = 0.03


#: the least seconds a move takes, by the kind of game
PACE = {"board": BOARD_PACE, "chapaev": CHAPAEV_PACE}


def player(args: argparse.Namespace, kind: str) -> Seat:
    """The test player of a game of ``kind`` (a Chapaev flick may be pulled as a hand
    pulls it; a board game has no flick to pull)."""
    rng = random.Random(args.seed)
    return PacedPlayer(rng, args.mischief, args.pace or PACE[kind], pull=args.pull)


def host(args: argparse.Namespace) -> int:
    guest_color = Color.BLACK if args.seat == "black" else Color.WHITE
    mine = guest_color.other
    try:
        options = chapaev_options_from(json.loads(args.chapaev_options or "{}"))
    except (ValueError, RecordError) as error:
        print(f"refused {error}", flush=True)
        return 2
    play = make_play(args.game, options)
    play.set_seat(mine, player(args, play.kind))
    session = Host(record_of(play), port=args.port, bind=args.bind, code=args.code,
                   seat=args.seat, name="host")
    net = NetGame(play, session, guest_color, host=True, name="guest")
    address, port = session.address()
    print(f"hosting {args.bind or address} {port} {session.code}", flush=True)
    return run(net, args.seconds)


def await_welcome(session: Guest, deadline: float) -> list[Message] | None:
    """Poll a joining ``session`` until the host welcomes it (the messages that came with the
    welcome), or None once it was refused or the host did not answer by ``deadline`` (said
    on a line of its own)."""
    early: list[Message] = []
    while session.welcome is None and time.monotonic() < deadline:
        early.extend(session.poll())
        if session.state in ("refused", "closed"):
            why = [str(getattr(e, "reason", "")) for e in session.events()]
            print(f"refused {session.state}: {'; '.join(w for w in why if w)}", flush=True)
            return None
        time.sleep(0.002)
    if session.welcome is None:
        print("unjoined the host did not answer", flush=True)
        session.close()
        return None
    return early


def join(args: argparse.Namespace) -> int:
    session = Guest(args.address, args.port, args.code, name="guest")
    early = await_welcome(session, time.monotonic() + min(args.seconds, 30.0))
    if early is None or session.welcome is None:
        return 2
    return play_as_guest(session, early, args)


def play_as_guest(session: Guest, early: list[Message], args: argparse.Namespace) -> int:
    """The guest's side once the host has welcomed ``session`` (``early``: the messages that
    came with the welcome): the game the welcome names, this side's player, played to its
    end; 2 where the welcome's game is not one this build reads (said on a line)."""
    welcome = session.welcome
    assert welcome is not None
    try:
        play, host_color = guest_play(welcome.fields.get("game"), welcome.fields.get("seat"))
    except RecordError as error:
        print(f"refused {error}", flush=True)
        session.close()
        return 2
    play.set_seat(host_color.other, player(args, play.kind))
    net = NetGame(play, session, host_color, host=False, name="host")
    net.feed(early)
    return run(net, args.seconds)


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.net",
                                     description="A game over the network with no window, "
                                                 "played by test players (for tests and "
                                                 "benchmarks).")
    sub = parser.add_subparsers(dest="role", required=True)
    for name in ("host", "join"):
        role = sub.add_parser(name)
        role.add_argument("--seed", type=int, default=1)
        role.add_argument("--mischief", type=float, default=0.0,
                          help="the chance per update of a draw offer, takeback or "
                               "resignation (0: random moves only)")
        role.add_argument("--pace", type=float, default=0.0,
                          help="seconds the test player takes over each move")
        role.add_argument("--seconds", type=float, default=120.0,
                          help="give up after this many seconds")
        role.add_argument("--code", default=None)
        role.add_argument("--port", type=int, default=0)
        role.add_argument("--pull", action="store_true",
                          help="Chapaev flicks given as pulled at a window (any length)")
    hosting = sub.choices["host"]
    hosting.add_argument("--game", choices=sorted(VARIANTS) + ["chapaev"], default="russian")
    hosting.add_argument("--seat", choices=("white", "black"), default="black",
                         help="the guest's side")
    hosting.add_argument("--bind", default="127.0.0.1")
    hosting.add_argument("--chapaev-options", default="",
                         help='the Chapaev options as a saved game keeps them (JSON), e.g. '
                              '\'{"swamp": true}\'')
    sub.choices["join"].add_argument("--address", default="127.0.0.1")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.role == "join" and not args.code:
        parser().error("join needs --code")
    return host(args) if args.role == "host" else join(args)
