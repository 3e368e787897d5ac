"""Shortcuts by the key's place on the keyboard, and the name a player's layout gives a key.

With a Russian layout SDL reports the letter of the layout (``р`` where a US keyboard has
``H``), so ``event.key == K_h`` never matches. :func:`to_physical` gives such a key event the
US key of its physical position, in one place (the App, before any scene sees the event). A
key that the layout already reports as a Latin letter or a digit is left alone, so a player
with AZERTY or Dvorak presses the letter printed on the key, as the tooltips say. Text input
(TEXTINPUT events) is never touched.
"""
from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame

#: scancode (physical position) -> the key a US layout has there: letters and top-row digits
US_KEYS: dict[int, int] = {pygame.KSCAN_A + i: pygame.K_a + i for i in range(26)}
US_KEYS.update({pygame.KSCAN_1 + i: pygame.K_1 + i for i in range(9)})
US_KEYS[pygame.KSCAN_0] = pygame.K_0
SCANCODES: dict[int, int] = {key: scancode for scancode, key in US_KEYS.items()}

#: scancode -> the key the player's layout reported there, learned from key events
_seen: dict[int, int] = {}


def is_latin(key: int) -> bool:
    """A Latin letter or a digit: what shortcuts are written with."""
    return pygame.K_a <= key <= pygame.K_z or pygame.K_0 <= key <= pygame.K_9


def to_physical(event: pygame.event.Event) -> None:
    """Give a KEYDOWN/KEYUP of a non-Latin layout the US key of its place (in place).

    ``event.unicode`` keeps the layout's character; other events are left as they are.
    """
    if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
        return
    us = US_KEYS.get(getattr(event, "scancode", 0))
    key = getattr(event, "key", None)
    if us is None or key is None:
        return
    _seen[event.scancode] = key
    if not is_latin(key):
        event.key = us


def key_label(key: int) -> str:
    """What the player's layout prints on the key of shortcut ``key`` ("Р" for K_h with a
    Russian layout, "H" with a US one); keys that are not letters or digits by their name."""
    scancode = SCANCODES.get(key)
    if scancode is not None:
        layout = _seen.get(scancode)
        if layout is None:
            layout = _layout_key(scancode)
        if layout is not None and layout != key:
            name = pygame.key.name(layout, use_compat=False)
            if name:
                return name.upper()
    return pygame.key.name(key, use_compat=False).upper() if scancode is not None \
        else pygame.key.name(key, use_compat=False)


def shortcut_label(key: int) -> str:
    """A shortcut as a tooltip writes it: "H", or "H (Р)" when the layout prints another
    letter on that key (the keycaps of a Russian keyboard carry both)."""
    us = pygame.key.name(key, use_compat=False)
    us = us.upper() if key in SCANCODES else us
    layout = key_label(key)
    return us if layout == us else f"{us} ({layout})"


def _layout_key(scancode: int) -> int | None:
    """The current layout's key at ``scancode``, asked of SDL itself where it can be found."""
    function = _sdl_key_from_scancode()
    if function is None or not pygame.display.get_init():
        return None
    try:
        key = int(function(scancode))
    except (OSError, ValueError):
        return None
    return key or None


@cache
def _sdl_key_from_scancode() -> Callable[[int], int] | None:
    """SDL_GetKeyFromScancode of the SDL library pygame loaded (pygame-ce does not expose
    it); None where that library cannot be found: the names learned from events remain."""
    for path in _sdl_candidates():
        try:
            function = ctypes.CDLL(str(path)).SDL_GetKeyFromScancode
        except (OSError, AttributeError):
            continue
        function.restype = ctypes.c_int32
        function.argtypes = [ctypes.c_int]
        found: Callable[[int], int] = function
        return found
    return None


def _sdl_candidates() -> list[Path]:
    found: list[Path] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
                for line in maps:
                    name = line.rsplit(None, 1)[-1]
                    if "libSDL2-2" in name or "libSDL2.so" in name or "libSDL2-2.0" in name:
                        path = Path(name)
                        if path not in found:
                            found.append(path)
        except OSError:
            pass
        return found
    base = Path(pygame.__file__).resolve().parent
    for folder in (base, base / ".dylibs", base.parent / "pygame_ce.libs"):
        for pattern in ("SDL2.dll", "libSDL2-2.0*.dylib", "libSDL2*.dylib"):
            found.extend(p for p in sorted(folder.glob(pattern))
                         if not any(part in p.name for part in ("image", "mixer", "ttf")))
    return found
