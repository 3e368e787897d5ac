"""Helper search processes: a search on more than one core (lazy SMP), with helpers kept
between searches.

A crew is forked once for a shared transposition table (a ``shared`` table, see
:mod:`game.ai.table`) and kept while searches use that table: between searches its helpers
sleep in ``select`` on a pipe of their own, taking no processor time. A search with helpers
hands them its root as a job (:meth:`Crew.begin`): the job's text (the game, the limit, the
search's options; what :mod:`game.ai.engine` makes of it) is written to a memory page shared
with the helpers, and a byte on each helper's pipe wakes it. Each helper builds the same
search of the same position (the same moves, the same history of the game) and searches the
root too, writing what it finds into the table they share. The main search reads those
entries as if it had written them and decides the move, on its own answers, or on a helper's
where the helper has completed a deeper iteration (below). Handing a kept helper a job costs
the search a fraction of a millisecond (the job's pickle), where forking helpers for each
search cost it 4-5 ms before it began and reaping them some 10 ms after it ended, and the
helpers keep their evaluation caches warm. What that gives at a short time a move:
``benchmarks/smp_clock.py`` and the README.

What holds: with no helper nothing changes (the same moves, scores and nodes at a fixed depth
as a search of one process). With helpers, a search at a fixed depth still completes every
iteration up to that depth itself and returns its best move of that depth; its scores may
differ from one process's where an entry a helper wrote (never shallower than the depth asked)
cut a subtree short, exactly as an entry left by an earlier search of the same game does.

Each helper says, on the shared page, the deepest iteration of the job it has completed and
the best move and score of it (the job's number in the same word, so that a helper still
leaving an earlier job is never read as this one's); when a search that plays on its clock
stops, it takes a helper's answer that is deeper than its own (the helper searched the same
root with the same table: its answer is the better informed).

The first helper (and every odd one) searches a ply deeper than the main search's iteration,
the others the same depth: the root's best move first (its score bounds the others), then the
other root moves from the far end of the list. The main search takes them from the near end
and meets in the table what the helper has searched: entries of the next iteration where the
helper is ahead, the other root moves of its own iteration where it is not (with more helpers,
each starts from its own place in the list). A helper that completes an iteration goes on to
the next; when the main search goes past the depth the helper keeps to, the helper leaves its
iteration (what it found stays in the table) and follows.

A job ends when the main search stops (:meth:`Crew.end`: the page says so and the helpers
notice within a few hundred nodes; nothing waits for them) or its time is up (the helpers keep
its deadline). The helpers end when the crew is closed (the table is let go, another table
wants helpers: they are killed), and when the process that forked them is gone (killed
itself: a sleeping helper's pipe reads its end, a searching one sees that its parent changed,
so none is left behind). A helper that died on its own is noticed at the next job, and the
crew is forked again. Where the system cannot fork (Windows) or the table is not shared,
there are no helpers: the search stays in one process.
"""
from __future__ import annotations

import mmap
import os
import select
import signal
import struct
from collections.abc import Callable
from typing import Any, Final

from game.ai.table import TranspositionTable, can_share

#: nodes between a helper's looks at the stop flag (a few milliseconds interpreted)
HELPER_CHECK_MASK: Final = 127
#: the most a job's text may take (a longer one, a game of thousands of moves, is searched
#: without helpers)
JOB_BYTES: Final = 1 << 20
#: how often a sleeping helper looks whether its parent is still there, in seconds
IDLE_LOOK: Final = 1.0

#: a job's header on its page: number, text length, root key, deadline (ns of the monotonic
#: clock, 0: none), the table's age; the text follows
_HEADER: Final = struct.Struct("<QQQQQ")
_JOB_SHIFT: Final = 56
_LOW: Final = (1 << _JOB_SHIFT) - 1
#: a root's key as the job says it (a Zobrist key kept to 64 bits)
KEY_MASK: Final = (1 << 64) - 1


def default_processes(cores: int | None = None) -> int:
    """How many processes a search uses unless the player says otherwise: two where the
    machine has two cores or more (and can fork helpers), else one."""
    cores = os.cpu_count() if cores is None else cores
    return min(2, max(1, cores or 1)) if can_share() and hasattr(os, "fork") else 1


def most_processes(cores: int | None = None) -> int:
    """The most processes a search may use here: one a core."""
    cores = os.cpu_count() if cores is None else cores
    return max(1, cores or 1)


#: a helper's report packed in one word (one aligned store, never read half-written): the
#: depth completed, the root move's index in the order the helpers were given, and the score
_DEPTH_BITS: Final = 8
_INDEX_BITS: Final = 16
_SCORE_BIAS: Final = 1 << 30


def pack_report(depth: int, index: int, score: int) -> int:
    """A helper's completed iteration as one word (depth 0 is "none yet")."""
    return (((score + _SCORE_BIAS) << _INDEX_BITS | index) << _DEPTH_BITS) | depth


def unpack_report(word: int) -> tuple[int, int, int]:
    """(depth, index, score) of a packed report."""
    depth = word & ((1 << _DEPTH_BITS) - 1)
    word >>= _DEPTH_BITS
    index = word & ((1 << _INDEX_BITS) - 1)
    return depth, index, (word >> _INDEX_BITS) - _SCORE_BIAS


def helper_ahead(index: int) -> int:
    """How many plies beyond the main search's iteration helper ``index`` (1, 2, ...) keeps:
    the odd ones one, the even ones none. A helper one ply ahead leaves in the table, for the
    main search to meet, entries searched deeper than its iteration asks; at the main
    search's own depth it only shares the iteration's root moves, which gave no strength at a
    short time a move (the README has the matches)."""
    return index % 2


def helper_order(order: list[Any], index: int, helpers: int) -> list[Any]:
    """The order helper ``index`` (1 to ``helpers``) searches the root moves in, given the
    main search's ``order``: the best move first (its score bounds the others), then the
    others backwards, each helper starting from its own place: the main search takes them
    forwards."""
    rest = order[1:][::-1]
    start = (index - 1) * len(rest) // max(1, helpers)
    return order[:1] + rest[start:] + rest[:start]


class Link:
    """What a helper reads and writes on the shared page during one job: whether to stop,
    the main search's depth, its own nodes and completed iterations."""

    def __init__(self, words: memoryview, index: int, helpers: int, parent: int, job: int,
                 table: TranspositionTable) -> None:
        self._words = words
        self._nodes = 2 + index - 1
        self._report = 2 + helpers + index - 1
        self._parent = parent
        self._job = job
        self._tag = job << _JOB_SHIFT
        #: the helper's copy of the shared table (its entries are the main search's)
        self.table = table
        #: the search under way (it sets itself here), whose nodes are reported
        self.searcher: Any = None
        #: which helper this is, and how many the search has (each starts from its own
        #: place in the root moves)
        self.index = index
        self.helpers = helpers
        #: the depth of the helper's iteration under way
        self.depth = 0

    def _say_nodes(self) -> None:
        nodes = 0 if self.searcher is None else int(self.searcher.nodes)
        self._words[self._nodes] = self._tag | min(nodes, _LOW)

    def stop(self) -> bool:
        """Whether the helper should leave its iteration: the job is over, or the main
        search has gone past its depth (then :meth:`ended` is false and it follows)."""
        self._say_nodes()
        return self.ended() or int(self._words[1]) > self.depth

    def ended(self) -> bool:
        """Whether the job is over (the search stopped or began another, or the process
        that forked the helper is gone)."""
        return int(self._words[0]) != self._job or os.getppid() != self._parent

    def lead(self) -> int:
        """The depth of the iteration the main search is in."""
        return int(self._words[1])

    def report(self, depth: int, index: int, score: int) -> None:
        self._words[self._report] = self._tag | pack_report(depth, index, score)
        self._say_nodes()


#: what a helper does with a job: (the job's text, its deadline on the monotonic clock or
#: None, the table's age, the root's key, the link) -> None
Runner = Callable[[bytes, "float | None", int, int, Link], None]


class Crew:
    """The helpers kept for one shared table: their process ids, the pipes that wake them,
    a small shared page (word 0: the job under way, 0 for none; word 1: the main search's
    depth; words 2 .. 1 + k: the helpers' nodes; words 2 + k .. 1 + 2k: their reports, each
    tagged with its job's number) and a page for the job's text."""

    #: the crew of this process (one: the worker keeps one table at a time)
    _current: Crew | None = None

    def __init__(self, table: TranspositionTable, helpers: int) -> None:
        self.table = table
        self._words_of_table = table.words
        self.helpers = helpers
        self.pids: list[int] = []
        self._bells: list[int] = []  # the write end of each helper's pipe
        self._control = mmap.mmap(-1, 8 * (2 + 2 * helpers), flags=mmap.MAP_SHARED)
        self._words = memoryview(self._control).cast("Q")
        self._page = mmap.mmap(-1, _HEADER.size + JOB_BYTES, flags=mmap.MAP_SHARED)
        self._job = 0
        self.closed = False

    # --- the crew of a table ----------------------------------------------------------------
    @classmethod
    def for_table(cls, table: TranspositionTable, helpers: int, runner: Runner
                  ) -> Crew | None:
        """The crew of ``helpers`` helpers for ``table``: the one kept if it is this table's
        (and all its helpers live), else a new one (the old crew is closed first); None when
        there can be none (no fork here, a table not shared, no helper asked for)."""
        crew = cls._current
        if crew is not None and crew.table is table and crew._words_of_table is table.words \
                and crew.helpers == helpers and crew.alive():
            return crew
        if crew is not None:
            crew.close()
        if helpers < 1 or not table.shared or not can_share() or not hasattr(os, "fork"):
            return None
        crew = cls(table, helpers)
        crew._fork(runner)
        if not crew.pids:
            crew.close()
            return None
        cls._current = crew
        return crew

    @classmethod
    def current(cls) -> Crew | None:
        """The crew this process keeps, if any (tests, the worker)."""
        return cls._current

    @classmethod
    def release(cls) -> None:
        """Close the crew this process keeps (its table is let go): its helpers end."""
        crew = cls._current
        if crew is not None:
            crew.close()

    def _fork(self, runner: Runner) -> None:
        parent = os.getpid()
        for index in range(1, self.helpers + 1):
            try:
                wake, bell = os.pipe()
                os.set_blocking(bell, False)  # a helper that stopped reading never holds us
            except OSError:
                break
            try:
                pid = os.fork()
            except OSError:
                os.close(wake)
                os.close(bell)
                break  # no more processes to be had: the search goes on with what it has
            if pid == 0:
                os.close(bell)
                self._serve(index, wake, parent, runner)  # never returns
            os.close(wake)
            self.pids.append(pid)
            self._bells.append(bell)

    def alive(self) -> bool:
        """Whether every helper still lives (one that died on its own is reaped here, and
        forgotten: its process id may be another process's next)."""
        living = []
        for pid in self.pids:
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if not done:
                living.append(pid)
        whole = len(living) == len(self.pids)
        self.pids = living
        return whole and not self.closed

    # --- a helper's life ----------------------------------------------------------------------
    def _serve(self, index: int, wake: int, parent: int, runner: Runner) -> None:
        """A helper's whole life: sleep until woken, do the job, sleep again; end when the
        parent is gone, then end the process without running anything of the parent's (its
        exit handlers, its buffered output)."""
        status = 0
        try:
            for bell in self._bells:  # the pipes of the helpers forked before this one
                os.close(bell)
            self._bells = []
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a ctrl-C is the parent's to take
            while os.getppid() == parent:
                ready, _, _ = select.select([wake], [], [], IDLE_LOOK)
                if ready and not os.read(wake, 4096):
                    break  # every write end closed: the parent is gone
                job = int(self._words[0])
                if job == 0:
                    continue
                header = _HEADER.unpack_from(self._page, 0)
                number, length, key, deadline, age = header
                if number != job or length > JOB_BYTES:
                    continue
                text = bytes(self._page[_HEADER.size:_HEADER.size + length])
                if int(self._words[0]) != job:
                    continue  # a newer job was being written meanwhile
                link = Link(self._words, index, self.helpers, parent, job, self.table)
                try:
                    runner(text, None if deadline == 0 else deadline / 1e9, age, key, link)
                except Exception:
                    pass  # a job that could not be done: the main search goes on alone
                while int(self._words[0]) == job and os.getppid() == parent:
                    # the job is still under way (its deadline passed, or its search
                    # completed here): wait for the next one
                    ready, _, _ = select.select([wake], [], [], IDLE_LOOK)
                    if ready:
                        break
        except BaseException:  # a helper's failure must never reach the parent's code
            status = 1
        finally:
            os._exit(status)

    # --- a job --------------------------------------------------------------------------------
    def begin(self, text: bytes, key: int, deadline: float | None, age: int) -> bool:
        """Hand the helpers a search of the root whose ``key`` is given (``text``: what the
        runner makes the search from), to search until ``deadline`` (``time.perf_counter``'s
        clock) or :meth:`end`. False when the text is empty (the search could not be told)
        or too long for the page: no helper searches."""
        if self.closed or not text or len(text) > JOB_BYTES:
            return False
        self._job = self._job % 255 + 1
        self._words[0] = 0  # no job while its text is written
        self._words[1] = 0
        nanos = 0 if deadline is None or deadline == float("inf") else \
            max(1, int(deadline * 1e9))
        self._page[_HEADER.size:_HEADER.size + len(text)] = text
        _HEADER.pack_into(self._page, 0, self._job, len(text), key & KEY_MASK, nanos, age)
        self._words[0] = self._job
        for bell in self._bells:
            try:
                os.write(bell, b"!")
            except OSError:
                pass  # a full pipe (a helper that stopped reading): it is not woken
        return True

    def lead(self, depth: int) -> None:
        """Tell the helpers the depth of the main search's iteration under way."""
        self._words[1] = depth

    def nodes(self) -> int:
        """The nodes the helpers have searched in this job so far (as they last said)."""
        total = 0
        for k in range(self.helpers):
            word = int(self._words[2 + k])
            if word >> _JOB_SHIFT == self._job:
                total += word & _LOW
        return total

    def deepest(self) -> tuple[int, int, int]:
        """The deepest iteration of this job a helper has completed: (depth, index of its
        best move in the order the helpers were given, score); depth 0 when none has."""
        best = (0, 0, 0)
        for k in range(self.helpers):
            word = int(self._words[2 + self.helpers + k])
            if word >> _JOB_SHIFT != self._job:
                continue
            report = unpack_report(word & _LOW)
            if report[0] > best[0]:
                best = report
        return best

    def end(self) -> None:
        """The search stopped: its job is over. Nothing waits for the helpers: each notices
        within a few hundred nodes and sleeps until the next job."""
        self._words[0] = 0

    def close(self) -> None:
        """End the helpers now (killed: they keep no state worth a clean end, and an entry
        torn by the kill is never trusted) and give their pages back."""
        if self.closed:
            return
        self.closed = True
        if Crew._current is self:
            Crew._current = None
        self._words[0] = 0
        for bell in self._bells:
            try:
                os.close(bell)
            except OSError:
                pass
        self._bells = []
        for pid in self.pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in self.pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass  # reaped already
        self._words.release()
        self._control.close()
        self._page.close()


__all__ = ["Crew", "JOB_BYTES", "KEY_MASK", "Link", "Runner", "default_processes", "helper_ahead",
           "helper_order", "most_processes", "pack_report", "unpack_report"]
