"""Who plays, as on a table: a row for each side on the board's panel with its piece, how many
pieces it has, the player's name ("Компьютер, уровень 3"), and, in a game with a chess
clock, the side's clock face beside the name, lit while it runs, showing tenths and turning
red in the last ten seconds."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.i18n import template, tr
from game.play.board_pdn import player_name
from game.play.board_play import BoardPlay
from game.rules.core import Color, Piece, PieceKind
from game.ui import drawing, theme

#: under this many seconds a clock shows tenths, turns red and ticks
LOW_SECONDS = 10.0


def clock_face_text(seconds: float) -> str:
    """What a clock face shows: minutes and seconds (4:59, rounded up: 0:00 only when the
    time is over), and in the last ten seconds seconds and tenths (9.4, as a digital
    clock counts them down)."""
    if seconds >= LOW_SECONDS:
        whole = math.ceil(round(seconds, 6))
        return f"{whole // 60}:{whole % 60:02d}"
    tenths = max(0, math.floor(round(seconds * 10, 6)))
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True, slots=True)
class ClockFace:
    """One side's clock as it is shown."""

    text: str
    running: bool  # lit: the side to move, while the game is played
    low: bool  # under ten seconds (or fallen)


def clock_faces(play: BoardPlay) -> dict[Color, ClockFace] | None:
    """Both sides' clock faces, None for a game without a chess clock. In review, the times
    they showed at the position reviewed."""
    clock = play.clock
    if clock is None:
        return None
    left = clock.left
    if play.reviewing.ply is not None and play.reviewing.ply < len(clock.history):
        left = clock.history[play.reviewing.ply]
    running = play.clock_running()
    turn = play.game.turn
    return {color: ClockFace(clock_face_text(left[color]), running and color is turn,
                             left[color] < LOW_SECONDS)
            for color in (Color.WHITE, Color.BLACK)}


def shown_faces(play: BoardPlay) -> tuple[ClockFace, ...]:
    """What the clock faces show now (the board redraws them when it changes)."""
    faces = clock_faces(play)
    return () if faces is None else (faces[Color.WHITE], faces[Color.BLACK])


class PlayerRows:
    """The two rows, in the order the board shows the sides (the side at the top first)."""

    def __init__(self, play: BoardPlay) -> None:
        self.play = play
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []
        self.faces: list[pygame.Rect] = []  # a clock face in each row (none without a clock)
        self.px = 13
        self.scale = 1.0
        self.order = [Color.BLACK, Color.WHITE]  # the sides, top row first, as last drawn
        #: who plays a side, when the screen knows better than the game's tags (a game over
        #: the network: "you" and the friend's name)
        self.who: Callable[[Color], str] | None = None

    def layout(self, left: int, top: int, width: int, px: int, scale: float) -> int:
        """Place the rows from ``top``; the y below them."""
        self.px = px
        self.scale = scale
        row_h = round(px * 2.0)
        gap = max(2, round(4 * scale))
        self.rows = [pygame.Rect(left, top + i * (row_h + gap), width, row_h) for i in range(2)]
        self.rect = self.rows[0].union(self.rows[1])
        self.faces = []
        if self.play.clock is not None:
            face_w = theme.font(self.clock_px, True).size("00:00")[0] + round(px * 0.9)
            self.faces = [pygame.Rect(row.right - face_w, row.top + 2, face_w, row.height - 4)
                          for row in self.rows]
        return self.rect.bottom

    @property
    def clock_px(self) -> int:
        return max(theme.MIN_PX, round(self.px * 1.15))

    def face_of(self, color: Color) -> pygame.Rect | None:
        """Where ``color``'s clock face is (as last drawn: the rows follow the board)."""
        return self.faces[self.order.index(color)] if self.faces else None

    def draw(self, surface: pygame.Surface, pieces: dict[int, Piece], bottom: Color) -> None:
        faces = clock_faces(self.play)
        turn = self.play.game.turn
        playing = self.play.outcome() is None and self.play.reviewing.ply is None
        self.order = [bottom.other, bottom]
        for i, color in enumerate(self.order):
            row = self.rows[i]
            to_move = playing and color is turn
            if to_move:
                pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.TEXT, 0.09), row,
                                 border_radius=row.height // 3)
            x = self._draw_count(surface, row, color, pieces)
            right = row.right - round(6 * self.scale)
            if faces is not None and self.faces:
                self._draw_face(surface, self.faces[i], faces[color])
                right = self.faces[i].left - round(8 * self.scale)
            forms = [self._name(color, "players.computer"),
                     self._name(color, "players.computer.short")]
            words, px = theme.fit_forms(forms, self.px, right - x, to_move)
            label = theme.text(words, px, theme.TEXT if to_move else theme.TEXT_MUTED, to_move)
            surface.blit(label, label.get_rect(midleft=(x, row.centery)))

    def _name(self, color: Color, computer_key: str) -> str:
        if self.who is not None:
            return self.who(color)
        return player_name(self.play, color, computer=template(computer_key),
                           person=tr("players.person"))

    def _draw_count(self, surface: pygame.Surface, row: pygame.Rect, color: Color,
                    pieces: dict[int, Piece]) -> int:
        """The side's piece and how many it has on the board (its kings after a crown; no
        count in a game whose pieces never leave it); the x after it."""
        r = max(6, round(self.px * 0.55))
        x = row.left + round(6 * self.scale)
        drawing.draw_piece(surface, (x + r, row.centery), r, color is Color.WHITE)
        x += 2 * r + round(self.px * 0.4)
        if not type(self.play.game).pieces_leave:
            return x + round(self.px * 0.3)  # a race: the counts never differ
        men = sum(1 for p in pieces.values() if p.color is color)
        kings = sum(1 for p in pieces.values() if p.color is color and p.kind is PieceKind.KING)
        px = round(self.px * 1.05)
        label = theme.text(str(men), px, theme.TEXT, True)
        surface.blit(label, label.get_rect(midleft=(x, row.centery)))
        x += max(label.get_width(), theme.font(px, True).size("20")[0])
        if kings:
            crown = theme.text(tr("players.kings", n=kings), max(theme.MIN_PX, self.px - 1),
                               theme.ACCENT)
            x += round(self.px * 0.3)
            surface.blit(crown, crown.get_rect(midleft=(x, row.centery)))
            x += crown.get_width()
        return x + round(self.px * 0.7)

    def _draw_face(self, surface: pygame.Surface, rect: pygame.Rect, face: ClockFace) -> None:
        radius = max(4, rect.height // 4)
        if face.low and face.running:
            fill, ink = theme.DANGER, theme.TEXT
            edge = theme.mix(theme.DANGER, theme.TEXT, 0.45)
        elif face.running:
            fill, ink = theme.ACCENT, theme.PANEL
            edge = theme.mix(theme.ACCENT, theme.TEXT, 0.5)
        else:
            fill = theme.mix(theme.PANEL, (0, 0, 0), 0.45)
            ink = theme.mix(theme.DANGER, theme.TEXT, 0.3) if face.low else theme.TEXT_MUTED
            edge = theme.mix(theme.PANEL, theme.TEXT, 0.2)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=max(1, round(2 * self.scale)),
                         border_radius=radius)
        label = theme.text(face.text, self.clock_px, ink, True)
        surface.blit(label, label.get_rect(center=rect.center))
