"""The combinations trainer: choose a game and a technique (or mixed), then solve puzzles one
after another, playing the winning side from the bottom of the board.

A right move is answered at once by the defence (from the puzzle's solution tree); a wrong
one is played, its refutation is searched in a worker process (:class:`Refuter`) and played
out slowly, worded as the opponent's answer to the person's move (never as the solution, which
comes only when asked), then the board goes back to try again. H shows the piece to move, S the rest of
the solution, N the next puzzle, Esc goes back. The person's rating, each puzzle's rating,
the streaks and the counts per technique are kept in the user's data folder
(:mod:`game.saves.progress`). The parts: the choice (:mod:`.chooser`), the board
(:mod:`.table`), the moves shown one by one (:mod:`.playout`), the panel (:mod:`.panel`) and
its words (:mod:`.words`).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ai.worker import Thinker
from game.i18n import tr
from game.puzzles.collection import available
from game.puzzles.model import PUZZLE_GAMES, PuzzleError, Technique
from game.puzzles.progress import Attempt
from game.puzzles.trainer import Refutation, Refuter, Run, Session, Verdict
from game.rules.core import Color, Move
from game.saves.progress import ProgressFile
from game.scene import Scene
from game.scenes.trainer.chooser import Chooser, Shelf, technique_name
from game.scenes.trainer.panel import PanelText, Tone, TrainerPanel
from game.scenes.trainer.playout import BACK_PAUSE, REPLY_PAUSE, SLOW_PAUSE, Playout
from game.scenes.trainer.table import TrainerTable
from game.scenes.trainer.words import cost, rating_line, refuted, solved, to_play
from game.ui import drawing, theme

if TYPE_CHECKING:
    from game.app_like import AppLike


def shelves() -> list[Shelf]:
    """The games that have puzzles (or a collection that cannot be read, to say why)."""
    out: list[Shelf] = []
    for game in PUZZLE_GAMES:
        try:
            puzzles = available(game)
        except PuzzleError as error:
            out.append(Shelf(game, (), str(error)))
            continue
        if puzzles:
            out.append(Shelf(game, puzzles))
    return out or [Shelf("russian", ()), Shelf("international", ())]


class TrainerScene(Scene):
    """The trainer. ``game`` (a variant key) and ``technique`` (a :class:`Technique` value, or
    None for mixed) open the puzzles at once; without ``game`` the choice comes first.
    ``thinker`` makes the refutation's worker (tests give one they can kill)."""

    key = "trainer"

    def __init__(self, app: AppLike, game: str | None = None, technique: str | None = None, *,
                 thinker: Callable[[], Thinker] = Thinker, seed: int | None = None) -> None:
        super().__init__(app)
        self.file = ProgressFile()
        self.progress = self.file.load()
        self._attempts_kept = self.progress.attempts  # what the file holds already
        self._tell_file()
        self.rng = random.Random(seed)
        self.shelves = shelves()
        self.chooser = Chooser(self.shelves, self.progress, game, self.start)
        self.refuter = Refuter(thinker)
        self.panel = TrainerPanel(self.hint, self.solution, self.next, self.on_back)
        self.playout: Playout | None = None
        self.table: TrainerTable | None = None
        self.session: Session | None = None
        self.direct = game is not None  # opened on a game: Esc leaves the screen
        self.headline, self.tone, self.detail = "", Tone.PLAIN, ""
        self.notice: str | None = None
        self.waiting = False  # a refutation is being searched
        self.wrong = ""  # the wrong move being refuted, then what it ran into
        self.difficulty = 0.0  # the puzzle's rating as the run began
        self.scale = 1.0
        if game is not None:
            known = {t.value: t for t in Technique}
            self.start(game, known.get(technique) if technique else None)

    def _tell_file(self) -> None:
        """What became of the progress file, said once."""
        if self.file.notice is not None:
            self.app.notify(self.file.notice.message())
            self.file.notice = None

    # the session ----------------------------------------------------------------------------
    @property
    def run(self) -> Run | None:
        return self.session.run if self.session is not None else None

    def start(self, game: str, technique: Technique | None) -> None:
        """Puzzles of ``game`` and ``technique`` (None: mixed), one after another."""
        shelf = next((s for s in self.shelves if s.game == game), None)
        if shelf is None or not shelf.of(technique):
            self.app.notify(tr("trainer.none"))
            self.direct = False
            return
        session = Session(shelf.puzzles, self.progress, technique, self.rng)
        try:
            first = session.next()
        except PuzzleError as error:
            self.app.notify(tr("trainer.broken", why=str(error)))
            self.direct = False
            return
        self.session = session
        session.on_scored = self._scored
        self.refuter.advice.memory_mb = self.app.settings.engine_memory
        self.refuter.warm_up()  # now, at the screen's change, not at the first wrong move
        self.table = TrainerTable(first.game, first.side is Color.BLACK, self.app.sound,
                                  self.entered, self.refused)
        self.playout = Playout(self.table.glides)
        self._begin(first)
        self.on_resize(self.size)

    def _begin(self, run: Run) -> None:
        assert self.table is not None and self.playout is not None
        self.refuter.cancel()
        self.waiting = False
        self.playout.clear()
        flipped = run.side is Color.BLACK
        view = self.table.view
        # the squares by number where the notation names them so (the hint, the answers)
        view.numbers = run.game.numbered_squares
        if view.flipped != flipped:
            view.flipped = flipped
            self.on_resize(self.size)
        self.table.show(run.game)
        self.table.hint = self.table.wrong = None
        assert self.session is not None
        self.difficulty = self.session.progress.puzzle_rating(run.puzzle).rating
        self.say(tr("trainer.your_move"), Tone.PLAIN, tr("trainer.help"))

    def say(self, headline: str, tone: Tone, detail: str = "") -> None:
        self.headline, self.tone, self.detail = headline, tone, detail
        self.app.redraw()

    def _scored(self, attempt: Attempt) -> None:
        self.file.save(self.progress)
        self._tell_file()

    def entered(self, move: Move, dropped: bool) -> None:
        """The person's move, checked against the solution."""
        session, table, playout = self.session, self.table, self.playout
        if session is None or table is None or playout is None or self.run is None:
            return
        run = self.run
        text = run.game.move_text(move)  # (a wrong move is not played on the run's game)
        step = session.play(move)
        table.hint = None
        table.play(move, dropped)
        if step.verdict is Verdict.WRONG:
            table.wrong = move
            self.waiting = True
            self.wrong = text
            self.refuter.ask(run.after(move))
            self.say(tr("trainer.wrong"), Tone.BAD, tr("trainer.wrong.looking", move=text))
            self.app.sound.play("ui", 0.6)
            return
        if step.reply is not None:
            playout.add(REPLY_PAUSE, partial(table.play, step.reply))
        if step.verdict is Verdict.SOLVED:
            self._solved()
        else:
            self.say(tr("trainer.right"), Tone.GOOD)

    def _solved(self) -> None:
        run, session = self.run, self.session
        assert run is not None and session is not None
        self.say(solved(run), Tone.GOOD if run.clean else Tone.PLAIN, self._change())
        self.app.sound.play("game_end")

    def _change(self) -> str:
        """The rating change of this puzzle's attempt, and what to do next."""
        scored = self.session.scored if self.session is not None else None
        text = tr("trainer.next.hint")
        if scored is not None:
            text = tr("trainer.change", before=round(scored.before.rating),
                      after=round(scored.after.rating)) + ". " + text
        return text

    def refused(self, key: str, values: dict[str, object]) -> None:
        if key == "trainer.wait" and self.run is not None and self.run.over:
            key = "trainer.next.hint"  # nothing is left to play here
        self.detail = tr(key, **values)
        self.app.redraw()

    def _refutation(self, refutation: Refutation) -> None:
        """The engine's answer to the wrong move: said as the opponent's answer to it, played
        out slowly, then back (the words stay, to be read)."""
        table, playout, run = self.table, self.playout, self.run
        assert table is not None and playout is not None and run is not None
        self.waiting = False
        game, texts = table.game.copy(), []
        for move in refutation.moves:
            if not game.is_legal(move):
                break  # (never: the line was searched in this very position)
            texts.append(game.move_text(move))
            game.push(move)
            playout.add(SLOW_PAUSE, partial(table.play, move))
        self.wrong = refuted(run, self.wrong, refutation, texts)
        self.say(self.headline, self.tone, self.wrong)
        playout.add(BACK_PAUSE, self._back)

    def _back(self) -> None:
        """Back to the position before the wrong move, to try again (what it ran into still
        said; the solution comes only when asked)."""
        assert self.table is not None and self.run is not None
        self.table.show(self.run.game)
        self.table.wrong = None
        self.say(tr("trainer.again"), Tone.PLAIN, self.wrong)

    # the buttons and keys ------------------------------------------------------------------
    def hint(self) -> None:
        run, table = self.run, self.table
        if run is None or table is None or not run.person_to_move or self.busy:
            return
        assert self.session is not None
        square = self.session.hint()
        if square is not None:
            table.hint = square
            name = run.game.geometry.name(square)
            self.say(tr("trainer.hint"), Tone.PLAIN, tr("trainer.hint.piece", square=name))

    def solution(self) -> None:
        run, table, playout = self.run, self.table, self.playout
        if run is None or table is None or playout is None or run.over:
            return
        assert self.session is not None
        self.refuter.cancel()
        self.waiting = False
        playout.clear()
        table.show(run.game)
        table.hint = table.wrong = None
        for move in self.session.solution():
            playout.add(SLOW_PAUSE, partial(table.play, move))
        self.say(tr("trainer.shown"), Tone.PLAIN, self._change())

    def next(self) -> None:
        if self.session is None:
            return
        self.app.sound.play("ui")
        try:
            run = self.session.next()
        except PuzzleError as error:  # every puzzle left is damaged
            self.app.notify(tr("trainer.broken", why=str(error)))
            return
        self._begin(run)

    @property
    def busy(self) -> bool:
        """Something is being shown or searched: no move is taken now."""
        return self.waiting or (self.playout is not None and self.playout.busy)

    def on_back(self) -> None:
        if self.table is not None and self.table.entry.selected is not None:
            self.table.put_down()  # Esc first puts the piece in hand down
            return
        if self.session is None or self.direct:
            self.app.scenes.pop()
            return
        self.refuter.cancel()
        self.session = self.table = self.playout = None
        self.chooser.layout(self.chooser.area, self.chooser.scale)  # the counts moved on
        self.app.redraw()

    def on_leave(self) -> None:
        self.refuter.close()
        if self.progress.attempts != self._attempts_kept:  # to the disk, as it is left
            self.file.save(self.progress, sync=True)

    on_quit = on_leave

    # input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        table = self.table
        if table is None:
            return self.chooser.handle_event(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, table)
        if self.panel.handle_event(event):
            return True
        return table.handle_event(event)

    def _key(self, key: int, table: TrainerTable) -> bool:
        steps = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1),
                 pygame.K_DOWN: (0, -1)}
        actions = {pygame.K_h: self.hint, pygame.K_s: self.solution, pygame.K_n: self.next,
                   pygame.K_RETURN: table.press_cursor, pygame.K_KP_ENTER: table.press_cursor,
                   pygame.K_SPACE: table.press_cursor}
        if key in steps:
            table.move_cursor(*steps[key])
        elif key in actions:
            actions[key]()
        else:
            return False
        return True

    # time -----------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.table is not None and (self.busy or self.table.animating)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """While moves are shown only the board changes (whatever the panel says anew is
        drawn whole: :meth:`say` asks for it)."""
        return [self.table.view.rect] if self.table is not None else None

    def fixed_update(self, dt: float) -> None:
        table, playout, run = self.table, self.playout, self.run
        if table is None or playout is None or run is None:
            return
        # once the puzzle is over, neither a hint nor the solution is left to give
        self.panel.hint.enabled = self.panel.solution.enabled = not run.over
        if self.waiting:
            refutation = self.refuter.poll()
            notice = self.refuter.take_notice()
            if notice is not None:
                self.notice = tr(notice.key, **notice.values)
                self.app.redraw()
            if refutation is not None:
                self._refutation(refutation)
        table.update(dt)
        playout.update(dt)
        table.set_open(run.person_to_move and not self.busy)

    # layout and drawing ---------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        s = self.scale = theme.scale_for(size)
        w, h = size
        m = max(10, round(20 * s))
        top = round(130 * s)
        self.chooser.layout(pygame.Rect(round(40 * s), top, w - round(80 * s),
                                        h - top - round(70 * s)), s)
        if self.table is None:
            return
        panel_w = max(300, round(440 * s))
        side = min(h - 2 * m, w - panel_w - 3 * m)
        left = max(m, (w - side - m - panel_w) // 2)
        self.table.view.layout(pygame.Rect(left, (h - side) // 2, side, side))
        self.panel.layout(pygame.Rect(left + side + m, m, panel_w, h - 2 * m), s)

    def panel_text(self) -> PanelText:
        """What the panel says now."""
        run, session = self.run, self.session
        assert run is not None and session is not None
        puzzle = run.puzzle
        if session.technique is not None:
            named = tr("trainer.technique", name=technique_name(session.technique))
        elif run.over:
            names = ", ".join(technique_name(t) for t in puzzle.techniques)
            named = tr("trainer.technique", name=names or tr("trainer.technique.unnamed"))
        else:
            named = tr("trainer.technique.later")
        scored = session.scored
        step = None if scored is None else scored.after.rating - scored.before.rating
        streak = self.progress.streak(puzzle.game)
        return PanelText(
            tr(f"game.{puzzle.game}"), named, to_play(run), self.headline, self.tone,
            self.detail, rating_line(self.progress.rating(puzzle.game, puzzle.kind), step),
            tr("trainer.puzzle", rating=round(self.difficulty)),
            tr("trainer.streak", current=streak.current, best=streak.best),
            cost(run, scored, self.progress), self.notice)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(drawing.room_background(self.size), (0, 0))
        s = self.scale
        if self.table is None:
            title = theme.text(tr("trainer.title"), max(22, round(48 * s)), theme.ACCENT, True)
            surface.blit(title, (round(40 * s), round(46 * s)))
            self.chooser.draw(surface)
            hint = theme.text(tr("trainer.choose.hint"), max(12, round(16 * s)),
                              theme.TEXT_MUTED)
            surface.blit(hint, (round(40 * s), self.size[1] - round(40 * s)))
            return
        self.table.draw(surface)
        if self.panel.rect.colliderect(surface.get_clip()):
            self.panel.draw(surface, self.panel_text())
