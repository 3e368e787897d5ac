"""The trainer's first page: which game (those with puzzles) and which technique, or all of
them mixed, each with its count of puzzles and how many the person has solved."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game.i18n import STRINGS, counted, tr
from game.puzzles.model import Puzzle, Technique
from game.puzzles.progress import Progress
from game.scenes.trainer.words import rating_line
from game.ui import theme
from game.ui.widgets import Button, ButtonColumn


def technique_name(technique: Technique) -> str:
    """A technique's name in the person's language (its key's words until the technique
    strings are there)."""
    key = technique.title_key
    return tr(key) if key in STRINGS else technique.value.replace("-", " ")


@dataclass(frozen=True, slots=True)
class Shelf:
    """One game's puzzles as the trainer offers them, or why they cannot be read."""

    game: str
    puzzles: tuple[Puzzle, ...]
    problem: str | None = None

    def of(self, technique: Technique | None) -> list[Puzzle]:
        return [p for p in self.puzzles if technique is None or technique in p.techniques]

    def techniques(self) -> list[Technique]:
        """The techniques that have puzzles here, in the box's order."""
        present = {t for p in self.puzzles for t in p.techniques}
        return [t for t in Technique if t in present]


class Chooser:
    """Game tabs on the left (Left/Right or a click), the techniques of the chosen game on the
    right (Up/Down, Enter or a click starts them)."""

    def __init__(self, shelves: Sequence[Shelf], progress: Progress, game: str | None,
                 start: Callable[[str, Technique | None], None]) -> None:
        self.shelves = list(shelves)
        self.progress = progress
        self.start = start
        keys = [shelf.game for shelf in self.shelves]
        self.index = keys.index(game) if game in keys else 0
        self.tabs: list[Button] = []
        self.choices = ButtonColumn([])
        self.area = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.choices_left = 0  # where the techniques' column begins

    @property
    def shelf(self) -> Shelf | None:
        return self.shelves[self.index] if self.shelves else None

    def layout(self, area: pygame.Rect, scale: float) -> None:
        self.area, self.scale = area, scale
        s = scale
        px = max(theme.MIN_PX + 2, round(24 * s))
        column = round(300 * s)
        height = max(34, round(56 * s))
        self.tabs = []
        for i, shelf in enumerate(self.shelves):
            tab = Button(tr(f"game.{shelf.game}"), partial(self.show, i), px=px)
            tab.rect = pygame.Rect(area.left, area.top + i * (height + round(12 * s)),
                                   column, height)
            tab.selected = i == self.index
            self.tabs.append(tab)
        self._choices(area.left + column + round(40 * s), px, height)

    def _choices(self, left: int, px: int, height: int) -> None:
        shelf = self.shelf
        buttons: list[Button] = []
        if shelf is not None and shelf.puzzles:
            for technique in [None, *shelf.techniques()]:
                puzzles = shelf.of(technique)
                solved = sum(self.progress.solved(p.id) for p in puzzles)
                name = tr("trainer.mixed") if technique is None else technique_name(technique)
                label = f"{name} · {counted('trainer.count', len(puzzles), solved=solved)}"
                buttons.append(Button(label, partial(self.start, shelf.game, technique),
                                      px=px, short=name))
        s = self.scale
        top = self.area.top + round(44 * s)
        room = self.area.bottom - top
        pitch = min(height + round(10 * s), room // max(1, len(buttons)))
        for i, button in enumerate(buttons):
            button.rect = pygame.Rect(left, top + i * pitch, self.area.right - left,
                                      max(28, pitch - round(10 * s)))
        self.choices = ButtonColumn(buttons)
        self.choices_left = left

    def show(self, index: int) -> None:
        if self.shelves:
            self.index = index % len(self.shelves)
            self.layout(self.area, self.scale)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT,
                                                          pygame.K_TAB):
            back = event.key == pygame.K_LEFT or bool(event.mod & pygame.KMOD_SHIFT)
            self.show(self.index + (-1 if back else 1))
            return True
        if any([tab.handle_event(event) for tab in self.tabs]):
            return True
        return bool(self.choices.buttons) and self.choices.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        for tab in self.tabs:
            tab.draw(surface)
        shelf = self.shelf
        px = max(theme.MIN_PX, round(22 * s))
        x = self.choices_left
        width = self.area.right - x
        if shelf is None or not shelf.puzzles:
            words = tr("trainer.none") if shelf is None or shelf.problem is None \
                else tr("trainer.broken", why=shelf.problem)
            for i, part in enumerate(theme.wrap_lines(words, px, width, 4)):
                surface.blit(theme.text(part, px, theme.TEXT), (x, self.area.top + i * px * 1.4))
            return
        head = rating_line(self.progress.rating(shelf.game))
        surface.blit(theme.text(theme.cut(head, px, width), px, theme.TEXT_MUTED),
                     (x, self.area.top))
        self.choices.draw(surface)
