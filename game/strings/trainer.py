"""Strings of the combinations trainer: its choice of game and technique, its panel, what
happened to a move, and what became of the progress file."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "menu.trainer": {"ru": "Тренажёр комбинаций", "en": "Combinations trainer"},
    "trainer.title": {"ru": "Тренажёр комбинаций", "en": "Combinations trainer"},
    "trainer.mixed": {"ru": "Все приёмы вперемешку", "en": "Mixed techniques"},
    # a technique's count of puzzles ("1 задача", "3 задачи", "5 задач"), and how many solved
    "trainer.count.one": {"ru": "{n} задача, решено {solved}", "en": "{n} puzzle, {solved} solved"},
    "trainer.count.few": {"ru": "{n} задачи, решено {solved}",
                          "en": "{n} puzzles, {solved} solved"},
    "trainer.count.many": {"ru": "{n} задач, решено {solved}", "en": "{n} puzzles, {solved} solved"},
    "trainer.none": {"ru": "Задач для этой игры пока нет.",
                     "en": "There are no puzzles for this game yet."},
    "trainer.broken": {"ru": "Сборник задач не читается: {why}",
                       "en": "The puzzle collection cannot be read: {why}"},
    "trainer.choose.hint": {"ru": "Стрелки — выбор, Enter — начать, Esc — назад",
                            "en": "Arrows choose, Enter starts, Esc goes back"},
    "trainer.rating": {"ru": "Ваш рейтинг {rating}", "en": "Your rating {rating}"},
    # while the rating is still finding the person's level (its steps are wider)
    "trainer.rating.provisional": {"ru": "Ваш рейтинг {rating}, предварительный",
                                   "en": "Your rating {rating}, provisional"},
    "trainer.puzzle": {"ru": "Сложность задачи {rating}", "en": "Puzzle difficulty {rating}"},
    # what a hint or the solution costs, said before either is taken ("88 очков рейтинга")
    "trainer.cost.one": {"ru": "Подсказка (H) или решение (S) стоит {n} очко рейтинга: задача "
                               "не засчитается",
                         "en": "A hint (H) or the solution (S) costs {n} rating point: the "
                               "puzzle counts as missed"},
    "trainer.cost.few": {"ru": "Подсказка (H) или решение (S) стоит {n} очка рейтинга: задача "
                               "не засчитается",
                         "en": "A hint (H) or the solution (S) costs {n} rating points: the "
                               "puzzle counts as missed"},
    "trainer.cost.many": {"ru": "Подсказка (H) или решение (S) стоит {n} очков рейтинга: "
                                "задача не засчитается",
                          "en": "A hint (H) or the solution (S) costs {n} rating points: the "
                                "puzzle counts as missed"},
    # once the puzzle counts as missed (a wrong move, or help taken)
    "trainer.cost.none": {"ru": "Подсказка (H) и решение (S) теперь бесплатны",
                          "en": "Hint (H) and solution (S) are free now"},
    "trainer.streak": {"ru": "Серия: {current} (лучшая {best})",
                       "en": "Streak: {current} (best {best})"},
    "trainer.to_play.white": {"ru": "Белые начинают и выигрывают",
                              "en": "White to play and win"},
    "trainer.to_play.black": {"ru": "Чёрные начинают и выигрывают",
                              "en": "Black to play and win"},
    # a save: a position where one move alone holds (never shown as a win)
    "trainer.to_play.white.save": {"ru": "Белые начинают: найдите единственную защиту",
                                   "en": "White to play: find the only defence"},
    "trainer.to_play.black.save": {"ru": "Чёрные начинают: найдите единственную защиту",
                                   "en": "Black to play: find the only defence"},
    "trainer.saves": {"ru": "Единственная защита", "en": "The only defence"},
    "trainer.technique": {"ru": "Приём: {name}", "en": "Technique: {name}"},
    "trainer.technique.later": {"ru": "Приём будет назван после решения",
                                "en": "The technique is named once it is solved"},
    "trainer.technique.unnamed": {"ru": "без названия", "en": "unnamed"},
    "trainer.your_move": {"ru": "Ваш ход", "en": "Your move"},
    "trainer.right": {"ru": "Верно!", "en": "Right!"},
    "trainer.wrong": {"ru": "Не этот ход", "en": "Not this move"},
    "trainer.wrong.looking": {"ru": "Ваш ход {move}: ищем ответ соперника…",
                              "en": "Your move {move}: looking for the opponent's answer…"},
    # the opponent's refutation of the person's wrong move (not the solution): its first move
    "trainer.wrong.loses": {"ru": "Ваш ход {move} проигрывает: соперник отвечает {line}",
                            "en": "Your move {move} loses: the opponent answers {line}"},
    "trainer.wrong.misses": {"ru": "Ваш ход {move} упускает комбинацию: соперник отвечает "
                                   "{line}",
                             "en": "Your move {move} misses the combination: the opponent "
                                   "answers {line}"},
    # the rest of the refutation's line after the opponent's answer (both sides' moves)
    "trainer.wrong.then": {"ru": "; дальше {line}", "en": "; then {line}"},
    "trainer.wrong.plain": {"ru": "Ваш ход {move} не решает задачу",
                            "en": "Your move {move} does not solve the puzzle"},
    "trainer.again": {"ru": "Попробуйте ещё раз", "en": "Try again"},
    "trainer.solved": {"ru": "Решено!", "en": "Solved!"},
    "trainer.solved.helped": {"ru": "Решено, но с помощью", "en": "Solved, with help"},
    "trainer.solved.save": {"ru": "Защита найдена!", "en": "The defence holds!"},
    "trainer.shown": {"ru": "Решение показано", "en": "The solution is shown"},
    "trainer.hint.piece": {"ru": "Ходит шашка на {square}",
                           "en": "Move the piece on {square}"},
    "trainer.change": {"ru": "Рейтинг {before} → {after}", "en": "Rating {before} → {after}"},
    "trainer.next.hint": {"ru": "N или «Следующая» — новая задача",
                          "en": "N or Next for another puzzle"},
    "trainer.hint": {"ru": "Подсказка", "en": "Hint"},
    "trainer.solution": {"ru": "Решение", "en": "Solution"},
    "trainer.next": {"ru": "Следующая", "en": "Next"},
    "trainer.keys": {"ru": "H — подсказка, S — решение, N — следующая, Esc — назад",
                     "en": "H hint, S solution, N next, Esc back"},
    "trainer.help": {"ru": "Щёлкните шашку, затем поле (или стрелки и Enter)",
                     "en": "Click a piece, then a square (or arrows and Enter)"},
    "trainer.wait": {"ru": "Подождите, ход ещё показывается", "en": "Wait: a move is shown"},
    "trainer.progress.damaged": {
        "ru": "Файл успехов в задачах повреждён ({why}) и отложен как {name}; начат новый",
        "en": "The puzzle progress file was damaged ({why}) and kept aside as {name}; a "
              "fresh one is started",
    },
    "trainer.progress.dropped": {
        "ru": "В файле успехов были повреждённые записи ({count}): они отброшены, "
              "остальное цело",
        "en": "The progress file had damaged records ({count}): they were dropped, the rest "
              "is kept",
    },
    "trainer.progress.unreadable": {"ru": "не читается как JSON",
                                    "en": "it cannot be read as JSON"},
    "trainer.progress.stuck": {
        "ru": "Файл успехов повреждён и не отложен ({why}): успехи не сохраняются",
        "en": "The progress file is damaged and could not be put aside ({why}): progress "
              "is not saved",
    },
    "trainer.progress.unwritable": {"ru": "Успехи не сохранены: {why}",
                                    "en": "Progress not saved: {why}"},
}
