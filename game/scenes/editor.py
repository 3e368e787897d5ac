"""The position editor of the board games: a palette beside the board (men and kings of either
colour, an eraser), clear, the start position, the side to move, the options that shape the
board (Apokachi's size); then play from the position (two people or against the computer) or
copy its FEN. A position that cannot be played says why and is not started. Every game of the
registry is set up here; what differs the game's class says (kings or none, board options)."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import tr
from game.play.board_play import BoardPlay
from game.play.players import DEFAULT_LEVEL, LEVEL_CHOICES, make_seats
from game.play.positions import Refusal, build_game, check_position, geometry_of, start_pieces
from game.rules import VARIANTS, find_variant
from game.rules.core import Color, Piece, PieceKind
from game.scene import Scene
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.remembered import LEVEL, recall
from game.ui import drawing, theme
from game.ui.board_views import BoardView, PointGridView, SquareBoardView, draw_houses
from game.ui.clipboard import copy_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike

#: the palette: (label key, piece or None for the eraser)
PALETTE: tuple[tuple[str, Piece | None], ...] = (
    ("editor.palette.white_man", Piece(Color.WHITE)),
    ("editor.palette.black_man", Piece(Color.BLACK)),
    ("editor.palette.white_king", Piece(Color.WHITE, PieceKind.KING)),
    ("editor.palette.black_king", Piece(Color.BLACK, PieceKind.KING)),
    ("editor.palette.erase", None),
)


class EditorScene(Scene):
    """Set up a position by clicking; play it or copy it."""

    key = "editor"

    def __init__(self, app: AppLike, variant: str = "russian",
                 options: dict[str, Any] | None = None) -> None:
        self.variant = variant
        #: the options that shape the board (the game's ``board_options``) at their values
        self.board_opts: dict[str, Any] = self._board_defaults(variant, options)
        self.turn = Color.WHITE
        self.pieces: dict[int, Piece] = {}
        self.tool = 0
        self.message: str | None = None
        super().__init__(app)
        self._new_board()
        self.set_start()

    @staticmethod
    def _board_defaults(variant: str, given: dict[str, Any] | None) -> dict[str, Any]:
        cls = find_variant(variant)
        defaults = {spec.name: spec.default for spec in cls.option_specs()
                    if spec.name in cls.board_options}
        return {**defaults, **{k: v for k, v in (given or {}).items() if k in defaults}}

    # the position ------------------------------------------------------------------------------
    def _new_board(self) -> None:
        geometry = geometry_of(self.variant, self.board_opts)
        self.view: BoardView = PointGridView(geometry) if geometry.points \
            else SquareBoardView(geometry)
        #: the game at its start with these options: what the board shows under the pieces
        #: (Ugolki's houses)
        self.blank = find_variant(self.variant).new(**self.board_opts)
        self.on_resize(self.size)

    @property
    def palette(self) -> list[tuple[str, Piece | None]]:
        if not find_variant(self.variant).has_kings:
            return [p for p in PALETTE if p[1] is None or p[1].kind is PieceKind.MAN]
        return list(PALETTE)

    def set_variant(self, variant: str) -> None:
        self.variant = variant
        self.board_opts = self._board_defaults(variant, None)
        self.tool = 0
        self._new_board()
        self.set_start()

    def set_up_by_hand(self) -> bool:
        """The board holds a position of the player's (not empty, not the start): worth a
        question before something throws it away."""
        return bool(self.pieces) and self.pieces != start_pieces(self.variant, self.board_opts)

    def _after_asking(self, action: Callable[[], None]) -> None:
        if self.set_up_by_hand():
            self.app.scenes.push(ConfirmDialog(self.app, "editor.ask.change",
                                               "editor.ask.change.yes", action))
        else:
            action()

    def next_variant(self) -> None:
        """The next game of the collection, at its start (asked first if a position set up
        by hand would go)."""
        names = list(VARIANTS)
        following = names[(names.index(self.variant) + 1) % len(names)]
        self._after_asking(partial(self.set_variant, following))

    def next_option(self, name: str) -> None:
        """The next value of board option ``name``, at its start (asked first, as a change of
        game)."""
        self._after_asking(partial(self._next_option, name))

    def _next_option(self, name: str) -> None:
        spec = next(s for s in find_variant(self.variant).option_specs() if s.name == name)
        choices = list(spec.choices)
        current = self.board_opts.get(name)
        index = choices.index(current) if current in choices else -1
        self.board_opts[name] = choices[(index + 1) % len(choices)]
        self._new_board()
        self.set_start()

    def choose_tool(self, index: int) -> None:
        """The palette's piece (or the eraser) that the next click puts down."""
        self.tool = max(0, min(len(self.palette) - 1, index))

    def clear(self) -> None:
        self.pieces = {}
        self.message = None

    def set_start(self) -> None:
        self.pieces = start_pieces(self.variant, self.board_opts)
        self.turn = find_variant(self.variant).first_color  # English: Black
        self.message = None
        self._relabel()

    def toggle_turn(self) -> None:
        self.turn = self.turn.other
        self._relabel()

    def click(self, square: int | None, right: bool = False) -> None:
        """Put the chosen piece on ``square``; the same piece again, the eraser or the right
        button takes it off."""
        if square is None:
            return
        piece = None if right else self.palette[self.tool][1]
        if piece is None or self.pieces.get(square) == piece:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = piece
        self.message = None

    def refusal(self) -> Refusal | None:
        return check_position(self.variant, self.turn, self.pieces, self.board_opts)

    def why_not(self) -> str | None:
        refusal = self.refusal()
        if refusal is None:
            return None
        values = {k: tr(v) if isinstance(v, str) and v.startswith("editor.") else v
                  for k, v in refusal.values.items()}
        return tr(refusal.key, **values)

    def fen(self) -> str | None:
        if self.refusal() is not None:
            return None
        return build_game(self.variant, self.turn, self.pieces, self.board_opts).fen()

    # actions -------------------------------------------------------------------------------------
    def play(self, computer: bool = False) -> bool:
        """Start a game from the position; False (and the reason on screen) if it cannot."""
        why = self.why_not()
        if why is not None:
            self.message = why
            self.app.notify(why)
            return False
        game = build_game(self.variant, self.turn, self.pieces, self.board_opts)
        person = "white" if self.turn is Color.WHITE else "black"
        seats = make_seats(person if computer else "two", self.level())
        play = BoardPlay(self.variant, game.options, game=game, seats=seats)
        self.app.routes.replace("board", play=play)
        return True

    def level(self) -> int:
        """The computer's level: the one this game's setup was last started with, if any."""
        kept = recall(self.app.settings.setups.get(self.variant, {}), {LEVEL: LEVEL_CHOICES})
        level = kept.get(LEVEL, DEFAULT_LEVEL)
        return level if isinstance(level, int) else DEFAULT_LEVEL

    def play_people(self) -> None:
        self.play()

    def play_computer(self) -> None:
        self.play(computer=True)

    def copy_fen(self) -> None:
        why = self.why_not()
        if why is not None:
            self.message = why
            self.app.notify(why)
            return
        fen = self.fen()
        assert fen is not None
        copy_text(self.app, fen, "saves.copied_fen")

    # layout ----------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if not hasattr(self, "view"):
            return
        s = self.scale = theme.scale_for(size)
        w, h = size
        m = max(10, round(20 * s))
        panel_w = max(250, round(440 * s))
        side = min(h - 2 * m - round(40 * s), w - panel_w - 3 * m)
        left = max(m, (w - side - m - panel_w) // 2)
        self.view.layout(pygame.Rect(left, m, side, side))
        self.panel = pygame.Rect(left + side + m, m, panel_w, h - 2 * m)
        px = max(13, round(21 * s))
        bh, gap = round(46 * s), round(10 * s)
        x, y = self.panel.left, self.panel.top + round(56 * s)
        self.tool_rects: list[pygame.Rect] = []
        cell = round(62 * s)
        for i in range(len(self.palette)):
            self.tool_rects.append(pygame.Rect(x + i * (cell + gap // 2), y, cell, cell))
        y += cell + 2 * gap
        half = (panel_w - gap) // 2
        specs: list[list[tuple[str, Callable[[], None]]]] = [
            [(tr(f"game.{self.variant}"), self.next_variant)],
            [(tr("editor.clear"), self.clear), (tr("editor.start"), self.set_start)],
            [(tr(f"editor.turn.{self.turn.name.lower()}"), self.toggle_turn)],
            [(tr("editor.play"), self.play_people),
             (tr("editor.play_computer"), self.play_computer)],
            [(tr("editor.copy_fen"), self.copy_fen), (tr("common.back"), self.on_back)],
        ]
        for name in find_variant(self.variant).board_options:
            specs[0].append((f"{tr('editor.' + name)}: {self.board_opts.get(name)}",
                             partial(self.next_option, name)))
        # what a narrow panel shows of a long label
        shorter = {tr("editor.play_computer"): tr("editor.play_computer.short")}
        self.buttons: list[Button] = []
        self.turn_button: Button | None = None
        for row in specs:
            width = panel_w if len(row) == 1 else half
            for i, (label, action) in enumerate(row):
                button = Button(label, action, px=px, short=shorter.get(label))
                button.rect = pygame.Rect(x + i * (half + gap), y, width, bh)
                self.buttons.append(button)
                if action == self.toggle_turn:
                    self.turn_button = button
            y += bh + gap
        self.text_top = y + gap

    def _relabel(self) -> None:
        if self.turn_button is not None:
            self.turn_button.label = tr(f"editor.turn.{self.turn.name.lower()}")

    def button(self, label: str) -> Button:
        return next(b for b in self.buttons if b.label == label)

    # input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in list(self.buttons):
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for i, rect in enumerate(self.tool_rects):
                if rect.collidepoint(event.pos):
                    self.tool = i
                    return True
            if self.view.rect.collidepoint(event.pos):
                self.click(self.view.square_at(event.pos), right=event.button == 3)
                return True
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            if ctrl and event.key == pygame.K_c:
                self.copy_fen()
                return True
            if event.key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5):
                self.choose_tool(event.key - pygame.K_1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play()
                return True
        return False

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        view = self.view
        view.draw_base(surface)
        draw_houses(surface, view, self.blank)
        for square, piece in self.pieces.items():
            drawing.draw_piece(surface, view.centre(square), view.radius,
                               piece.color is Color.WHITE, piece.kind is PieceKind.KING)
        view.draw_labels(surface)
        title = theme.text(tr("editor.title"), max(18, round(34 * s)), theme.ACCENT, True)
        surface.blit(title, (self.panel.left, self.panel.top))
        for i, rect in enumerate(self.tool_rects):
            tool = self.palette[i][1]
            colour = theme.mix(theme.ACCENT, theme.PANEL, 0.35) if i == self.tool \
                else theme.BUTTON
            pygame.draw.rect(surface, colour, rect, border_radius=round(8 * s))
            if i == self.tool:
                pygame.draw.rect(surface, theme.ACCENT, rect, width=2, border_radius=round(8 * s))
            if tool is None:
                r = rect.inflate(-rect.width // 2, -rect.height // 2)
                pygame.draw.line(surface, theme.TEXT, r.topleft, r.bottomright, max(2, round(4 * s)))
                pygame.draw.line(surface, theme.TEXT, r.topright, r.bottomleft, max(2, round(4 * s)))
            else:
                drawing.draw_piece(surface, rect.center, round(rect.width * 0.36),
                                   tool.color is Color.WHITE, tool.kind is PieceKind.KING)
        for button in self.buttons:
            button.draw(surface)
        px = max(12, round(18 * s))
        y = self.text_top
        lines = [tr(self.palette[self.tool][0])]
        why = self.message or self.why_not()
        lines += theme.wrap_lines(why, px, self.panel.width, 4) if why else []
        for i, line in enumerate(lines):
            colour = theme.TEXT if i == 0 else (235, 150, 110)
            rendered = theme.text(line, px, colour, i == 0)
            surface.blit(rendered, (self.panel.left, y))
            y += round(px * 1.35)
        hint_lines = theme.wrap(tr("editor.hint"), px, self.panel.width)
        y = self.panel.bottom - len(hint_lines) * round(px * 1.3)
        for line in hint_lines:
            surface.blit(theme.text(line, px, theme.TEXT_MUTED), (self.panel.left, y))
            y += round(px * 1.3)
