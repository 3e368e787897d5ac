"""Chapaev: the setup screen (rule options, board view, aiming help) and the menu's entry.

The match itself lives in :mod:`game.scenes.chapaev_match`, the pause menu and the end of the
match in :mod:`game.scenes.chapaev_overlays`.
"""
from __future__ import annotations

from functools import partial
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.rules.chapaev import BoardView, BothCleared, ChapaevOptions, ExtraShot
from game.scene import Scene
from game.scenes.chapaev_match import ChapaevPrefs, ChapaevScene
from game.ui import drawing, theme
from game.ui.chapaev_view import AimHelp
from game.ui.widgets import Button, OptionRow, OptionRows

if TYPE_CHECKING:
    from game.app import App

__all__ = ["ChapaevPrefs", "ChapaevScene", "ChapaevSetupScene", "open_chapaev"]

# the choices last started with, offered again while the game runs (not saved to disk)
_last_prefs = ChapaevPrefs()


def open_chapaev(app: App) -> Scene:
    """The menu's Chapaev entry: the setup screen first."""
    return ChapaevSetupScene(app)


def _rule(prefs: ChapaevPrefs, **changes: object) -> ChapaevPrefs:
    return replace(prefs, options=replace(prefs.options, **changes))  # type: ignore[arg-type]


class ChapaevSetupScene(Scene):
    """The rule options before a match, with their defaults; Start begins the match."""

    key = "chapaev-setup"

    def __init__(self, app: App, prefs: ChapaevPrefs | None = None) -> None:
        self.prefs = prefs if prefs is not None else _last_prefs
        self.focus_row = 0
        super().__init__(app)

    def _rows(self) -> list[OptionRow]:
        specs: list[tuple[str, str, list[tuple[str, object]], Callable[[ChapaevPrefs], object],
                          Callable[[ChapaevPrefs, object], ChapaevPrefs]]] = [
            ("chapaev.setup.extra", "chapaev.setup.extra_help",
             [("chapaev.setup.extra.striker", ExtraShot.STRIKER_STAYS),
              ("chapaev.setup.extra.all_own", ExtraShot.ALL_OWN_STAY),
              ("chapaev.setup.extra.never", ExtraShot.NEVER)],
             lambda p: p.options.extra_shot, lambda p, v: _rule(p, extra_shot=v)),
            ("chapaev.setup.both", "chapaev.setup.both_help",
             [("chapaev.setup.both.draw", BothCleared.DRAW),
              ("chapaev.setup.both.last", BothCleared.LAST_FALLEN_WINS)],
             lambda p: p.options.both_cleared, lambda p, v: _rule(p, both_cleared=v)),
            ("chapaev.setup.prisoners", "chapaev.setup.prisoners_help",
             [("chapaev.setup.off", False), ("chapaev.setup.on", True)],
             lambda p: p.options.prisoners, lambda p, v: _rule(p, prisoners=v)),
            ("chapaev.setup.view", "chapaev.setup.view_help",
             [("chapaev.setup.view.fixed", BoardView.FIXED),
              ("chapaev.setup.view.turn", BoardView.TURN_TO_SHOOTER)],
             lambda p: p.options.board_view, lambda p, v: _rule(p, board_view=v)),
            ("chapaev.setup.aim", "chapaev.setup.aim_help",
             [("chapaev.setup.aim.full", AimHelp.FULL),
              ("chapaev.setup.aim.arrow", AimHelp.ARROW),
              ("chapaev.setup.aim.none", AimHelp.NONE)],
             lambda p: p.aim, lambda p, v: replace(p, aim=v)),  # type: ignore[arg-type]
        ]
        return [OptionRow(label, [(tr(key), value) for key, value in options],
                          partial(self._get, get), partial(self._put, put),
                          help=partial(self._help, help_key))
                for label, help_key, options, get, put in specs]

    def _get(self, get: Callable[[ChapaevPrefs], object]) -> object:
        return get(self.prefs)

    def _put(self, put: Callable[[ChapaevPrefs, object], ChapaevPrefs], value: object) -> None:
        self.app.sound.play("ui")
        self.prefs = put(self.prefs, value)

    @staticmethod
    def _help(help_key: str, _value: object) -> str:
        return tr(help_key)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        ox, oy = self.origin
        self.rows = self._rows()
        px = max(14, round(22 * s))
        label_width = round(330 * s)
        left = ox + round(70 * s) + label_width + round(20 * s)
        right = ox + round(1280 * s) - round(60 * s)
        height, gap = round(58 * s), round(14 * s)
        for r, row in enumerate(self.rows):
            row.place(left, oy + round((140 + r * 96) * s), right - left, height, gap, px,
                      columns=3)
        bpx = max(16, round(28 * s))
        self.start = Button(tr("chapaev.setup.start"), self.begin, px=bpx)
        self.back = Button(tr("common.back"), self.on_back, px=bpx)
        bottom = oy + round(800 * s) - round(40 * s) - round(62 * s)
        self.start.rect = pygame.Rect(right - round(360 * s), bottom, round(360 * s),
                                      round(62 * s))
        self.back.rect = pygame.Rect(ox + round(70 * s), bottom, round(260 * s), round(62 * s))
        self.label_width = label_width
        self.form = OptionRows(self.rows, [self.start, self.back], on_enter=self.begin,
                               focus=self.focus_row)

    def begin(self) -> None:
        global _last_prefs
        _last_prefs = self.prefs
        self.app.sound.play("ui")
        self.app.scenes.replace(ChapaevScene(self.app, self.prefs))

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.form.handle_event(event)
        self.focus_row = self.form.focus
        return used

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        ox, oy = self.origin
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr("chapaev.setup.title"), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, (ox + round(70 * s), oy + round(44 * s)))
        px = max(16, round(26 * s))
        small = max(13, round(18 * s))
        for r, row in enumerate(self.rows):
            colour = theme.ACCENT if r == self.form.focus else theme.TEXT
            anchor = row.buttons[0].rect
            lines = theme.wrap(tr(row.label_key), px, self.label_width, True)
            y = anchor.centery - len(lines) * round(px * 1.2) // 2
            for line in lines:
                label = theme.text(line, px, colour, True)
                surface.blit(label, (ox + round(70 * s), y))
                y += round(px * 1.2)
        self.form.draw(surface)
        # what the focused choice means, in a sentence
        if self.form.focus < len(self.rows):
            row = self.rows[self.form.focus]
            assert row.help is not None
            text = row.help(row.get())
            y = self.rows[-1].buttons[0].rect.bottom + round(26 * s)
            for line in theme.wrap(text, small, round(1140 * s)):
                label = theme.text(line, small, theme.TEXT_MUTED)
                surface.blit(label, (ox + round(70 * s), y))
                y += round(small * 1.35)

