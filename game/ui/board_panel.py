"""The side panel of a board game: the title, whose turn it is, what the last click meant,
pieces and counters, the move list, and the buttons. It reads the game in play; the scene
gives it the message of the moment and the buttons' actions."""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.i18n import STRINGS, tr
from game.keys import shortcut_label
from game.play.board_play import BoardPlay
from game.play.board_record import unusual_options
from game.rules.core import Color, Piece
from game.ui import drawing, theme
from game.ui.coach_box import CoachBox, Link
from game.ui.end_texts import end_reason, result_title
from game.ui.option_words import option_words
from game.ui.player_rows import PlayerRows
from game.ui.widgets import Button

FLASH_SECONDS = 0.45


def clock_text(seconds: float) -> str:
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def score_text(score: int) -> str:
    """White's advantage in men: +1.2, −0.4, 0.0."""
    value = score / 100
    return "0.0" if abs(value) < 0.05 else f"{value:+.1f}".replace("-", "−")


def fit_text(words: str, px: int, width: int, colour: theme.Color, bold: bool,
             *shorter: str) -> pygame.Surface:
    """A line of text made smaller until it fits ``width``, down to the smallest readable
    size; then a shorter way to say it, if there is one; then cut with an ellipsis."""
    shown, size = theme.fit_forms((words, *shorter), px, width, bold)
    return theme.text(shown, size, colour, bold)


_HUFF = re.compile(r"^\(huff ([^)\s]+)\)\s*")


def move_shown(text: str) -> str:
    """A move of the record as the move list shows it: a huff before it in the player's
    language, ``(ф f4) c3-d4``."""
    match = _HUFF.match(text)
    if match is None:
        return text
    return f"{tr('board.huff.prefix', square=match.group(1))} {text[match.end():]}"


def race_line(game: Any) -> tuple[str, ...] | None:
    """Ugolki's line under the move count: the extra move, or how many moves the side to
    move has left to empty its house, or how many pieces each side has brought in."""
    if game.homes() is None or game.outcome() is not None:
        return None
    turn = game.turn
    if game.extra_move():
        return (tr(f"board.ugolki.extra_move.{turn.name.lower()}"),)
    left = game.moves_to_leave_home(turn)
    if left and game.in_house(turn, turn):
        return (tr("board.ugolki.home_rule", n=left),)
    return (tr("board.ugolki.in_house", white=game.in_house(Color.WHITE, Color.BLACK),
               black=game.in_house(Color.BLACK, Color.WHITE)),)


@dataclass(eq=False)
class Action:
    """A panel button and its tooltip."""

    button: Button
    tip_key: str


#: (label key, action, tooltip key) of one button
ActionSpec = tuple[str, Callable[[], None], str]


@dataclass(frozen=True)
class AnalysisView:
    """The analysis of a finished game as the panel shows it in review."""

    scores: list[int | None]  # White's score at each ply (None: not judged yet)
    mistakes: dict[int, int]  # ply of a move -> how much it lost
    ply: int  # the position shown
    done: int
    total: int
    score: int | None  # the shown position's score
    line: str  # the best line from the shown position, in notation
    comments: tuple[str, ...] = ()  # the coach's words on the move that led to it
    coached: frozenset[int] = frozenset()  # the plies of the moves the coach speaks of
    links: tuple[Link, ...] = ()  # under the words: the technique's page, its puzzles


@dataclass
class Status:
    """What the scene has to say in the panel right now."""

    message: str | None = None
    flash: float = 0.0  # seconds of red glow left behind the message
    selecting: bool = False  # a piece is picked up
    hints: bool = False
    numbers: bool = False
    thinking: int | None = None  # the computer is thinking: the depth it has reached
    analysis: AnalysisView | None = None
    bottom: Color = Color.WHITE  # the side at the bottom of the board (its row comes last)


class BoardPanel:
    """Lays out and draws the panel beside the board of ``play``."""

    def __init__(self, play: BoardPlay, play_rows: list[list[ActionSpec]],
                 review_rows: list[list[ActionSpec]]) -> None:
        self.play = play
        self.play_rows = play_rows
        self.review_rows = review_rows
        self.scroll = 0
        self.follow = True  # the move list keeps its last line in view
        self._list_cache: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.play_actions: list[Action] = []
        self.review_actions: list[Action] = []
        self.line_h = 1
        self.analysis: AnalysisView | None = None
        self.coach_box = CoachBox()  # the coach's words in review, and their links
        self.players = PlayerRows(play)
        self.option_lines: list[str] = []  # the game's unusual rules, under the title
        self.options_at = (0, 0)
        #: tooltip key -> the shortcut it names, written as the player's keyboard shows it
        self.tip_keys: dict[str, int] = {}

    # layout ---------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = rect
        s = self.scale = scale
        self.px = max(13, round(20 * s))
        self.small = max(12, round(17 * s))
        self.title_px = max(15, round(26 * s))
        pad = max(8, round(16 * s))
        inner = rect.inflate(-2 * pad, -2 * pad)
        button_px = max(12, round(18 * s))
        bh, gap = max(26, round(44 * s)), max(5, round(9 * s))

        def make(rows: list[list[ActionSpec]]) -> list[list[Action]]:
            return [[Action(Button(tr(label), action, px=button_px, short=_short(label)), tip)
                     for label, action, tip in row] for row in rows]

        self.play_actions = _grid(make(self.play_rows), inner, bh, gap)
        self.review_actions = _grid(make(self.review_rows), inner, bh, gap)
        rows = max(len(self.play_rows), len(self.review_rows))
        buttons_top = inner.bottom - rows * bh - (rows - 1) * gap
        # the text at the top, then the move list fills what is left above the buttons
        y = inner.top
        self.title_at = (inner.left, y)
        y += round(self.title_px * 1.45)
        # the rules played where they are not the game's usual ones ("с фуком"): on the
        # title's line at its right where they fit, else under it (two lines at most)
        options = self.options_text()
        self.option_lines = []
        if options:
            beside = inner.width - theme.font(self.title_px, True).size(
                tr(f"game.{self.play.variant}"))[0] - round(14 * s)
            if theme.fits(options, self.small, beside):
                width = theme.font(self.small).size(options)[0]
                self.option_lines = [options]
                self.options_at = (inner.right - width, inner.top + round(self.title_px * 0.2))
            else:
                self.option_lines = theme.wrap_lines(options, self.small, inner.width, 2)
                self.options_at = (inner.left, y - round(self.title_px * 0.15))
                y += len(self.option_lines) * round(self.small * 1.3) + round(2 * s)
        self.banner = pygame.Rect(inner.left, y, inner.width, max(30, round(56 * s)))
        y = self.banner.bottom + round(6 * s)
        # who plays each side, its pieces and its clock
        y = self.players.layout(inner.left, y, inner.width, self.px, s) + round(6 * s)
        self.status_rect = pygame.Rect(inner.left, y, inner.width, round(self.px * 2.7))
        y = self.status_rect.bottom + round(4 * s)
        self.info_rect = pygame.Rect(inner.left, y, inner.width, round(self.px * 2.7))
        # in review the evaluation graph takes the place of the counters, and some of the
        # move list's: tall enough to read the game's turns
        self.graph_rect = pygame.Rect(inner.left, y, inner.width,
                                      max(self.info_rect.height, round(self.px * 7)))
        bottom = buttons_top - round(12 * s)
        self.list_title_at, self._list_play = self._list_below(self.info_rect, bottom)
        self.review_title_at, self._list_review = self._list_below(self.graph_rect, bottom)
        self.line_h = round(self.px * 1.5)
        self._list_cache = None

    def options_text(self) -> str:
        """The options of the game in play that differ from its usual rules, in a few words
        each ("с фуком · без турнирных ничьих"); empty for a game by the usual rules. (The
        clock is shown by the players' rows.)"""
        game = self.play.game
        return " · ".join(option_words(unusual_options(self.play.variant, game.options)))

    def _list_below(self, above: pygame.Rect, bottom: int
                    ) -> tuple[tuple[int, int], pygame.Rect]:
        """The move list's heading and list between ``above`` and ``bottom``."""
        y = above.bottom + round(6 * self.scale)
        top = y + round(self.small * 1.5)
        return (above.left, y), pygame.Rect(above.left, top, above.width,
                                            max(self.px * 2, bottom - top))

    @property
    def list_rect(self) -> pygame.Rect:
        """The move list: shorter in review, where the graph is taller."""
        return self._list_review if self.play.reviewing.ply is not None else self._list_play

    @property
    def actions(self) -> list[Action]:
        """The buttons of the moment: in review, the coach's links too (as last drawn)."""
        if self.play.reviewing.ply is None:
            return self.play_actions
        return self.review_actions + [Action(button, tip)
                                      for button, tip in self.coach_box.buttons]

    def button(self, label_key: str) -> Button:
        """The button labelled ``tr(label_key)`` (for tests and keyboard focus)."""
        for action in self.actions:
            if action.button.label == tr(label_key):
                return action.button
        raise KeyError(label_key)

    def changed(self) -> None:
        """The record changed: the move list is drawn anew."""
        self._list_cache = None

    def scroll_by(self, lines: float) -> None:
        self.follow = False
        self.scroll += round(lines * self.line_h)

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The plies shown after the move clicked in the list, if a move was clicked."""
        if not self.list_rect.collidepoint(pos):
            return None
        row = (pos[1] - self.list_rect.top + self.scroll) // self.line_h
        number_w = self._number_width()
        half = (self.list_rect.width - number_w) // 2
        column = 0 if pos[0] < self.list_rect.left + number_w + half else 1
        offset = self.play.line_offset
        index = row * 2 + column - offset
        if 0 <= index < len(self.play.notation):
            return index + 1
        return None

    # drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, status: Status, pieces: dict[int, Piece]) -> None:
        self.analysis = status.analysis
        s = self.scale
        panel = self.rect
        radius = round(16 * s)
        pygame.draw.rect(surface, (0, 0, 0), panel.move(0, round(6 * s)), border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=radius)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.35), panel, width=2,
                         border_radius=radius)
        title = theme.text(tr(f"game.{self.play.variant}"), self.title_px, theme.ACCENT, True)
        surface.blit(title, self.title_at)
        x, y = self.options_at
        for line in self.option_lines:
            surface.blit(theme.text(line, self.small, theme.mix(theme.ACCENT, theme.TEXT, 0.5)),
                         (x, y))
            y += round(self.small * 1.3)
        self._draw_banner(surface)
        self._draw_status(surface, status)
        self.players.draw(surface, pieces, status.bottom)
        self._draw_info(surface)
        heading = theme.text(tr("board.moves_title"), self.small, theme.TEXT_MUTED, True)
        surface.blit(heading, self.review_title_at if self.play.reviewing.ply is not None
                     else self.list_title_at)
        self._draw_moves(surface)
        for action in self.actions:
            label = action.button.label
            action.button.selected = ((label == tr("board.hints") and status.hints)
                                      or (label == tr("board.numbers") and status.numbers))
            action.button.draw(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        """Whose turn it is, in the colour of that side; the result once the game is over."""
        play = self.play
        rect = self.banner
        radius = rect.height // 3
        outcome = play.outcome()
        piece: Color | None
        if play.reviewing.ply is not None:
            fill, ink = theme.mix(theme.PANEL, theme.TEXT, 0.15), theme.TEXT
            words = tr("board.review", ply=play.reviewing.ply, total=play.ply)
            piece = None
        elif outcome is not None:
            fill, ink = theme.mix(theme.ACCENT, theme.BUTTON, 0.25), theme.TEXT
            words = result_title(outcome)
            piece = outcome.winner
        else:
            turn = play.turn
            white = turn is Color.WHITE
            fill = theme.PIECE_WHITE if white else theme.PIECE_BLACK
            ink = theme.PIECE_BLACK if white else theme.PIECE_WHITE
            words = tr(f"board.turn.{turn.name.lower()}")
            piece = turn
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, theme.ACCENT, rect, width=max(2, round(3 * self.scale)),
                         border_radius=radius)
        x = rect.left + rect.height // 2
        if piece is not None:
            r = round(rect.height * 0.32)
            drawing.draw_piece(surface, (x + r // 2, rect.centery), r, piece is Color.WHITE)
            x += r * 2 + round(10 * self.scale)
        label = fit_text(words, round(self.px * 1.2), rect.right - x - rect.height // 3, ink,
                         True)
        surface.blit(label, label.get_rect(midleft=(x, rect.centery)))

    def status_line(self, status: Status) -> tuple[str, theme.Color] | None:
        """What the panel says under the players now, and in which colour (None: the
        analysis, or nothing)."""
        play = self.play
        outcome = play.outcome()
        if status.message is not None:
            return status.message, theme.mix(theme.TEXT, theme.ACCENT, 0.5)
        if status.analysis is not None:
            return None
        if status.thinking is not None:
            if play.seats[play.turn].is_program:  # a DXP program, a Hub engine
                return tr("board.thinking.program"), theme.TEXT_MUTED
            return (tr("board.thinking") if status.thinking <= 0 else
                    tr("board.thinking.depth", depth=status.thinking)), theme.TEXT_MUTED
        seat = play.seats[play.turn]
        if play.reviewing.ply is None and outcome is None and seat.is_person and not seat.at_window:
            return tr("net.panel.friend_move"), theme.TEXT_MUTED  # a friend elsewhere
        if play.reviewing.ply is None and outcome is None and play.game.capture_required():
            return tr("board.capture_required"), theme.ACCENT
        if play.reviewing.ply is None and outcome is None and play.huff.choices():
            return tr("board.huff.may"), theme.ACCENT
        if play.reviewing.ply is None and outcome is not None:
            return end_reason(play.game, outcome), theme.TEXT
        if not play.ply and not status.selecting:
            key = f"board.help.{play.variant}"
            return tr(key if key in STRINGS else "board.help"), theme.TEXT_MUTED
        return None

    def _draw_status(self, surface: pygame.Surface, status: Status) -> None:
        rect = self.status_rect
        if status.message is not None and status.flash > 0:
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            glow.fill((*theme.DANGER, round(160 * min(1.0, status.flash / FLASH_SECONDS))))
            surface.blit(glow, rect)
        elif status.message is None and status.analysis is not None:
            self._draw_analysis_status(surface, status.analysis)
            return
        line = self.status_line(status)
        if line is None:
            return
        text, colour = line
        y = rect.top + round(2 * self.scale)
        for part in theme.wrap_lines(text, self.px, rect.width - 8, 2):
            label = theme.text(part, self.px, colour)
            surface.blit(label, (rect.left + 4, y))
            y += round(self.px * 1.3)

    def _draw_analysis_status(self, surface: pygame.Surface, view: AnalysisView) -> None:
        rect = self.status_rect
        x, y = rect.left + 4, rect.top + round(2 * self.scale)
        if view.done < view.total:
            label = theme.text(tr("board.analysis.progress", done=view.done, total=view.total),
                               self.px, theme.TEXT_MUTED)
            surface.blit(label, (x, y))
            bar = pygame.Rect(x, y + round(self.px * 1.5), rect.width - 8,
                              max(6, round(self.px * 0.5)))
            pygame.draw.rect(surface, (24, 16, 10), bar, border_radius=bar.height // 2)
            fill = bar.copy()
            fill.width = max(bar.height, round(bar.width * view.done / max(1, view.total)))
            pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=bar.height // 2)
            return
        if view.score is None:
            return
        words = tr("board.analysis.score", score=score_text(view.score))
        if view.line:
            words += " · " + tr("board.analysis.best", line=view.line)
        lost = view.mistakes.get(view.ply)
        if lost is not None:
            words = tr("board.analysis.mistake", lost=f"{lost / 100:.1f}") + " " + words
        for line in theme.wrap_lines(words, self.px, rect.width - 8, 2):
            label = theme.text(line, self.px, theme.TEXT)
            surface.blit(label, (x, y))
            y += round(self.px * 1.3)

    def _draw_graph(self, surface: pygame.Surface, view: AnalysisView) -> None:
        """The evaluation of the whole game: above the line White stands better (below the
        coach's words on the shown move, when it has some)."""
        rect = self.graph_rect.inflate(-8, -6)
        taken = self.coach_box.height(view.comments, view.links, self.small,
                                      self.graph_rect, self.scale)
        if taken:
            taken += round(4 * self.scale)
            if rect.height - taken < round(self.px * 1.2):
                return  # the coach's words and links take the graph's place
            rect = pygame.Rect(rect.left, rect.top + taken, rect.width, rect.height - taken)
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.35), rect,
                         border_radius=round(6 * self.scale))
        mid = rect.centery
        pygame.draw.line(surface, theme.TEXT_MUTED, (rect.left, mid), (rect.right, mid))
        count = max(2, len(view.scores))
        cap = 600.0

        def point(i: int, score: int) -> tuple[int, int]:
            px = rect.left + round(i * (rect.width - 1) / (count - 1))
            py = mid - round(max(-cap, min(cap, score)) / cap * (rect.height / 2 - 3))
            return px, py

        known = [(i, v) for i, v in enumerate(view.scores) if v is not None]
        if len(known) >= 2:
            area = [(point(known[0][0], 0))] + [point(i, v) for i, v in known] + \
                [point(known[-1][0], 0)]
            pygame.draw.polygon(surface, theme.mix(theme.PIECE_WHITE, theme.PANEL, 0.55), area)
            pygame.draw.lines(surface, theme.PIECE_WHITE, False, [point(i, v) for i, v in known],
                              2)
        for ply in view.mistakes:
            score = view.scores[ply]
            if score is not None:
                pygame.draw.circle(surface, theme.DANGER, point(ply, score),
                                   max(3, round(4 * self.scale)))
        for ply in view.coached:  # where the coach has a word: a mark along the top
            pygame.draw.circle(surface, theme.ACCENT, (point(ply, 0)[0], rect.top + 4),
                               max(2, round(3 * self.scale)))
        x = point(view.ply, 0)[0]
        pygame.draw.line(surface, theme.ACCENT, (x, rect.top), (x, rect.bottom), 2)

    def _draw_info(self, surface: pygame.Surface) -> None:
        """The move count, Apokachi's timer and the running draw counters; in the review of
        an analysed game, the graph of its evaluation."""
        if self.analysis is not None and self.play.reviewing.ply is not None:
            self._draw_graph(surface, self.analysis)
            view = self.analysis
            self.coach_box.draw(surface, self.graph_rect, view.comments, view.links,
                                self.small, self.scale)
            return
        self.coach_box.clear()
        rect = self.info_rect
        forms = self._info_forms()
        if len(forms) > 2:  # two lines at most: the rest share the second
            forms = [forms[0], (" · ".join(f[0] for f in forms[1:]),)]
        y = rect.top
        for line in forms:
            label = fit_text(line[0], self.px, rect.width - 8, theme.TEXT, False, *line[1:])
            surface.blit(label, (rect.left + 4, y))
            y += round(self.px * 1.3)

    def info_lines(self) -> list[str]:
        """What the panel says under the players: move count, timer, draw counters."""
        return [forms[0] for forms in self._info_forms()]

    def _info_forms(self) -> list[tuple[str, ...]]:
        """Each line of :meth:`info_lines`, then shorter ways to say it."""
        play = self.play
        game = play.game
        lines: list[tuple[str, ...]] = []
        if game.move_limit is not None:
            lines.append((tr("board.moves_count", played=game.moves_played(),
                             limit=game.move_limit),))
        remaining = game.remaining_time()
        if remaining is not None:
            if game.move_stack:
                lines.append((tr("board.timer", time=clock_text(remaining)),))
            else:
                lines.append((tr("board.timer_waiting", time=clock_text(remaining)),
                              tr("board.timer_waiting.short", time=clock_text(remaining))))
        race = race_line(game)
        if race is not None:
            lines.append(race)
        if game.outcome() is None:
            for counter in game.draw_counters()[:2]:
                if counter.limit > 0:
                    lines.append((tr(f"board.counter.{counter.termination.value}",
                                     count=counter.count, limit=counter.limit),))
        return lines

    def _number_width(self) -> int:
        return theme.font(self.small).size("888.")[0] + round(6 * self.scale)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        """The move list: numbered full moves, scrollable, the current one highlighted."""
        play = self.play
        rect = self.list_rect
        pygame.draw.rect(surface, theme.mix(theme.PANEL, (0, 0, 0), 0.35), rect,
                         border_radius=round(8 * self.scale))
        offset = play.line_offset
        rows = (len(play.notation) + offset + 1) // 2
        content = rows * self.line_h + 8
        max_scroll = max(0, content - rect.height)
        current = (play.reviewing.ply if play.reviewing.ply is not None else len(play.notation)) - 1
        if self.follow:
            # keep the current move in view (the last one while playing)
            row = (current + offset) // 2
            self.scroll = max(0, min(max_scroll, (row + 1) * self.line_h + 8 - rect.height))
        self.scroll = max(0, min(max_scroll, self.scroll))
        marks = tuple(sorted(self.analysis.mistakes)) if self.analysis is not None else ()
        key = (len(play.notation), current, rect.size, self.px, tr("board.moves_title"), marks)
        if self._list_cache is None or self._list_cache[0] != key:
            self._list_cache = (key, self._render_moves(rect.width, content, current, offset))
        picture = self._list_cache[1]
        surface.blit(picture, rect.topleft, pygame.Rect(0, self.scroll, rect.width, rect.height))
        if max_scroll:
            track = rect.height
            bar_h = max(20, track * rect.height // content)
            top = rect.top + (track - bar_h) * self.scroll // max_scroll
            pygame.draw.rect(surface, theme.TEXT_MUTED,
                             pygame.Rect(rect.right - 6, top, 4, bar_h), border_radius=2)

    def _render_moves(self, width: int, height: int, current: int, offset: int
                      ) -> pygame.Surface:
        notation = self.play.notation
        picture = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
        number_w = self._number_width()
        half = (width - number_w - 10) // 2
        for i in range(-offset, len(notation)):
            row, column = divmod(i + offset, 2)
            y = 4 + row * self.line_h
            if column == 0:
                number = theme.text(f"{row + 1}.", self.small, theme.TEXT_MUTED)
                picture.blit(number, (number_w - number.get_width() - 4,
                                      y + (self.line_h - number.get_height()) // 2))
            if i < 0:
                dots = theme.text("…", self.px, theme.TEXT_MUTED)
                picture.blit(dots, (number_w + 6, y + (self.line_h - dots.get_height()) // 2))
                continue
            x = number_w + column * half + 6
            if i == current:
                pygame.draw.rect(picture, theme.mix(theme.ACCENT, theme.PANEL, 0.45),
                                 pygame.Rect(x - 4, y + 1, half - 4, self.line_h - 2),
                                 border_radius=4)
            mistake = self.analysis is not None and (i + 1) in self.analysis.mistakes
            label = fit_text(move_shown(notation[i]) + ("?" if mistake else ""), self.px,
                             half - 10,
                             theme.DANGER if mistake and i != current else theme.TEXT,
                             i == current)
            picture.blit(label, (x, y + (self.line_h - label.get_height()) // 2))
        return picture

    def tooltip(self) -> tuple[Action, str] | None:
        """The hovered button and its tooltip, the shortcut as the player's keyboard shows it."""
        for action in self.actions:
            if action.button.hovered:
                key = self.tip_keys.get(action.tip_key)
                words = tr(action.tip_key, shortcut=shortcut_label(key)) if key is not None \
                    else tr(action.tip_key)
                return action, words
        return None

    def draw_tooltip(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        shown = self.tooltip()
        if shown is None:
            return
        action, words = shown
        label = theme.text(words, self.small, theme.TEXT)
        box = label.get_rect().inflate(round(20 * self.scale), round(12 * self.scale))
        box.midbottom = (action.button.rect.centerx,
                         action.button.rect.top - round(6 * self.scale))
        box.clamp_ip(pygame.Rect((0, 0), size))
        pygame.draw.rect(surface, (20, 12, 8), box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT, box, width=1, border_radius=6)
        surface.blit(label, label.get_rect(center=box.center))


def _short(label_key: str) -> str | None:
    """A button's shorter label, where the strings give one (``<key>.short``)."""
    key = f"{label_key}.short"
    return tr(key) if key in STRINGS else None


def _grid(rows: list[list[Action]], area: pygame.Rect, bh: int, gap: int) -> list[Action]:
    """Lay rows of buttons out at the bottom of ``area``, each row filling its width."""
    out: list[Action] = []
    top = area.bottom - len(rows) * bh - (len(rows) - 1) * gap
    for r, row in enumerate(rows):
        width = (area.width - (len(row) - 1) * gap) / len(row)
        for i, action in enumerate(row):
            action.button.rect = pygame.Rect(round(area.left + i * (width + gap)),
                                             top + r * (bh + gap), round(width), bh)
            out.append(action)
    return out
