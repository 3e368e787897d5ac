"""Draughts notation as parse/produce pairs: FEN, move text and PDN game files.

Pure text handling over a :class:`BoardGeometry`; nothing here knows a variant's rules except
:func:`read_pdn` and :func:`write_pdn`, which replay the moves through a game object.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.rules.core import (
    BoardGeometry,
    Color,
    IllegalMoveError,
    Move,
    NotationError,
    Piece,
    PieceKind,
)

if TYPE_CHECKING:
    from game.rules.draughts import DraughtsGame

# --- squares ------------------------------------------------------------------------------


def _lookup(geometry: BoardGeometry) -> dict[str, int]:
    return {name.lower(): square for square, name in zip(geometry.squares, geometry.names)}


def _square(token: str, names: dict[str, int], what: str) -> int:
    square = names.get(token.strip().lower())
    if square is None:
        raise NotationError(f"expected a square, found {token.strip()!r} in {what}")
    return square


# --- FEN ----------------------------------------------------------------------------------


def parse_fen(text: str, geometry: BoardGeometry, *, ranges: bool
              ) -> tuple[Color, dict[int, Piece]]:
    """The side to move and the pieces of a PDN FEN such as ``W:W31-50:B1-20``.

    ``ranges`` allows ``31-50`` (numbered boards). Lidraughts' extra ``:H0:F1`` fields are
    accepted and ignored.
    """
    if not isinstance(text, str):
        raise NotationError("expected the FEN as text")
    body = text.strip().strip('"').strip()
    if body.endswith("."):
        body = body[:-1]
    if not body:
        raise NotationError("empty FEN: expected something like W:W31-50:B1-20")
    fields = [f.strip() for f in body.split(":")]
    side = fields[0].upper()
    if side not in ("W", "B"):
        raise NotationError(f"expected W or B (the side to move) at the start of the FEN, "
                            f"found {fields[0]!r}")
    names = _lookup(geometry)
    pieces: dict[int, Piece] = {}
    seen: set[str] = set()
    for raw in fields[1:]:
        if not raw:
            raise NotationError("empty field in the FEN (two ':' in a row or a ':' at the end)")
        head = raw[0].upper()
        if head in ("H", "F") and raw[1:].isdigit():
            continue  # move counters some programs add
        if head not in ("W", "B"):
            raise NotationError(f"expected a list of pieces starting with W or B, "
                                f"found {raw!r}")
        if head in seen:
            raise NotationError(f"the pieces of {'White' if head == 'W' else 'Black'} "
                                f"are given twice")
        seen.add(head)
        color = Color.WHITE if head == "W" else Color.BLACK
        items = raw[1:].strip()
        if not items:
            continue
        for item in items.split(","):
            item = item.strip()
            if not item:
                raise NotationError(f"empty square in {raw!r} (two commas in a row?)")
            kind = PieceKind.MAN
            if item[0] in "Kk" and len(item) > 1:
                kind = PieceKind.KING
                item = item[1:]
            squares: Iterable[int]
            if "-" in item:
                if not ranges:
                    raise NotationError(f"expected a square, found the range {item!r}")
                low_text, _, high_text = item.partition("-")
                low = _square(low_text, names, "a range of the FEN")
                high = _square(high_text, names, "a range of the FEN")
                if low > high:
                    raise NotationError(f"the range {item!r} runs backwards")
                squares = range(low, high + 1)
            else:
                squares = (_square(item, names, "the FEN"),)
            for square in squares:
                if square in pieces:
                    raise NotationError(f"square {geometry.name(square)} is given twice")
                pieces[square] = Piece(color, kind)
    for head, who in (("W", "White"), ("B", "Black")):
        if head not in seen:
            raise NotationError(f"expected a list of {who}'s pieces (a field starting "
                                f"with {head})")
    return (Color.WHITE if side == "W" else Color.BLACK), pieces


def make_fen(turn: Color, pieces: Iterable[tuple[int, Piece]], geometry: BoardGeometry, *,
             sort_by_coord: bool) -> str:
    """The FEN of a position: ``W:W31,32,K46:B1,2``; algebraic boards list squares rank by
    rank from White's side (``Wa1,c1,...``)."""
    by_color: dict[Color, list[tuple[Any, str]]] = {Color.WHITE: [], Color.BLACK: []}
    for square, piece in pieces:
        column, row = geometry.coord(square)
        order: Any = (row, column) if sort_by_coord else square
        text = ("K" if piece.kind is PieceKind.KING else "") + geometry.name(square)
        by_color[piece.color].append((order, text))
    parts = [turn.value]
    for color in (Color.WHITE, Color.BLACK):
        parts.append(color.value + ",".join(text for _, text in sorted(by_color[color])))
    return ":".join(parts)


# --- move text ----------------------------------------------------------------------------

_SEPARATORS = re.compile(r"[-x:×]", re.IGNORECASE)


def parse_move_squares(text: str, geometry: BoardGeometry) -> list[int]:
    """The squares of a move written ``32-28``, ``28x19``, ``28x17x19``, ``c3:e5:g3`` or
    ``c3xe5``: start, any landing squares, end."""
    if not isinstance(text, str):
        raise NotationError("expected the move as text")
    body = text.strip().rstrip("!?+#")
    tokens = _SEPARATORS.split(body)
    if len(tokens) < 2 or not all(t.strip() for t in tokens):
        raise NotationError(f"expected a move such as {_example(geometry)}, found {text!r}")
    names = _lookup(geometry)
    return [_square(t, names, f"the move {text.strip()!r}") for t in tokens]


def _example(geometry: BoardGeometry) -> str:
    return "c3-d4 or c3:e5" if geometry.names[0][0].isalpha() else "32-28 or 28x19"


# --- PDN ----------------------------------------------------------------------------------

GAME_TYPES = {20: "international", 25: "russian"}
_CANONICAL_TAGS = {t.lower(): t for t in (
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType", "FEN",
    "WhiteElo", "BlackElo", "TimeControl", "Annotator", "PlyCount", "Time", "Termination")}
_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_RESULTS = {"2-0": "2-0", "0-2": "0-2", "1-1": "1-1", "*": "*", "1-0": "2-0", "0-1": "0-2",
            "1/2-1/2": "1-1", "0-0": "0-0"}
_TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"^(\d+)\s*(\.+)(.*)$")


@dataclass(frozen=True, slots=True)
class PdnGame:
    """One game read from a PDN file: its tags, variant, set-up position and moves."""

    tags: dict[str, str]
    variant: str
    moves: tuple[Move, ...]
    result: str  # 2-0, 0-2, 1-1 or * (also 0-0 if the file says so)
    fen: str | None = None  # the set-up start, None for the standard one
    line: int = field(default=1, compare=False)  # where the game begins in the file

    def game(self, **options: Any) -> DraughtsGame:
        """The game replayed to its last move."""
        game = _start(self.variant, self.fen, options)
        for move in self.moves:
            game.push(move)
        return game


@dataclass(slots=True)
class _Draft:
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    moves: list[tuple[str, int]] = field(default_factory=list)
    result: str | None = None


def _start(variant: str, fen: str | None, options: Mapping[str, Any]) -> DraughtsGame:
    from game.rules import find_variant
    from game.rules.draughts import DraughtsGame

    cls = find_variant(variant)
    assert issubclass(cls, DraughtsGame)
    return cls.from_fen(fen, **options) if fen else cls.new(**options)


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    """(kind, text, line) for tags and words; comments and variations are skipped."""
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
            raise NotationError(f"unexpected {c!r}: expected a move, a move number or a result",
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
    25 Russian), else from ``variant``, else from the squares' style. Raises NotationError
    naming the line."""
    if not isinstance(text, str):
        raise NotationError("expected the PDN file as text")
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
            if set(word) <= set(".") or set(word) <= set("!?") or re.fullmatch(r"\$\d+", word):
                break  # "..." for Black, annotations, NAGs
            draft.moves.append((word, line))
            break
    return [_finish(d, variant) for d in drafts]


def _guess_variant(draft: _Draft, variant: str | None) -> str:
    game_type = draft.tags.get("GameType")
    if game_type is not None:
        head = game_type.split(",")[0].strip()
        if not head.isdigit() or int(head) not in GAME_TYPES:
            raise NotationError(f"expected GameType 20 (International) or 25 (Russian), "
                                f"found {game_type!r}", line=draft.tag_lines["GameType"])
        return GAME_TYPES[int(head)]
    if variant is not None:
        return variant
    sample = draft.moves[0][0] if draft.moves else draft.tags.get("FEN", "")
    return "russian" if re.search(r"[a-hA-H][1-8]", sample) else "international"


def _finish(draft: _Draft, variant: str | None) -> PdnGame:
    name = _guess_variant(draft, variant)
    fen = draft.tags.get("FEN")
    try:
        game = _start(name, fen, {})
    except NotationError as error:
        raise NotationError(f"bad [FEN]: {error}", line=draft.tag_lines.get("FEN", draft.line)
                            ) from None
    moves: list[Move] = []
    shift = 0 if game.turn is Color.WHITE else 1
    for ply, (text, line) in enumerate(draft.moves):
        who = game.turn.name.capitalize()
        number = (ply + shift) // 2 + 1
        try:
            move = game.resolve_move(text, game.perft_moves())
        except NotationError as error:
            raise NotationError(f"move {number} ({who}): {error}", line=line) from None
        except IllegalMoveError as error:
            raise NotationError(f"expected a legal move for {who} at move {number}, "
                                f"found {text!r}: {error}", line=line) from None
        game.push(move)
        moves.append(move)
    result = draft.result or draft.tags.get("Result", "*")
    result = _RESULTS.get(result.strip(), "*")
    return PdnGame(draft.tags, name, tuple(moves), result,
                   fen if fen and not game.is_standard_start() else None, draft.line)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_pdn(game: DraughtsGame, tags: Mapping[str, str] | None = None) -> str:
    """The game as clean PDN: the seven-tag roster, GameType, FEN if set up, the moves
    numbered, and the result."""
    given = {(_CANONICAL_TAGS.get(k.lower(), k)): str(v) for k, v in (tags or {}).items()}
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
    given.pop("FEN", None)
    start = game.starting_fen()
    if not game.is_standard_start():
        out_tags["FEN"] = start
    out_tags.update(given)
    lines = [f'[{name} "{_escape(value)}"]' for name, value in out_tags.items()]
    lines.append("")
    replay = type(game).from_fen(start)
    words: list[str] = []
    black_first = replay.turn is Color.BLACK
    for ply, move in enumerate(game.move_stack):
        index = ply + (1 if black_first else 0)
        if index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        elif ply == 0:
            words.append("1...")
        words.append(replay.move_text(move))
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
