"""Strings of the messages at the top of the window, and of what they say about pasted text,
files and the questions asked before another game is opened."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # more messages than fit the top half of the window: the older ones wait above
    "notices.more": {"ru": "и ещё сообщений: {n}", "en": "and {n} more"},
    # a paste that could not be opened ({why} begins with a capital and names the clipboard)
    "saves.cannot_paste": {"ru": "{why}. Ничего не открыто.",
                           "en": "{why}. Nothing was opened."},
    # a game that cannot be played on from the position shown
    "saves.cannot_play_from_here": {"ru": "Отсюда не сыграть: {why}",
                                    "en": "Cannot play on from here: {why}"},
    # a PDN text with the line the reading stopped at
    "saves.why.pdn_line": {"ru": "{name}, строка {line}: {why}",
                           "en": "{name}, line {line}: {why}"},
    # why pasted text cannot be opened: said of the clipboard, never of a file
    "saves.why.paste.too_long": {"ru": "в буфере обмена слишком много текста ({kb} КБ при "
                                       "пределе {limit} КБ)",
                                 "en": "the clipboard holds too much text ({kb} KB, the limit "
                                       "is {limit} KB)"},
    "saves.why.paste.binary": {"ru": "в тексте из буфера обмена есть нулевой байт — это не "
                                     "обычный текст",
                               "en": "the text in the clipboard holds a zero byte: it is not "
                                     "plain text"},
    "saves.why.paste.empty": {"ru": "в буфере обмена одни пробелы",
                              "en": "the clipboard holds only blank space"},
    "saves.why.paste.malformed": {"ru": "текст из буфера обмена вложен слишком глубоко, его не "
                                        "прочитать",
                                  "en": "the text in the clipboard is nested too deeply to read"},
    # a pasted position the game that reads it refuses ({game}: that game's name)
    "saves.why.paste.refused": {"ru": "позицию из буфера обмена не принимают правила игры "
                                      "«{game}»: {why}",
                                "en": "the rules of {game} refuse the position in the "
                                      "clipboard: {why}"},
    "saves.why.paste.not_a_position": {"ru": "в буфере обмена не позиция (FEN) и не партия "
                                             "(PDN)",
                                       "en": "the clipboard holds neither a position (FEN) nor "
                                             "a game (PDN)"},
    "saves.why.paste.no_games": {"ru": "в буфере обмена нет партий",
                                 "en": "the clipboard holds no games"},
    "saves.why.paste.pdn": {"ru": "текст из буфера обмена: {why}",
                            "en": "the text in the clipboard: {why}"},
    "saves.why.paste.pdn_line": {"ru": "текст из буфера обмена, строка {line}: {why}",
                                 "en": "the text in the clipboard, line {line}: {why}"},
    # asked over a game in progress, once what is to be opened has been read
    # a paste opened at once as another game than the screen's ({current})
    "saves.pasted_as": {"ru": "Открыто как «{game}»: текст из буфера обмена — не партия и не "
                              "позиция игры «{current}»",
                        "en": "Opened as {game}: the text in the clipboard is no game or "
                              "position of {current}"},
    # the question names the game the text is opened as ({game}: its name)
    "saves.ask.open.paste": {"ru": "Открыть партию из буфера обмена как «{game}»? Эта "
                                   "останется в списке партий, её можно продолжить.",
                             "en": "Open the game from the clipboard as {game}? This one "
                                   "stays on the Games screen, to continue later."},
    "saves.ask.open.paste.list": {"ru": "Открыть список партий из буфера обмена («{game}»)? "
                                        "Эта партия останется в списке партий, её можно "
                                        "продолжить.",
                                  "en": "Open the list of games from the clipboard ({game})? "
                                        "This one stays on the Games screen, to continue "
                                        "later."},
    "saves.ask.open.paste.mixed": {"ru": "Открыть список партий из буфера обмена (в нём "
                                         "разные виды шашек)? Эта партия останется в списке "
                                         "партий, её можно продолжить.",
                                   "en": "Open the list of games from the clipboard (more than "
                                         "one kind of draughts)? This one stays on the Games "
                                         "screen, to continue later."},
    "saves.ask.open.file": {"ru": "Открыть {name}? Эта партия останется в списке партий, её "
                                  "можно продолжить.",
                            "en": "Open {name}? This one stays on the Games screen, to "
                                  "continue later."},
}
