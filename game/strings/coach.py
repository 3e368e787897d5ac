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
    # a piece left where the opponent takes it at once, for nothing
    "coach.hanging.one": {"ru": "Этот ход оставил шашку под боем: {move}.",
                          "en": "This move left a piece to be taken: {move}."},
    "coach.hanging.more": {"ru": "Этот ход оставил шашки под боем: {move}.",
                           "en": "This move left pieces to be taken: {move}."},
    # under a comment that names a technique: its page, and its puzzles in the trainer
    "coach.link.page": {"ru": "Об этом приёме", "en": "About this"},
    "coach.link.practise": {"ru": "Решать задачи", "en": "Practise"},
    "coach.tip.page": {"ru": "Страница приёма в правилах — {shortcut}",
                       "en": "This technique's page in the rules: {shortcut}"},
    "coach.tip.practise": {"ru": "Задачи на этот приём в тренажёре",
                           "en": "Puzzles with this technique in the trainer"},
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
    # the same, in a few words after a combination comment on the same move
    "coach.also.edge": {"ru": "К тому же шашка ушла на край: в начале партии держите центр.",
                        "en": "It also sent a man to the edge: in the opening, hold the "
                              "centre."},
    "coach.also.king-row": {"ru": "К тому же открыто дамочное поле: без нужды это часто "
                                  "даёт сопернику комбинацию.",
                            "en": "It also opened the king row: without need, that often "
                                  "gives the opponent a combination."},
    "coach.also.left-flank": {"ru": "К тому же левый фланг не развит: развивайте его первым.",
                              "en": "It also left the left flank undeveloped: develop it "
                                    "first."},
    "coach.also.crowded": {"ru": "К тому же шашки скучились на одном крыле: распределяйте их "
                                 "равномерно.",
                           "en": "It also crowded the men on one wing: keep them spread."},
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
    # the technique pages of the rules screen
    "rules.techniques": {"ru": "Приёмы", "en": "Techniques"},
    "techpage.hint": {"ru": "↑↓ — другой приём, Enter — решать задачи",
                      "en": "↑↓ for another technique, Enter to practise"},
    "techpage.practise": {"ru": "Решать задачи", "en": "Practise this"},
    "techpage.none": {"ru": "Задач с этим приёмом в сборнике пока нет.",
                      "en": "The collection has no puzzle of this technique yet."},
    "techpage.damaged": {"ru": "Сборник задач не читается: {why}",
                         "en": "The puzzle collection cannot be read: {why}"},
    "techpage.white": {"ru": "Белые начинают и выигрывают", "en": "White to play and win"},
    "techpage.black": {"ru": "Чёрные начинают и выигрывают", "en": "Black to play and win"},
    "techpage.move": {"ru": "Ход {n} из {total}: {move}", "en": "Move {n} of {total}: {move}"},
    "techpage.end": {"ru": "Итог комбинации", "en": "Where the combination ends"},
    "techpage.sacrifice.title": {"ru": "Жертва", "en": "The sacrifice"},
    "techpage.sacrifice.text": {
        "ru": "Шашку (иногда две и больше) отдают под бой нарочно. Бить обязательно, и "
              "шашки соперника встают туда, куда нужно вам: ответный удар возвращает больше, "
              "чем отдано, или открывает путь в дамки.",
        "en": "A man, sometimes two or more, is given up on purpose. Capturing is compulsory, "
              "so the opponent's pieces land where you want them: your answer takes back more "
              "than you gave, or opens the way to the king row."},
    "techpage.one-for-two.title": {"ru": "Отдай одну — возьми две",
                                   "en": "Give one, take two"},
    "techpage.one-for-two.text": {
        "ru": "Самая простая комбинация. Отдайте шашку так, чтобы бьющая шашка соперника "
              "остановилась под вашим ударом, и возьмите две. Ищите её, когда шашки "
              "соперника стоят через поле друг от друга.",
        "en": "The simplest combination. Give a man so that the capturing piece stops where "
              "your answer takes two. Look for it when the opponent's men stand with an empty "
              "square between them."},
    "techpage.column.title": {"ru": "Ударная колонка", "en": "The striking column"},
    "techpage.column.text": {
        "ru": "Две-три шашки стоят одна за другой на одной диагонали. Переднюю отдают, "
              "соперник бьёт, и задняя шашка колонки бьёт в ответ — часто сразу несколько "
              "шашек.",
        "en": "Two or three men stand one behind another on a diagonal. The front one is "
              "given, the opponent takes it, and the man behind strikes back, often taking "
              "several pieces at once."},
    "techpage.breakthrough.title": {"ru": "Прорыв", "en": "The breakthrough"},
    "techpage.breakthrough.text": {
        "ru": "Жертвами шашка пробивается сквозь строй соперника в дамки. Прорыв называют по "
              "месту: по левому флангу, по центру, по правому флангу. Новая дамка с лихвой "
              "возвращает отданное.",
        "en": "With sacrifices a man breaks through the opponent's ranks to the king row. A "
              "breakthrough is named by where it happens: on the left flank, in the centre, "
              "on the right flank. The new king soon wins back what was given."},
    "techpage.opposition.title": {"ru": "Столбняк", "en": "Opposition (столбняк)"},
    "techpage.opposition.text": {
        "ru": "Дамки разного цвета стоят друг против друга на концах одной диагонали и "
              "стерегут её. Решает очерёдность хода: кто вынужден уступить диагональ, тот "
              "часто теряет шашки.",
        "en": "Kings of both colours face each other from the two ends of one diagonal and "
              "guard it. The turn decides: the side that has to give up the diagonal often "
              "loses pieces."},
    "techpage.barrier.title": {"ru": "Застава", "en": "The barrier (застава)"},
    "techpage.barrier.text": {
        "ru": "Приём окончания: дамка занимает диагональ и отсекает по ней группу простых "
              "шашек соперника. Шашки не могут пройти через охраняемые поля и гибнут или "
              "стоят без дела.",
        "en": "An endgame technique: a king holds a diagonal and cuts off a group of the "
              "opponent's men along it. They cannot cross the squares it guards and are lost "
              "or left idle."},
    "techpage.loop.title": {"ru": "Петля", "en": "The loop (петля)"},
    "techpage.loop.text": {
        "ru": "Ловля дамки: её загоняют туда, где каждый её ход попадает под удар. Известна "
              "угловая петля — дамка в углу доски, и две шашки запирают её.",
        "en": "Catching a king: it is driven where every move it has walks into a capture. "
              "The corner loop is the best known: the king in a corner, shut in by two men."},
    "techpage.blocking.title": {"ru": "Запирание", "en": "Blocking (запирание)"},
    "techpage.blocking.text": {
        "ru": "Шашки соперника лишают хода. Кому нечем ходить, тот проигрывает, поэтому "
              "запертая группа — почти выигрыш, даже когда ваших шашек меньше.",
        "en": "The opponent's pieces are left without a move. A side that cannot move loses, "
              "so a group shut in is nearly a win, even with fewer pieces of your own."},
    "techpage.exchange.title": {"ru": "Размен", "en": "The exchange"},
    "techpage.exchange.text": {
        "ru": "С доски снимается поровну шашек с обеих сторон. Размен упрощает игру, "
              "освобождает поля и выводит шашки на удар — с него начинаются многие "
              "комбинации.",
        "en": "As many pieces leave the board on each side. An exchange simplifies the game, "
              "opens squares and brings pieces into striking range: many combinations start "
              "with one."},
}
