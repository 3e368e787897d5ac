"""The only place that reads and writes game files: every game kept (each unfinished game in a
file of its own, Continue takes the most recent), PDN files opened, pasted or exported.

Files live in the user's data folder (``$SHASHKI_DATA_DIR`` overrides it)::

    games/<id>.json           every game kept: the unfinished ones (each written after every
                              move and on leaving, under its own id) and the finished ones
    games/index.json          what the Games screen lists, rebuilt from the files when stale
    games/<id>.damaged.json   a file that had to be moved aside (see below)
    current.json              the one game in progress of older versions: at the first use of
                              the folder it becomes one of the games (renamed, byte for byte)
    exports/                  PDN files written with Ctrl+E

Nothing discards an unfinished game: a new game, a game opened or pasted, each gets a file of
its own; only the player's Delete removes one. Every write goes to a temporary file in the same
folder and is renamed over the old one (a temporary file left by a killed program is removed
at the next start). Before a file is written over, a file this store has not itself written or
opened is judged by replaying it; what cannot be replayed is moved aside under a name that the
notice gives, and stays there. Every read takes at most a limit of bytes from a regular file
(the size is looked at before reading), decodes JSON and checks it; a damaged, foreign or
hostile file gives a :class:`SaveError` with a message for the player and is left as it is.
Nothing read is ever unpickled or evaluated.

The package, by role: :mod:`.files` (bytes in and out: a record read, checked and replayed,
the reasons a file cannot be used), :mod:`.replaying` (a game file replayed in a thread of its
own, the window drawing meanwhile), :mod:`.outside` (PDN files and pasted text),
:mod:`.listing` (what the Games screen lists), :mod:`.store` (the kept games of one data
folder) and :mod:`.game_file` (a game in play as its kept file, owned by the screen that plays
it).
"""
from __future__ import annotations

from game.saves.files import (
    DATA_ENV,
    INDEX_BASE_BYTES,
    INDEX_BYTES_PER_GAME,
    INDEX_VERSION,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_PASTE_CHARS,
    MAX_PDN_BYTES,
    NAME_CHARS,
    OLD_GAME_DAYS,
    Notice,
    SaveError,
    data_dir,
    decode_record,
    default_name,
    dumps,
    judge,
    now_text,
    os_error,
    player_named,
    read_small_file,
)
from game.play.records import record_of
from game.saves.game_file import GameFile, Host, autosave, save_named, store_for, tell
from game.saves.listing import Entry, Opened, last_played, sort_entries
from game.saves.outside import (
    PdnReading,
    Pasted,
    check_text,
    decode_text,
    pdn_game,
    pdn_games,
    read_pasted,
    start_pasted,
)
from game.saves.replaying import Replaying
from game.saves.store import Saves

__all__ = [
    "DATA_ENV", "INDEX_BASE_BYTES", "INDEX_BYTES_PER_GAME", "INDEX_VERSION", "MAX_BYTES",
    "MAX_DEPTH", "MAX_PASTE_CHARS", "MAX_PDN_BYTES", "NAME_CHARS", "OLD_GAME_DAYS", "Entry",
    "GameFile", "Host", "Notice", "Opened", "Pasted", "PdnReading", "Replaying", "SaveError",
    "Saves", "autosave", "check_text", "data_dir", "decode_record", "decode_text",
    "default_name", "dumps", "judge", "last_played", "now_text", "os_error", "pdn_game",
    "pdn_games", "player_named", "read_pasted", "read_small_file", "record_of", "save_named",
    "sort_entries", "start_pasted", "store_for", "tell",
]
