"""Issue 49, items 5 and 7: what the player reads when a paste or a file cannot be opened.
Text that is no game at all is said plainly, the reader's findings kept for the player who
asks; a PDN text's mistakes are worded in the player's language (Russian in the Russian
interface, no English words of the reader); a size over a limit never reads as the limit."""
from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n import language, set_language
from game.saves import MAX_PASTE_CHARS, SaveError, Saves, last_played, read_pasted
from game.saves.files import sizes
from game.saves.listing import Entry
from game.play.records import Summary

#: words of the reader's English sentences that must not reach a Russian player
ENGLISH = re.compile(r"\b(line|move|expected|found|legal|White|Black|bad|tag|clipboard|"
                     r"Russian|draughts|not|the)\b")


@pytest.fixture
def speaking() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


def _said(text: str, lang: str, current: str | None = "russian") -> SaveError:
    set_language(lang)
    with pytest.raises(SaveError) as caught:
        read_pasted(text, current=current)
    return caught.value


@pytest.mark.parametrize("text", ["Buy milk", "hello, board", "1. Buy milk", "} x",
                                  "W:Wz9", "= = ="])
def test_text_that_is_no_game_is_said_plainly(text: str, speaking: None) -> None:
    assert _said(text, "en").message() == "the clipboard holds no game or position"
    assert _said(text, "ru").message() == "в буфере обмена нет ни партии, ни позиции"


def test_what_the_reader_found_is_kept_for_who_asks_in_the_players_words(
        speaking: None) -> None:
    details = _said("Buy milk", "en").values["details"]
    assert isinstance(details, SaveError)
    set_language("en")
    assert details.message() == ("the text in the clipboard, line 1: move 1 (White): “Buy” is "
                                 "not a move; a move here is written like a3-b4")
    set_language("ru")
    assert details.message() == ("текст из буфера обмена, строка 1: ход 1 (белые): «Buy» — не "
                                 "ход; ход здесь пишется так: a3-b4")


def test_a_game_with_a_mistake_is_no_plain_no_game(speaking: None) -> None:
    said = _said("1. c3-d4 f6-g5 2. Buy", "en").message()
    assert said.startswith("the text in the clipboard, line 1: move 2 (White): “Buy” is not a "
                           "move; a move here is written like "), \
        "a game begun: its mistake is the message"
    assert re.fullmatch(r"[a-h][1-8]-[a-h][1-8]", said.rsplit(" ", 1)[1]), \
        "the example is a move of the Russian board, in its letters"


#: PDN texts a reader stops at, and words of what each says in Russian
RUSSIAN = [
    ('[Event "x"\n', "строка 1: тег вроде"),
    ("1. c3-d4 {never closed", "комментарий, открытый знаком «{», не закрыт"),
    ("1. c3-d4 (f6-g5", "вариант, открытый скобкой «(»"),
    ('[GameType "25"]\n1. c3-d4 ] f6-g5', "«]» стоит там, где ждут ход"),
    ('[GameType "99"]\n*', "GameType «99» — ни одна из игр"),
    ('[GameType "21"]\n[Huff "yes"]\n*', "в игре «Английские шашки» нет правила [Huff]"),
    ('[GameType "25"]\n[TournamentDraws "abc"]\n*', "«abc» — не значение для [TournamentDraws]"),
    ('[GameType "25"]\n[FEN "W:Wz9:B1"]\n*', "не позиция игры «Русские шашки»"),
    ('[GameType "25"]\n[FEN "W:W20-32:B1-12"]\n*',
     "правила игры «Русские шашки» не принимают начальную позицию [FEN]: У белых больше шашек"),
    ('[GameType "25"]\n1. c3-d4 f6-g5\n2. a1-h8 *', "строка 3: ход 2 (белые): хода «a1-h8» здесь "
                                                    "нет по правилам"),
]


@pytest.mark.parametrize("text, words", RUSSIAN)
def test_pdn_mistakes_are_said_in_russian_in_the_russian_interface(
        text: str, words: str, speaking: None) -> None:
    said = _said(text, "ru").message()
    assert words in said, said
    english = ENGLISH.findall(said.replace("GameType", "").replace("TournamentDraws", "")
                              .replace("Event", ""))
    assert not english, f"English words {english} in {said!r}"


@pytest.mark.parametrize("text, words", RUSSIAN)
def test_the_same_mistakes_read_in_english_too(text: str, words: str, speaking: None) -> None:
    said = _said(text, "en").message()
    assert said.startswith("the text in the clipboard"), said
    assert not re.search(r"[а-яё]", said, re.IGNORECASE), said


def test_a_dropped_files_mistake_is_russian_and_names_the_file(
        tmp_path: Path, speaking: None) -> None:
    path = tmp_path / "Турнир.pdn"
    path.write_text('[GameType "25"]\n1. c3-d4 f6-g5\n2. a1-h8 *\n', encoding="utf-8")
    set_language("ru")
    with pytest.raises(SaveError) as caught:
        Saves(tmp_path).read_pdn_file(path)
    assert caught.value.message() == ("Турнир.pdn, строка 3: ход 2 (белые): хода «a1-h8» здесь "
                                      "нет по правилам")


# --- sizes over a limit ---------------------------------------------------------------------
@pytest.mark.parametrize("size, limit, en, ru", [
    (1024 * 1024 + 1, 1024 * 1024, ("1024.1", "1024"), ("1024,1", "1024")),
    (1024 * 1024 + 200, 1024 * 1024, ("1024.2", "1024"), ("1024,2", "1024")),
    (1024 * 1024 + 600, 1024 * 1024, ("1025", "1024"), ("1025", "1024")),
    (9 * 1024 * 1024, 8 * 1024 * 1024, ("9216", "8192"), ("9216", "8192")),
    (70_001, 70_000, ("68.4", "68.3"), ("68,4", "68,3")),  # a limit of no whole KB
])
def test_a_size_over_its_limit_never_reads_as_the_limit(
        size: int, limit: int, en: tuple[str, str], ru: tuple[str, str],
        speaking: None) -> None:
    error = SaveError("saves.why.too_big", name="big.pdn", **sizes(size, limit))
    set_language("en")
    assert error.message() == f"big.pdn is too big: {en[0]} KB, the limit is {en[1]} KB"
    set_language("ru")
    assert error.message() == f"big.pdn слишком велик: {ru[0]} КБ при пределе {ru[1]} КБ"
    again = SaveError.from_json(error.to_json())  # as the list of games keeps a reason
    assert again is not None and again.message() == error.message()


def test_a_file_a_byte_over_the_limit_says_two_sizes(tmp_path: Path, speaking: None) -> None:
    path = tmp_path / "big.pdn"
    with open(path, "wb") as out:
        out.truncate(8 * 1024 * 1024 + 1)
    set_language("en")
    with pytest.raises(SaveError) as caught:
        Saves(tmp_path).read_pdn_file(path)
    assert caught.value.message() == "big.pdn is too big: 8192.1 KB, the limit is 8192 KB"
    os.unlink(path)


def test_a_paste_a_character_over_the_limit_says_two_sizes(speaking: None) -> None:
    set_language("ru")
    with pytest.raises(SaveError) as caught:
        read_pasted("x" * (MAX_PASTE_CHARS + 1))
    assert caught.value.message() == ("в буфере обмена слишком много текста (1024,1 КБ при "
                                      "пределе 1024 КБ)")


# --- the game the player was last in --------------------------------------------------------
def _entry(game: str, saved: str, finished: bool) -> Entry:
    return Entry(f"{game}-{saved}", Summary(game, "", ("person", "person"), saved,
                                            "2-0" if finished else "*", finished, {}))


def test_the_game_last_in_is_the_one_saved_last_finished_or_not() -> None:
    assert last_played([]) is None
    entries = [_entry("international", "2026-01-02T10:00:00", False),
               _entry("russian", "2026-01-03T09:00:00", True),
               Entry("broken", None, "saves.why.damaged")]
    assert last_played(entries) == "russian"
