"""One base for the screens that are a form of option rows: the setup of a board game, the
setup of a Chapaev match, and Settings. Each row has its label (and, where it has one, a
sentence saying what the chosen value means) on the left and its choices on the right; the
buttons sit at the bottom, the main one (Start) on the right with the focus."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import drawing, theme
from game.ui.widgets import Button, OptionRow, OptionRows

if TYPE_CHECKING:
    from game.app import App


class FormScene(Scene):
    """Subclasses give the title, the rows and the main action (None: only Back)."""

    #: at most this many choices side by side in a row (more are laid out as if this many)
    columns: int | None = None

    def __init__(self, app: App) -> None:
        self.focus = -1  # a row index, or len(rows) for the main button, then Back
        super().__init__(app)

    # what a subclass fills in ---------------------------------------------------------------
    def title(self) -> str:
        raise NotImplementedError

    def subtitle(self) -> str | None:
        return None

    def hint(self) -> str | None:
        return None

    def build_rows(self) -> list[OptionRow]:
        raise NotImplementedError

    def main_action(self) -> tuple[str, Callable[[], None]] | None:
        """The label and action of the button that finishes the form (Start)."""
        return None

    # layout -------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.rows = self.build_rows()
        px = max(14, round(24 * s))
        # rows share the height between the title and the buttons (at most 110 apart)
        spacing = min(110, (620 - 190 - 56) // max(1, len(self.rows) - 1))
        self.help_lines = 2 if spacing >= 90 else 1
        for r, row in enumerate(self.rows):
            row.place(self._x(540), self._y(190 + r * spacing), round(660 * s), round(56 * s),
                      round(12 * s), px, columns=self.columns)
        big = max(16, round(30 * s))
        buttons: list[Button] = []
        main = self.main_action()
        self.start: Button | None = None
        if main is not None:
            self.start = Button(main[0], main[1], px=big)
            self.start.rect = pygame.Rect(self._x(540), self._y(650), round(400 * s),
                                          round(70 * s))
            buttons.append(self.start)
        self.back = Button(tr("common.back"), self.on_back, px=big)
        self.back.rect = pygame.Rect(self._x(100), self._y(650), round(300 * s), round(70 * s))
        buttons.append(self.back)
        if self.focus < 0:
            # the main button has the focus: one key or click to go on
            self.focus = len(self.rows) if main is not None else 0
        self.form = OptionRows(self.rows, buttons, on_enter=main[1] if main else None,
                               focus=self.focus)

    def _x(self, x: float) -> int:
        return self.origin[0] + round(x * self.scale)

    def _y(self, y: float) -> int:
        return self.origin[1] + round(y * self.scale)

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.form.handle_event(event)
        self.focus = self.form.focus
        return used

    # drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(self.title(), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, (self._x(100), self._y(50)))
        subtitle = self.subtitle()
        if subtitle:
            label = theme.text(subtitle, max(15, round(26 * s)), theme.TEXT_MUTED)
            surface.blit(label, (self._x(104), self._y(50) + title.get_height() + round(4 * s)))
        label_px = max(15, round(27 * s))
        help_px = max(12, round(18 * s))
        width = round(425 * s)
        for r, row in enumerate(self.rows):
            anchor = row.buttons[0].rect
            colour = theme.ACCENT if r == self.form.focus else theme.TEXT
            lines = theme.wrap(tr(row.label_key), label_px, width, True)
            y = anchor.top if row.help is not None else \
                anchor.centery - len(lines) * round(label_px * 1.2) // 2
            for line in lines[:2]:
                label = theme.text(line, label_px, colour, True)
                surface.blit(label, (self._x(100), y))
                y += round(label_px * 1.2)
            if row.help is not None:
                y += round(4 * s) - round(label_px * 0.2)
                lines = theme.wrap(row.help(row.get()), help_px, width)
                if len(lines) > self.help_lines:  # say that there is more, never cut a word
                    lines = lines[:self.help_lines]
                    lines[-1] = lines[-1].rstrip(" ,.;:—") + "…"
                for line in lines:
                    rendered = theme.text(line, help_px, theme.TEXT_MUTED)
                    surface.blit(rendered, (self._x(100), y))
                    y += round(help_px * 1.25)
        self.form.draw(surface)
        hint = self.hint()
        focused = self.rows[self.form.focus] if 0 <= self.form.focus < len(self.rows) else None
        if focused is not None and focused.help is not None:
            hint = focused.help(focused.get())  # the focused row's whole sentence
        if hint:
            label = theme.text(hint, max(12, round(18 * s)), theme.TEXT_MUTED)
            surface.blit(label, (self._x(100), self._y(760)))
