"""The app off-screen: the menu, each entry, Esc, the close button, the fixed-step loop."""
from __future__ import annotations

import pygame
import pytest

from game.app import FIXED_DT, MAX_CATCH_UP_STEPS, App
from game.i18n import tr
from game.notices import reading_time
from game.scene import Scene
from game.demos import open_scene
from game.catalog import GAMES
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.form import FormScene
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesScene
from game.scenes.settings import SettingsScene
from game.ui import theme
from tests.scenes.helpers import click, key, step, top


@pytest.fixture
def app() -> App:
    app = App(language="ru")
    open_scene(app, "menu")
    step(app)
    return app


def menu_button(app: App, label: str) -> pygame.Rect:
    menu = top(app)
    assert isinstance(menu, MenuScene)
    for button in menu.buttons.buttons:
        if button.label == label:
            return button.rect
    raise AssertionError(f"no menu entry {label!r}")


def test_the_window_opens_on_the_menu_titled_shashki(app: App) -> None:
    assert isinstance(top(app), MenuScene)
    assert pygame.display.get_caption()[0] == "Шашки", "the window's title in Russian"
    app.change_settings(app.settings.with_(language="en"))
    assert pygame.display.get_caption()[0] == "Shashki", "and in English when it is chosen"
    app.change_settings(app.settings.with_(language="ru"))
    assert pygame.display.get_caption()[0] == "Шашки"
    assert app.size == (1280, 800)
    assert app.frames >= 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_game_entry_opens_its_setup_and_esc_returns(app: App, game) -> None:  # type: ignore[no-untyped-def]
    click(app, menu_button(app, tr(game.title_key)).center)
    scene = top(app)
    assert isinstance(scene, FormScene) and scene.title() == tr(game.title_key)
    assert len(app.scenes) == 2
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene)
    assert len(app.scenes) == 1


def test_settings_entry_opens_settings_and_esc_returns(app: App) -> None:
    click(app, menu_button(app, tr("menu.settings")).center)
    assert isinstance(top(app), SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene)


def test_rules_entry_opens_the_rules_of_the_game_last_shown(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION,
                                         pos=menu_button(app, tr("game.apokachi")).center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    click(app, menu_button(app, tr("menu.rules")).center)
    scene = top(app)
    assert isinstance(scene, RulesScene) and scene.game_key == "apokachi"
    click(app, scene.back.rect.center)
    assert isinstance(top(app), MenuScene)


def test_quit_entry_asks_first_and_cancel_keeps_playing(app: App) -> None:
    click(app, menu_button(app, tr("menu.quit")).center)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene) and app.running
    click(app, menu_button(app, tr("menu.quit")).center)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    confirm = dialog.buttons.buttons[0]
    click(app, confirm.rect.center)
    assert not app.running


def test_esc_on_the_menu_asks_to_quit(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), ConfirmDialog)
    key(app, pygame.K_RETURN)  # the focus starts on Cancel: Enter is safe
    assert isinstance(top(app), MenuScene) and app.running


def test_the_close_button_quits_at_once_from_any_scene(app: App) -> None:
    click(app, menu_button(app, tr("menu.settings")).center)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert not app.running


def test_keyboard_alone_reaches_every_entry(app: App) -> None:
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, FormScene) and scene.title() == tr(GAMES[2].title_key)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_UP)  # wraps from the first game... back to the focused third one
    menu = top(app)
    assert isinstance(menu, MenuScene) and menu.buttons.focus == 1


def test_rules_page_scrolls_with_wheel_and_keys_and_switches_game(app: App) -> None:
    click(app, menu_button(app, tr("menu.rules")).center)
    rules = top(app)
    assert isinstance(rules, RulesScene) and rules.page is not None
    assert rules.page.max_scroll > 0, "a rules page is longer than the window"
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False,
                                         precise_x=0.0, precise_y=-2.0))
    step(app)
    assert rules.page.scroll > 0
    key(app, pygame.K_END)
    assert rules.page.scroll == rules.page.max_scroll
    key(app, pygame.K_HOME)
    assert rules.page.scroll == 0
    click(app, rules.tabs.buttons[3].rect.center)
    assert rules.game_key == GAMES[3].key


class Counter(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.steps = 0
        self.log: list[str] = []

    def fixed_update(self, dt: float) -> None:
        assert dt == FIXED_DT
        self.steps += 1

    def on_pause(self) -> None:
        self.log.append("paused")

    def on_resume(self) -> None:
        self.log.append("resumed")

    def on_leave(self) -> None:
        self.log.append("left")


def test_fixed_steps_follow_time_not_frames_and_catch_up_is_capped() -> None:
    app = App()
    scene = Counter(app)
    app.start(scene)
    for _ in range(120):
        app.frame(1 / 240)  # a fast display: two frames per step
    assert scene.steps in (59, 60)
    scene.steps = 0
    app.frame(0.1)
    assert scene.steps == 12
    scene.steps = 0
    app.frame(10.0)  # a long stall: no spiral of catch-up steps
    assert scene.steps == MAX_CATCH_UP_STEPS


def test_switches_are_requests_applied_between_frames_with_lifecycle_hooks() -> None:
    app = App()
    below = Counter(app)
    app.start(below)
    over = Counter(app)
    app.scenes.push(over)
    assert app.scenes.top is below, "nothing switches until the frame ends"
    step(app)
    assert app.scenes.top is over and below.log == ["paused"]
    app.scenes.pop()
    step(app)
    assert app.scenes.top is below and below.log == ["paused", "resumed"] and over.log == ["left"]
    other = Counter(app)
    app.scenes.replace(other)
    step(app)
    assert app.scenes.top is other and below.log[-1] == "left"
    app.scenes.pop()
    step(app)
    assert not app.running, "popping the last scene ends the app"


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (1920, 1080), (2560, 1080)])
def test_layout_fits_every_window_size(size: tuple[int, int]) -> None:
    app = App(size=size, language="ru")
    for name in ("menu", "settings", "rules-international"):
        open_scene(app, name)
        step(app)
        scene = top(app)
        buttons = []
        if isinstance(scene, MenuScene):
            buttons = scene.buttons.buttons
        elif isinstance(scene, SettingsScene):
            buttons = [b for row in scene.rows for b in row.buttons] + [scene.back]
        elif isinstance(scene, RulesScene):
            buttons = [*scene.tabs.buttons, scene.back]
        window = pygame.Rect((0, 0), app.size)
        for button in buttons:
            assert window.contains(button.rect), f"{name}: {button.label} cut off at {size}"
            assert button.rect.width / button.rect.height < 12, "not stretched out of shape"


def test_resizing_the_window_lays_the_menu_out_again(app: App) -> None:
    before = menu_button(app, tr("menu.quit"))
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=600))
    step(app)
    after = menu_button(app, tr("menu.quit"))
    assert app.size == (900, 600)
    assert after.height < before.height and after.bottom <= 600
    assert after.width / after.height == pytest.approx(before.width / before.height, rel=0.1)
    assert theme.scale_for(app.size) == pytest.approx(900 / 1280)


def test_an_idle_screen_is_not_redrawn_but_input_and_motion_are(app: App) -> None:
    app.toasts.clear()
    step(app, 2)
    drawn = app.frames
    step(app, 30)
    assert app.frames == drawn, "nothing changed, nothing drawn"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert app.frames == drawn + 1

    class Moving(Counter):
        @property
        def animating(self) -> bool:
            return True

    app.scenes.push(Moving(app))
    step(app, 10)
    assert app.frames == drawn + 11


def test_a_message_outlives_its_screen_only_briefly(app: App) -> None:
    app.notify("hello")
    click(app, menu_button(app, tr("menu.settings")).center)
    # it has been read by then (2 s + 5 characters at 15 a second), and goes right after
    assert app.toasts and app.toasts[0].left <= reading_time("hello") + 0.5
    step(app, round(reading_time("hello") * 120) - 10)
    assert app.toasts, "not before it could be read"
    step(app, 70)
    assert not app.toasts
