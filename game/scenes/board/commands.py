"""What the board's buttons and keys do: take back and replay, the computer's advice, turning
the board, draws and resignation, a new game, leaving, saving and the clipboard (mixed into
the board scene)."""
from __future__ import annotations

from typing import Any

from game.play.advice import Advice
from game.i18n import tr
from game.notices import Kind
from game.play.board_play import BoardPlay
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.outside import open_instead
from game.scenes.common.saving import ask_name, export_pdn, pdn_text
from game.ui.clipboard import clipboard_text, copy_text



class BoardCommands:
    """The board scene's actions (``self`` is the :class:`BoardScene`)."""

    # takebacks --------------------------------------------------------------------------
    def undo(self: Any) -> None:
        self._finish_glide(check_end=False)
        self.deselect()
        outcome = self.game.outcome()
        if not self.play.undo():
            if outcome is not None and self.play.game.time_limit is not None \
                    and not self.play.can_undo():
                self.say("board.why.time_up")
            else:
                self.say("board.why.nothing_to_undo")
            return
        self._take_events()

    def redo(self: Any) -> None:
        self._finish_glide(check_end=False)
        if not self.play.redo():
            self.say("board.why.nothing_to_redo")
            return
        self._take_events()

    # the computer's advice ------------------------------------------------------------------
    def ask_hint(self: Any) -> None:
        """The engine's move for the person to move, shown as an arrow when it has one."""
        self._finish_glide()
        if not self.play.person_to_move:
            self.say("board.why.over" if self.play.is_over or self.review is not None
                     else "board.why.wait")
            return
        if self._advice is None:
            self._advice = Advice(memory_mb=self.app.settings.engine_memory)
        self._advice.ask(self.game)
        self.hint_move = None
        self.message = tr("board.hint.thinking")
        self.flash = 0.0

    def _poll_hint(self: Any) -> None:
        advice = self._advice
        if advice is None or not advice.asked:
            return
        answer = advice.poll()
        if advice.notice is not None:  # its worker stopped: said once, in one line
            self.message, advice.notice = tr(advice.notice.key, **advice.notice.values), None
            self.app.redraw()
        if answer is None:
            return
        if self.hint_fits(answer.move):
            self.hint_move = answer.move
            self.message = tr("board.hint.move", move=self.game.move_text(answer.move))
        else:
            self.message = None
        self.app.redraw()

    # the view -------------------------------------------------------------------------------
    def flip(self: Any) -> None:
        self._finish_glide()
        self.view.flipped = not self.view.flipped
        self.app.sound.play("ui", 0.4)

    def toggle_hints(self: Any) -> None:
        self.hints = not self.hints

    def toggle_numbers(self: Any) -> None:
        """Square numbers on or off, here and on every numbered board after (a setting)."""
        shown = not self.view.numbers
        self.view.numbers = shown
        self.app.change_settings(self.app.settings.with_(square_numbers=shown))

    # draws and resignation -----------------------------------------------------------------
    def offer_draw(self: Any) -> None:
        self._finish_glide()
        if self.game.outcome() is not None or self.review is not None:
            self.say("board.why.over")
            return
        if not self.game.can_offer_draw():
            self.say("board.why.no_draw_yet", moves=self.play.options.get("draw_offer_after", 0))
            return
        by = self.game.turn if self.play.seats[self.game.turn].is_person else self.game.turn.other
        self.play.offer_draw(by)
        self._take_events()

    def _answer_draw(self: Any, accept: bool) -> None:
        self.play.answer_draw(accept)
        self._take_events()

    def resign(self: Any) -> None:
        self._finish_glide()
        if self.game.outcome() is not None or self.review is not None:
            self.say("board.why.over")
            return
        side = self.game.turn if self.play.seats[self.game.turn].is_person \
            else self.game.turn.other

        def give_up() -> None:
            self.play.resign(side)
            self._take_events()

        self.app.scenes.push(ConfirmDialog(self.app, f"board.ask.resign.{side.name.lower()}",
                                           "board.ask.resign.yes", give_up))

    # leaving --------------------------------------------------------------------------------
    def _ask_if_playing(self: Any, ask: str, then: Any) -> None:
        """``then()`` at once, or after a yes to ``ask`` while a game is in progress."""
        if self.in_progress:
            self.app.scenes.push(ConfirmDialog(self.app, ask, f"{ask}.yes", then))
        else:
            then()

    def new_game(self: Any) -> None:
        self._ask_if_playing("board.ask.new", self.start_new)

    def start_new(self: Any) -> None:
        """The setup screen again, with this game's options (one click starts)."""
        self.close()
        self.app.sound.play("ui")
        self.app.routes.replace("setup", variant=self.variant, options=dict(self.play.options),
                                flip=self.flip_each_move)

    def to_menu(self: Any) -> None:
        self._ask_if_playing("board.ask.menu", self.leave)

    def close(self: Any) -> None:
        """Stop every worker of this board: the seats', the hint's and the analysis'."""
        self.play.close()
        if self._advice is not None:
            self._advice.close()
            self._advice = None
        if self.analysis is not None:
            self.analysis.close()

    def leave(self: Any) -> None:
        """Back to the menu under this board (or a fresh one if there is none)."""
        self.close()
        scenes = list(self.app.scenes)
        if scenes and scenes[0] is self:
            self.app.routes.reset("menu", focus=self.variant)
        else:
            self.app.scenes.pop()

    # files and the clipboard ----------------------------------------------------------------
    def save_as(self: Any) -> None:
        ask_name(self.app, self.play, self.file, flip_each_move=self.flip_each_move)

    def export_pdn(self: Any) -> None:
        export_pdn(self.app, self.play)

    def copy_fen(self: Any) -> None:
        copy_text(self.app, self.shown.fen(), "saves.copied_fen")

    def copy_game(self: Any) -> None:
        """The game as PDN (a game PDN does not hold: its position as FEN)."""
        text = pdn_text(self.play)
        if text is None:
            self.copy_fen()
        else:
            copy_text(self.app, text, "saves.copied_pdn")

    def paste(self: Any) -> None:
        """Open what the clipboard holds (a PDN game or several, or a FEN) in this board's
        place; a game in progress is asked about first and stays on the Games screen."""
        text = clipboard_text()
        if text is None:
            self.app.notify(tr("saves.clipboard_empty"), Kind.ERROR)
            return
        open_instead(self.app, self.in_progress, text=text)

    def open_from_outside(self: Any, **what: Any) -> None:
        """A dropped file: in this board's place, as a paste."""
        open_instead(self.app, self.in_progress, **what)

    def play_from_here(self: Any) -> None:
        """A new game from the position the board shows (in review), two people at it."""
        try:
            play = BoardPlay(self.variant, dict(self.play.game.options), fen=self.shown.fen())
        except ValueError as error:
            self.app.notify(tr("saves.cannot_play_from_here", why=str(error)), Kind.ERROR)
            return
        self.play.close()
        self.app.routes.replace("board", play=play, flip_each_move=self.flip_each_move)
