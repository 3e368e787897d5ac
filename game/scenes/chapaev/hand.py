"""The hand at the Chapaev table: a piece pressed, pulled back like a slingshot and let go;
the computer's hand shown doing the same (mixed into the Chapaev scene)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import tr
from game.play.chapaev_computer import ChapaevComputer
from game.ui import chapaev_view as view
from game.ui.chapaev_panel import color_name
from game.scenes.chapaev.phases import Phase, ease
from physics import DiscId, Press

PICK_SLACK = 0.1  # a press this far (in radii) outside a piece's rim still picks it up
COMPUTER_PULL_SECONDS = 0.7  # the computer pulls its piece back this long, in sight
COMPUTER_HOLD_SECONDS = 0.12  # and holds the full pull a moment before it lets go


@dataclass(slots=True)
class Drag:
    """A piece held by the pointer (pointer in table units). The pull is measured on one
    scale everywhere (:func:`view.pull_strength`, in squares): the same pull is the same shot
    from every piece, whatever room it has to the window's edge."""

    disc: DiscId
    pointer: tuple[float, float]

    def pull(self, centre: tuple[float, float]) -> tuple[float, float]:
        """From the pointer to the piece: the way the piece will fly."""
        return (centre[0] - self.pointer[0], centre[1] - self.pointer[1])

    def strength(self, centre: tuple[float, float]) -> float:
        """The shot's strength if the piece at ``centre`` were let go now."""
        return view.pull_strength(math.hypot(*self.pull(centre)))


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


class ChapaevHand:
    """Pressing, pulling and letting go (``self`` is the :class:`ChapaevScene`)."""

    def _computer_turn(self: Any, dt: float) -> None:
        """The computer is seen to shoot: once its seat has a shot ready, its piece lifts and
        the band is pulled back over COMPUTER_PULL_SECONDS, then the seat lets go (the next
        ``play.update()`` plays the shot)."""
        seat = self.play.seats[self.match.turn]
        if not isinstance(seat, ChapaevComputer) or not self.play.can_shoot:
            return
        shot = seat.ready()
        if shot is None or shot.disc not in self.table:
            return
        if isinstance(shot, Press):  # the bayonet fight: its hand comes down and presses
            self._computer_aim = (shot, 0.0)
            self._computer_press(shot)
            return
        if self._computer_aim is None or self._computer_aim[0] != shot:
            self._computer_aim = (shot, 0.0)
            self.app.sound.play("tap", 0.3)
        else:
            self._computer_aim = (shot, self._computer_aim[1] + dt)
        age = self._computer_aim[1]
        x, y = self.table.position(shot.disc)
        dx, dy = shot.direction
        norm = math.hypot(dx, dy) or 1.0
        pull = (view.DEAD_PULL + shot.strength * (view.FULL_PULL - view.DEAD_PULL)) * \
            ease(age / COMPUTER_PULL_SECONDS)
        self.drag = Drag(shot.disc, (x - dx / norm * pull, y - dy / norm * pull))
        if age >= COMPUTER_PULL_SECONDS + COMPUTER_HOLD_SECONDS:
            seat.release()

    def _pick(self: Any, x: float, y: float) -> DiscId | None:
        """The disc under the pointer (a little forgiving at the rim)."""
        return self.table.disc_at(x, y, slack=PICK_SLACK * self.config.radius)

    def handle_event(self: Any, event: pygame.event.Event) -> bool:
        if self.replaying is not None:
            return bool(self._replay_event(event))
        if event.type == pygame.WINDOWFOCUSLOST and self._computer_aim is None and (
                self.drag is not None or self.pressing is not None):
            # the button's release may never come (another window took the pointer): the
            # piece is put down, nothing is shot or pressed
            self.cancel_drag()
            self.end_press()
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and (self.drag is not None or self.pressing
                                                 is not None) and self._computer_aim is None:
                self.cancel_drag()
                self.end_press()
                return True
            if event.key == pygame.K_r and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                return bool(self.start_replay())
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    self.phase in (Phase.ROUND_RESULT, Phase.LINES):
                self.skip()
                return True
            return False
        if self.pause_button.handle_event(event):
            return True
        if self.can_replay and self.replay_button.handle_event(event):
            return True
        if self._computer_aim is not None and event.type in (
                pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return False  # the computer's hand holds the piece, not the mouse
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self._follow(event)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if (self.drag is not None or self.pressing is not None) and \
                    self._computer_aim is None:
                if event.button == 3:
                    self.cancel_drag()
                    self.end_press()
                return True
            if event.button != 1:
                return False
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self.pressing is not None:
            self.release_press()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._follow(event)
            self._release()
            return True
        return False

    # the hand pulling the piece back -----------------------------------------------------
    def _follow(self: Any, event: pygame.event.Event) -> None:
        """Move the held hand to where the pointer's event puts it.

        The hand is followed past the window's edge (:class:`HeldPointer`): the same pull is
        the same shot from every piece, and a piece by the window's edge still reaches full
        strength. Only absolute positions are read (no relative mouse mode), so a tablet, a
        remote desktop or a scripted pointer pulls as well as a mouse.
        """
        assert self.drag is not None
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return
        hand = self._hand.follow(event.pos, self.size)
        self.drag.pointer = self._geometry().to_table(*hand)

    def _press(self: Any, pos: tuple[int, int]) -> bool:
        if self.phase in (Phase.ROUND_RESULT, Phase.LINES):
            self.skip()
            return True
        x, y = self._geometry().to_table(*pos)
        disc = self._pick(x, y)
        if disc is None:
            return False
        if not self.can_shoot or not self.play.person_to_shoot:
            self.hint(tr("chapaev.hint.wait"), disc)
            return True
        if disc[0] is not self.match.turn:
            self.hint(tr("chapaev.hint.not_yours", side=color_name(self.match.turn, "nom")),
                      disc)
            return True
        if self.play.can_press(disc):  # lies over or under an enemy piece: pressed
            self.start_press(disc)
            return True
        self.drag = Drag(disc, (x, y))
        self._hand.start(pos)
        show_pointer(False)
        self._hiding_pointer = True
        self.app.sound.play("tap", 0.3)
        return True

    def cancel_drag(self: Any) -> None:
        self.drag = None
        if self._hiding_pointer:
            self._hiding_pointer = False
            show_pointer(True)

    def _release(self: Any) -> None:
        drag = self.drag
        assert drag is not None
        self.cancel_drag()
        if not self.can_shoot or drag.disc not in self.table:
            return
        centre = self.table.position(drag.disc)
        pull = drag.pull(centre)
        strength = drag.strength(centre)
        if strength <= 0.0:
            return  # released on or very near the piece: no shot
        self.shoot(drag.disc, pull, strength)

    def hold(self: Any, disc: DiscId, pointer: tuple[float, float]) -> None:
        """Show ``disc`` held by a hand at ``pointer`` (table units), pulled back as a player
        would (staged pictures)."""
        self.drag = Drag(disc, pointer)
