"""The side panel of a Chapaev match: the round, whose shot it is, the pieces left, the
lines and the score, the pull's strength and what to do now. The scene fills a
:class:`PanelState` from the match in play; the panel only draws it."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import tr
from game.rules.chapaev import Campaign, ChapaevMatch, Troop
from game.rules.core import Color
from game.ui import chapaev_gauge as gauge
from game.ui import chapaev_view as view
from game.ui import drawing, theme
from game.play.chapaev_kinds import kind_of
from game.ui.chapaev_troops import draw_troop, troop_radius


def color_name(color: Color, case: str = "nom") -> str:
    return tr(f"chapaev.side.{'white' if color is Color.WHITE else 'black'}.{case}")


@dataclass(frozen=True)
class PanelState:
    """What the panel shows at one moment."""

    match: ChapaevMatch
    round_number: int
    card_color: Color | None  # whose colours the turn card wears
    card_text: str
    counts: dict[Color, tuple[int, int]]  # pieces (left on the board, in the round)
    white_row: float  # the lines, possibly between two rows while they slide
    black_row: float
    flipped: bool
    strength: float | None  # the pull of the piece held, when the aim help shows it
    hint_key: str
    troops: tuple[Troop, Troop] = (Troop.INFANTRY, Troop.INFANTRY)  # White's, Black's
    pressing: bool = False  # ``strength`` is a press in the bayonet fight
    press_threshold: float = 1.0  # a press past this rocks the board
    press_warn: float = 1.0  # from this press on the board creaks
    press_enough: float | None = None  # what pushes the enemy piece off, when shown
    press_glow: float = 0.0  # how bright the creaking stretch throbs now


class ChapaevPanel:
    """Draws a :class:`PanelState` into ``rect``; the pause button is the scene's."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.px = 14
        #: where the strength or press gauge was last drawn (None: no piece aimed or pressed)
        self.gauge_rect: pygame.Rect | None = None

    def layout(self, rect: pygame.Rect, scale: float) -> None:
        self.rect = rect
        self.scale = scale
        self.px = max(14, round(20 * scale))

    def draw(self, surface: pygame.Surface, state: PanelState, bottom: int) -> None:
        s = self.scale
        panel = self.rect
        back = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (*theme.PANEL, 215), back.get_rect(), border_radius=round(16 * s))
        surface.blit(back, panel)
        pad = round(20 * s)
        x = panel.left + pad
        width = panel.width - 2 * pad
        y = panel.top + pad
        title = theme.text(tr("game.chapaev"), max(18, round(32 * s)), theme.ACCENT, True)
        surface.blit(title, (x, y))
        rnd = theme.text(tr("chapaev.panel.round", number=state.round_number),
                         max(14, round(22 * s)), theme.TEXT)
        surface.blit(rnd, rnd.get_rect(bottomright=(panel.right - pad,
                                                    y + title.get_height() - round(3 * s))))
        y += title.get_height() + round(14 * s)
        y = self._draw_turn_card(surface, pygame.Rect(x, y, width, round(84 * s)), state)
        y += round(16 * s)
        y = self._draw_counts(surface, x, y, width, state)
        y += round(14 * s)
        # while a piece is aimed or pressed its gauge comes first: the lines' last rows give
        # way to it (they come back when the shot is gone), so it never runs under a button
        reserve = 0 if state.strength is None else \
            round(self.px * 1.5) + max(10, round(22 * s)) + round(12 * s)
        y = self._draw_lines(surface, x, y, width, state, bottom - reserve)
        y += round(14 * s)
        if reserve:
            y = min(y, bottom - reserve)
        self._draw_status(surface, x, y, width, bottom, state)

    def _draw_turn_card(self, surface: pygame.Surface, rect: pygame.Rect,
                        state: PanelState) -> int:
        s = self.scale
        color = state.card_color
        if color is Color.WHITE:
            fill, ink = (242, 232, 208), (40, 26, 16)
        elif color is Color.BLACK:
            fill, ink = (34, 22, 15), (244, 233, 212)
        else:
            fill, ink = theme.BUTTON, theme.TEXT
        pygame.draw.rect(surface, fill, rect, border_radius=round(12 * s))
        pygame.draw.rect(surface, theme.ACCENT, rect, width=3, border_radius=round(12 * s))
        radius = round(rect.height * 0.32)
        if color is not None:
            drawing.draw_piece(surface, (rect.left + round(18 * s) + radius, rect.centery),
                               radius, white=color is Color.WHITE)
        left = rect.left + round(30 * s) + 2 * radius
        width = rect.right - left - round(10 * s)
        # two lines at most: smaller letters (never below the smallest readable) before an
        # ellipsis
        for px in range(max(16, round(28 * s)), theme.MIN_PX - 1, -1):
            lines = theme.wrap(state.card_text, px, width, True)
            if len(lines) <= 2 and len(lines) * round(px * 1.2) <= rect.height:
                break
        else:
            lines = theme.wrap_lines(state.card_text, px, width, 2, True)
        top = rect.centery - len(lines) * round(px * 1.2) // 2
        for line in lines:
            label = theme.text(line, px, ink, True)
            surface.blit(label, (left, top))
            top += round(px * 1.2)
        return rect.bottom

    def _draw_counts(self, surface: pygame.Surface, x: int, y: int, width: int,
                     state: PanelState) -> int:
        s = self.scale
        px = self.px
        label = theme.text(tr("chapaev.panel.on_board"), px, theme.TEXT_MUTED)
        surface.blit(label, (x, y))
        y += round(px * 1.5)
        if self.troop_rows(state):
            return self._draw_troop_rows(surface, x, y, width, state)
        plain = max(5, min(round(13 * s), width // 34))
        for color in (Color.WHITE, Color.BLACK):
            troop = kind_of(state.troops[0 if color is Color.WHITE else 1])
            radius = troop_radius(troop, plain)
            left, total = state.counts[color]
            name = theme.text(color_name(color, "plural_short"), px, theme.TEXT)
            surface.blit(name, (x, y + radius - name.get_height() // 2))
            cx = x + round(110 * s)
            for i in range(total):
                centre = (cx + plain + i * (2 * plain + round(5 * s)), y + plain)
                if i < left:
                    draw_troop(surface, centre, radius, color, troop)
                else:
                    pygame.draw.circle(surface, theme.TEXT_MUTED, centre, radius,
                                       width=max(1, round(2 * s)))
            number = theme.text(str(left), px, theme.TEXT, True)
            surface.blit(number, number.get_rect(midright=(x + width, y + plain)))
            y += 2 * plain + round(10 * s)
        return y

    @staticmethod
    def troop_rows(state: PanelState) -> bool:
        """A campaign: each side's row says its troops by name beside one emblem large
        enough to tell the kinds apart (the pieces left by number)."""
        return state.match.options.campaign is not Campaign.OFF

    def _draw_troop_rows(self, surface: pygame.Surface, x: int, y: int, width: int,
                         state: PanelState) -> int:
        """Each side: a ~24 px emblem of its troops, "White: cavalry" (smaller letters
        before an ellipsis, never cut), and its pieces left."""
        s = self.scale
        px = self.px
        big = max(12, round(16 * s))  # the emblem's radius on the plain piece's scale
        for color in (Color.WHITE, Color.BLACK):
            kind = state.troops[0 if color is Color.WHITE else 1]
            troop = kind_of(kind)
            radius = troop_radius(troop, big)
            left, _ = state.counts[color]
            centre = (x + big, y + big)
            draw_troop(surface, centre, radius, color, troop)
            number = theme.text(str(left), px, theme.TEXT, True)
            surface.blit(number, number.get_rect(midright=(x + width, centre[1])))
            tx = x + 2 * big + round(10 * s)
            room = x + width - number.get_width() - round(8 * s) - tx
            words = tr("chapaev.panel.troop_of", side=color_name(color, "plural_short"),
                       troop=tr(f"chapaev.troop.{kind.value}"))
            lines = theme.wrap(words, px, room)
            size = px
            while len(lines) > 2 and size > theme.MIN_PX:
                size -= 1
                lines = theme.wrap(words, size, room)
            lines = lines if len(lines) <= 2 else theme.wrap_lines(words, size, room, 2)
            step = round(size * 1.2)
            top = centre[1] - step * len(lines) // 2
            for line in lines:
                surface.blit(theme.text(line, size, theme.TEXT), (tx, top))
                top += step
            y += max(2 * big, step * len(lines)) + round(8 * s)
        return y

    def _draw_lines(self, surface: pygame.Surface, x: int, y: int, width: int,
                    state: PanelState, bottom: int) -> int:
        s = self.scale
        px = self.px
        heading = theme.text(tr("chapaev.panel.lines"), px, theme.TEXT_MUTED)
        surface.blit(heading, (x, y))
        y += round(px * 1.5)
        side = max(48, min(round(150 * s), width // 2 - round(10 * s)))
        diagram = pygame.Rect(x + 2, y + 2, side, side)
        view.draw_lines_diagram(surface, diagram, state.white_row, state.black_row,
                                state.flipped, state.match.options.swamp)
        tx = diagram.right + round(16 * s)
        text_width = x + width - tx
        ty = y
        rows = [tr("chapaev.panel.line_of", side=color_name(Color.WHITE, "plural_short"),
                   row=round(state.white_row)),
                tr("chapaev.panel.line_of", side=color_name(Color.BLACK, "plural_short"),
                   row=round(state.black_row))]
        wins, draws = round_score(state.match)
        rows.append(tr("chapaev.panel.score", white=wins[Color.WHITE], black=wins[Color.BLACK],
                       draws=draws))
        if state.match.options.prisoners:
            rows.append(tr("chapaev.panel.prisoners_on"))
        rows += variant_rows(state, troops=not self.troop_rows(state))
        for row in rows:
            wrapped = theme.wrap(row, px, text_width)
            if ty + len(wrapped) * round(px * 1.3) > bottom:
                break  # a small window: what does not fit stays off (the banners say it)
            for line in wrapped:
                label = theme.text(line, px, theme.TEXT)
                surface.blit(label, (tx, ty))
                ty += round(px * 1.3)
            ty += round(6 * s)
        return max(diagram.bottom, ty)

    def _draw_status(self, surface: pygame.Surface, x: int, y: int, width: int, bottom: int,
                     state: PanelState) -> None:
        s = self.scale
        px = self.px
        strength = state.strength
        self.gauge_rect = None
        if strength is not None:
            top = y
            key = "chapaev.panel.press" if state.pressing else "chapaev.panel.power"
            label = theme.text(tr(key, percent=round(strength * 100)), px, theme.TEXT, True)
            surface.blit(label, (x, y))
            y += round(px * 1.5)
            bar = pygame.Rect(x, y, width, max(10, round(22 * s)))
            if state.pressing:  # with what is enough, where it creaks and where it rocks
                gauge.draw_press_bar(surface, bar, strength, state.press_threshold,
                                     state.press_warn, state.press_enough, state.press_glow)
            else:
                pygame.draw.rect(surface, gauge.GAUGE_BACK, bar, border_radius=bar.height // 2)
                if strength > 0:
                    fill = bar.copy()
                    fill.width = max(bar.height, round(bar.width * strength))
                    pygame.draw.rect(surface, view.strength_colour(strength), fill,
                                     border_radius=bar.height // 2)
                pygame.draw.rect(surface, theme.TEXT_MUTED, bar, width=1,
                                 border_radius=bar.height // 2)
            y = bar.bottom + round(12 * s)
            self.gauge_rect = pygame.Rect(x, top, width, bar.bottom - top)
        for line in theme.wrap(tr(state.hint_key), px, width):
            if y + px > bottom:
                break
            label = theme.text(line, px, theme.TEXT_MUTED)
            surface.blit(label, (x, y))
            y += round(px * 1.3)


def round_score(match: ChapaevMatch) -> tuple[dict[Color, int], int]:
    """Rounds won by each side, and rounds drawn."""
    wins = {Color.WHITE: 0, Color.BLACK: 0}
    draws = 0
    for result in match.rounds:
        if result.winner is None:
            draws += 1
        else:
            wins[result.winner] += 1
    return wins, draws


def variant_rows(state: PanelState, troops: bool = True) -> list[str]:
    """The campaign (the battle, the battles won, each side's troops unless ``troops`` is
    False: the panel names them by the pieces), the swamp and the bayonet fight, as the panel
    words them."""
    match = state.match
    rows: list[str] = []
    if match.options.campaign is not Campaign.OFF:
        rows.append(tr("chapaev.panel.campaign", number=match.battle_number))
        rows.append(tr("chapaev.panel.battles", white=match.battles_won(Color.WHITE),
                       black=match.battles_won(Color.BLACK),
                       needed=match.options.battles_to_win))
        for color, troop in zip((Color.WHITE, Color.BLACK), state.troops if troops else ()):
            rows.append(tr("chapaev.panel.troop_of", side=color_name(color, "plural_short"),
                           troop=tr(f"chapaev.troop.{troop.value}")))
    swamp = match.swamp_side
    if swamp is not None:
        rows.append(tr("chapaev.panel.bayonet") if match.bayonet else
                    tr("chapaev.panel.on_swamp", side=color_name(swamp, "plural_short")))
    elif match.options.swamp:
        rows.append(tr("chapaev.panel.wide_board"))
    return rows
