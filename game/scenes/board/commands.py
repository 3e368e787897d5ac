"""What the board's buttons and keys do: take back and replay, turning the board, draws and
resignation, a new game, leaving, saving and the clipboard (a part of the board screen)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game import saves
from game.i18n import tr
from game.notices import Kind
from game.play.board_play import BoardPlay
from game.rules.core import Color
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.common.outside import open_instead
from game.scenes.common.saving import ask_name, export_pdn, pdn_text
from game.ui.clipboard import clipboard_text, copy_text

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.scenes.common.glide import Glides
    from game.scenes.board.state import BoardState, Host


class Commands:
    """The board's actions: what its buttons and keys do, each said in the panel when it
    cannot be done. ``file``: the game's kept file; ``flip_each_move``: the board turns to
    the side to move (kept with the game)."""

    def __init__(self, state: BoardState, app: AppLike, host: Host, glides: Glides,
                 file: saves.GameFile, flip_each_move: bool) -> None:
        self.state = state
        self.app = app
        self.host = host
        self.glides = glides
        self.file = file
        self.flip_each_move = flip_each_move

    @property
    def in_progress(self) -> bool:
        """A game worth a confirmation before leaving it: started and not over."""
        return self.state.play.in_progress

    def _by_person(self) -> Color:
        """The side a draw offer or a resignation at this board is made for: the side to
        move if a person plays it, else the other."""
        turn = self.state.game.turn
        return turn if self.state.play.seats[turn].at_window else turn.other

    # takebacks --------------------------------------------------------------------------
    def undo(self) -> None:
        self.glides.finish(check_end=False)
        self.state.hand.put_down()
        play, feedback = self.state.play, self.state.feedback
        outcome = play.game.outcome()
        if not play.undo():
            if outcome is not None and play.game.time_limit is not None \
                    and not play.takebacks.can_undo():
                feedback.say("board.why.time_up")
            else:
                feedback.say("board.why.nothing_to_undo")
            return
        self.host.take_events()

    def over_network(self) -> bool:
        """Whether the game is played over the network now: what makes no sense there (redo,
        a new game, another game in this one's place) is refused, with the reason said."""
        net = self.host.net
        if net is None or net.state == "ended":
            return False
        self.state.feedback.say("net.not_here")
        return True

    def redo(self) -> None:
        if self.over_network():
            return
        self.glides.finish(check_end=False)
        if not self.state.play.redo():
            self.state.feedback.say("board.why.nothing_to_redo")
            return
        self.host.take_events()

    # the view -------------------------------------------------------------------------------
    def flip(self) -> None:
        self.glides.finish()
        self.state.view.flipped = not self.state.view.flipped
        self.app.sound.play("ui", 0.4)

    def toggle_hints(self) -> None:
        self.state.hints = not self.state.hints

    def toggle_numbers(self) -> None:
        """Square numbers on or off, here and on every numbered board after (a setting)."""
        shown = not self.state.view.numbers
        self.state.view.numbers = shown
        self.app.change_settings(self.app.settings.with_(square_numbers=shown))

    # draws and resignation -----------------------------------------------------------------
    def offer_draw(self) -> None:
        self.glides.finish()
        if self.state.game.outcome() is not None or self.state.review is not None:
            self.state.feedback.say("board.why.over")
            return
        if not self.state.game.can_offer_draw():
            self.state.feedback.say("board.why.no_draw_yet",
                                    moves=self.state.play.options.get("draw_offer_after", 0))
            return
        self.state.play.offer_draw(self._by_person())
        self.host.take_events()

    def answer_draw(self, accept: bool) -> None:
        self.state.play.draws.answer(accept)
        self.host.take_events()

    def resign(self) -> None:
        self.glides.finish()
        if self.state.game.outcome() is not None or self.state.review is not None:
            self.state.feedback.say("board.why.over")
            return
        side = self._by_person()

        def give_up() -> None:
            self.state.play.resign(side)
            self.host.take_events()

        self.app.scenes.push(ConfirmDialog(self.app, f"board.ask.resign.{side.name.lower()}",
                                           "board.ask.resign.yes", give_up))

    # leaving --------------------------------------------------------------------------------
    def _ask_if_playing(self, ask: str, then: Callable[[], None]) -> None:
        """``then()`` at once, or after a yes to ``ask`` while a game is in progress (or
        played over the network: leaving it closes the link)."""
        net = self.host.net
        if net is not None and net.state != "ended" and (self.in_progress
                                                          or net.state == "playing"):
            ask = "net.ask.leave"
        if self.in_progress or ask == "net.ask.leave":
            self.app.scenes.push(ConfirmDialog(self.app, ask, f"{ask}.yes", then))
        else:
            then()

    def new_game(self) -> None:
        if self.over_network():
            return
        self._ask_if_playing("board.ask.new", self.start_new)

    def start_new(self) -> None:
        """The setup screen again, with this game's options (one click starts)."""
        self.host.close()
        self.app.sound.play("ui")
        play = self.state.play
        self.app.routes.replace("setup", variant=play.variant, options=dict(play.options),
                                flip=self.flip_each_move)

    def to_menu(self) -> None:
        self._ask_if_playing("board.ask.menu", self.leave)

    def leave(self) -> None:
        """Back to the menu under this board (or a fresh one if there is none: told the file
        of the game just left, its Continue takes the focus where it resumes this game)."""
        self.host.close()
        scenes = list(self.app.scenes)
        if scenes and scenes[0] is self.host:
            self.app.routes.reset("menu", focus=self.state.play.variant, left=self.file)
        else:
            self.app.scenes.pop()

    # files and the clipboard ----------------------------------------------------------------
    def save_as(self) -> None:
        ask_name(self.app, self.state.play, self.file, flip_each_move=self.flip_each_move)

    def export_pdn(self) -> None:
        export_pdn(self.app, self.state.play)

    def copy_fen(self) -> None:
        copy_text(self.app, self.state.shown.fen(), "saves.copied_fen")

    def copy_game(self) -> None:
        """The game as PDN (a game PDN does not hold: its position as FEN)."""
        text = pdn_text(self.state.play)
        if text is None:
            self.copy_fen()
        else:
            copy_text(self.app, text, "saves.copied_pdn")

    def paste(self) -> None:
        """Open what the clipboard holds (a PDN game or several, or a FEN, read by this
        board's game first) in this board's place; a game in progress is asked about first
        and stays on the Games screen."""
        if self.over_network():
            return
        text = clipboard_text()
        if text is None:
            self.app.notify(tr("saves.clipboard_empty"), Kind.ERROR)
            return
        open_instead(self.app, self.in_progress, text=text, current=self.state.play.variant)

    def open_from_outside(self, **what: Any) -> None:
        """A dropped file: in this board's place, as a paste (a game that does not name its
        game read as this board's first)."""
        if self.over_network():
            return
        open_instead(self.app, self.in_progress, **{"current": self.state.play.variant, **what})

    def play_from_here(self) -> None:
        """A new game from the position the board shows (in review), two people at it."""
        if self.over_network():
            return
        try:
            play = BoardPlay(self.state.play.variant, dict(self.state.game.options),
                             fen=self.state.shown.fen())
        except ValueError as error:
            self.app.notify(tr("saves.cannot_play_from_here", why=str(error)), Kind.ERROR)
            return
        self.state.play.close()
        self.app.routes.replace("board", play=play, flip_each_move=self.flip_each_move)
