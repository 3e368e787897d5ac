"""Short wooden sounds. Without an audio device (or with sound off) every call is silent.

Scenes play a cue by name: ``app.sound.play("tap")``. The cues: tap (a move), click (a
capture), knock (Chapaev discs, louder with the impact), ui (a button), game_end (a game is
over), round_end (a Chapaev round is over), tick (a chess clock's last seconds), creak
(Chapaev's board under a press that nears the line past which it rocks).
"""
from __future__ import annotations

import pygame

from game.resources import asset

SOUND_NAMES: tuple[str, ...] = ("tap", "click", "knock", "ui", "game_end", "round_end",
                                 "tick", "creak")


class Sound:
    """Plays the game's sounds at the player's volume; never raises because of the device."""

    def __init__(self, enabled: bool = True, volume: float = 1.0) -> None:
        self.enabled = enabled  # False: muted in Settings
        self.volume = volume  # the master volume in [0, 1] from Settings
        self.available = False  # an audio device was opened and the sounds loaded
        self.problem: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            for name in SOUND_NAMES:
                self._sounds[name] = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
            pygame.mixer.set_num_channels(16)
            self.available = True
        except (pygame.error, OSError) as error:
            self.problem = str(error) or type(error).__name__
            self._sounds.clear()

    @property
    def audible(self) -> bool:
        return self.enabled and self.available and self.volume > 0

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play cue ``name`` at ``volume`` in [0, 1] (e.g. following an impact's strength),
        scaled by the master volume. An unknown name is silent."""
        if not self.audible:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(max(0.0, min(1.0, volume)) * max(0.0, min(1.0, self.volume)))
        except pygame.error:
            pass
