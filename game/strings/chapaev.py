"""Strings of the Chapaev scenes: setup, the match, banners, pause, the end of the match;
the kinds of troops, the swamp and the bayonet fight, the replay and each side's hits and
misses."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the sides, in the cases the sentences need (English has one form)
    "chapaev.side.white.nom": {"ru": "белые", "en": "White"},
    "chapaev.side.black.nom": {"ru": "чёрные", "en": "Black"},
    "chapaev.side.white.acc": {"ru": "белых", "en": "White"},
    "chapaev.side.black.acc": {"ru": "чёрных", "en": "Black"},
    "chapaev.side.white.dat": {"ru": "белым", "en": "White"},
    "chapaev.side.black.dat": {"ru": "чёрным", "en": "Black"},
    "chapaev.side.white.plural_short": {"ru": "Белые", "en": "White"},
    "chapaev.side.black.plural_short": {"ru": "Чёрные", "en": "Black"},
    # setup screen
    "chapaev.setup.title": {"ru": "Чапаев: новая партия", "en": "Chapaev: a new match"},
    "chapaev.setup.play_as": {"ru": "Вы играете", "en": "You play"},
    "chapaev.setup.play_as.white": {"ru": "Белыми", "en": "White"},
    "chapaev.setup.play_as.black": {"ru": "Чёрными", "en": "Black"},
    "chapaev.setup.play_as.random": {"ru": "Жребий", "en": "At random"},
    "chapaev.setup.play_as.two": {"ru": "Вдвоём", "en": "Two people"},
    "chapaev.setup.play_as.watch": {"ru": "Смотреть", "en": "Watch"},
    "chapaev.setup.play_as.white.help": {
        "ru": "Против компьютера, белыми: вы бьёте первым",
        "en": "Against the computer, as White: you shoot first"},
    "chapaev.setup.play_as.black.help": {
        "ru": "Против компьютера, чёрными: первым бьёт компьютер",
        "en": "Against the computer, as Black: it shoots first"},
    "chapaev.setup.play_as.random.help": {"ru": "Против компьютера; цвет решит жребий",
                                          "en": "Against the computer; the lot picks your side"},
    "chapaev.setup.play_as.two.help": {"ru": "Двое за одним компьютером, по очереди",
                                       "en": "Two people at one computer, taking turns"},
    "chapaev.setup.play_as.watch.help": {"ru": "Компьютер играет сам с собой",
                                         "en": "The computer plays against itself"},
    "chapaev.setup.level": {"ru": "Уровень компьютера", "en": "Computer level"},
    "chapaev.setup.level.help.none": {"ru": "Не нужен, когда играют двое",
                                      "en": "Not needed when two people play"},
    "chapaev.setup.level.1.help": {"ru": "Новичок: бьёт прямо в шашку, часто мажет, то слабо, "
                                         "то слишком сильно",
                                   "en": "A beginner: shoots straight at a piece, often wide, "
                                         "too soft or too hard"},
    "chapaev.setup.level.2.help": {"ru": "Любитель: видит срезки, но рука ещё дрожит",
                                   "en": "A casual player: sees cuts, but the hand still "
                                         "shakes"},
    "chapaev.setup.level.3.help": {"ru": "Крепкий игрок: видит свояки и выбирает удары, "
                                         "которые ему по руке",
                                   "en": "A solid player: sees combinations and picks shots "
                                         "it can make"},
    "chapaev.setup.level.4.help": {"ru": "Сильный игрок: точная рука, бережёт свои шашки",
                                   "en": "A strong player: a steady hand, keeps its pieces safe"},
    "chapaev.setup.level.5.help": {"ru": "Мастер: почти без промаха и думает на удар вперёд",
                                   "en": "A master: rarely misses, thinks a shot ahead"},
    "chapaev.setup.extra": {"ru": "Добавочный удар", "en": "Extra shot"},
    "chapaev.setup.extra_help": {
        "ru": "Кто сбил хотя бы одну шашку соперника, бьёт ещё раз — если шашка, которой он "
              "бил, устояла на доске; или только если не упала ни одна его шашка; или никогда "
              "(бьют строго по очереди).",
        "en": "Whoever knocks off at least one opponent piece shoots again: if the striking "
              "piece stayed on the board; or only if none of their own pieces fell; or never "
              "(strict turns).",
    },
    "chapaev.setup.extra.striker": {"ru": "Бившая устояла", "en": "Striker stays"},
    "chapaev.setup.extra.all_own": {"ru": "Свои целы", "en": "None of mine lost"},
    "chapaev.setup.extra.never": {"ru": "Никогда", "en": "Never"},
    "chapaev.setup.both": {"ru": "Сбиты обе стороны", "en": "Both sides cleared"},
    "chapaev.setup.both_help": {
        "ru": "Последний удар сбросил последние шашки обеих сторон: раунд ничейный и линии "
              "стоят на месте, или раунд выигрывает сторона, чья шашка упала последней.",
        "en": "The last shot cleared both sides at once: the round is a draw and the lines "
              "stay, or the side whose piece fell last wins the round.",
    },
    "chapaev.setup.both.draw": {"ru": "Ничья", "en": "A draw"},
    "chapaev.setup.both.last": {"ru": "По последней", "en": "Last to fall"},
    "chapaev.setup.prisoners": {"ru": "«В плен»", "en": "Prisoners"},
    "chapaev.setup.prisoners_help": {
        "ru": "Когда включено, вытолкнутый с доски не проигрывает сразу: он отдаёт одну шашку "
              "в плен и играет дальше с тех же линий. Проигрывает, когда его выталкивают с "
              "одной шашкой.",
        "en": "When on, a side pushed off the board does not lose at once: it gives up one "
              "piece as a prisoner and plays on from the same lines. It loses when it is "
              "pushed off with a single piece.",
    },
    "chapaev.setup.off": {"ru": "Выключено", "en": "Off"},
    "chapaev.setup.on": {"ru": "Включено", "en": "On"},
    "chapaev.setup.view": {"ru": "Доска", "en": "Board view"},
    "chapaev.setup.view_help": {
        "ru": "Неподвижная доска: внизу ваши шашки, а когда играют двое — белые. Или доска "
              "поворачивается к тому, кто бьёт, — «земля вертится».",
        "en": "A fixed board with your pieces at the bottom (White when two people play), or "
              "a board that turns to face whoever shoots.",
    },
    "chapaev.setup.view.fixed": {"ru": "Неподвижная", "en": "Fixed"},
    "chapaev.setup.view.turn": {"ru": "К бьющему", "en": "Turns to shooter"},
    "chapaev.setup.aim": {"ru": "Подсказка прицела", "en": "Aiming help"},
    "chapaev.setup.aim_help": {
        "ru": "Полная: стрелка, сила удара и путь шашки до первого касания. Стрелка и сила: "
              "без пути. Без подсказки: только ваша рука.",
        "en": "Full: the arrow, the shot's strength and the striker's path up to its first "
              "contact. Arrow and power: no path. None: just your hand.",
    },
    "chapaev.setup.aim.full": {"ru": "Полная", "en": "Full"},
    "chapaev.setup.aim.arrow": {"ru": "Стрелка и сила", "en": "Arrow and power"},
    "chapaev.setup.aim.none": {"ru": "Без подсказки", "en": "None"},
    # what the chosen value means, under each setup row
    "chapaev.setup.extra.striker.help": {
        "ru": "Сбил шашку соперника, а та, которой бил, устояла на доске, — бьёшь ещё раз",
        "en": "Knock off an enemy piece and keep your striker on the board: shoot again"},
    "chapaev.setup.extra.all_own.help": {
        "ru": "Сбил шашку соперника и не потерял ни одной своей — бьёшь ещё раз",
        "en": "Knock off an enemy piece and lose none of yours: shoot again"},
    "chapaev.setup.extra.never.help": {"ru": "Бьют строго по очереди",
                                       "en": "Strictly one shot each"},
    "chapaev.setup.both.draw.help": {
        "ru": "Последние шашки обеих сторон упали разом: ничья, линии стоят",
        "en": "Both sides' last pieces fall at once: a draw, the lines stay"},
    "chapaev.setup.both.last.help": {
        "ru": "Обе стороны сбиты: раунд за тем, чья шашка упала последней",
        "en": "Both sides cleared: the round goes to the side whose piece fell last"},
    "chapaev.setup.off.help": {"ru": "Вытолкнутый с последней линии проигрывает",
                               "en": "Pushed off the last line: the match is lost"},
    "chapaev.setup.on.help": {
        "ru": "Вытолкнутый отдаёт шашку в плен и играет дальше с меньшим числом",
        "en": "Pushed off: give up a piece as a prisoner and play on with fewer"},
    "chapaev.setup.view.fixed.help": {"ru": "Доска не поворачивается: белые всегда внизу",
                                      "en": "The board never turns: White at the bottom"},
    "chapaev.setup.view.turn.help": {
        "ru": "Доска поворачивается к тому, кто бьёт: внизу его шашки — «земля вертится»",
        "en": "The board turns to face whoever shoots: their pieces at the bottom"},
    "chapaev.setup.aim.full.help": {"ru": "Стрелка, сила удара и путь шашки до первого касания",
                                    "en": "Arrow, strength and the path up to the first contact"},
    "chapaev.setup.aim.arrow.help": {"ru": "Стрелка и сила, без пути",
                                     "en": "Arrow and strength, no path"},
    "chapaev.setup.aim.none.help": {"ru": "Только ваша рука", "en": "Only your hand"},
    "chapaev.setup.troops": {"ru": "Рода войск", "en": "Troops"},
    "chapaev.setup.troops_help": {
        "ru": "Кампания из сражений: каждое играют до тех пор, пока одну сторону не вытолкнут "
              "с последней линии. Войска меняет проигравший сражение (проиграл всеми родами — "
              "проиграл игру) или победитель (первый, кто победил всеми родами, выиграл).",
        "en": "A campaign of battles, each played until a side is pushed off its last line. "
              "The loser of a battle changes troops (lose with every kind and lose the game), "
              "or the winner does (the first to win with every kind wins).",
    },
    "chapaev.setup.troops.off": {"ru": "Нет", "en": "Off"},
    "chapaev.setup.troops.loser": {"ru": "Меняет проигравший", "en": "Loser changes"},
    "chapaev.setup.troops.winner": {"ru": "Меняет победитель", "en": "Winner changes"},
    "chapaev.setup.troops.off.help": {"ru": "Одно сражение обычными шашками",
                                      "en": "One battle with plain pieces"},
    "chapaev.setup.troops.loser.help": {
        "ru": "Проиграл сражение — воюй следующим родом войск; потерял все — проиграл",
        "en": "Lose a battle: fight on with your next kind; lose them all: lose the game"},
    "chapaev.setup.troops.winner.help": {
        "ru": "Выиграл сражение — переходи к следующему роду; победил всеми — выиграл",
        "en": "Win a battle: move on to your next kind; win with every kind: win the game"},
    "chapaev.setup.swamp": {"ru": "Широкая доска", "en": "Wide board"},
    "chapaev.setup.swamp_help": {
        "ru": "На доске с широкой рамкой вытолкнутый с последней линии отступает на «болото» "
              "за ней, а проиграв и там, дерётся в «штыковой»: атакующие лежат поверх его "
              "шашек и выдавливают их нажатием.",
        "en": "On a board with a wide rim, a side pushed off its last line retreats onto the "
              "swamp behind it; losing there too, it fights the bayonet fight: the attackers "
              "lie over its pieces and squeeze them off with a press.",
    },
    "chapaev.setup.swamp.off": {"ru": "Обычная", "en": "Ordinary"},
    "chapaev.setup.swamp.on": {"ru": "С болотом", "en": "With the swamp"},
    "chapaev.setup.swamp.off.help": {"ru": "Обычная доска: вытолкнутый с последней линии "
                                           "проигрывает",
                                     "en": "An ordinary board: pushed off the last line, "
                                           "the battle is lost"},
    "chapaev.setup.swamp.on.help": {
        "ru": "Вытолкнутый с последней линии отступает на болото за ней, а проиграв и там, "
              "дерётся в штыковой",
        "en": "Pushed off the last line, a side retreats onto the swamp behind it, and losing "
              "there, fights the bayonet fight"},
    "chapaev.setup.pie": {"ru": "Правило пирога", "en": "Pie rule"},
    "chapaev.setup.pie_help": {
        "ru": "Первый удар даёт преимущество: после первого хода белых чёрные могут "
              "забрать себе их сторону. Только за одним компьютером.",
        "en": "The first shot is an advantage: after White's first turn, Black may take "
              "White's side. Not over the network.",
    },
    "chapaev.setup.pie.off": {"ru": "Без него", "en": "Off"},
    "chapaev.setup.pie.on": {"ru": "Можно взять белых", "en": "Black may take White"},
    "chapaev.setup.pie.off.help": {"ru": "Каждый играет своей стороной до конца партии",
                                   "en": "Each plays its own side to the end of the match"},
    "chapaev.setup.pie.on.help": {
        "ru": "После первого хода белых чёрные решают, взять ли им белых",
        "en": "After White's first turn, Black decides whether to take White's side"},
    "chapaev.pie.question": {"ru": "Белые сделали первый ход. Забрать их сторону?",
                             "en": "White has had its first turn. Take White's side?"},
    "chapaev.pie.swap": {"ru": "Взять белых", "en": "Take White"},
    "chapaev.pie.keep": {"ru": "Остаться чёрными", "en": "Stay Black"},
    "chapaev.pie.swapped": {"ru": "Стороны поменялись: чёрные взяли белых",
                            "en": "Sides swapped: Black took White's side"},
    "chapaev.setup.start": {"ru": "Начать партию", "en": "Start the match"},
    # the kinds of troops (what they are called, and what they are like on the table)
    "chapaev.troop.infantry": {"ru": "пехота", "en": "infantry"},
    "chapaev.troop.tanks": {"ru": "танки", "en": "tanks"},
    "chapaev.troop.heavy_tanks": {"ru": "тяжёлые танки", "en": "heavy tanks"},
    "chapaev.troop.artillery": {"ru": "артиллерия", "en": "artillery"},
    "chapaev.troop.motorcyclists": {"ru": "мотоциклисты", "en": "motorcyclists"},
    "chapaev.troop.cavalry": {"ru": "конница", "en": "cavalry"},
    "chapaev.troop.sailors": {"ru": "матросы", "en": "sailors"},
    "chapaev.troop.infantry.help": {"ru": "Обычная шашка", "en": "The plain piece"},
    "chapaev.troop.tanks.help": {"ru": "Две шашки стопкой: вдвое тяжелее, сбить трудно",
                                 "en": "Two pieces stacked: twice the mass, hard to knock "
                                       "off"},
    "chapaev.troop.heavy_tanks.help": {"ru": "Три шашки стопкой: бьют вблизи и почти "
                                             "не сдвигаются",
                                       "en": "Three pieces stacked: strike from close by, all "
                                             "but immovable"},
    "chapaev.troop.artillery.help": {"ru": "Вкопанная пушка: крупная, бьёт недалеко, держит "
                                           "место",
                                     "en": "A gun dug in: a big target, short range, holds "
                                           "its ground"},
    "chapaev.troop.motorcyclists.help": {"ru": "Маленькие и быстрые: в них трудно попасть",
                                         "en": "Small and quick: hard to hit"},
    "chapaev.troop.cavalry.help": {"ru": "Лёгкая и скользящая: уносится далеко",
                                   "en": "Light and gliding: goes a long way"},
    "chapaev.troop.sailors.help": {"ru": "Стоят крепко и принимают удар на грудь",
                                   "en": "Stand firm and take a blow on the chest"},
    # banners over the board
    "chapaev.banner.round": {"ru": "Раунд {number}", "en": "Round {number}"},
    "chapaev.banner.first": {"ru": "Первыми бьют {side}", "en": "{side} shoots first"},
    "chapaev.banner.extra": {"ru": "Ещё удар!", "en": "Another shot!"},
    "chapaev.banner.extra_detail": {
        "ru": "Шашка соперника сбита — снова бьют {side}",
        "en": "An opponent's piece is down: {side} shoots again",
    },
    "chapaev.banner.turn": {"ru": "Бьют {side}", "en": "{side} to shoot"},
    "chapaev.banner.turn_detail": {
        "ru": "Нажмите на свою шашку и оттяните назад",
        "en": "Press on one of your pieces and pull back",
    },
    "chapaev.banner.battle": {"ru": "Сражение {number}", "en": "Battle {number}"},
    "chapaev.banner.armies": {"ru": "Белые: {white}. Чёрные: {black}",
                              "en": "White: {white}. Black: {black}"},
    "chapaev.banner.swamp": {"ru": "Бой на болоте", "en": "Fighting on the swamp"},
    "chapaev.banner.swamp_detail": {
        "ru": "{side} на болоте: рамка за их линией — тоже их доска",
        "en": "{side} on the swamp: the rim behind its line is its board too",
    },
    "chapaev.banner.bayonet": {"ru": "Штыковая на болоте!", "en": "The bayonet fight!"},
    "chapaev.banner.bayonet_detail": {
        "ru": "Нажмите и держите свою шашку над шашкой соперника; отпустите, пока доска не "
              "качнулась",
        "en": "Press and hold your piece over an enemy piece; let go before the board rocks",
    },
    "chapaev.banner.rocked": {"ru": "Доска качнулась!", "en": "The board rocked!"},
    "chapaev.banner.rocked_detail": {
        "ru": "Слишком сильное нажатие — ход переходит к {side}",
        "en": "Pressed too hard: the turn passes to {side}",
    },
    # a round's result
    "chapaev.result.won": {"ru": "Раунд {number}: победили {side}",
                           "en": "Round {number}: {side} wins"},
    "chapaev.result.won_last": {
        "ru": "Раунд {number}: победили {side} — их шашка упала последней",
        "en": "Round {number}: {side} wins, their piece fell last",
    },
    "chapaev.result.draw": {"ru": "Раунд {number}: ничья", "en": "Round {number}: a draw"},
    "chapaev.result.lines_stay": {
        "ru": "Сбиты обе стороны — линии остаются на месте",
        "en": "Both sides were cleared: the lines stay where they are",
    },
    "chapaev.result.advance": {
        "ru": "Линия {side} переходит на {row}-й ряд",
        "en": "{side}'s line moves up to row {row}",
    },
    "chapaev.result.push": {
        "ru": "Линии сошлись: {side} теснят {other} на {row}-й ряд",
        "en": "The lines meet: {side} pushes {other} back to row {row}",
    },
    "chapaev.result.prisoner": {
        "ru": "Отступать некуда — {side} приходится отдать шашку в плен",
        "en": "Nowhere to retreat: {side} gives up a piece as a prisoner",
    },
    "chapaev.result.match": {"ru": "Победили {side}!", "en": "{side} wins the match!"},
    "chapaev.result.to_swamp": {
        "ru": "Отступать некуда — {side} уходят на болото",
        "en": "Nowhere to retreat: {side} falls back onto the swamp",
    },
    "chapaev.result.bayonet": {
        "ru": "{side} проиграли и на болоте — штыковая!",
        "en": "{side} lost on the swamp too: the bayonet fight!",
    },
    "chapaev.result.battle": {"ru": "Сражение {number} выиграли {side}",
                              "en": "Battle {number} goes to {side}"},
    "chapaev.result.new_troop": {"ru": "Новый род войск у {side}: {troop}",
                                 "en": "{side} moves on to {troop}"},
    "chapaev.result.campaign": {
        "ru": "{side} выиграли кампанию: сражений {won} из {needed}",
        "en": "{side} wins the campaign: {won} battles of {needed}",
    },
    "chapaev.result.pushed_off": {
        "ru": "С доски вытолкнули {side}",
        "en": "{side} is pushed off the board",
    },
    # on the board
    "chapaev.hint.wait": {
        "ru": "Подождите, пока шашки остановятся",
        "en": "Wait until the pieces stop",
    },
    "chapaev.hint.not_yours": {"ru": "Сейчас бьют {side}", "en": "It is {side}'s shot"},
    # the side panel
    "chapaev.pause": {"ru": "Пауза (Esc)", "en": "Pause (Esc)"},
    "chapaev.panel.round": {"ru": "Раунд {number}", "en": "Round {number}"},
    "chapaev.panel.turn": {"ru": "Бьют {side}", "en": "{side} to shoot"},
    "chapaev.panel.round_won": {"ru": "Раунд выиграли {side}", "en": "{side} won the round"},
    "chapaev.panel.round_draw": {"ru": "Ничья в раунде", "en": "Round drawn"},
    "chapaev.panel.on_board": {"ru": "Шашки на доске", "en": "Pieces on the board"},
    "chapaev.panel.lines": {"ru": "Линии и счёт", "en": "Lines and score"},
    "chapaev.panel.line_of": {"ru": "{side}: {row}-й ряд", "en": "{side}: row {row}"},
    "chapaev.panel.score": {
        "ru": "Выиграно раундов: белые {white}, чёрные {black}, ничьих {draws}",
        "en": "Rounds won: White {white}, Black {black}, drawn {draws}",
    },
    "chapaev.panel.prisoners_on": {"ru": "«В плен» включено", "en": "Prisoners rule on"},
    "chapaev.panel.campaign": {"ru": "Кампания, сражение {number}",
                               "en": "Campaign, battle {number}"},
    "chapaev.panel.battles": {
        "ru": "Выиграно сражений: белые {white}, чёрные {black} (нужно {needed})",
        "en": "Battles won: White {white}, Black {black} ({needed} to win)",
    },
    "chapaev.panel.troop_of": {"ru": "{side}: {troop}", "en": "{side}: {troop}"},
    "chapaev.panel.on_swamp": {"ru": "{side} на болоте", "en": "{side} on the swamp"},
    "chapaev.panel.bayonet": {"ru": "Штыковая на болоте", "en": "The bayonet fight"},
    "chapaev.panel.press": {"ru": "Сила нажатия: {percent}%", "en": "Press: {percent}%"},
    "chapaev.panel.hint_press": {
        "ru": "Нажмите и держите свою шашку: сила нажатия растёт, пока держите. Отпустите, "
              "пока доска не качнулась.",
        "en": "Press and hold your piece: the press grows while you hold. Let go before the "
              "board rocks.",
    },
    "chapaev.panel.replay": {"ru": "Повтор удара (R)", "en": "Replay the shot (R)"},
    "chapaev.replay.title": {"ru": "Повтор удара", "en": "Replay"},
    "chapaev.replay.stop": {"ru": "Esc, R или щелчок — стоп",
                            "en": "Esc, R or a click to stop"},
    "chapaev.panel.power": {"ru": "Сила удара: {percent}%", "en": "Strength: {percent}%"},
    "chapaev.panel.hint_aim": {
        "ru": "Нажмите на свою шашку, оттяните указатель назад, как резинку рогатки, "
              "и отпустите. Рука не линейка: медленный ровный удар точнее резкого.",
        "en": "Press on one of your pieces, pull the pointer back like a slingshot, "
              "and let go. A hand is not a ruler: a slow, steady pull is truer than a snatch.",
    },
    "chapaev.panel.hint_release": {
        "ru": "Отпустите — удар. Отмена: Esc, правая кнопка или отпустить на шашке.",
        "en": "Let go to shoot. To cancel: Esc, the right button, or let go on the piece.",
    },
    "chapaev.panel.hint_rolling": {"ru": "Шашки катятся…", "en": "The pieces are rolling…"},
    "chapaev.panel.hint_skip": {
        "ru": "Щелчок, пробел или Enter — дальше",
        "en": "Click, Space or Enter to go on",
    },
    "chapaev.panel.hint_over": {"ru": "Партия окончена", "en": "The match is over"},
    "chapaev.panel.hint_computer": {"ru": "Компьютер целится…", "en": "The computer is aiming…"},
    # pause
    "chapaev.pause.title": {"ru": "Пауза", "en": "Paused"},
    "chapaev.pause.where": {
        "ru": "Раунд {number}. Белые на {white}-м ряду, чёрные на {black}-м",
        "en": "Round {number}. White on row {white}, Black on row {black}",
    },
    "chapaev.pause.resume": {"ru": "Продолжить", "en": "Resume"},
    "chapaev.pause.restart": {"ru": "Начать раунд заново", "en": "Restart the round"},
    "chapaev.pause.rules": {"ru": "Правила", "en": "Rules"},
    "chapaev.pause.menu": {"ru": "Выйти в меню", "en": "Back to the menu"},
    # the end of the match
    "chapaev.over.title": {"ru": "Победили {side}!", "en": "{side} wins!"},
    "chapaev.over.title_none": {"ru": "Партия окончена", "en": "The match is over"},
    "chapaev.over.how": {
        "ru": "С доски вытолкнули {side}. Раундов сыграно: {rounds}",
        "en": "{side} was pushed off the board. Rounds played: {rounds}",
    },
    "chapaev.over.score": {
        "ru": "Выиграно раундов: белые {white}, чёрные {black}, ничьих {draws}",
        "en": "Rounds won: White {white}, Black {black}, drawn {draws}",
    },
    "chapaev.over.stats": {
        "ru": "{side}: ударов — {shots}, попаданий — {hits}, промахов — {misses}, "
              "сбито шашек — {knocked}",
        "en": "{side}: shots {shots}, hits {hits}, misses {misses}, pieces knocked "
              "off {knocked}",
    },
    "chapaev.over.stats_presses": {
        "ru": "нажатий — {presses}, доска качнулась — {rocks}",
        "en": "presses: {presses}, the board rocked: {rocks}",
    },
    "chapaev.over.battles": {
        "ru": "Выиграно сражений: белые {white}, чёрные {black}",
        "en": "Battles won: White {white}, Black {black}",
    },
    "chapaev.over.rematch": {"ru": "Реванш", "en": "Rematch"},
    "chapaev.over.menu": {"ru": "В меню", "en": "To the menu"},
    "chapaev.worker.fallback": {
        "ru": "Процесс компьютера остановился — удар рассчитан наскоро",
        "en": "The computer's process stopped: this shot was planned in a hurry",
    },
}
