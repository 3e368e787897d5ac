"""Chapaev's setup screen: who plays whom, the computer's level, the rule options (the troops
campaign and the wide board with the swamp among them), the board view and the aiming help;
Start begins the match (:mod:`.scene`).

Nine rows do not fit a small window with a sentence under every label, so each row is one
line (its name, then its choices) and the sentence saying what the focused row's choice means
stands whole in one box under the rows: it follows the keys and the mouse. The choices last
started with are kept in the settings (``Settings.setups["chapaev"]``) and offered again, each
value checked against its row's choices."""
from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ai.chapaev import LEVELS
from game.i18n import tr
from game.play.chapaev_play import ChapaevPlay
from game.play.players import PLAY_AS_CHOICES, make_seats
from game.rules.chapaev import BoardView, BothCleared, Campaign, ChapaevOptions, ExtraShot
from game.play.seats import Person
from game.rules.core import Color
from game.scenes.common.form import FormScene
from game.scenes.common.network import host_game
from game.scenes.common.remembered import PLAY_AS, last_chosen
from game.settings import SetupValue
from game.ui import drawing, theme
from game.ui.chapaev_view import AimHelp
from game.ui.widgets import OptionRow

if TYPE_CHECKING:
    from game.app_like import AppLike

#: the key of Chapaev's remembered setup in ``Settings.setups``
SETUP_KEY = "chapaev"
#: the key of the setup of the last match hosted over the network (its own colour choice)
HOST_KEY = "host:chapaev"
#: the first setup of a match here: a person (White, who shoots first) against the computer,
#: at the middle level (ChapaevPrefs' 3 of 1-5): most who open the game alone want that
FIRST_SETUP: dict[str, SetupValue] = {PLAY_AS: "white"}


@dataclass(frozen=True, slots=True)
class ChapaevPrefs:
    """Everything chosen on the setup screen: the rule options and the aiming help."""

    options: ChapaevOptions = field(default_factory=ChapaevOptions)
    aim: AimHelp = AimHelp.FULL
    play_as: str = "two"  # white, black, random, two (people), watch (the computer alone)
    level: int = 3  # the computer's level, 1-5

    @property
    def against_computer(self) -> bool:
        """One person plays the computer."""
        return self.play_as in ("white", "black", "random")


def _rule(name: str) -> Callable[[ChapaevPrefs, object], ChapaevPrefs]:
    def put(prefs: ChapaevPrefs, value: object) -> ChapaevPrefs:
        return replace(prefs, options=replace(prefs.options,
                                              **{name: value}))  # type: ignore[arg-type]
    return put


def _field(name: str) -> Callable[[ChapaevPrefs, object], ChapaevPrefs]:
    def put(prefs: ChapaevPrefs, value: object) -> ChapaevPrefs:
        return replace(prefs, **{name: value})  # type: ignore[arg-type]
    return put


class Row(NamedTuple):
    """One row of the screen: its name in the remembered setup, its label, its choices (the
    key of each button's label, or the label itself for a number, and the value), how it reads
    and changes the prefs, and what the chosen value means."""

    name: str
    label: str
    choices: tuple[tuple[str, object], ...]
    get: Callable[[ChapaevPrefs], object]
    put: Callable[[ChapaevPrefs, object], ChapaevPrefs]
    help: Callable[[ChapaevPrefs, object], str]


def _choice_help(choices: tuple[tuple[str, object], ...]) -> Callable[[ChapaevPrefs, object],
                                                                      str]:
    """What the chosen value means: the sentence kept under its button's key."""
    def help_for(prefs: ChapaevPrefs, value: object) -> str:
        return next((tr(f"{key}.help") for key, choice in choices if choice == value), "")
    return help_for


def _level_help(prefs: ChapaevPrefs, value: object) -> str:
    if prefs.play_as == "two":
        return tr("chapaev.setup.level.help.none")
    return tr(f"chapaev.setup.level.{value}.help")


def _view_help(prefs: ChapaevPrefs, value: object) -> str:
    """The board view in the seats chosen: true whoever plays (see ChapaevPlay.view_color)."""
    kind = "turn" if value is BoardView.TURN_TO_SHOOTER else "fixed"
    return tr(f"chapaev.setup.view.{kind}.help" + (".person" if prefs.against_computer else ""))


def _rows() -> tuple[Row, ...]:
    def row(name: str, label: str, choices: list[tuple[str, object]],
            get: Callable[[ChapaevPrefs], object],
            put: Callable[[ChapaevPrefs, object], ChapaevPrefs],
            help_for: Callable[[ChapaevPrefs, object], str] | None = None) -> Row:
        kept = tuple(choices)
        return Row(name, label, kept, get, put, help_for or _choice_help(kept))

    return (
        row("play_as", "chapaev.setup.play_as",
            [(f"chapaev.setup.play_as.{c}", c) for c in PLAY_AS_CHOICES],
            lambda p: p.play_as, _field("play_as")),
        row("level", "chapaev.setup.level", [(str(n), n) for n in sorted(LEVELS)],
            lambda p: p.level, _field("level"), _level_help),
        row("extra_shot", "chapaev.setup.extra",
            [("chapaev.setup.extra.striker", ExtraShot.STRIKER_STAYS),
             ("chapaev.setup.extra.all_own", ExtraShot.ALL_OWN_STAY),
             ("chapaev.setup.extra.never", ExtraShot.NEVER)],
            lambda p: p.options.extra_shot, _rule("extra_shot")),
        row("both_cleared", "chapaev.setup.both",
            [("chapaev.setup.both.draw", BothCleared.DRAW),
             ("chapaev.setup.both.last", BothCleared.LAST_FALLEN_WINS)],
            lambda p: p.options.both_cleared, _rule("both_cleared")),
        row("prisoners", "chapaev.setup.prisoners",
            [("chapaev.setup.off", False), ("chapaev.setup.on", True)],
            lambda p: p.options.prisoners, _rule("prisoners")),
        row("campaign", "chapaev.setup.troops",
            [("chapaev.setup.troops.off", Campaign.OFF),
             ("chapaev.setup.troops.loser", Campaign.LOSER_CHANGES),
             ("chapaev.setup.troops.winner", Campaign.WINNER_CHANGES)],
            lambda p: p.options.campaign, _rule("campaign")),
        row("swamp", "chapaev.setup.swamp",
            [("chapaev.setup.swamp.off", False), ("chapaev.setup.swamp.on", True)],
            lambda p: p.options.swamp, _rule("swamp")),
        row("pie_rule", "chapaev.setup.pie",
            [("chapaev.setup.pie.off", False), ("chapaev.setup.pie.on", True)],
            lambda p: p.options.pie_rule, _rule("pie_rule")),
        row("board_view", "chapaev.setup.view",
            [("chapaev.setup.view.fixed", BoardView.FIXED),
             ("chapaev.setup.view.turn", BoardView.TURN_TO_SHOOTER)],
            lambda p: p.options.board_view, _rule("board_view"), _view_help),
        row("aim", "chapaev.setup.aim",
            [("chapaev.setup.aim.full", AimHelp.FULL),
             ("chapaev.setup.aim.arrow", AimHelp.ARROW),
             ("chapaev.setup.aim.none", AimHelp.NONE)],
            lambda p: p.aim, _field("aim")),
    )


ROWS = _rows()
#: hosting a match over the network: the player's colour instead of who plays whom, no level
HOST_ROWS = (Row("play_as", "net.play_as",
                 tuple((f"chapaev.setup.play_as.{c}", c) for c in ("white", "black", "random")),
                 lambda p: p.play_as, _field("play_as"), lambda p, v: tr("net.play_as.help")),
             *(row for row in ROWS if row.name not in ("play_as", "level", "pie_rule")))


def plain(value: object) -> SetupValue:
    """A choice as the settings file keeps it (an option's name for an option)."""
    if isinstance(value, enum.Enum):
        value = value.value
    assert value is None or isinstance(value, (str, int, float, bool))
    return value


def prefs_values(prefs: ChapaevPrefs) -> dict[str, SetupValue]:
    """The prefs as the settings keep them: row name -> plain value."""
    return {row.name: plain(row.get(prefs)) for row in ROWS}


def prefs_from(values: Mapping[str, SetupValue]) -> ChapaevPrefs:
    """The prefs a remembered setup gives: each row's value if it is one of that row's
    choices (of the same type: ``true`` is not level 1), else that row's default."""
    prefs = ChapaevPrefs()
    for row in ROWS:
        stored = values.get(row.name)
        for _, choice in row.choices:
            kept = plain(choice)
            if type(kept) is type(stored) and kept == stored:
                prefs = row.put(prefs, choice)
                break
    return prefs


def _button_label(key: str) -> str:
    return key if key.isdigit() else tr(key)


class ChapaevSetupScene(FormScene):
    """The rule options before a match, with their defaults; Start begins the match."""

    key = "chapaev-setup"

    def __init__(self, app: AppLike, prefs: ChapaevPrefs | None = None, host: bool = False) -> None:
        setups = app.settings.setups
        # hosting: the last hosted match's choices, else the last match's at this window
        kept = setups.get(HOST_KEY) if host else None
        if kept is None:
            kept = setups.get(SETUP_KEY)
        if kept is None:  # the first match set up here: who plays whom as another game's
            kept = {**FIRST_SETUP, **last_chosen(setups, PLAY_AS)}  # setup chose it last
        self.prefs = prefs if prefs is not None else prefs_from(kept)
        #: the match is to be hosted over the network: Start says Host
        self.host = host
        if host and self.prefs.play_as not in ("white", "black", "random"):
            self.prefs = replace(self.prefs, play_as="white")
        super().__init__(app)

    def title(self) -> str:
        return tr("game.chapaev")

    def subtitle(self) -> str:
        return tr("net.setup.subtitle.chapaev" if self.host else "setup.subtitle")

    def hint(self) -> str:
        return tr("setup.hint")

    def main_action(self) -> tuple[str, Callable[[], None]]:
        if self.host:
            return tr("setup.host"), self.host_match
        return tr("chapaev.setup.start"), self.begin

    def build_rows(self) -> list[OptionRow]:
        return [OptionRow(row.label, [(_button_label(k), v) for k, v in row.choices],
                          partial(self._get, row.get), partial(self._put, row.put),
                          name=row.name, help=partial(self._help, row.help))
                for row in (HOST_ROWS if self.host else ROWS)]

    def _get(self, get: Callable[[ChapaevPrefs], object]) -> object:
        return get(self.prefs)

    def _put(self, put: Callable[[ChapaevPrefs, object], ChapaevPrefs], value: object) -> None:
        self.app.sound.play("ui")
        self.prefs = put(self.prefs, value)

    def _help(self, help_for: Callable[[ChapaevPrefs, object], str], value: object) -> str:
        return help_for(self.prefs, value)

    # layout: one line a row, the focused row's sentence in a box below --------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)  # the rows, Start, Back and the form, placed again here
        s = self.scale
        tall = size[1] / s  # the window's height in the 1280×800 design's units
        # the rows take what height there is (up to a comfortable spacing); the rest is
        # shared above and below
        self.row_step: float = min(60.0, max(40.0, (tall - 380) / len(self.rows)))
        top = max(0.0, (tall - 380 - self.row_step * len(self.rows)) / 2)
        self.origin = (self.origin[0], round(top * s))
        self.label_px = max(15, round(26 * s))
        self.help_px = max(13, round(21 * s))
        button_px = max(13, round(22 * s))
        widest = max(theme.font(self.label_px, True).size(tr(row.label_key))[0]
                     for row in self.rows)
        self.label_width = min(round(420 * s), max(round(200 * s), widest))
        left = self._x(100) + self.label_width + round(18 * s)
        right = self._x(1200)
        height = round((self.row_step - max(7.0, self.row_step * 0.16)) * s)
        self.rows_top = 150.0
        for r, row in enumerate(self.rows):
            centre = self._y(self.rows_top + (r + 0.5) * self.row_step)
            place_row(row, pygame.Rect(left, centre - height // 2, right - left, height),
                      round(10 * s), button_px)
        below = self.rows_top + self.row_step * len(self.rows)
        self.box = pygame.Rect(self._x(100), self._y(below + 12), round(1100 * s),
                               round(68 * s))
        buttons_top = self._y(below + 12 + 68 + 16)
        if self.start is not None:
            self.start.rect.top = buttons_top
        self.back.rect.top = buttons_top
        self.hint_top = self._y(below + 12 + 68 + 16 + 70 + 22)

    def label_rect(self, row: int) -> pygame.Rect:
        """Row ``row``'s line, left of its choices (the mouse over it focuses the row)."""
        anchor = self.rows[row].buttons[0].rect
        step = round(self.row_step * self.scale)
        return pygame.Rect(self._x(100), anchor.centery - step // 2,
                           anchor.left - self._x(100), step)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        s = self.scale
        surface.blit(drawing.room_background(self.size), (0, 0))
        title = theme.text(self.title(), max(24, round(52 * s)), theme.ACCENT, True)
        surface.blit(title, (self._x(100), self._y(40)))
        label = theme.text(self.subtitle(), max(15, round(26 * s)), theme.TEXT_MUTED)
        surface.blit(label, (self._x(104), self._y(40) + title.get_height() + round(2 * s)))
        focused = self.form.focus if 0 <= self.form.focus < len(self.rows) else None
        if focused is not None:  # the focused row's line, faintly lit across the screen
            band = self.label_rect(focused)
            band.width = self._x(1200) - band.left
            glow = pygame.Surface(band.inflate(round(24 * s), 0).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*theme.ACCENT, 34), glow.get_rect(),
                             border_radius=round(10 * s))
            surface.blit(glow, band.inflate(round(24 * s), 0))
        for r, row in enumerate(self.rows):
            words, px = theme.fit(tr(row.label_key), self.label_px, self.label_width, True)
            text = theme.text(words, px, theme.ACCENT if r == focused else theme.TEXT, True)
            surface.blit(text, text.get_rect(midleft=(self._x(100),
                                                      row.buttons[0].rect.centery)))
        self.form.draw(surface)
        self._draw_box(surface, focused)
        words, px = theme.fit(self.hint(), max(theme.MIN_PX, round(18 * s)),
                              self.size[0] - self._x(100) - round(20 * s))
        surface.blit(theme.text(words, px, theme.TEXT_MUTED), (self._x(100), self.hint_top))

    def _draw_box(self, surface: pygame.Surface, focused: int | None) -> None:
        """What the focused row's choice means, whole (or how to read it: no row focused)."""
        s = self.scale
        box = self.box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=round(10 * s))
        pygame.draw.rect(surface, theme.mix(theme.PANEL, theme.ACCENT, 0.45), box,
                         width=max(1, round(2 * s)), border_radius=round(10 * s))
        row = self.rows[focused] if focused is not None else None
        text = row.help(row.get()) if row is not None and row.help is not None else \
            tr("chapaev.setup.pick")
        width = box.width - round(32 * s)
        px = self.help_px
        lines = theme.wrap(text, px, width)
        while len(lines) > 2 and px > theme.MIN_PX:
            px -= 1
            lines = theme.wrap(text, px, width)
        self.help_shown = lines if row is not None else []
        step = theme.font(px).get_linesize()
        y = box.centery - step * len(lines) // 2
        for line in lines:
            surface.blit(theme.text(line, px, theme.TEXT if row is not None
                                    else theme.TEXT_MUTED), (box.left + round(16 * s), y))
            y += step

    def begin(self) -> None:
        values = prefs_values(self.prefs)
        if self.app.settings.setups.get(SETUP_KEY) != values:  # kept for the next time
            self.app.change_settings(self.app.settings.with_setup(SETUP_KEY, values))
        self.app.sound.play("ui")
        play = ChapaevPlay(self.prefs.options, seats=make_seats(
            self.prefs.play_as, self.prefs.level, game="chapaev"))
        self.app.routes.replace("chapaev", play=play, aim=self.prefs.aim)

    def host_match(self) -> None:
        """The match over the network: this window plays the colour chosen, a friend joins."""
        values = prefs_values(self.prefs)
        if self.app.settings.setups.get(HOST_KEY) != values:  # kept for the next hosting
            self.app.change_settings(self.app.settings.with_setup(HOST_KEY, values))
        self.app.sound.play("ui")
        play_as = self.prefs.play_as
        own = Color.WHITE if play_as == "white" else Color.BLACK if play_as == "black" \
            else random.choice((Color.WHITE, Color.BLACK))
        # the pie rule is not played over the network: its swap of seats does not travel
        options = replace(self.prefs.options, pie_rule=False)
        play = ChapaevPlay(options, seats={own: Person(), own.other: Person()})
        host_game(self.app, play, own, "chapaev", aim=self.prefs.aim)


def place_row(row: OptionRow, rect: pygame.Rect, gap: int, px: int) -> None:
    """Lay a row's buttons out in ``rect``: of equal width where every label fits so at
    ``px``; else a button whose label needs more than an equal share of what is left gets
    what it needs, and the others share the rest equally."""
    count = len(row.buttons)
    pad = 2 * max(8, round(px * 0.6))
    needs = [theme.font(px, True).size(b.label)[0] + pad for b in row.buttons]
    room = rect.width - gap * (count - 1)
    wide: set[int] = set()
    while True:
        share = (room - sum(needs[i] for i in wide)) // max(1, count - len(wide))
        more = {i for i in range(count) if needs[i] > share} - wide
        if not more or len(wide | more) == count:
            break
        wide |= more
    widths = [needs[i] if i in wide else share for i in range(count)]
    x = rect.left
    for button, width in zip(row.buttons, widths):
        button.px = px
        button.rect = pygame.Rect(x, rect.top, width, rect.height)
        x += width + gap
