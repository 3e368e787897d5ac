"""The Hub engine driven as a draughts GUI drives it: whole games with the history as
``moves=``, a clock with an increment, ``ping`` and ``stop`` during searches, a new game from
a position in the middle of a game; every ``done`` and ``ponder`` legal; every malformed line
answered with an error and the engine still there."""
from __future__ import annotations

import io
import random
import time

import pytest

from game.ai.hub import MAX_LINE, HubEngine, HubError, Level, parse_line, position, read_lines
from game.rules import Color
from tests.ai.hub_client import MALFORMED, START, HubClient, check_malformed, find_move

#: the position after 40 plies of a game (White to move, 26 pieces on the board)
MIDDLE = "Wbebbeebbbeebbbeeebebebeeewebeeeewwewewwweewwwwwwee"


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    hub = HubClient()
    hub.handshake()
    yield hub
    assert hub.quit() == 0
    assert not any("Traceback" in line for line in hub.stderr), "".join(hub.stderr)


def test_whole_games_through_the_hub_with_a_clock(client: HubClient) -> None:
    # the engine (White) against the client's random moves from the start, then a new game
    # from the middle of a game with the engine on the other side
    # (two seconds a side: against random moves the engine needs no more; longer clocks and
    # many more games: benchmarks/hub_games.py)
    first = client.play(rng=random.Random(1), clock=(2.0, 0.1), engine_plays=(Color.WHITE,),
                        ping=0.3, stop=0.1)
    client.send("new-game")
    second = client.play(start=MIDDLE, rng=random.Random(2), clock=(2.0, 0.1),
                         engine_plays=(Color.BLACK,), ping=0.3, stop=0.1)
    for report in (first, second):
        assert report.result in ("2-0", "0-2", "1-1"), report  # played to its end
        assert report.illegal == [] and report.inconsistent == [] and report.missing == 0
        assert report.errors == [] and report.flags == 0
        assert report.dones >= 10
    assert first.result == "2-0" and second.result == "0-2", "the engine beats random moves"
    assert first.pings + second.pings > 0 and first.stops + second.stops > 0


def test_a_game_the_engine_plays_against_itself_to_the_end(client: HubClient) -> None:
    # the middle-game position, the engine on both sides with a quick clock: the game goes
    # on (by our own rules) to its end, every answer legal
    # (an increment of a tenth of a second, as in the games above: the last seconds of a bare
    # 0.05 s increment are at the mercy of the scheduler on a busy two-core machine; longer
    # clocks and many more games: benchmarks/hub_games.py)
    report = client.play(start=MIDDLE, rng=random.Random(3), clock=(1.5, 0.1), ping=0.1,
                         stop=0.05)
    assert report.result != "*" and report.illegal == [] and report.inconsistent == []
    assert report.missing == 0 and report.flags == 0


def test_at_least_forty_malformed_lines_are_refused_and_the_engine_goes_on(
        client: HubClient) -> None:
    assert len(MALFORMED) >= 40
    assert check_malformed(client) == []
    # and it still plays
    client.send("pos start")
    client.send("level move-time=0.05")
    client.send("go think")
    done = client.until_word("done")[-1]
    assert find_move(position(START), done.split()[1].removeprefix("move=")) is not None


def test_a_refused_level_keeps_the_one_before(client: HubClient) -> None:
    client.send("pos start")
    client.send("level move-time=0.2")
    client.send("level move-time=nan")
    began = time.monotonic()
    client.send("go think")
    lines = client.until_word("done", 10)
    assert any(line.startswith("error") for line in lines)
    assert time.monotonic() - began < 2.0, "the search kept to 0.2 s"


def test_a_game_our_rules_have_drawn_still_gets_a_move(client: HubClient) -> None:
    # kings shuffling: the third time the position comes back our rules call it a draw, but
    # the GUI may play on by its own rules and asks for a move
    start = "WBeeeeeeeeeeeeebeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeeeeW"  # kings on 50 and 1
    shuffle = "50-44 1-7 44-50 7-1 " * 3
    game = position(start)
    for word in shuffle.split():
        move = find_move(game, word)
        assert move is not None
        game.push(move)
    assert game.outcome() is not None and game.perft_moves()
    client.send(f'pos pos={start} moves="{shuffle}"')
    client.send("level move-time=0.1")
    client.send("go think")
    done = client.until_word("done", 10)[-1]
    assert find_move(game, done.split()[1].removeprefix("move=")) is not None, done


def test_a_position_with_no_move_gets_an_error_and_a_done(client: HubClient) -> None:
    client.send("pos pos=W" + "b" * 20 + "e" * 30)  # White has no piece left
    client.send("go think")
    lines = client.until_word("done", 10)
    assert lines[-1] == "done" and lines[-2].startswith("error")


def test_ping_and_stop_during_a_search(client: HubClient) -> None:
    client.send("pos start")
    client.send("level infinite")
    client.send("go analyze")
    time.sleep(0.3)
    client.send("ping")
    assert not any(line.startswith("done") for line in client.until_word("pong", 5))
    began = time.monotonic()
    client.send("stop")
    done = client.until_word("done", 5)[-1]
    assert time.monotonic() - began < 1.0
    assert find_move(position(START), done.split()[1].removeprefix("move=")) is not None


def test_pondering_waits_for_the_hit_then_keeps_the_time(client: HubClient) -> None:
    client.send('pos start moves="32-28"')
    client.send("level move-time=0.3")
    client.send("go ponder")
    time.sleep(0.6)  # longer than the move time: a ponder search is not on the clock yet
    client.send("ping")
    assert not any(line.startswith("done") for line in client.until_word("pong", 5))
    began = time.monotonic()
    client.send("ponder-hit")
    client.until_word("done", 5)
    assert time.monotonic() - began < 1.5


def test_a_single_move_is_played_at_once_but_analysed_for_its_score(client: HubClient) -> None:
    client.send('pos start moves="32-28 19-23"')  # White must take: 28x19x23
    client.send("level move-time=5")
    began = time.monotonic()
    client.send("go think")
    lines = client.until_word("done", 10)
    assert time.monotonic() - began < 1.0 and lines[-1].startswith("done move=28x19x23")
    client.send("level depth=4")
    client.send("go analyze")
    lines = client.until_word("done", 30)
    scores = [line for line in lines if line.startswith("info depth=4 ")]
    assert scores and "pv=\"28x19x23" in scores[-1]


def test_lines_are_read_without_holding_a_long_one() -> None:
    text = "ping\n" + "x" * (3 * MAX_LINE) + "\n" + "pos start\r\n" + "y" * 10
    assert list(read_lines(io.StringIO(text))) == ["ping", None, "pos start", "y" * 10]


def test_a_megabyte_line_is_refused_in_a_moment() -> None:
    out = io.StringIO()
    engine = HubEngine(out)
    began = time.perf_counter()
    engine.run(read_lines(io.StringIO("pos pos=" + "W" * 1_000_000 + "\nping\n")))
    assert time.perf_counter() - began < 1.0
    assert out.getvalue().splitlines() == [
        f'error message="line too long: more than {MAX_LINE} characters"', "pong"]
    # a long line under the cap is parsed in one pass, not word by word again and again
    line = 'pos start moves="' + "32-28 " * 10_000 + '"'
    began = time.perf_counter()
    command, pairs = parse_line(line)
    assert time.perf_counter() - began < 0.5 and command == "pos" and len(pairs) == 2


def test_levels_are_checked_and_the_clock_is_shared_out() -> None:
    assert Level.parse([("depth", "7")]).depth == 7
    with pytest.raises(HubError):
        Level.parse([("move-time", "nan")])
    game = position(START)
    clock = Level.parse([("time", "60"), ("inc", "1")])
    seconds = clock.seconds(game)
    assert seconds is not None and 1.0 < seconds < 5.0
    last_seconds = Level.parse([("time", "0.5"), ("inc", "0")]).seconds(game)
    assert last_seconds is not None and last_seconds <= 0.25, "never half the clock or more"
    moves = Level.parse([("moves", "2"), ("time", "10")]).seconds(game)
    assert moves is not None and 4.0 <= moves <= 5.0
    assert Level.parse([("infinite", "")]).seconds(game) is None
    assert Level.parse([("depth", "3")]).seconds(game) is None
