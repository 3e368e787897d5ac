"""The hand at the Chapaev table: a piece pressed, pulled back like a slingshot and let go;
the computer's hand shown doing the same."""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.play.chapaev_computer import ChapaevComputer
from game.scenes.chapaev.banners import Banners
from game.scenes.chapaev.phases import Phase, ease
from game.scenes.chapaev.pointer import HeldPointer
from game.scenes.chapaev.press import BayonetPress
from game.scenes.chapaev.state import Stage
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import color_name
from physics import PERSON, DiscId, HandModel, Press, Shot
from physics.hand import haste_after, sway_phases, turned

if TYPE_CHECKING:
    from game.app_like import AppLike

ShootCall = Callable[[DiscId, tuple[float, float], float, tuple[float, float, float]], None]

PICK_SLACK = 0.1  # a press this far (in radii) outside a piece's rim still picks it up
COMPUTER_PULL_SECONDS = 0.7  # the computer pulls its piece back this long, in sight
COMPUTER_HOLD_SECONDS = 0.12  # and holds the full pull a moment before it lets go
HAND: HandModel = PERSON  # a person's hand at this window (physics.hand)


@dataclass(slots=True)
class Drag:
    """A piece held by the pointer (pointer in table units). The pull is measured on one
    scale everywhere (:func:`view.pull_strength`, in squares): the same pull is the same shot
    from every piece, whatever room it has to the window's edge."""

    disc: DiscId
    pointer: tuple[float, float]
    model: HandModel = PERSON  # how unsteady the hand is (physics.hand)
    phases: tuple[float, float] = (0.0, 0.0)  # where its sway started, drawn when taken
    age: float = 0.0  # seconds the piece has been held
    speed: float = 0.0  # the hand's remembered speed, squares/s
    seen: tuple[float, float] | None = field(default=None)  # the pointer at the last tick

    def pull(self, centre: tuple[float, float]) -> tuple[float, float]:
        """From the pointer to the piece: the way the pull points."""
        return (centre[0] - self.pointer[0], centre[1] - self.pointer[1])

    def strength(self, centre: tuple[float, float]) -> float:
        """The shot's strength if the piece at ``centre`` were let go now."""
        return view.pull_strength(math.hypot(*self.pull(centre)))

    @property
    def haste(self) -> float:
        """How fast the hand has been moving lately, 0 (still) to 1 (a snatch)."""
        return min(1.0, self.speed / self.model.haste_speed)

    def tick(self, dt: float) -> None:
        """``dt`` seconds of holding: the hand's speed is remembered, its sway goes on."""
        moved = 0.0 if self.seen is None else math.dist(self.seen, self.pointer)
        self.speed = haste_after(self.speed, moved, dt, self.model.haste_time)
        self.seen = self.pointer
        self.age += dt

    def sway(self, centre: tuple[float, float]) -> float:
        """The hand's sway now (degrees): it grows with the pull and with haste."""
        return self.model.sway(self.strength(centre), self.haste, self.age, self.phases)

    def aim(self, centre: tuple[float, float]) -> tuple[float, float]:
        """Where the hand points the piece now: the pull turned by the hand's sway (what the
        aim line shows; the release adds an error of its own, unseen)."""
        return turned(self.pull(centre), self.sway(centre))


def warp_pointer(pos: tuple[int, int]) -> None:
    """Put the system pointer at ``pos`` in the window (nothing where it cannot be moved)."""
    try:
        pygame.mouse.set_pos(pos)
    except pygame.error:
        pass


def show_pointer(visible: bool) -> None:
    """Show or hide the system pointer over the window (the band's end is the hand while a
    piece is held, and the pointer may be put back in the window's middle meanwhile)."""
    try:
        pygame.mouse.set_visible(visible)
    except pygame.error:
        pass


class AimingHand:
    """Pressing, pulling and letting go of a piece, and the computer's hand seen doing the
    same. Its collaborators: the shared :class:`Stage`, the press (a piece over an enemy's
    is pressed, not pulled), the banners (a refused piece's hint), ``can_shoot`` and
    ``shoot`` (the scene's flick) and ``skip`` (a click hurries a round's result)."""

    def __init__(self, app: AppLike, stage: Stage, press: BayonetPress, banners: Banners, *,
                 can_shoot: Callable[[], bool], shoot: ShootCall,
                 skip: Callable[[], None], model: HandModel | None = None,
                 rng: random.Random | None = None) -> None:
        self._app = app
        self._stage = stage
        self._press = press
        self._banners = banners
        self._can_shoot = can_shoot
        self._shoot = shoot
        self._skip = skip
        self.drag: Drag | None = None
        #: the person's hand (physics.hand) and where its randomness is drawn
        self.model = model if model is not None else HAND
        self.rng = rng if rng is not None else random.Random()
        self._pointer = HeldPointer(warp_pointer)  # the hand on a piece, past the window too
        self._hiding_pointer = False  # the system pointer is hidden while a piece is held
        # a computer seat's planned shot and how long its pull-back has been shown
        self.computer_aim: tuple[Shot | Press, float] | None = None

    @property
    def busy(self) -> bool:
        """A person's hand holds a piece (pulled or pressed)."""
        return (self.drag is not None or self._press.pressing is not None) and \
            self.computer_aim is None

    def computer_turn(self, dt: float) -> None:
        """The computer is seen to shoot: once its seat has a shot ready, its piece lifts and
        the band is pulled back over COMPUTER_PULL_SECONDS, then the seat lets go (the next
        ``play.update()`` plays the shot)."""
        stage = self._stage
        seat = stage.play.seats[stage.match.turn]
        if not isinstance(seat, ChapaevComputer) or not stage.play.can_shoot:
            return
        shot = seat.ready()
        if shot is None or shot.disc not in stage.table:
            return
        if isinstance(shot, Press):  # the bayonet fight: its hand comes down and presses
            self.computer_aim = (shot, 0.0)
            self._press.computer_press(shot)
            return
        if self.computer_aim is None or self.computer_aim[0] != shot:
            self.computer_aim = (shot, 0.0)
            self._app.sound.play("tap", 0.3)
        else:
            self.computer_aim = (shot, self.computer_aim[1] + dt)
        age = self.computer_aim[1]
        x, y = stage.table.position(shot.disc)
        dx, dy = shot.direction
        norm = math.hypot(dx, dy) or 1.0
        pull = (view.DEAD_PULL + shot.strength * (view.FULL_PULL - view.DEAD_PULL)) * \
            ease(age / COMPUTER_PULL_SECONDS)
        self.drag = Drag(shot.disc, (x - dx / norm * pull, y - dy / norm * pull))
        if age >= COMPUTER_PULL_SECONDS + COMPUTER_HOLD_SECONDS:
            seat.release()

    def _pick(self, x: float, y: float) -> DiscId | None:
        """The disc under the pointer (a little forgiving at the rim)."""
        return self._stage.table.disc_at(x, y, slack=PICK_SLACK * self._stage.config.radius)

    # the hand pulling the piece back -----------------------------------------------------
    def follow(self, event: pygame.event.Event) -> None:
        """Move the held hand to where the pointer's event puts it.

        The hand is followed past the window's edge (:class:`HeldPointer`): the same pull is
        the same shot from every piece, and a piece by the window's edge still reaches full
        strength. Only absolute positions are read (no relative mouse mode), so a tablet, a
        remote desktop or a scripted pointer pulls as well as a mouse.
        """
        assert self.drag is not None
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return
        hand = self._pointer.follow(event.pos, self._stage.size)
        self.drag.pointer = self._stage.board_geometry().to_table(*hand)

    def press_at(self, pos: tuple[int, int]) -> bool:
        """The left button goes down at ``pos``: a piece is taken (or pressed), or the
        player is told why not; a click hurries a round's result."""
        stage = self._stage
        if stage.phase in (Phase.ROUND_RESULT, Phase.LINES):
            self._skip()
            return True
        x, y = stage.board_geometry().to_table(*pos)
        disc = self._pick(x, y)
        if disc is None:
            return False
        if not self._can_shoot() or not stage.play.person_to_shoot:
            self._banners.say(tr("chapaev.hint.wait"), disc)
            return True
        if disc[0] is not stage.match.turn:
            self._banners.say(tr("chapaev.hint.not_yours",
                                 side=color_name(stage.match.turn, "nom")), disc)
            return True
        if stage.play.can_press(disc):  # lies over or under an enemy piece: pressed
            self._press.start(disc)
            return True
        self.drag = Drag(disc, (x, y), self.model, sway_phases(self.rng))
        self._pointer.start(pos)
        show_pointer(False)
        self._hiding_pointer = True
        self._app.sound.play("tap", 0.3)
        return True

    def cancel(self) -> None:
        self.drag = None
        if self._hiding_pointer:
            self._hiding_pointer = False
            show_pointer(True)

    def release(self) -> None:
        drag = self.drag
        assert drag is not None
        self.cancel()
        table = self._stage.table
        if not self._can_shoot() or drag.disc not in table:
            return
        centre = table.position(drag.disc)
        pull = drag.pull(centre)
        strength = drag.strength(centre)
        if strength <= 0.0:
            return  # released on or very near the piece: no shot
        # the hand lets go: the sway it showed and an unseen error of the release, drawn here
        # once; the shot as played is what is simulated, kept and sent, with the pull meant
        direction, played = drag.model.release(self.rng, pull, strength, drag.haste,
                                               drag.sway(centre))
        self._shoot(drag.disc, direction, max(played, 1e-3), (pull[0], pull[1], strength))

    def tick(self, dt: float) -> None:
        """Frame time passes for the hand holding a piece (its speed, its sway)."""
        if self.drag is not None and self.computer_aim is None:
            self.drag.tick(dt)

    def hold(self, disc: DiscId, pointer: tuple[float, float]) -> None:
        """Show ``disc`` held by a hand at ``pointer`` (table units), pulled back as a player
        would (staged pictures)."""
        self.drag = Drag(disc, pointer)
