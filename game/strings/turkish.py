"""Strings of Turkish draughts: its name, its line in the menu, the setup's draw rules, the
status line before the first move and its own end of a game."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "game.turkish": {"ru": "Турецкие шашки", "en": "Turkish draughts"},
    "blurb.turkish": {
        "ru": "Дама: все 64 поля, по 16 шашек. Ходят прямо — вперёд и вбок; дамка — "
              "как ладья. Бить больше всех, побитые снимаются сразу.",
        "en": "Dama: all 64 squares, 16 men each. Men go straight, forward or sideways; "
              "kings move like rooks. Take the most; captured pieces leave at once.",
    },
    "setup.turkish.tournament_draws.help": {
        "ru": "Ничьи: дамка на дамку; 25 ходов дамками",
        "en": "Draws: king v king; 25 moves with kings only",
    },
    "board.help.turkish": {
        "ru": "Простые ходят на поле вперёд или вбок; щёлкните шашку, затем поле",
        "en": "Men step forward or sideways; click a piece, then a square",
    },
    "board.why.man_back": {
        "ru": "Простая шашка назад не ходит: только вперёд или вбок",
        "en": "A man never moves back: forward or sideways only",
    },
    "board.end.king_vs_man": {
        "ru": "Победа: одинокая дамка против одинокой простой",
        "en": "Won: a lone king against a lone man",
    },
}
