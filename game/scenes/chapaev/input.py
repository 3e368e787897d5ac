"""The Chapaev screen's input (a part of it): the mouse pulls, presses and lets go of a
piece, the side panel's buttons, the keys (Esc puts the piece down, R replays the last shot,
Space or Enter hurries the round's end), a replay under way takes every event, and the game
over the network hears Ctrl+C first (the address copied)."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.scenes.chapaev.hand import AimingHand
from game.scenes.chapaev.phases import Phase
from game.scenes.chapaev.press import BayonetPress
from game.scenes.chapaev.replay import ShotReplay
from game.scenes.chapaev.sidebar import Sidebar
from game.scenes.chapaev.state import Stage
from game.scenes.common.network import NetView


class TableInput:
    """Routes one input event to the part it is for; ``let_go`` puts the piece held down
    (nothing shot or pressed), ``skip`` hurries the round's end."""

    def __init__(self, stage: Stage, hand: AimingHand, press: BayonetPress, replay: ShotReplay,
                 sidebar: Sidebar, net: NetView | None, *, let_go: Callable[[], None],
                 skip: Callable[[], None]) -> None:
        self._stage = stage
        self._hand = hand
        self._press = press
        self._replay = replay
        self._sidebar = sidebar
        self._net = net
        self._let_go = let_go
        self._skip = skip

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._net is not None and self._net.handle_event(event):
            return True
        if self._replay.replaying is not None:
            return self._replay.handle_event(event)
        hand = self._hand
        if event.type == pygame.WINDOWFOCUSLOST and hand.busy:
            # the button's release may never come (another window took the pointer): the
            # piece is put down, nothing is shot or pressed
            self._let_go()
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self._sidebar.handle_event(event):
            return True
        if hand.computer_aim is not None and event.type in (
                pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return False  # the computer's hand holds the piece, not the mouse
        if event.type == pygame.MOUSEMOTION:
            if hand.drag is not None:
                hand.follow(event)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            if hand.busy:
                if event.button == 3:
                    self._let_go()
                return True
            if event.button != 1:
                return False
            return hand.press_at(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
                self._press.pressing is not None:
            self._press.release()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and hand.drag is not None:
            hand.follow(event)
            hand.release()
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self._hand.busy:
            self._let_go()
            return True
        if event.key == pygame.K_r and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return self._replay.start()
        if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and \
                self._stage.phase in (Phase.ROUND_RESULT, Phase.LINES):
            self._skip()
            return True
        return False
