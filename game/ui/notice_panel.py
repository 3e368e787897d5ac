"""The messages drawn at the top of the window, and the clicks that close them.

Each message is an opaque box (nothing under it shows through its letters), a pile of them
stacked downwards from the top edge, never lower than the middle of the window: when more are
waiting than fit, the newest are shown and a line says how many older ones wait above. An
error has a close mark; a click anywhere on a message closes it, and neither that press nor
its release reaches the screen below. Ctrl+Delete closes the newest error (Esc stays the
screens' "back"). A notice that is over slides up, under the one above it, still opaque.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.i18n import tr
from game.notices import Notice, Notices
from game.ui import theme

#: lines of a message at most (a longer one ends in an ellipsis)
NOTICE_LINES = 4
ERROR_LINES = 6
NOTICE_BACK: theme.Color = (40, 27, 18)
ERROR_BACK: theme.Color = (74, 28, 22)
ERROR_EDGE: theme.Color = (222, 104, 80)
SHADOW: theme.Color = (12, 7, 4)
#: the mouse buttons a message takes (the wheel passes on to the screen)
BUTTONS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Placed:
    """A message where it was last drawn (``notice`` None: the line saying how many more
    messages wait), its lines and its close mark."""

    notice: Notice | None
    box: pygame.Rect
    lines: tuple[str, ...]
    close: pygame.Rect | None = None


class NoticePanel:
    """Lays out, draws and takes the clicks of the app's messages."""

    def __init__(self) -> None:
        #: what the last frame drew, top first
        self.placed: list[Placed] = []
        self._held: int | None = None  # a button pressed on a message: its release is ours

    @property
    def seen(self) -> set[Notice]:
        """The messages on screen (only their time runs)."""
        return {p.notice for p in self.placed if p.notice is not None}

    # layout ---------------------------------------------------------------------------------
    def layout(self, notices: Notices, size: tuple[int, int]) -> list[Placed]:
        """Where each message goes in a window of ``size``, top first."""
        if not notices.items:
            return []
        s = theme.scale_for(size)
        px = self._px(size)
        pad_x, pad_y = round(18 * s) + 6, round(9 * s) + 2
        gap = round(8 * s)
        line_h = theme.font(px).get_linesize()
        close_w = line_h + round(10 * s)
        # a long message wraps to the window (less a margin), never runs off either side
        width = min(size[0] - 2 * round(24 * s) - 2 * pad_x, round(900 * s))
        top = round(14 * s)
        room = size[1] // 2 - top  # a pile never reaches below the middle of the window
        measured: list[tuple[Notice, pygame.Rect, tuple[str, ...], bool]] = []
        for notice in reversed(notices.items):  # the newest first: they are shown
            closes = notice.is_error
            lines, inner_w = _wrapped(notice.message, px, width - (close_w if closes else 0),
                                      ERROR_LINES if closes else NOTICE_LINES)
            box = pygame.Rect(0, 0, inner_w + (close_w if closes else 0) + 2 * pad_x,
                              line_h * max(1, len(lines)) + 2 * pad_y)
            measured.append((notice, box, lines, closes))
        small = max(theme.MIN_PX, round(px * 0.8))
        more_h = theme.font(small).get_linesize() + pad_y
        boxes = _fitting(measured, room, gap)
        if len(boxes) < len(measured):  # the line saying how many wait takes room too
            boxes = _fitting(measured, room - more_h - gap, gap)
        boxes.reverse()
        placed: list[Placed] = []
        y = top
        hidden = len(notices.items) - len(boxes)
        if hidden:
            label = tr("notices.more", n=hidden)
            more = pygame.Rect(0, 0, theme.font(small).size(label)[0] + 2 * pad_x, more_h)
            more.midtop = (size[0] // 2, y)
            placed.append(Placed(None, more, (label,)))
            y = more.bottom + gap
        for notice, box, lines, closes in boxes:
            shift = round((box.height + gap) * notice.leaving)
            box.midtop = (size[0] // 2, y - shift)
            close = None
            if closes:
                close = pygame.Rect(box.right - pad_x // 2 - close_w, box.top + pad_y,
                                    close_w, line_h)
            placed.append(Placed(notice, box, lines, close))
            y += box.height + gap - shift
        return placed

    @staticmethod
    def _px(size: tuple[int, int]) -> int:
        return max(14, round(20 * theme.scale_for(size)))

    # drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, notices: Notices) -> None:
        size = surface.get_size()
        self.placed = self.layout(notices, size)
        px = self._px(size)
        s = theme.scale_for(size)
        line_h = theme.font(px).get_linesize()
        # the lower ones first: one sliding away passes under the one above it
        for placed in reversed(self.placed):
            box = placed.box
            radius = min(box.height // 2, round(line_h * 0.9))
            error = placed.notice is not None and placed.notice.is_error
            pygame.draw.rect(surface, SHADOW, box.move(0, max(2, round(4 * s))),
                             border_radius=radius)
            pygame.draw.rect(surface, ERROR_BACK if error else NOTICE_BACK, box,
                             border_radius=radius)
            pygame.draw.rect(surface, ERROR_EDGE if error else theme.ACCENT, box, width=2,
                             border_radius=radius)
            if placed.notice is None:  # how many more wait
                small = max(theme.MIN_PX, round(px * 0.8))
                label = theme.text(placed.lines[0], small, theme.TEXT_MUTED)
                surface.blit(label, label.get_rect(center=box.center))
                continue
            text_w = box.width - (placed.close.width if placed.close else 0)
            pad_y = round(9 * s) + 2
            top = box.top + pad_y
            for line in placed.lines:
                label = theme.text(line, px, theme.TEXT)
                surface.blit(label, label.get_rect(midtop=(box.left + text_w // 2, top)))
                top += line_h
            if placed.close is not None:
                mark = theme.text("×", px, theme.TEXT_MUTED, True)
                surface.blit(mark, mark.get_rect(center=placed.close.center))

    # input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, notices: Notices) -> bool:
        """A click on a message closes it; Ctrl+Delete closes the newest error. True when the
        event was the messages' (the screen below does not get it)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in BUTTONS:
            hit = self.at(event.pos)
            if hit is None:
                return False
            if hit.notice is not None:
                notices.dismiss(hit.notice)
            self._held = event.button
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == self._held:
            self._held = None
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE \
                and event.mod & pygame.KMOD_CTRL:
            errors = [n for n in notices.errors if n in self.seen] or notices.errors
            if errors:
                notices.dismiss(errors[-1])
                return True
        return False

    def at(self, pos: tuple[int, int]) -> Placed | None:
        """The message drawn at ``pos`` (the upper one where two overlap)."""
        return next((p for p in self.placed if p.box.collidepoint(pos)), None)


@lru_cache(maxsize=64)
def _wrapped(message: str, px: int, width: int, most: int) -> tuple[tuple[str, ...], int]:
    """A message's lines and the width of the widest (kept: a pile is laid out each frame
    drawn)."""
    lines = tuple(theme.wrap_lines(message, px, width, most))
    return lines, max((theme.font(px).size(line)[0] for line in lines), default=0)


def _fitting(measured: list[tuple[Notice, pygame.Rect, tuple[str, ...], bool]], room: int,
             gap: int) -> list[tuple[Notice, pygame.Rect, tuple[str, ...], bool]]:
    """The newest messages whose boxes fit ``room`` pixels of height (one at least)."""
    fitting: list[tuple[Notice, pygame.Rect, tuple[str, ...], bool]] = []
    used = 0
    for item in measured:
        height = round((item[1].height + gap) * (1 - item[0].leaving))
        if fitting and used + height - gap > room:
            break
        used += height
        fitting.append(item)
    return fitting
