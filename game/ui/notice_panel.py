"""The messages drawn at the top of the window, and the clicks that close them.

Each message is an opaque box (nothing under it shows through its letters), a pile of them
stacked downwards from the top edge, never lower than the middle of the window: when more are
waiting than fit, the newest are shown and a line says how many older ones wait above. An
error has a close mark; a click anywhere on a message closes it, and neither that press nor
its release reaches the screen below. A message with details has a button that shows them
(and hides them again). A screen may give its messages a part of itself (a board's panel:
they never cover the board). Ctrl+Delete closes the newest error (Esc stays the
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
DETAIL_LINES = 8
NOTICE_BACK: theme.Color = (40, 27, 18)
ERROR_BACK: theme.Color = (74, 28, 22)
ERROR_EDGE: theme.Color = (222, 104, 80)
SHADOW: theme.Color = (12, 7, 4)
#: the mouse buttons a message takes (the wheel passes on to the screen)
BUTTONS = (1, 2, 3)


@dataclass(frozen=True, slots=True)
class Placed:
    """A message where it was last drawn (``notice`` None: the line saying how many more
    messages wait), its lines and its close mark; a message with details, its button that
    shows or hides them (``toggle``) and, shown, their lines (``more``)."""

    notice: Notice | None
    box: pygame.Rect
    lines: tuple[str, ...]
    close: pygame.Rect | None = None
    toggle: pygame.Rect | None = None
    more: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Sizes:
    """The measures of one layout (they follow the window's size)."""

    px: int
    small: int
    line_h: int
    small_h: int
    pad_x: int
    pad_y: int
    gap: int
    close_w: int


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
    @staticmethod
    def _sizes(size: tuple[int, int]) -> _Sizes:
        s = theme.scale_for(size)
        px = NoticePanel._px(size)
        small = max(theme.MIN_PX, round(px * 0.8))
        line_h = theme.font(px).get_linesize()
        return _Sizes(px, small, line_h, theme.font(small).get_linesize(),
                      round(18 * s) + 6, round(9 * s) + 2, round(8 * s), line_h + round(10 * s))

    def layout(self, notices: Notices, size: tuple[int, int],
               room: pygame.Rect | None = None) -> list[Placed]:
        """Where each message goes in a window of ``size``, top first: across the top of the
        window, or within ``room``, the part of the screen the screen gives its messages (a
        board's panel: they never cover the board)."""
        if not notices.items:
            return []
        z = self._sizes(size)
        s = theme.scale_for(size)
        if room is None:
            # a long message wraps to the window (less a margin), never runs off either side
            width = min(size[0] - 2 * round(24 * s) - 2 * z.pad_x, round(900 * s))
            top = round(14 * s)
            height = size[1] // 2 - top  # a pile never reaches below the middle of the window
            centre = size[0] // 2
        else:
            width, top, height, centre = room.width - 2 * z.pad_x, room.top, room.height, \
                room.centerx
        # in a narrow room an error may take the lines the room has (it is read whole)
        most_error = ERROR_LINES if room is None else \
            max(ERROR_LINES, (height - 2 * z.pad_y) // z.line_h - 2)
        measured: list[tuple[Notice, pygame.Rect, tuple[str, ...], bool]] = []
        for notice in reversed(notices.items):  # the newest first: they are shown
            closes = notice.is_error
            lines, inner_w = _wrapped(notice.message, z.px, width - (z.close_w if closes else 0),
                                      most_error if closes else NOTICE_LINES)
            text_h = z.line_h * max(1, len(lines))
            if notice.details:
                label_w = max(theme.font(z.small).size(tr(key))[0]
                              for key in ("notices.details", "notices.details.hide"))
                inner_w = max(inner_w, min(width, label_w + 2 * z.pad_y))
                text_h += z.pad_y // 2 + z.small_h + z.pad_y // 2  # the button
                if notice.opened:
                    text_h += z.small_h * len(_wrapped(notice.details, z.small, width,
                                                       DETAIL_LINES)[0]) + z.pad_y // 2
            box = pygame.Rect(0, 0, inner_w + (z.close_w if closes else 0) + 2 * z.pad_x,
                              text_h + 2 * z.pad_y)
            if room is not None:  # the room's width whole: nothing of it peeps out beside
                box.width = room.width
            measured.append((notice, box, lines, closes))
        more_h = z.small_h + z.pad_y
        boxes = _fitting(measured, height, z.gap)
        if len(boxes) < len(measured):  # the line saying how many wait takes room too
            boxes = _fitting(measured, height - more_h - z.gap, z.gap)
        boxes.reverse()
        placed: list[Placed] = []
        y = top
        hidden = len(notices.items) - len(boxes)
        if hidden:
            label = tr("notices.more", n=hidden)
            more = pygame.Rect(0, 0, theme.font(z.small).size(label)[0] + 2 * z.pad_x, more_h)
            more.midtop = (centre, y)
            placed.append(Placed(None, more, (label,)))
            y = more.bottom + z.gap
        for notice, box, lines, closes in boxes:
            shift = round((box.height + z.gap) * notice.leaving)
            box.midtop = (centre, y - shift)
            close = None
            if closes:
                close = pygame.Rect(box.right - z.pad_x // 2 - z.close_w, box.top + z.pad_y,
                                    z.close_w, z.line_h)
            placed.append(self._with_details(Placed(notice, box, lines, close), z, width))
            y += box.height + z.gap - shift
        return placed

    @staticmethod
    def _with_details(placed: Placed, z: _Sizes, width: int) -> Placed:
        """A message with details: its button at the foot of its box, and the details'
        lines above the button once they are asked for."""
        notice = placed.notice
        if notice is None or not notice.details:
            return placed
        more = _wrapped(notice.details, z.small, width, DETAIL_LINES)[0] if notice.opened else ()
        label = tr("notices.details.hide" if notice.opened else "notices.details")
        toggle = pygame.Rect(0, 0, theme.font(z.small).size(label)[0] + 2 * z.pad_y,
                             z.small_h + z.pad_y // 2)
        toggle.midbottom = (placed.box.centerx, placed.box.bottom - z.pad_y)
        return Placed(notice, placed.box, placed.lines, placed.close, toggle, more)

    @staticmethod
    def _px(size: tuple[int, int]) -> int:
        return max(14, round(20 * theme.scale_for(size)))

    # drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, notices: Notices,
             room: pygame.Rect | None = None) -> None:
        """The messages on ``surface``, where :meth:`layout` puts them."""
        size = surface.get_size()
        self.placed = self.layout(notices, size, room)
        z = self._sizes(size)
        s = theme.scale_for(size)
        # the lower ones first: one sliding away passes under the one above it
        for placed in reversed(self.placed):
            box = placed.box
            radius = min(box.height // 2, round(z.line_h * 0.9))
            error = placed.notice is not None and placed.notice.is_error
            pygame.draw.rect(surface, SHADOW, box.move(0, max(2, round(4 * s))),
                             border_radius=radius)
            pygame.draw.rect(surface, ERROR_BACK if error else NOTICE_BACK, box,
                             border_radius=radius)
            pygame.draw.rect(surface, ERROR_EDGE if error else theme.ACCENT, box, width=2,
                             border_radius=radius)
            if placed.notice is None:  # how many more wait
                label = theme.text(placed.lines[0], z.small, theme.TEXT_MUTED)
                surface.blit(label, label.get_rect(center=box.center))
                continue
            text_w = box.width - (placed.close.width if placed.close else 0)
            top = box.top + z.pad_y
            for line in placed.lines:
                label = theme.text(line, z.px, theme.TEXT)
                surface.blit(label, label.get_rect(midtop=(box.left + text_w // 2, top)))
                top += z.line_h
            if placed.close is not None:
                mark = theme.text("×", z.px, theme.TEXT_MUTED, True)
                surface.blit(mark, mark.get_rect(center=placed.close.center))
            self._draw_details(surface, placed, z, top + z.pad_y // 2)

    @staticmethod
    def _draw_details(surface: pygame.Surface, placed: Placed, z: _Sizes, top: int) -> None:
        """The details' lines (when shown) and the button that shows or hides them."""
        toggle, notice = placed.toggle, placed.notice
        if toggle is None or notice is None:
            return
        for line in placed.more:
            label = theme.text(line, z.small, theme.TEXT_MUTED)
            surface.blit(label, label.get_rect(midtop=(placed.box.centerx, top)))
            top += z.small_h
        edge = theme.mix(ERROR_EDGE if notice.is_error else theme.ACCENT, theme.TEXT, 0.2)
        pygame.draw.rect(surface, theme.mix(ERROR_BACK, theme.BUTTON, 0.5), toggle,
                         border_radius=toggle.height // 3)
        pygame.draw.rect(surface, edge, toggle, width=1, border_radius=toggle.height // 3)
        label = theme.text(tr("notices.details.hide" if notice.opened else "notices.details"),
                           z.small, theme.TEXT)
        surface.blit(label, label.get_rect(center=toggle.center))

    # input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, notices: Notices) -> bool:
        """A click on a message closes it (on its details button: shows or hides them);
        Ctrl+Delete closes the newest error. True when the event was the messages' (the
        screen below does not get it)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in BUTTONS:
            hit = self.at(event.pos)
            if hit is None:
                return False
            if hit.notice is not None and hit.toggle is not None \
                    and hit.toggle.collidepoint(event.pos):
                hit.notice.opened = not hit.notice.opened
            elif hit.notice is not None:
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
