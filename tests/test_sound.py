"""Sound degrades to silence: no device, no crash."""
from __future__ import annotations

import pygame

from game.sound import SOUND_NAMES, Sound


def test_without_an_audio_device_the_game_is_silent_not_broken(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-device")
    sound = Sound(enabled=True)
    assert not sound.available and sound.problem
    for name in SOUND_NAMES:
        sound.play(name)  # nothing happens, nothing raises
    pygame.mixer.quit()


def test_with_a_device_every_sound_loads_and_plays(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    sound = Sound(enabled=True)
    assert sound.available
    for name in SOUND_NAMES:
        sound.play(name, volume=0.5)
    sound.enabled = False
    sound.play("tap")
