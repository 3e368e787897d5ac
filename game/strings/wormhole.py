"""Strings of play with a friend anywhere (issue 52): the meeting by a code through
magic-wormhole's servers, its progress, its settings, and why a meeting did not happen."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # why a meeting did not happen (game.net.reasons.Why)
    "net.why.bad_code": {
        "ru": "«{detail}» — не код: код — это число и английские слова через чёрточку, "
              "например 7-guitarist-revenge",
        "en": "“{detail}” is not a code: a code is a number and words joined by dashes, "
              "such as 7-guitarist-revenge",
    },
    "net.why.no_such_code": {
        "ru": "по этому коду никто не ждёт: код уже использован или набран с ошибкой",
        "en": "nobody is waiting with this code: it was used already, or mistyped",
    },
    "net.why.code_in_use": {
        "ru": "по этому коду сейчас соединяются другие: попросите у друга новый код",
        "en": "others are meeting with this code right now: ask your friend for a new code",
    },
    "net.why.no_server": {
        "ru": "сервер встреч не отвечает ({detail})",
        "en": "the meeting server does not answer ({detail})",
    },
    "net.why.no_connection": {
        "ru": "друг найден, но соединиться не удалось ни напрямую, ни через посредника "
              "({detail})",
        "en": "your friend was found, but no connection could be made, neither directly nor "
              "through the relay ({detail})",
    },
    # the network screen
    "net.anywhere": {"ru": "Играть с другом где угодно", "en": "Play a friend anywhere"},
    "net.reach.lan": {"ru": "В этой сети", "en": "On this network"},
    "net.reach.anywhere": {"ru": "Где угодно, по коду", "en": "Anywhere, by a code"},
    "net.reach.hint": {
        "ru": "Игра создаётся с кодом из слов: друг наберёт его где угодно в Интернете",
        "en": "The game gets a code of words that your friend types anywhere on the Internet",
    },
    # the join-by-code form
    "net.anywhere.title": {"ru": "Играть с другом где угодно",
                           "en": "Play a friend anywhere"},
    "net.anywhere.subtitle": {
        "ru": "Наберите код, который назвал друг (число и слова), — например 7-guitarist-revenge",
        "en": "Type the code your friend tells you (a number and words), "
              "such as 7-guitarist-revenge",
    },
    "net.anywhere.code": {"ru": "Код друга", "en": "Friend's code"},
    "net.anywhere.hint": {
        "ru": "Enter — присоединиться, Esc — назад. Всё, что идёт между вами, зашифровано",
        "en": "Enter: join, Esc: back. Everything between you is encrypted end to end",
    },
    "net.anywhere.servers": {"ru": "Серверы…", "en": "Servers…"},
    "net.anywhere.missing": {
        "ru": "Для игры через Интернет нужен пакет magic-wormhole (pip install magic-wormhole)",
        "en": "Play across the Internet needs the magic-wormhole package "
              "(pip install magic-wormhole)",
    },
    "net.error.anywhere_code": {
        "ru": "Код — число и слова через чёрточку, например 7-guitarist-revenge",
        "en": "A code is a number and words joined by dashes, such as 7-guitarist-revenge",
    },
    # a meeting's progress (both sides)
    "net.stage.starting": {"ru": "Получаем код у сервера встреч…",
                           "en": "Getting a code from the meeting server…"},
    "net.stage.waiting": {"ru": "Ждём, когда друг наберёт код…",
                          "en": "Waiting for your friend to type the code…"},
    "net.stage.finding": {"ru": "Ищем друга по коду…", "en": "Finding your friend…"},
    "net.stage.connecting": {"ru": "Друг найден: соединяемся…",
                             "en": "Your friend is found: connecting…"},
    "net.stage.connected": {"ru": "Соединено", "en": "Connected"},
    "net.stage.failed": {"ru": "Не удалось: {reason}. Пробуем ещё раз…",
                         "en": "It did not work: {reason}. Trying again…"},
    "net.route.direct": {"ru": "напрямую", "en": "directly"},
    "net.route.relay": {"ru": "через посредника", "en": "through the relay"},
    "net.connected.route": {"ru": "Соединено {route}", "en": "Connected {route}"},
    # the host's panel
    "net.anywhere.how": {
        "ru": "Другу: «Играть по сети» → «Играть с другом где угодно», набрать код. "
              "Ctrl+C — скопировать",
        "en": "Your friend: Play over the network, then Play a friend anywhere, and type "
              "the code. Ctrl+C copies it",
    },
    "net.anywhere.wrong": {
        "ru": "Кто-то набрал неверный код: вот новый",
        "en": "Someone typed a wrong code: here is a new one",
    },
    "net.anywhere.left": {
        "ru": "Друг нашёлся, но ушёл до начала игры: вот новый код",
        "en": "Your friend was found but left before the game began: here is a new code",
    },
    "net.anywhere.away_code": {
        "ru": "Друг вернётся сам, а если его игра закрылась, пусть наберёт код: {code}",
        "en": "Your friend comes back by itself; if their game was closed, they type: {code}",
    },
    "net.anywhere.copied": {"ru": "Код скопирован", "en": "The code is copied"},
    "net.anywhere.copy_text": {"ru": "Шашки: код для игры — {code}",
                               "en": "Shashki: the code for our game is {code}"},
    # the servers form
    "net.servers.title": {"ru": "Серверы для игры где угодно",
                          "en": "Servers for play anywhere"},
    "net.servers.subtitle": {
        "ru": "Пусто — общедоступные серверы magic-wormhole; клуб или школа может держать свои",
        "en": "Empty: the public magic-wormhole servers; a club or school may run its own",
    },
    "net.servers.mailbox": {"ru": "Сервер встреч", "en": "Mailbox"},
    "net.servers.relay": {"ru": "Посредник", "en": "Relay"},
    "net.servers.save": {"ru": "Сохранить", "en": "Save"},
    "net.servers.public": {"ru": "Общедоступные", "en": "Public ones"},
    "net.servers.saved": {"ru": "Серверы сохранены", "en": "The servers are kept"},
    "net.servers.hint": {
        "ru": "Сервер встреч: ws://адрес:4000/v1. Посредник: tcp:адрес:4001. Esc — назад",
        "en": "Mailbox: ws://address:4000/v1. Relay: tcp:address:4001. Esc: back",
    },
    "net.servers.bad_mailbox": {
        "ru": "Сервер встреч пишется так: ws://адрес:порт/v1",
        "en": "A mailbox is written ws://address:port/v1",
    },
    "net.servers.bad_relay": {
        "ru": "Посредник пишется так: tcp:адрес:порт",
        "en": "A relay is written tcp:address:port",
    },
}
