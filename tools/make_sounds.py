"""Synthesises the game's short wooden sounds into assets/sounds (run once; the WAVs are shipped).

Each sound is a few damped resonances (the body of a wooden piece and the board) excited by a
very short noise burst (the contact), which reads as wood rather than a beep.
Run: python tools/make_sounds.py  (or --cues for game_end/round_end only, --tick for tick,
--creak for creak)
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def synth(seconds: float, modes: list[tuple[float, float, float]], noise: float,
          noise_decay: float, seed: int) -> list[float]:
    """modes: (frequency Hz, amplitude, decay per second)."""
    rng = random.Random(seed)
    samples = []
    low = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        value = sum(a * math.exp(-d * t) * math.sin(2 * math.pi * f * t) for f, a, d in modes)
        low += 0.35 * (rng.uniform(-1, 1) - low)  # a softened click, not white hiss
        value += noise * math.exp(-noise_decay * t) * low
        attack = min(1.0, t / 0.0015)
        samples.append(value * attack)
    peak = max(abs(s) for s in samples) or 1.0
    return [s / peak * 0.85 for s in samples]


def write(name: str, samples: list[float]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / name), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", int(s * 32767)) for s in samples))


def main() -> None:
    # a piece set down on the board: a low, soft tap
    write("tap.wav", synth(0.16, [(520, 1.0, 38), (1130, 0.45, 60), (2210, 0.2, 90)],
                           0.9, 160, 1))
    # a capture: a brighter, drier click of piece on piece
    write("click.wav", synth(0.12, [(1650, 1.0, 55), (2870, 0.6, 75), (4100, 0.3, 110)],
                             1.2, 220, 2))
    # Chapaev: discs knocking together, fuller and rounder
    write("knock.wav", synth(0.2, [(780, 1.0, 30), (1390, 0.55, 45), (2450, 0.25, 70)],
                             0.8, 140, 3))
    # a menu click: short and light
    write("ui.wav", synth(0.06, [(2400, 1.0, 120), (3600, 0.4, 160)], 0.5, 300, 4))
    write_cues()
    write_tick()
    write_creak()


def write_creak() -> None:
    """Chapaev's board under a press too heavy: wood creaking, a stick-slip rasp of small
    knocks, closer and closer together, on the board's low body (``--creak`` alone)."""
    rng = random.Random(7)
    seconds = 0.34
    total = [0.0] * int(seconds * RATE)
    t = 0.0
    while t < seconds - 0.03:
        gap = 0.026 - 0.014 * (t / seconds)  # the slips come faster as the strain grows
        hit = synth(0.03, [(190 + rng.uniform(-15, 15), 1.0, 150), (430, 0.6, 190),
                           (960, 0.3, 260)], 0.25, 400, rng.randrange(1000))
        loud = 0.45 + 0.55 * math.sin(math.pi * t / seconds) * rng.uniform(0.7, 1.0)
        start = int(t * RATE)
        for j, sample in enumerate(hit):
            if start + j < len(total):
                total[start + j] += sample * loud
        t += gap * rng.uniform(0.7, 1.3)
    peak = max(abs(sample) for sample in total) or 1.0
    fade = int(0.02 * RATE)
    for j in range(fade):
        total[-1 - j] *= j / fade
    write("creak.wav", [sample / peak * 0.8 for sample in total])


def write_tick() -> None:
    """A clock's last seconds: the dry tick of an escapement in a wooden case, shorter and
    higher than a move's tap so that the two are never confused (``--tick`` alone)."""
    write("tick.wav", synth(0.05, [(2900, 1.0, 170), (4700, 0.45, 240), (1450, 0.3, 120)],
                            0.7, 520, 5))


def chord(notes: list[tuple[float, float]], seconds: float, seed: int) -> list[float]:
    """A short wooden figure: each (start s, pitch Hz) a damped knock, mixed and normalised."""
    total = [0.0] * int(seconds * RATE)
    for i, (start, pitch) in enumerate(notes):
        hit = synth(seconds - start, [(pitch, 1.0, 9), (pitch * 2.01, 0.35, 16),
                                      (pitch * 3.03, 0.15, 24)], 0.5, 180, seed + i)
        offset = int(start * RATE)
        for j, sample in enumerate(hit):
            if offset + j < len(total):
                total[offset + j] += sample
    peak = max(abs(s) for s in total) or 1.0
    fade = int(0.03 * RATE)  # no click at the cut
    for j in range(fade):
        total[-1 - j] *= j / fade
    return [s / peak * 0.8 for s in total]


def write_cues() -> None:
    """The two longer cues (added later; run alone with ``--cues`` to leave the others as
    they are)."""
    # a game is over: three rising knocks on a woodblock, the last one ringing
    write("game_end.wav", chord([(0.0, 523.25), (0.13, 659.25), (0.26, 783.99)], 0.9, 10))
    # a Chapaev round is over: two knocks, a step down and up
    write("round_end.wav", chord([(0.0, 587.33), (0.12, 880.0)], 0.55, 20))


if __name__ == "__main__":
    import sys

    if "--cues" in sys.argv[1:]:
        write_cues()
    elif "--tick" in sys.argv[1:]:
        write_tick()
    elif "--creak" in sys.argv[1:]:
        write_creak()
    else:
        main()
