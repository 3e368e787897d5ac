"""When the computer's worker process dies (killed, out of memory): the game notices within a
second, goes on with a new worker or a move found here, and says so in one line; starting and
closing a worker never holds the window."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.ai.worker import Thinker, retired_workers
from game.play.advice import Advice, AdviceAnswer
from game.play.board_play import BoardPlay
from game.play.computer import ComputerPlayer
from game.play.events import MovePlayed, SeatNotice
from game.play.seats import RandomPlayer
from game.review.analysis import Analysis
from game.rules import find_variant
from game.rules.core import Color

ROOT = Path(__file__).resolve().parents[2]


def _kill_when_thinking(play: BoardPlay, seat: ComputerPlayer, seconds: float = 30.0) -> float:
    """Run the game until the seat's worker is in the middle of a search, kill it there;
    the moment of the kill."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        play.update()
        if seat.thinking and seat.progress() >= 1 and seat.thinker.pid is not None:
            os.kill(seat.thinker.pid, signal.SIGKILL)
            return time.monotonic()
        time.sleep(0.002)
    raise AssertionError("the computer never got to thinking")


_SEEN: list[object] = []  # events drained from the play object and not looked at yet


def _until(play: BoardPlay, want: type, seconds: float) -> tuple[object, float]:
    """Run the game until an event of type ``want`` (the events before it are dropped)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not _SEEN:
            play.update()
            _SEEN.extend(play.events())
        while _SEEN:
            event = _SEEN.pop(0)
            if isinstance(event, want):
                return event, time.monotonic()
        time.sleep(0.002)
    raise AssertionError(f"no {want.__name__} within {seconds} s")


#: a Russian middle game, White to move with six quiet moves (no opening book-like variety:
#: the top level searches its whole second)
MIDDLE_GAME = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,e3:Ba3,h4,b6,d6,h6,a7,g7,b8,d8,f8,h8"


def test_a_worker_killed_mid_search_is_replaced_and_the_game_goes_on_to_its_end() -> None:
    seat = ComputerPlayer(8, min_delay=0.0, move_time=1.0)
    _SEEN.clear()
    play = BoardPlay("russian", fen=MIDDLE_GAME,
                     seats={Color.WHITE: seat, Color.BLACK: RandomPlayer(random.Random(5))})
    try:
        seat.prepare()
        killed = _kill_when_thinking(play, seat)
        event, seen = _until(play, SeatNotice, 5.0)
        assert isinstance(event, SeatNotice) and event.color is Color.WHITE
        assert event.notice.key == "board.worker.restarted"
        assert seen - killed < 1.0, "the death is noticed within a second"
        assert play.notice == event  # what a panel reads
        assert seat.thinking and play.ply == 0, "a new worker searches the same move again"
        # the new worker dies too before it answers: the move is found here, at a lower level
        _kill_when_thinking(play, seat)
        event, _ = _until(play, SeatNotice, 5.0)
        assert isinstance(event, SeatNotice) and event.notice.key == "board.worker.fallback"
        moved, _ = _until(play, MovePlayed, 5.0)
        assert isinstance(moved, MovePlayed) and moved.ply == 1
        assert seat.thinker.started == 2 and seat.thinker.deaths == 2
        # the next move is asked of a new worker, and it answers
        moved, _ = _until(play, MovePlayed, 10.0)  # Black's reply
        assert play.notice is not None, "the notice stays up until White's turn comes again"
        moved, _ = _until(play, MovePlayed, 30.0)
        assert isinstance(moved, MovePlayed) and moved.ply == 3
        assert seat.thinker.started == 3 and play.notice is None
        # and the game goes on to its end
        seat.move_time = 0.05
        end = time.monotonic() + 120
        while not play.is_over and time.monotonic() < end:
            play.update()
            time.sleep(0.001)
        assert play.is_over, f"the game went on to its end: {play.ply} plies"
    finally:
        began = time.perf_counter()
        play.close()
        assert time.perf_counter() - began < 0.1, "closing waits for no worker"


def test_closing_waits_for_no_worker_dead_or_starting() -> None:
    for _ in range(3):
        thinker = Thinker()
        began = time.perf_counter()
        thinker.warm_up()
        started = time.perf_counter() - began
        began = time.perf_counter()
        thinker.close()  # the worker is still starting up
        closed = time.perf_counter() - began
        assert closed < 0.1 and started < 0.5, (started, closed)
    thinker = Thinker()
    thinker.start("russian", {}, None, [], time=30.0)
    pid = thinker.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    time.sleep(0.2)
    began = time.perf_counter()
    thinker.close()
    assert time.perf_counter() - began < 0.1
    end = time.monotonic() + 20
    while retired_workers() and time.monotonic() < end:
        time.sleep(0.05)
    assert retired_workers() == 0, "closed workers end by themselves and are let go"


def test_workers_left_while_starting_print_nothing() -> None:
    # a board left within milliseconds of opening, closed or merely dropped, then the program
    # ends at once: no traceback from a worker that could not find its queues
    script = (
        "import gc, sys\n"
        "from game.ai.worker import Thinker\n"
        "if __name__ == '__main__':\n"
        "    for i in range(4):\n"
        "        t = Thinker(); t.warm_up()\n"
        "        if i % 2: t.close()\n"
        "        del t; gc.collect()\n"
        "    import time; time.sleep(1.5)\n"
        "    t = Thinker(); t.warm_up(); t.close()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0
    assert "Traceback" not in done.stderr, done.stderr


def test_the_analysis_carries_on_in_a_new_worker_when_its_worker_dies() -> None:
    play = BoardPlay.from_moves("russian", ["c3-d4", "f6-g5", "g3-h4", "g5-f4", "e3xg5"])
    analysis = Analysis(play.game, time_per_position=0.2)
    try:
        end = time.monotonic() + 30
        while analysis.done < 2 and time.monotonic() < end:
            analysis.update()
            time.sleep(0.005)
        thinker = analysis._thinker
        assert isinstance(thinker, Thinker) and thinker.pid is not None
        os.kill(thinker.pid, signal.SIGKILL)
        end = time.monotonic() + 60
        while not analysis.finished and time.monotonic() < end:
            analysis.update()
            time.sleep(0.005)
        assert analysis.error is None and analysis.done == analysis.total
        assert analysis.notice is not None and analysis.notice.key == "board.analysis.restarted"
        assert analysis.restarts == 1
    finally:
        analysis.close()


def test_an_analysis_whose_workers_keep_dying_is_finished_here() -> None:
    play = BoardPlay.from_moves("russian", ["c3-d4", "f6-g5", "g3-h4", "g5-f4"])
    analysis = Analysis(play.game, time_per_position=5.0)
    try:
        end = time.monotonic() + 60
        kills = 0
        while not analysis.finished and time.monotonic() < end:
            analysis.update()
            thinker = analysis._thinker
            assert thinker is None or isinstance(thinker, Thinker)
            if thinker is not None and thinker.busy and thinker.progress() >= 1:
                assert thinker.pid is not None
                os.kill(thinker.pid, signal.SIGKILL)
                kills += 1
                time.sleep(0.05)
            time.sleep(0.005)
        assert analysis.finished and analysis.error is None and analysis.shallow
        assert kills == 4 and analysis.notice is not None
        assert analysis.notice.key == "board.analysis.shallow"
        assert all(v is not None and v.searched for v in analysis.verdicts)
    finally:
        analysis.close()


def _advice(advice: Advice, seconds: float = 30.0, kill: bool = False) -> AdviceAnswer | None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        thinker = advice._thinker
        if kill and thinker is not None and thinker.busy and thinker.progress() >= 1:
            assert thinker.pid is not None
            os.kill(thinker.pid, signal.SIGKILL)
            kill = False
        answer = advice.poll()
        if answer is not None:
            return answer
        time.sleep(0.005)
    raise AssertionError("no advice")


def test_advice_is_the_first_move_of_its_line_with_a_searched_score() -> None:
    # Russian: Black must take on d4, its only move, and is then men down
    game = find_variant("russian").from_fen("B:Wa1,c1,e1,g1,c3:Bd4,h8")
    advice = Advice(seconds=0.3)
    try:
        advice.ask(game)
        answer = _advice(advice)
        assert answer is not None and answer.move == game.legal_moves()[0]
        assert answer.pv[0] == answer.move and answer.depth >= 1
        assert answer.score > 120, "White's view: White is men up"
        # the worker dies in the middle: a new one answers; dies twice: a quick look here
        # (a position the worker has not seen: its table would answer the one above at once)
        advice.ask(find_variant("international").new())
        again = _advice(advice, kill=True)
        assert again is not None and advice.notice is not None
        assert advice.notice.key == "board.worker.restarted"
        advice.ask(find_variant("russian").new())
        thinker = advice._thinker
        assert thinker is not None
        for _ in range(2):
            end = time.monotonic() + 30
            while not (thinker.busy and thinker.pid is not None) and time.monotonic() < end:
                time.sleep(0.005)
                if advice.poll() is not None:
                    raise AssertionError("answered before the kill")
            assert thinker.pid is not None
            os.kill(thinker.pid, signal.SIGKILL)
            time.sleep(0.05)
            answer = advice.poll()
            if answer is None:
                continue
        assert answer is not None and advice.notice is not None
        assert advice.notice.key == "board.advice.fallback"
        assert answer.move in find_variant("russian").new().legal_moves()
    finally:
        advice.close()
