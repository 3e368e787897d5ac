"""Strings of issue 34's Chapaev work: the setup's box that says what the focused choice
means, the board view in the seats chosen, and the pause's resign, new match and leaving."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the setup screen's box, while Start or Back has the focus
    "chapaev.setup.pick": {
        "ru": "Наведите указатель на строку или нажмите ↑ — здесь появится, что значит выбор",
        "en": "Point at a row, or go up with ↑: what its choice means is shown here",
    },
    # the board view when one person plays the computer
    "chapaev.setup.view.fixed.help.person": {
        "ru": "Доска не поворачивается: ваши шашки всегда внизу",
        "en": "The board never turns: your pieces always at the bottom",
    },
    "chapaev.setup.view.turn.help.person": {
        "ru": "Доска поворачивается к тому, кто бьёт: внизу ваши шашки, а когда бьёт "
              "компьютер — его",
        "en": "The board turns to face whoever shoots: your pieces at the bottom, the "
              "computer's when it shoots",
    },
    # the pause
    "chapaev.pause.resign": {"ru": "Сдаться", "en": "Resign"},
    "chapaev.pause.new": {"ru": "Новая партия", "en": "New match"},
    "chapaev.pause.new_question": {
        "ru": "Начать новую партию? Эта останется в списке партий",
        "en": "Start a new match? This one stays in the Games list",
    },
    "chapaev.pause.new_yes": {"ru": "Начать", "en": "Start"},
    "chapaev.pause.kept": {
        "ru": "Выйдете — партия сохранится: «Продолжить» в меню",
        "en": "Leave and the match is kept: Continue on the menu",
    },
    # the end of a match given up
    "chapaev.over.resigned": {
        "ru": "{side} сдались. Раундов сыграно: {rounds}",
        "en": "{side} resigned. Rounds played: {rounds}",
    },
}
