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
}
