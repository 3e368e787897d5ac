"""Every scene renders to a real picture in both languages, and the command line does too."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.demos import SCENES
from game.tools import bench_frames, screenshot


def colours(path: Path) -> int:
    image = pygame.image.load(str(path))
    small = pygame.transform.scale(image, (64, 40))
    return len({tuple(small.get_at((x, y))) for x in range(64) for y in range(40)})


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("name", list(SCENES))
def test_every_scene_renders_in_both_languages(tmp_path: Path, name: str, language: str) -> None:
    path = tmp_path / f"{name}-{language}.png"
    screenshot(name, str(path), language=language)
    assert path.stat().st_size > 10_000
    assert pygame.image.load(str(path)).get_size() == (1280, 800)
    assert colours(path) > 40, "a picture, not a blank screen"


def test_the_languages_really_differ(tmp_path: Path) -> None:
    ru, en = tmp_path / "ru.png", tmp_path / "en.png"
    screenshot("menu", str(ru), language="ru")
    screenshot("menu", str(en), language="en")
    assert ru.read_bytes() != en.read_bytes()


def test_screenshot_command_line(tmp_path: Path) -> None:
    path = tmp_path / "menu.png"
    done = subprocess.run([sys.executable, "-m", "game", "--screenshot", "menu", str(path),
                           "--size", "1024x640"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(path)).get_size() == (1024, 640)


def test_screenshot_command_line_rejects_an_unknown_scene(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "game", "--screenshot", "nowhere",
                           str(tmp_path / "x.png")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "unknown scene" in done.stderr
    assert not (tmp_path / "x.png").exists()


def test_frame_benchmark_reports_every_scene() -> None:
    lines = bench_frames(frames=5)
    assert len(lines) == 1 + len(SCENES)
    assert all("p95" in line for line in lines[1:])
