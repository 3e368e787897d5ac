"""PDN files as sites and programs write them: tags, comments, variations, NAGs, marks, BOM,
CRLF, several games, a FEN tag, GameType 20 and 25, a [Variant] tag."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game import i18n
from game.rules.core import Color, Termination
from game.rules.pdn import read_pdn, write_pdn
from game.saves import SaveError, Saves

HERE = Path(__file__).parent / "pdn"


@contextmanager
def speaking(language: str) -> Iterator[None]:
    before = i18n.language()
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language(before)


def test_an_international_file_with_bom_crlf_comments_variations_and_a_fen() -> None:
    games = Saves(HERE).read_pdn_file(HERE / "international.pdn")
    assert [g.variant for g in games] == ["international", "international"]
    first, second = games
    assert first.tags["White"] == "Baljakin, A." and first.tags["Round"] == "3"
    assert len(first.moves) == 11, "the variation (3. 34-29 ...) is read past, not played"
    assert first.result == "1-1"
    outcome = first.game().outcome()
    assert outcome is not None and outcome.termination is Termination.AGREEMENT
    assert second.fen == "B:W28,K46:B19,23" and second.result == "*"
    game = second.game()
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner is Color.WHITE, "1... 23x32 2. 46x14 takes the last piece"


def test_a_russian_file_with_marks_nags_line_comments_and_chess_results() -> None:
    games = read_pdn((HERE / "russian.pdn").read_text(encoding="utf-8"))
    assert [g.variant for g in games] == ["russian", "russian"]
    assert games[0].tags["White"] == "Шашков" and games[0].result == "2-0"
    assert len(games[0].moves) == 9
    assert games[1].result == "0-2", "0-1 is read as Black's win"
    outcome = games[1].game().outcome()
    assert outcome is not None and outcome.winner is Color.BLACK


def test_a_variant_tag_without_gametype() -> None:
    games = read_pdn((HERE / "variant_tag.pdn").read_text(encoding="utf-8"))
    assert games[0].variant == "russian" and len(games[0].moves) == 4


def test_evaluation_marks_written_apart_are_skipped() -> None:
    games = read_pdn('[GameType "25"]\n1. c3-d4 ! f6-g5 += 2. b2-c3 ?! g7-f6 ± *\n')
    assert len(games[0].moves) == 4


def test_what_we_write_reads_back_the_same() -> None:
    games = Saves(HERE).read_pdn_file(HERE / "international.pdn")
    game = games[0].game()
    again = read_pdn(write_pdn(game, {"White": "Baljakin, A."}))[0]
    assert again.moves == games[0].moves and again.result == "1-1"


@pytest.mark.parametrize("content, key, line", [
    (b"", "saves.why.no_games", None),
    (b"\x00\x01\x02binary", "saves.why.binary", None),
    (b'[GameType "25"]\n1. c3-d4 a1-h8 *\n', "saves.why.pdn_line", 2),
    (b'[GameType "99"]\n1. 32-28 *\n', "saves.why.pdn_line", 1),
    (b'[Event "x"\n', "saves.why.pdn_line", 1),
    (b'\n\n1. 32-28 {a comment that never ends', "saves.why.pdn_line", 3),
])
def test_a_bad_pdn_file_says_why(tmp_path: Path, content: bytes, key: str,
                                 line: int | None) -> None:
    path = tmp_path / "bad.pdn"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        Saves(tmp_path).read_pdn_file(path)
    assert caught.value.key == key
    assert "bad.pdn" in caught.value.message()
    if line is not None:  # the line where the reading stopped, in the player's language
        for language, word in (("en", "line"), ("ru", "строка")):
            with speaking(language):
                assert f"bad.pdn, {word} {line}: " in caught.value.message()
    assert path.read_bytes() == content, "the file is left as it is"


def test_a_windows_1251_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "old.pdn"
    path.write_bytes('[White "Шашков"]\n[GameType "25"]\n1. c3-d4 *\n'.encode("cp1251"))
    assert Saves(tmp_path).read_pdn_file(path)[0].tags["White"] == "Шашков"
