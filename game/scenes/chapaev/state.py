"""What several parts of the Chapaev screen read and change, in one small object: the match in
play and its aiming help, where the screen is in a shot's life, the round's setup and result,
the side at the bottom and the board turning toward it, the discs' last two physics states,
and the layout's size and scale. Each part is given this :class:`Stage`; what only one part
knows stays in that part."""
from __future__ import annotations

import pygame

from game.play.chapaev_play import ChapaevPlay
from game.rules.chapaev import ChapaevMatch, RoundResult, RoundSetup
from game.rules.core import Color
from game.scenes.chapaev.phases import Phase
from game.ui import chapaev_view as view
from physics import DiscId, Table, TableConfig

Spot = tuple[float, float, float]  # x, y, angle on the table


class Stage:
    """The Chapaev screen's shared state (see the module's docstring)."""

    def __init__(self, play: ChapaevPlay, aim: view.AimHelp, size: tuple[int, int]) -> None:
        self.play = play
        self.aim = aim
        self.config: TableConfig = play.config
        self.size = size
        self.scale = 1.0
        self.geometry = view.BoardGeometry(0, 0, 80)
        self.phase = Phase.AIM
        self.phase_age = 0.0  # seconds in this phase
        self.setup: RoundSetup = play.setup
        self.result: RoundResult | None = None  # the round just decided
        self.view_color = Color.WHITE  # the side at the bottom
        self.flip: tuple[bool, float] | None = None  # the board turning: (from flipped, age)
        self.flip_picture: pygame.Surface | None = None
        # every disc's (x, y, angle) in the last two physics states, drawn between them
        self.cur: dict[DiscId, Spot] = {}
        self.prev: dict[DiscId, Spot] = self.cur

    @property
    def match(self) -> ChapaevMatch:
        return self.play.match

    @property
    def table(self) -> Table:
        return self.play.table

    @property
    def flipped(self) -> bool:
        return self.view_color is Color.BLACK

    def board_geometry(self) -> view.BoardGeometry:
        """The board's place on the screen, turned the way the board is seen now."""
        if self.geometry.flipped != self.flipped:
            self.geometry = self.geometry.with_flip(self.flipped)
        return self.geometry

    def snapshot(self) -> None:
        """Take the table's discs as they are now as the latest physics state."""
        self.cur = {s.disc: (s.x, s.y, s.angle) for s in self.table.disc_states()}

    def settle(self) -> None:
        """The table as it is now, with nothing to draw between (a jump, not a move)."""
        self.snapshot()
        self.prev = self.cur

    def wanted_view(self) -> Color:
        """The side at the bottom (see :attr:`ChapaevPlay.view_color`)."""
        color: Color = self.play.view_color
        return color

    def set_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.phase_age = 0.0
