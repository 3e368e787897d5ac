"""Strings of why a PDN text (a file, the clipboard) cannot be read, in the player's words
(:mod:`game.saves.pdn_words` picks them), and of text in the clipboard that is no game."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # the side a move is of, in "move 3 (White)"
    "saves.pdn.side.white": {"ru": "белые", "en": "White"},
    "saves.pdn.side.black": {"ru": "чёрные", "en": "Black"},
    "saves.pdn.tag_line": {"ru": "тег вроде [Event \"имя\"] не закрыт на своей строке",
                           "en": "a tag such as [Event \"name\"] is not closed on its line"},
    "saves.pdn.open_comment": {"ru": "комментарий, открытый знаком «{{», не закрыт знаком «}}»",
                               "en": "a comment opened with “{{” is not closed with “}}”"},
    "saves.pdn.open_variation": {"ru": "вариант, открытый скобкой «(», не закрыт скобкой «)»",
                                 "en": "a variation opened with “(” is not closed with “)”"},
    "saves.pdn.unexpected": {"ru": "«{char}» стоит там, где ждут ход, номер хода или результат",
                             "en": "“{char}” stands where a move, a move number or a result "
                                   "belongs"},
    "saves.pdn.game_type": {"ru": "GameType «{found}» — ни одна из игр этой коллекции",
                            "en": "GameType “{found}” is none of the games of this collection"},
    "saves.pdn.no_option": {"ru": "в игре «{game}» нет правила [{tag}]",
                            "en": "{game} has no option [{tag}]"},
    "saves.pdn.bad_option": {"ru": "«{value}» — не значение для [{tag}]",
                             "en": "“{value}” is not a value of [{tag}]"},
    "saves.pdn.bad_fen": {"ru": "начальная позиция [FEN] — не позиция игры «{game}»: {fen}",
                          "en": "the starting position [FEN] is not one of {game}: {fen}"},
    "saves.pdn.bad_fen.refused": {"ru": "правила игры «{game}» не принимают начальную позицию "
                                        "[FEN]: {why}",
                                  "en": "the rules of {game} refuse the starting position "
                                        "[FEN]: {why}"},
    "saves.pdn.not_a_move": {"ru": "ход {number} ({side}): «{text}» — не ход; ход здесь "
                                   "пишется так: {example}",
                             "en": "move {number} ({side}): “{text}” is not a move; a move "
                                   "here is written like {example}"},
    "saves.pdn.not_a_move.bare": {"ru": "ход {number} ({side}): «{text}» — не ход",
                                  "en": "move {number} ({side}): “{text}” is not a move"},
    "saves.pdn.illegal_move": {"ru": "ход {number} ({side}): хода «{text}» здесь нет по "
                                     "правилам",
                               "en": "move {number} ({side}): “{text}” is not a legal move "
                                     "here"},
    "saves.pdn.ambiguous": {"ru": "ход {number} ({side}): запись «{text}» подходит к разным "
                                  "взятиям — нужны и поля, где шашка останавливается",
                            "en": "move {number} ({side}): “{text}” fits more than one "
                                  "capture; its landing squares tell them apart"},
    "saves.pdn.no_huff": {"ru": "ход {number} ({side}): шашку на {square} здесь нельзя взять "
                                "за фук",
                          "en": "move {number} ({side}): the piece on {square} may not be "
                                "taken for a huff here"},
    # text in the clipboard that holds nothing of a game: said plainly, details on request
    "saves.why.paste.no_game": {"ru": "в буфере обмена нет ни партии, ни позиции",
                                "en": "the clipboard holds no game or position"},
    "saves.paste.no_game": {"ru": "В буфере обмена нет ни партии, ни позиции.",
                            "en": "The clipboard holds no game or position."},
    "saves.why.paste.no_reader": {"ru": "«{text}» не читается как позиция ни одной игры "
                                        "коллекции",
                                  "en": "“{text}” reads as the position of none of the "
                                        "collection's games"},
    # a size with its tenth: 1024.1 (KB)
    "saves.size.tenths": {"ru": "{whole},{tenth}", "en": "{whole}.{tenth}"},
    # the messages' button that shows what lies behind a short message, and hides it again
    "notices.details": {"ru": "Подробнее", "en": "Details"},
    "notices.details.hide": {"ru": "Скрыть подробности", "en": "Hide details"},
}
