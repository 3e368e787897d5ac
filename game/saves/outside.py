"""Text from outside: PDN files and pasted text, read a slice at a time, checked like a file
(a length limit, no NUL), each reason said of the file or of the clipboard."""
from __future__ import annotations

import gc
import math
import re
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.i18n import tr
from game.rules.text import clean
from game.saves.files import MAX_PASTE_CHARS, SaveError, sizes

if TYPE_CHECKING:
    from game.rules.draughts import DraughtsGame
    from game.rules.pdn import PdnGame


#: a position's text (the side to move, a colon, then the pieces), spaces and all; a PDN text
#: never begins so
_FEN = re.compile(r"[WBwb]\s*:[^\[\]{}()]*")


def decode_text(raw: bytes, name: str = "") -> str:
    """A text file's bytes as text, decoded one way for the whole file: UTF-8 (with or without
    a BOM) when that is what it holds, else Windows-1251, the encoding older Russian programs
    write. A file with a NUL byte anywhere is not text."""
    if b"\x00" in raw:
        raise SaveError("saves.why.binary", name=name)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    # mostly UTF-8 with a few stray bytes, or a cp1251 file (whose letters seldom happen to
    # form UTF-8 sequences): the characters UTF-8 finds against the bytes it cannot read
    as_utf8 = raw.decode("utf-8", errors="replace")
    broken = as_utf8.count("\ufffd")
    letters = len(as_utf8) - len(as_utf8.encode("ascii", "ignore")) - broken
    if letters >= broken:
        return as_utf8.lstrip("\ufeff")
    return raw.decode("cp1251", errors="replace")


def check_text(text: str, name: str, limit: int = MAX_PASTE_CHARS, *,
               pasted: bool = False) -> None:
    """Text from outside (pasted) judged like a file: refused whole, never cut, when longer
    than ``limit`` characters, and refused when it holds a NUL. ``pasted``: the reasons speak
    of the clipboard, not of a file."""
    if len(text) > limit:
        raise SaveError(_why("too_long", pasted), name=name, **sizes(len(text), limit))
    if "\x00" in text:
        raise SaveError(_why("binary", pasted), name=name)


def _why(reason: str, pasted: bool) -> str:
    """The key of a reason a text cannot be read: said of the clipboard for pasted text (a
    paste is no file, and nothing of it is "left as it is")."""
    return f"saves.why.paste.{reason}" if pasted else f"saves.why.{reason}"


def _notation_error(error: Exception, name: str, pasted: bool,
                    first_line: int | None = None) -> SaveError:
    """A PDN text's error as the player reads it: where it came from and the line (in the
    player's language): the reading's, or else ``first_line``, where the game begins. The
    reader's problem is worded in the player's language (:mod:`.pdn_words`)."""
    from game.rules.pdn import PdnError
    from game.saves.pdn_words import pdn_reason

    line = getattr(error, "line", None)
    if not isinstance(line, int):
        line = first_line
    why: SaveError | str
    if isinstance(error, PdnError):
        why = pdn_reason(error)
    else:
        why = str(error)[:300]
        if isinstance(line, int):
            why = why.removeprefix(f"line {line}: ")
    if isinstance(line, int):
        return SaveError(_why("pdn_line", pasted), name=name, line=line, why=why)
    return SaveError(_why("pdn", pasted), name=name, why=why)


def _no_game(details: SaveError | None = None) -> SaveError:
    """Pasted text that holds nothing of a game or a position ("Buy milk"): said plainly;
    ``details``, what the reader found, is for the player who asks."""
    if details is None:
        return SaveError("saves.why.paste.no_game")
    return SaveError("saves.why.paste.no_game", details=details)


def _holds_no_game(error: Exception, games_read: int, tagged: bool) -> bool:
    from game.rules.pdn import PdnError
    from game.saves.pdn_words import not_a_game

    return isinstance(error, PdnError) and not_a_game(error, games_read, tagged)


def pdn_games(text: str, name: str) -> list[PdnGame]:
    """The games of a PDN text (listed without replaying their moves; a text of one game
    is replayed now, so a game that cannot be opened is said at once). SaveError: why.
    (:class:`PdnReading` does the same a slice at a time.)"""
    reading = PdnReading(text, name)
    reading.step(budget=math.inf)
    if reading.error is not None:
        raise reading.error
    return reading.games


class PdnReading:
    """A PDN text read a slice at a time (:meth:`step` within a time budget, say once a
    frame), so a file of thousands of games never holds the window up; ``games`` grows as it
    reads, ``error`` says why the text cannot be read, and ``done`` is set at the end. What
    :func:`pdn_games` gives at once, in slices. ``pasted``: the text came from the clipboard
    (the reasons say so, and not "the file"). ``prefer``: the game a text that does not
    name its game is read as first, if its start and first move are that game's (the game
    on the screen the text was pasted in)."""

    def __init__(self, text: str, name: str, *, pasted: bool = False,
                 prefer: str | None = None) -> None:
        from game.rules.pdn import scan_pdn_steps

        self.name = name
        self.pasted = pasted
        self.prefer = prefer
        self.games: list[PdnGame] = []
        self.error: SaveError | None = None
        self.done = False
        self._frozen = False
        self._lines = text.count("\n") + 1
        self._tagged = "[" in text
        self._steps = scan_pdn_steps(text, prefer=prefer)

    @property
    def fraction(self) -> float:
        """How much of the text has been read, 0 to 1 (by the line the last game began on)."""
        if self.done:
            return 1.0
        return min(1.0, self.games[-1].line / self._lines) if self.games else 0.0

    def step(self, budget: float = 0.01) -> bool:
        """Read on for about ``budget`` seconds; whether the reading is over."""
        from game.rules.core import NotationError

        if self.done:
            return True
        end = time.perf_counter() + budget
        first_line: int | None = None
        try:
            for game in self._steps:
                if game is not None:
                    self.games.append(game)
                if time.perf_counter() >= end:
                    # what is read so far is left out of the collector's passes until the
                    # reading ends: a full pass over a hundred thousand games, due now and
                    # then as they pile up, would hold one frame up for a tenth of a second
                    gc.freeze()
                    self._frozen = True
                    return False
            if len(self.games) == 1:
                first_line = self.games[0].line  # where a game that does not replay begins
                self.games[0].replay()  # one game: said now if it cannot be opened
        except NotationError as error:
            self.error = _notation_error(error, self.name, self.pasted, first_line)
            if self.pasted and _holds_no_game(error, len(self.games), self._tagged):
                self.error = _no_game(self.error)
        except RecursionError:
            self.error = SaveError(_why("malformed", self.pasted), name=self.name)
        if self.error is None and not self.games:
            self.error = (_no_game() if self.pasted
                          else SaveError("saves.why.no_games", name=self.name))
        self.stop()
        return True

    def stop(self) -> None:
        """The reading is over or given up: nothing more is read, and the collector looks at
        everything again."""
        self.done = True
        if self._frozen:
            self._frozen = False
            gc.unfreeze()


def pdn_game(pdn: PdnGame, name: str, *, pasted: bool = False) -> DraughtsGame:
    """One game of a PDN file or text, replayed to its end (a game of a long file replays
    when it is opened); SaveError naming the file (``pasted``: the clipboard) and the line if
    it does not replay: the line the reading stopped at, else the line the game begins on."""
    from game.rules.core import NotationError

    try:
        return pdn.game()
    except (NotationError, ValueError) as error:
        raise _notation_error(error, name, pasted, pdn.line) from None


@dataclass(frozen=True, slots=True)
class Pasted:
    """What pasted text holds: the games of a PDN text, or one position (its game and FEN);
    from :func:`start_pasted`, a PDN text still to be read (``reading``)."""

    games: tuple[PdnGame, ...] = ()
    variant: str | None = None
    fen: str | None = None
    reading: PdnReading | None = None


def read_pasted(text: str, name: str | None = None, current: str | None = None) -> Pasted:
    """Pasted text as a PDN game (or several) or a position, checked like a file (a length
    limit, no NUL; a position's pieces judged by the rules of the game that reads it, see
    :func:`start_pasted`). SaveError saying why not."""
    pasted = start_pasted(text, name, current)
    reading = pasted.reading
    if reading is None:
        return pasted
    reading.step(budget=math.inf)
    if reading.error is not None:
        raise reading.error
    return Pasted(games=tuple(reading.games))


def start_pasted(text: str, name: str | None = None, current: str | None = None) -> Pasted:
    """What :func:`read_pasted` gives, except that a PDN text is only begun: its ``reading``
    is stepped by the caller (a screen, a slice a frame), so a long paste never holds the
    window up. The length and a NUL are checked now. A position is read by the game the
    screen plays (``current``, a game's key; None: a screen of no game), else by the game
    whose notation it fits best (:mod:`game.play.position_text`); when that game's rules
    refuse it, the reason names the game. SaveError saying why not (of the clipboard, unless
    the text is given a ``name``)."""
    pasted = name is None
    name = name or tr("saves.clipboard")
    check_text(text, name, pasted=pasted)
    body = text.strip()
    if not body:
        raise SaveError(_why("empty", pasted), name=name)
    if _FEN.fullmatch(body):
        body = "".join(body.split())  # a position written with spaces: W:W21, 22:B1, 2
    elif "[" in body or "." in body.split(":")[0] or " " in body:
        return Pasted(reading=PdnReading(body, name, pasted=pasted, prefer=current))
    from game.play.position_text import read_position_text
    from game.play.positions import setup_refusal

    position = read_position_text(body, current)
    if position is None and pasted:
        raise _no_game(SaveError("saves.why.paste.no_reader", text=clean(body, 40)))
    if position is None:
        raise SaveError(_why("not_a_position", pasted), name=name)
    if position.refusal is not None:
        refusal = setup_refusal(position.refusal)
        values = {k: tr(v) if isinstance(v, str) and v.startswith("editor.") else v
                  for k, v in refusal.values.items()}
        why = tr(refusal.key, **values)
        if not why.startswith(tuple(str(value) for value in values.values())):
            why = why[:1].lower() + why[1:]  # mid-sentence, unless it begins with a name
        raise SaveError(_why("refused", pasted), name=name,
                        game=tr(f"game.{position.variant}"), why=why)
    return Pasted(variant=position.variant, fen=position.fen)
