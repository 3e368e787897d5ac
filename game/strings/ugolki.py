"""Strings of Уголки (Ugolki): its name, setup, why a square cannot be reached, the panel and
the end of a game."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "game.ugolki": {"ru": "Уголки", "en": "Ugolki (Corners)"},
    "blurb.ugolki": {
        "ru": "Гонка: переведите все шашки в противоположный угол, перепрыгивая через любые "
              "шашки длинными цепочками.",
        "en": "A race: move all your pieces into the opposite corner, leaping over any piece "
              "in long chains.",
    },
    # setup
    "setup.pieces": {"ru": "Дом", "en": "House"},
    "setup.pieces.help": {
        "ru": "По {n} шашек у каждого: дом 3×3 — 9 шашек, 4×3 — 12, 4×4 — 16",
        "en": "{n} pieces a side: a 3×3 house holds 9, 4×3 holds 12, 4×4 holds 16",
    },
    # entering a move
    "board.help.ugolki": {
        "ru": "Щёлкните шашку, затем поле, где она закончит ход, — или перетащите её",
        "en": "Click a piece, then the square where its move ends, or drag it there",
    },
    "board.why.occupied": {"ru": "Это поле занято", "en": "That square is taken"},
    "board.why.no_route": {
        "ru": "Туда не ведёт ни шаг, ни цепочка прыжков",
        "en": "No step or chain of jumps leads there",
    },
    "board.why.back_home": {
        "ru": "После 40-го хода в свой дом возвращаться нельзя",
        "en": "After move 40 no piece may go back into its own house",
    },
    # the side panel
    "board.ugolki.home_rule": {
        "ru": "Освободить свой дом: ходов осталось {n}",
        "en": "Empty your house: {n} moves left",
    },
    "board.ugolki.in_house": {
        "ru": "В чужом доме: белые {white} · чёрные {black}",
        "en": "In the other house: White {white} · Black {black}",
    },
    "board.ugolki.extra_move.white": {
        "ru": "Чёрные закончили — у белых ещё один ход",
        "en": "Black has finished: White has one more move",
    },
    "board.ugolki.extra_move.black": {
        "ru": "Белые закончили — у чёрных ещё один ход",
        "en": "White has finished: Black has one more move",
    },
    # the end of a game
    "board.end.finished.white": {
        "ru": "Белые первыми привели все шашки в дом соперника",
        "en": "White brought every piece into the other house first",
    },
    "board.end.finished.black": {
        "ru": "Чёрные первыми привели все шашки в дом соперника",
        "en": "Black brought every piece into the other house first",
    },
    "board.end.both_finished": {
        "ru": "Ничья: чёрные успели закончить дополнительным ходом",
        "en": "Draw: Black finished too, with its one more move",
    },
    "board.end.stayed_home.white": {
        "ru": "После 40-го хода шашка белых осталась дома",
        "en": "A White piece was still at home after move 40",
    },
    "board.end.stayed_home.black": {
        "ru": "После 40-го хода шашка чёрных осталась дома",
        "en": "A Black piece was still at home after move 40",
    },
    "board.end.ugolki.move_limit": {
        "ru": "80 ходов: в чужом доме у белых {white}, у чёрных {black}",
        "en": "80 moves each: White has {white} in Black's house, Black {black} in White's",
    },
}
