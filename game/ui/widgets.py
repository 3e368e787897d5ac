"""Buttons, a keyboard-friendly column of them, and a scrollable page of text."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial

import pygame

from game.ui import theme

_pointer_epoch = 0


def forget_hover() -> None:
    """Every button stops being hovered until the pointer moves over it again.

    Called when the scene stack changes: a button under a dialog (or on a screen just left)
    no longer gets the pointer's moves, so its hover, and the tooltip that follows it, must
    not stay lit.
    """
    global _pointer_epoch
    _pointer_epoch += 1


@dataclass(eq=False)
class Button:
    """A pressable button that says what it does; shows hover, focus and a pressed state."""

    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    px: int = 32
    selected: bool = False  # for choice rows: the chosen option
    focused: bool = False
    pressed: bool = False
    enabled: bool = True  # a disabled button is drawn faded and does nothing
    #: what the button says where its label does not fit ("Итог" for "Итог партии")
    short: str | None = None
    _hovered: bool = field(default=False, repr=False)
    _hover_epoch: int = field(default=0, repr=False)

    @property
    def hovered(self) -> bool:
        """The pointer is over the button (and nothing has covered it since it got there)."""
        return self._hovered and self._hover_epoch == _pointer_epoch

    @hovered.setter
    def hovered(self, value: bool) -> None:
        self._hovered = value
        self._hover_epoch = _pointer_epoch

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            self.hovered = self.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if not self.hovered:
                self.pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.rect.collidepoint(event.pos):
                self.action()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        radius = max(6, rect.height // 5)
        sink = 2 if self.pressed else 0
        shadow = rect.move(0, max(3, rect.height // 14))
        pygame.draw.rect(surface, theme.BUTTON_EDGE, shadow, border_radius=radius)
        body = rect.move(0, sink)
        colour = theme.BUTTON_HOVER if (self.hovered or self.focused) else theme.BUTTON
        if self.selected:
            colour = theme.mix(theme.ACCENT, theme.BUTTON, 0.35)
        if not self.enabled:
            colour = theme.mix(theme.BUTTON, theme.PANEL, 0.5)
        pygame.draw.rect(surface, colour, body, border_radius=radius)
        top = pygame.Rect(body.left + 3, body.top + 2, body.width - 6, max(2, body.height // 3))
        pygame.draw.rect(surface, theme.mix(colour, (255, 255, 255), 0.08), top,
                         border_radius=radius)
        if self.focused:
            pygame.draw.rect(surface, theme.ACCENT, body.inflate(6, 6), width=3,
                             border_radius=radius + 3)
        ink = theme.TEXT if self.enabled else theme.TEXT_MUTED
        bold = (self.selected or self.focused) and self.enabled
        pad = min(16, max(8, body.width // 10))
        lines, px = fit_label(self.label, self.short, self.px, body.width - pad,
                              body.height - 4, bold)
        step = theme.font(px, bold).get_linesize()
        first = body.centery - step * len(lines) / 2
        for i, line in enumerate(lines):
            label = theme.text(line, px, ink, bold=bold)
            surface.blit(label, label.get_rect(center=(body.centerx,
                                                       round(first + step * (i + 0.5)))))


@lru_cache(maxsize=256)
def fit_label(label: str, short: str | None, px: int, width: int, height: int,
              bold: bool) -> tuple[tuple[str, ...], int]:
    """A button's words in ``width`` × ``height`` pixels, never smaller than the smallest
    readable size: the label (made smaller if need be), else its shorter form, else the label
    on two lines, else the label cut with an ellipsis. (lines, size)."""
    smallest = min(px, theme.MIN_PX)
    sizes = range(px, smallest - 1, -1)
    forms = (label,) if short is None else (label, short)
    for words in forms:
        for size in sizes:
            if theme.fits(words, size, width, bold):
                return (words,), size
    for size in sizes:
        lines = theme.wrap(label, size, width, bold)
        if len(lines) == 2 and 2 * theme.font(size, bold).get_linesize() <= height \
                and all(theme.fits(line, size, width, bold) for line in lines):
            return tuple(lines), size
    return (theme.cut(short or label, smallest, width, bold),), smallest


class ButtonColumn:
    """Buttons navigated with the arrows, Enter/Space and the mouse; one has the focus.

    Up and Down go through them in order; with ``sideways``, Left and Right go to the
    nearest button beside the focused one (buttons laid out in columns or pairs)."""

    def __init__(self, buttons: Sequence[Button], on_focus: Callable[[int], None] | None = None,
                 keys_prev: tuple[int, ...] = (pygame.K_UP,),
                 keys_next: tuple[int, ...] = (pygame.K_DOWN,), sideways: bool = False) -> None:
        self.buttons = list(buttons)
        self.focus = 0
        self._on_focus = on_focus
        self._keys_prev = keys_prev
        self._keys_next = keys_next
        self._sideways = sideways
        self._sync()

    def beside(self, direction: int) -> int | None:
        """The button nearest the focused one to its right (``direction`` 1) or left (-1),
        on about the same row; None if there is none."""
        here = self.buttons[self.focus].rect
        best: tuple[float, int] | None = None
        for i, button in enumerate(self.buttons):
            dx = (button.rect.centerx - here.centerx) * direction
            dy = abs(button.rect.centery - here.centery)
            if i == self.focus or dx <= 0 or dy > max(here.height, button.rect.height):
                continue
            if best is None or (dy * 4 + dx) < best[0]:
                best = (dy * 4 + dx, i)
        return None if best is None else best[1]

    def set_focus(self, index: int) -> None:
        self.focus = index % len(self.buttons)
        self._sync()
        if self._on_focus is not None:
            self._on_focus(self.focus)

    def _sync(self) -> None:
        for i, button in enumerate(self.buttons):
            button.focused = i == self.focus

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in self._keys_prev:
                self.set_focus(self.focus - 1)
                return True
            if event.key in self._keys_next:
                self.set_focus(self.focus + 1)
                return True
            if self._sideways and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                target = self.beside(1 if event.key == pygame.K_RIGHT else -1)
                if target is not None:
                    self.set_focus(target)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].action()
                return True
            return False
        used = False
        for i, button in enumerate(self.buttons):
            used = button.handle_event(event) or used
            if event.type == pygame.MOUSEMOTION and button.hovered and i != self.focus:
                self.set_focus(i)
        return used

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)


@dataclass(frozen=True, slots=True)
class Block:
    """One laid-out piece of a text page: a title, a heading, a paragraph or a bullet."""

    kind: str  # "title", "heading", "text", "bullet"
    text: str


def parse_page(source: str) -> list[Block]:
    """The rules pages' tiny markup: ``# title``, ``## heading``, ``- bullet``, paragraphs."""
    blocks: list[Block] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Block("text", " ".join(paragraph)))
            paragraph.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(Block("heading", line[3:].strip()))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("title", line[2:].strip()))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("bullet", line[2:].strip()))
        else:
            paragraph.append(line)
    flush()
    return blocks


class ScrollPage:
    """A page of text in a rectangle, scrolled by wheel, keys or dragging the bar.

    The page is rendered once per layout into one tall surface; a frame blits the visible part.
    """

    rect: pygame.Rect
    scale: float
    lines: list[tuple[int, int]]  # (top, bottom) of every line of text, in page coordinates
    content_height: int
    _content: pygame.Surface

    def __init__(self, blocks: Sequence[Block], rect: pygame.Rect, scale: float) -> None:
        self.blocks = list(blocks)
        self.scroll = 0
        self._drag_from: tuple[int, int] | None = None
        self.layout(rect, scale)

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        """Lay the blocks out for ``rect`` and render them with :meth:`_compose` (the rules
        page does it, pictures and all)."""
        raise NotImplementedError

    def _compose(self, placed: list[tuple[int, int, pygame.Surface]], width: int,
                 height: int) -> None:
        """Render the laid-out pieces into the page's one tall surface."""
        self.content_height = max(1, height)
        self._content = pygame.Surface((max(1, width), self.content_height), pygame.SRCALPHA)
        for x, top, surface in placed:
            self._content.blit(surface, (x, top))
        self.scroll_to(self.scroll)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def scroll_to(self, value: int) -> None:
        self.scroll = max(0, min(self.max_scroll, value))

    def _bar(self) -> pygame.Rect | None:
        if self.max_scroll == 0:
            return None
        track = self.rect.height
        height = max(round(40 * self.scale), track * self.rect.height // self.content_height)
        top = self.rect.top + (track - height) * self.scroll // self.max_scroll
        width = max(6, round(10 * self.scale))
        return pygame.Rect(self.rect.right - width, top, width, height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        line = round(60 * self.scale)
        page = max(line, self.rect.height - line)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * line)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -line, pygame.K_DOWN: line, pygame.K_PAGEUP: -page,
                     pygame.K_PAGEDOWN: page, pygame.K_SPACE: page,
                     pygame.K_HOME: -self.content_height, pygame.K_END: self.content_height}
            if event.key in moves:
                self.scroll_to(self.scroll + moves[event.key])
                return True
            return False
        bar = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bar is not None:
            if bar.inflate(12, 0).collidepoint(event.pos):
                self._drag_from = (event.pos[1], self.scroll)
                return True
        if event.type == pygame.MOUSEMOTION and self._drag_from is not None and bar is not None:
            start_y, start_scroll = self._drag_from
            travel = max(1, self.rect.height - bar.height)
            self.scroll_to(start_scroll + (event.pos[1] - start_y) * self.max_scroll // travel)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag_from:
            self._drag_from = None
            return True
        return False

    def visible_band(self) -> tuple[int, int]:
        """The part of the page shown, in page coordinates: the window less any line the
        window's edges would cut in half (a half line is hidden, never shown cut)."""
        top, bottom = self.scroll, self.scroll + self.rect.height
        band_top, band_bottom = top, bottom
        for line_top, line_bottom in self.lines:
            if line_top < top < line_bottom:
                band_top = max(band_top, line_bottom)
            if line_top < bottom < line_bottom:
                band_bottom = min(band_bottom, line_top)
        return band_top, max(band_top, band_bottom)

    def draw(self, surface: pygame.Surface) -> None:
        band_top, band_bottom = self.visible_band()
        area = pygame.Rect(0, band_top, self._content.get_width(), band_bottom - band_top)
        surface.blit(self._content, (self.rect.left, self.rect.top + band_top - self.scroll),
                     area)
        bar = self._bar()
        if bar is not None:
            track = pygame.Rect(bar.left, self.rect.top, bar.width, self.rect.height)
            pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.TEXT, 0.12), track,
                             border_radius=bar.width // 2)
            pygame.draw.rect(surface, theme.TEXT_MUTED, bar, border_radius=bar.width // 2)


@dataclass(eq=False)
class OptionRow:
    """One option of a settings or setup screen: its choices as buttons, one of them chosen."""

    label_key: str
    choices: list[tuple[str, object]]  # (button label, value)
    get: Callable[[], object]
    put: Callable[[object], None]
    name: str = ""  # what the scene calls the option (e.g. its keyword in Game.new)
    help: Callable[[object], str] | None = None  # a sentence on what the chosen value means
    buttons: list[Button] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.buttons = [Button(label, partial(self.choose, value))
                        for label, value in self.choices]

    def choose(self, value: object) -> None:
        if self.get() != value:
            self.put(value)

    def step(self, step: int) -> None:
        values = [value for _, value in self.choices]
        current = self.get()
        index = values.index(current) if current in values else 0
        self.choose(values[(index + step) % len(values)])

    def place(self, left: int, top: int, width: int, height: int, gap: int, px: int,
              columns: int | None = None) -> None:
        """Lay the buttons out in a row ``width`` wide (as if it had ``columns`` buttons)."""
        count = columns or len(self.buttons)
        each = (width - gap * (count - 1)) // count
        for i, button in enumerate(self.buttons):
            button.px = px
            button.rect = pygame.Rect(left + i * (each + gap), top, each, height)


class OptionRows:
    """Option rows and then action buttons (Start, Back), as one keyboard-friendly form.

    Up/Down/Tab move between rows and actions, Left/Right (and Space) change a row's choice,
    Enter on a row does ``on_enter`` (e.g. start the game; by default it changes the choice),
    Enter or Space on an action presses it. The mouse picks choices and actions directly and
    moves the focus to what it hovers.
    """

    def __init__(self, rows: Sequence[OptionRow], actions: Sequence[Button] = (),
                 on_enter: Callable[[], None] | None = None, focus: int = 0) -> None:
        self.rows = list(rows)
        self.actions = list(actions)
        self.on_enter = on_enter
        self.focus = focus
        self.sync()

    @property
    def stops(self) -> int:
        return len(self.rows) + len(self.actions)

    def sync(self) -> None:
        """Show the chosen value of every row and where the focus is."""
        for r, row in enumerate(self.rows):
            chosen = row.get()
            for button, (_, value) in zip(row.buttons, row.choices):
                button.selected = value == chosen
                button.focused = r == self.focus and value == chosen
        for a, action in enumerate(self.actions):
            action.focused = self.focus == len(self.rows) + a

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self._handle(event)
        self.sync()
        return used

    def _handle(self, event: pygame.event.Event) -> bool:
        on_row = self.focus < len(self.rows)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                back = event.key == pygame.K_UP or (
                    event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.focus = (self.focus + (-1 if back else 1)) % self.stops
                return True
            if on_row and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
                self.rows[self.focus].step(-1 if event.key == pygame.K_LEFT else 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if not on_row:
                    self.actions[self.focus - len(self.rows)].action()
                elif self.on_enter is not None:
                    self.on_enter()
                else:
                    self.rows[self.focus].step(1)
                return True
            return False
        used = False
        for r, row in enumerate(self.rows):
            for button in row.buttons:
                if button.handle_event(event):
                    used = True
                    self.focus = r
        for a, action in enumerate(self.actions):
            used = action.handle_event(event) or used
        if event.type == pygame.MOUSEMOTION:
            hovered = [r for r, row in enumerate(self.rows) if any(b.hovered for b in row.buttons)]
            hovered += [len(self.rows) + a for a, b in enumerate(self.actions) if b.hovered]
            if hovered:
                self.focus = hovered[0]
        return used

    def draw(self, surface: pygame.Surface) -> None:
        for row in self.rows:
            for button in row.buttons:
                button.draw(surface)
        for action in self.actions:
            action.draw(surface)
