"""Strings of the coach (its comments in the review and with the advice), the coach's setting
and the technique pages of the rules screen."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # who made the move
    "coach.who.you": {"ru": "Вы", "en": "You"},
    "coach.who.white": {"ru": "Белые", "en": "White"},
    "coach.who.black": {"ru": "Чёрные", "en": "Black"},
    # the techniques as a comment names them (Russian: the accusative, after «пропустили»)
    "coach.tech.none": {"ru": "выигрыш материала", "en": "a win of material"},
    "coach.tech.sacrifice": {"ru": "жертву", "en": "a sacrifice"},
    "coach.tech.one-for-two": {"ru": "удар «отдай одну — возьми две»",
                               "en": "a give-one-take-two shot"},
    "coach.tech.column": {"ru": "удар по ударной колонке", "en": "a shot at a striking column"},
    "coach.tech.breakthrough": {"ru": "прорыв", "en": "a breakthrough"},
    "coach.tech.breakthrough.left": {"ru": "прорыв по левому флангу",
                                     "en": "a breakthrough on the left flank"},
    "coach.tech.breakthrough.centre": {"ru": "прорыв по центру",
                                       "en": "a breakthrough in the centre"},
    "coach.tech.breakthrough.right": {"ru": "прорыв по правому флангу",
                                      "en": "a breakthrough on the right flank"},
    "coach.tech.opposition": {"ru": "столбняк", "en": "an opposition of kings (столбняк)"},
    "coach.tech.barrier": {"ru": "заставу", "en": "a king's barrier (застава)"},
    "coach.tech.loop": {"ru": "петлю", "en": "a loop that traps the king (петля)"},
    "coach.tech.blocking": {"ru": "запирание", "en": "a blocking (запирание)"},
    "coach.tech.exchange": {"ru": "размен с выигрышем", "en": "a winning exchange"},
    # combinations
    "coach.missed": {"ru": "{who} пропустили {technique}: {move}!",
                     "en": "{who} missed {technique}: {move}!"},
    "coach.walked_into": {"ru": "Этот ход допустил у соперника {technique}: {move}!",
                          "en": "This move allowed the opponent {technique}: {move}!"},
    "coach.advice": {"ru": "Здесь есть {technique}: {move}!",
                     "en": "There is {technique} here: {move}!"},
    # the opening principles, broken at a cost
    "coach.broken.edge": {
        "ru": "Шашка ушла на край без нужды ({move}, −{cost}): в начале партии держите центр. "
              "Лучше {better}.",
        "en": "A man sent to the edge without need ({move}, −{cost}): in the opening, hold the "
              "centre. Better {better}."},
    "coach.broken.king-row": {
        "ru": "Дамочное поле открыто без нужды ({move}, −{cost}): такие ходы часто ведут к "
              "комбинациям соперника. Лучше {better}.",
        "en": "A king-row square opened without need ({move}, −{cost}): it often lets the "
              "opponent combine. Better {better}."},
    "coach.broken.left-flank": {
        "ru": "Левый фланг не развит ({move}, −{cost}): в начале партии развивайте шашки "
              "левого фланга. Лучше {better}.",
        "en": "The left flank is left undeveloped ({move}, −{cost}): develop your left flank "
              "first. Better {better}."},
    "coach.broken.crowded": {
        "ru": "Шашки скучились на одном крыле ({move}, −{cost}): распределяйте их равномерно. "
              "Лучше {better}.",
        "en": "The men are crowded on one wing ({move}, −{cost}): keep them spread evenly. "
              "Better {better}."},
    # a principle broken for a good reason
    "coach.justified.edge": {
        "ru": "Ход на край {move} здесь верен: компьютер ставит его среди лучших.",
        "en": "The edge move {move} was right here: the computer rates it among the best."},
    "coach.justified.king-row": {
        "ru": "Ход {move} с дамочного поля здесь оправдан: компьютер ставит его среди лучших.",
        "en": "Moving off the king row, {move}, was right here: the computer rates it among "
              "the best."},
    "coach.justified.left-flank": {
        "ru": "Ход {move} на правом фланге здесь верен, хотя левый фланг ещё не развит.",
        "en": "{move} on the right flank was right here, though the left flank is not "
              "developed yet."},
    "coach.justified.crowded": {
        "ru": "Ход {move} сгущает шашки на одном крыле, но здесь он верен.",
        "en": "{move} crowds the men on one wing, but here it was right."},
    # with the advice: the advised move breaks a principle, for a reason
    "coach.advice.edge": {"ru": "Совет: {move} — ход на край, но здесь он лучший.",
                          "en": "Advice: {move}, to the edge, but here it is the best."},
    "coach.advice.king-row": {"ru": "Совет: {move} — с дамочного поля, но здесь это лучший ход.",
                              "en": "Advice: {move}, off the king row, but here it is the best."},
    "coach.advice.left-flank": {
        "ru": "Совет: {move} — на правом фланге, но здесь он лучший.",
        "en": "Advice: {move}, on the right flank, but here it is the best."},
    "coach.advice.crowded": {"ru": "Совет: {move} — шашки теснее на одном крыле, но здесь "
                                   "это лучший ход.",
                             "en": "Advice: {move} crowds one wing, but here it is the best."},
    # the setting
    "settings.coach": {"ru": "Тренер", "en": "The coach"},
    "settings.coach.all": {"ru": "Всё", "en": "All"},
    "settings.coach.combinations": {"ru": "Комбинации", "en": "Combinations"},
    "settings.coach.help.all": {"ru": "Приёмы и принципы дебюта",
                                "en": "Techniques and opening principles"},
    "settings.coach.help.combinations": {"ru": "Только комбинации",
                                         "en": "Combinations only"},
    "settings.coach.help.off": {"ru": "Тренер молчит", "en": "The coach says nothing"},
}
