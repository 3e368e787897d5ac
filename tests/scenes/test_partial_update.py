"""Copying only the changed part of a frame to the window: when the app may, and when it must
copy the whole frame."""
from __future__ import annotations

import os
import sys

import pygame
import pytest

from game.app import App
from game.scene import Scene
from game.scenes.common.dialog import ConfirmDialog
from tests.scenes.helpers import key, step


class Spinner(Scene):
    """A scene that animates in one small box and says so."""

    box = pygame.Rect(100, 100, 80, 80)

    def __init__(self, app: App, names: list[pygame.Rect] | None = None) -> None:
        super().__init__(app)
        self.names: list[pygame.Rect] | None = names if names is not None else [self.box]
        self.moving = True
        self.t = 0

    @property
    def animating(self) -> bool:
        return self.moving

    def fixed_update(self, dt: float) -> None:
        self.t += 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill((30, 20, 10))
        pygame.draw.rect(surface, (200, 150, self.t % 255), self.box)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        return self.names


@pytest.fixture
def copies(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What each drawn frame copied to the window: "all", or the list of rects."""
    seen: list[object] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: seen.append("all"))
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects=None: seen.append("all" if rects is None else list(rects)))
    return seen


def last(copies: list[object]) -> object:
    """What the last frame copied (read afresh: every frame adds one)."""
    return copies[-1]


def test_a_scene_without_the_hook_is_copied_whole(copies: list[object]) -> None:
    app = App(language="ru")
    app.start(Scene(app))
    assert Scene(app).dirty_rects() is None
    app.always_draw = True
    step(app, 4)
    assert copies == ["all"] * 4


def test_an_animating_scene_is_copied_in_part_after_a_whole_first_frame(
        copies: list[object]) -> None:
    app = App(language="ru")
    app.toasts.clear()
    app.start(Spinner(app))
    step(app, 5)
    # the switch's frame, then the first frame after it (nothing named before it), then parts
    assert copies[:2] == ["all", "all"]
    assert copies[2:] == [[Spinner.box]] * 3


def test_input_a_message_a_dialog_or_the_end_of_an_animation_copy_the_whole_window(
        copies: list[object]) -> None:
    app = App(language="ru")
    app.toasts.clear()
    spinner = Spinner(app)
    app.start(spinner)
    step(app, 3)
    copies.clear()
    key(app, pygame.K_a)  # input: anything may have changed
    assert copies == ["all"]
    step(app, 2)
    assert last(copies) == [Spinner.box]
    app.notify("hello")
    step(app)
    assert last(copies) == "all"
    app.toasts.clear()
    app.redraw()
    step(app, 3)
    assert last(copies) == [Spinner.box]
    app.scenes.push(ConfirmDialog(app, "quit.question", "quit.yes", app.quit))
    step(app, 3)
    assert copies[-3:] == ["all"] * 3
    app.scenes.pop()
    step(app, 3)
    assert last(copies) == [Spinner.box]
    spinner.moving = False
    step(app)
    assert last(copies) == "all", "the frame that ends an animation is copied whole"


def test_parts_covering_most_of_the_window_or_none_at_all_mean_the_whole_window(
        copies: list[object]) -> None:
    app = App(language="ru")
    app.toasts.clear()
    app.start(Spinner(app, [pygame.Rect(0, 0, 1200, 780)]))
    step(app, 4)
    assert copies == ["all"] * 4
    copies.clear()
    # off the window: clipped away, nothing to copy (the frame did not change on screen)
    app.start(Spinner(app, [pygame.Rect(-50, -50, 10, 10)]))
    step(app, 4)
    assert copies[2:] == [[], []]


def test_a_scene_that_stops_naming_parts_is_copied_whole_once_more(copies: list[object]) -> None:
    app = App(language="ru")
    app.toasts.clear()
    spinner = Spinner(app)
    app.start(spinner)
    step(app, 3)
    spinner.names = None  # e.g. a piece falls past the edge: it may be drawn anywhere
    step(app, 2)
    spinner.names = [Spinner.box]  # the fall is over, but its last picture is on screen
    step(app, 2)
    assert copies[-4:] == ["all", "all", "all", [Spinner.box]]


def test_a_frame_copied_in_part_is_drawn_only_there(copies: list[object]) -> None:
    app = App(language="ru")
    app.toasts.clear()
    spinner = Spinner(app)
    app.start(spinner)
    step(app, 3)
    assert copies[-1] == [Spinner.box]
    # a mark outside the named part: a partial frame leaves it (the window shows the last
    # frame there), a whole frame paints over it
    app.screen.set_at((5, 5), (1, 2, 3))
    step(app)
    assert app.screen.get_at((5, 5))[:3] == (1, 2, 3)
    assert app.screen.get_at(Spinner.box.center)[:3] == (200, 150, spinner.t % 255)
    assert app.screen.get_clip() == app.screen.get_rect(), "the clip is lifted after drawing"
    app.redraw()
    step(app)
    assert app.screen.get_at((5, 5))[:3] == (30, 20, 10)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")
def test_on_linux_frames_go_to_the_window_without_an_opengl_texture_unless_the_player_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    App(language="ru")
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    App(language="ru")
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
