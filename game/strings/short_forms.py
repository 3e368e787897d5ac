"""Shorter ways to say what does not fit the smallest window (800×560): a button's label
(``<key>.short``) or a panel line. The long form is used wherever it fits."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "board.result.short": {"ru": "Итог", "en": "Result"},
    "board.from_here.short": {"ru": "Играть", "en": "Play on"},
    "editor.play_computer.short": {"ru": "С компьютером", "en": "Vs computer"},
    "board.timer_waiting.short": {"ru": "Время {time}, с первого хода",
                                  "en": "Time {time}, from move one"},
}
