"""PDN game files of draughts: reading (:func:`read_pdn`) and writing (:func:`write_pdn`).

Text in, games out: moves are replayed through a :class:`DraughtsGame`, so a file's moves are
checked against the rules. FEN and move text are :mod:`game.rules.notation`'s.

What a round trip ``read_pdn(write_pdn(game))`` gives back: the variant, the set-up position,
every move, the result, and the options that differ from the defaults (written as the tags
``TournamentDraws``, ``DrawOfferAfter`` and ``MoveLimit``). :meth:`PdnGame.game` replays the
moves and, when the rules do not end the game there but the file gives a result, records it as
the players' own end: ``2-0`` or ``0-2`` as a resignation by the loser, ``1-1`` as an agreed
draw. So a game ended by resignation or agreement comes back with the same outcome, and a game
the rules ended (no moves, a draw rule, the move limit) is ended by the rules again.
"""
from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.rules import notation
from game.rules.core import (
    AmbiguousMoveError,
    BoardGeometry,
    Color,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    RulesError,
    SetupError,
    Termination,
    quote,
)
from game.rules.draughts import DraughtsGame
from game.rules.text import clean

_CANONICAL_TAGS = {t.lower(): t for t in (
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
    "WhiteElo", "BlackElo", "TimeControl", "Annotator", "PlyCount", "Time", "Termination",
    "Variant")}
_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_RESULTS = {"2-0": "2-0", "0-2": "0-2", "1-1": "1-1", "*": "*", "1-0": "2-0", "0-1": "0-2",
            "1/2-1/2": "1-1", "0-0": "0-0"}
#: the longest tag value kept (a FEN of the 10×10 board with every square named fits)
MAX_TAG = 1000
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"\s*\]')
_NUMBER = re.compile(r"^(\d+)\s*(\.+)(.*)$")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
#: words that are no move: "..." for Black, annotation marks, NAGs ($14)
_SKIPPED = re.compile(r"\.+|[!?+\-=±∓∞/]+|\$[0-9]+").fullmatch
#: option name -> the tag that carries it when it differs from the default
OPTION_TAGS = {"tournament_draws": "TournamentDraws", "draw_offer_after": "DrawOfferAfter",
               "move_limit": "MoveLimit", "huff": "Huff"}
#: a comment that records a huff ("with фук") before the move after it: ``{huff f4}``
_HUFF_COMMENT = re.compile(r"\s*(?:huff|фук|ф)\s+\S+\s*", re.IGNORECASE)


class PdnProblem(enum.Enum):
    """Why a PDN text cannot be read, for the screens to word (:class:`PdnError`'s values)."""

    TAG_LINE = "tag_line"  # a tag not closed on its line
    OPEN_COMMENT = "open_comment"  # a { without its }
    OPEN_VARIATION = "open_variation"  # a ( without its )
    UNEXPECTED = "unexpected"  # ``char``: a character no move, number or result holds
    GAME_TYPE = "game_type"  # ``found``: a GameType of no game of the collection
    NO_OPTION = "no_option"  # ``game`` (its key) has no option ``tag``
    BAD_OPTION = "bad_option"  # the value ``value`` of the option tag ``tag``
    BAD_FEN = "bad_fen"  # the [FEN] ``fen`` of ``game``; ``cause``: a SetupError, if one
    NOT_A_MOVE = "not_a_move"  # ``text`` is written as no move is (``example``: one that is)
    ILLEGAL_MOVE = "illegal_move"  # ``text`` names no legal move there
    AMBIGUOUS = "ambiguous"  # ``text`` names several legal moves
    NO_HUFF = "no_huff"  # the piece on ``square`` may not be taken for a huff


class PdnError(NotationError):
    """A PDN text that cannot be read: :class:`PdnProblem` and its values (a move's also
    ``number``, ``side``, a Color, and ``ply``, from 0 at the game's first move), said in
    English by the message and in the player's words by the screens."""

    def __init__(self, problem: PdnProblem, message: str, *, line: int | None = None,
                 **values: Any) -> None:
        self.problem = problem
        self.values = values
        super().__init__(message, line=line)


@dataclass(slots=True)
class PdnGame:
    """One game read from a PDN file: its tags, variant, result, and its moves as written.

    The moves are replayed on first use (:attr:`moves`, :attr:`fen`, :meth:`game`), so a file
    of ten thousand games lists at once; :func:`read_pdn` replays every game while reading
    and so refuses a file with any move that does not replay.
    """

    tags: dict[str, str]
    variant: str
    result: str  # 2-0, 0-2, 1-1 or * (also 0-0 if the file says so)
    line: int = field(default=1, compare=False)  # where the game begins in the file
    #: the game's options given by tags (``MoveLimit`` ...); the others are the defaults
    options: dict[str, Any] = field(default_factory=dict)
    #: each move as written and the line it is on
    texts: tuple[tuple[str, int], ...] = ()
    #: the [FEN] tag as written (None: the standard start), and its line
    setup: str | None = None
    setup_line: int = field(default=1, compare=False)
    #: the moves and start once replayed (kept as a plain value: a file of a hundred thousand
    #: games makes no more objects for the garbage collector to walk than it must)
    _replayed: tuple[tuple[Move, ...], str | None] | None = field(
        default=None, compare=False, repr=False)

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move, replayed and checked (NotationError naming the line if one is not
        legal)."""
        return self.replay()[0]

    @property
    def fen(self) -> str | None:
        """The set-up start (None for the standard one)."""
        return self.replay()[1]

    def replay(self) -> tuple[tuple[Move, ...], str | None]:
        """The moves and the set-up start, replayed once and kept."""
        if self._replayed is None:
            self._replayed = _replay(self)
        return self._replayed

    def game(self, **options: Any) -> DraughtsGame:
        """The game replayed to its last move, with the file's result when the rules do not end
        it there (a resignation by the loser, or an agreed draw). ``options`` override the
        file's."""
        moves, fen = self.replay()
        game = _start(self.variant, fen, {**self.options, **options})
        for move in moves:
            game.push(move)
        if game.outcome() is None:
            if self.result in ("2-0", "0-2"):
                game.record_end(Outcome(Termination.RESIGNATION,
                                        Color.WHITE if self.result == "2-0" else Color.BLACK))
            elif self.result == "1-1":
                game.record_end(Outcome(Termination.AGREEMENT, None))
        return game


@dataclass(slots=True)
class _Draft:
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    moves: list[tuple[str, int]] = field(default_factory=list)
    result: str | None = None
    huff: str | None = None  # a huff comment waiting for the move it comes before
    huffs: int = 0  # how many moves come after a huff


@dataclass(frozen=True, slots=True)
class _Registry:
    """What PDN knows of the games, read from the game classes of the rules' registry."""

    #: GameType -> the game whose own number it is (a game that shares its parent's number,
    #: Russian giveaway, is told apart by its [Variant] tag)
    game_types: dict[int, str]
    #: a [Variant] tag that tells a game from others of its GameType -> the game
    variant_tags: dict[str, str]
    #: the words a [Variant] tag may begin with (lidraughts and others, often without a
    #: GameType) -> the game, in the registry's order
    variant_names: dict[str, str]


@lru_cache(maxsize=1)
def _registry() -> _Registry:
    from game.rules import VARIANTS, find_variant

    game_types: dict[int, str] = {}
    variant_tags: dict[str, str] = {}
    variant_names: dict[str, str] = {}
    for name in VARIANTS:
        cls = find_variant(name)
        if not issubclass(cls, DraughtsGame):
            continue
        if "game_type" in cls.__dict__:  # a number of its own (not its parent game's)
            if cls.game_type in game_types:
                raise ValueError(f"GameType {cls.game_type} is claimed by "
                                 f"{game_types[cls.game_type]!r} and {name!r}")
            game_types[cls.game_type] = name
        if cls.pdn_variant is not None:
            variant_tags[cls.pdn_variant.lower()] = name
        for word in cls.__dict__.get("pdn_names", ()):  # its own, not inherited
            variant_names.setdefault(word.lower(), name)
    return _Registry(dict(sorted(game_types.items())), variant_tags, variant_names)


def game_types() -> dict[int, str]:
    """PDN GameType -> game name, for the draughts games of the registry."""
    return dict(_registry().game_types)


@lru_cache(maxsize=None)
def _draughts(variant: str) -> type[DraughtsGame]:
    from game.rules import find_variant

    try:
        cls = find_variant(variant)
    except ValueError as error:
        raise NotationError(str(error)) from None
    if not issubclass(cls, DraughtsGame):
        known = ", ".join(_registry().game_types.values())
        raise NotationError(f"PDN files hold draughts games; {cls.title} is not one "
                            f"(use {known})")
    return cls


def _start(variant: str, fen: str | None, options: Mapping[str, Any]) -> DraughtsGame:
    """The start of a game: the standard one, or a set-up position judged as every position
    from outside is (:meth:`Game.from_setup`)."""
    cls = _draughts(variant)
    if not fen:
        return cls.new(**options)
    game = cls.from_setup(fen, **options)
    assert isinstance(game, DraughtsGame)
    return game


# one token of a PDN text after white space: a move number, a tag, a {comment}, a ;comment, a
# %escape line, a word (a move, a result, a mark) or one other character, looked at by hand
_TOKEN = re.compile(
    r'[\s\ufeff]*(?:'
    r'(?P<number>[0-9]+\.+)'
    r'|(?P<tag>\[\s*[A-Za-z][A-Za-z0-9_]*\s*"[^"\\\n]*(?:\\.[^"\\\n]*)*"\s*\])'
    r'|(?P<comment>\{[^}]*\})'
    r'|(?P<rest>;[^\n]*)'
    r'|(?P<escape>%[^\n]*)'
    r'|(?P<word>[^\s\ufeff\[{(;\]})][^\s\ufeff\[{(;]*)'
    r'|(?P<other>.)'
    r'|$)', re.S)
_WORD = re.compile(r'[^\s\ufeff\[{(;]+')
_NESTING = re.compile(r"\(+|\)+|\{")  # runs of brackets at once: "((((" is one step


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, line) for tags, words and the comments that record a huff (the text
    inside the braces); other comments and variations are skipped."""
    match_token = _TOKEN.match
    count = text.count
    i, n = 0, len(text)
    line, counted = 1, 0  # the line at text[counted]: lines are counted as the reading goes

    def line_at(at: int) -> int:
        nonlocal line, counted
        line += count("\n", counted, at)
        counted = at
        return line

    while i < n:
        found = match_token(text, i)
        assert found is not None  # the last alternative matches the end
        kind = found.lastgroup
        if kind is None:
            return  # only white space was left
        at = found.start(kind)
        i = found.end()
        if kind == "comment":
            body = found.group(kind)[1:-1]
            if _HUFF_COMMENT.fullmatch(body):
                yield kind, body, line_at(at)
            continue
        if kind == "number" or kind == "rest":
            continue
        if kind == "tag" or kind == "word":
            yield kind, found.group(kind), line_at(at)
            continue
        if kind == "escape":
            start_of_line = text.rfind("\n", 0, at) + 1
            if not text[start_of_line:at].strip(" \t\r\ufeff"):
                continue  # a PDN escape line
            word = _WORD.match(text, at)
            assert word is not None
            i = word.end()
            yield "word", word.group(), line_at(at)
            continue
        here = line_at(at)
        char = text[at]
        if char == "[":
            raise PdnError(PdnProblem.TAG_LINE, 'expected a tag such as [Event "name"] on one '
                           'line', line=here)
        if char == "{":
            raise PdnError(PdnProblem.OPEN_COMMENT,
                           "expected } to close the comment that starts here", line=here)
        if char == "(":
            end = _variation_end(text, at)
            if end < 0:
                raise PdnError(PdnProblem.OPEN_VARIATION,
                               "expected ) to close the variation that starts here", line=here)
            i = end + 1
            continue
        raise PdnError(PdnProblem.UNEXPECTED, f"unexpected {quote(char)}: expected a move, a "
                       f"move number or a result", line=here, char=char)


def _variation_end(text: str, i: int) -> int:
    """Where the variation opened at ``text[i]`` closes (-1: never); comments inside it may
    hold brackets."""
    depth = 0
    search = _NESTING.search
    while True:
        found = search(text, i)
        if found is None:
            return -1
        j = found.start()
        run = found.end() - j
        char = text[j]
        if char == "{":
            close = text.find("}", j)
            if close < 0:
                return -1
            i = close + 1
            continue
        if char == "(":
            depth += run
        elif run >= depth:
            return j + depth - 1  # the ")" that closes the first "("
        else:
            depth -= run
        i = j + run


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value) if "\\" in value else value


def read_pdn(text: str, variant: str | None = None, prefer: str | None = None
             ) -> list[PdnGame]:
    """Every game of a PDN file, every move replayed and checked. The variant comes from
    ``[GameType]`` (20 International, 21 English, 25 Russian, 26 Brazilian, 98 International
    giveaway; a giveaway game is told from its ordinary one by ``[Variant]``), else from
    ``variant``, else from a [Variant] name, else ``prefer`` (the game on the screen) if the
    game's start and first move are that game's, else from the squares' style. Raises
    NotationError naming the line."""
    games = scan_pdn(text, variant, prefer)
    for game in games:
        game.replay()
    return games


def scan_pdn(text: str, variant: str | None = None, prefer: str | None = None
             ) -> list[PdnGame]:
    """Every game of a PDN file as :func:`read_pdn` finds them, the moves not yet replayed
    (each game replays them when first used): a big file lists at once. The tags, the
    variant and the layout are checked here (NotationError naming the line)."""
    return [game for game in scan_pdn_steps(text, variant, prefer) if game is not None]


#: how many words and tags :func:`scan_pdn_steps` reads between two of its steps
STEP_TOKENS = 2_000


def scan_pdn_steps(text: str, variant: str | None = None, prefer: str | None = None
                   ) -> Iterator[PdnGame | None]:
    """:func:`scan_pdn` in small steps: each game as soon as it is read, and None after every
    :data:`STEP_TOKENS` words of a long one, so that a caller reading a big file can stop
    between any two steps (a frame's worth of work at a time)."""
    if not isinstance(text, str):
        raise NotationError("expected the PDN file as text")
    if variant is not None:
        _draughts(variant)  # a game that PDN cannot hold is refused before any reading
    if prefer is not None and not _holds(prefer):
        prefer = None  # a game PDN does not hold (Уголки, Chapaev) is no guess
    draft: _Draft | None = None
    count = 0
    for kind, value, line in _tokens(text):
        count += 1
        if count % STEP_TOKENS == 0:
            yield None
        if kind == "tag":
            if draft is None or draft.moves or draft.result is not None:
                if draft is not None:
                    yield _finish(draft, variant, prefer)
                draft = _Draft(line)
            match = _TAG.match(value)
            assert match is not None
            name = _CANONICAL_TAGS.get(match.group(1).lower(), match.group(1))
            # a tag's value is text from outside: shown on the Games screen, in the panel
            draft.tags[name] = clean(_unescape(match.group(2)), MAX_TAG)
            draft.tag_lines[name] = line
            continue
        if kind == "comment":
            if draft is not None and draft.result is None:
                draft.huff = "{" + value.strip() + "}"
            continue
        word = value
        if word[0].isdigit():
            while True:
                number = _NUMBER.match(word)
                if number is None:
                    break
                word = number.group(3)
        if not word or _SKIPPED(word):
            continue  # a move number, "..." for Black, annotations (!?, +-, =), NAGs
        if draft is None or draft.result is not None:
            if draft is not None:
                yield _finish(draft, variant, prefer)
            draft = _Draft(line)
        if word in _RESULTS:
            draft.result = _RESULTS[word]
        else:
            if draft.huff is not None:
                word = f"{draft.huff} {word}"
                draft.huff = None
                draft.huffs += 1
            draft.moves.append((word, line))
    if draft is not None:
        yield _finish(draft, variant, prefer)


_NUMERIC_MOVE = re.compile(r"[0-9]{1,3}(?:\s*[-x:×]\s*[0-9]{1,3})+", re.IGNORECASE)


def _holds(variant: str) -> bool:
    """Whether ``variant`` is a draughts game of the registry (one PDN holds)."""
    try:
        _draughts(variant)
    except NotationError:
        return False
    return True


#: the moves of a game that names no game replayed to tell whether it is the screen's game
FIT_PLIES = 4


def _fits(draft: _Draft, variant: str) -> bool:
    """Whether a game without tags that name it reads as ``variant``: its [FEN] sets up a
    position of that game and its first moves (:data:`FIT_PLIES`) are legal there (a first
    move alone may be legal in two games: 32-28 is International's and, as g1-h2, Russian's)."""
    cls = _draughts(variant)
    try:
        fen = draft.tags.get("FEN")
        game = _start(variant, _as_names(fen, cls, fen=True) if fen else None, {})
        for text, _ in draft.moves[:FIT_PLIES]:
            written = notation.split_huff(text, game.geometry)[1]
            game.push(game.resolve_move(_as_names(written, cls), game.perft_moves()))
    except (RulesError, ValueError):
        return False
    return True


def _guess_variant(draft: _Draft, variant: str | None, prefer: str | None = None) -> str:
    registry = _registry()
    game_type = draft.tags.get("GameType")
    tagged = registry.variant_tags.get(draft.tags.get("Variant", "").strip().lower())
    if game_type is not None:
        head = game_type.split(",")[0].strip()
        if not head.isdigit() or len(head) > 4 or int(head) not in registry.game_types:
            known = ", ".join(f"{number} ({_draughts(name).title})"
                              for number, name in registry.game_types.items())
            raise PdnError(PdnProblem.GAME_TYPE, f"expected GameType {known}; found "
                           f"{quote(game_type)}", line=draft.tag_lines["GameType"],
                           found=game_type)
        named = registry.game_types[int(head)]
        if tagged is not None and _draughts(tagged).size == _draughts(named).size:
            return tagged  # [GameType "25"] [Variant "Russian giveaway"]
        return named
    if tagged is not None:
        return tagged
    if variant is not None:
        return variant
    named = draft.tags.get("Variant", "").strip().lower()
    for word, name in registry.variant_names.items():
        if named.startswith(word):
            return name
    if prefer is not None and _fits(draft, prefer):
        return prefer  # the game on the screen reads it first
    fen = draft.tags.get("FEN")
    if fen:
        return _variant_of_fen(fen)
    sample = draft.moves[0][0] if draft.moves else ""
    if re.search(r"[a-hA-H][1-8]", sample):
        return "russian"
    numbers = [int(n) for n in re.findall(r"[0-9]+", sample)]
    if _NUMERIC_MOVE.fullmatch(sample) and 21 <= numbers[0] <= 24 and max(numbers) <= 32:
        return "russian"  # 22-18: an 8x8 game numbered 1-32 (White's men start on 21-32)
    if _NUMERIC_MOVE.fullmatch(sample) or prefer is None:
        return "international"  # a move in numbers: the 10x10 board's
    return prefer  # nothing in it tells a game: the screen's (its mistake said in its notation)


def _variant_of_fen(fen: str) -> str:
    """The variant whose board a FEN's squares are on: the one that reads it, else (to report
    the error there) the one its square names look like."""
    for name in _registry().game_types.values():
        try:
            _draughts(name).from_fen(fen)
        except NotationError:
            continue
        return name
    # the squares only, without the side to move and the W/B/K in front of the lists
    squares = re.sub(r"(^|[:,])\s*[WBK]*", r"\1", fen.strip().strip('"'), flags=re.IGNORECASE)
    return "russian" if re.search(r"[a-hA-H][1-8]", squares) else "international"


@lru_cache(maxsize=None)
def _geometry(cls: type[DraughtsGame]) -> BoardGeometry:
    return cls.new().geometry


def _as_names(text: str, cls: type[DraughtsGame], *, fen: bool = False) -> str:
    """A move or FEN of an algebraic game written with square numbers (``22-18``,
    ``W:W21-32:B1-12``, as some programs write Russian and Brazilian games), in the game's own
    square names (:func:`notation.numbers_as_names`); other text as it is."""
    if not cls.algebraic or not re.search(r"[0-9]", text):
        return text
    if fen:
        return notation.numbers_as_names(text, _geometry(cls))
    if not _NUMERIC_MOVE.fullmatch(text.strip().rstrip("!?+#")):
        return text  # c3-d4: already the game's own names
    geometry = _geometry(cls)
    count = len(geometry.squares)

    def name(number: str) -> str:
        value = int(number)
        return geometry.name(value) if 1 <= value <= count else number

    return re.sub(r"[0-9]+", lambda m: name(m.group(0)), text)


def _read_options(draft: _Draft, cls: type[DraughtsGame]) -> dict[str, Any]:
    """The options the tags give (``[MoveLimit "50"]``), checked by the variant."""
    given: dict[str, Any] = {}
    if not any(tag in draft.tags for tag in OPTION_TAGS.values()):
        return given
    specs = {spec.name for spec in cls.option_specs()}
    for option, tag in OPTION_TAGS.items():
        text = draft.tags.get(tag)
        if text is None:
            continue
        if option not in specs:
            raise PdnError(PdnProblem.NO_OPTION, f"{cls.title} has no option {tag}",
                           line=draft.tag_lines[tag], game=cls.name, tag=tag)
        value = _option_value(text)
        try:
            given[option] = cls.check_options({option: value})[option]
        except ValueError as error:
            raise PdnError(PdnProblem.BAD_OPTION, f"bad [{tag}]: {error}",
                           line=draft.tag_lines[tag], tag=tag, value=text) from None
    return given


def _option_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _option_value(text: str) -> Any:
    word = text.strip().lower()
    if word in ("none", "-", ""):
        return None
    if word in ("yes", "no", "true", "false", "on", "off"):
        return word in ("yes", "true", "on")
    return int(word) if word.isdigit() else text


def _finish(draft: _Draft, variant: str | None, prefer: str | None = None) -> PdnGame:
    name = _guess_variant(draft, variant, prefer)
    cls = _draughts(name)
    options = _read_options(draft, cls)
    if draft.huffs and cls.huff_option and "Huff" not in draft.tags:
        options["huff"] = True  # huffs written down: the game was played "with фук"
    result = draft.result or draft.tags.get("Result", "*")
    result = _RESULTS.get(result.strip(), "*")
    return PdnGame(draft.tags, name, result, draft.line, options, tuple(draft.moves),
                   draft.tags.get("FEN"), draft.tag_lines.get("FEN", draft.line))


def _replay(pdn: PdnGame) -> tuple[tuple[Move, ...], str | None]:
    """A game's moves replayed from its start: each checked against the rules (PdnError
    naming the line of the first that is not legal)."""
    cls = _draughts(pdn.variant)
    fen = _as_names(pdn.setup, cls, fen=True) if pdn.setup else None
    huffing = bool(pdn.options.get("huff"))
    try:
        game = _start(pdn.variant, fen, {"huff": True} if huffing else {})
    except NotationError as error:
        raise PdnError(PdnProblem.BAD_FEN, f"bad [FEN]: {error}", line=pdn.setup_line,
                       game=cls.name, fen=pdn.setup or "",
                       cause=error if isinstance(error, SetupError) else None) from None
    moves: list[Move] = []
    shift = 0 if game.turn is type(game).first_color else 1
    for ply, (text, line) in enumerate(pdn.texts):
        side = game.turn
        number = (ply + shift) // 2 + 1
        where = {"number": number, "side": side, "ply": ply, "text": text}
        try:
            huff, written = notation.split_huff(text, game.geometry)
            written = _as_names(written, cls)
            if not huffing:
                huff = None  # a game without the option: the comment is only a comment
            candidates = [m for m in game.perft_moves() if m.huff == huff]
            if huff is not None and not candidates:
                raise PdnError(PdnProblem.NO_HUFF,
                               f"expected a legal move for {side.name.capitalize()} at move "
                               f"{number}, found {quote(text)}: the piece on "
                               f"{game.geometry.name(huff)} may not be taken for a huff here",
                               line=line, square=game.geometry.name(huff), **where)
            move = game.resolve_move(written, candidates)
        except NotationError as error:
            if isinstance(error, PdnError):
                raise
            legal = [m for m in game.perft_moves() if m.huff is None]
            example = game.move_text(legal[0]) if legal else ""
            raise PdnError(PdnProblem.NOT_A_MOVE,
                           f"move {number} ({side.name.capitalize()}): {error}", line=line,
                           example=example, **where) from None
        except IllegalMoveError as error:
            problem = (PdnProblem.AMBIGUOUS if isinstance(error, AmbiguousMoveError)
                       else PdnProblem.ILLEGAL_MOVE)
            raise PdnError(problem, f"expected a legal move for {side.name.capitalize()} at "
                           f"move {number}, found {quote(text)}: {error}", line=line,
                           **where) from None
        game.push(move)
        moves.append(move)
    return tuple(moves), fen if fen and not game.is_standard_start() else None


def _escape(value: str) -> str:
    """A tag value as the reader reads it back: one line (line breaks become spaces),
    backslashes and quotes escaped."""
    one_line = re.sub(r"\r\n|[\r\n]", " ", value)
    return one_line.replace("\\", "\\\\").replace('"', '\\"')


def _tag_name(name: str) -> str:
    if _TAG_NAME.fullmatch(name) is None:
        raise NotationError(f"a PDN tag name is a letter, then letters, digits or _; "
                            f"not {quote(name)}")
    return _CANONICAL_TAGS.get(name.lower(), name)


#: the longest line of movetext written
LINE_WIDTH = 79


def wrap_words(words: Sequence[str], width: int = LINE_WIDTH) -> list[str]:
    """Movetext words joined by spaces into lines of at most ``width`` characters (a word
    longer than that stands on a line of its own)."""
    lines: list[str] = []
    line = ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def pdn_header(game: DraughtsGame, tags: Mapping[str, str] | None = None) -> tuple[str, str]:
    """The tag section of ``game`` (the seven-tag roster, GameType, FEN if set up, the
    options, then ``tags``' others), ending in its blank line, and the result it names."""
    given = {_tag_name(k): str(v) for k, v in (tags or {}).items()}
    outcome = game.outcome()
    result = outcome.result() if outcome is not None else given.get("Result", "*")
    if result not in _RESULTS.values():
        result = "*"
    out_tags: dict[str, str] = {}
    for name in _ROSTER:
        default = "????.??.??" if name == "Date" else "?"
        out_tags[name] = given.pop(name, default)
    out_tags["Result"] = result
    out_tags["GameType"] = str(game.game_type)
    given.pop("GameType", None)
    given.pop("Variant", None)
    if game.pdn_variant is not None:
        out_tags["Variant"] = game.pdn_variant
    given.pop("FEN", None)
    start = game.starting_fen()
    if not game.is_standard_start():
        out_tags["FEN"] = start
    defaults = type(game).check_options({})
    for option, value in game.options.items():
        tag = OPTION_TAGS.get(option)
        given.pop(tag or "", None)
        if tag is not None and value != defaults.get(option):
            out_tags[tag] = _option_text(value)
    out_tags.update(given)
    lines = [f'[{name} "{_escape(value)}"]' for name, value in out_tags.items()]
    return "\n".join(lines) + "\n\n", result


def write_pdn(game: DraughtsGame, tags: Mapping[str, str] | None = None) -> str:
    """The game as clean PDN: the seven-tag roster, GameType, FEN if set up, the moves
    numbered, and the result."""
    header, result = pdn_header(game, tags)
    replay = type(game).from_fen(game.starting_fen(), **game.options)
    words: list[str] = []
    # a line holds a move of the side that moves first in this game, then the other's
    second_first = replay.turn is not type(game).first_color
    for ply, move in enumerate(game.move_stack):
        index = ply + (1 if second_first else 0)
        if index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        elif ply == 0:
            words.append("1...")
        text = replay.move_text(move)
        if move.huff is not None:
            # a comment other programs skip; the move after it is written as usual
            words.append(f"{{huff {replay.geometry.name(move.huff)}}}")
            text = notation.split_huff(text, replay.geometry)[1]
        words.append(text)
        replay.push(move)
    words.append(result)
    return header + "\n".join(wrap_words(words)) + "\n"
