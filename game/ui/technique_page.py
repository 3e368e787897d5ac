"""A technique's page in the rules screen: what the technique is, in a few lines, beside a real
puzzle of it played out move by move on a small board, over and over, and a button that opens
the trainer on it.

The puzzle is the easiest (lowest rated) shipped Russian win that uses the technique, or
International where Russian has none (a rare technique); a save (the only defence) is never
shown as the technique's combination. When there is none, the page says so and shows no
board.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import tr
from game.puzzles.collection import shipped
from game.puzzles.model import Kind, Puzzle, PuzzleError, Technique
from game.rules.core import Color
from game.ui import diagrams, theme
from game.ui.widgets import Button

#: the games whose puzzles the pages show: a technique's puzzle comes from the first that has one
PAGE_GAMES = ("russian", "international")
#: seconds each move of the line is shown (the arrow over the position before it)
STEP_SECONDS = 1.6
#: seconds the final position stays before the line starts again
END_SECONDS = 2.4


def example(puzzles: Sequence[Puzzle], technique: Technique) -> Puzzle | None:
    """The easiest win of ``technique`` (of the first of :data:`PAGE_GAMES` that has one;
    the lowest rating; by id among equals)."""
    order = {game: i for i, game in enumerate(PAGE_GAMES)}
    found = [p for p in puzzles if technique in p.techniques and p.kind is Kind.WIN]
    return min(found, key=lambda p: (order.get(p.game, len(order)), p.rating, p.id)) \
        if found else None


def page_puzzles() -> tuple[tuple[Puzzle, ...], str | None]:
    """The shipped puzzles of :data:`PAGE_GAMES`, and what is wrong with a file that is
    damaged (its puzzles are then left out)."""
    puzzles: list[Puzzle] = []
    problem: str | None = None
    for game in PAGE_GAMES:
        try:
            puzzles.extend(shipped(game))
        except PuzzleError as error:
            problem = problem or str(error)
    return tuple(puzzles), problem


@dataclass(frozen=True, slots=True)
class Frame:
    """One picture of the line: a position and the move about to be played (None: the end)."""

    fen: str
    move: str | None


def frames_of(puzzle: Puzzle) -> tuple[Frame, ...]:
    """The main line as pictures: each position with its move, then the final position."""
    game = puzzle.start()
    out: list[Frame] = []
    for move in puzzle.moves():
        out.append(Frame(game.fen(), game.move_text(move)))
        game.push(move)
    out.append(Frame(game.fen(), None))
    return tuple(out)


class LineDiagram:
    """A puzzle's main line, played on a small board in a loop: ``update`` moves it on."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.frames = frames_of(puzzle)
        self._winner = puzzle.start().turn
        self.step = 0
        self.clock = 0.0
        self._pictures: dict[tuple[int, int], pygame.Surface] = {}

    @property
    def winner(self) -> Color:
        """The side that plays the combination (to move at the start)."""
        return self._winner

    def update(self, dt: float) -> bool:
        """Time passes; whether the picture changed."""
        self.clock += dt
        wait = END_SECONDS if self.frames[self.step].move is None else STEP_SECONDS
        if self.clock < wait:
            return False
        self.clock = 0.0
        self.step = (self.step + 1) % len(self.frames)
        return True

    def picture(self, width: int) -> pygame.Surface:
        key = (self.step, width)
        if key not in self._pictures:
            frame = self.frames[self.step]
            # from the winning side, as the person would sit to solve it
            self._pictures[key] = diagrams.render_board(
                diagrams.BoardDiagram(self.puzzle.game, frame.fen, frame.move), width,
                flipped=self.winner is Color.BLACK)
        return self._pictures[key]


class TechniquePage:
    """The techniques, one page at a time: ``show`` one, ``turn`` to the next or previous;
    ``practise`` is called with the technique shown and the game of its puzzle when its
    button is pressed."""

    def __init__(self, technique: Technique, practise: Callable[[Technique, str], None],
                 can_practise: bool = True) -> None:
        self.puzzles, self.problem = page_puzzles()
        self.practise = practise
        self.can_practise = can_practise
        self.technique = technique
        self.diagram: LineDiagram | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.prev = Button("◀", lambda: self.turn(-1))
        self.next = Button("▶", lambda: self.turn(1))
        self.game = PAGE_GAMES[0]  # the game of the puzzle shown: the one to practise
        self.button = Button(tr("techpage.practise"), self._practise)
        self.show(technique)

    @property
    def buttons(self) -> list[Button]:
        return [self.prev, self.next, self.button]

    def _practise(self) -> None:
        self.practise(self.technique, self.game)

    def show(self, technique: Technique) -> None:
        self.technique = technique
        puzzle = example(self.puzzles, technique)
        self.game = puzzle.game if puzzle is not None else PAGE_GAMES[0]
        try:
            self.diagram = None if puzzle is None else LineDiagram(puzzle)
        except PuzzleError as error:  # a puzzle whose line does not replay: no picture
            self.diagram, self.problem = None, str(error)
        self.button.enabled = self.can_practise and puzzle is not None

    def turn(self, step: int) -> None:
        order = list(Technique)
        self.show(order[(order.index(self.technique) + step) % len(order)])

    # layout ---------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect, self.scale = rect, scale
        s = scale
        self.px = max(14, round(21 * s))
        self.small = max(12, round(16 * s))
        self.title_px = max(18, round(32 * s))
        bh = max(30, round(52 * s))
        self.prev.rect = pygame.Rect(rect.left, rect.top, bh, bh)
        self.next.rect = pygame.Rect(rect.right - bh, rect.top, bh, bh)
        self.prev.px = self.next.px = max(14, round(22 * s))
        self.button.px = max(14, round(22 * s))
        self.button.rect = pygame.Rect(rect.left, rect.bottom - bh,
                                       min(rect.width, round(340 * s)), bh)
        top = rect.top + bh + round(self.small * 1.3) + round(10 * s)  # under "4 / 9"
        room = self.button.rect.top - round(14 * s) - top
        side = min(round(rect.width * 0.48), room - round(self.small * 3.2))
        self.board_rect = pygame.Rect(rect.left, top, max(60, side), max(60, side))
        gutter = round(20 * s)
        beside = rect.width - self.board_rect.width - gutter
        if beside >= round(170 * s):
            self.text_rect = pygame.Rect(self.board_rect.right + gutter, top, beside, room)
        else:  # too narrow to share: the text under the board's caption
            self.text_rect = pygame.Rect(rect.left, self.board_rect.bottom + self.small * 3,
                                         rect.width, self.button.rect.top - top)

    # input and time -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.turn(-1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.turn(1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p):
                if self.button.enabled:
                    self._practise()
                return True
        return any(button.handle_event(event) for button in self.buttons)

    def update(self, dt: float) -> bool:
        """The line moves on; whether the picture changed."""
        return self.diagram is not None and self.diagram.update(dt)

    # drawing --------------------------------------------------------------------------------
    def texts(self) -> list[str]:
        """The page's words: its title, its explanation, and what the picture shows."""
        out = [tr(f"techpage.{self.technique.value}.title"),
               tr(f"techpage.{self.technique.value}.text")]
        out.extend(self._caption())
        return out

    def _caption(self) -> list[str]:
        diagram = self.diagram
        if diagram is None:
            return [tr("techpage.none") if self.problem is None
                    else tr("techpage.damaged", why=self.problem)]
        side = tr("techpage.white" if diagram.winner is Color.WHITE else "techpage.black")
        frame = diagram.frames[diagram.step]
        moves = len(diagram.frames) - 1
        shown = (tr("techpage.move", n=diagram.step + 1, total=moves, move=frame.move)
                 if frame.move is not None else tr("techpage.end"))
        return [side, shown]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        rect = self.rect
        order = list(Technique)
        title = theme.text(tr(f"techpage.{self.technique.value}.title"), self.title_px,
                           theme.ACCENT, True)
        surface.blit(title, title.get_rect(center=(rect.centerx, self.prev.rect.centery)))
        count = theme.text(f"{order.index(self.technique) + 1} / {len(order)}", self.small,
                           theme.TEXT_MUTED)
        surface.blit(count, count.get_rect(midtop=(rect.centerx, self.prev.rect.bottom)))
        caption = self._caption()
        y = self.board_rect.top
        if self.diagram is not None:
            surface.blit(self.diagram.picture(self.board_rect.width), self.board_rect)
            y = self.board_rect.bottom + round(6 * s)
            for line in caption:
                label = theme.text(line, self.small, theme.TEXT_MUTED)
                surface.blit(label, (self.board_rect.left, y))
                y += round(self.small * 1.3)
            text_rect = self.text_rect
        else:
            text_rect = pygame.Rect(rect.left, self.board_rect.top, rect.width,
                                    self.button.rect.top - self.board_rect.top)
        y = text_rect.top
        lines = theme.wrap(tr(f"techpage.{self.technique.value}.text"), self.px,
                           text_rect.width)
        if self.diagram is None:
            lines += [""] + theme.wrap(caption[0], self.px, text_rect.width)
        for line in lines:
            if y + self.px > text_rect.bottom:
                break
            surface.blit(theme.text(line, self.px, theme.TEXT), (text_rect.left, y))
            y += round(self.px * 1.35)
        for button in self.buttons:
            button.draw(surface)
