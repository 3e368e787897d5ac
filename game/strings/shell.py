"""Strings of the application shell: menu, rules screen, settings, dialogs."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "app.title": {"ru": "Шашки", "en": "Shashki"},
    # the menu's line under the title: the count of the catalog's games, in words
    "collection.subtitle.one": {"ru": "{Words_f} игра из шашечной коробки",
                                "en": "{Words} game from the draughts box"},
    "collection.subtitle.few": {"ru": "{Words_f} игры из шашечной коробки",
                                "en": "{Words} games from the draughts box"},
    "collection.subtitle.many": {"ru": "{Words_f} игр из шашечной коробки",
                                 "en": "{Words} games from the draughts box"},
    # games
    "game.international": {"ru": "Международные шашки", "en": "International draughts"},
    "game.russian": {"ru": "Русские шашки", "en": "Russian draughts"},
    "game.apokachi": {"ru": "Апокачи", "en": "Apokachi"},
    "game.chapaev": {"ru": "Чапаев", "en": "Chapaev"},
    "blurb.international": {
        "ru": "Доска 10×10, по 20 шашек. Бить обязательно, и бить больше всех; "
              "дамка ходит далеко.",
        "en": "A 10×10 board, 20 pieces each. Capturing is compulsory and you must take "
              "the most; kings fly.",
    },
    "blurb.russian": {
        "ru": "Доска 8×8, по 12 шашек. Бить обязательно, но любым путём; шашка, "
              "дошедшая до края во время боя, бьёт дальше дамкой.",
        "en": "An 8×8 board, 12 pieces each. Capturing is compulsory but any route will "
              "do; a man crowned mid-capture goes on as a king.",
    },
    "blurb.apokachi": {
        "ru": "Нанайская игра на точках сетки. Шаг в любую сторону; две шашки "
              "против одной рубят её.",
        "en": "A Nanai game on the points of a grid. Step any way; two pieces against "
              "one take it.",
    },
    "blurb.chapaev": {
        "ru": "Щелчком сбивайте шашки соперника с доски. Выиграл кон — "
              "наступайте на линию вперёд.",
        "en": "Flick your pieces to knock the opponent's off the board. Win a round "
              "and advance a line.",
    },
    # main menu
    "menu.settings": {"ru": "Настройки", "en": "Settings"},
    "menu.rules": {"ru": "Правила", "en": "Rules"},
    "menu.quit": {"ru": "Выйти", "en": "Quit"},
    "menu.hint": {
        "ru": "Стрелки и Enter — выбор, Esc — назад",
        "en": "Arrows and Enter to choose, Esc to go back",
    },
    "menu.rules_only": {
        "ru": "Партия скоро будет — пока откроются правила",
        "en": "Play is coming soon; the rules open for now",
    },
    # dialogs
    "quit.question": {"ru": "Выйти из игры?", "en": "Quit Shashki?"},
    "quit.yes": {"ru": "Выйти", "en": "Quit"},
    "dialog.cancel": {"ru": "Отмена", "en": "Cancel"},
    # common
    "common.back": {"ru": "Назад", "en": "Back"},
    # rules screen
    "rules.title": {"ru": "Правила", "en": "Rules"},
    "rules.missing": {
        "ru": "Текст правил не найден: {path}",
        "en": "The rules text is missing: {path}",
    },
    "rules.hint": {
        "ru": "Колесо мыши, ↑↓ и PgUp/PgDn — листать",
        "en": "Mouse wheel, ↑↓ and PgUp/PgDn to scroll",
    },
    # settings screen
    "settings.title": {"ru": "Настройки", "en": "Settings"},
    "settings.window": {"ru": "Экран", "en": "Display"},
    "settings.window.windowed": {"ru": "В окне", "en": "Window"},
    "settings.window.fullscreen": {"ru": "Во весь экран", "en": "Fullscreen"},
    "settings.sound": {"ru": "Звук", "en": "Sound"},
    "settings.volume": {"ru": "Громкость", "en": "Volume"},
    "settings.sound.unavailable": {
        "ru": "Нет звукового устройства", "en": "No audio device",
    },
    "settings.on": {"ru": "Вкл.", "en": "On"},
    "settings.off": {"ru": "Выкл.", "en": "Off"},
    "settings.language": {"ru": "Язык", "en": "Language"},
    "settings.saved": {"ru": "Настройки сохранены", "en": "Settings saved"},
    "settings.save_failed": {
        "ru": "Не удалось сохранить настройки: {why}",
        "en": "Could not save the settings: {why}",
    },
    "settings.missing": {
        "ru": "Файл настроек не найден — настройки по умолчанию",
        "en": "No settings file yet: using the defaults",
    },
    "settings.kept_damaged": {
        "ru": "Повреждённый файл настроек сохранён как {name}",
        "en": "The damaged settings file was kept as {name}",
    },
    # why a settings file was refused (quoted inside settings.unreadable / settings.malformed)
    "settings.why.not_file": {"ru": "это не обычный файл", "en": "not a regular file"},
    "settings.why.too_big": {"ru": "слишком большой: {kb} КБ", "en": "too large: {kb} KB"},
    "settings.why.encoding": {"ru": "не в кодировке UTF-8", "en": "not UTF-8 text"},
    "settings.why.permission": {"ru": "нет прав на чтение", "en": "no permission to read it"},
    "settings.why.os": {"ru": "ошибка чтения: {what}", "en": "read error: {what}"},
    "settings.why.not_json": {
        "ru": "это не JSON, ошибка в строке {line}", "en": "not JSON, error on line {line}",
    },
    "settings.why.too_deep": {"ru": "слишком глубокая вложенность", "en": "nested too deeply"},
    "settings.why.not_object": {
        "ru": "ожидался объект JSON", "en": "expected a JSON object",
    },
    "settings.why.wrong_type": {
        "ru": "неверное значение {name}: {value}", "en": "bad value for {name}: {value}",
    },
    "settings.why.no_write": {"ru": "нет прав на запись", "en": "no permission to write"},
    "settings.why.blocked": {
        "ru": "на месте файла или папки настроек что-то другое",
        "en": "something else is where the settings file or folder should be",
    },
    "settings.why.disk_full": {"ru": "диск заполнен", "en": "the disk is full"},
    "settings.why.language": {
        "ru": "неизвестный язык {value}", "en": "unknown language {value}",
    },
    "settings.unreadable": {
        "ru": "Файл настроек не читается — настройки по умолчанию ({why})",
        "en": "The settings file could not be read: using the defaults ({why})",
    },
    "settings.malformed": {
        "ru": "Файл настроек повреждён — настройки по умолчанию ({why})",
        "en": "The settings file is damaged: using the defaults ({why})",
    },
    "settings.no_audio": {
        "ru": "Звуковое устройство не найдено — игра идёт без звука",
        "en": "No audio device found: the game plays silently",
    },
    "settings.fullscreen_failed": {
        "ru": "Не удалось перейти во весь экран",
        "en": "Could not switch to fullscreen",
    },
}
