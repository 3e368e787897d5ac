"""The app shell under real scenes: the last frame of an animation, shortcuts with a Russian
keyboard layout, hover under a dialog."""
from __future__ import annotations

import pygame

from game import keys
from game.app import App
from game.scene import Scene
from game.demos import open_scene
from game.scenes.common.dialog import ConfirmDialog
from game.ui.widgets import Button
from tests.scenes.board_helpers import click_at, start_board
from tests.scenes.helpers import step, top


def screen_bytes(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def run_until_idle(app: App, limit: int = 2000) -> None:
    for _ in range(limit):
        step(app)
        if not any(scene.animating for scene in app.scenes.visible()) and not app.toasts:
            step(app, 3)
            return
    raise AssertionError("the scene never went idle")


def test_the_frame_in_which_a_capture_ends_is_drawn() -> None:
    app, board = start_board("russian", "W:Wc3:Bd4,h8")
    click_at(app, board, "c3", "e5")
    assert board.glides.glide is not None, "the capture glides"
    run_until_idle(app)
    shown = screen_bytes(app)
    app.draw(app._accumulator / (1 / 120))
    assert screen_bytes(app) == shown, "the screen still shows a frame from before the end"


def test_a_finished_animation_gets_one_more_frame() -> None:
    class Blink(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.left = 3

        @property
        def animating(self) -> bool:
            return self.left > 0

        def fixed_update(self, dt: float) -> None:
            self.left = max(0, self.left - 1)

        def draw(self, surface: pygame.Surface, alpha: float) -> None:
            surface.fill((255, 0, 0) if self.left else (0, 0, 255))

    app = App()
    app.toasts.clear()
    app.start(Blink(app))
    step(app, 10)
    assert app.screen.get_at((5, 5))[:3] == (0, 0, 255)
    drawn = app.frames
    step(app, 10)
    assert app.frames == drawn, "and then the idle screen rests"


def russian_key(app: App, char: str, scancode: int, mod: int = 0) -> None:
    """A key pressed with the Russian layout: SDL reports the layout's letter."""
    code = ord(char)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char,
                                         scancode=scancode))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=char,
                                         scancode=scancode))
    step(app)


class KeyLog(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.events: list[pygame.event.Event] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.events.append(event)
        return True


def test_shortcuts_work_by_the_keys_place_with_a_russian_layout() -> None:
    app = App()
    log = KeyLog(app)
    app.start(log)
    russian_key(app, "р", pygame.KSCAN_H)
    russian_key(app, "я", pygame.KSCAN_Z, pygame.KMOD_LCTRL)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="р"))
    step(app)
    down = [e for e in log.events if e.type == pygame.KEYDOWN]
    assert [e.key for e in down] == [pygame.K_h, pygame.K_z]
    assert down[0].unicode == "р", "the layout's character stays for text"
    text = [e for e in log.events if e.type == pygame.TEXTINPUT]
    assert text and text[0].text == "р"
    assert keys.key_label(pygame.K_h) == "Р", "a tooltip can name the key as the layout does"
    assert keys.shortcut_label(pygame.K_h) == "H (Р)"


def test_latin_layouts_keep_their_letters() -> None:
    app = App()
    log = KeyLog(app)
    app.start(log)
    # AZERTY: the key in the place of a US Q prints A; the player presses the letter shown
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a",
                                         scancode=pygame.KSCAN_Q))
    # the arrows and Esc have no letter and are left alone
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="",
                                         scancode=pygame.KSCAN_LEFT))
    step(app)
    assert [e.key for e in log.events] == [pygame.K_a, pygame.K_LEFT]


def test_the_board_answers_a_russian_layout() -> None:
    app, board = start_board("russian")
    hints = board.state.hints
    russian_key(app, "р", pygame.KSCAN_H)  # H: hints
    assert board.state.hints != hints
    flipped = board.view.flipped
    russian_key(app, "а", pygame.KSCAN_F)  # F: flip
    assert board.view.flipped != flipped


def test_a_button_under_a_dialog_is_not_hovered() -> None:
    class Panel(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.button = Button("Resign", lambda: None, pygame.Rect(100, 100, 200, 60))

        def handle_event(self, event: pygame.event.Event) -> bool:
            return self.button.handle_event(event)

    app = App()
    panel = Panel(app)
    app.start(panel)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 120), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert panel.button.hovered and panel.on_top
    app.scenes.push(ConfirmDialog(app, "quit.question", "quit.yes", app.quit))
    step(app)
    assert not panel.button.hovered, "its tooltip would show through the dimming"
    assert not panel.on_top
    app.scenes.pop()
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(151, 120), rel=(1, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert panel.button.hovered, "the pointer brings it back"


def test_the_board_tooltip_does_not_show_under_its_dialog() -> None:
    app, board = start_board("russian")
    click_at(app, board, "c3", "d4")
    run_until_idle(app)
    resign = board.panel_view.button("board.resign")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=resign.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    assert resign.hovered
    app.scenes.push(ConfirmDialog(app, "quit.question", "quit.yes", app.quit))
    step(app)
    assert isinstance(top(app), ConfirmDialog)
    assert not resign.hovered


def test_the_menu_can_open_with_the_focus_on_a_game() -> None:
    from game.catalog import GAMES
    from game.scenes.menu import MenuScene

    app = App()
    open_scene(app, "menu")
    menu = MenuScene(app, focus="chapaev")
    app.scenes.reset(menu)
    step(app)
    assert top(app) is menu
    assert menu.shown_game == "chapaev"
    chapaev = [game.key for game in GAMES].index("chapaev")
    assert menu.buttons.buttons[menu.buttons.focus].label == menu.buttons.buttons[chapaev].label
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=800))
    step(app)
    assert menu.shown_game == "chapaev", "a new layout keeps the focus"


def test_a_screenshot_leaves_no_temporary_folder(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import tempfile

    from game.tools import screenshot

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    monkeypatch.setenv("TMPDIR", str(scratch))
    screenshot("menu", str(tmp_path / "menu.png"), size=(800, 560), language="ru")
    assert (tmp_path / "menu.png").stat().st_size > 0
    assert list(scratch.iterdir()) == []


def test_the_rules_page_never_shows_a_line_cut_in_half() -> None:
    from game.scenes.rules import RulesScene

    app = App(size=(800, 560), language="ru")
    open_scene(app, "rules-international")
    step(app)
    rules = top(app)
    assert isinstance(rules, RulesScene) and rules.page is not None
    page = rules.page
    assert page.lines and page.max_scroll > 0
    for scroll in range(0, page.max_scroll + 1, 7):
        page.scroll_to(scroll)
        band_top, band_bottom = page.visible_band()
        assert scroll <= band_top <= band_bottom <= scroll + page.rect.height
        for line_top, line_bottom in page.lines:
            inside = band_top <= line_top and line_bottom <= band_bottom
            outside = line_bottom <= band_top or line_top >= band_bottom
            assert inside or outside, (scroll, line_top, line_bottom, band_top, band_bottom)
        shown = [line for line in page.lines if band_top <= line[0] and line[1] <= band_bottom]
        assert len(shown) >= 5, "hiding half lines leaves the page readable"


def test_settings_say_when_there_is_no_audio_device(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.i18n import tr
    from game.scenes.settings import SettingsScene

    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    app = App(language="ru")
    assert not app.sound.available
    open_scene(app, "settings")
    step(app)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    sound_row = next(row for row in scene.rows if row.label_key == "settings.sound")
    labels = [b.label for b in sound_row.buttons]
    assert tr("settings.on") not in labels and tr("settings.sound.unavailable") in labels
    assert not any(b.enabled for b in sound_row.buttons)
    pygame.mixer.quit()


def test_sound_cues_for_the_scenes_exist_and_follow_the_volume(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.sound import SOUND_NAMES, Sound

    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sound = Sound(enabled=True, volume=0.5)
    assert {"game_end", "round_end"} <= set(SOUND_NAMES) <= set(sound._sounds)
    for name in ("game_end", "round_end"):
        length = sound._sounds[name].get_length()
        assert 0.2 < length < 1.5, f"{name} is a short cue"
    sound.play("game_end")
    sound.volume = 0.0
    assert not sound.audible
    sound.play("no-such-cue")  # silent, no error
    pygame.mixer.quit()


def test_a_scene_can_ask_for_one_more_frame() -> None:
    class Quiet(Scene):
        colour = (0, 0, 0)

        def fixed_update(self, dt: float) -> None:
            if self.colour == (0, 0, 0) and self.app.frames > 2:
                self.colour = (0, 200, 0)  # e.g. a worker's answer arrived
                self.app.redraw()

        def draw(self, surface: pygame.Surface, alpha: float) -> None:
            surface.fill(self.colour)

    app = App()
    app.toasts.clear()
    app.start(Quiet(app))
    for _ in range(3):
        app.redraw()
        step(app)
    step(app, 5)
    assert app.screen.get_at((1, 1))[:3] == (0, 200, 0)
