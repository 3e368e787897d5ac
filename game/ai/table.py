"""The search's memory: its transposition table, a fixed number of entries sized from a byte
budget, and how a budget is shared between the table and the evaluation's caches.

Every entry is two 64-bit words in one flat buffer, the position's Zobrist key XOR the packed
word, and the packed word (depth, bound, score, the best move's index in the board's move
list, the search that wrote it): 16 bytes an entry, no Python object per entry. The key is
kept XOR the word so that an entry checks itself: where several search processes share the
buffer (:mod:`game.ai.crew`), one may read an entry while another has written only one of its
two words, and such a torn entry then matches no key and is never trusted. A key may stand in either entry of
its bucket of two; a new key takes an empty entry, else the less valuable of the two (the
shallower, an entry of an earlier search counting as less deep). The table never grows: a
search fills it and then replaces, so a long think keeps the memory it was given.

The buffer is an anonymous memory mapping: the system gives it pages as they are first
written, so a short search costs little more than the entries it wrote, and a long one no
more than the budget. A ``shared`` table's mapping is shared with the processes forked after
it was made (the helper searches), where the system can fork; else it is this process's.
"""
from __future__ import annotations

import mmap
import sys
from typing import Final

#: bytes an entry takes in the buffer (its key and its packed word)
ENTRY_BYTES: Final = 16
#: entries a key may stand in
BUCKET: Final = 2
#: the search's memory by default (the setting's default): the worker's, the Hub engine's
DEFAULT_MEGABYTES: Final = 256
#: the table of a search given none (one search, not a game: the command line, the tools)
ONE_SEARCH_MEGABYTES: Final = 16
#: the share of a budget the evaluation's caches get; the rest is the table's
CACHE_SHARE: Final = 0.25
#: what an entry of an evaluation cache costs at most: a dict of int keys and int or float
#: values, 100 to 122 bytes measured with the dict's own table (benchmarks/ponder.py)
CACHE_ENTRY_BYTES: Final = 128
#: evaluation caches a search fills at once, at most (a draughts board's, and the learned
#: evaluation's memos, a band of the board each)
CACHES: Final = 6
#: the smallest table there is (a budget below it gets this)
MIN_ENTRIES: Final = 1024

# the packed word: depth (8 bits), bound (2), score + SCORE_BIAS (17), move index + 1 (16;
# 0: none), the search that wrote it (8; never 0, so a written word is never 0)
FLAG_SHIFT: Final = 8
SCORE_SHIFT: Final = 10
MOVE_SHIFT: Final = 27
AGE_SHIFT: Final = 43
DEPTH_MASK: Final = 0xFF
FLAG_MASK: Final = 0x3
SCORE_MASK: Final = 0x1FFFF
MOVE_MASK: Final = 0xFFFF
AGE_MASK: Final = 0xFF
SCORE_BIAS: Final = 1 << 16
#: an entry of an earlier search counts this many plies less deep when a new key needs room
AGE_PENALTY: Final = 8
#: what a stored score is: the exact value, at least it (a cut), at most it
EXACT: Final = 0
LOWER: Final = 1
UPPER: Final = 2


def entries_for(megabytes: float) -> int:
    """How many entries a table of ``megabytes`` holds (whole buckets, at least MIN_ENTRIES)."""
    entries = int(megabytes * (1 << 20)) // ENTRY_BYTES
    return max(MIN_ENTRIES, entries - entries % BUCKET)


def table_megabytes(megabytes: float) -> float:
    """The game's transposition table's part of a budget for the search's memory: what the
    evaluation's caches leave, less a search's own table (a level that scores every move
    makes one for each move, beside the game's)."""
    return max(ONE_SEARCH_MEGABYTES, megabytes * (1.0 - CACHE_SHARE) - ONE_SEARCH_MEGABYTES)


def cache_entries(megabytes: float) -> int:
    """The most entries each evaluation cache may keep within a budget of ``megabytes``."""
    return max(1024, int(megabytes * (1 << 20) * CACHE_SHARE) // (CACHE_ENTRY_BYTES * CACHES))


def can_share() -> bool:
    """Whether a table's memory can be shared with helper search processes here: the helpers
    are forked (game/ai/crew.py), which Windows cannot do (there the search stays in one
    process)."""
    return sys.platform != "win32"


def _buffer(size: int, shared: bool) -> mmap.mmap:
    """``size`` zero bytes that take memory only once written (an anonymous mapping; shared
    with the processes forked later, if ``shared`` and the system can)."""
    if sys.platform == "win32":  # an anonymous mapping of the paging file, this process's
        return mmap.mmap(-1, size)
    return mmap.mmap(-1, size, flags=mmap.MAP_SHARED if shared else mmap.MAP_PRIVATE)


class TranspositionTable:
    """Positions searched before, in a table of ``megabytes``: ``probe(key)`` gives the
    packed word stored for a key (0: none; :func:`depth_of`, :func:`flag_of`,
    :func:`score_of` and :func:`move_of` read it), ``store`` writes one. A ``shared`` table
    (where :func:`can_share`) is one the helper search processes forked later write to and
    read from as well."""

    def __init__(self, megabytes: float = ONE_SEARCH_MEGABYTES, shared: bool = False) -> None:
        self.megabytes = megabytes
        self.shared = shared and can_share()
        self.capacity = entries_for(megabytes)
        self.buckets = self.capacity // BUCKET
        self._allocate()
        self.age = 1
        self._age_bits = 1 << AGE_SHIFT

    def _allocate(self) -> None:
        self.words = memoryview(_buffer(self.capacity * ENTRY_BYTES, self.shared)).cast("Q")
        self.used = 0  # entries written (a replaced one counts once)

    @property
    def bytes(self) -> int:
        """The buffer's size: the most memory the table takes."""
        return self.capacity * ENTRY_BYTES

    def __len__(self) -> int:
        return self.used

    def clear(self) -> None:
        """Forget every entry and give their memory back to the system (the old mapping goes
        once nothing uses it: at once, unless a search in another thread still does)."""
        self._allocate()
        self.age = 1
        self._age_bits = 1 << AGE_SHIFT

    def new_search(self) -> None:
        """A new search begins: what the earlier ones stored is kept, but gives way first."""
        self.age = self.age % AGE_MASK + 1
        self._age_bits = self.age << AGE_SHIFT

    def follow(self, age: int) -> None:
        """Stamp what is stored from now on as the search of ``age`` does (a helper process
        searching beside the search that began it, see game/ai/crew.py)."""
        self.age = (age - 1) % AGE_MASK + 1
        self._age_bits = self.age << AGE_SHIFT

    def probe(self, key: int) -> int:
        """The packed word stored for ``key``, or 0 (also when the entry is torn: its two
        words, each read once, do not make up the key)."""
        words = self.words
        i = (key % self.buckets) << 2
        word = words[i + 1]
        if words[i] ^ word == key:
            return word
        word = words[i + 3]
        if words[i + 2] ^ word == key:
            return word
        return 0

    def store(self, key: int, depth: int, flag: int, score: int, move: int) -> None:
        """Keep what a search found about ``key``: ``depth`` searched (deeper counts as 255),
        ``flag`` (exact, lower or upper bound), ``score`` (within +-65535), ``move`` (the
        best move's index in the board's list, below 65535; -1: none). The key's own entry
        is replaced unless it was searched deeper and the new score is only a bound."""
        words = self.words
        i = (key % self.buckets) << 2
        if depth > DEPTH_MASK:
            depth = DEPTH_MASK
        word = (depth | flag << FLAG_SHIFT | (score + SCORE_BIAS) << SCORE_SHIFT
                | (move + 1) << MOVE_SHIFT | self._age_bits)
        # each word read once: another process may write the entry meanwhile
        first, second = words[i + 1], words[i + 3]
        if words[i] ^ first == key:
            slot, old = i + 1, first
        elif words[i + 2] ^ second == key:
            slot, old = i + 3, second
        else:
            # a new key: an empty entry, else the less valuable one (an earlier search's
            # first, then the shallower)
            if not first:
                slot = i + 1
                self.used += 1
            elif not second:
                slot = i + 3
                self.used += 1
            else:
                age = self.age
                worth_first = (first & DEPTH_MASK) - (AGE_PENALTY if first >> AGE_SHIFT != age
                                                      else 0)
                worth_second = (second & DEPTH_MASK) - (AGE_PENALTY if second >> AGE_SHIFT
                                                        != age else 0)
                slot = i + 1 if worth_first <= worth_second else i + 3
            words[slot] = word
            words[slot - 1] = key ^ word
            return
        if not old:  # key 0 in an empty entry
            self.used += 1
        elif old & DEPTH_MASK > depth and flag != EXACT:
            if old >> AGE_SHIFT == self.age:
                return
            # kept, and kept fresh: it is still of use to this search
            word = old & ~(AGE_MASK << AGE_SHIFT) | self._age_bits
        words[slot] = word
        words[slot - 1] = key ^ word


def depth_of(word: int) -> int:
    return word & DEPTH_MASK


def flag_of(word: int) -> int:
    return (word >> FLAG_SHIFT) & FLAG_MASK


def score_of(word: int) -> int:
    return ((word >> SCORE_SHIFT) & SCORE_MASK) - SCORE_BIAS


def move_of(word: int) -> int:
    """The best move's index in the board's move list, -1 if the entry has none."""
    return ((word >> MOVE_SHIFT) & MOVE_MASK) - 1
