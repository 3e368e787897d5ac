"""The search on more than one core (issue 51, item 3): one process answers exactly as before,
helper processes share the table, are kept asleep between searches and end with their table or
their parent (a new game, a killed worker: none is left behind), a torn table entry is never
trusted, and levels 1-5 stay in one process."""
from __future__ import annotations

import os
import pickle
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from game.ai import Limit, choose_move, search
from game.ai import crew as crew_module
from game.ai.engine import board_class, helper_job, make_board
from game.ai.levels import LEVELS
from game.ai.search import TUNING, Tuning
from game.ai.table import EXACT, TranspositionTable, can_share, depth_of, move_of, score_of
from game.ai.worker import Thinker
from tests.ai.test_processes import _wait
from game.rules import VARIANTS, find_variant

needs_fork = pytest.mark.skipif(not can_share(), reason="helpers are forked (not on Windows)")
needs_proc = pytest.mark.skipif(not Path("/proc/self/task").is_dir(),
                                reason="child processes are read from /proc")

#: (variant, FEN, depth) -> the move, score and nodes the one-process search gave before
#: helpers existed (recorded from the search as it was, commit 4eec7f8; recorded again when
#: the evaluations changed: the learned tables kept in sixteenths, the fitted regions,
#: Russian's refit on 680,599 positions, International's on 379,027, 863,842, 1,311,495; and
#: when International's and Russian's search began to cut nodes by reverse futility, and
#: took the history's malus and International's exchanges at the horizon)
BEFORE = [
    ("international", "W:W30,31,35,36,37,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,7,8,9,"
     "10,11,12,13,14,15,16,17,18,29,39", 5, "44x24x39x29", -358, 1135),
    ("international", "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,"
     "4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20", 6, "32-28", 7, 5671),
    ("russian", "W:Wa1,c1,e1,g1,b2,d2,f4,h6:Ba3,b4,d6,f6,g7,b8,d8,f8,h8", 7, "b2-c3", -52,
     3829),
    ("russian", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
     8, "c3-b4", 0, 7565),
    ("english", "B:W15,21,23,24,25,26,27,28,29,30,32:B1,2,3,4,5,6,8,9,14,16", 7, "16-19", -97,
     3854),
]
#: the same searches' answers before the history's malus and International's exchanges at the
#: horizon (search.TUNING.malus, .exchanges): with both off, the search is the one before
WITHOUT_MALUS_AND_EXCHANGES = [
    ("44x24x39x29", -358, 1075), ("31-26", 0, 4215), ("b2-c3", -52, 3348), ("c3-b4", 3, 8001),
    ("16-19", -97, 3854)]
MIDDLE = "W:W30,31,32,33,35,36,37,38,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9," \
    "10,11,12,13,14,15,16,17,18,19,20"


def cpu_ticks(pid: int) -> int:
    """The processor time ``pid`` has had (user and system, in clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def asleep(pids: set[int], seconds: float = 0.5) -> bool:
    """Whether ``pids`` take (all but) no processor time over ``seconds``: a searching helper
    takes all of it."""
    before = {pid: cpu_ticks(pid) for pid in pids}
    time.sleep(seconds)
    ticks = os.sysconf("SC_CLK_TCK")
    return all(cpu_ticks(pid) - before[pid] <= max(2, ticks * seconds / 10) for pid in pids)


def children(pid: int) -> set[int]:
    """The living child processes of ``pid`` (a zombie, dead but not yet reaped, is not)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            continue
    alive = set()
    for child in found:
        try:
            state = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if state != "Z":
            alive.add(child)
    return alive


def gone(pids: set[int], seconds: float) -> bool:
    """Whether every one of ``pids`` has ended (or is a zombie) within ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        left = set()
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue
            if state != "Z":
                left.add(pid)
        if not left:
            return True
        time.sleep(0.02)
    return False


@pytest.mark.parametrize("variant, fen, depth, move, score, nodes", BEFORE)
def test_one_process_at_a_fixed_depth_answers_exactly_as_before(
        variant: str, fen: str, depth: int, move: str, score: int, nodes: int) -> None:
    game = find_variant(variant).from_fen(fen)
    for table in (None, TranspositionTable(16, shared=True)):  # a shared table changes nothing
        result = search(game, Limit(depth=depth), tt=table)
        assert (game.hub_text(result.move), result.score, result.depth, result.nodes) == \
            (move, score, depth, nodes)


def test_with_the_malus_and_the_exchanges_off_the_search_answers_as_before_them() -> None:
    try:
        TUNING.malus = TUNING.exchanges = False
        for (variant, fen, depth, *_), before in zip(BEFORE, WITHOUT_MALUS_AND_EXCHANGES):
            game = find_variant(variant).from_fen(fen)
            result = search(game, Limit(depth=depth))
            assert (game.hub_text(result.move), result.score, result.nodes) == before
    finally:
        TUNING.take(Tuning())


@needs_fork
@needs_proc
def test_two_processes_search_together_and_the_helper_sleeps_between_searches() -> None:
    game = find_variant("international").from_fen(MIDDLE)
    seen: list[set[int]] = []
    before = children(os.getpid())  # other tests' worker processes

    def on_depth(depth: int, score: int, nodes: int, pv: list[Any]) -> None:
        seen.append(children(os.getpid()) - before)

    table = TranspositionTable(16, shared=True)
    try:
        began = time.perf_counter()
        result = search(game, Limit(time=0.6), tt=table, helpers=1, on_depth=on_depth)
        took = time.perf_counter() - began
        assert result.move in game.legal_moves() and result.depth >= 2
        assert took < 0.6 + 0.5, "the helpers do not hold the answer back"
        helpers = set().union(*seen)
        assert len(helpers) == 1, "one helper, kept through the search"
        assert children(os.getpid()) - before == helpers, "the helper is kept for the next"
        time.sleep(0.1)  # it notices the search is over within a few hundred nodes
        assert asleep(helpers), "between searches the helper takes no processor time"
        # the next search of the game wakes the same helper, which searches beside it
        ticks = {pid: cpu_ticks(pid) for pid in helpers}
        seen.clear()
        game.push(result.move)
        again = search(game, Limit(time=0.6), tt=table, helpers=1, on_depth=on_depth)
        assert again.move in game.legal_moves()
        assert set().union(*seen) == helpers, "the same helper, not a new one"
        assert all(cpu_ticks(pid) > ticks[pid] for pid in helpers), "it searched again"
        # another table (a new game) has a crew of its own: the old one ends
        other = TranspositionTable(16, shared=True)
        seen.clear()
        search(game, Limit(time=0.3), tt=other, helpers=1, on_depth=on_depth)
        assert gone(helpers, 5.0), "the helpers of a table let go end"
        assert len(set().union(*seen)) == 1 and not set().union(*seen) & helpers
    finally:
        crew_module.Crew.release()
    assert not children(os.getpid()) - before, "released, no helper is left"


@needs_fork
def test_two_processes_at_a_fixed_depth_finish_that_depth_with_a_legal_move() -> None:
    for variant, fen, depth, _, _, _ in BEFORE[:3]:
        game = find_variant(variant).from_fen(fen)
        result = search(game, Limit(depth=depth), tt=TranspositionTable(16, shared=True),
                        helpers=1)
        assert result.move in game.legal_moves() and result.depth == depth
        assert result.pv[0] == result.move


def test_a_helper_report_is_one_word_that_keeps_depth_move_and_score() -> None:
    for depth, index, score in [(1, 0, 0), (9, 37, -264), (63, 65535, 30000), (2, 5, -30000)]:
        word = crew_module.pack_report(depth, index, score)
        assert 0 <= word < 1 << 56, "the top byte is left for the job's number"
        assert crew_module.unpack_report(word) == (depth, index, score)


def test_helpers_take_the_best_root_move_first_then_the_others_from_the_far_end() -> None:
    order = list("abcdefg")
    assert crew_module.helper_order(order, 1, 1) == list("agfedcb")
    # three helpers start from three places, so that each meets the main search elsewhere
    assert [crew_module.helper_order(order, k, 3) for k in (1, 2, 3)] == \
        [list("agfedcb"), list("aedcbgf"), list("acbgfed")]
    for k in (1, 2, 3):
        assert sorted(crew_module.helper_order(order, k, 3)) == order
    assert crew_module.helper_order(["a"], 1, 1) == ["a"]


def test_the_first_helper_searches_a_ply_ahead_and_the_second_at_the_main_depth() -> None:
    assert [crew_module.helper_ahead(k) for k in (1, 2, 3, 4)] == [1, 0, 1, 0]


class _Told:
    """A crew that reports a helper's deeper iteration (as a real one does on its page)."""

    def __init__(self, report: tuple[int, int, int]) -> None:
        self.report = report
        self.leads: list[int] = []
        self.given: list[Any] = []
        self.ended = False

    def begin(self, text: bytes, key: int, deadline: float | None, age: int) -> bool:
        # the order of the root moves a helper has: the one its own search of the job makes
        game, _, _ = pickle.loads(text)  # the job's game, limit and options
        board, _ = make_board(game)
        assert board.key & crew_module.KEY_MASK == key and deadline is not None
        self.given = [board.public(m) for m in board.moves()]
        return True

    def lead(self, depth: int) -> None:
        self.leads.append(depth)

    def deepest(self) -> tuple[int, int, int]:
        return self.report

    def nodes(self) -> int:
        return 0

    def end(self) -> None:
        self.ended = True


def test_a_search_on_its_clock_plays_a_helpers_deeper_answer_and_a_fixed_depth_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = find_variant("international").from_fen(MIDDLE)
    moves = game.legal_moves()
    alone = search(game, Limit(depth=3))
    board, _ = make_board(game)
    other = next(i for i, m in enumerate(board.moves()) if board.public(m) != alone.move)
    crew = _Told((40, other, 77))
    monkeypatch.setattr(crew_module.Crew, "for_table", lambda *_: crew)
    timed = search(game, Limit(time=0.3), helpers=1)
    # the report's index is in the order the helpers were given
    assert sorted(map(str, crew.given)) == sorted(map(str, moves))
    assert (timed.move, timed.score, timed.depth) == (crew.given[other], 77, 40)
    assert timed.pv[0] == timed.move
    assert crew.ended and crew.leads[:3] == [1, 2, 3], \
        "the helpers are told each iteration the main search starts"
    fixed = search(game, Limit(depth=3), helpers=1)
    assert (fixed.move, fixed.depth) == (alone.move, 3), "a fixed depth keeps its own answer"
    crew = _Told((2, 0, 77))
    shallow = search(game, Limit(time=0.3), helpers=1)
    assert shallow.depth > 2 and shallow.move in moves, "a shallower report is not taken"


@needs_fork
def test_a_real_helper_reports_its_iterations_and_the_deeper_answer_is_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = find_variant("international").from_fen(MIDDLE)
    seen: list[tuple[int, int, int]] = []
    depths: list[int] = []
    end = crew_module.Crew.end

    def ending(crew: Any) -> None:
        end(crew)
        seen.append(crew.deepest())

    def completed(depth: int, *_: Any) -> None:
        # the main search pauses after each iteration, so that the helper, which searches
        # a ply beyond it, completes that iteration before the main search goes past and it
        # follows (with nothing slowing the main search, a compiled one can stay ahead)
        depths.append(depth)
        time.sleep(0.03)

    monkeypatch.setattr(crew_module.Crew, "end", ending)
    try:
        result = search(game, Limit(time=0.6), tt=TranspositionTable(16, shared=True),
                        helpers=1, on_depth=completed)
    finally:
        crew_module.Crew.release()
    (depth, index, score), = seen
    assert depth >= 1, "the helper said which iterations it completed"
    assert index < len(game.legal_moves())
    assert result.depth == max(depths[-1], depth), "the deeper of the two answers is played"


def test_a_torn_entry_is_never_trusted_and_a_bad_move_index_is_not_played() -> None:
    table = TranspositionTable(1, shared=True)
    key = 0x1234_5678_9ABC_DEF0
    table.store(key, 9, EXACT, 120, 3)
    assert (depth_of(table.probe(key)), score_of(table.probe(key)), move_of(table.probe(key))) \
        == (9, 120, 3)
    i = (key % table.buckets) << 2
    slot = i + 1 if table.words[i] ^ table.words[i + 1] == key else i + 3
    # another process wrote the packed word of a new entry and not yet its key: torn
    table.words[slot] ^= 1 << 40
    assert table.probe(key) == 0, "a torn entry matches no key"
    table.store(key, 2, EXACT, -50, 1)  # and it is simply written again
    assert (depth_of(table.probe(key)), score_of(table.probe(key))) == (2, -50)

    # a whole table of junk words, as if torn everywhere, and the root's own entry claiming a
    # move index no position has: the search answers as on a clean table
    game = find_variant("russian").from_fen(BEFORE[2][1])
    clean = search(game, Limit(depth=5))
    junk = TranspositionTable(1, shared=True)
    rng = random.Random(5)
    for n in range(len(junk.words)):
        junk.words[n] = rng.getrandbits(64)
    board, _ = make_board(game)
    junk.store(board.key, 0, EXACT, 0, 999)  # shallow (no score is taken), the move unknown
    dirty = search(game, Limit(depth=5), tt=junk)
    assert (dirty.move, dirty.score) == (clean.move, clean.score)


def test_levels_one_to_five_stay_in_one_process_and_six_to_eight_use_the_setting(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    for_table = crew_module.Crew.for_table

    def recording(table: Any, helpers: int, runner: Any) -> Any:
        asked.append(helpers)
        return for_table(table, helpers, runner)

    monkeypatch.setattr(crew_module.Crew, "for_table", recording)
    assert [level for level, spec in LEVELS.items() if spec.parallel] == [6, 7, 8]
    game = find_variant("russian").new()
    game.push(game.legal_moves()[0])
    game.push(game.legal_moves()[0])  # out of the book's first move, still in the opening
    for level in range(1, 6):
        for seed in range(4):
            one = choose_move(game, level, random.Random(seed), time=0.3, processes=1)
            two = choose_move(game, level, random.Random(seed), time=0.3, processes=2)
            assert one == two, f"level {level}: the same mistakes with two processes allowed"
    assert not asked, "levels 1-5 never start a helper"
    far = find_variant("russian").from_fen(BEFORE[2][1])
    try:
        choose_move(far, 7, random.Random(1), time=0.3, processes=2,
                    tt=TranspositionTable(16, shared=True))
    finally:
        crew_module.Crew.release()
    assert asked == [1], "level 7 searches with one helper when two processes are allowed"




def _helpers_of(pid: int, seconds: float = 20.0) -> set[int]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        found = children(pid)
        if found:
            return found
        time.sleep(0.01)
    raise AssertionError("the worker started no helper")


def _worker_of(thinker: Thinker, seconds: float = 20.0) -> int:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if thinker.pid is not None:
            return thinker.pid
        time.sleep(0.01)
    raise AssertionError("no worker was started")


@needs_fork
@needs_proc
def test_the_worker_keeps_its_helper_asleep_and_a_new_game_or_a_kill_leaves_none() -> None:
    game = find_variant("international").from_fen(MIDDLE)
    with Thinker(memory_mb=64, processes=2) as thinker:
        thinker.start("international", fen=MIDDLE, time=0.4)
        result = _wait(thinker)
        assert result.error is None and result.move in game.legal_moves()
        worker = thinker.pid
        assert worker is not None
        helpers = _helpers_of(worker)
        # a long think, cancelled: the worker stays, its helper stops searching and sleeps
        thinker.start("international", fen=MIDDLE, time=60.0)
        time.sleep(0.3)
        assert children(worker) == helpers, "the same helper searches the next move"
        assert not asleep(helpers, 0.3), "the helper searches while the worker does"
        thinker.cancel()
        time.sleep(0.2)
        assert asleep(helpers), "a cancelled search's helper takes no processor time"
        assert thinker.pid == worker and children(worker) == helpers
        # thinking on the opponent's time stays in one process: the other core is the
        # window's while a person thinks
        thinker.ponder("international", fen=MIDDLE)
        time.sleep(0.2)
        assert asleep(helpers), "pondering does not wake the helper"
        thinker.cancel()
        # another game: its table is new, and the old table's helper ends
        thinker.start("russian", fen=BEFORE[2][1], time=0.3)
        assert _wait(thinker).error is None
        assert gone(helpers, 5.0), "the helper of the game left ends"
        # the worker killed outright while its helper sleeps: the helper's pipe says its
        # parent is gone, and it ends by itself
        helpers = _helpers_of(worker)
        thinker_was = worker
        os.kill(worker, signal.SIGKILL)
        assert gone(helpers, 5.0), "no sleeping helper outlives a killed worker"
        # and a worker killed in a long think (a new worker: the old one is gone): the
        # searching helper notices its parent changed
        thinker.start("international", fen=MIDDLE, time=60.0)
        worker = _worker_of(thinker)
        assert worker not in (None, thinker_was)
        helpers = _helpers_of(worker)
        assert not asleep(helpers, 0.3), "the helper searches"
        os.kill(worker, signal.SIGKILL)
        assert gone(helpers, 5.0), "no searching helper outlives a killed worker"
        assert _wait(thinker).died


@pytest.mark.parametrize("name, options", [(name, {}) for name in sorted(VARIANTS)]
                         + [("russian", {"huff": True})])
def test_every_game_a_helper_may_search_is_handed_over_as_the_same_root(
        name: str, options: dict[str, Any]) -> None:
    """A helper builds its search from the job's text: for every game the computer plays, the
    text rebuilds the same position (the same key, the same moves in the same order), with the
    same history (a repetition is scored as the main search scores it)."""
    cls = find_variant(name)
    try:
        board_class(cls)
    except ValueError:
        pytest.skip(f"no computer player for {name}")
    game = cls.new(**options)
    rng = random.Random(3)
    for _ in range(12):
        moves = game.every_move()
        if game.outcome() is not None or not moves:
            break
        game.push(rng.choice(moves))
    if game.outcome() is not None or not game.every_move():
        pytest.skip("the random game ended")
    root = game.every_move()[:2]
    text = helper_job(game, Limit(time=0.5, depth=None, nodes=None), {
        "qsearch_plies": None, "root_moves": root, "width": 3, "threats": True})()
    assert len(text) < crew_module.JOB_BYTES
    again, limit, options = pickle.loads(text)
    assert limit == (0.5, None, None) and options["root_moves"] == root
    board, keys = make_board(game)
    rebuilt, rebuilt_keys = make_board(again)
    assert (rebuilt.key, rebuilt_keys) == (board.key, keys)
    assert [rebuilt.public(m) for m in rebuilt.moves()] == [board.public(m) for m in board.moves()]


@needs_fork
@needs_proc
def test_a_helper_that_died_is_replaced_and_a_search_that_cannot_be_told_goes_on_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = find_variant("international").from_fen(MIDDLE)
    table = TranspositionTable(16, shared=True)
    try:
        search(game, Limit(time=0.2), tt=table, helpers=1)
        crew = crew_module.Crew.current()
        assert crew is not None and len(crew.pids) == 1
        old = set(crew.pids)
        for pid in old:
            os.kill(pid, signal.SIGKILL)  # out of memory, or killed by hand
        assert gone(old, 5.0)
        result = search(game, Limit(time=0.3), tt=table, helpers=1)
        assert result.move in game.legal_moves()
        again = crew_module.Crew.current()
        assert again is not None and again is not crew and crew.closed
        assert len(again.pids) == 1 and not set(again.pids) & old, "a new helper"
        # a search whose game cannot be handed over (here: made so) is searched alone, its
        # helper left asleep
        from game.ai import engine
        monkeypatch.setattr(engine, "helper_job", lambda *_: lambda: b"")
        helpers = set(again.pids)
        ticks = {pid: cpu_ticks(pid) for pid in helpers}
        alone = search(game, Limit(time=0.5), tt=table, helpers=1)
        assert alone.move in game.legal_moves() and alone.depth >= 2
        assert all(cpu_ticks(pid) - ticks[pid] <= 5 for pid in helpers), \
            "the helper was not woken for a search it could not be told"
    finally:
        crew_module.Crew.release()
