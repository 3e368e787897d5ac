"""Strings of a Hub engine (Scan, or this program's own): chosen in the settings (what is
wrong with it, said plainly), offered as the opponent in a game's setup, and in a seat (what
went wrong, and that our computer plays on)."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "hub.notice.cannot_start": {
        "ru": "Движок не запускается ({detail})",
        "en": "The engine does not start ({detail})",
    },
    "hub.notice.stopped": {
        "ru": "Движок остановился — он больше не ходит",
        "en": "The engine stopped: it plays no more",
    },
    "hub.notice.silent": {
        "ru": "Движок молчит и не готов к игре",
        "en": "The engine says nothing and is not ready to play",
    },
    "hub.notice.not_played": {
        "ru": "Движок не играет в эту игру",
        "en": "The engine does not play this game",
    },
    "hub.notice.timeout": {
        "ru": "Движок думал {detail} с и не сделал хода",
        "en": "The engine thought for {detail} s and made no move",
    },
    "hub.notice.bad_move": {
        "ru": "Движок ответил ходом, которого нет: {detail}",
        "en": "The engine answered with a move that is not one: {detail}",
    },
    "hub.notice.error": {
        "ru": "Движок сообщает: {detail}",
        "en": "The engine says: {detail}",
    },
    # the engine failed and our computer plays on in its seat (two lines of the board's
    # panel: the level is the one the setup showed under the engine)
    "hub.notice.cannot_start.fallback": {
        "ru": "Движок {name} не запускается. Играет наш компьютер",
        "en": "{name} does not start. Our computer plays",
    },
    "hub.notice.stopped.fallback": {
        "ru": "Движок {name} остановился. Дальше играет наш компьютер",
        "en": "{name} stopped. Our computer plays on",
    },
    "hub.notice.silent.fallback": {
        "ru": "Движок {name} молчит. Играет наш компьютер",
        "en": "{name} says nothing. Our computer plays",
    },
    "hub.notice.not_played.fallback": {
        "ru": "Движок {name} не играет в эту игру. Играет наш компьютер",
        "en": "{name} does not play this game. Our computer plays",
    },
    "hub.notice.timeout.fallback": {
        "ru": "Движок {name} думал {detail} с без хода. Дальше играет наш компьютер",
        "en": "{name} thought {detail} s with no move. Our computer plays on",
    },
    "hub.notice.bad_move.fallback": {
        "ru": "Движок {name} ответил «{move}» — это не ход. Дальше играет наш компьютер",
        "en": "{name} answered “{move}”, no move here. Our computer plays on",
    },
    # what is wrong with the engine the player chose in the settings
    "hub.problem.empty": {
        "ru": "Команда пуста",
        "en": "The command is empty",
    },
    "hub.problem.too_long": {
        "ru": "Команда длиннее {most} знаков",
        "en": "The command is longer than {most} characters",
    },
    "hub.problem.quote": {
        "ru": "В команде не закрыта кавычка",
        "en": "A quote in the command is not closed",
    },
    "hub.problem.missing": {
        "ru": "Файла {path} нет",
        "en": "There is no file {path}",
    },
    "hub.problem.folder": {
        "ru": "{path} — это папка, а не программа",
        "en": "{path} is a folder, not a program",
    },
    "hub.problem.not_executable": {
        "ru": "{path} — не программа: этот файл нельзя запустить",
        "en": "{path} is not a program: the file cannot be run",
    },
    "hub.problem.not_found": {
        "ru": "Программы {name} на этом компьютере нет",
        "en": "There is no program called {name} on this computer",
    },
    "hub.problem.cannot_start": {
        "ru": "Программа не запускается ({detail})",
        "en": "The program does not start ({detail})",
    },
    "hub.problem.silent": {
        "ru": "Программа молчала {seconds} с: это движок Hub?",
        "en": "The program said nothing for {seconds} s: is it a Hub engine?",
    },
    "hub.problem.not_hub": {
        "ru": "Программа не говорит на языке Hub; она ответила: {said}",
        "en": "The program does not speak Hub; it answered: {said}",
    },
    "hub.problem.ended": {
        "ru": "Программа закончила работу, не успев подготовиться к игре",
        "en": "The program ended before it was ready to play",
    },
    "hub.problem.no_game": {
        "ru": "Движок не играет ни в одну нашу игру (его игры: {variants})",
        "en": "The engine plays none of the games here (it plays: {variants})",
    },
    # the settings row
    "settings.hub": {"ru": "Сторонний движок", "en": "Outside engine"},
    "settings.hub.none": {"ru": "Нет", "en": "None"},
    "settings.hub.change": {"ru": "Выбрать…", "en": "Choose…"},
    "settings.hub.help.none": {
        "ru": "Движок Hub, например Scan: играть против него",
        "en": "A Hub engine such as Scan, to play against",
    },
    "settings.hub.help.engine": {
        "ru": "Играет: {games}",
        "en": "Plays {games}",
    },
    "settings.hub.help.change": {
        "ru": "Введите команду, которая запускает движок",
        "en": "Type the command that starts the engine",
    },
    "settings.hub.ask": {
        "ru": "Команда движка Hub (например, /usr/local/bin/scan hub)",
        "en": "The command of a Hub engine (e.g. /usr/local/bin/scan hub)",
    },
    "settings.hub.checking": {
        "ru": "Проверяю движок…",
        "en": "Checking the engine…",
    },
    "settings.hub.kept": {
        "ru": "Движок {name} готов: выберите его соперником при начале партии",
        "en": "{name} is ready: choose it as the opponent when you start a game",
    },
    "settings.hub.cleared": {
        "ru": "Сторонний движок больше не предлагается",
        "en": "The outside engine is no longer offered",
    },
    "settings.hub.refused": {
        "ru": "Движок не выбран. {why}",
        "en": "The engine is not chosen. {why}",
    },
    "settings.hub.analysis": {"ru": "Разбор партии", "en": "Game review"},
    "settings.hub.analysis.ours": {"ru": "Наш движок", "en": "Our engine"},
    "settings.hub.analysis.help.ours": {
        "ru": "Ходы разбирает наш движок",
        "en": "Our engine judges the moves",
    },
    "settings.hub.analysis.help.engine": {
        "ru": "Ходы разбирает сторонний движок",
        "en": "The outside engine judges the moves",
    },
    "board.analysis.by": {
        "ru": "Разбирает {name}",
        "en": "{name} analyses the game",
    },
    # the setup of a game the engine plays
    "setup.opponent": {"ru": "Соперник", "en": "Opponent"},
    "setup.opponent.computer": {"ru": "Наш компьютер", "en": "Our computer"},
    "setup.opponent.engine": {"ru": "Против {name}", "en": "Against {name}"},
    "setup.opponent.computer.help": {
        "ru": "Наш движок, на уровне ниже",
        "en": "Our own engine, at the level below",
    },
    "setup.opponent.hub.help": {
        "ru": "{name}, секунда на ход; если сломается — наш компьютер на уровне ниже",
        "en": "{name}, a second a move; should it fail, our computer at the level below",
    },
}
