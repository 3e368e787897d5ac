"""A rules page with pictures: the text page's markup plus a line ``[diagram: name] caption``
that puts the picture ``name`` (see :mod:`game.ui.diagrams`) at the right of the text, its
caption under it, and the text flowing round it. ``**words**`` in a paragraph are bold.

In a column too narrow to share, a picture stands alone, centred between the paragraphs.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import diagrams, theme
from game.ui.widgets import Block, ScrollPage, parse_page

DIAGRAM_LINE = re.compile(r"^\s*\[diagram:\s*([a-z0-9_-]+)\s*\]\s*(.*)$")
FLOAT_SHARE = 0.42  # of the column's width a picture takes
MIN_TEXT_BESIDE = 260  # px at scale 1: narrower than this beside a picture, no flowing


@dataclass(frozen=True, slots=True)
class DiagramBlock(Block):
    """A picture from :data:`game.ui.diagrams.DIAGRAMS` with its caption."""

    caption: str = ""


def parse_rules(source: str) -> list[Block]:
    """The page's blocks: :func:`parse_page`'s, with a :class:`DiagramBlock` for every
    ``[diagram: name] caption`` line (a line of its own; it ends the paragraph before it)."""
    blocks: list[Block] = []
    chunk: list[str] = []
    for line in source.splitlines():
        match = DIAGRAM_LINE.match(line)
        if match is None:
            chunk.append(line)
            continue
        blocks.extend(parse_page("\n".join(chunk)))
        chunk.clear()
        blocks.append(DiagramBlock("diagram", match.group(1), match.group(2).strip()))
    blocks.extend(parse_page("\n".join(chunk)))
    return blocks


@dataclass(slots=True)
class Figure:
    """A picture placed on the page, in page coordinates."""

    name: str
    rect: pygame.Rect


class RulesPage(ScrollPage):
    """A :class:`ScrollPage` whose pictures float at the right with the text round them."""

    def __init__(self, blocks: Sequence[Block], rect: pygame.Rect, scale: float) -> None:
        self.figures: list[Figure] = []
        super().__init__(blocks, rect, scale)

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = rect
        self.scale = scale
        body = max(14, round(22 * scale))
        small = max(12, round(17 * scale))
        sizes = {"title": (max(18, round(34 * scale)), True),
                 "heading": (max(16, round(26 * scale)), True),
                 "text": (body, False), "bullet": (body, False)}
        width = rect.width - round(36 * scale)
        gap = round(body * 0.55)
        gutter = round(24 * scale)
        picture = round(width * FLOAT_SHARE)
        floating = width - picture - gutter >= MIN_TEXT_BESIDE * min(1.0, scale * 1.4)
        if not floating:
            picture = min(width, round(420 * scale), max(200, round(width * 0.8)))
        placed: list[tuple[int, int, pygame.Surface]] = []
        self.lines: list[tuple[int, int]] = []  # (top, bottom) of every line of text
        self.figures = []
        self.text_boxes: list[pygame.Rect] = []  # every rendered line, in page coordinates
        float_bottom = 0  # the page's y where the text has the whole width again
        y = 0
        for block in self.blocks:
            if isinstance(block, DiagramBlock):
                if block.text not in diagrams.DIAGRAMS:
                    continue  # a page naming a picture the game lacks still reads
                size = picture
                beside = floating and diagrams.min_width(block.text) <= picture
                if not beside:
                    size = min(width, max(picture, diagrams.min_width(block.text)))
                top = max(y, float_bottom)
                left = width - size if beside else (width - size) // 2
                self.figures.append(Figure(block.text, pygame.Rect(left, top, size, size)))
                bottom = top + size + round(small * 0.4)
                for line in theme.wrap(block.caption, small, size):
                    rendered = theme.text(line, small, theme.TEXT_MUTED)
                    placed.append((left + (size - rendered.get_width()) // 2, bottom,
                                   rendered))
                    self.text_boxes.append(rendered.get_rect(topleft=placed[-1][:2]))
                    self.lines.append((bottom, bottom + rendered.get_height()))
                    bottom += round(small * 1.3)
                if beside:
                    float_bottom = bottom + gap
                else:
                    y = bottom + gap
                continue
            px, bold = sizes[block.kind]
            colour = theme.ACCENT if block.kind in ("title", "heading") else theme.TEXT
            indent = round(30 * scale) if block.kind == "bullet" else 0
            if block.kind == "heading":
                y += gap
            step = round(px * 1.4)
            first = True
            for words in _flow(block.text, px, bold,
                               lambda top: width - indent - (
                                   picture + gutter if top < float_bottom else 0), y, step):
                if block.kind == "bullet" and first:
                    dot = max(3, px // 6)
                    mark = pygame.Surface((dot * 2, dot * 2), pygame.SRCALPHA)
                    pygame.draw.circle(mark, theme.ACCENT, (dot, dot), dot)
                    placed.append((indent // 3, y + round(px * 0.7) - dot, mark))
                first = False
                rendered = _render_line(words, px, colour, bold)
                placed.append((indent, y, rendered))
                self.text_boxes.append(rendered.get_rect(topleft=(indent, y)))
                self.lines.append((y, y + rendered.get_height()))
                y += step
            y += gap
        self._compose(placed, width, max(y, float_bottom))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # the pictures are not lines of text: one cut by the window's edge shows cut
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for figure in self.figures:
            at = figure.rect.move(self.rect.left, self.rect.top - self.scroll)
            if at.colliderect(self.rect):
                surface.blit(diagrams.render(figure.name, figure.rect.width), at)
        surface.set_clip(clip)


#: a word of a paragraph: its parts, each bold or not ("**first**," is "first" bold, ",")
Word = tuple[tuple[str, bool], ...]


def _words(text: str) -> list[Word]:
    """The words of ``text``, with ``**`` marking bold spans (a mark alone never shows)."""
    words: list[list[tuple[str, bool]]] = []
    glued = False  # the next piece continues the word before it (no space between)
    for i, span in enumerate(text.split("**")):
        bold = i % 2 == 1
        pieces = re.split(r"(\s+)", span)
        for piece in pieces:
            if not piece:
                continue
            if piece.isspace():
                glued = False
                continue
            if glued and words:
                words[-1].append((piece, bold))
            else:
                words.append([(piece, bold)])
            glued = True
    return [tuple(word) for word in words]


def _width(word: Word, px: int, bold: bool) -> int:
    return sum(theme.font(px, bold or strong).size(part)[0] for part, strong in word)


def _render_line(line: list[Word], px: int, colour: theme.Color, bold: bool) -> pygame.Surface:
    """One line of words, their bold parts in bold."""
    space = theme.font(px, bold).size(" ")[0]
    parts = [[theme.text(part, px, colour, bold or strong) for part, strong in word]
             for word in line]
    width = sum(p.get_width() for word in parts for p in word) + space * (len(parts) - 1)
    height = theme.font(px, True).get_height()
    surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
    x = 0
    for word in parts:
        for part in word:
            surface.blit(part, (x, 0))
            x += part.get_width()
        x += space
    return surface


def _flow(text: str, px: int, bold: bool, width_at, top: int, step: int  # type: ignore[no-untyped-def]
          ) -> list[list[Word]]:
    """Lines of ``text`` where the line starting at page y ``top`` may be ``width_at(top)``
    wide: narrower beside a picture, the whole column below it."""
    space = theme.font(px, bold).size(" ")[0]
    lines: list[list[Word]] = []
    words = _words(text)
    y = top
    while words:
        width = width_at(y)
        word = words.pop(0)
        if len(word) == 1 and _width(word, px, bold) > width:
            # a word longer than the line (a path): broken between characters, as wrap does
            text_part, strong = word[0]
            pieces = theme.wrap(text_part, px, width, bold or strong)
            for piece in pieces[:-1]:
                lines.append([((piece, strong),)])
            y += step * (len(pieces) - 1)
            word = ((pieces[-1], strong),)
        line = [word]
        used = _width(word, px, bold)
        while words and used + space + _width(words[0], px, bold) <= width:
            used += space + _width(words[0], px, bold)
            line.append(words.pop(0))
        lines.append(line)
        y += step
    return lines
