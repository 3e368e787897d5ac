"""Strings of the board scenes: setup, play, the side panel, the end of a game."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # whose turn
    "board.turn.white": {"ru": "Ход белых", "en": "White to move"},
    "board.turn.black": {"ru": "Ход чёрных", "en": "Black to move"},
    "board.capture_required": {
        "ru": "Бить обязательно: выберите шашку, которая бьёт",
        "en": "Capture is compulsory: pick a piece that captures",
    },
    "board.help": {
        "ru": "Щёлкните шашку, затем поле — или перетащите её",
        "en": "Click a piece, then a square, or drag it there",
    },
    "board.help.apokachi": {
        "ru": "Щёлкните фишку, затем соседний пункт — или перетащите её",
        "en": "Click a piece, then the next point along a line, or drag it there",
    },
    "board.thinking": {"ru": "Компьютер думает…", "en": "The computer is thinking…"},
    "board.thinking.program": {"ru": "Программа думает…", "en": "The program is thinking…"},
    "board.thinking.depth": {"ru": "Компьютер думает… глубина {depth}",
                             "en": "The computer is thinking… depth {depth}"},
    "board.advice": {"ru": "Совет", "en": "Advice"},
    "board.tip.advice": {"ru": "Лучший ход по мнению компьютера — {shortcut}",
                         "en": "The computer's best move: {shortcut}"},
    "board.hint.thinking": {"ru": "Компьютер ищет ход…", "en": "The computer is looking…"},
    "board.hint.move": {"ru": "Совет компьютера: {move}", "en": "The computer suggests {move}"},
    "board.analysis.progress": {"ru": "Анализ партии: {done} из {total}",
                                "en": "Analysing the game: {done} of {total}"},
    "board.analysis.score": {"ru": "Оценка {score}", "en": "Score {score}"},
    "board.analysis.best": {"ru": "лучше: {line}", "en": "best: {line}"},
    "board.analysis.mistake": {"ru": "Ошибка (−{lost})!", "en": "A mistake (−{lost})!"},
    # when the computer's worker process stops (killed, out of memory)
    "board.worker.restarted": {
        "ru": "Процесс компьютера остановился — запущен новый, он думает заново",
        "en": "The computer's process stopped: a new one is thinking again",
    },
    "board.worker.fallback": {
        "ru": "Процесс компьютера снова остановился — сделан быстрый ход попроще",
        "en": "The computer's process stopped again: it played a quick, simpler move",
    },
    # a DXP program (Kingsrow, Scan, Dam...) in a seat of an International game
    "board.dxp.chat": {"ru": "{name}: {text}", "en": "{name}: {text}"},
    "board.dxp.lost": {
        "ru": "Связь с программой прервалась ({reason}) — она больше не ходит, партия "
              "остановлена",
        "en": "The link to the program broke ({reason}): it plays no more, the game is stopped",
    },
    "board.dxp.refused": {
        "ru": "Программа не согласилась на партию (код {code})",
        "en": "The program did not accept the game (code {code})",
    },
    "board.dxp.draw": {
        "ru": "{name} закончила партию и предлагает ничью",
        "en": "{name} ended the game and offers a draw",
    },
    "board.dxp.ended": {
        "ru": "{name} закончила партию — она больше не ходит",
        "en": "{name} ended the game: it plays no more",
    },
    "board.advice.fallback": {
        "ru": "Процесс компьютера снова остановился — совет дан по беглому взгляду",
        "en": "The computer's process stopped again: this advice is from a quick look",
    },
    "board.analysis.restarted": {
        "ru": "Процесс анализа остановился — запущен новый",
        "en": "The analysis process stopped: a new one carries on",
    },
    "board.analysis.shallow": {
        "ru": "Процесс анализа останавливается — остаток партии оценён неглубоко",
        "en": "The analysis process keeps stopping: the rest is judged at a shallow depth",
    },
    "board.choose_route": {
        "ru": "Сюда ведут разные пути боя: щёлкните поле на нужном пути",
        "en": "Several captures end here: click a square on the route you want",
    },
    "board.end_withdrawn": {
        "ru": "Конец партии отменён — играем дальше",
        "en": "The ending is taken back: play on",
    },
    # why a click did not make a move
    "board.why.capture": {"ru": "Бить обязательно", "en": "Capture is compulsory"},
    "board.why.most": {
        "ru": "Бить нужно наибольшее число шашек",
        "en": "Take the most pieces",
    },
    "board.why.continue": {
        "ru": "Бой не окончен: встаньте туда, откуда можно бить дальше",
        "en": "The capture goes on: land where it can continue",
    },
    "board.why.forward": {
        "ru": "Простая шашка ходит только вперёд",
        "en": "A man moves forward only",
    },
    "board.why.dark": {
        "ru": "Шашки ходят только по тёмным полям",
        "en": "Pieces move on the dark squares only",
    },
    "board.why.turn.white": {"ru": "Сейчас ход белых", "en": "It is White's move"},
    "board.why.turn.black": {"ru": "Сейчас ход чёрных", "en": "It is Black's move"},
    "board.why.stuck": {"ru": "Этой шашке некуда ходить", "en": "This piece cannot move"},
    "board.why.cannot_go": {
        "ru": "Сюда эта шашка пойти не может",
        "en": "This piece cannot go there",
    },
    "board.why.taken": {"ru": "Эта точка занята", "en": "That point is taken"},
    "board.why.one_step": {
        "ru": "Ход — на одну точку по линии: вверх, вниз, влево или вправо",
        "en": "One step along a line: up, down, left or right",
    },
    "board.why.over": {"ru": "Партия окончена", "en": "The game is over"},
    "board.why.wait": {"ru": "Сейчас ход соперника", "en": "It is the other side's move"},
    "board.why.no_piece": {"ru": "Выберите свою шашку", "en": "Pick one of your pieces"},
    "board.why.not_yours": {"ru": "Это шашка соперника", "en": "That is the other side's piece"},
    "board.why.game_over": {"ru": "Партия окончена", "en": "The game is over"},
    "board.draw_declined": {"ru": "Ничья отклонена — играем дальше",
                            "en": "The draw is declined: play on"},
    "board.why.pick": {"ru": "Выберите свою шашку", "en": "Pick one of your pieces"},
    "board.why.review": {
        "ru": "Это просмотр: ← и → листают ходы",
        "en": "Reviewing: ← and → step through the moves",
    },
    "board.why.nothing_to_undo": {"ru": "Отменять нечего", "en": "Nothing to take back"},
    "board.why.nothing_to_redo": {"ru": "Возвращать нечего", "en": "Nothing to replay"},
    "board.why.time_up": {
        "ru": "Время вышло — партию не продолжить",
        "en": "Time is up: the game cannot go on",
    },
    "board.why.no_draw_yet": {
        "ru": "Ничью можно предложить после {moves}-го хода",
        "en": "A draw may be offered after move {moves}",
    },
    # side panel
    "board.pieces": {"ru": "Шашки на доске", "en": "Pieces on the board"},
    "board.kings": {"ru": "дамок: {n}", "en": "kings: {n}"},
    "board.moves_count": {"ru": "Ходов: {played} из {limit}", "en": "Moves: {played} of {limit}"},
    "board.timer": {"ru": "Время: {time}", "en": "Time left: {time}"},
    "board.timer_waiting": {
        "ru": "Время {time} — часы пойдут с первым ходом",
        "en": "Time {time}: the clock starts with the first move",
    },
    "board.moves_title": {"ru": "Ходы", "en": "Moves"},
    "board.review": {"ru": "Просмотр: {ply} из {total}", "en": "Review: {ply} of {total}"},
    "board.counter.kings_only_moves": {
        "ru": "Ходы одними дамками: {count} из {limit}",
        "en": "King moves: {count} of {limit}",
    },
    "board.counter.endgame_16_moves": {
        "ru": "Против одинокой дамки: {count} из {limit}",
        "en": "Against a lone king: {count} of {limit}",
    },
    "board.counter.endgame_5_moves": {
        "ru": "Против одинокой дамки: {count} из {limit}",
        "en": "Against a lone king: {count} of {limit}",
    },
    "board.counter.king_vs_king": {
        "ru": "Дамка против дамки: {count} из {limit}",
        "en": "King against king: {count} of {limit}",
    },
    "board.counter.three_kings_vs_king": {
        "ru": "Три дамки против одной: {count} из {limit}",
        "en": "Three kings against one: {count} of {limit}",
    },
    "board.counter.main_road": {
        "ru": "Дамка на большой дороге: {count} из {limit}",
        "en": "Lone king on the main road: {count} of {limit}",
    },
    "board.counter.balance_unchanged": {
        "ru": "Силы не меняются: {count} из {limit}",
        "en": "Balance unchanged: {count} of {limit}",
    },
    # actions (buttons say what they do; tips give the key)
    "board.undo": {"ru": "Отменить", "en": "Take back"},
    "board.redo": {"ru": "Вернуть", "en": "Replay"},
    "board.flip": {"ru": "Поворот", "en": "Flip board"},
    # not "Ходы": the move list's heading is that
    "board.hints": {"ru": "Подсказка", "en": "Hints"},
    "board.numbers": {"ru": "Номера", "en": "Numbers"},
    "board.draw": {"ru": "Ничья", "en": "Draw"},
    "board.resign": {"ru": "Сдаться", "en": "Resign"},
    "board.new": {"ru": "Новая партия", "en": "New game"},
    "board.menu": {"ru": "В меню", "en": "Menu"},
    "board.first": {"ru": "|◀", "en": "|◀"},
    "board.back": {"ru": "◀", "en": "◀"},
    "board.forward": {"ru": "▶", "en": "▶"},
    "board.last": {"ru": "▶|", "en": "▶|"},
    "board.result": {"ru": "Итог партии", "en": "Show result"},
    "board.tip.undo": {
        "ru": "Отменить последний ход — Ctrl+{shortcut} или Backspace",
        "en": "Take back the last move: Ctrl+{shortcut} or Backspace",
    },
    "board.tip.redo": {
        "ru": "Вернуть отменённый ход — Ctrl+{shortcut}",
        "en": "Replay the move taken back: Ctrl+{shortcut}",
    },
    "board.tip.flip": {"ru": "Повернуть доску — {shortcut}", "en": "Turn the board round: {shortcut}"},
    "board.tip.hints": {
        "ru": "Показать шашки, которые могут ходить — {shortcut}",
        "en": "Mark the pieces that can move: {shortcut}",
    },
    "board.tip.numbers": {"ru": "Номера полей 1–50 — {shortcut}", "en": "Square numbers 1–50: {shortcut}"},
    "board.tip.draw": {"ru": "Предложить ничью — {shortcut}", "en": "Offer a draw: {shortcut}"},
    "board.tip.resign": {"ru": "Сдать партию — {shortcut}", "en": "Give up the game: {shortcut}"},
    "board.tip.new": {"ru": "Новая партия — Ctrl+{shortcut}", "en": "A new game: Ctrl+{shortcut}"},
    "board.tip.menu": {"ru": "Выйти в меню — Esc", "en": "Back to the menu: Esc"},
    "board.tip.first": {"ru": "К началу партии — Home", "en": "To the start: Home"},
    "board.tip.back": {"ru": "Ход назад — ←", "en": "One move back: ←"},
    "board.tip.forward": {"ru": "Ход вперёд — →", "en": "One move on: →"},
    "board.tip.last": {"ru": "К концу партии — End", "en": "To the end: End"},
    "board.tip.result": {"ru": "Снова показать итог — Enter", "en": "Show the result again: Enter"},
    # questions
    # the game is kept (Continue goes on with it): the question says so, not "break it off"
    "board.ask.menu": {"ru": "Выйти в меню? Партия сохранится, её можно продолжить",
                       "en": "Go to the menu? The game is kept for later"},
    "board.ask.menu.yes": {"ru": "Выйти", "en": "Leave"},
    "board.ask.new": {"ru": "Бросить эту партию и начать новую?", "en": "Drop this game and start a new one?"},
    "board.ask.new.yes": {"ru": "Начать", "en": "Start"},
    "board.ask.resign.white": {"ru": "Белые сдаются?", "en": "Does White resign?"},
    "board.ask.resign.black": {"ru": "Чёрные сдаются?", "en": "Does Black resign?"},
    "board.ask.resign.yes": {"ru": "Сдаться", "en": "Resign"},
    "board.ask.draw.white": {
        "ru": "Белые предлагают ничью. Чёрные, согласны?",
        "en": "White offers a draw. Black, do you accept?",
    },
    "board.ask.draw.black": {
        "ru": "Чёрные предлагают ничью. Белые, согласны?",
        "en": "Black offers a draw. White, do you accept?",
    },
    "board.ask.draw.yes": {"ru": "Согласиться", "en": "Accept"},
    "board.ask.draw.no": {"ru": "Отказаться", "en": "Decline"},
    # the end of a game
    "board.end.white_wins": {"ru": "Победили белые", "en": "White wins"},
    "board.end.black_wins": {"ru": "Победили чёрные", "en": "Black wins"},
    "board.end.draw": {"ru": "Ничья", "en": "Draw"},
    "board.end.no_moves.white": {"ru": "Белым некуда ходить", "en": "White cannot move"},
    "board.end.no_moves.black": {"ru": "Чёрным некуда ходить", "en": "Black cannot move"},
    "board.end.no_pieces.white": {
        "ru": "У белых не осталось шашек", "en": "White has no pieces left"},
    "board.end.no_pieces.black": {
        "ru": "У чёрных не осталось шашек", "en": "Black has no pieces left"},
    "board.end.repetition": {
        "ru": "Ничья: та же позиция в третий раз",
        "en": "Draw: the same position for the third time",
    },
    "board.end.agreement": {"ru": "Ничья по соглашению", "en": "Draw by agreement"},
    "board.end.resignation.white": {"ru": "Белые сдались", "en": "White resigned"},
    "board.end.resignation.black": {"ru": "Чёрные сдались", "en": "Black resigned"},
    "board.end.move_limit": {
        "ru": "Предел ходов: белые {white} – чёрные {black}",
        "en": "Move limit: White {white} – Black {black}",
    },
    "board.end.kings_only_moves": {
        "ru": "Ничья: {moves} ходов одними дамками",
        "en": "Draw: {moves} moves with kings only",
    },
    "board.end.endgame_16_moves": {
        "ru": "Ничья: 16 ходов против одинокой дамки",
        "en": "Draw: 16 moves against a lone king",
    },
    "board.end.endgame_5_moves": {
        "ru": "Ничья: 5 ходов против одинокой дамки",
        "en": "Draw: 5 moves against a lone king",
    },
    "board.end.king_vs_king": {
        "ru": "Ничья: дамка против дамки", "en": "Draw: a lone king each"},
    "board.end.three_kings_vs_king": {
        "ru": "Ничья: три дамки не поймали одну за 15 ходов",
        "en": "Draw: three kings did not catch the lone king in 15 moves",
    },
    "board.end.main_road": {
        "ru": "Ничья: одинокая дамка держит большую дорогу",
        "en": "Draw: the lone king holds the main road",
    },
    "board.end.balance_unchanged": {
        "ru": "Ничья: соотношение сил не менялось",
        "en": "Draw: the balance of forces did not change",
    },
    "board.end.counted.no_pieces": {
        "ru": "Шашек не осталось: белые {white} – чёрные {black}",
        "en": "No pieces left: White {white} – Black {black}",
    },
    "board.end.counted.no_captures_possible": {
        "ru": "Рубить больше некому: белые {white} – чёрные {black}",
        "en": "Nobody can capture any more: White {white} – Black {black}",
    },
    "board.end.counted.no_moves.white": {
        "ru": "Белые заперты: белые {white} – чёрные {black}",
        "en": "White is blocked: White {white} – Black {black}",
    },
    "board.end.counted.no_moves.black": {
        "ru": "Чёрные заперты: белые {white} – чёрные {black}",
        "en": "Black is blocked: White {white} – Black {black}",
    },
    "board.end.counted.timer": {
        "ru": "Время вышло: белые {white} – чёрные {black}",
        "en": "Time is up: White {white} – Black {black}",
    },
    "board.end.counted.threefold_repetition": {
        "ru": "Позиция в третий раз: белые {white} – чёрные {black}",
        "en": "Same position a third time: White {white} – Black {black}",
    },
    "board.end.played": {"ru": "Ходов в партии: {moves}", "en": "Moves played: {moves}"},
    "board.end.review": {"ru": "Просмотреть ходы", "en": "Review the moves"},
    # the setup screen
    "setup.subtitle": {"ru": "Новая партия", "en": "New game"},
    "setup.start": {"ru": "Начать партию", "en": "Start the game"},
    "setup.hint": {
        "ru": "Enter — начать, ↑↓ и ←→ — выбор, Esc — назад",
        "en": "Enter to start, ↑↓ and ←→ to choose, Esc to go back",
    },
    "setup.none": {"ru": "Нет", "en": "None"},
    "setup.tournament": {"ru": "Турнирные ничьи", "en": "Tournament draws"},
    "setup.tournament.help": {
        "ru": "Ничья: долго ходят одни дамки или мало сил",
        "en": "Draws: kings alone for long, too little to win",
    },
    "setup.draw_offer": {"ru": "Ничья по согласию", "en": "Draw offers"},
    "setup.draw_offer.any": {"ru": "Всегда", "en": "Any time"},
    "setup.draw_offer.after": {"ru": "После {moves}-го хода", "en": "After move {moves}"},
    "setup.draw_offer.help": {
        "ru": "Когда можно предложить ничью",
        "en": "When a draw may be offered",
    },
    "setup.move_limit": {"ru": "Предел ходов", "en": "Move limit"},
    "setup.move_limit.help": {
        "ru": "На пределе побеждает тот, у кого больше шашек",
        "en": "At the limit more pieces win, then more kings",
    },
    "setup.apokachi.move_limit.help": {
        "ru": "Ходов у каждого; на пределе считают шашки",
        "en": "Moves each; then the pieces are counted",
    },
    "setup.size": {"ru": "Размер доски", "en": "Board size"},
    "setup.size.help": {
        "ru": "{n}×{n} точек, по {n} шашек у каждого",
        "en": "{n}×{n} points, {n} pieces each",
    },
    "setup.size.small": {"ru": "малая доска", "en": "the small board"},
    "setup.size.standard": {"ru": "стандартная доска", "en": "the standard board"},
    "setup.timer": {"ru": "Время на партию", "en": "Game timer"},
    "setup.timer.help": {
        "ru": "Часы на всю партию; потом считают шашки",
        "en": "One clock for the game; then pieces are counted",
    },
    "setup.minutes": {"ru": "{n} мин", "en": "{n} min"},
    "setup.play_as": {"ru": "Вы играете", "en": "You play"},
    "setup.play_as.white": {"ru": "Белыми", "en": "White"},
    "setup.play_as.black": {"ru": "Чёрными", "en": "Black"},
    "setup.play_as.random": {"ru": "Жребий", "en": "At random"},
    "setup.play_as.two": {"ru": "Вдвоём", "en": "Two people"},
    "setup.play_as.watch": {"ru": "Смотреть", "en": "Watch"},
    "setup.play_as.white.help": {"ru": "Против компьютера; ваш ход первый",
                                 "en": "Against the computer; you move first"},
    "setup.play_as.black.help": {"ru": "Против компьютера; он ходит первым",
                                 "en": "Against the computer; it moves first"},
    "setup.play_as.random.help": {"ru": "Против компьютера; цвет по жребию",
                                  "en": "Against the computer; colours by lot"},
    "setup.play_as.two.help": {"ru": "Двое за одним компьютером",
                               "en": "Two people at one computer"},
    "setup.play_as.watch.help": {"ru": "Компьютер играет сам с собой",
                                 "en": "The computer plays both sides"},
    "setup.level": {"ru": "Уровень компьютера", "en": "Computer level"},
    "setup.level.help": {"ru": "1 — новичок, 8 — в полную силу",
                         "en": "1 a beginner, 8 at full strength"},
    "setup.level.help.none": {"ru": "Не нужен, когда играют двое",
                              "en": "Not needed when two people play"},
    "setup.clock": {"ru": "Часы", "en": "Clock"},
    "setup.clock.help": {"ru": "Минуты на партию + секунды за ход",
                         "en": "Minutes a game + seconds a move"},
    "setup.clock.help.none": {"ru": "Играем без часов", "en": "No clock"},
    "board.end.time_forfeit.white": {"ru": "У белых упал флажок",
                                     "en": "White's flag fell"},
    "board.end.time_forfeit.black": {"ru": "У чёрных упал флажок",
                                     "en": "Black's flag fell"},
    "board.end.time_forfeit.draw": {"ru": "Флажок упал, но выиграть соперник уже не мог",
                                    "en": "A flag fell, but the other side could no longer win"},
    "setup.flip": {"ru": "Поворот доски", "en": "Turn the board"},
    "setup.flip.help": {
        "ru": "Доска поворачивается к тому, чей ход",
        "en": "The board turns to the player to move",
    },
}
