"""The Games screen's filters, marking several games, clearing old games against the
computer, and a game's options in short form (a line of the list, the panel beside the
board)."""
from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    # which games the list shows
    "games.filter.unfinished": {"ru": "Неоконченные", "en": "Unfinished"},
    "games.filter.finished": {"ru": "Оконченные", "en": "Finished"},
    "games.filter.all": {"ru": "Все", "en": "All"},
    "games.filter.count": {"ru": "{label} · {n}", "en": "{label} · {n}"},
    "games.empty.unfinished": {"ru": "Неоконченных партий нет. ←/→ — другие партии.",
                               "en": "No unfinished games. ←/→ shows the others."},
    "games.empty.finished": {"ru": "Оконченных партий пока нет. ←/→ — другие партии.",
                             "en": "No finished games yet. ←/→ shows the others."},
    "games.hint.list": {
        "ru": "Enter — открыть · F2 — переименовать · Del — удалить · Пробел или Ctrl+щелчок — "
              "отметить, Shift+щелчок — отметить подряд · ←/→ — какие партии · "
              "Ctrl+V — вставить FEN/PDN · Esc — назад",
        "en": "Enter open · F2 rename · Del delete · Space or Ctrl+click mark, Shift+click "
              "mark a run · ←/→ which games · Ctrl+V paste FEN/PDN · Esc back",
    },
    "games.hint.picked": {
        "ru": "Отмечено партий: {n} · Del — удалить отмеченные · Пробел или Ctrl+щелчок — "
              "отметить или снять · Ctrl+A — все · Esc — снять отметки",
        "en": "Games marked: {n} · Del deletes them · Space or Ctrl+click marks or unmarks · "
              "Ctrl+A all · Esc unmarks",
    },
    # deleting several at once
    "games.delete.count": {"ru": "Удалить ({n})", "en": "Delete ({n})"},
    "games.ask.delete_many.one": {"ru": "Удалить {n} отмеченную партию?",
                                  "en": "Delete {n} marked game?"},
    "games.ask.delete_many.few": {"ru": "Удалить {n} отмеченные партии?",
                                  "en": "Delete {n} marked games?"},
    "games.ask.delete_many.many": {"ru": "Удалить {n} отмеченных партий?",
                                   "en": "Delete {n} marked games?"},
    "games.deleted": {"ru": "Удалено партий: {n}", "en": "Games deleted: {n}"},
    "games.not_deleted": {"ru": "Не удалось удалить партий: {n}. {why}",
                          "en": "Games not deleted: {n}. {why}"},
    # clearing old games against the computer
    "games.clear_old": {"ru": "Убрать старые", "en": "Clear old games"},
    "games.ask.clear_old.one": {"ru": "Удалить {n} старую партию с компьютером?",
                                "en": "Delete {n} old game against the computer?"},
    "games.ask.clear_old.few": {"ru": "Удалить {n} старые партии с компьютером?",
                                "en": "Delete {n} old games against the computer?"},
    "games.ask.clear_old.many": {"ru": "Удалить {n} старых партий с компьютером?",
                                 "en": "Delete {n} old games against the computer?"},
    "games.clear_old.detail": {
        "ru": "Неоконченные, в которые не играли больше {days}. Партии вдвоём, оконченные и "
              "названные вами (Ctrl+S, F2) останутся.",
        "en": "Unfinished, not played for more than {days}. Games between two people, "
              "finished games and games you named (Ctrl+S, F2) stay.",
    },
    "games.clear_old.none": {
        "ru": "Старых партий с компьютером нет: удалять нечего (удаляются неоконченные, в "
              "которые не играли больше {days}, кроме названных вами)",
        "en": "No old games against the computer to clear (unfinished ones not played for "
              "more than {days}, except those you named)",
    },
    "games.days.one": {"ru": "{n} дня", "en": "{n} day"},
    "games.days.few": {"ru": "{n} дней", "en": "{n} days"},
    "games.days.many": {"ru": "{n} дней", "en": "{n} days"},
    # a game's options where they differ from its usual rules: a line of the Games screen
    # and the panel beside the board
    "option.huff": {"ru": "с фуком", "en": "with фук"},
    "option.tournament_draws.off": {"ru": "без турнирных ничьих", "en": "no tournament draws"},
    "option.draw_offer_after": {"ru": "ничья после {n}-го хода", "en": "draws after move {n}"},
    "option.move_limit": {"ru": "предел {n} ходов", "en": "{n}-move limit"},
    "option.move_limit.none": {"ru": "без предела ходов", "en": "no move limit"},
    "option.size": {"ru": "доска {n}×{n}", "en": "{n}×{n} board"},
    "option.time_limit": {"ru": "{n} мин на партию", "en": "{n} min a game"},
    "option.time_limit.none": {"ru": "без таймера", "en": "no game timer"},
    "option.house": {"ru": "по {n} шашек", "en": "{n} pieces each"},
    "option.clock": {"ru": "часы {control}", "en": "clock {control}"},
    "option.start": {"ru": "своя расстановка", "en": "set-up position"},
    "option.campaign": {"ru": "рода войск", "en": "troops"},
    "option.swamp": {"ru": "широкая доска", "en": "wide board"},
    "option.prisoners": {"ru": "«в плен»", "en": "prisoners"},
    "option.extra_shot.all_own_stay": {"ru": "повтор, если свои целы",
                                       "en": "again if none of yours fell"},
    "option.extra_shot.never": {"ru": "строго по очереди", "en": "strict turns"},
    "option.both_cleared.last_fallen_wins": {"ru": "обе сбиты — по последней",
                                             "en": "both cleared: last to fall wins"},
    # Chapaev's panel, on the wide board while no side stands on its swamp
    "chapaev.panel.wide_board": {"ru": "Широкая доска, с болотом",
                                 "en": "Wide board, with the swamp"},
}
