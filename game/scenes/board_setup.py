"""Before a board game: its options on one screen, sensible defaults, one click to start.

International and Russian: tournament draw rules, when a draw may be offered (and for
International the optional move limit); Apokachi: board size, move limit, game timer; all:
turn the board toward the player to move. The choices are remembered for the next game of
the same kind while the program runs.
"""
from __future__ import annotations

from functools import partial
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import STRINGS, tr
from game.rules import find_variant
from game.scene import Scene
from game.ui import drawing, theme
from game.ui.widgets import Button, OptionRow, OptionRows

if TYPE_CHECKING:
    from game.app import App

FLIP = "flip"  # the row that is not a rules option but the scene's own

#: option name -> the label key of its row (its help is the same key + ".help", or
#: "setup.<variant>.<name>.help" where a game words it its own way)
LABELS: dict[str, str] = {
    "tournament_draws": "setup.tournament",
    "draw_offer_after": "setup.draw_offer",
    "move_limit": "setup.move_limit",
    "size": "setup.size",
    "time_limit": "setup.timer",
}
_SIZE_PRESETS = {6: "setup.size.small", 9: "setup.size.standard"}

#: what the player chose last for each game, in this run of the program
_LAST: dict[str, tuple[dict[str, Any], bool]] = {}


def _on_off() -> list[tuple[str, object]]:
    return [(tr("settings.on"), True), (tr("settings.off"), False)]


def choice_label(name: str, value: object) -> str:
    """How a setup row shows one value of an option."""
    if value is None:
        return tr("setup.draw_offer.any" if name == "draw_offer_after" else "setup.none")
    if isinstance(value, bool):
        return tr("settings.on" if value else "settings.off")
    if name == "time_limit" and isinstance(value, (int, float)):
        return tr("setup.minutes", n=round(value / 60))
    if name == "draw_offer_after":
        return tr("setup.draw_offer.after", moves=value)
    return str(value)


def _help(variant: str, name: str, value: object) -> str:
    own = f"setup.{variant}.{name}.help"
    text = tr(own if own in STRINGS else f"{LABELS.get(name, 'setup.' + name)}.help", n=value)
    preset = _SIZE_PRESETS.get(value) if name == "size" and isinstance(value, int) else None
    return f"{text} — {tr(preset)}" if preset else text


def defaults(variant: str) -> dict[str, Any]:
    """Every option of ``variant`` at the value a new game has."""
    return {spec.name: spec.default for spec in find_variant(variant).option_specs()}


def option_specs(variant: str) -> list[tuple[str, str, list[tuple[str, object]],
                                             Callable[[object], str]]]:
    """(label key, option name, choices, help) of a game's setup rows, in the current
    language: the options the game declares, then the scene's own board turning."""
    specs: list[tuple[str, str, list[tuple[str, object]], Callable[[object], str]]] = []
    for spec in find_variant(variant).option_specs():
        specs.append((LABELS.get(spec.name, f"setup.{spec.name}"), spec.name,
                      [(choice_label(spec.name, c), c) for c in spec.choices],
                      partial(_help, variant, spec.name)))
    specs.append(("setup.flip", FLIP, _on_off(), lambda v: tr("setup.flip.help")))
    return specs


class SetupScene(Scene):
    """The options of one board game and a Start button that has the focus."""

    key = "setup"

    def __init__(self, app: App, variant: str, options: dict[str, Any] | None = None,
                 flip: bool | None = None) -> None:
        self.variant = variant
        remembered, remembered_flip = _LAST.get(variant, ({}, False))
        self.options: dict[str, Any] = {**defaults(variant), **remembered, **(options or {})}
        self.flip = remembered_flip if flip is None else flip
        self.focus = -1  # a row index, or len(rows) for Start, len(rows) + 1 for Back
        super().__init__(app)

    def value(self, name: str) -> Any:
        return self.flip if name == FLIP else self.options.get(name)

    def choose(self, name: str, value: Any) -> None:
        if name == FLIP:
            self.flip = bool(value)
        else:
            self.options[name] = value
        self.app.sound.play("ui", 0.5)

    # layout -------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        self.origin = ((size[0] - round(1280 * s)) // 2, (size[1] - round(800 * s)) // 2)
        self.rows = [OptionRow(label, choices, partial(self.value, name),
                               partial(self.choose, name), name=name, help=help_text)
                     for label, name, choices, help_text in option_specs(self.variant)]
        if self.focus < 0:
            self.focus = len(self.rows)  # Start has the focus: one key or click to play
        px = max(14, round(24 * s))
        spacing = 110 if len(self.rows) <= 4 else 92
        for r, row in enumerate(self.rows):
            row.place(self._x(540), self._y(190 + r * spacing), round(660 * s), round(56 * s),
                      round(12 * s), px)
        big = max(16, round(30 * s))
        self.start = Button(tr("setup.start"), self.start_game, px=big)
        self.start.rect = pygame.Rect(self._x(540), self._y(650), round(400 * s), round(70 * s))
        self.back = Button(tr("common.back"), self.on_back, px=big)
        self.back.rect = pygame.Rect(self._x(100), self._y(650), round(300 * s), round(70 * s))
        self.form = OptionRows(self.rows, [self.start, self.back], on_enter=self.start_game,
                               focus=self.focus)

    def _x(self, x: float) -> int:
        return self.origin[0] + round(x * self.scale)

    def _y(self, y: float) -> int:
        return self.origin[1] + round(y * self.scale)

    # actions ------------------------------------------------------------------------------
    def start_game(self) -> None:
        from game.scenes.board import BoardScene

        options = dict(self.options)
        _LAST[self.variant] = (dict(options), self.flip)
        self.app.sound.play("ui")
        self.app.scenes.replace(BoardScene(self.app, self.variant, options, self.flip))

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = self.form.handle_event(event)
        self.focus = self.form.focus
        return used

    # drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(tr(f"game.{self.variant}"), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, (self._x(100), self._y(50)))
        subtitle = theme.text(tr("setup.subtitle"), max(15, round(26 * s)), theme.TEXT_MUTED)
        surface.blit(subtitle, (self._x(104), self._y(50) + title.get_height() + round(4 * s)))
        label_px = max(15, round(27 * s))
        help_px = max(12, round(18 * s))
        for r, row in enumerate(self.rows):
            anchor = row.buttons[0].rect
            colour = theme.ACCENT if r == self.form.focus else theme.TEXT
            label = theme.text(tr(row.label_key), label_px, colour, True)
            surface.blit(label, (self._x(100), anchor.top))
            y = anchor.top + label.get_height() + round(4 * s)
            assert row.help is not None
            for line in theme.wrap(row.help(row.get()), help_px, round(410 * s))[:2]:
                rendered = theme.text(line, help_px, theme.TEXT_MUTED)
                surface.blit(rendered, (self._x(100), y))
                y += round(help_px * 1.25)
        self.form.draw(surface)
        hint = theme.text(tr("setup.hint"), max(12, round(18 * s)), theme.TEXT_MUTED)
        surface.blit(hint, (self._x(100), self._y(760)))


def setup_international(app: App) -> SetupScene:
    return SetupScene(app, "international")


def setup_russian(app: App) -> SetupScene:
    return SetupScene(app, "russian")


def setup_apokachi(app: App) -> SetupScene:
    return SetupScene(app, "apokachi")
