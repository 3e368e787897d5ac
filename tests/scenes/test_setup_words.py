"""No word of a setup is cut at the smallest window, in either language (issue 49, item 6:
"Draws: two kings fail to take one in 7 moves…", "Ничья: долго ходят одни дамки или мало…",
"Бить не обязательно; не побил — шашку…"): every game's setup, every choice of every row
clicked, read with its row focused and then not; a description wraps onto the lines its row
has room for."""
from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.rules import VARIANTS
from game.scenes.common.form import FormScene
from game.scenes.setup import SetupScene
from game.settings import MemoryStore
from game.ui import theme
from tests.scenes.helpers import click, key, step, top
from tests.scenes.legibility import read_frames, smallest_app


def _cuts(reading_cuts: list[tuple[str, str]]) -> list[str]:
    return [f"{whole!r} shown as {shown!r}" for whole, shown in reading_cuts]


@pytest.mark.parametrize("language", ["ru", "en"])
def test_no_setup_word_is_cut_at_800x560(language: str) -> None:
    app = smallest_app(language)
    problems: list[str] = []
    with theme.watching() as log:
        for variant in VARIANTS:
            app.routes.reset("menu")
            app.routes.push("setup", variant=variant)
            reading = read_frames(app, variant, log, frames=2)
            setup = top(app)
            assert isinstance(setup, SetupScene) and setup.variant == variant
            problems += [f"{variant}: {c}" for c in _cuts(reading.cuts)] + reading.problems
            for r, row in enumerate(setup.rows):
                for button in row.buttons:
                    click(app, button.rect.center)  # the row has the focus: whole
                    reading = read_frames(app, f"{variant} {row.name}", log, frames=1)
                    problems += [f"{variant} {row.name} focused: {c}"
                                 for c in _cuts(reading.cuts)]
                    key(app, pygame.K_DOWN if r + 1 < len(setup.rows) else pygame.K_UP)
                    reading = read_frames(app, f"{variant} {row.name}", log, frames=1)
                    assert setup.form.focus != r
                    problems += [f"{variant} {row.name}={row.get()!r}: {c}"
                                 for c in _cuts(reading.cuts)] + reading.problems
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("name", ["chapaev-setup", "settings"])
def test_the_other_forms_cut_no_word_at_800x560(language: str, name: str) -> None:
    app = smallest_app(language)
    with theme.watching() as log:
        app.routes.reset("menu")
        app.routes.push(name)
        read_frames(app, name, log, frames=2)
        form = top(app)
        assert isinstance(form, FormScene)
        for r in range(len(form.rows) + 1):  # each row focused in turn, then the buttons
            key(app, pygame.K_DOWN)
            reading = read_frames(app, f"{name} focus {r}", log, frames=1)
            assert not reading.cuts and not reading.problems, (reading.cuts, reading.problems)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
def test_the_rows_fit_the_window_above_the_buttons(size: tuple[int, int]) -> None:
    """However tall its rows, the setup stays in the window: rows one under another, the
    buttons below the last row, nothing past the window's edge."""
    for language in ("ru", "en"):
        app = App(MemoryStore(), size=size, language=language)
        for variant in VARIANTS:
            app.routes.reset("menu")
            app.routes.push("setup", variant=variant)
            step(app, 2)
            setup = top(app)
            assert isinstance(setup, SetupScene)
            window = pygame.Rect((0, 0), size)
            tops = [setup.label_rect(r) for r in range(len(setup.rows))]
            for a, b in zip(tops, tops[1:]):
                assert a.bottom <= b.top + 1, (variant, a, b)
            assert setup.start is not None
            assert setup.start.rect.top >= setup.rows[-1].buttons[0].rect.bottom
            assert window.contains(setup.start.rect) and window.contains(setup.back.rect)
