"""Whether a position is a puzzle, its whole solution tree, and the checks of a stored one.

A puzzle is of one of two kinds. A win: one first move wins material (a man net, or the
game) by force, and its score says so too, every other first move is clearly worse, and the
first move does not simply take a free piece (the gain comes only after the defence's forced
replies). A save: no move wins, one move alone holds (a draw, or the least loss by a clear
margin, within :attr:`Criteria.floor` of the start); it is the only defence, never a winning
combination. The solution follows the solver's only good move at each of its turns and every
reply of the opponent within a small margin of the best (each a line of its own, the best
first): a win's until the gain is realised and no capture is pending, a save's until a turn
where more than one move holds. Everything is decided by multipv searches of the engine at
one stated depth.

A stored puzzle is checked at that depth (:func:`verify`, what the finder itself asks) and
deeper (:func:`confirm`: :attr:`Deep.extra` plies more, the endgame tables where they reach),
by two evaluations: the engine's own and the other one of the game (International and
Russian play their fitted weights, and the hand-made ones are asked too), which do not
share each other's blind spots; the position at every line's end is searched again, so that a
gain that comes back after the line is seen. :func:`seal` fingerprints a puzzle so confirmed.
Pure: no I/O (the second evaluation is switched on for the check's own searches and back).
"""
from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

from game.ai.engine import search
from game.ai.options import ENGINE, plays_learned
from game.ai.search import Limit
from game.ai.table import TranspositionTable
from game.puzzles.model import Kind, Puzzle, PuzzleError, Technique
from game.rules.core import Color, Game, Move, NotationError, PieceKind

#: the gain of a puzzle that wins the game (1/100 man)
WIN_GAIN = 10_000
#: a king's worth in the material count (1/100 man); a man is 100
KING_VALUE = 300
#: the rating scale's bounds (Glicko: 1500 is an average puzzle)
RATING_LOW, RATING_HIGH = 1000.0, 2200.0
#: the version of the rules of :func:`confirm`: a puzzle sealed under another is checked again
RULES = 1
#: a score at least this far from zero is a game won or lost by force (the search's own
#: scores of a won game are near 30 000)
DECIDED = 20_000


@dataclass(frozen=True, slots=True)
class Criteria:
    """What makes a puzzle: the search depth and the margins (1/100 man)."""

    depth: int = 10
    gap: int = 150  # every other move at least this much worse than the winning one
    gain: int = 100  # the least material won by the end of the solution
    margin: int = 30  # defences this close to the best are kept as lines of their own
    max_lines: int = 4  # the most lines a solution keeps
    max_plies: int = 30  # a solution longer than this is not a puzzle
    won: int = 250  # the second-best move scoring this much: the position is won anyway
    glance: int = 2  # the shallow depth at which a first look is judged (for the rating)
    mark: int = 70  # a win's first move scores at least this above the start's material
    floor: int = 250  # a save's move loses at most this much below the start's material
    saves: bool = True  # where nothing wins, look for a save


@dataclass(frozen=True, slots=True)
class Deep:
    """How :func:`confirm` checks a stored puzzle: how much deeper, and its margins."""

    extra: int = 4  # plies deeper than the depth that found the puzzle
    gap: int = 100  # every other first move at least a man worse at that depth
    hold: int = 8  # the depth at which the position at each line's end is searched again


class Doubt(enum.Enum):
    """Why :func:`confirm` does not confirm a puzzle (the value says it in a few words)."""

    DAMAGED = "does not replay"
    GAIN_LOST = "the gain does not stay won deeper"
    EXCHANGE = "a plain exchange that wins nothing"
    RIVAL = "another first move does as well deeper"
    WON_ANYWAY = "won whatever is played"
    LATER = "a later move is not the only good one deeper"
    COMES_BACK = "the gain does not hold after the line"
    NOT_ALONE = "another defence holds as well deeper"
    FALLS = "the defence does not hold deeper"
    WINS = "it wins deeper: not a save"


@dataclass(frozen=True, slots=True)
class Truth:
    """What :func:`confirm` found: the depth it looked at, and its doubt (None: it holds),
    with what it saw in one line; ``puzzle`` the puzzle as confirmed (a save's lines end
    where the deeper look finds more than one move that holds)."""

    depth: int
    doubt: Doubt | None = None
    detail: str = ""
    puzzle: Puzzle | None = None

    @property
    def holds(self) -> bool:
        return self.doubt is None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of looking at a position: the puzzle, or why it is none."""

    puzzle: Puzzle | None
    reason: str = ""


class _Reject(Exception):
    """Not a puzzle; the message says why."""


def material(game: Game, color: Color) -> int:
    """``color``'s material minus the other side's (1/100 man; a king is KING_VALUE)."""
    total = 0
    for _, piece in game.pieces():
        value = KING_VALUE if piece.kind is PieceKind.KING else 100
        total += value if piece.color is color else -value
    return total


def has_capture(game: Game) -> bool:
    """Whether the side to move has a capture."""
    return any(m.is_capture for m in game.legal_moves())


def quiet(game: Game) -> bool:
    """No capture pending for either side (the other side's is asked of the same position
    with the turn passed to it)."""
    if has_capture(game):
        return False
    fen = game.fen()
    other = game.turn.other.value
    try:
        flipped = type(game).from_fen(other + fen[1:], **game.options)
    except (NotationError, ValueError):
        return True
    return not has_capture(flipped)


def _gain(game: Game, winner: Color, start: int) -> int:
    """What ``winner`` has won since ``start`` (its material then): the game's worth when it
    is over (nothing for a draw), else the material's change."""
    outcome = game.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0
        return WIN_GAIN if outcome.winner is winner else -WIN_GAIN
    return material(game, winner) - start


def _scored(game: Game, depth: int, margin: int, tt: TranspositionTable | None = None
            ) -> list[tuple[Move, int]]:
    """Every legal move with its score at ``depth``, the best first; a move more than
    ``margin`` below the best has an upper bound only. ``tt``: a table shared by the
    searches of one solution (its positions follow each other)."""
    result = search(game, Limit(depth=depth), multipv=True, multipv_margin=margin, tt=tt)
    scored = list(result.root_scores) or [(result.move, result.score)]
    return sorted(scored, key=lambda item: -item[1])


def _unique(scored: list[tuple[Move, int]], gap: int) -> bool:
    return len(scored) < 2 or scored[0][1] - scored[1][1] >= gap


def _won_anyway(game: Game, scored: list[tuple[Move, int]], margin: int, c: Criteria,
                tt: TranspositionTable | None = None) -> int | None:
    """The best other move's score when it is ``c.won`` or more: the position is won
    whatever is played (None when it is not, or when the best move alone wins the game).
    ``scored`` came from a search with ``margin``: a score that far below the best is a bound
    only, and is asked again with a margin that gives it exactly."""
    if len(scored) < 2 or scored[1][1] < c.won:
        return None
    best, second = scored[0][1], scored[1][1]
    if second <= best - margin:
        first = scored[0][0]
        again = _scored(game, c.depth, max(margin, best - c.won + 1), tt)
        second = max((s for m, s in again if m != first), default=-WIN_GAIN)
    if second < c.won or best >= DECIDED > second:
        return None
    return second


class _Builder:
    """Builds the solution tree of one position (the lines, the main first): a win's, or a
    save's when ``save``."""

    def __init__(self, game: Game, criteria: Criteria, tt: TranspositionTable,
                 save: bool = False) -> None:
        self.game = game
        self.tt = tt
        self.criteria = criteria
        self.save = save
        self.winner = game.turn  # the solver's side
        self.start = material(game, self.winner)
        self.lines: list[tuple[str, ...]] = []
        self.path: list[str] = [game.fen()]  # the positions of the line being followed

    def grow(self, line: list[str], main: bool) -> None:
        """Follow the solution from the position after ``line`` (the game stands there);
        raises _Reject when the main line fails. A side line that fails is dropped."""
        c, game = self.criteria, self.game
        gain = _gain(game, self.winner, self.start)
        realised = gain >= c.gain and not self.save
        outcome = game.outcome()
        if outcome is not None:
            if outcome.winner is self.winner or self.save and outcome.winner is None:
                self.lines.append(tuple(line))
                return
            raise _Reject("the solver's side does not win the game" if outcome.winner is None
                          else "the solver's side loses the game")
        if realised and line and quiet(game):
            self.lines.append(tuple(line))
            return
        if len(line) >= c.max_plies:
            raise _Reject("the solution is too long")
        moves = game.every_move()
        if self.save and line and self.path[-1] in self.path[:-1]:
            self.lines.append(tuple(line))  # the position comes again: it holds
            return
        if game.turn is self.winner:
            if len(moves) == 1:
                move = moves[0]
            else:
                scored = _scored(game, c.depth, c.gap, self.tt)
                if not _unique(scored, c.gap):
                    # a win ends here once its gain is won; a save once more than one move
                    # holds (its point is made)
                    if (realised or self.save) and line:
                        self.lines.append(tuple(line))
                        return
                    raise _Reject(f"two good moves at ply {len(line) + 1}")
                move = scored[0][0]
            self._follow(line, move, main)
            return
        if len(moves) == 1:
            self._follow(line, moves[0], main)
            return
        scored = _scored(game, c.depth, c.margin, self.tt)
        best = scored[0][1]
        replies = [m for m, s in scored if s >= best - c.margin]
        for i, reply in enumerate(replies):
            if i > 0 and len(self.lines) >= c.max_lines:
                break
            try:
                self._follow(line, reply, main and i == 0)
            except _Reject:
                if main and i == 0:
                    raise

    def _follow(self, line: list[str], move: Move, main: bool) -> None:
        text = self.game.move_text(move)
        self.game.push(move)
        self.path.append(self.game.fen())
        kept = len(self.lines)
        try:
            self.grow([*line, text], main)
        except _Reject:
            del self.lines[kept:]  # a failed side line leaves no half of itself behind
            raise
        finally:
            self.path.pop()
            self.game.pop()


def find_puzzle(game: Game, criteria: Criteria = Criteria(), source: str = "") -> Verdict:
    """The puzzle in ``game``'s position for the side to move (a win, else a save when the
    criteria look for saves), or why there is none. The game is left as it was."""
    c = criteria
    work = type(game).from_fen(game.fen(), **game.options)
    if work.outcome() is not None:
        return Verdict(None, "the game is over")
    moves = work.every_move()
    if len(moves) < 2:
        return Verdict(None, "fewer than two legal moves")
    tt = TranspositionTable()
    scored = _scored(work, c.depth, c.gap, tt)
    if not _unique(scored, c.gap):
        return Verdict(None, "no single best move")
    if _won_anyway(work, scored, c.gap, c, tt) is not None:
        return Verdict(None, "won whatever is played")
    above = scored[0][1] - material(work, work.turn)
    if above >= c.mark:
        return _found(game, work, c, tt, source, Kind.WIN)
    if not c.saves:
        return Verdict(None, "wins too little")
    if above < -c.floor:
        return Verdict(None, "lost whatever is played")
    return _found(game, work, c, tt, source, Kind.SAVE)


def _found(game: Game, work: Game, c: Criteria, tt: TranspositionTable, source: str,
           kind: Kind) -> Verdict:
    """The puzzle of ``kind`` in ``work``'s position (its first move the only good one)."""
    save = kind is Kind.SAVE
    builder = _Builder(work, c, tt, save)
    try:
        builder.grow([], True)
    except _Reject as error:
        return Verdict(None, str(error))
    main = builder.lines[0]
    puzzle_game = type(game).from_fen(work.fen(), **game.options)
    gain = _line_gain(puzzle_game, main)
    if not save:
        if gain < c.gain:
            return Verdict(None, "wins too little")
        if not _any_capture(puzzle_game, main):
            return Verdict(None, "no capture in the solution: a run to the king row")
        if _line_gain(puzzle_game, main[:2]) >= c.gain:
            return Verdict(None, "a free piece: the first move wins by itself")
    elif len(main) < 2:
        return Verdict(None, "a save without the opponent's answer")
    elif _captures_only(work):
        return Verdict(None, "a choice of captures: a plain exchange")
    rating = rate(work, builder.lines, c)
    puzzle = Puzzle(game.name, work.fen(), tuple(builder.lines), gain=gain, rating=rating,
                    depth=c.depth, source=source, kind=kind)
    # the searches above shared a table, which can see further than a fresh search: what
    # holds only with it is not kept (the re-check starts afresh, as the benchmark does)
    problems = verify(puzzle, c.depth, c)
    if problems:
        return Verdict(None, f"not confirmed afresh: {problems[0]}")
    return Verdict(puzzle)


@contextmanager
def _played(game: Game, line: tuple[str, ...]) -> Iterator[list[Move]]:
    """``line`` played on ``game`` for the ``with`` block (its moves given to it); every move
    pushed is taken back after it, also when a move of the line does not parse."""
    moves: list[Move] = []
    try:
        for text in line:
            moves.append(game.parse_move(text))
            game.push(moves[-1])
        yield moves
    finally:
        for _ in moves:
            game.pop()


def _line_gain(game: Game, line: tuple[str, ...]) -> int:
    """What the side to move has won after ``line`` (the game is left as it was)."""
    winner = game.turn
    start = material(game, winner)
    with _played(game, line):
        return _gain(game, winner, start)


def _captures_only(game: Game) -> bool:
    """Whether every legal move captures (the choice is only which capture)."""
    return all(m.is_capture for m in game.every_move())


def _any_capture(game: Game, line: tuple[str, ...]) -> bool:
    """Whether a move of ``line`` captures (the game is left as it was)."""
    with _played(game, line) as moves:
        return any(m.is_capture for m in moves)


def rate(game: Game, lines: list[tuple[str, ...]], criteria: Criteria) -> float:
    """An initial difficulty on the rating scale: longer solutions, a quiet first move, a
    sacrifice, a first move that does not look best at a glance (nor at a second, deeper
    look), many first moves that look as good and several defences to meet make it harder."""
    main = lines[0]
    first = game.parse_move(main[0])
    own_moves = (len(main) + 1) // 2
    rating = 1050.0 + 100.0 * (own_moves - 1)
    if not first.is_capture:
        rating += 100.0
    if _line_gain(game, main[:2]) < 0:
        rating += 100.0  # material is given first: a sacrifice
    glance = _scored(game, criteria.glance, 1_000)
    if glance[0][0] != first:
        rating += 150.0
        if _scored(game, criteria.glance + 2, 1_000)[0][0] != first:
            rating += 150.0  # not seen at a second look either
    close = sum(1 for _, s in glance if s >= glance[0][1] - 50)
    rating += 30.0 * min(5, close - 1)
    rating += 25.0 * min(4, len(lines) - 1)
    return max(RATING_LOW, min(RATING_HIGH, rating))


def verify(puzzle: Puzzle, depth: int, criteria: Criteria = Criteria()) -> list[str]:
    """What is wrong with a stored puzzle when it is re-checked at ``depth`` (empty when it
    holds): lines that do not replay, a solver's move that is no longer the only good one, a
    first move whose score does not show a win's gain (or, for a save, that wins or loses
    too much), a line that does not win what it should or ends with a capture pending."""
    return _problems(puzzle, replace(criteria, depth=depth), TranspositionTable())


def _problems(puzzle: Puzzle, c: Criteria, tt: TranspositionTable,
              root: bool = True) -> list[str]:
    """:func:`verify`'s findings at ``c.depth`` (the first move's own checks left out unless
    ``root``)."""
    try:
        game = puzzle.start()
        for line in puzzle.lines:
            puzzle.moves(line)
    except PuzzleError as error:
        return [str(error)]
    problems: list[str] = []
    if len(game.every_move()) < 2:
        problems.append("fewer than two legal moves")
    save = puzzle.kind is Kind.SAVE
    winner = game.turn
    start = material(game, winner)
    checked: set[tuple[str, ...]] = set()
    for number, line in enumerate(puzzle.lines):
        for ply in range(0, len(line), 2):
            prefix = tuple(line[:ply])
            if prefix in checked or not (ply or root):
                continue
            checked.add(prefix)
            others = {other[ply] for other in puzzle.lines
                      if len(other) > ply and tuple(other[:ply]) == prefix}
            if len(others) > 1:
                problems.append(f"two solver's moves after {' '.join(prefix) or 'the start'}")
            problems.extend(_check_turn(game, prefix, line[ply], winner, start, c, tt, save))
        end_problem = _check_end(game, line, winner, start, c, tt, save)
        if end_problem:
            problems.append(f"line {number + 1}: {end_problem}")
    if _line_gain(game, puzzle.main) != puzzle.gain:
        problems.append("the main line's gain is not the one stored")
    return problems


def _check_turn(game: Game, prefix: tuple[str, ...], text: str, winner: Color, start: int,
                c: Criteria, tt: TranspositionTable, save: bool) -> list[str]:
    """Whether ``text`` is still the only good move after ``prefix`` (and at the start,
    whether its score is a win's, or a save's)."""
    with _played(game, prefix):
        if len(game.every_move()) < 2:
            return []
        realised = bool(prefix) and not save and _gain(game, winner, start) >= c.gain
        scored = _scored(game, c.depth, c.gap, tt)
        where = " ".join(prefix) or "the start"
        if game.move_text(scored[0][0]) != text:
            if realised:
                return []
            return [f"{text} is not the best move after {where}"]
        if not _unique(scored, c.gap) and not realised:
            return [f"{text} is not the only good move after {where}"]
        if prefix:
            return []
        above = scored[0][1] - start
        if save:
            if above >= c.mark:
                return [f"{text} wins ({above:+d} over the start): not a save"]
            if above < -c.floor:
                return [f"{text} does not hold ({above:+d} against the start)"]
            return []
        if _won_anyway(game, scored, c.gap, c, tt) is not None:
            return ["won whatever is played"]
        if above < c.mark:
            return [f"{text} scores only {above:+d} over the start"]
        return []


def _check_end(game: Game, line: tuple[str, ...], winner: Color, start: int,
               c: Criteria, tt: TranspositionTable, save: bool) -> str:
    with _played(game, line):
        outcome = game.outcome()
        if save:
            lost = outcome is not None and outcome.winner is winner.other
            return "the solver's side loses the game" if lost else ""
        gain = _gain(game, winner, start)
        if gain < c.gain:
            return f"wins {gain} only"
        if outcome is None and not quiet(game):
            # a line may end before the winning side's capture when it has two good ones
            # (the gain is already won); anywhere else the solution ends quiet
            if game.turn is not winner or len(game.every_move()) < 2 \
                    or _unique(_scored(game, c.depth, c.gap, tt), c.gap):
                return "ends with a capture pending"
        return ""


# the deeper check ---------------------------------------------------------------------------
def second_evaluation(game: str) -> str:
    """The evaluation :func:`confirm` asks besides the engine's own (an
    :data:`game.ai.options.EVALS` name): the hand-made one where the game plays its fitted
    weights, the fitted ones where it plays the hand-made."""
    return "hand" if plays_learned(game) else "learned"


@contextmanager
def _evaluation(name: str | None) -> Iterator[None]:
    """The searches of the ``with`` block use evaluation ``name`` (None: the one in use)."""
    was = ENGINE.eval
    if name is not None:
        ENGINE.eval = name
    try:
        yield
    finally:
        ENGINE.eval = was


def confirm(puzzle: Puzzle, deep: Deep = Deep(), criteria: Criteria = Criteria()) -> Truth:
    """Whether ``puzzle`` holds when looked at ``deep.extra`` plies deeper than the depth that
    found it, by the engine's own evaluation and by the other one of the game (see the
    module's words). A win: its first move is the best and its score stays a win's, every
    other first move is at least ``deep.gap`` worse, the solver's later moves stay the only
    good ones, and at each line's end a search of ``deep.hold`` plies still sees the gain. A
    save: not a mere choice of captures, its first move is the best, the only one that holds
    by ``deep.gap``, neither wins nor loses more than ``criteria.floor`` (nor after a line's
    end); its lines end at the first later turn where more than one move holds, and every
    move before stays the only one."""
    depth = puzzle.depth + deep.extra
    c = replace(criteria, depth=depth, gap=deep.gap)
    try:
        game = puzzle.start()
        for line in puzzle.lines:
            puzzle.moves(line)
    except PuzzleError as error:
        return Truth(depth, Doubt.DAMAGED, str(error))
    if len(game.every_move()) < 2:
        return Truth(depth, Doubt.DAMAGED, "fewer than two legal moves")
    if puzzle.kind is Kind.SAVE and _captures_only(game):
        return Truth(depth, Doubt.EXCHANGE, "every move captures: a choice of captures")
    own = ENGINE.eval
    for name in (own, second_evaluation(game.name)):
        with _evaluation(name):
            doubt = _first_move(game, puzzle, c)
        if doubt is not None:
            return Truth(depth, doubt[0], f"{name} evaluation: {doubt[1]}")
    tt = TranspositionTable()
    if puzzle.kind is Kind.SAVE:
        puzzle = _trimmed(puzzle, game, c, tt)
    problems = _problems(puzzle, c, tt, root=False)
    if problems:
        return Truth(depth, Doubt.LATER, problems[0])
    for name in (own, second_evaluation(game.name)):
        with _evaluation(name):
            for line in puzzle.lines:
                lost = _after_line(game, line, puzzle.kind, c, deep.hold)
                if lost:
                    doubt_after = Doubt.FALLS if puzzle.kind is Kind.SAVE else Doubt.COMES_BACK
                    return Truth(depth, doubt_after, f"{name} evaluation: {lost}")
    return Truth(depth, puzzle=puzzle)


def _trimmed(puzzle: Puzzle, game: Game, c: Criteria, tt: TranspositionTable) -> Puzzle:
    """A save with each line cut at the first turn of the solver after its first move where
    more than one move holds at ``c.depth`` (the point is made there; the depth that found
    it may have seen one move alone a little longer)."""
    ends: dict[tuple[str, ...], bool] = {}
    lines: list[tuple[str, ...]] = []
    for line in puzzle.lines:
        end = len(line)
        for ply in range(2, len(line), 2):
            prefix = tuple(line[:ply])
            if prefix not in ends:
                with _played(game, prefix):
                    ends[prefix] = len(game.every_move()) > 1 and not _unique(
                        _scored(game, c.depth, c.gap, tt), c.gap)
            if ends[prefix]:
                end = ply
                break
        if tuple(line[:end]) not in lines:
            lines.append(tuple(line[:end]))
    return replace(puzzle, lines=tuple(lines), gain=_line_gain(game, lines[0]))


def _first_move(game: Game, puzzle: Puzzle, c: Criteria) -> tuple[Doubt, str] | None:
    """The doubt about ``puzzle``'s first move at ``c.depth`` (None: none)."""
    scored = _scored(game, c.depth, c.gap, TranspositionTable())
    start = material(game, game.turn)
    first = puzzle.main[0]
    texts = [(game.move_text(move), score) for move, score in scored]
    # a move more than the gap below the best has an upper bound only: enough to say that
    # it falls short, never that it is good
    own = next((score for text, score in texts if text == first), None)
    if own is None:
        return Doubt.DAMAGED, f"{first} is not among the moves searched"
    above = own - start
    best = texts[0][0] == first
    rival = next(((t, s) for t, s in texts if t != first), None)
    rival_text = "" if rival is None else f"{rival[0]} scores {rival[1]:+d}"
    said = f"{first} scores {own:+d} ({above:+d} over the start)"
    if puzzle.kind is Kind.SAVE:
        if above >= c.mark and best:
            return Doubt.WINS, said
        if above < -c.floor or own <= -DECIDED:
            return Doubt.FALLS, said
        if not best or rival is not None and rival[1] > own - c.gap:
            return Doubt.NOT_ALONE, f"{said}; {rival_text}"
        return None
    if above < c.mark:
        plain = Technique.EXCHANGE in puzzle.techniques and len(puzzle.techniques) == 1
        return (Doubt.EXCHANGE if plain else Doubt.GAIN_LOST), said
    if not best or rival is not None and rival[1] > own - c.gap:
        return Doubt.RIVAL, f"{said}; {rival_text}"
    second = _won_anyway(game, scored, c.gap, c)
    if second is not None:
        return Doubt.WON_ANYWAY, f"{said}; another first move scores {second:+d}"
    return None


def _after_line(game: Game, line: tuple[str, ...], kind: Kind, c: Criteria, hold: int) -> str:
    """What is lost when the position at ``line``'s end is searched ``hold`` plies: a win's
    gain that is no longer above ``c.mark``, a save that loses more than ``c.floor`` (empty
    when it holds)."""
    solver = game.turn
    start = material(game, solver)
    with _played(game, line):
        outcome = game.outcome()
        if outcome is not None:
            won = outcome.winner is solver or kind is Kind.SAVE and outcome.winner is None
            return "" if won else "the game is lost at the line's end"
        result = search(game, Limit(depth=hold), tt=TranspositionTable())
        score = result.score if game.turn is solver else -result.score
    above = score - start
    if kind is Kind.SAVE:
        fell = above < -c.floor or score <= -DECIDED
        return f"{above:+d} against the start after {' '.join(line)}" if fell else ""
    if above < c.mark:
        return f"{above:+d} over the start after {' '.join(line)}"
    return ""


def seal(puzzle: Puzzle) -> str:
    """The fingerprint of a puzzle confirmed at ``puzzle.checked`` under these rules
    (:data:`RULES`): a puzzle changed since, or checked under other rules, has another."""
    body = json.dumps([RULES, puzzle.game, puzzle.fen, puzzle.kind.value,
                       [list(line) for line in puzzle.lines], puzzle.gain, puzzle.depth,
                       puzzle.checked], separators=(",", ":"))
    return hashlib.sha1(body.encode()).hexdigest()[:12]


def sealed(puzzle: Puzzle, truth: Truth) -> Puzzle:
    """``puzzle`` marked as confirmed by ``truth`` (which holds), with its seal. It is the
    puzzle ``truth`` confirmed (its ``truth.puzzle``, whose save lines may have been cut),
    named or rated anew at most: ValueError otherwise."""
    if not truth.holds:
        raise ValueError(f"puzzle {puzzle.id} does not hold: {truth.doubt}")
    confirmed = truth.puzzle
    if confirmed is not None and (confirmed.fen, confirmed.kind, confirmed.lines,
                                  confirmed.gain) != (puzzle.fen, puzzle.kind, puzzle.lines,
                                                      puzzle.gain):
        raise ValueError(f"puzzle {puzzle.id} is not the one confirmed")
    marked = replace(puzzle, checked=truth.depth)
    return replace(marked, seal=seal(marked))


def is_sealed(puzzle: Puzzle, deep: Deep = Deep()) -> bool:
    """Whether ``puzzle`` carries the seal of a deeper check (:func:`confirm`) under these
    rules, made on the puzzle as it stands."""
    return puzzle.checked >= puzzle.depth + deep.extra and puzzle.seal == seal(puzzle)


__all__ = ["Criteria", "DECIDED", "Deep", "Doubt", "KING_VALUE", "RATING_HIGH", "RATING_LOW",
           "RULES", "Truth", "Verdict", "WIN_GAIN", "confirm", "find_puzzle", "has_capture",
           "is_sealed", "material", "quiet", "rate", "seal", "sealed", "second_evaluation",
           "verify"]
