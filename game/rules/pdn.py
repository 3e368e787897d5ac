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

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules import notation
from game.rules.core import (
    Color,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    Termination,
    quote,
)
from game.rules.draughts import DraughtsGame

GAME_TYPES = {20: "international", 21: "english", 25: "russian", 26: "brazilian",
              98: "international_giveaway"}
#: games that share a GameType with another are told apart by a [Variant] tag
VARIANT_TAGS = {"russian giveaway": "russian_giveaway", "antidraughts": "international_giveaway"}
_CANONICAL_TAGS = {t.lower(): t for t in (
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
    "WhiteElo", "BlackElo", "TimeControl", "Annotator", "PlyCount", "Time", "Termination",
    "Variant")}
_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_RESULTS = {"2-0": "2-0", "0-2": "0-2", "1-1": "1-1", "*": "*", "1-0": "2-0", "0-1": "0-2",
            "1/2-1/2": "1-1", "0-0": "0-0"}
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"^(\d+)\s*(\.+)(.*)$")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_MARKS = set("!?+-=±∓∞/")  # annotation marks some programs write as words of their own
#: what a [Variant] tag (lidraughts and others, often without GameType) may name
_VARIANT_NAMES = {"russian": "russian", "international": "international", "standard": "international",
                  "русские": "russian", "международные": "international",
                  "english": "english", "checkers": "english", "английские": "english",
                  "brazilian": "brazilian", "бразильские": "brazilian",
                  "поддавки": "russian_giveaway"}
#: option name -> the tag that carries it when it differs from the default
OPTION_TAGS = {"tournament_draws": "TournamentDraws", "draw_offer_after": "DrawOfferAfter",
               "move_limit": "MoveLimit", "huff": "Huff"}
#: a comment that records a huff ("with фук") before the move after it: ``{huff f4}``
_HUFF_COMMENT = re.compile(r"\s*(?:huff|фук|ф)\s+\S+\s*", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class PdnGame:
    """One game read from a PDN file: its tags, variant, set-up position and moves."""

    tags: dict[str, str]
    variant: str
    moves: tuple[Move, ...]
    result: str  # 2-0, 0-2, 1-1 or * (also 0-0 if the file says so)
    fen: str | None = None  # the set-up start, None for the standard one
    line: int = field(default=1, compare=False)  # where the game begins in the file
    #: the game's options given by tags (``MoveLimit`` ...); the others are the defaults
    options: dict[str, Any] = field(default_factory=dict)

    def game(self, **options: Any) -> DraughtsGame:
        """The game replayed to its last move, with the file's result when the rules do not end
        it there (a resignation by the loser, or an agreed draw). ``options`` override the
        file's."""
        game = _start(self.variant, self.fen, {**self.options, **options})
        for move in self.moves:
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


def _draughts(variant: str) -> type[DraughtsGame]:
    from game.rules import find_variant

    try:
        cls = find_variant(variant)
    except ValueError as error:
        raise NotationError(str(error)) from None
    if not issubclass(cls, DraughtsGame):
        known = ", ".join(GAME_TYPES.values())
        raise NotationError(f"PDN files hold draughts games; {cls.title} is not one "
                            f"(use {known})")
    return cls


def _start(variant: str, fen: str | None, options: Mapping[str, Any]) -> DraughtsGame:
    cls = _draughts(variant)
    return cls.from_fen(fen, **options) if fen else cls.new(**options)


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, line) for tags, words and comments (the text inside the braces);
    variations are skipped."""
    i, line, n = 0, 1, len(text)
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c.isspace() or c == "\ufeff":
            i += 1
            continue
        if c == "%" and at_line_start:  # PDN escape line
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        at_line_start = False
        if c == "[":
            match = _TAG.match(text, i)
            if match is None:
                raise NotationError('expected a tag such as [Event "name"] on one line',
                                    line=line)
            yield "tag", match.group(0), line
            i = match.end()
        elif c == "{":
            end = text.find("}", i)
            if end < 0:
                raise NotationError("expected } to close the comment that starts here",
                                    line=line)
            yield "comment", text[i + 1:end], line
            line += text.count("\n", i, end)
            i = end + 1
        elif c == "(":
            depth, j, opened = 0, i, line
            while j < n:
                ch = text[j]
                if ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                    if depth == 0:
                        break
                elif ch == "{":
                    close = text.find("}", j)
                    j = n if close < 0 else close
                    continue
                j += 1
            if j >= n:
                raise NotationError("expected ) to close the variation that starts here",
                                    line=opened)
            line += text.count("\n", i, j)
            i = j + 1
        elif c == ";":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in "]})":
            raise NotationError(f"unexpected {quote(c)}: expected a move, a move number or a result",
                                line=line)
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in "[{(;":
                j += 1
            yield "word", text[i:j], line
            i = j


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def read_pdn(text: str, variant: str | None = None) -> list[PdnGame]:
    """Every game of a PDN file. The variant comes from ``[GameType]`` (20 International,
    21 English, 25 Russian, 26 Brazilian, 98 International giveaway; a giveaway game is told
    from its ordinary one by ``[Variant]``), else from ``variant``, else from the squares'
    style. Raises NotationError
    naming the line."""
    if not isinstance(text, str):
        raise NotationError("expected the PDN file as text")
    if variant is not None:
        _draughts(variant)  # a game that PDN cannot hold is refused before any reading
    drafts: list[_Draft] = []
    draft: _Draft | None = None
    for kind, value, line in _tokens(text):
        if kind == "tag":
            if draft is None or draft.moves or draft.result is not None:
                draft = _Draft(line)
                drafts.append(draft)
            match = _TAG.match(value)
            assert match is not None
            name = _CANONICAL_TAGS.get(match.group(1).lower(), match.group(1))
            draft.tags[name] = _unescape(match.group(2))
            draft.tag_lines[name] = line
            continue
        if kind == "comment":
            if draft is not None and draft.result is None and _HUFF_COMMENT.fullmatch(value):
                draft.huff = "{" + value.strip() + "}"
            continue
        if draft is None or draft.result is not None:
            draft = _Draft(line)
            drafts.append(draft)
        word = value
        while word:
            if word in _RESULTS:
                draft.result = _RESULTS[word]
                break
            number = _NUMBER.match(word)
            if number is not None:
                word = number.group(3)
                continue
            if set(word) <= set(".") or set(word) <= _MARKS or re.fullmatch(r"\$\d+", word):
                break  # "..." for Black, annotations (!?, +-, =), NAGs
            if draft.huff is not None:
                word = f"{draft.huff} {word}"
                draft.huff = None
                draft.huffs += 1
            draft.moves.append((word, line))
            break
    return [_finish(d, variant) for d in drafts]


def _guess_variant(draft: _Draft, variant: str | None) -> str:
    game_type = draft.tags.get("GameType")
    tagged = VARIANT_TAGS.get(draft.tags.get("Variant", "").strip().lower())
    if game_type is not None:
        head = game_type.split(",")[0].strip()
        if not head.isdigit() or int(head) not in GAME_TYPES:
            known = ", ".join(f"{number} ({_draughts(name).title})"
                              for number, name in GAME_TYPES.items())
            raise NotationError(f"expected GameType {known}; found {game_type!r}",
                                line=draft.tag_lines["GameType"])
        named = GAME_TYPES[int(head)]
        if tagged is not None and _draughts(tagged).size == _draughts(named).size:
            return tagged  # [GameType "25"] [Variant "Russian giveaway"]
        return named
    if tagged is not None:
        return tagged
    if variant is not None:
        return variant
    named = draft.tags.get("Variant", "").strip().lower()
    for word, name in _VARIANT_NAMES.items():
        if named.startswith(word):
            return name
    fen = draft.tags.get("FEN")
    if fen:
        return _variant_of_fen(fen)
    sample = draft.moves[0][0] if draft.moves else ""
    return "russian" if re.search(r"[a-hA-H][1-8]", sample) else "international"


def _variant_of_fen(fen: str) -> str:
    """The variant whose board a FEN's squares are on: the one that reads it, else (to report
    the error there) the one its square names look like."""
    for name in GAME_TYPES.values():
        try:
            _draughts(name).from_fen(fen)
        except NotationError:
            continue
        return name
    # the squares only, without the side to move and the W/B/K in front of the lists
    squares = re.sub(r"(^|[:,])\s*[WBK]*", r"\1", fen.strip().strip('"'), flags=re.IGNORECASE)
    return "russian" if re.search(r"[a-hA-H][1-8]", squares) else "international"


def _read_options(draft: _Draft, cls: type[DraughtsGame]) -> dict[str, Any]:
    """The options the tags give (``[MoveLimit "50"]``), checked by the variant."""
    given: dict[str, Any] = {}
    specs = {spec.name for spec in cls.option_specs()}
    for option, tag in OPTION_TAGS.items():
        text = draft.tags.get(tag)
        if text is None:
            continue
        if option not in specs:
            raise NotationError(f"{cls.title} has no option {tag}", line=draft.tag_lines[tag])
        value = _option_value(text)
        try:
            given[option] = cls.check_options({option: value})[option]
        except ValueError as error:
            raise NotationError(f"bad [{tag}]: {error}", line=draft.tag_lines[tag]) from None
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


def _finish(draft: _Draft, variant: str | None) -> PdnGame:
    name = _guess_variant(draft, variant)
    fen = draft.tags.get("FEN")
    cls = _draughts(name)
    options = _read_options(draft, cls)
    if draft.huffs and cls.huff_option and "Huff" not in draft.tags:
        options["huff"] = True  # huffs written down: the game was played "with фук"
    huffing = bool(options.get("huff"))
    try:
        game = _start(name, fen, {"huff": True} if huffing else {})
    except NotationError as error:
        raise NotationError(f"bad [FEN]: {error}", line=draft.tag_lines.get("FEN", draft.line)
                            ) from None
    moves: list[Move] = []
    shift = 0 if game.turn is type(game).first_color else 1
    for ply, (text, line) in enumerate(draft.moves):
        who = game.turn.name.capitalize()
        number = (ply + shift) // 2 + 1
        try:
            huff, written = notation.split_huff(text, game.geometry)
            if not huffing:
                huff = None  # a game without the option: the comment is only a comment
            candidates = [m for m in game.perft_moves() if m.huff == huff]
            if huff is not None and not candidates:
                raise IllegalMoveError(f"the piece on {game.geometry.name(huff)} may not be "
                                       f"taken for a huff here")
            move = game.resolve_move(written, candidates)
        except NotationError as error:
            raise NotationError(f"move {number} ({who}): {error}", line=line) from None
        except IllegalMoveError as error:
            raise NotationError(f"expected a legal move for {who} at move {number}, "
                                f"found {quote(text)}: {error}", line=line) from None
        game.push(move)
        moves.append(move)
    result = draft.result or draft.tags.get("Result", "*")
    result = _RESULTS.get(result.strip(), "*")
    return PdnGame(draft.tags, name, tuple(moves), result,
                   fen if fen and not game.is_standard_start() else None, draft.line, options)


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


def write_pdn(game: DraughtsGame, tags: Mapping[str, str] | None = None) -> str:
    """The game as clean PDN: the seven-tag roster, GameType, FEN if set up, the moves
    numbered, and the result."""
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
    lines.append("")
    replay = type(game).from_fen(start, **game.options)
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
    text_line = ""
    for word in words:
        if text_line and len(text_line) + 1 + len(word) > 79:
            lines.append(text_line)
            text_line = word
        else:
            text_line = f"{text_line} {word}" if text_line else word
    lines.append(text_line)
    return "\n".join(lines) + "\n"
