"""Strings of the techniques of the box's lesson (``technique.<value>``, its one-line meaning
``technique.<value>.line``) and of the flanks a breakthrough happens on (``flank.<value>``, and
``flank.<value>.on`` as a sentence says where)."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "technique.sacrifice": {"ru": "Жертва", "en": "Sacrifice"},
    "technique.sacrifice.line": {
        "ru": "Шашку отдают нарочно, чтобы потом вернуть больше",
        "en": "A piece given on purpose, to win more back later",
    },
    "technique.one-for-two": {"ru": "Отдать одну — взять две", "en": "Give one, take two"},
    "technique.one-for-two.line": {
        "ru": "Одна шашка под бой, и сразу ответный удар берёт две или больше",
        "en": "One piece offered, and the reply at once takes two or more",
    },
    "technique.column": {"ru": "Ударная колонка", "en": "Striking column"},
    "technique.column.line": {
        "ru": "Шашки стоят друг за другом: переднюю отдают, задняя бьёт",
        "en": "Pieces one behind another: the front one is given, the back one strikes",
    },
    "technique.breakthrough": {"ru": "Прорыв", "en": "Breakthrough"},
    "technique.breakthrough.line": {
        "ru": "Шашка проходит в дамки через отданный материал",
        "en": "A man breaks through to be crowned, the way paid for with material",
    },
    "technique.opposition": {"ru": "Столбняк", "en": "Kings' standoff"},
    "technique.opposition.line": {
        "ru": "Дамки разного цвета стоят на концах одной диагонали",
        "en": "Kings of both colours face each other from the two ends of a diagonal",
    },
    "technique.barrier": {"ru": "Застава", "en": "Barrier"},
    "technique.barrier.line": {
        "ru": "Дамка по диагонали отсекает группу простых от дамочного поля",
        "en": "A king's diagonal cuts a group of men off from their crowning row",
    },
    "technique.loop": {"ru": "Петля", "en": "Loop"},
    "technique.loop.line": {
        "ru": "Ловля дамки: любой её ход губит её, или ей некуда ходить (угловая петля)",
        "en": "Catching a king: every move loses it, or it has none (the corner loop)",
    },
    "technique.blocking": {"ru": "Запирание", "en": "Blocking"},
    "technique.blocking.line": {
        "ru": "Шашки соперника остаются без хода",
        "en": "The opponent's pieces are left without a move",
    },
    "technique.exchange": {"ru": "Размен", "en": "Exchange"},
    "technique.exchange.line": {
        "ru": "Обе стороны снимают с доски поровну шашек",
        "en": "Both sides take the same number of pieces",
    },
    "flank.left": {"ru": "левый фланг", "en": "the left flank"},
    "flank.centre": {"ru": "центр", "en": "the centre"},
    "flank.right": {"ru": "правый фланг", "en": "the right flank"},
    # where a breakthrough happens, as a sentence says it ("a breakthrough on the left flank")
    "flank.left.on": {"ru": "по левому флангу", "en": "on the left flank"},
    "flank.centre.on": {"ru": "по центру", "en": "in the centre"},
    "flank.right.on": {"ru": "по правому флангу", "en": "on the right flank"},
}
