"""A game in play over the network: a play object here, a session to the other computer, and
the remote seat between them.

The host's game is the authority. Board games exchange moves, each at the ply it names;
Chapaev exchanges each shot (the piece, direction and strength, or a press) and both tables
simulate it, to the same last bit (a flick's direction travels in the one form the table
simulated, :func:`~game.play.chapaev_play.shot_direction`; a table rebuilt from a record
shoots as one that played its way there); after every shot the host sends the table at rest
and its fingerprint, and a guest table that came to rest apart all the same is set to the
host's (the safety net, counted in :attr:`NetGame.corrections`). The host says the
fingerprint of its whole game when it changes and every few seconds (``check``); when the
two fall out of step (a refused move, a fingerprint still different a moment later) the
host sends its whole game (``sync``, the saved-game record, checked like a file from a
stranger; never while a shot rolls there, which the record would lack) and the guest takes
it. Clocks run on the host; the guest shows the host's times, less the time the message
took.

:class:`NetGame` is polled once per frame by its screen (or a headless loop) before the play
object's own ``update``; it never blocks.
"""
from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.net.reasons import State, Why
from game.net.wire import Message, WireError
from game.net.remote import SIDE_NAMES, SIDES, RemoteSeat, table_from_json, table_json
from game.play import fingerprints
from game.play.background import Background
from game.play.fingerprints import table_digest
from game.play.chapaev_play import ChapaevPlay
from game.play.events import Notice
from game.play.protocol import Play
from game.play.record_format import RecordError
from game.play.records import play_from_record, record_of
from game.play.seats import Person
from game.rules.core import Color
from game.rules.text import clean

__all__ = ["NetGame", "Play", "guest_play", "match_digest", "record_of", "refusal",
           "record_fault", "same_rules", "short_enough"]
#: the last lines of chat kept
CHAT_LINES = 50
#: seconds between the host's clock messages while a clock runs
CLOCK_EVERY = 1.0
#: seconds between the host's fingerprints of its game when nothing changes, and at least
#: between two when it does (a move carries its own)
CHECK_EVERY = 2.0
CHECK_SOON = 0.25
#: seconds a guest's game may differ from the host's fingerprint (a move in flight) before
#: it asks for the host's whole game
CHECK_GRACE = 0.75
#: the most moves (a board game's, with those taken back) or shots (Chapaev) of a game a
#: guest takes from the host: a whole game is replayed in the window's frame, so a hostile
#: host cannot make it replay for seconds (a game that long is not played over the network)
MAX_NET_MOVES = 1000
#: seconds of the guest's frames that taking the host's whole games may use at once, and
#: the share of the time after that they may use: a host that sends whole games without
#: end slows the window, never holds it (the last game sent is taken when its turn comes)
SYNC_BUDGET = 0.1
SYNC_SHARE = 0.25
#: the most time a clock may have left, in milliseconds: a million seconds, the most a saved
#: game's clock holds (the host's clock message is a stranger's too)
MAX_CLOCK_MS = 10 ** 9


class Incoming(Protocol):
    """A message as the wire hands it over: its type and its checked fields."""

    @property
    def t(self) -> str: ...

    @property
    def fields(self) -> Mapping[str, Any]: ...


class Session(Protocol):
    """A link to the other computer (:class:`game.net.session.Host` or ``Guest``)."""

    @property
    def state(self) -> State: ...

    def poll(self, now: float | None = None) -> Sequence[Incoming]: ...

    def send(self, t: str, **fields: Any) -> object: ...

    def close(self) -> None: ...


def refusal(why: Why, detail: object = "") -> Notice:
    """What the screen says of a refusal: "Refused" and the reason, which the screen words
    from its code (``net.why.<code>``) and the detail (the other side's or the system's,
    cleaned; a :class:`Notice`, worded by the screen too)."""
    shown = detail if isinstance(detail, Notice) else clean(detail, 200) or "…"
    return Notice("net.refused", {"reason": Notice(f"net.why.{why.value}", {"detail": shown})})


#: why a record the other side sent cannot be played, by the end of its RecordError's key
RECORD_FAULTS = ("malformed", "moves", "foreign", "newer", "position", "long")


def record_fault(error: ValueError) -> Notice:
    """Why a record the other side sent (a welcome's game, a sync) cannot be played, as the
    screen words it in the player's language (``net.record.<fault>``). The error's own text
    is English, and may carry the sender's words: it is never shown."""
    fault = str(getattr(error, "key", "")).rpartition(".")[2]
    return Notice(f"net.record.{fault if fault in RECORD_FAULTS else 'malformed'}")


def match_digest(play: ChapaevPlay, n: int | None = None) -> str:
    """A fingerprint of the Chapaev match after its shot ``n`` (default: the last)
    (:func:`game.play.fingerprints.match_digest`)."""
    return fingerprints.match_digest(play.shots, play.match, n)


@dataclass(frozen=True, slots=True)
class Counts:
    """What a game over the network counted, for the benchmarks and the closing line."""

    rests: int  # Chapaev tables compared after a shot
    corrections: int  # guest tables set to the host's
    syncs: int  # whole games sent (host) or taken (guest)
    refused: int  # the other side's messages refused here


class NetGame:
    """``play`` over ``session``; ``host`` says whose game is the authority (this side's)."""

    def __init__(self, play: Play, session: Session, remote_color: Color, *, host: bool,
                 name: str = "", address: str = "",
                 clock: Any = time.monotonic) -> None:
        self.play = play
        self.session = session
        self.host = host
        self.remote_color = remote_color
        self.remote = RemoteSeat(self._send, play, name=name, address=address)
        play.set_seat(remote_color, self.remote)
        play.flag_falls = host  # the host's clock decides a fallen flag
        self.chat: list[tuple[str, str]] = []  # (who: "me" | "them", text)
        self._clock = clock
        self._was_up = False
        self._rest_sent = play.played  # Chapaev: the shots whose table at rest was sent
        self._rests: list[Mapping[str, Any]] = []  # the host's tables not compared yet
        self._sync_due = False  # a whole game owed, held back while a shot rolls here
        self._clock_sent = 0.0
        self._clock_ply = -1
        self.rests = self.corrections = self.syncs = 0
        self._end_sent = play.is_over
        self._check_key: tuple[int, str] | None = None
        self._check_sent = 0.0
        self._differs_since: float | None = None  # the guest's game differs from the check
        self._host_check: tuple[int, str] | None = None
        self._parked: list[Any] = []  # the host's last whole game, not taken yet
        self._sync_budget = SYNC_BUDGET
        self._budget_at: float | None = None
        self._now = 0.0
        self._feeding = False

    # --- sending ----------------------------------------------------------------------------
    def _send(self, t: str, **fields: Any) -> None:
        if self.session.state == State.CLOSED:
            return
        try:
            self.session.send(t, **fields)
        except WireError as error:  # ours too big (a match of thousands of shots): said
            self.remote.notice = refusal(Why.NOT_SENT, error.reason)

    def say(self, text: str) -> None:
        """A line of chat to the other side (plain text, cut to 300 characters)."""
        text = clean(text, 300)
        if text:
            self.chat.append(("me", text))
            del self.chat[:-CHAT_LINES]
            self._send("chat", text=text)

    # --- the frame ---------------------------------------------------------------------------
    def poll(self, now: float | None = None) -> None:
        """Read what came, keep the link's state on the seat, and send what the host owes
        (the whole game to a guest that (re)joined or fell out of step, the table after a
        shot, the clocks). Never blocks."""
        now = self._clock() if now is None else now
        self._now = now
        self._take_parked(now)
        for message in self.session.poll(now):
            self._receive(message.t, message.fields)
        up = self.session.state == State.PLAYING
        self.remote.link_up = up
        if up and not self._was_up and self.host:
            self._sync()  # a guest that joins or comes back starts from the host's game
        self._was_up = up
        if not up:
            return
        if self.remote.out_of_step:
            self.remote.out_of_step = False
            if self.host:
                self._sync()
            else:
                self._send("outofstep", n=self._count())
        if self._sync_due and self.host:
            self._sync()
        if self.host and self.play.is_over and not self._end_sent:
            self._end_sent = True
            self._sync()  # the end as the host has it (a resignation may cross a move)
        elif not self.play.is_over:
            self._end_sent = False
        if isinstance(self.play, ChapaevPlay):  # the tables at rest are compared
            self._rest(self.play)
        self._clocks(now)
        self._check(now)

    def feed(self, messages: Sequence[Incoming]) -> None:
        """Messages that came before this object was made (the host's first ones, read
        while the guest waited for its welcome; a whole game among them is taken at the
        first poll, not in the frame that built this game from the welcome)."""
        self._feeding = True
        try:
            for message in messages:
                self._receive(message.t, message.fields)
        finally:
            self._feeding = False

    def fingerprint(self) -> str | None:
        """The fingerprint of the whole game here (None while a Chapaev shot rolls)."""
        return self.play.fingerprint()

    def _check(self, now: float) -> None:
        """The safety net under every race: the host says what its game is now (when it
        changes, and every few seconds); a guest whose game still differs a moment later
        asks for the host's whole game."""
        digest = self.fingerprint()
        if digest is None:
            return
        key = (self._count(), digest)
        if self.host:
            since = now - self._check_sent
            if (key != self._check_key and since >= CHECK_SOON) or since >= CHECK_EVERY:
                self._check_key, self._check_sent = key, now
                self._send("check", n=key[0], digest=digest)
            return
        if self._host_check is None or key == self._host_check:
            self._differs_since = None
            return
        if self._differs_since is None:
            self._differs_since = now
        elif now - self._differs_since >= CHECK_GRACE:
            self._differs_since = None
            self._host_check = None
            self._send("outofstep", n=key[0])

    def _count(self) -> int:
        return self.play.played

    def _sync(self) -> None:
        if self.play.in_motion:
            # the record would lack the shot rolling here: the guest would take a match a
            # shot behind (and lose the shot it has). Sent once the table here rests.
            self._sync_due = True
            return
        self._sync_due = False
        self.syncs += 1
        self._send("sync", record=record_of(self.play))

    def _receive(self, t: str, fields: Mapping[str, Any]) -> None:
        if t == "sync":
            if not self.host:
                self._parked = [fields.get("record")]
                if not self._feeding:
                    self._take_parked(self._now)
        elif t == "check":
            n, digest = fields.get("n"), fields.get("digest")
            if not self.host and type(n) is int and isinstance(digest, str):
                if self._host_check != (n, digest):
                    self._differs_since = None
                self._host_check = (n, digest)
        elif t == "outofstep":
            if self.host:
                self._sync()
        elif t == "rest":
            if not self.host and len(self._rests) < 8:
                self._rests.append(fields)
        elif t == "clock":
            if not self.host:
                self._take_clock(fields)
        elif t == "refused":
            self.remote.notice = refusal(Why.read(fields.get("why")), fields.get("detail", ""))
        elif t == "chat":
            text = clean(fields.get("text", ""), 300)
            if text:
                self.chat.append(("them", text))
                del self.chat[:-CHAT_LINES]
        else:
            self.remote.receive(t, fields)

    def _take_parked(self, now: float) -> None:
        """Take the host's last whole game sent, unless the frames' allowance for that is
        spent (then it waits, and only the last one sent is kept)."""
        if not self._parked:
            return
        if self._budget_at is not None:
            self._sync_budget = min(SYNC_BUDGET, self._sync_budget
                                    + max(0.0, now - self._budget_at) * SYNC_SHARE)
        self._budget_at = now
        if self._sync_budget <= 0.0:
            return
        record = self._parked.pop()
        began = time.perf_counter()
        self._take_sync(record)
        self._sync_budget -= time.perf_counter() - began

    def _take_sync(self, record: Any) -> None:
        """The host's whole game: checked like a file from a stranger, then taken (unless
        this side already has exactly that game)."""
        if not isinstance(record, dict):
            self.remote.refuse(Why.NOT_A_RECORD)
            return
        try:
            short_enough(record)
            other = play_from_record(record, with_seats=False)
        except RecordError as error:
            self.remote.notice = refusal(Why.BAD_RECORD, record_fault(error))
            return
        if not same_rules(self.play, other):
            self.remote.notice = refusal(Why.ANOTHER_GAME)
        elif self.play.follow(other):  # (the same game: a board game takes the host's times)
            self.syncs += 1
        other.close()
        self._rests.clear()

    # --- Chapaev ---------------------------------------------------------------------------------
    def _rest(self, play: ChapaevPlay) -> None:
        if play.in_shot:
            return
        if self.host:
            if len(play.shots) > self._rest_sent:
                self._rest_sent = len(play.shots)
                after = play.shots[-1].after
                self._send("rest", n=len(play.shots), digest=table_digest(after),
                           match=match_digest(play, len(play.shots)), table=table_json(after))
            return
        while self._rests:
            rest = self._rests[0]
            n = rest.get("n")
            if type(n) is not int or not 0 < n <= len(play.shots):
                if type(n) is int and n > len(play.shots):
                    return  # the shot has not ended here yet
                self._rests.pop(0)
                continue
            self._rests.pop(0)
            self.rests += 1
            last = n == len(play.shots)
            if rest.get("match") != match_digest(play, n):
                self.corrections += 1
                self._send("outofstep", n=n)
            elif rest.get("digest") != table_digest(play.shots[n - 1].after):
                self.corrections += 1
                try:
                    if not last:
                        raise ValueError("the next shot was played on the table apart")
                    state = table_from_json(rest.get("table"), play.table.state())
                    play.set_table(state)
                except (ValueError, RuntimeError):
                    self._send("outofstep", n=n)

    # --- the clocks ------------------------------------------------------------------------------
    def _clocks(self, now: float) -> None:
        play = self.play
        if not self.host or play.clock is None:
            return
        if play.played != self._clock_ply or (play.clock_running()
                                              and now - self._clock_sent >= CLOCK_EVERY):
            self._clock_ply = play.played
            self._clock_sent = now
            left = play.clock.left
            running = play.to_move if play.clock_running() else None
            self._send("clock", white_ms=int(left[Color.WHITE] * 1000),
                       black_ms=int(left[Color.BLACK] * 1000),
                       running=SIDE_NAMES[running] if running is not None else "")

    def _take_clock(self, fields: Mapping[str, Any]) -> None:
        play = self.play
        if play.clock is None:
            return
        white, black = fields.get("white_ms"), fields.get("black_ms")
        if type(white) is not int or type(black) is not int \
                or not (white <= MAX_CLOCK_MS and black <= MAX_CLOCK_MS):
            return  # no clock holds that much (nor would the game saved here be read again)
        left = {Color.WHITE: white / 1000.0, Color.BLACK: black / 1000.0}
        running = SIDES.get(str(fields.get("running", "")))
        if running is not None:
            left[running] = max(0.0, left[running] - self.lag())
        play.clock.left.update(left)

    def lag(self) -> float:
        """Seconds a message takes to come from the other side (half the round trip)."""
        rtt = getattr(self.session, "rtt", None)
        return float(rtt) / 2.0 if isinstance(rtt, (int, float)) and rtt > 0 else 0.0

    # --- the state ----------------------------------------------------------------------------
    @property
    def state(self) -> str:
        """For the screen: "waiting" (no guest yet), "playing", "away" (the other side's link
        dropped: the game waits), "closed"."""
        state = self.session.state
        if state == State.PLAYING:
            return "playing"
        if state in (State.WAITING, State.CONNECTING):
            return "waiting"
        if state in (State.CLOSED, State.REFUSED):
            return "closed"
        return "away"

    def counts(self) -> Counts:
        return Counts(self.rests, self.corrections, self.syncs, self.remote.refused)

    def close(self) -> None:
        """Leave the game: the link closes; the game here stays, to be saved and continued
        later as a local game (the remote seat becomes a person at this window)."""
        self.session.close()
        self.remote.link_up = False
        self.play.set_seat(self.remote_color, Person())



def guest_play(game: Any, seat: Any) -> tuple[Play, Color]:
    """The play object a guest builds from the host's welcome (the game as a saved-game
    record, and the guest's side by name), and the host's side. RecordError if either is not
    what it must be: the welcome comes from a stranger too."""
    color = SIDES.get(str(seat))
    if color is None:
        raise RecordError(f"no such side: {str(seat)[:20]!r}")
    if not isinstance(game, dict):
        raise RecordError("the host's game is not a record")
    short_enough(game)
    play = play_from_record(game, with_seats=False)
    if play.swaps_seats:
        # the pie rule's swap of seats is not carried over the network (yet)
        raise RecordError("the pie rule is not played over the network")
    return play, color.other


def read_welcome(welcome: Message | None) -> Background[tuple[Play, Color]]:
    """:func:`guest_play` of the host's welcome, on a thread of its own: a record of a
    thousand shots is a good part of a second's work, which a window's loop must not wait
    for. A game read for a screen left meanwhile (:meth:`Background.drop`) is closed."""
    assert welcome is not None
    game, seat = welcome.fields.get("game"), welcome.fields.get("seat")
    return Background(lambda: guest_play(game, seat), discard=lambda read: read[0].close(),
                      name="shashki-welcome")


class WelcomeReader:
    """A joining form's reading of the host's welcome (:func:`read_welcome`), polled once a
    frame until the game is read; dropped with the form's connection."""

    def __init__(self) -> None:
        self._reading: Background[tuple[Play, Color]] | None = None

    def poll(self, welcome: Message | None) -> tuple[Play, Color] | None:
        """The host's game and colour once read, None while it is being read (the first call
        starts the reading). A welcome that cannot be played raises its ValueError (a
        :class:`RecordError` says why in the player's words), once."""
        if self._reading is None:
            self._reading = read_welcome(welcome)
        if not self._reading.done():
            return None
        reading, self._reading = self._reading, None
        return reading.result()

    def drop(self) -> None:
        """Stop waiting: a game read after this is closed (:meth:`Background.drop`)."""
        if self._reading is not None:
            self._reading.drop()
            self._reading = None


def short_enough(record: Mapping[str, Any]) -> None:
    """RecordError if ``record`` holds more moves or shots than a game over the network
    may have (:data:`MAX_NET_MOVES`): counted before anything is replayed."""
    board, chapaev = record.get("board"), record.get("chapaev")
    counts = []
    if isinstance(board, dict):
        counts.append(sum(len(board[key]) for key in ("moves", "redo")
                          if isinstance(board.get(key), list)))
    if isinstance(chapaev, dict):
        counts += [len(chapaev[key]) for key in ("shots", "reports")
                   if isinstance(chapaev.get(key), list)]
    if counts and max(counts) > MAX_NET_MOVES:
        raise RecordError(f"the game has more than {MAX_NET_MOVES} moves: too long to be "
                          "played over the network", "net.record.long")


def same_rules(play: Play, other: Play) -> bool:
    """Whether ``other`` is a game of the same rules as ``play``: the same game, options and
    start position (a Chapaev match's board view aside, which is how it is shown). The host's
    whole game replaces the guest's only then: a host cannot turn the game into another."""
    return play.same_rules(other)
