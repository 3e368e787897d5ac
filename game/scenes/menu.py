"""The main menu: the games, Settings, Rules, Quit, with a picture of the chosen game."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import saves
from game.catalog import GAMES, GameEntry
from game.i18n import tr
from game.play.records import RecordError, Summary
from game.scene import Scene
from game.scenes.common.dialog import ConfirmDialog
from game.ui import drawing, previews, theme
from game.ui.thumbs import thumbnail
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app import App


class MenuScene(Scene):
    """The main menu. ``focus`` names the game whose entry has the focus (the game the
    player has just left), e.g. ``MenuScene(app, focus="chapaev")``; by default the first."""

    key = "menu"

    def __init__(self, app: App, focus: str | None = None) -> None:
        keys = [game.key for game in GAMES]
        self.focus = keys.index(focus) if focus in keys else 0
        self.shown_game = GAMES[self.focus].key
        self.resume: Summary | None = None  # the game in progress, for Continue
        self.showing_resume = False
        self.offset = 0
        super().__init__(app)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        # the design is 1280×800; a wider or taller window centres it, never stretches it
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.resume = self.resume_summary()
        self.focus -= self.offset  # the same entry keeps the focus (offset set below)
        self.offset = 1 if self.resume is not None else 0
        self.focus += self.offset
        tail = 4  # Games, Settings, Rules, Quit
        # the design's 70-pixel rows while a row each fits above the hint; once the
        # collection has more games than that, closer rows (and smaller letters) and the
        # four last buttons two by two
        rows = self.offset + len(GAMES) + tail
        extras = 22 + (12 if self.offset else 0)
        shared_row = rows * 70 + extras > 744 - 228
        if shared_row:
            rows = self.offset + len(GAMES) + 2
        top = 228 if not shared_row else (206 if self.offset else 212)
        pitch = min(70.0, (744 - top - extras) / rows)
        px = max(16, round(min(32, pitch * 0.52) * s))
        first: list[Button] = [Button(tr("menu.continue"), self.continue_game, px=px)] \
            if self.resume is not None else []
        entries: list[Button] = first + [
            Button(tr(game.title_key), partial(self.open_game, game), px=px) for game in GAMES
        ]
        entries += [
            Button(tr("menu.games"), self.open_games, px=px),
            Button(tr("menu.settings"), self.open_settings, px=px),
            Button(tr("menu.rules"), lambda: self.open_rules(self.shown_game), px=px),
            Button(tr("menu.quit"), self.ask_quit, px=px),
        ]
        x, y = self._at(80, top)
        # wide enough for "Международные поддавки" in bold at the smallest window, unshrunk
        height = round((pitch - (12 if not shared_row else 8)) * s)
        # a long collection makes the rows lower: the buttons narrow with them rather than
        # become thin strips (the letters shrink with the rows, so the names still fit)
        width = min(round((500 if not shared_row else 460) * s), round(11.5 * height))
        gap = round(10 * s)
        half = (width - gap) // 2
        games_end = len(GAMES) + self.offset
        for i, button in enumerate(entries):
            extra = round(22 * s) if i >= games_end else 0
            extra += round(12 * s) if self.offset and i >= 1 else 0
            if shared_row and i >= games_end:
                row, column = divmod(i - games_end, 2)  # two rows of two
                button.rect = pygame.Rect(x + column * (half + gap),
                                          y + round((games_end + row) * pitch * s) + extra,
                                          half, height)
            else:
                button.rect = pygame.Rect(x, y + round(i * pitch * s) + extra, width, height)
        self.buttons = ButtonColumn(entries, on_focus=self._focused)
        self.buttons.set_focus(self.focus)
        self.preview_side = round(470 * s)

    def _at(self, x: float, y: float) -> tuple[int, int]:
        return (self.origin[0] + round(x * self.scale), self.origin[1] + round(y * self.scale))

    def _focused(self, index: int) -> None:
        self.focus = index
        self.showing_resume = self.resume is not None and index == 0
        if self.offset <= index < len(GAMES) + self.offset:
            self.shown_game = GAMES[index - self.offset].key
        elif self.showing_resume and self.resume is not None:
            self.shown_game = self.resume.game

    def on_resume(self) -> None:
        self.on_resize(self.size)  # a game may have been left (Continue) or finished

    # actions ------------------------------------------------------------------------------
    def open_games(self) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("games")

    def open_game(self, game: GameEntry) -> None:
        self.app.sound.play("ui")
        self.app.routes.push(game.route, **game.args)

    def open_settings(self) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("settings")

    def open_rules(self, game_key: str) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("rules", game_key=game_key)

    def continue_game(self) -> None:
        """Continue: the game in progress, exactly where it was left."""
        store = self.app.saves
        if store is None:
            return
        try:
            record = store.load_current()
        except saves.SaveError as error:
            self.app.notify(tr("saves.cannot_open", why=error.message()))
            return
        if record is None:
            self.app.notify(tr("saves.nothing_to_continue"))
            return
        self.app.routes.push("open", record=record)

    def resume_summary(self) -> Summary | None:
        """What Continue shows: the game in progress, or None (no game; or its file cannot
        be read, which is said once)."""
        store = self.app.saves
        if store is None:
            return None
        try:
            record = store.load_current()
            return saves.summarize(record) if record is not None else None
        except saves.SaveError as error:
            if not store.resume_warned:
                store.resume_warned = True
                self.app.notify(tr("saves.cannot_continue", why=error.message()))
            return None
        except RecordError:
            return None

    def ask_quit(self) -> None:
        self.app.scenes.push(ConfirmDialog(self.app, "quit.question", "quit.yes", self.app.quit))

    def on_back(self) -> None:
        self.ask_quit()

    # input and drawing ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.buttons.handle_event(event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr("app.title"), max(36, round(88 * s)), theme.ACCENT, True)
        surface.blit(title, self._at(76, 60))
        subtitle = theme.text(tr("app.subtitle"), max(14, round(24 * s)), theme.TEXT_MUTED)
        surface.blit(subtitle, self._at(82, 60 + 88 * 1.22))
        self.buttons.draw(surface)

        picture = previews.preview(self.shown_game, self.preview_side)
        if self.showing_resume and self.resume is not None:
            picture = thumbnail(self.resume.game, self.resume.picture, self.preview_side)
        spot = picture.get_rect(midtop=self._at(610 + 470 / 2 + 50, 70))
        shadow = pygame.Surface(spot.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        surface.blit(shadow, spot.move(round(10 * s), round(12 * s)))
        surface.blit(picture, spot)
        name = theme.text(tr(f"game.{self.shown_game}"), max(16, round(30 * s)), theme.TEXT, True)
        surface.blit(name, name.get_rect(midtop=(spot.centerx, spot.bottom + round(22 * s))))
        px = max(14, round(21 * s))
        y = spot.bottom + round(22 * s) + name.get_height() + round(10 * s)
        for line in theme.wrap(tr(f"blurb.{self.shown_game}"), px, round(560 * s)):
            rendered = theme.text(line, px, theme.TEXT_MUTED)
            surface.blit(rendered, rendered.get_rect(midtop=(spot.centerx, y)))
            y += round(px * 1.35)
        hint = theme.text(tr("menu.hint"), max(12, round(18 * s)), theme.TEXT_MUTED)
        surface.blit(hint, self._at(82, 760))
