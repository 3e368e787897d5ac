"""Helper search processes: a search on more than one core (lazy SMP).

A :class:`~game.ai.search.Searcher` given helpers forks them once its root is set up: each
helper is a copy of the search (the same position, the same moves, the same history of the
game) that searches the root too and writes what it finds into the transposition table they
share (a ``shared`` table, see :mod:`game.ai.table`). The main search reads those entries as
if it had written them and decides the move, on its own answers, or on a helper's where the
helper has completed a deeper iteration (below).

What holds: with no helper nothing changes (the same moves, scores and nodes at a fixed depth
as a search of one process). With helpers, a search at a fixed depth still completes every
iteration up to that depth itself and returns its best move of that depth; its scores may
differ from one process's where an entry a helper wrote (never shallower than the depth asked)
cut a subtree short, exactly as an entry left by an earlier search of the same game does.

Each helper says, on the shared page, the deepest iteration it has completed and the best move
and score of it; when a search that plays on its clock stops, it takes a helper's answer that
is deeper than its own (the helper searched the same root with the same table: its answer is
the better informed).

A helper searches the depth the main search is at: the root's best move first (its score
bounds the others), then the other root moves from the far end of the list. The main search
takes them from the near end and meets in the table what the helper has searched, so the two
share an iteration's root moves instead of searching the same ones one after the other (with
more helpers, each starts from its own place in the list). A helper that completes an
iteration goes on to the next; when the main search goes past the helper's depth, the helper
leaves its iteration (what it found stays in the table) and follows. At a fixed depth this
made the search about 1.5x sooner than one process, where a helper a ply ahead in the same
order was about 1.2x (``benchmarks/smp_depth.py``).

The helpers stop when the main search stops (it kills them: they keep no state of their own
worth a clean end, and an entry torn by the kill is never trusted), when its time is up (they
keep its deadline), and when the process that forked them is gone (killed itself: they notice
that their parent changed, or the shared stop flag, and end, so none is left behind). Where the
system cannot fork (Windows) or the table is not shared, there are no helpers: the search
stays in one process.
"""
from __future__ import annotations

import mmap
import os
import signal
from typing import Any, Final

from game.ai.table import can_share

#: nodes between a helper's looks at the stop flag (a few milliseconds interpreted)
HELPER_CHECK_MASK: Final = 127


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


def helper_order(order: list[Any], index: int, helpers: int) -> list[Any]:
    """The order helper ``index`` (1 to ``helpers``) searches the root moves in, given the
    main search's ``order``: the best move first (its score bounds the others), then the
    others backwards, each helper starting from its own place: the main search takes them
    forwards."""
    rest = order[1:][::-1]
    start = (index - 1) * len(rest) // max(1, helpers)
    return order[:1] + rest[start:] + rest[:start]


class Link:
    """What a helper reads and writes on the shared page: whether to stop, the main search's
    depth, its own nodes and completed iterations."""

    def __init__(self, words: memoryview, index: int, helpers: int, parent: int,
                 searcher: Any) -> None:
        self._words = words
        self._nodes = 2 + index - 1
        self._report = 2 + helpers + index - 1
        self._parent = parent
        self._searcher = searcher
        #: how many helpers the search has (each starts from its own place in the root moves)
        self.helpers = helpers
        #: the depth of the helper's iteration under way
        self.depth = 0

    def stop(self) -> bool:
        """Whether the helper should leave its iteration: the search is over, or the main
        search has gone past its depth (then :meth:`ended` is false and it follows)."""
        self._words[self._nodes] = self._searcher.nodes
        return self.ended() or int(self._words[1]) > self.depth

    def ended(self) -> bool:
        """Whether the search is over (stopped, or the process that forked it is gone)."""
        return bool(self._words[0]) or os.getppid() != self._parent

    def lead(self) -> int:
        """The depth of the iteration the main search is in."""
        return int(self._words[1])

    def report(self, depth: int, index: int, score: int) -> None:
        self._words[self._report] = pack_report(depth, index, score)
        self._words[self._nodes] = self._searcher.nodes


class Crew:
    """The helpers of one search: their process ids and a small shared page (word 0: stop;
    word 1: the main search's depth; words 2 .. 1 + k: the helpers' nodes so far; words
    2 + k .. 1 + 2k: their reports, see :func:`pack_report`)."""

    def __init__(self, pids: list[int], control: mmap.mmap, helpers: int) -> None:
        self.pids = pids
        self._control = control
        self._words = memoryview(control).cast("Q")
        self._helpers = helpers

    @classmethod
    def start(cls, searcher: Any, helpers: int, order: list[Any]) -> Crew | None:
        """Fork ``helpers`` processes that search ``order`` (the root moves) of ``searcher``'s
        position into its shared table; None when there can be none. In a helper this never
        returns: it searches, then ends its process."""
        if helpers < 1 or not searcher.tt.shared or not can_share() or not hasattr(os, "fork"):
            return None
        control = mmap.mmap(-1, 8 * (2 + 2 * helpers), flags=mmap.MAP_SHARED)
        crew = cls([], control, helpers)
        parent = os.getpid()
        for index in range(1, helpers + 1):
            try:
                pid = os.fork()
            except OSError:
                break  # no more processes to be had: the search goes on with what it has
            if pid == 0:
                crew._help(searcher, index, order, parent)  # never returns
            crew.pids.append(pid)
        if not crew.pids:
            crew._words.release()
            control.close()
            return None
        return crew

    def _help(self, searcher: Any, index: int, order: list[Any], parent: int) -> None:
        """A helper's whole life: search until told to stop, then end the process without
        running anything of the parent's (its exit handlers, its buffered output)."""
        status = 0
        try:
            link = Link(self._words, index, self._helpers, parent, searcher)
            searcher.help(index, order, link, HELPER_CHECK_MASK)
        except BaseException:  # a helper's failure must never reach the parent's code
            status = 1
        finally:
            os._exit(status)

    def nodes(self) -> int:
        """The nodes the helpers have searched so far (as they last said)."""
        return sum(self._words[2:2 + self._helpers])

    def lead(self, depth: int) -> None:
        """Tell the helpers the depth of the main search's iteration under way."""
        self._words[1] = depth

    def deepest(self) -> tuple[int, int, int]:
        """The deepest iteration a helper has completed: (depth, index of its best move in
        the order the helpers were given, score); depth 0 when none has."""
        best = (0, 0, 0)
        for k in range(self._helpers):
            report = unpack_report(int(self._words[2 + self._helpers + k]))
            if report[0] > best[0]:
                best = report
        return best

    def stop(self) -> None:
        """Stop the helpers now and reap them: they are killed outright, as waiting for them
        to notice the stop flag would cost the move milliseconds it has not got. A helper
        killed while it wrote an entry leaves it torn, and a torn entry is never trusted."""
        self._words[0] = 1
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


__all__ = ["Crew", "Link", "default_processes", "helper_order", "most_processes",
           "pack_report", "unpack_report"]
