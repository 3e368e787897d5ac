"""Strings of the draughts games added from the same box: English, Brazilian, the giveaways."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "game.english": {"ru": "Английские шашки", "en": "English draughts"},
    "game.brazilian": {"ru": "Бразильские шашки", "en": "Brazilian draughts"},
    "game.russian_giveaway": {"ru": "Поддавки", "en": "Russian giveaway"},
    "game.international_giveaway": {"ru": "Международные поддавки",
                                    "en": "International giveaway"},
    "blurb.english": {
        "ru": "Чекерс: доска 8×8, первыми ходят чёрные. Простые бьют только вперёд, "
              "дамка ходит на одно поле.",
        "en": "Checkers: an 8×8 board, Black moves first. Men capture forward only; "
              "a king steps one square.",
    },
    "blurb.brazilian": {
        "ru": "Правила международных шашек на доске 8×8: бить больше всех, дамка "
              "ходит далеко.",
        "en": "International rules on the 8×8 board: take the most pieces; kings fly.",
    },
    "blurb.russian_giveaway": {
        "ru": "Русские шашки наоборот: выигрывает тот, кто первым отдаст все шашки "
              "или окажется заперт.",
        "en": "Russian draughts turned round: the first to lose all pieces, or to be "
              "blocked, wins.",
    },
    "blurb.international_giveaway": {
        "ru": "Доска 10×10, бить больше всех — но цель обратная: отдать все шашки.",
        "en": "A 10×10 board and the majority capture, but the goal is turned round: "
              "give every piece away.",
    },
    # the tournament draw rules, as each of these games has them
    "setup.english.tournament_draws.help": {
        "ru": "Ничья после 40 ходов каждой стороны без хода простой и без взятия",
        "en": "A draw after 40 moves by each side with no man moved and nothing captured",
    },
    "setup.russian_giveaway.tournament_draws.help": {
        "ru": "Ничья после 15 ходов каждой стороны одними дамками, без взятий",
        "en": "A draw after 15 moves by each side with only kings moving, nothing captured",
    },
    "setup.international_giveaway.tournament_draws.help": {
        "ru": "Ничья после 25 ходов каждой стороны одними дамками, без взятий",
        "en": "A draw after 25 moves by each side with only kings moving, nothing captured",
    },
    "setup.international_giveaway.move_limit.help": {
        "ru": "На пределе побеждает тот, у кого меньше шашек, затем меньше дамок",
        "en": "At the limit fewer pieces win, then fewer kings",
    },
    "board.why.king_one_square": {
        "ru": "Дамка здесь ходит только на одно поле",
        "en": "A king here moves one square at a time",
    },
    # who moves first in English draughts is Black
    "setup.english.play_as.white.help": {
        "ru": "Против компьютера, белыми: первыми ходят чёрные — компьютер",
        "en": "Against the computer, with White: Black, the computer, moves first",
    },
    "setup.english.play_as.black.help": {
        "ru": "Против компьютера, чёрными: ваш первый ход",
        "en": "Against the computer, with Black: you move first",
    },
    # Russian draughts "with фук" (the setup option, the panel, the move list)
    "setup.huff": {"ru": "Игра «за фук»", "en": "With фук (huff)"},
    "setup.huff.help": {
        "ru": "Бить не обязательно; не побил — шашку снимут",
        "en": "Capture optional; a missed one costs the piece",
    },
    "board.huff.may": {"ru": "Можно взять шашку за фук", "en": "You may take a piece for фук"},
    "board.huff.taken": {"ru": "Шашка {square} взята за фук", "en": "{square} taken for фук"},
    "board.huff.prefix": {"ru": "(ф {square})", "en": "(huff {square})"},
    "board.huff.then_move": {
        "ru": "Шашка {square} снята за фук — теперь ваш ход (щелчок по ней вернёт её)",
        "en": "{square} taken for фук: now make your move (click it to put it back)",
    },
    "board.huff.by_other": {
        "ru": "Соперник снял за фук шашку {square}",
        "en": "The other side took {square} for фук",
    },
    "board.why.huff": {"ru": "Эту шашку нельзя взять за фук",
                       "en": "That piece cannot be taken for фук"},
}
