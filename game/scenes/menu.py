"""The main menu: the games, Settings, Rules, Quit, with a picture of the chosen game."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import saves
from game.catalog import GAMES, GameEntry
from game.i18n import counted_in_words, tr
from game.play.records import Summary
from game.saves import GameFile
from game.saves.listing import Entry
from game.scene import Scene
from game.scenes.common.dialog import ConfirmDialog
from game.ui import drawing, previews, theme
from game.ui.thumbs import thumbnail
from game.ui.widgets import Button, ButtonColumn

if TYPE_CHECKING:
    from game.app_like import AppLike

def _fitting_px(label: str, px: int, width: int) -> int:
    """The largest size from ``px`` down at which ``label`` fits a button ``width`` wide (the
    focused entry, in bold, may take a size smaller)."""
    pad = min(16, max(8, width // 10))
    return theme.fit(label, px, width - pad)[1]


_NOT_LOOKED_UP = object()

#: rows of games (with Continue and the last buttons two by two) that one column holds
ONE_COLUMN_ROWS = 9
#: the rows kept for Continue above the games, whether or not there is a game to continue:
#: every game's button stays where it is when Continue comes or goes (a click meant for one
#: game never lands on another)
CONTINUE_ROWS = 1


class MenuScene(Scene):
    """The main menu. ``focus`` names the game whose entry has the focus (the game the
    player has just left), e.g. ``MenuScene(app, focus="chapaev")``; by default Continue
    where there is a game to continue (Enter goes on with it), else the first game. Back
    from a game left unfinished, Continue takes the focus: that game is the one it resumes
    (``left``: the file of the game just left, when the menu is made anew for it)."""

    key = "menu"

    def __init__(self, app: AppLike, focus: str | None = None,
                 left: GameFile | None = None) -> None:
        keys = [game.key for game in GAMES]
        self.focus = keys.index(focus) if focus in keys else 0
        #: no game named: the first layout puts the focus on Continue if there is one
        self._continue_first = focus not in keys
        #: the kept game just left: if Continue resumes it, Continue takes the focus
        self._left = left
        self.shown_game = GAMES[self.focus].key
        self.resume: Summary | None = None  # the game in progress, for Continue
        self.resume_id: str | None = None  # its file's id
        self.showing_resume = False
        self.offset = 0
        #: the game to continue as on_resume just found it (one listing, not two)
        self._looked_up: Entry | None | object = _NOT_LOOKED_UP
        super().__init__(app)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        # the design is 1280×800; a wider or taller window centres it, never stretches it
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        looked_up, self._looked_up = self._looked_up, _NOT_LOOKED_UP
        entry = looked_up if isinstance(looked_up, Entry) or looked_up is None \
            else self._resume_entry()
        self.resume = entry.summary if entry is not None else None
        self.resume_id = entry.id if entry is not None else None
        if self._left is not None and self.resume_id is not None \
                and self._left.id == self.resume_id:
            self._continue_first = True  # the game just left is the one Continue resumes
        self._left = None
        before, self.offset = self.offset, 1 if self.resume is not None else 0
        if self._continue_first or self.focus < before:
            # Continue has the focus (or is given it): it keeps it, or, where the game to
            # continue is gone (finished, deleted), the first game takes it
            self._continue_first = False
            self.focus = 0
        else:
            self.focus += self.offset - before  # the same entry keeps the focus
        first: list[Button] = [Button(tr("menu.continue"), self.continue_game)] \
            if self.resume is not None else []
        games = [Button(tr(game.title_key), partial(self.open_game, game)) for game in GAMES]
        # play over the network stands after the games, laid out as one of them
        games.append(Button(tr("menu.network"), self.open_network))
        games.append(Button(tr("menu.trainer"), self.open_trainer))  # puzzles, by technique
        tail = [Button(tr("menu.games"), self.open_games),
                Button(tr("menu.settings"), self.open_settings),
                Button(tr("menu.rules"), lambda: self.open_rules(self.shown_game)),
                Button(tr("menu.quit"), self.ask_quit)]
        # one column of games while its rows keep a good size; a longer collection goes in
        # two columns beside a smaller picture, rather than in thin rows of small letters
        self.columns = 1 if CONTINUE_ROWS + len(games) + 2 <= ONE_COLUMN_ROWS else 2
        if self.columns == 1:
            self._one_column(first, games, tail)
        else:
            self._two_columns(first, games, tail)
        self.buttons = ButtonColumn([*first, *games, *tail], on_focus=self._focused,
                                    sideways=True)
        self.buttons.set_focus(self.focus)

    def _one_column(self, first: list[Button], games: list[Button], tail: list[Button]) -> None:
        """The games one under another, the picture of the chosen one on the right."""
        s = self.scale
        entries = [*first, *games, *tail]
        # the design's 70-pixel rows while a row each fits above the hint; else closer rows
        # and the four last buttons two by two
        rows = CONTINUE_ROWS + len(games) + len(tail)
        extras = 22 + 12
        shared_row = rows * 70 + extras > 744 - 228
        if shared_row:
            rows = CONTINUE_ROWS + len(games) + 2
        top = 228 if not shared_row else 206
        pitch = min(70.0, (744 - top - extras) / rows)
        px = max(16, round(min(32, pitch * 0.52) * s))
        x, y = self._at(80, top)
        height = round((pitch - (12 if not shared_row else 8)) * s)
        # lower rows narrow the buttons with them rather than make thin strips
        width = min(round((500 if not shared_row else 460) * s), round(11.5 * height))
        gap = round(10 * s)
        half = (width - gap) // 2
        games_end = len(games) + CONTINUE_ROWS
        for i, button in enumerate(entries):
            slot = i + CONTINUE_ROWS - self.offset  # Continue's row is kept, shown or not
            button.px = px
            extra = round(22 * s) if slot >= games_end else 0
            extra += round(12 * s) if slot >= CONTINUE_ROWS else 0
            if shared_row and slot >= games_end:
                row, column = divmod(slot - games_end, 2)  # two rows of two
                button.rect = pygame.Rect(x + column * (half + gap),
                                          y + round((games_end + row) * pitch * s) + extra,
                                          half, height)
            else:
                button.rect = pygame.Rect(x, y + round(slot * pitch * s) + extra, width, height)
        self.preview_side = round(470 * s)
        self.preview_x = 610 + 470 / 2 + 50
        self.blurb_width = 560

    def _two_columns(self, first: list[Button], games: list[Button],
                     tail: list[Button]) -> None:
        """Continue on top, the games in two columns (down the first, then the second), the
        four last buttons two by two; a smaller picture on the right."""
        s = self.scale
        left, width, gap = 80, 840, 20
        column = (width - gap) / 2
        game_rows = (len(games) + 1) // 2
        rows = CONTINUE_ROWS + game_rows + 2
        extras = 22 + 12
        top = 206
        pitch = min(72.0, (744 - top - extras) / rows)
        px = max(theme.MIN_PX, round(min(32, pitch * 0.5) * s))
        height = round((pitch - 10) * s)
        y = float(top)
        for button in first:  # over the first column: a button, not a strip
            button.rect = pygame.Rect(*self._at(left, y), round(column * s), height)
        y += CONTINUE_ROWS * (pitch + 12)  # Continue's row is kept, shown or not
        for i, button in enumerate(games):
            col, row = divmod(i, game_rows)
            button.rect = pygame.Rect(*self._at(left + col * (column + gap), y + row * pitch),
                                      round(column * s), height)
        y += game_rows * pitch + 22
        for i, button in enumerate(tail):
            row, col = divmod(i, 2)
            button.rect = pygame.Rect(*self._at(left + col * (column + gap), y + row * pitch),
                                      round(column * s), height)
        # one size for every entry: the largest at which the longest name fits its button
        px = min(_fitting_px(b.label, px, b.rect.width) for b in games)
        for button in [*first, *games, *tail]:
            button.px = px
        self.preview_side = round(320 * s)
        self.preview_x = (left + width + 1280) / 2
        self.blurb_width = 340

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
        # a game may have been left (Continue) or finished; one just left unfinished is the
        # game to continue now, so Continue takes the focus: Enter goes back to it
        before, now = self.resume, self._resume_entry()
        if now is not None and now.summary != before:
            self._continue_first = True
        self._looked_up = now
        self.on_resize(self.size)

    # actions ------------------------------------------------------------------------------
    def open_games(self) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("games")

    def open_game(self, game: GameEntry) -> None:
        self.app.sound.play("ui")
        self.app.routes.push(game.route, **game.args)

    def open_network(self) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("network")

    def open_trainer(self) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("trainer")

    def open_settings(self) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("settings")

    def open_rules(self, game_key: str) -> None:
        self.app.sound.play("ui")
        self.app.routes.push("rules", game_key=game_key)

    def continue_game(self) -> None:
        """Continue: the unfinished game played last, exactly where it was left."""
        store = self.app.saves
        if store is None:
            return
        entry = store.latest_unfinished()
        saves.tell(self.app, store)
        if entry is None:
            self.app.notify(tr("saves.nothing_to_continue"))
            self.on_resize(self.size)  # Continue goes: the first game has the focus
            return
        self.app.routes.push("open", game_id=entry.id,
                             name=entry.summary.name if entry.summary else "")

    def _resume_entry(self) -> Entry | None:
        """What Continue resumes: the unfinished game played last (its id, and its summary as
        the Games screen lists it: nothing is replayed to show it), or None. What the store
        has to say (a file moved aside) is said as the menu shows."""
        store = self.app.saves
        if store is None:
            return None
        entry = store.latest_unfinished()
        saves.tell(self.app, store)
        return entry

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
        subtitle = theme.text(counted_in_words("collection.subtitle", len(GAMES)),
                              max(14, round(24 * s)), theme.TEXT_MUTED)
        surface.blit(subtitle, self._at(82, 60 + 88 * 1.22))
        self.buttons.draw(surface)

        picture = previews.preview(self.shown_game, self.preview_side)
        if self.showing_resume and self.resume is not None:
            picture = thumbnail(self.resume.game, self.resume.picture, self.preview_side)
        spot = picture.get_rect(midtop=self._at(self.preview_x, 70))
        shadow = pygame.Surface(spot.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        surface.blit(shadow, spot.move(round(10 * s), round(12 * s)))
        surface.blit(picture, spot)
        words, size = theme.fit(tr(f"game.{self.shown_game}"), max(16, round(30 * s)),
                                round(self.blurb_width * s), bold=True)
        name = theme.text(words, size, theme.TEXT, True)
        surface.blit(name, name.get_rect(midtop=(spot.centerx, spot.bottom + round(22 * s))))
        px = max(14, round(21 * s))
        y = spot.bottom + round(22 * s) + name.get_height() + round(10 * s)
        for line in theme.wrap(tr(f"blurb.{self.shown_game}"), px, round(self.blurb_width * s)):
            rendered = theme.text(line, px, theme.TEXT_MUTED)
            surface.blit(rendered, rendered.get_rect(midtop=(spot.centerx, y)))
            y += round(px * 1.35)
        hint = theme.text(tr("menu.hint"), max(12, round(18 * s)), theme.TEXT_MUTED)
        surface.blit(hint, self._at(82, 760))
