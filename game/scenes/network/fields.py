"""A one-line text field for the network forms (a name, an address, a port, a code): typed
into while it has the focus, a click gives it the focus, Backspace erases, Ctrl+V pastes."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.clipboard import clipboard_text

#: what an address may hold (a name, IPv4 or IPv6)
ADDRESS_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:%_[]")


def text_input(on: bool) -> None:
    """Keyboard text for the forms' fields, on or off."""
    try:
        if on:
            pygame.key.start_text_input()
        else:
            pygame.key.stop_text_input()
    except pygame.error:
        pass  # no keyboard text here: the mouse still serves


#: the colour of a form's error line
ERROR_COLOUR = (240, 110, 90)


def draw_state_line(surface: pygame.Surface, at: tuple[int, int], scale: float,
                    connecting: str | None, began: float, error: str | None) -> None:
    """The line under a form: ``connecting`` with dots that move since ``began`` while it
    waits for the other end, else the ``error`` in red (two lines at most)."""
    line_px = max(theme.MIN_PX, round(24 * scale))
    if connecting is not None:
        dots = "." * (1 + int((time.monotonic() - began) * 2) % 3)
        text, colour = connecting.rstrip("…") + dots, theme.TEXT
    else:
        text, colour = error or "", ERROR_COLOUR
    x, y = at
    for line in theme.wrap_lines(text, line_px, round(1080 * scale), 2) if text else ():
        surface.blit(theme.text(line, line_px, colour), (x, y))
        y += round(line_px * 1.3)


@dataclass(slots=True)
class TextField:
    """One line of text with its label; ``allowed`` says which characters it takes."""

    label_key: str
    text: str = ""
    limit: int = 40
    allowed: Callable[[str], bool] = field(default=lambda c: c.isprintable())
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    px: int = 24
    focused: bool = False

    def type(self, typed: str) -> None:
        kept = "".join(c for c in typed if self.allowed(c))
        self.text = (self.text + kept)[:self.limit]

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Typing, Backspace and Ctrl+V while focused; True if the event was used."""
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if ctrl else self.text[:-1]
                return True
            if ctrl and event.key == pygame.K_v:
                pasted = clipboard_text()
                if pasted is not None:
                    self.type(" ".join(pasted.split()))
                return True
        return False

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        border = theme.ACCENT if self.focused else theme.mix(theme.PANEL, theme.ACCENT, 0.4)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.4), self.rect,
                         border_radius=round(8 * scale))
        pygame.draw.rect(surface, border, self.rect, width=max(1, round(2 * scale)),
                         border_radius=round(8 * scale))
        shown = theme.cut_left(self.text, self.px, self.rect.width - round(30 * scale))
        text = theme.text(shown, self.px, theme.TEXT)
        at = text.get_rect(midleft=(self.rect.left + round(12 * scale), self.rect.centery))
        surface.blit(text, at)
        if self.focused:
            cursor = theme.text("|", self.px, theme.ACCENT)
            surface.blit(cursor, cursor.get_rect(midleft=(at.right, at.centery)))
