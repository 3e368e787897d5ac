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
    "setup.house": {"ru": "Дом", "en": "House"},
    "setup.house.help": {
        "ru": "По {n} шашек у каждого: дом 3×3 — 9 шашек, 4×3 — 12, 4×4 — 16",
        "en": "{n} pieces a side: a 3×3 house holds 9, 4×3 holds 12, 4×4 holds 16",
    },
    "editor.house": {"ru": "Дом", "en": "House"},
    # entering a move
    "board.help.ugolki": {
        "ru": "Щёлкните шашку и поле, где кончится ход, — или перетащите её",
        "en": "Click a piece, then where its move ends, or drag it there",
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
        "ru": "Белые первыми привели все шашки в дом чёрных",
        "en": "White brought every piece into Black's house first",
    },
    "board.end.finished.black": {
        "ru": "Чёрные первыми привели все шашки в дом белых",
        "en": "Black brought every piece into White's house first",
    },
    "board.end.finished.extra.white": {
        "ru": "Белые первыми заняли дом чёрных; лишний ход чёрным не помог",
        "en": "White filled Black's house first; Black's extra move did not help",
    },
    "board.end.finished.extra.black": {
        "ru": "Чёрные первыми заняли дом белых; лишний ход белым не помог",
        "en": "Black filled White's house first; White's extra move did not help",
    },
    "board.end.both_finished": {
        "ru": "Ничья: закончили оба, второй — своим дополнительным ходом",
        "en": "Draw: both have finished, the second with its one more move",
    },
    "board.end.stayed_home.white": {
        "ru": "После 40-го хода у белых осталась шашка в своём доме",
        "en": "After move 40 White still had a piece in its own house",
    },
    "board.end.stayed_home.black": {
        "ru": "После 40-го хода у чёрных осталась шашка в своём доме",
        "en": "After move 40 Black still had a piece in its own house",
    },
    "board.end.ugolki.move_limit": {
        "ru": "Сыграно по 80 ходов: в чужом доме у белых {white}, у чёрных {black}",
        "en": "80 moves each: White has {white} in Black's house, Black {black} in White's",
    },
}
