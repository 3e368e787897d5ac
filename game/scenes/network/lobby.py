"""The network screen (route "network"): host a game (any game of the collection: its setup
opens in host mode), join one by its address, or join one of the games hosted on this
network (found as their hosts announce them; the code is still asked)."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.catalog import GAMES, GameEntry
from game.i18n import tr
from game.net.discovery import Finder, Found
from game.scene import Scene
from game.scenes.common import anywhere, network
from game.scenes.network.fields import TextField, text_input
from game.ui import drawing, theme
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app_like import AppLike

#: games found shown at most (the newest heard first; below them, the DXP entries)
SHOWN_FOUND = 3


class NetworkScene(Scene):
    """Host, join, and the games found on the local network."""

    key = "network"

    def __init__(self, app: AppLike) -> None:
        self.finder = Finder(bind=network.LAN.finder_bind, port=network.LAN.discovery_port)
        self.found: list[Found] = []
        self.name = TextField("net.name", network.player_name(), limit=40)
        self.focus = 0
        super().__init__(app)

    # layout -------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        px = max(14, round(24 * s))
        self.hosts: list[Button] = []
        rows = (len(GAMES) + 1) // 2
        pitch = min(62.0, 400 / max(1, rows))
        for i, game in enumerate(GAMES):
            column, row = divmod(i, rows)
            button = Button(tr(game.title_key), partial(self.host, game), px=px)
            button.rect = pygame.Rect(*self._at(100 + column * 330, 215 + row * pitch),
                                      round(320 * s), round((pitch - 10) * s))
            self.hosts.append(button)
        # one size for every game's name: the largest at which the longest fits its button
        fitted = min(theme.fit(b.label, px, b.rect.width - round(16 * s))[1]
                     for b in self.hosts)
        for button in self.hosts:
            button.px = fitted
        self.join_button = Button(tr("net.join"), self.join, px=px)
        self.join_button.rect = pygame.Rect(*self._at(780, 300), round(400 * s), round(58 * s))
        # a friend anywhere: join by a code (top right); host with a code (beside the games)
        self.anywhere_button = Button(tr("net.anywhere"), self.join_anywhere, px=px)
        self.anywhere_button.rect = pygame.Rect(*self._at(780, 40), round(400 * s),
                                                round(58 * s))
        self.reach = Button(self._reach_label(), self.toggle_reach, px=px)
        self.reach.rect = pygame.Rect(*self._at(470, 158), round(290 * s), round(48 * s))
        for button in (self.anywhere_button, self.reach):
            button.px = theme.fit(button.label, px, button.rect.width - round(16 * s))[1]
        self.back = Button(tr("common.back"), self.on_back, px=max(16, round(30 * s)))
        self.back.rect = pygame.Rect(*self._at(100, 650), round(300 * s), round(70 * s))
        # International draughts with a program over DXP: ask one for a game, or wait
        self.dxp_play = Button(tr("dxp.play"), self.play_dxp, px=px)
        self.dxp_play.rect = pygame.Rect(*self._at(430, 656), round(330 * s), round(58 * s))
        self.dxp_wait = Button(tr("dxp.wait"), self.wait_dxp, px=px)
        self.dxp_wait.rect = pygame.Rect(*self._at(780, 656), round(400 * s), round(58 * s))
        for button in (self.dxp_play, self.dxp_wait):
            button.px = theme.fit(button.label, px, button.rect.width - round(16 * s))[1]
        self.name.rect = pygame.Rect(*self._at(780, 212), round(400 * s), round(52 * s))
        self.name.px = px
        self._place_found()

    def _place_found(self) -> None:
        s = self.scale
        px = max(14, round(22 * s))
        self.found_buttons: list[Button] = []
        for i, found in enumerate(self.found[:SHOWN_FOUND]):
            label = tr("net.found.item", game=found.game or "?",
                       host=found.host or found.address)
            button = Button(label, partial(self.join, found), px=px)
            button.rect = pygame.Rect(*self._at(780, 430 + i * 56), round(400 * s),
                                      round(48 * s))
            button.px = theme.fit(label, px, button.rect.width - round(16 * s))[1]
            self.found_buttons.append(button)
        self.buttons = ButtonColumn([self.reach, *self.hosts, self.anywhere_button,
                                     self.join_button, *self.found_buttons, self.back,
                                     self.dxp_play, self.dxp_wait], sideways=True)
        self.buttons.set_focus(min(self.focus, len(self.buttons.buttons) - 1))

    def _at(self, x: float, y: float) -> tuple[int, int]:
        return (self.origin[0] + round(x * self.scale), self.origin[1] + round(y * self.scale))

    # actions ------------------------------------------------------------------------------
    def host(self, game: GameEntry) -> None:
        """The game's setup in host mode: its Start button hosts the game."""
        network.choose_name(self.name.text)
        self.app.sound.play("ui")
        self.app.routes.push(game.route, **game.args, host=True)

    def join(self, found: Found | None = None) -> None:
        """The join form, filled with the game found (its code still to type)."""
        network.choose_name(self.name.text)
        self.app.sound.play("ui")
        if found is None:
            self.app.routes.push("join")
        else:
            self.app.routes.push("join", address=found.address, port=found.port,
                                 friend=found.host, game=found.game)

    def join_anywhere(self) -> None:
        """The form that joins a friend anywhere by the code they read out."""
        network.choose_name(self.name.text)
        self.app.sound.play("ui")
        self.app.routes.push("join-code")

    def _reach_label(self) -> str:
        return tr("net.reach.anywhere" if anywhere.chosen() else "net.reach.lan")

    def toggle_reach(self) -> None:
        """The games hosted from here: with a code for a friend anywhere, or on this network."""
        anywhere.choose(not anywhere.chosen())
        self.app.sound.play("ui")
        self.focus = self.buttons.focus
        self.on_resize(self.size)
        self.app.redraw()

    def play_dxp(self) -> None:
        """The form that asks a DXP program for a game."""
        network.choose_name(self.name.text)
        self.app.sound.play("ui")
        self.app.routes.push("dxp-play")

    def wait_dxp(self) -> None:
        """Wait here for a DXP program that asks for a game."""
        network.choose_name(self.name.text)
        self.app.sound.play("ui")
        self.app.routes.push("dxp-wait")

    def on_back(self) -> None:
        network.choose_name(self.name.text)
        self.app.scenes.pop()

    def on_leave(self) -> None:
        self.finder.close()

    on_quit = on_leave

    def on_enter(self) -> None:
        text_input(True)

    def on_resume(self) -> None:
        text_input(True)

    def on_pause(self) -> None:
        text_input(False)

    # time and input ----------------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        found = sorted(self.finder.poll(), key=lambda f: -f.seen)
        if [(f.address, f.port, f.game, f.host) for f in found] != \
                [(f.address, f.port, f.game, f.host) for f in self.found]:
            self.found = found
            self.focus = self.buttons.focus
            self._place_found()
            self.app.redraw()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.name.focused = self.name.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.name.focused = not self.name.focused
            return True
        if self.name.handle_key(event):
            return True
        if self.name.focused and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.name.focused = False
            return True
        return self.buttons.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr("net.title"), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, self._at(100, 40))
        sub = tr("net.subtitle")
        words, px = theme.fit(sub, max(14, round(24 * s)), round(1080 * s))
        surface.blit(theme.text(words, px, theme.TEXT_MUTED), self._at(104, 110))
        label_px = max(15, round(26 * s))
        for text, x, y in ((tr("net.host.pick"), 100, 170), (tr("net.name"), 780, 170),
                           (tr("net.found"), 780, 388), (tr("dxp.section"), 430, 612)):
            words, px = theme.fit(text, label_px, round({100: 360, 430: 750}.get(x, 400) * s),
                                  True)
            surface.blit(theme.text(words, px, theme.TEXT, True), self._at(x, y))
        self.name.draw(surface, s)
        if not self.found:
            px = max(theme.MIN_PX, round(20 * s))
            reason = self.finder.error
            text = tr("net.found.error", reason=reason) if reason else tr("net.found.none")
            x, y = self._at(780, 432)
            for line in theme.wrap_lines(text, px, round(400 * s), 4):
                surface.blit(theme.text(line, px, theme.TEXT_MUTED), (x, y))
                y += round(px * 1.3)
        self.buttons.draw(surface)
        hint_px = max(theme.MIN_PX, round(18 * s))
        words, px = theme.fit(tr("net.reach.hint" if anywhere.chosen() else "net.hint"),
                              hint_px, round(1080 * s))
        surface.blit(theme.text(words, px, theme.TEXT_MUTED), self._at(100, 760))
