"""The computer in a seat of a Chapaev match: it plans its shot in a worker process
(:mod:`game.ai.chapaev_worker`) polled, so the window never waits for it. Also the simple
shooter, the yardstick the computer's levels are measured against.

A shot is handed over no sooner than ``min_delay`` seconds after the computer was asked. The
scene may ``hold`` the seat: then the planned shot waits (see :meth:`ChapaevComputer.ready`)
until the scene has shown the piece being pulled back and calls :meth:`release`.
"""
from __future__ import annotations

import random
import time as _time
from collections.abc import Callable

from game.ai.chapaev import LEVELS, SIMPLE_PRESS, apply_hand, plan, simple_shot
from game.ai.chapaev_worker import ShotAnswer, ShotThinker, shot_of
from game.play.chapaev_table import ChapaevPosition
from game.play.seats import Answer, Notice, Position, Seat
from game.rules.core import Color
from physics import Action


class ChapaevComputer(Seat):
    """Plays Chapaev at ``level`` (1-5). With ``in_process`` it plans inside ``begin`` in this
    process (headless matches, benchmarks); otherwise in a :class:`ShotThinker` of its own."""

    is_person = False
    at_window = False
    kind = "computer"

    def __init__(self, level: int, *, min_delay: float = 0.5, in_process: bool = False,
                 aim_error: bool = True, rng: random.Random | None = None,
                 thinker: ShotThinker | None = None,
                 clock: Callable[[], float] = _time.monotonic) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be 1 to {max(LEVELS)}, not {level!r}")
        self.level = level
        self.min_delay = min_delay
        self.in_process = in_process
        self.aim_error = aim_error
        self.rng = rng if rng is not None else random.Random()
        self.hold = False  # the scene shows the aim first: wait for release()
        self._thinker = thinker
        self._clock = clock
        self._asked_at: float | None = None
        self._shot: Action | None = None
        self._released = False
        self._position: ChapaevPosition | None = None
        self.last_answer: ShotAnswer | None = None
        self.error: str | None = None
        self.notice: Notice | None = None

    @property
    def thinker(self) -> ShotThinker:
        if self._thinker is None:
            self._thinker = ShotThinker()
        return self._thinker

    @property
    def thinking(self) -> bool:
        """Asked for a shot and not ready to play it yet."""
        return self._asked_at is not None and self._shot is None

    def progress(self) -> int:
        """Shots simulated so far in this plan."""
        if not self.thinking or self.in_process or self._thinker is None:
            return 0
        return self._thinker.progress()

    def prepare(self) -> None:
        if not self.in_process:
            self.thinker.warm_up()

    def begin(self, position: Position) -> None:
        assert isinstance(position, ChapaevPosition), "this seat plays Chapaev"
        self._shot = None
        self._released = False
        self._asked_at = self._clock()
        self._position = position
        if self.in_process:
            self._shot = self._plan_here(position, self.level)
            return
        self.thinker.start(position.state, position.match, position.config, self.level,
                           seed=self.rng.getrandbits(32), aim_error=self.aim_error)

    def _plan_here(self, position: ChapaevPosition, level: int) -> Action:
        chosen = plan(position.state, position.match, level, config=position.config).shot
        if self.aim_error:
            chosen = apply_hand(chosen, self.level, self.rng)
        return chosen

    def ready(self) -> Action | None:
        """The shot planned and waiting to be played (once ``min_delay`` has passed), if any;
        the scene animates the pull-back from it while the seat is held."""
        if self._asked_at is None:
            return None
        if self._shot is None and not self.in_process:
            answer = self.thinker.poll()
            if answer is None:
                return None
            self.last_answer = answer
            if answer.shot is None:  # the worker failed: a quick plan here, not a stall
                self.error = answer.error or "the computer found no shot"
                self.notice = Notice("chapaev.worker.fallback")
                assert self._position is not None
                self._shot = self._plan_here(self._position, 1)
            else:
                self._shot = shot_of(answer.shot)
        if self._clock() - self._asked_at < self.min_delay:
            return None
        return self._shot

    def release(self) -> None:
        """The scene has shown the aim: hand the shot over at the next poll."""
        self._released = True

    def poll(self) -> Action | None:
        shot = self.ready()
        if shot is None or (self.hold and not self._released):
            return None
        self._shot, self._asked_at, self._released = None, None, False
        return shot

    def cancel(self) -> None:
        if self._asked_at is not None and self._thinker is not None:
            self._thinker.cancel()
        self._asked_at = None
        self._shot = None
        self._released = False

    def close(self) -> None:
        self.cancel()
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "level": self.level}

    def takes_side(self, position: Position) -> bool | None:
        """The pie rule: take White's side when White's first turn left it ahead."""
        return takes_white_side(position) if isinstance(position, ChapaevPosition) else False


def takes_white_side(position: ChapaevPosition) -> bool:
    """The computer's honest rule for the pie rule: Black takes White's side when White's
    first turn left White with more pieces on the board than Black."""
    match = position.match
    return len(match.on_board(Color.WHITE)) > len(match.on_board(Color.BLACK))


class SimpleShooter(Seat):
    """The yardstick the levels are measured against: it plays the way many Chapaev apps'
    computers do (:func:`game.ai.chapaev.simple_shot`: its piece nearest an enemy, aimed at
    the centre, hard, with a 3° hand error), at once, in this process."""

    is_person = False
    at_window = False
    kind = "simple"

    def __init__(self, rng: random.Random | None = None, *, aim_error: float = 3.0,
                 press: float = SIMPLE_PRESS) -> None:
        self.rng = rng if rng is not None else random.Random()
        self.aim_error = aim_error
        self.press = press
        self._position: ChapaevPosition | None = None

    def begin(self, position: Position) -> None:
        assert isinstance(position, ChapaevPosition), "this seat plays Chapaev"
        self._position = position

    def poll(self) -> Answer | None:
        position, self._position = self._position, None
        if position is None:
            return None
        return simple_shot(position.state, position.shooter, self.rng,
                           aim_error=self.aim_error, press=self.press)

    def cancel(self) -> None:
        self._position = None
