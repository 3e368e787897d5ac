"""The coach on a beginner's games: a scripted beginner plays Russian draughts against the
computer at level 2; each game is analysed as the review does (0.3 s a position, one worker's
table per game, here in this process) and the coach comments on the beginner's moves. Every
comment is then checked by a deeper search of the two positions around its move (each
searched ``--deeper`` plies deeper than the analysis reached there): whether the move still
costs what the comment needs (a man for a combination, 0.3 for a principle), and whether the
coach, given the deeper values, says the same thing of the move.

    nice -n 10 .venv/bin/python benchmarks/coach_beginner.py [--games 20] [--deeper 4]
        [--time 0.3] [--print] [--cache DIR] [--write FILE] [--games-only]

``--cache DIR`` keeps each game's analysis and deeper searches (JSON), so that a change to the
coach is measured again without searching again. ``--write FILE --games-only`` writes the
games as PDN (tests/review/data/beginner_games.pdn is its first six).

The beginner (:class:`Beginner`) takes the capture that takes most; otherwise, most of the
time, it does not leave a piece to be taken at once (it looks at the opponent's captures
after its move, not at a sacrifice that sets one up), and it picks among the moves left at
random, drawn toward the centre. It never looks for a combination of its own.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.engine import search  # noqa: E402
from game.ai.levels import choose_move  # noqa: E402
from game.ai.search import WON, Limit  # noqa: E402
from game.ai.table import TranspositionTable  # noqa: E402
from game.i18n import set_language, tr  # noqa: E402
from game.puzzles.verify import material  # noqa: E402
from game.review.analysis import CAP, Analysis, Verdict  # noqa: E402
from game.review.coach import PRINCIPLE_COST, Coach, Comment  # noqa: E402
from game.rules import find_variant  # noqa: E402
from game.rules.core import Color, Game, Move  # noqa: E402
from game.rules.pdn import write_pdn  # noqa: E402
from tests.review.test_coach import InProcessThinker  # noqa: E402

#: the most plies a game is played for (a beginner's game is over long before, mostly)
PLIES = 120
HEADER = ("; A scripted beginner against the computer at level {level} (Russian draughts),\n"
          "; written by benchmarks/coach_beginner.py --write: each game from its seed.\n"
          "; Made by the program, not by people: a result of * is a game stopped there.\n\n")


class Beginner:
    """A person who has just learnt the rules (see the module's docstring); ``careful``: the
    chance that a move is checked for a piece left to be taken."""

    def __init__(self, rng: random.Random, careful: float = 0.7) -> None:
        self.rng = rng
        self.careful = careful

    def choose(self, game: Game) -> Move:
        moves = game.every_move()
        captures = [m for m in moves if m.is_capture]
        if captures:  # greedy: the capture that takes most
            most = max(len(m.captured) for m in captures)
            return self.rng.choice([m for m in captures if len(m.captured) == most])
        if self.rng.random() < self.careful:
            safe = [m for m in moves if not leaves_a_piece(game, m)]
            moves = safe or moves
        return self.rng.choices(moves, weights=[self._liking(game, m) for m in moves])[0]

    @staticmethod
    def _liking(game: Game, move: Move) -> float:
        columns = game.geometry.columns
        column, _ = game.geometry.coord(move.end)
        middle = abs(2 * column - (columns - 1)) <= columns // 2  # the centre half of files
        return 3.0 if middle else 1.0


def leaves_a_piece(game: Game, move: Move) -> bool:
    """Whether after ``move`` the opponent's captures (and the answers that take back, the
    biggest each time) win material: a piece left to be taken at once."""
    side = game.turn
    replay = game.copy()
    replay.push(move)
    start = material(replay, side)
    for _ in range(8):
        captures = [m for m in replay.legal_moves() if m.is_capture]
        if not captures:
            break
        replay.push(max(captures, key=lambda m: len(m.captured)))
    return material(replay, side) < start


def play(seed: int, level: int = 2) -> tuple[Game, Color]:
    """One game of the beginner against ``level`` from ``seed``; the beginner's colour
    alternates (White in the even games)."""
    rng = random.Random(seed)
    beginner = Beginner(rng)
    you = Color.WHITE if seed % 2 == 0 else Color.BLACK
    game = find_variant("russian").new()
    while game.outcome() is None and len(game.move_stack) < PLIES:
        move = beginner.choose(game) if game.turn is you else choose_move(game, level, rng)
        game.push(move)
    return game, you


# a game's positions and verdicts, kept as text -----------------------------------------------
def position(game: Game, ply: int) -> Game:
    """The position after the game's first ``ply`` moves."""
    replay = type(game).from_fen(game.starting_fen(), **game.options)
    for move in game.move_stack[:ply]:
        replay.push(move)
    return replay


def line_texts(board: Game, line: Sequence[Move]) -> list[str]:
    replay = board.copy()
    out = []
    for move in line:
        if move not in replay.legal_moves():
            break
        out.append(replay.move_text(move))
        replay.push(move)
    return out


def line_moves(board: Game, texts: Sequence[str]) -> tuple[Move, ...]:
    replay = board.copy()
    out = []
    for text in texts:
        move = replay.parse_move(text)
        out.append(move)
        replay.push(move)
    return tuple(out)


def verdict_data(board: Game, verdict: Verdict | None) -> Any:
    if verdict is None:
        return None
    return [verdict.score, line_texts(board, verdict.pv) if verdict.best is not None else None,
            verdict.depth, board.move_text(verdict.best) if verdict.best is not None else None]


def verdict_from(board: Game, data: Any) -> Verdict | None:
    if data is None:
        return None
    score, pv, depth, best = data
    if best is None:
        return Verdict(score, None, (), depth)
    return Verdict(score, board.parse_move(best), line_moves(board, pv), depth)


def search_deeper(game: Game, ply: int, verdict: Verdict | None, plies: int
                  ) -> Verdict | None:
    """The position after ``ply`` moves searched ``plies`` deeper than ``verdict`` was."""
    if verdict is None or verdict.best is None:
        return verdict  # the game's end: the rules' own value
    board = position(game, ply)
    result = search(board, Limit(depth=verdict.depth + plies), tt=TranspositionTable(32))
    score = result.score if abs(result.score) < WON else (CAP if result.score > 0 else -CAP)
    score = max(-CAP, min(CAP, score))
    white = score if board.turn is Color.WHITE else -score
    return Verdict(white, result.move, result.pv, result.depth)


class Analysed:
    """One game's analysis, and the deeper searches asked of it; read from and kept in the
    cache when there is one."""

    def __init__(self, game: Game, seconds: float, cache: Path | None) -> None:
        self.game = game
        self.cache = cache
        self.deeper: dict[str, Any] = {}
        data = json.loads(cache.read_text()) if cache is not None and cache.exists() else None
        if data is not None and data["moves"] == [position(game, i).move_text(m) for i, m in
                                                   enumerate(game.move_stack)]:
            self.verdicts = [verdict_from(position(game, i), v)
                             for i, v in enumerate(data["verdicts"])]
            self.deeper = data["deeper"]
        else:
            analysis = Analysis(game, time_per_position=seconds,
                                thinker=InProcessThinker)  # type: ignore[arg-type]
            try:
                while not analysis.finished:
                    analysis.update()
            finally:
                analysis.close()
            self.verdicts = list(analysis.verdicts)
            self.save()

    def save(self) -> None:
        if self.cache is None:
            return
        game = self.game
        self.cache.write_text(json.dumps({
            "moves": [position(game, i).move_text(m) for i, m in enumerate(game.move_stack)],
            "verdicts": [verdict_data(position(game, i), v) for i, v in enumerate(self.verdicts)],
            "deeper": self.deeper}))

    def deeper_verdict(self, ply: int, plies: int) -> Verdict | None:
        key = f"{ply}+{plies}"
        board = position(self.game, ply)
        if key not in self.deeper:
            found = search_deeper(self.game, ply, self.verdicts[ply], plies)
            self.deeper[key] = verdict_data(board, found)
            self.save()
        return verdict_from(board, self.deeper[key])


def start_of(game: Game) -> Game:
    return type(game).from_fen(game.starting_fen(), **game.options)


def label(comment: Comment) -> str:
    detail = comment.principle.value if comment.principle else \
        comment.technique.value if comment.technique else ""
    return comment.kind.value + (f":{detail}" if detail else "")


def words(comment: Comment, you: Color) -> str:
    notice = comment.notice(you)
    return tr(notice.key, **notice.values)


def check(coach: Coach, analysed: Analysed, comment: Comment, plies: int
          ) -> tuple[int, bool, bool]:
    """By the deeper searches of the two positions around the comment's move: what the move
    costs, whether that is still at least the comment's threshold, and whether the coach
    says the same thing of it (the same kind of comment naming the same move)."""
    ply = comment.ply
    verdicts = list(analysed.verdicts)
    verdicts[ply - 1] = analysed.deeper_verdict(ply - 1, plies)
    verdicts[ply] = analysed.deeper_verdict(ply, plies)
    before, after = verdicts[ply - 1], verdicts[ply]
    assert before is not None and after is not None
    sign = 1 if comment.side is Color.WHITE else -1
    cost = sign * (before.score - after.score)
    moves = analysed.game.move_stack
    again = coach.review(start_of(analysed.game), moves[:ply], verdicts[:ply + 1])
    same = any((c.kind, c.move, c.principle) == (comment.kind, comment.move, comment.principle)
               for c in again if c.ply == ply)
    return cost, cost >= comment.threshold, same


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=0.3, help="seconds a position")
    parser.add_argument("--deeper", type=int, default=4, help="plies deeper for the check")
    parser.add_argument("--level", type=int, default=2)
    parser.add_argument("--print", action="store_true")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--cache", type=Path, help="a folder to keep the searches in")
    parser.add_argument("--write", type=Path, help="write the games played as PDN")
    parser.add_argument("--games-only", action="store_true",
                        help="play (and write) the games, analyse nothing")
    args = parser.parse_args()
    set_language(args.lang)
    if args.cache:
        args.cache.mkdir(parents=True, exist_ok=True)
    begun = time.perf_counter()
    coach = Coach()
    kinds: Counter[str] = Counter()
    results: Counter[str] = Counter()
    records = []
    moves = comments = stands = same = fine = 0
    rates: list[float] = []
    depths: list[int] = []
    for seed in range(args.games):
        game, you = play(seed, args.level)
        outcome = game.outcome()
        results["unfinished" if outcome is None else "draw" if outcome.winner is None else
                "beginner won" if outcome.winner is you else "computer won"] += 1
        computer = f"Computer, level {args.level}"
        records.append(write_pdn(game, {
            "Event": f"Beginner against level {args.level}, game {seed + 1}",
            "White": "Beginner" if you is Color.WHITE else computer,
            "Black": "Beginner" if you is Color.BLACK else computer}))
        if args.games_only:
            continue
        cache = args.cache / f"game{seed + 1}-{args.time}.json" if args.cache else None
        analysed = Analysed(game, args.time, cache)
        depths += [v.depth for v in analysed.verdicts if v is not None and v.best is not None]
        mine = [c for c in coach.review(start_of(game), game.move_stack, analysed.verdicts)
                if c.side is you]
        own = sum(1 for i in range(len(game.move_stack)) if (i % 2 == 0) is
                  (you is game.first_color))
        moves += own
        comments += len(mine)
        rates.append(10 * len(mine) / max(1, own))
        for comment in mine:
            kinds[label(comment)] += 1
            cost, costs, said = check(coach, analysed, comment, args.deeper)
            stands += costs
            same += said
            fine += cost < PRINCIPLE_COST
            if args.print:
                print(f"game {seed + 1} ply {comment.ply}: {words(comment, you)}  [best "
                      f"{comment.best} played {comment.played}; deeper: cost {cost}"
                      f"{'' if costs else ' BELOW'}{', same' if said else ''}]", flush=True)
        print(f"game {seed + 1}: {own} moves of the beginner, {len(mine)} comments "
              f"({len(game.move_stack)} plies)", flush=True)
    took = time.perf_counter() - begun
    if args.write:
        args.write.write_text(HEADER.format(level=args.level) + "\n".join(records),
                              encoding="utf-8")
    if args.games_only:
        print(f"{len(records)} games played: {dict(results)}")
        return
    print(f"\n{args.games} games, the beginner against level {args.level}: {dict(results)}")
    print(f"analysis {args.time} s a position (depth {min(depths)}-{max(depths)}, median "
          f"{statistics.median(depths):.0f}); checked {args.deeper} plies deeper; {took:.0f} s")
    print(f"  the beginner's moves: {moves}; comments on them: {comments}, "
          f"{10 * comments / max(1, moves):.2f} per ten moves")
    print(f"  per game, comments per ten moves: median {statistics.median(rates):.2f}, "
          f"least {min(rates):.2f}; games with at least one per ten: "
          f"{sum(r >= 1 for r in rates)} of {len(rates)}")
    print(f"  the deeper search: the move still costs what the comment needs in "
          f"{stands} of {comments}; the coach says the same of it in {same} of {comments}; "
          f"the move is fine by it (within {PRINCIPLE_COST / 100:.1f} of the best) in {fine}")
    for name, count in sorted(kinds.items()):
        print(f"    {name}: {count}")


if __name__ == "__main__":
    main()
