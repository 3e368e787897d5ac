"""What the Chapaev table says in words: the banners over the board, the short hints (a refused
piece shakes), and the round's result as they word it. :class:`Banners` is the screen's part
that shows them."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import tr
from game.rules.chapaev import Campaign, ChapaevMatch, RoundResult, RoundSetup, Troop
from game.rules.core import Color
from game.scenes.chapaev.phases import HINT_SECONDS, SHAKE_SECONDS
from game.scenes.chapaev.state import Stage
from game.ui import chapaev_view as view
from game.ui import theme
from game.ui.chapaev_panel import color_name
from physics import DiscId


@dataclass(slots=True)
class Banner:
    title: str
    detail: str
    color: Color | None  # whose colours the banner wears (None: neutral)
    duration: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.duration


@dataclass(slots=True)
class Slide:
    disc: DiscId
    start: tuple[float, float]
    end: tuple[float, float]
    appears: bool  # came back from the floor: fades in


def troop_name(troop: Troop) -> str:
    return tr(f"chapaev.troop.{troop.value}")


def capital(text: str) -> str:
    """The sentence with its first letter a capital (Russian side names are lower case)."""
    return text[:1].upper() + text[1:]


def round_banner(match: ChapaevMatch, setup: RoundSetup) -> tuple[str, str, bool]:
    """What the banner says as a round starts: the title, the detail, and whether it is news
    (a new battle with new troops, the swamp, the bayonet fight) that stays up longer."""
    if setup.bayonet:
        return tr("chapaev.banner.bayonet"), tr("chapaev.banner.bayonet_detail"), True
    if setup.swamp is not None:
        return (tr("chapaev.banner.swamp"),
                capital(tr("chapaev.banner.swamp_detail",
                           side=color_name(setup.swamp, "nom"))), True)
    last = match.round_result
    if match.options.campaign is not Campaign.OFF and (last is None
                                                       or last.battle != setup.battle):
        return (tr("chapaev.banner.battle", number=setup.battle),
                tr("chapaev.banner.armies", white=troop_name(setup.troops[0]),
                   black=troop_name(setup.troops[1])), True)
    return (tr("chapaev.banner.round", number=setup.round_number),
            tr("chapaev.banner.first", side=color_name(setup.first, "nom")), False)


def result_text(result: RoundResult, needed: int = 1) -> tuple[str, str]:
    """The round's result as the banner says it: a title and what it does to the lines (or
    to the battle, the troops, the campaign). ``needed``: battles to win the game."""
    if result.match_winner is not None:
        winner = result.match_winner
        loser = winner.other
        if needed > 1:
            return (tr("chapaev.result.campaign", side=capital(color_name(winner, "nom")),
                       won=needed, needed=needed),
                    capital(tr("chapaev.result.pushed_off", side=color_name(loser, "acc"))))
        return (tr("chapaev.result.match", side=color_name(winner, "nom")),
                tr("chapaev.result.pushed_off", side=color_name(loser, "acc")))
    if result.battle_winner is not None:
        title = tr("chapaev.result.battle", number=result.battle,
                   side=color_name(result.battle_winner, "nom"))
        detail = tr("chapaev.result.pushed_off",
                    side=color_name(result.battle_winner.other, "acc"))
        if result.new_troop is not None:
            color, troop = result.new_troop
            detail = tr("chapaev.result.new_troop", side=color_name(color, "acc"),
                        troop=troop_name(troop))
        return capital(title), capital(detail)
    if result.to_swamp is not None:
        return (tr("chapaev.result.won", number=result.round_number,
                   side=color_name(result.winner or result.to_swamp.other, "nom")),
                capital(tr("chapaev.result.to_swamp", side=color_name(result.to_swamp, "nom"))))
    if result.bayonet_next and result.winner is not None and \
            result.lines_before == result.lines_after:
        return (tr("chapaev.result.won", number=result.round_number,
                   side=color_name(result.winner, "nom")),
                capital(tr("chapaev.result.bayonet",
                           side=color_name(result.winner.other, "nom"))))
    if result.winner is None:
        return (tr("chapaev.result.draw", number=result.round_number),
                tr("chapaev.result.lines_stay"))
    winner = result.winner
    loser = winner.other
    title = tr("chapaev.result.won", number=result.round_number,
               side=color_name(winner, "nom"))
    if result.by_last_fallen:
        title = tr("chapaev.result.won_last", number=result.round_number,
                   side=color_name(winner, "nom"))
    before, after = result.lines_before, result.lines_after
    if result.prisoner_from is not None:
        detail = tr("chapaev.result.prisoner", side=color_name(loser, "dat"))
    elif after.of(loser) != before.of(loser):
        detail = tr("chapaev.result.push", side=color_name(winner, "nom"),
                    other=color_name(loser, "acc"), row=after.of(loser))
    else:
        detail = tr("chapaev.result.advance", side=color_name(winner, "acc"),
                    row=after.of(winner))
    return title, detail


class Banners:
    """The banner over the board (a round, a shot's verdict, a result), the one-line hint
    below it and the refused piece's shake: their state, their time and their drawing."""

    def __init__(self, stage: Stage) -> None:
        self._stage = stage
        self.banner: Banner | None = None
        self.hint: tuple[str, float] | None = None  # (text, age)
        self.shake: tuple[DiscId, float] | None = None  # (the refused piece, age)

    @property
    def showing(self) -> bool:
        return self.banner is not None or self.hint is not None or self.shake is not None

    def say(self, text: str, disc: DiscId | None = None) -> None:
        """A short one-line reason on the board; the refused piece shakes."""
        self.hint = (text, 0.0)
        if disc is not None:
            self.shake = (disc, 0.0)

    def clear_hint(self) -> None:
        self.hint = None
        self.shake = None

    def tick(self, dt: float) -> None:
        if self.banner is not None:
            self.banner.age += dt
            if self.banner.done:
                self.banner = None
        if self.hint is not None:
            self.hint = (self.hint[0], self.hint[1] + dt)
            if self.hint[1] >= HINT_SECONDS:
                self.hint = None
        if self.shake is not None:
            self.shake = (self.shake[0], self.shake[1] + dt)
            if self.shake[1] >= SHAKE_SECONDS:
                self.shake = None

    def draw(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        self._draw_banner(surface, geometry)
        self._draw_hint(surface, geometry)

    def _draw_banner(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        banner = self.banner
        if banner is None:
            return
        s = self._stage.scale
        fade_in = min(1.0, banner.age / 0.15)
        fade_out = min(1.0, (banner.duration - banner.age) / 0.35)
        opacity = max(0.0, min(fade_in, fade_out))
        rect = geometry.rect
        big = max(18, round(34 * s))
        small = max(14, round(22 * s))
        if banner.color is Color.WHITE:
            fill, ink, muted = (242, 232, 208), (40, 26, 16), (96, 70, 48)
        elif banner.color is Color.BLACK:
            fill, ink, muted = (40, 26, 18), (244, 233, 212), (206, 182, 146)
        else:
            fill, ink, muted = theme.PANEL, theme.ACCENT, theme.TEXT
        width = rect.width - round(40 * s)
        titles = theme.wrap(banner.title, big, width - round(40 * s), True)
        details = theme.wrap(banner.detail, small, width - round(40 * s)) if banner.detail \
            else []
        height = len(titles) * round(big * 1.25) + len(details) * round(small * 1.35) + \
            round(40 * s)
        box = pygame.Rect(0, 0, width, height)
        box.center = rect.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*fill, 236), panel.get_rect(), border_radius=round(16 * s))
        pygame.draw.rect(panel, (*theme.ACCENT, 255), panel.get_rect(), width=3,
                         border_radius=round(16 * s))
        y = round(20 * s)
        for line in titles:
            label = theme.text(line, big, ink, True)
            panel.blit(label, label.get_rect(midtop=(box.width // 2, y)))
            y += round(big * 1.25)
        for line in details:
            label = theme.text(line, small, muted)
            panel.blit(label, label.get_rect(midtop=(box.width // 2, y)))
            y += round(small * 1.35)
        panel.set_alpha(round(255 * opacity))
        surface.blit(panel, box)

    def _draw_hint(self, surface: pygame.Surface, geometry: view.BoardGeometry) -> None:
        if self.hint is None:
            return
        text, age = self.hint
        s = self._stage.scale
        label = theme.text(text, max(14, round(22 * s)), theme.TEXT)
        box = label.get_rect().inflate(round(36 * s), round(18 * s))
        box.center = (geometry.rect.centerx, geometry.rect.centery + round(geometry.cell * 1.2))
        fade = min(1.0, (HINT_SECONDS - age) / 0.4)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (60, 22, 14, round(230 * fade)), panel.get_rect(),
                         border_radius=box.height // 2)
        pygame.draw.rect(panel, (*theme.DANGER, round(255 * fade)), panel.get_rect(), width=2,
                         border_radius=box.height // 2)
        surface.blit(panel, box)
        label.set_alpha(round(255 * fade))
        surface.blit(label, label.get_rect(center=box.center))
