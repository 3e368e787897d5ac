"""The seat protocol: every seat hears every event of the game and may, at any time, answer
with a move or shot, a resignation, a draw offer or its answer, a takeback request or its
answer; one turn driver serves board games and Chapaev alike."""
from __future__ import annotations

from game.play import BoardPlay, ChapaevPlay, Person, ScriptedPlayer
from game.play.clock import ClockSpec
from game.play.events import (GameOver, MovePlayed, MovesTakenBack,
                              PlayEvent, Refused, SeatAway, SeatBack, ShotStarted,
                              TakebackAsked, TakebackDeclined)
from game.play.seats import (Answer, AnswerDraw, AnswerTakeback, AskTakeback, OfferDraw,
                             Position, Request, Resign, Seat)
from game.rules.core import Color, Game, Termination
from physics import Shot

W, B = Color.WHITE, Color.BLACK


class Elsewhere(Seat):
    """A person at another computer, as a remote seat looks to the game: moves and requests
    come when the test says, and it hears everything."""

    is_person = True
    at_window = False
    kind = "elsewhere"

    def __init__(self) -> None:
        self.heard: list[PlayEvent] = []
        self.moves: list[Answer | str] = []
        self.asks: list[Request] = []
        self.here = True
        self.begun = 0
        self._position: Position | None = None

    @property
    def present(self) -> bool:
        return self.here

    def hear(self, event: PlayEvent) -> None:
        self.heard.append(event)

    def requests(self) -> list[Request]:
        out, self.asks = self.asks, []
        return out

    def begin(self, position: Position) -> None:
        self.begun += 1
        self._position = position

    def poll(self) -> Answer | None:
        if self._position is None or not self.moves:
            return None
        answer = self.moves.pop(0)
        if isinstance(answer, str):
            assert isinstance(self._position, Game)
            return self._position.parse_move(answer)
        return answer

    def cancel(self) -> None:
        self._position = None


class Listener(Person):
    """A person at this window who also keeps what it hears."""

    def __init__(self) -> None:
        self.heard: list[PlayEvent] = []

    def hear(self, event: PlayEvent) -> None:
        self.heard.append(event)


def kinds(events: list[PlayEvent]) -> list[str]:
    return [type(e).__name__ for e in events]


def test_every_seat_hears_every_event_of_a_board_game() -> None:
    here, there = Listener(), Elsewhere()
    play = BoardPlay("russian", seats={W: here, B: there})
    assert here.color is W and there.color is B  # each seat is told its side
    play.play_text("c3-d4")
    there.moves.append("f6-e5")
    play.update()
    play.offer_draw(W)
    there.asks.append(AnswerDraw(False))
    play.update()
    play.resign(W)
    expected = ["MovePlayed", "MovePlayed", "DrawOffered", "DrawDeclined", "GameOver"]
    assert kinds(here.heard) == expected
    assert kinds(there.heard) == expected
    assert kinds(play.events()) == expected  # and the window gets them as before
    over = here.heard[-1]
    assert isinstance(over, GameOver) and over.outcome is not None
    assert over.outcome.termination is Termination.RESIGNATION and over.winner is B


def test_a_seat_elsewhere_resigns_offers_a_draw_and_answers_one_whenever_it_likes() -> None:
    there = Elsewhere()
    play = BoardPlay("international", seats={B: there})
    play.play_text("32-28")
    # Black offers a draw on its own turn ... and the person here declines it
    there.asks.append(OfferDraw())
    play.update()
    assert play.draws.offered is B and not play.person_to_move
    play.draws.answer(False)
    assert play.draws.offered is None
    # an answer to no offer is refused, and the seat is told why
    there.asks.append(AnswerDraw(True))
    play.update()
    refused = [e for e in there.heard if isinstance(e, Refused)]
    assert refused and refused[-1].color is B and "no draw" in refused[-1].reason
    assert play.outcome() is None
    # White offers, Black takes it over the link: the game is drawn by agreement
    there.moves.append("19-23")
    play.update()
    play.offer_draw(W)
    there.asks.append(AnswerDraw(True))
    play.update()
    outcome = play.outcome()
    assert outcome is not None and outcome.termination is Termination.AGREEMENT


def test_a_takeback_asked_from_elsewhere_waits_for_the_person_here() -> None:
    there = Elsewhere()
    play = BoardPlay("russian", seats={B: there})
    play.play_text("c3-d4")
    there.moves.append("h6-g5")
    play.update()
    play.play_text("a3-b4")
    # Black (elsewhere) asks to take back its move: the person here is asked
    there.asks.append(AskTakeback())
    play.update()
    assert play.takebacks.asked is B and not play.person_to_move
    assert isinstance(there.heard[-1], TakebackAsked)
    play.takebacks.answer(True)
    # back to Black's own turn: White's reply and Black's move are gone
    assert play.ply == 1 and play.turn is B
    taken = [e for e in there.heard if isinstance(e, MovesTakenBack)]
    assert len(taken[-1].moves) == 2
    # a second request is declined: the game stays, the asking side hears the answer
    there.moves.append("h6-g5")
    play.update()
    there.asks.append(AskTakeback())
    play.update()
    play.takebacks.answer(False)
    assert play.ply == 2 and isinstance(there.heard[-1], TakebackDeclined)


def test_a_takeback_asked_here_against_elsewhere_waits_for_its_answer() -> None:
    there = Elsewhere()
    play = BoardPlay("russian", seats={B: there})
    play.play_text("c3-d4")
    assert play.undo()  # asked, not done
    assert play.ply == 1 and play.takebacks.asked is W
    assert isinstance(there.heard[-1], TakebackAsked) and there.heard[-1].by is W
    there.asks.append(AnswerTakeback(True))
    play.update()
    assert play.ply == 0 and play.takebacks.asked is None
    # an answer to no question is refused
    there.asks.append(AnswerTakeback(True))
    play.update()
    assert isinstance(there.heard[-1], Refused)


def test_against_the_computer_and_between_two_people_here_takebacks_stay_at_once() -> None:
    play = BoardPlay("russian")
    play.play_text("c3-d4")
    play.play_text("f6-e5")
    assert play.undo() and play.ply == 1  # two people at one window: one move back
    script = ScriptedPlayer(["f6-e5"])
    play = BoardPlay("russian", seats={B: script})
    play.play_text("c3-d4")
    play.update()
    assert play.ply == 2 and play.undo() and play.ply == 0  # the computer: back to our turn


def test_a_move_out_of_turn_or_illegal_from_elsewhere_is_refused_and_asked_again() -> None:
    there = Elsewhere()
    play = BoardPlay("russian", seats={B: there})
    play.play_text("c3-d4")
    illegal = play.game.copy()
    illegal.push(illegal.parse_move("f6-e5"))
    there.moves.append(illegal.parse_move("d4:f6"))  # a white capture: not Black's move
    assert play.update() is None
    assert play.ply == 1 and isinstance(there.heard[-1], Refused)
    there.moves.append("f6-g5")
    assert play.update() is not None and play.ply == 2
    assert there.begun == 2  # asked again after the refusal


def test_a_seat_away_stops_the_game_and_its_clock_until_it_comes_back() -> None:
    there = Elsewhere()
    play = BoardPlay("russian", seats={B: there}, clock=ClockSpec(5))
    play.play_text("c3-d4")
    there.here = False
    play.update()
    assert play.waiting_for is B and isinstance(play.events()[-1], SeatAway)
    left = dict(play.clock.left) if play.clock else {}
    play.tick(30.0)
    assert play.clock is not None and play.clock.left == left  # stopped while away
    there.moves.append("f6-g5")
    assert play.update() is None and play.ply == 1  # no move while away
    there.here = True
    assert play.update() is not None
    events = play.events()
    assert isinstance(events[0], SeatBack) and isinstance(events[1], MovePlayed)
    play.tick(1.0)
    assert play.clock.left[W] < left[W]


def test_a_person_here_cannot_move_while_the_other_side_is_away() -> None:
    there = Elsewhere()
    play = BoardPlay("russian", seats={B: there})
    assert play.person_to_move
    there.here = False
    play.update()
    assert not play.person_to_move


def test_chapaev_seats_hear_the_shots_and_may_resign_but_not_offer_draws() -> None:
    here, there = Listener(), Elsewhere()
    play = ChapaevPlay(seats={W: here, B: there})
    disc = next(d for d in play.position().discs if d[0] is play.match.turn)
    shooter = play.match.turn
    if shooter is W:
        play.run_shot(disc, (0.0, 1.0), 0.3)
    else:
        there.moves.append(Shot(disc, (0.0, -1.0), 0.3))
        play.update()
        play.finish_shot()
    for seat in (here, there):
        names = kinds(seat.heard)
        assert "ShotStarted" in names and "ShotDone" in names
    started = next(e for e in there.heard if isinstance(e, ShotStarted))
    assert started.disc == disc
    there.asks.append(OfferDraw())
    play.update()
    assert isinstance(there.heard[-1], Refused)
    there.asks.append(Resign())
    play.update()
    assert play.is_over and play.match.winner is W
    assert isinstance(here.heard[-1], GameOver)


class Program(ScriptedPlayer):
    """A program that keeps a game of its own (as a DXP program does)."""

    keeps_own_game = True


def test_no_redo_against_a_seat_that_keeps_its_own_game() -> None:
    play = BoardPlay("russian", seats={B: Program(["f6-g5"])})
    play.play_text("c3-d4")
    play.update()
    assert play.ply == 2 and play.undo() and play.ply == 0
    assert not play.takebacks.can_redo() and not play.redo()  # it never made these moves again
    computer = BoardPlay("russian", seats={B: ScriptedPlayer(["f6-g5"])})
    computer.play_text("c3-d4")
    computer.update()
    assert computer.undo() and computer.takebacks.can_redo()  # the computer here: redo as ever
