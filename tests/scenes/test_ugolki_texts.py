"""Уголки already in the menu (the registry lists it) before its own screen work: every way
its games end has words in both languages, and its setup row has its label."""
from __future__ import annotations

import pytest

from game import i18n
from game.rules import Termination
from game.rules.ugolki import Ugolki
from game.ui.end_texts import end_reason, result_title

ENDS = {
    # (position, move) -> the end it brings
    Termination.FINISHED: ("B:Wf6,g6,h6,f7,g7,h7,g8,d5,e5:Ba1,b1,c1,a2,b2,c2,a3,c3,b4:F30:P9",
                           "b4-b3"),
    Termination.BOTH_FINISHED: ("B:Wf6,g6,h6,f7,g7,h7,g8,h8,f8:Ba1,b1,c1,a2,b2,c2,a3,b3,d3"
                                ":F31:P9", "d3-c3"),
    Termination.STAYED_HOME: ("W:Wa1,e4:Bh5,c6:F40", "e4-e5"),
    Termination.MOVE_LIMIT: ("B:We6,f6,g6,a5:Ba1,b1,h5,h4:F80", "h4-h3"),
    Termination.NO_MOVES: ("B:Wa1:Ba2,b1,a3,c1,h8:F2", "h8-g8"),  # a1 boxed in
}


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("termination", list(ENDS))
def test_every_end_of_ugolki_is_told_in_words(termination: Termination, language: str) -> None:
    fen, move = ENDS[termination]
    game = Ugolki.from_fen(fen)
    game.play(game.parse_move(move))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination is termination, game.fen()
    previous = i18n.language()
    i18n.set_language(language)
    try:
        assert result_title(outcome).strip() and end_reason(game, outcome).strip()
    finally:
        i18n.set_language(previous)


def test_the_setup_and_editor_rows_have_their_labels() -> None:
    for key in ("setup.house", "setup.house.help", "editor.house", "game.ugolki",
                "blurb.ugolki"):
        assert key in i18n.STRINGS
