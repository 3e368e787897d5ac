"""Strings of Frisian draughts: its name, its line on the menu, its draw rules and refusal."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "game.frisian": {"ru": "Фризские шашки", "en": "Frisian draughts"},
    "blurb.frisian": {
        "ru": "Доска 10×10, бить можно и по вертикали и горизонтали; обязательно взятие "
              "самой ценной добычи.",
        "en": "A 10×10 board; pieces also capture along rows and columns, and the most "
              "valuable capture must be taken.",
    },
    "setup.frisian.tournament_draws.help": {
        "ru": "Ничья: две дамки не взяли одну за 7 ходов, дамка против дамки — за 2",
        "en": "Draws: two kings fail to take one in 7 moves; a king each in 2",
    },
    "board.counter.two_kings_vs_king": {
        "ru": "Две дамки против одной: {count} из {limit}",
        "en": "Two kings against one: {count} of {limit}",
    },
    "board.counter.king_vs_king_2_moves": {
        "ru": "Дамка против дамки: {count} из {limit}",
        "en": "King against king: {count} of {limit}",
    },
    "board.end.two_kings_vs_king": {
        "ru": "Ничья: две дамки не взяли одну за 7 ходов",
        "en": "Draw: two kings did not take the lone king in 7 moves",
    },
    "board.end.king_vs_king_2_moves": {
        "ru": "Ничья: дамка против дамки",
        "en": "Draw: a lone king each",
    },
    "board.why.king_rests": {
        "ru": "Эта дамка сделала три хода подряд — теперь ходите другой шашкой",
        "en": "This king has moved three times in a row: move another piece",
    },
}
