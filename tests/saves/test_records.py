"""Saved games: a game saved at a random point comes back the same, whichever of the four."""
from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from game.play import BoardPlay, ChapaevPlay
from game.play.board_record import board_from_record, record_of_board
from game.play.chapaev_record import chapaev_from_record, record_of_chapaev
from game.play.computer import ComputerPlayer
from game.play.record_format import RecordError
from game.play.records import summarize
from game.play.seats import Person
from game.rules import VARIANTS
from game.rules.core import Color

W, B = Color.WHITE, Color.BLACK


def _through_json(record: dict[str, Any]) -> dict[str, Any]:
    back: dict[str, Any] = json.loads(json.dumps(record, allow_nan=False))
    return back


def _random_board(variant: str, rng: random.Random,
                  options: dict[str, Any] | None = None) -> BoardPlay:
    seats = {W: Person(), B: ComputerPlayer(rng.randint(1, 8))} if rng.random() < 0.5 else None
    play = BoardPlay(variant, options, seats=seats)
    for _ in range(rng.randint(0, 70)):
        if play.is_over:
            break
        play.play(rng.choice(play.game.every_move()), by_person=play.seats[play.turn].is_person)
    if rng.random() < 0.4:
        for _ in range(rng.randint(1, 3)):
            play.undo()
    if play.game.time_limit is not None and play.ply:
        play.tick(rng.uniform(0.5, 100.0))
    if rng.random() < 0.15 and not play.is_over:
        play.resign(rng.choice((W, B)))
    play.events()
    return play


#: options a saved game is tried with, beside the usual ones
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "apokachi": [{"size": 5}, {"size": 7}, {"size": 9}],
    "ugolki": [{"house": 9}, {"house": 12}, {"house": 16}],
    "russian": [{}, {}, {"huff": True}]}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(4))
def test_a_board_game_saved_at_a_random_point_comes_back_the_same(variant: str, seed: int) -> None:
    rng = random.Random(f"{variant}{seed}")
    options = rng.choice(OPTIONS[variant]) if variant in OPTIONS else None
    play = _random_board(variant, rng, options)
    back = board_from_record(_through_json(record_of_board(play)))
    assert back.game.fen() == play.game.fen()
    assert back.game.starting_fen() == play.game.starting_fen()
    assert back.notation == play.notation
    assert back.takebacks.redo_stack == play.takebacks.redo_stack
    assert back.game.options == play.game.options
    assert back.outcome() == play.outcome()
    assert math.isclose(back.game.elapsed, play.game.elapsed, abs_tol=1e-3)
    assert {c: s.describe() for c, s in back.seats.items()} == \
        {c: s.describe() for c, s in play.seats.items()}
    assert sorted(map(str, back.game.legal_moves())) == sorted(map(str, play.game.legal_moves()))
    # and the game goes on the same way: redo and undo do what they did
    assert back.takebacks.can_redo() == play.takebacks.can_redo()
    assert back.takebacks.can_undo() == play.takebacks.can_undo()
    if play.takebacks.can_redo():
        play.redo(), back.redo()
        assert back.game.fen() == play.game.fen()
    back.close()


def test_a_set_up_position_and_a_declared_draw_come_back() -> None:
    play = BoardPlay("russian", fen="W:Wc3,e3:Bd6,Kh8")
    play.play_text("c3-d4")
    play.game.record_end  # draughts keep an agreed draw as the players' own end
    play.offer_draw(W)
    play.draws.answer(True)
    back = board_from_record(_through_json(record_of_board(play)))
    assert back.game.starting_fen() == play.game.starting_fen()
    outcome = back.outcome()
    assert outcome == play.outcome() and outcome is not None and outcome.winner is None
    assert back.undo() and back.outcome() is None, "the agreement is taken back like before"


def _random_chapaev(rng: random.Random) -> ChapaevPlay:
    play = ChapaevPlay()
    for _ in range(rng.randint(1, 7)):
        if play.is_over:
            break
        if play.waiting_next_round:
            play.next_round()
        discs = [d for d in play.table.discs if d[0] is play.match.turn]
        angle = rng.uniform(0, 2 * math.pi)
        play.run_shot(rng.choice(discs), (math.cos(angle), math.sin(angle)), rng.uniform(0.3, 1))
    if play.waiting_next_round:
        play.next_round()
    play.events()
    return play


@pytest.mark.parametrize("seed", range(3))
def test_chapaev_saved_between_two_shots_resumes_on_the_identical_table(seed: int) -> None:
    rng = random.Random(seed)
    play = _random_chapaev(rng)
    back = chapaev_from_record(_through_json(record_of_chapaev(play)))
    assert back.table.state() == play.table.state(), "every disc exactly where it was"
    assert back.match.round_number == play.match.round_number
    assert back.match.lines == play.match.lines and back.match.turn == play.match.turn
    assert back.match.pieces_on_board() == play.match.pieces_on_board()
    assert back.shots == play.shots
    assert back.round_start.lines == play.round_start.lines
    if not play.is_over:
        # the same shot from here gives the same table
        disc = next(d for d in play.table.discs if d[0] is play.match.turn)
        a = play.run_shot(disc, (0.3, 1.0), 0.8)
        b = back.run_shot(disc, (0.3, 1.0), 0.8)
        assert a == b and back.table.state() == play.table.state()


def test_chapaev_pieces_set_by_hand_and_a_resignation_come_back() -> None:
    play = ChapaevPlay()
    play.place({(W, 3): (3.5, 4.6), (B, 2): (3.5, 7.1), (B, 5): (6.5, 7.5)})
    back = chapaev_from_record(_through_json(record_of_chapaev(play)))
    assert back.table.state() == play.table.state()
    assert back.match.pieces_on_board() == play.match.pieces_on_board()
    play.resign(B)
    back = chapaev_from_record(_through_json(record_of_chapaev(play)))
    assert back.is_over and back.match.winner is W and back.match.resigned


def test_summary_names_the_players_and_the_result() -> None:
    play = BoardPlay("russian", seats={W: Person(), B: ComputerPlayer(5)})
    play.play_text("c3-d4")
    play.resign(W)
    summary = summarize(record_of_board(play), name="x")
    assert summary.players == ("person", "computer 5") and summary.result == "0-2"
    assert summary.finished and summary.picture["fen"] == play.game.fen()


@pytest.mark.parametrize("bad", [
    None, [], "text", {"format": "other"}, {"format": "shashki-game", "version": 99},
    {"format": "shashki-game", "version": 1, "game": "chess"},
    {"format": "shashki-game", "version": 1, "game": "russian", "board": []},
    {"format": "shashki-game", "version": 1, "game": "russian", "board": {"moves": ["z9-z8"]}},
    {"format": "shashki-game", "version": 1, "game": "russian", "board": {"moves": "c3-d4"}},
    {"format": "shashki-game", "version": 1, "game": "russian",
     "board": {"options": {"move_limit": "lots"}}},
    {"format": "shashki-game", "version": 1, "game": "apokachi",
     "board": {"start": "W:4:W0:B3"}},
    {"format": "shashki-game", "version": 1, "game": "chapaev",
     "chapaev": {"reports": [["B", [], True]]}},
    {"format": "shashki-game", "version": 1, "game": "chapaev",
     "chapaev": {"table": [["W0", 1e400, 0, 0]]}},
    {"format": "shashki-game", "version": 1, "game": "chapaev",
     "chapaev": {"table": [["X9", 1, 1, 0]]}},
])
def test_a_record_that_is_not_ours_is_refused_with_a_reason(bad: object) -> None:
    with pytest.raises(RecordError):
        if isinstance(bad, dict) and bad.get("game") == "chapaev":
            chapaev_from_record(bad)
        else:
            board_from_record(bad)  # type: ignore[arg-type]


def test_a_game_with_a_chess_clock_comes_back_with_its_times_and_takebacks() -> None:
    from game.play.clock import ClockSpec
    from game.rules.core import Termination

    play = BoardPlay("russian", clock=ClockSpec(5, 3))
    play.play_text("c3-d4")
    play.tick(12.5)
    play.play_text("f6-g5")
    play.tick(4.0)
    back = board_from_record(_through_json(record_of_board(play)))
    assert back.clock is not None and back.clock.spec == ClockSpec(5, 3)
    assert back.clock.left == play.clock.left  # type: ignore[union-attr]
    back.undo()
    play.undo()
    assert back.clock.left == play.clock.left  # type: ignore[union-attr]
    # a fallen flag is kept as the end of the game
    back.tick(1000.0)
    assert back.outcome() is not None
    assert back.outcome().termination is Termination.TIME_FORFEIT  # type: ignore[union-attr]
    again = board_from_record(_through_json(record_of_board(back)))
    assert again.outcome() == back.outcome()


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_newer_draughts_games_save_and_come_back_too(variant: str) -> None:
    # a game of these was refused on loading as "an unknown game": Continue lost it
    play = _random_board(variant, random.Random(variant))
    back = board_from_record(_through_json(record_of_board(play)))
    assert back.variant == variant
    assert back.game.fen() == play.game.fen()
    assert back.notation == play.notation
    assert back.outcome() == play.outcome()
    assert summarize(record_of_board(play)).game == variant


def test_chapaev_saved_as_a_round_ends_resumes_at_the_next_rounds_start() -> None:
    """The scene keeps the match after every shot, the one that ends a round too: a match
    left (or a program killed) during the round's result comes back ready for the next."""
    rng = random.Random(7)
    play = ChapaevPlay()
    while not play.waiting_next_round:
        assert not play.is_over
        discs = [d for d in play.table.discs if d[0] is play.match.turn]
        angle = rng.uniform(0, 2 * math.pi)
        play.run_shot(rng.choice(discs), (math.cos(angle), math.sin(angle)), 1.0)
    record = _through_json(record_of_chapaev(play))
    assert record["chapaev"]["table"] is not None, "saved with the ended round's table"
    back = chapaev_from_record(record)
    play.next_round()
    assert back.can_shoot and back.match.round_number == play.match.round_number
    assert back.table.state() == play.table.state(), "the next round set up"
    assert back.match.lines == play.match.lines and back.shots == play.shots


def test_a_wide_board_match_on_its_swamp_keeps_its_picture_for_the_games_list() -> None:
    """In the bayonet fight Black stands on its swamp beyond row 8 and White's pieces lie over
    Black's: the Games list and Continue still show the table (a picture, not a table to
    play on), and its thumbnail shows the rim."""
    import pygame

    from game.demos.chapaev import win_until
    from game.play.chapaev_play import ChapaevPlay
    from game.play.chapaev_record import record_of_chapaev
    from game.play.records import summarize
    from game.rules.chapaev import ChapaevMatch, ChapaevOptions
    from game.ui.thumbs import thumbnail

    match = ChapaevMatch(ChapaevOptions(swamp=True))
    win_until(match, Color.WHITE, lambda m: m.bayonet)
    picture = summarize(_through_json(record_of_chapaev(ChapaevPlay(match=match)))).picture
    discs = picture["discs"]
    assert discs is not None and len(discs) == 16
    assert any(y > 8.0 for _, _, y, _ in discs), "Black stands on its swamp"
    pygame.display.init()
    surface = thumbnail("chapaev", picture, 160)
    top = surface.get_at((surface.get_width() // 2, 10))
    assert top != thumbnail("chapaev", {"discs": []}, 160).get_at((surface.get_width() // 2, 10))
