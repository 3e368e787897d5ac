"""A real joining window against a fake host (tests/net/fake_host.py), for the scene tests
and the benchmark (benchmarks/hostile_peers.py): the join form filled and started, the window
stepped frame by frame as its loop would (each frame timed), the fake host polled in the same
loop; then the game screen left (which keeps the game in the library) and the library read
back.

Several attempts may run side by side (one window each): the cases that wait for a timeout
(half a frame and silence, a slow loris) take their five seconds together.
"""
from __future__ import annotations

import itertools
import time
import traceback
from dataclasses import dataclass, field

from game.app import App
from game.net.netplay import record_of
from game.net.wire import Message
from game.play import board_record
from game.play.record_format import RecordError
from game.play.records import play_from_record
from game.rules.text import is_clean
from game.saves import Saves, data_dir
from game.scene import Scene
from game.scenes.board.scene import BoardScene
from game.scenes.chapaev.scene import ChapaevScene
from game.scenes.network.join import JoinScene
from tests.net.fake_host import FakeConn, FakeHost, HostCase, same_game
from tests.net.helpers import LOOPBACK
from tests.scenes.helpers import step
from tests.scenes.network_helpers import new_app

#: a frame-loop update longer than this is a freeze
FREEZE = 0.5
#: the longest an attempt runs, whatever its case says
LIMIT = 9.0
CODE = "ABC234"
#: the most PDN tags a kept game may hold: what a record keeps, and a few of the game's own
#: (the player's name, the site)
MAX_TAGS = board_record.MAX_TAGS + 8
_numbers = itertools.count()


@dataclass
class Attempt:
    """One case against one window."""

    case: HostCase
    app: App
    fake: FakeHost
    form: JoinScene
    began: float
    last_frame: float
    opened: Scene | None = None
    opened_at: float = 0.0
    then_sent: bool = False
    crash: str = ""
    longest: float = 0.0
    frames: int = 0
    done: bool = False


@dataclass
class Verdict:
    """What came of a case: ``problems`` is empty when the window did right."""

    name: str
    crash: str = ""
    longest: float = 0.0
    frozen: bool = False
    wrongly_accepted: str = ""
    damaged: str = ""
    error: str | None = None  # what the form said
    opened: str = ""  # the game screen that opened ("" none)
    problems: list[str] = field(default_factory=list)


def begin(case: HostCase, app: App | None = None) -> Attempt:
    """The join form of a new window (its games kept in the library), pointed at a fake host
    that plays ``case``, and started."""
    def answer(conn: FakeConn, hello: Message | None) -> None:
        conn.drip = case.drip
        conn.stream = case.stream
        conn.close_after_send = case.close_after
        conn.send(case.welcome)

    fake = FakeHost(answer, before_hello=case.before_hello)
    if app is None:
        app = new_app(kept=True)
        # a library of its own, in the run's data folder: what it keeps is this case's
        app.saves = Saves(data_dir() / "hostile" / f"{next(_numbers)}")
    app.routes.push("join", address=LOOPBACK, port=fake.port, code=CODE,
                    friend=case.friend, game=case.announced)
    step(app)
    form = app.scenes.top
    assert isinstance(form, JoinScene)
    form.start()
    now = time.perf_counter()
    return Attempt(case, app, fake, form, now, now)


def _frame(attempt: Attempt) -> None:
    app = attempt.app
    start = time.perf_counter()
    elapsed = max(0.0, start - attempt.last_frame)
    try:
        app.frame(elapsed)
    except Exception:  # the count this exists for: a hostile host must never raise here
        attempt.crash = traceback.format_exc(limit=8)
        attempt.done = True
    end = time.perf_counter()
    attempt.last_frame = end
    attempt.frames += 1
    attempt.longest = max(attempt.longest, end - start)


def advance(attempt: Attempt) -> None:
    """One turn of the loop: the fake host, then one frame of the window."""
    if attempt.done:
        return
    attempt.fake.poll()
    _frame(attempt)
    if attempt.done:
        return
    now = time.perf_counter()
    top = attempt.app.scenes.top
    if attempt.opened is None and isinstance(top, (BoardScene, ChapaevScene)):
        attempt.opened, attempt.opened_at = top, now
    settled = attempt.opened is not None or attempt.form.error is not None
    if settled and not attempt.then_sent:
        attempt.then_sent = True
        attempt.opened_at = now
        for conn in attempt.fake.conns[-1:]:
            for at, data in attempt.case.then:
                conn.send(data, at=at)
    if now - attempt.began >= LIMIT or (
            attempt.then_sent and now - attempt.began >= attempt.case.seconds
            and now - attempt.opened_at >= (0.8 if attempt.case.then else 0.0)
            and not any(conn.later for conn in attempt.fake.conns)):
        attempt.done = True


def run(attempts: list[Attempt]) -> None:
    """Step every attempt until each is done (bounded: LIMIT seconds each)."""
    while not all(a.done for a in attempts):
        for attempt in attempts:
            advance(attempt)
        time.sleep(0.001)


def finish(attempt: Attempt) -> Verdict:
    """Leave the game screen (its game kept), close the fake host, and judge."""
    case = attempt.case
    verdict = Verdict(case.name, attempt.crash, attempt.longest,
                      attempt.longest > FREEZE, error=attempt.form.error)
    app = attempt.app
    opened = attempt.opened
    play = None
    if opened is not None:
        verdict.opened = type(opened).__name__
        play = opened.play  # type: ignore[attr-defined]
        record_now = record_of(play)
        if not attempt.crash:
            try:
                while opened in list(app.scenes):
                    app.scenes.pop()
                    start = time.perf_counter()
                    step(app)
                    verdict.longest = max(verdict.longest, time.perf_counter() - start)
            except Exception:
                verdict.crash = traceback.format_exc(limit=8)
        else:
            opened.close()  # type: ignore[attr-defined]
    else:
        attempt.form.stop()
    attempt.fake.close()
    verdict.frozen = verdict.longest > FREEZE
    # what the game became, against what it may be
    expect = case.expect
    if expect == "refused":
        if opened is not None:
            verdict.wrongly_accepted = "a game opened from a welcome that must be refused"
        elif not attempt.crash and not (attempt.form.error or "").strip():
            verdict.problems.append("refused without a message")
    elif opened is None and expect in ("joins", "synced"):
        verdict.problems.append(f"the game did not open ({attempt.form.error})")
    if play is not None:
        wanted = case.synced_to if expect == "synced" else case.game
        if wanted is not None and not same_game(play, wanted):
            verdict.wrongly_accepted = "the game in play is not the host's valid game"
        try:
            again = play_from_record(record_now, with_seats=False)
            again.close()
        except RecordError as error:
            verdict.wrongly_accepted = f"the game in play does not replay: {error}"
    verdict.damaged = _library_damage(app, play, case)
    for what in (verdict.crash and "crashed", verdict.frozen and
                 f"a frame of {verdict.longest:.2f} s", verdict.wrongly_accepted,
                 verdict.damaged):
        if what:
            verdict.problems.append(str(what))
    return verdict


def _library_damage(app: App, play: object, case: HostCase) -> str:
    """What is wrong in the window's library: a kept game that does not load, or one that is
    not the game played (the welcome's, or the valid game synced)."""
    store = app.saves
    if store is None:
        return ""
    wanted = case.synced_to if case.expect == "synced" else case.game
    for entry in store.entries():
        try:
            record = store.load_game(entry.id)
            kept = play_from_record(record, with_seats=False)
        except Exception as error:  # noqa: BLE001 - any failure is damage
            return f"a kept game does not load: {error}"
        try:
            if play is None:
                return "a game was kept though none was played"
            if wanted is not None and not same_game(kept, wanted):
                return "the kept game is not the game played"
            tags = record.get("tags", {})
            if len(tags) > MAX_TAGS or not all(is_clean(str(k)) and is_clean(str(v))
                                               for k, v in tags.items()):
                return "the kept game's tags are not clean, or too many"
        finally:
            kept.close()
    return ""
