"""Уголки already in the menu (the registry lists it) before its own screen work: every way
its games end has words in both languages, and its setup row has its label."""
from __future__ import annotations

import pytest

from game import i18n
from game.rules import Termination
from game.rules.ugolki import BOTH_FINISHED, FINISHED, STAYED_HOME, Ugolki
from game.ui.end_texts import end_reason, result_title

ENDS = {
    # (position, move) -> the end it brings
    FINISHED: ("B:Wf6,g6,h6,f7,g7,h7,g8,d5,e5:Ba1,b1,c1,a2,b2,c2,a3,c3,b4:F30:P9",
                           "b4-b3"),
    BOTH_FINISHED: ("B:Wf6,g6,h6,f7,g7,h7,g8,h8,f8:Ba1,b1,c1,a2,b2,c2,a3,b3,d3"
                                ":F31:P9", "d3-c3"),
    STAYED_HOME: ("W:Wa1,e4:Bh5,c6:F40", "e4-e5"),
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


def test_the_board_screen_already_takes_ugolki_moves_by_clicks_and_drags() -> None:
    from game import i18n as lang
    from tests.scenes.board_helpers import click_at, drag, start_board

    app, board = start_board("ugolki")
    click_at(app, board, "c2", "e2")  # a jump over d2, entered by its piece and end square
    assert board.play.notation == ["c2-e2"]
    drag(app, board, "f7", "d7")  # Black jumps e7
    assert board.play.notation == ["c2-e2", "f7-d7"]
    click_at(app, board, "a1")  # hemmed in by its own pieces
    assert board.message == lang.tr("board.why.stuck")
    click_at(app, board, "c3", "h1")  # no step nor chain from c3 reaches h1
    assert board.message == lang.tr("board.why.no_route")
    assert board.play.notation == ["c2-e2", "f7-d7"]
