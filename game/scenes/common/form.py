"""One base for the screens that are a form of option rows: the setup of a board game, the
setup of a Chapaev match, and Settings. Each row has its label (and, where it has one, a
sentence saying what the chosen value means) on the left and its choices on the right; the
buttons sit at the bottom, the main one (Start) on the right with the focus. A description
wraps: each row is made as high as its longest description needs, the title and the gaps
drawn closer where the window is short. Only where even that does not fit does a description
end in an ellipsis, and then it opens whole while its row has the focus (the keys, or the
mouse over the row)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import drawing, theme
from game.ui.widgets import Button, OptionRow, OptionRows

if TYPE_CHECKING:
    from game.app_like import AppLike


#: the least room between one row's words and the next row (the design's units)
GAP = 8.0


@dataclass(frozen=True, slots=True)
class _Spots:
    """Where a form's parts stand, in the design's units from its top: the title, each row's
    top and its height to the next, the lines of description each row has room for, the
    buttons' top and the hint's, and the height the whole form takes (800 and more)."""

    title: float
    rows: list[float]
    steps: list[float]
    lines: list[int]
    buttons: float
    hint: float
    height: float


class FormScene(Scene):
    """Subclasses give the title, the rows and the main action (None: only Back)."""

    #: at most this many choices side by side in a row (more are laid out as if this many)
    columns: int | None = None

    def __init__(self, app: AppLike) -> None:
        self.focus = -1  # a row index, or len(rows) for the main button, then Back
        #: the lines of the focused row's description as last drawn (whole: opened)
        self.help_shown: list[str] = []
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
        for _ in range(3):
            self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
            self.rows = self.build_rows()
            self.label_px = max(15, round(27 * s))
            self.help_px = max(theme.MIN_PX, round(18 * s))
            self.text_width = round(425 * s)
            spots = self._spots(size)
            # more rows than the design's height holds even drawn close: the whole form a
            # little smaller, rather than its last buttons below the window
            if spots.height * s <= size[1] + 1:
                break
            s = self.scale = s * size[1] / (spots.height * s)
        self._place(spots)
        big = max(16, round(30 * s))
        buttons: list[Button] = []
        main = self.main_action()
        self.start: Button | None = None
        if main is not None:
            self.start = Button(main[0], main[1], px=big)
            self.start.rect = pygame.Rect(self._x(540), self._y(spots.buttons),
                                          round(400 * s), round(70 * s))
            buttons.append(self.start)
        self.back = Button(tr("common.back"), self.on_back, px=big)
        self.back.rect = pygame.Rect(self._x(100), self._y(spots.buttons), round(300 * s),
                                     round(70 * s))
        buttons.append(self.back)
        if self.focus < 0:
            # the main button has the focus: one key or click to go on
            self.focus = len(self.rows) if main is not None else 0
        self.form = OptionRows(self.rows, buttons, on_enter=main[1] if main else None,
                               focus=self.focus)

    def _help_lines(self, row: OptionRow, most: int) -> int:
        """The lines the longest description of ``row``'s choices takes (at most ``most``):
        its place is made for the longest, so the rows stay put as choices change."""
        if row.help is None:
            return 0
        return min(most, max(len(theme.wrap(row.help(value), self.help_px, self.text_width))
                             for _, value in row.choices))

    def _need(self, row: OptionRow, lines: int) -> float:
        """The height of ``row``'s label and ``lines`` of its description, in the design's
        units (its buttons are 56 high)."""
        s = self.scale
        labels = len(theme.wrap_lines(tr(row.label_key), self.label_px, self.text_width, 2,
                                      True))
        height = (labels * round(self.label_px * 1.2) + round(4 * s) - round(self.label_px * 0.2)
                  + lines * round(self.help_px * 1.25))
        return max(56.0, height / s)

    def _spots(self, size: tuple[int, int]) -> _Spots:
        """Where the title, each row, the buttons and the hint stand (the design's units from
        the top of the 1280×800 design, which a taller window centres): each row as high as
        its longest description needs (every word shown), the title and the gaps drawn
        closer where the window is short; where even that does not fit, the descriptions
        cut to what fits, opened whole on focus."""
        tall = size[1] / self.scale
        count = max(1, len(self.rows))
        # the comfortable pitch of rows that need no more than their buttons
        even = min(110.0, (620 - 190 - 56) / max(1, count - 1))
        hinted = bool(self.hint())
        tail = 150.0 if hinted else 100.0  # the buttons, and the hint's line under them
        for most in (3, 2, 1):
            lines = [self._help_lines(row, most) for row in self.rows]
            steps = [max(even, self._need(row, n) + GAP) for row, n in zip(self.rows, lines)]
            span = sum(steps[:-1]) + (self._need(self.rows[-1], lines[-1]) if self.rows else 0)
            # the title's band, the gap above the buttons and the hint's, closer if need be
            over = 190 + span + 30 + tail - tall
            squeeze = max(0.0, min(over, 40.0)), max(0.0, min(over - 40, 20.0))
            if over - sum(squeeze) <= 0 or most == 1:
                break
        left = over - sum(squeeze)
        if left > 0 and len(steps) > 1:  # still too tall: the rows closer, 2 units apart
            cut = min(left / (len(steps) - 1), GAP - 2)
            steps = [step - cut for step in steps]
            span -= cut * (len(steps) - 1)
        title = 50 - squeeze[0] * 0.6
        top = 190 - squeeze[0]
        buttons = max(650.0, top + span + 30 - squeeze[1] / 2)
        hint = buttons + 110 - squeeze[1] / 2
        # a layout taller than the design's takes the window's own margin first
        height = max(800.0, hint + 40 if hinted else buttons + 90)
        self.origin = (self.origin[0], max(0, round((size[1] - height * self.scale) / 2)))
        rows_at, y = [], top
        for step in steps:
            rows_at.append(y)
            y += step
        return _Spots(title, rows_at, steps, lines, buttons, hint, height)

    def _place(self, spots: _Spots) -> None:
        s = self.scale
        px = max(14, round(24 * s))
        self.spots = spots
        for row, y in zip(self.rows, spots.rows):
            row.place(self._x(540), self._y(y), round(660 * s), round(56 * s), round(12 * s), px,
                      columns=self.columns)

    def _x(self, x: float) -> int:
        return self.origin[0] + round(x * self.scale)

    def _y(self, y: float) -> int:
        return self.origin[1] + round(y * self.scale)

    def label_rect(self, row: int) -> pygame.Rect:
        """Where row ``row``'s label and description stand (the mouse over it focuses it)."""
        anchor = self.rows[row].buttons[0].rect
        return pygame.Rect(self._x(100), anchor.top, round(425 * self.scale),
                           round(self.spots.steps[row] * self.scale))

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.form.handle_event(event)
        if event.type == pygame.MOUSEMOTION:
            for r in range(len(self.rows)):
                if self.label_rect(r).collidepoint(event.pos):
                    self.form.focus = r
                    self.form.sync()
        self.focus = self.form.focus
        return used

    # drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(self.title(), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, (self._x(100), self._y(self.spots.title)))
        subtitle = self.subtitle()
        if subtitle:
            label = theme.text(subtitle, max(15, round(26 * s)), theme.TEXT_MUTED)
            surface.blit(label, (self._x(104), self._y(self.spots.title) + title.get_height()
                                 + round(4 * s)))
        label_px, help_px, width = self.label_px, self.help_px, self.text_width
        focused = self.form.focus if 0 <= self.form.focus < len(self.rows) else None
        self.help_shown = []
        for r, row in enumerate(self.rows):
            if r != focused:
                self._draw_row(surface, r, label_px, help_px, width, whole=False)
        self.form.draw(surface)
        if focused is not None:  # last: its opened description lies over the rows below
            self._draw_row(surface, focused, label_px, help_px, width, whole=True)
        hint = self.hint()
        if hint:
            words, px = theme.fit(hint, max(theme.MIN_PX, round(18 * s)),
                                  self.size[0] - self._x(100) - round(20 * s))
            surface.blit(theme.text(words, px, theme.TEXT_MUTED),
                         (self._x(100), self._y(self.spots.hint)))

    def _draw_row(self, surface: pygame.Surface, r: int, label_px: int, help_px: int,
                  width: int, whole: bool) -> None:
        """Row ``r``'s label and the description of its value: cut to its place with an
        ellipsis, or ``whole`` (the focused row), on a panel over the rows below."""
        s = self.scale
        row = self.rows[r]
        anchor = row.buttons[0].rect
        colour = theme.ACCENT if whole else theme.TEXT
        labels = theme.wrap_lines(tr(row.label_key), label_px, width, 2, True)
        step, help_step = round(label_px * 1.2), round(help_px * 1.25)
        y = anchor.top if row.help is not None else anchor.centery - len(labels) * step // 2
        lines: list[str] = []
        if row.help is not None:
            text = row.help(row.get())
            lines = theme.wrap(text, help_px, width) if whole else \
                theme.wrap_lines(text, help_px, width, max(1, self.spots.lines[r]))
        if whole:
            self.help_shown = lines
            height = len(labels) * step + round(4 * s) + len(lines) * help_step
            if len(lines) > max(1, self.spots.lines[r]):
                box = pygame.Rect(self._x(100), y, width, height).inflate(round(24 * s),
                                                                          round(14 * s))
                pygame.draw.rect(surface, (0, 0, 0), box.move(0, round(4 * s)),
                                 border_radius=round(10 * s))
                pygame.draw.rect(surface, theme.PANEL, box, border_radius=round(10 * s))
                pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.6), box,
                                 width=max(1, round(2 * s)), border_radius=round(10 * s))
        for line in labels:
            surface.blit(theme.text(line, label_px, colour, True), (self._x(100), y))
            y += step
        y += round(4 * s) - round(label_px * 0.2)
        for line in lines:
            surface.blit(theme.text(line, help_px, theme.TEXT if whole else theme.TEXT_MUTED),
                         (self._x(100), y))
            y += help_step
