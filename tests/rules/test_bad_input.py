"""Bad input of every kind: one clear line of error, no traceback, nothing taken wrongly."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Color, NotationError, RulesError
from game.rules.apokachi import Apokachi
from game.rules.international import International
from game.rules.pdn import MAX_TAG, read_pdn, write_pdn
from game.rules.russian import Russian
from game.rules.text import clean

ROOT = Path(__file__).resolve().parents[2]
HUGE = "W:W" + "1" * 1_000_000


def cli(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.rules", *argv], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


# --- the command line ---------------------------------------------------------------------

def test_a_perft_too_deep_is_refused_in_one_line() -> None:
    done = cli("perft", "--variant", "russian", "--depth", "1000")
    assert done.returncode == 2
    assert "--depth" in done.stderr and "Traceback" not in done.stderr


def test_an_empty_fen_is_not_the_start_position() -> None:
    done = cli("perft", "--variant", "international", "--depth", "1", "--fen", "")
    assert done.returncode == 2 and not done.stdout
    assert done.stderr.startswith("error:") and "--fen" in done.stderr
    assert "Traceback" not in done.stderr


def test_moves_ends_quietly_when_the_reader_stops() -> None:
    lines = "W:W31-50:B1-20\n" * 3000
    done = subprocess.run(
        f"{sys.executable} -m game.rules moves --variant international | head -1",
        shell=True, input=lines, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("31-26 ") and done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_a_huge_bad_line_gives_a_short_error() -> None:
    done = cli("moves", "--variant", "international", stdin=HUGE + "\n")
    assert done.returncode == 0 and done.stdout.startswith("error:")
    assert len(done.stdout) < 300


# --- error messages quote little of the input ----------------------------------------------

@pytest.mark.parametrize("attempt", [
    lambda: International.from_fen(HUGE),
    lambda: International.from_fen("W:W31:B" + "x" * 1_000_000),
    lambda: Russian.from_fen("W:Wa1:B" + "a1," * 300_000 + "zz"),
    lambda: International.new().parse_move("32-" + "9" * 1_000_000),
    lambda: International.new().parse_move("32-28" + "-" * 1_000_000),
    lambda: Russian.new().parse_move("c3" + ":c3" * 300_000),
    lambda: Apokachi.from_fen("W:9:W" + "a" * 1_000_000 + ":B"),
    lambda: Apokachi.new().parse_move("a1-" + "b" * 1_000_000),
    lambda: read_pdn("1. " + "x" * 1_000_000),
    lambda: read_pdn('[FEN "' + "W" * 1_000_000 + '"]'),
    lambda: International.new(move_limit="9" * 1_000_000),
])
def test_errors_quote_at_most_a_short_piece_of_the_input(attempt: object) -> None:
    with pytest.raises(ValueError) as caught:
        attempt()  # type: ignore[operator]
    assert len(str(caught.value)) < 300


# --- positions ------------------------------------------------------------------------------

def test_a_fen_that_leaves_out_a_side_means_it_has_no_pieces() -> None:
    game = International.from_fen("W:W28")
    assert game.fen() == "W:W28:B"
    game.push(game.legal_moves()[0])
    outcome = game.outcome()  # Black, with nothing on the board, cannot move
    assert outcome is not None and outcome.winner is Color.WHITE
    assert Apokachi.from_fen("B:5:Wa1,b1").fen() == "B:5:Wa1,b1:B"


# --- game files -----------------------------------------------------------------------------

def test_pdn_is_for_draughts_only() -> None:
    with pytest.raises(NotationError, match="Apokachi is not one"):
        read_pdn("1. 32-28 *", "apokachi")
    with pytest.raises(NotationError, match="unknown variant"):
        read_pdn("1. 32-28 *", "chess")


@pytest.mark.parametrize("text, variant", [
    ('[FEN "W:W31-50:B1-20"]\n*', "international"),
    ('[FEN "W:W31,32:B1,2"]\n*', "international"),
    ('[FEN "B:WK46:B1"]\n*', "international"),
    ('[FEN "W:Wa1,c1:Bh8"]\n*', "russian"),
    ('[FEN "W:WKb8:Bc7"]\n*', "russian"),
    ('[GameType "25"]\n[FEN "W:Wa1:Bh8"]\n*', "russian"),
])
def test_the_variant_comes_from_the_game_type_then_the_fens_squares(text: str,
                                                                   variant: str) -> None:
    assert read_pdn(text)[0].variant == variant


def test_a_fen_on_the_wrong_board_for_the_game_type_is_an_error() -> None:
    with pytest.raises(NotationError, match="FEN") as caught:
        read_pdn('[GameType "25"]\n[FEN "W:W31-50:B1-20"]\n*')
    assert caught.value.line == 2


def test_write_pdn_writes_only_tags_it_reads_back() -> None:
    text = write_pdn(International.new(), {"Event": "Two\nlines\r\nhere", "Site": 'a "b" \\ c'})
    (read,) = read_pdn(text)
    assert read.tags["Event"] == "Two lines here"
    assert read.tags["Site"] == 'a "b" \\ c'
    for bad in ("Two words", "", "9Round", 'Q"uote', "Tab\tName"):
        with pytest.raises(NotationError, match="tag name"):
            write_pdn(International.new(), {bad: "x"})


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,12}", fullmatch=True),
                       st.text(max_size=40), max_size=5))
def test_any_tags_write_pdn_accepts_read_back(tags: dict[str, str]) -> None:
    tags = {k: v for k, v in tags.items()
            if k.lower() not in ("result", "gametype", "fen", "movelimit", "drawofferafter",
                                 "tournamentdraws")}
    text = write_pdn(Russian.new(), tags)
    (read,) = read_pdn(text)
    for name, value in tags.items():
        # read back as every text from outside is: cleaned (controls out, one line)
        written = clean(value.replace("\r\n", " ").replace("\r", " ").replace("\n", " "),
                        MAX_TAG)
        assert any(k.lower() == name.lower() and v == written for k, v in read.tags.items())


def test_every_error_is_a_rules_error() -> None:
    for attempt in (lambda: read_pdn("1. 32-28", "apokachi"),
                    lambda: International.from_fen("W"),
                    lambda: International.new(move_limit=True)):
        with pytest.raises(ValueError):
            attempt()
    with pytest.raises(RulesError):
        read_pdn("1. 32-28", "apokachi")
