"""A screen that is a list: a title, a scrolling list of lines (a picture drawn when first
seen, a title, a detail) on the left and buttons on the right. The Games screen, a PDN
file's games and the file browser are such lists."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import tr
from game.scene import Scene
from game.ui import drawing, theme, thumbs
from game.ui.fit import MAX_CHARS
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike

ROW = 92  # design pixels per line of the list
THUMB = 78
NEW_THUMBS_PER_FRAME = 3  # pictures drawn per frame: the screen opens at once, fills in fast


@dataclass(slots=True)
class Line:
    """One line of a list: a picture (drawn when first seen), a title and a detail."""

    title: str
    detail: str
    game: str | None = None
    picture: Callable[[], dict[str, Any]] | None = None
    key: Any = None
    problem: bool = False
    marked: bool = False  # one of a group the list begins with (the unfinished games)
    thumb: pygame.Surface | None = field(default=None, repr=False)
    #: the end of the detail that is never cut (a game's result): the rest gives way to it
    result: str = ""


class LazyLines(Sequence[Line]):
    """``count`` lines, each made by ``make(index)`` when first looked at: a PDN file of forty
    thousand games lists at once."""

    def __init__(self, count: int, make: Callable[[int], Line]) -> None:
        self._count = count
        self._make = make
        self._made: dict[int, Line] = {}

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        line = self._made.get(index)
        if line is None:
            line = self._made[index] = self._make(index)
        return line

    def made(self) -> Iterable[Line]:
        """The lines made so far."""
        return self._made.values()


class ListScene(Scene):
    """A title, a scrolling list of lines on the left, buttons on the right."""

    title_key = ""

    def __init__(self, app: AppLike) -> None:
        self.lines: Sequence[Line] = []
        self.selected = 0
        self.scroll = 0
        super().__init__(app)
        self.reload()

    # what a subclass gives
    def load_lines(self) -> Sequence[Line]:
        raise NotImplementedError

    def button_specs(self) -> list[tuple[str, Callable[[], None]]]:
        raise NotImplementedError

    def activate(self) -> None:
        """Enter or a double click on the selected line."""

    def empty_text(self) -> str:
        return tr("games.empty")

    def title(self) -> str:
        return tr(self.title_key)

    def hint(self) -> str:
        """The keys, under the list (two lines at most)."""
        return tr("games.hint")

    def is_picked(self, line: Line) -> bool:
        """Whether ``line`` is marked (the Games screen marks several to delete at once)."""
        return False

    # ---
    def reload(self) -> None:
        line = self.current
        self.lines = self.load_lines()
        if line is not None and line.key is not None and not isinstance(self.lines, LazyLines):
            # the same line keeps the selection when others come before it (a game kept)
            self.selected = next((i for i, new in enumerate(self.lines) if new.key == line.key),
                                 self.selected)
        self.selected = max(0, min(self.selected, len(self.lines) - 1))
        self._clamp()

    def on_resume(self) -> None:
        self.reload()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.list_rect = pygame.Rect(self._x(60), self._y(130), round(820 * s), round(620 * s))
        self.row_h = max(40, round(ROW * s))
        self.thumb_side = max(30, round(THUMB * s))
        px = max(14, round(24 * s))
        self.buttons: list[Button] = []
        for i, (label, action) in enumerate(self.button_specs()):
            button = Button(label, action, px=px)
            button.rect = pygame.Rect(self._x(920), self._y(130 + i * 74), round(300 * s),
                                      round(58 * s))
            self.buttons.append(button)
        for line in self.lines.made() if isinstance(self.lines, LazyLines) else self.lines:
            line.thumb = None
        self._clamp()

    def _x(self, x: float) -> int:
        return self.origin[0] + round(x * self.scale)

    def _y(self, y: float) -> int:
        return self.origin[1] + round(y * self.scale)

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // self.row_h)

    def _clamp(self) -> None:
        if not hasattr(self, "row_h"):
            return
        top = max(0, len(self.lines) - self.visible_rows)
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, top))

    def select(self, index: int) -> None:
        if self.lines:
            self.selected = max(0, min(len(self.lines) - 1, index))
            self._clamp()

    @property
    def current(self) -> Line | None:
        return self.lines[self.selected] if 0 <= self.selected < len(self.lines) else None

    def line_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.list_rect.top) // self.row_h
        return index if index < len(self.lines) else None

    @property
    def animating(self) -> bool:
        shown = self.lines[self.scroll:self.scroll + self.visible_rows]
        return any(line.thumb is None and line.game is not None for line in shown)

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.line_at(event.pos)
            if index is not None:
                again = index == self.selected and getattr(event, "clicks", 1) >= 2
                self.select(index)
                if again:
                    self.activate()
                return True
        if event.type == pygame.MOUSEWHEEL:
            top = max(0, len(self.lines) - self.visible_rows)
            self.scroll = max(0, min(top, self.scroll - event.y))
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                     pygame.K_PAGEDOWN: self.visible_rows}
            if event.key in moves:
                self.select(self.selected + moves[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.select(0)
                return True
            if event.key == pygame.K_END:
                self.select(len(self.lines) - 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(self.title(), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, (self._x(60), self._y(40)))
        box = self.list_rect
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.25), box,
                         border_radius=round(12 * s))
        if not self.lines:
            for i, text in enumerate(theme.wrap(self.empty_text(), max(14, round(22 * s)),
                                                box.width - round(40 * s))):
                label = theme.text(text, max(14, round(22 * s)), theme.TEXT_MUTED)
                surface.blit(label, (box.left + round(20 * s), box.top + round(20 * s)
                                     + i * round(30 * s)))
        drawn = 0
        pad = round(8 * s)
        title_px, detail_px = max(14, round(24 * s)), max(12, round(18 * s))
        for row, line in enumerate(self.lines[self.scroll:self.scroll + self.visible_rows]):
            index = self.scroll + row
            rect = pygame.Rect(box.left, box.top + row * self.row_h, box.width, self.row_h)
            picked = self.is_picked(line)
            if index == self.selected or picked:
                fill = theme.mix(theme.ACCENT, theme.PANEL, 0.7 if index == self.selected
                                 else 0.85)
                pygame.draw.rect(surface, fill, rect.inflate(-pad, -pad // 2),
                                 border_radius=round(10 * s))
            if picked:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-pad, -pad // 2),
                                 width=max(2, round(3 * s)), border_radius=round(10 * s))
            x = rect.left + 2 * pad
            if line.marked:
                pygame.draw.rect(surface, theme.ACCENT, (rect.left + pad, rect.top + pad,
                                                         max(3, round(5 * s)), rect.height - 2 * pad),
                                 border_radius=2)
            if line.game is not None:
                if line.thumb is None and drawn < NEW_THUMBS_PER_FRAME:
                    drawn += 1
                    picture = line.picture() if line.picture is not None else {}
                    line.thumb = thumbs.thumbnail(line.game, picture, self.thumb_side)
                tile = line.thumb or thumbs.placeholder(self.thumb_side)
                surface.blit(tile, tile.get_rect(midleft=(x, rect.centery)))
                x += self.thumb_side + 2 * pad
            if picked:
                _draw_tick(surface, (rect.left + 2 * pad, rect.top + pad), s)
            width = rect.right - x - 2 * pad
            head = theme.text(_fit(line.title, title_px, width, True), title_px,
                              theme.TEXT_MUTED if line.problem else theme.TEXT, True)
            surface.blit(head, (x, rect.top + round(self.row_h * 0.16)))
            detail = theme.text(_fit_detail(line, detail_px, width), detail_px, theme.TEXT_MUTED)
            surface.blit(detail, (x, rect.top + round(self.row_h * 0.56)))
        if len(self.lines) > self.visible_rows:
            track = pygame.Rect(box.right - round(8 * s), box.top, round(6 * s), box.height)
            share = self.visible_rows / len(self.lines)
            thumb = pygame.Rect(track.left, box.top + round(box.height * self.scroll
                                                            / len(self.lines)),
                                track.width, max(12, round(box.height * share)))
            pygame.draw.rect(surface, theme.TEXT_MUTED, thumb, border_radius=3)
        for button in self.buttons:
            button.draw(surface)
        px = max(12, round(18 * s))
        lines = theme.wrap_lines(self.hint(), px, round(1160 * s), 2)
        y = self._y(762 if len(lines) == 1 else 750)
        for text in lines:
            surface.blit(theme.text(text, px, theme.TEXT_MUTED), (self._x(60), y))
            y += round(px * 1.25)


def _draw_tick(surface: pygame.Surface, corner: tuple[int, int], s: float) -> None:
    """The mark of a marked line: a tick in a round badge, its top left at ``corner``."""
    r = max(7, round(13 * s))
    centre = (corner[0] + r, corner[1] + r)
    pygame.draw.circle(surface, theme.ACCENT, centre, r)
    pygame.draw.circle(surface, theme.PANEL, centre, r, width=max(1, round(2 * s)))
    x, y = centre
    points = [(x - r * 0.5, y), (x - r * 0.1, y + r * 0.4), (x + r * 0.5, y - r * 0.4)]
    pygame.draw.lines(surface, theme.PANEL, False, points, max(2, round(3 * s)))


def _fit(text: str, px: int, width: int, bold: bool = False) -> str:
    """``text`` cut to ``width`` with an ellipsis (by bisection: a name of a megabyte costs a
    few measurements, not one per character)."""
    return theme.cut(text, px, width, bold)


def _fit_detail(line: Line, px: int, width: int) -> str:
    """The detail cut to ``width`` before its result, which is always shown whole."""
    if not line.result:
        return _fit(line.detail, px, width)
    end = " · " + line.result
    whole = line.detail + end
    if len(whole) <= MAX_CHARS and theme.fits(whole, px, width):
        return whole
    room = width - theme.font(px).size(end)[0]
    return _fit(line.detail, px, room) + end if room > 0 else _fit(line.result, px, width)


def result_text(result: str) -> str:
    """A PDN result as the lists word it."""
    return tr(f"games.result.{ {'2-0': 'white', '0-2': 'black', '1-1': 'draw'}.get(result, 'none') }")


def player_text(label: str) -> str:
    """A seat as the lists word it: a person, the computer at its level, or a name."""
    if label == "person":
        return tr("games.person")
    if label.startswith("computer"):
        return tr("games.computer", level=label.split(" ", 1)[1] if " " in label else "")
    return label


def date_text(text: str) -> str:
    """An ISO time as the lists show it."""
    # 2026-11-30T00:51:29 -> 30.11.2026 00:51
    if len(text) >= 16 and text[4] == "-" and text[10] == "T":
        return f"{text[8:10]}.{text[5:7]}.{text[0:4]} {text[11:16]}"
    return text
