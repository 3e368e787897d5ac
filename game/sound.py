"""Short wooden sounds. Without an audio device (or with sound off) every call is silent."""
from __future__ import annotations

import pygame

from game.resources import asset

SOUND_NAMES: tuple[str, ...] = ("tap", "click", "knock", "ui")


class Sound:
    """Plays the game's sounds; never raises because of the audio device."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = False
        self.problem: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            for name in SOUND_NAMES:
                self._sounds[name] = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
            pygame.mixer.set_num_channels(16)
            self.available = True
        except (pygame.error, OSError, FileNotFoundError) as error:
            self.problem = str(error) or type(error).__name__
            self._sounds.clear()

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play ``name`` at ``volume`` in [0, 1] (e.g. following an impact's strength)."""
        if not (self.enabled and self.available):
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(max(0.0, min(1.0, volume)))
        except pygame.error:
            pass
