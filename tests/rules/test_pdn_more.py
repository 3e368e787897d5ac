"""PDN from other programs and from hostile hands: 8x8 games written with square numbers,
files of marks and no moves, big files listed without replaying every move."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules import NotationError, find_variant
from game.rules.pdn import read_pdn, scan_pdn, write_pdn

HERE = Path(__file__).resolve().parents[1] / "saves" / "pdn"


def _numbered(text: str) -> str:
    """A Russian PDN text with every square name written as the 1-32 number other programs
    use (b8 = 1 ... g1 = 32)."""
    geometry = find_variant("russian").new().geometry
    number = {name: str(square) for square, name in zip(geometry.squares, geometry.names)}
    body = re.sub(r"\b([a-h][1-8])\b", lambda m: number[m.group(1)], text.split("\n\n", 1)[1])
    return text.split("\n\n", 1)[0] + "\n\n" + body.replace(":", "x")


def test_a_russian_file_in_square_numbers_reads_as_the_same_games() -> None:
    text = (HERE / "russian.pdn").read_text(encoding="utf-8")
    games = read_pdn(text)
    numbered = _numbered(text)
    assert "22-18" in numbered or "22-17" in numbered or "23-19" in numbered
    again = read_pdn(numbered)
    assert [g.moves for g in again] == [g.moves for g in games]
    assert [g.variant for g in again] == ["russian", "russian"]


def test_numbered_moves_of_the_8x8_games() -> None:
    (russian,) = read_pdn('[GameType "25"]\n1. 22-18 11-15 2. 18x11 8x15 *')
    assert [russian.game().geometry.name(m.start) for m in russian.moves] == \
        ["c3", "f6", "d4", "g7"]
    (brazilian,) = read_pdn('[GameType "26"]\n1. 22-18 11-15 2. 18x11 8x15 *')
    assert brazilian.variant == "brazilian" and len(brazilian.moves) == 4
    (untagged,) = read_pdn("1. 22-18 11-15 2. 18x11 8x15 *")
    assert untagged.variant == "russian", "a first move from 21-24 is an 8x8 White's"
    (international,) = read_pdn("1. 32-28 19-23 *")
    assert international.variant == "international"


def test_a_numbered_fen_of_an_8x8_game() -> None:
    (game,) = read_pdn('[GameType "25"]\n[FEN "W:W21,22,K5:B10"]\n1. 22-18 *')
    assert game.fen == "W:Wa3,c3,Ka7:Bd6"
    (start,) = read_pdn('[GameType "25"]\n[FEN "W:W21-32:B1-12"]\n1. 22-18 *')
    assert start.fen is None, "the standard start, written in numbers"
    with pytest.raises(NotationError, match="13 white pieces"):
        read_pdn('[GameType "25"]\n[FEN "W:W20-32:B1-12"]\n1. 22-18 *')


def test_a_fen_tag_with_too_many_pieces_is_refused() -> None:
    with pytest.raises(NotationError, match="21 white pieces"):
        read_pdn('[GameType "20"]\n[FEN "W:W26-46:B1"]\n*')


@pytest.mark.parametrize("text", ["=" * 20_000, "= " * 10_000, "!? +- ± $14 ...", "1. 2. 3."])
def test_a_file_of_marks_and_numbers_holds_no_game(text: str) -> None:
    assert scan_pdn(text) == [] and read_pdn(text) == []


def test_a_big_file_is_listed_before_its_moves_are_replayed() -> None:
    text = (HERE / "russian.pdn").read_text(encoding="utf-8")
    broken = text + '\n[GameType "25"]\n[White "Late"]\n1. c3-d4 a1-h8 *\n'
    games = scan_pdn(broken)
    assert len(games) == 3 and games[2].tags["White"] == "Late"
    assert len(games[0].moves) == 9, "a good game replays when it is used"
    with pytest.raises(NotationError) as caught:
        games[2].game()
    assert caught.value.line == text.count("\n") + 4
    with pytest.raises(NotationError):
        read_pdn(broken)


def test_what_we_write_scans_back_the_same() -> None:
    game = read_pdn((HERE / "international.pdn").read_text(encoding="utf-8-sig"))[0].game()
    (again,) = scan_pdn(write_pdn(game))
    assert again.game().move_stack == game.move_stack
