"""The board's keys (a part of the board screen): one table that both the key handler and the
buttons' tooltips read, the actions it names, taken from the parts that do them
(:class:`BoardKeys`), and the keyboard's cursor (the arrows move it, Enter or Space picks and
places).

Shortcuts are matched by the key's place, whatever the layout (the app maps the event to the
physical key before a scene sees it).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.scenes.common.entry import cursor_step

if TYPE_CHECKING:
    from game.scenes.board.advice import BoardAdvice
    from game.scenes.board.commands import Commands
    from game.scenes.board.reports import Reports
    from game.scenes.board.review import Review
    from game.scenes.board.state import BoardState


@dataclass(frozen=True, slots=True)
class Binding:
    """A key and the board's action it runs (by name, with ``args``).

    ``ctrl``/``shift``: whether the modifier must be held (None: either way); ``mode``: only
    while playing ("play"), only in review ("review"), or always ("any"); ``needs``: a
    condition of the board that must hold; ``tip``: the tooltip key that names this shortcut.
    """

    key: int
    action: str
    args: tuple[int, ...] = ()
    ctrl: bool | None = False
    shift: bool | None = None
    mode: str = "any"
    needs: str | None = None
    tip: str | None = None

    def matches(self, key: int, ctrl: bool, shift: bool, review: bool) -> bool:
        return (key == self.key and (self.ctrl is None or self.ctrl == ctrl)
                and (self.shift is None or self.shift == shift)
                and (self.mode == "any" or (self.mode == "review") == review))


K = pygame
#: first match wins
BINDINGS: tuple[Binding, ...] = (
    # files and the clipboard
    Binding(K.K_s, "save_as", ctrl=True, tip="board.tip.save"),
    Binding(K.K_e, "export_pdn", ctrl=True),
    Binding(K.K_c, "copy_fen", ctrl=True, shift=True),
    Binding(K.K_c, "copy_game", ctrl=True),
    Binding(K.K_v, "paste", ctrl=True),
    Binding(K.K_p, "play_from_here", mode="review", tip="board.tip.from_here"),
    # review
    Binding(K.K_LEFT, "review_back", mode="review", tip="board.tip.back"),
    Binding(K.K_RIGHT, "review_forward", mode="review", tip="board.tip.forward"),
    Binding(K.K_HOME, "review_first", mode="review", tip="board.tip.first"),
    Binding(K.K_END, "review_last", mode="review", tip="board.tip.last"),
    Binding(K.K_RETURN, "show_result", mode="review", tip="board.tip.result"),
    Binding(K.K_KP_ENTER, "show_result", mode="review"),
    Binding(K.K_t, "coach_page", mode="review", tip="coach.tip.page"),
    # the keyboard's cursor
    Binding(K.K_LEFT, "move_cursor", (-1, 0), mode="play"),
    Binding(K.K_RIGHT, "move_cursor", (1, 0), mode="play"),
    Binding(K.K_UP, "move_cursor", (0, 1), mode="play"),
    Binding(K.K_DOWN, "move_cursor", (0, -1), mode="play"),
    Binding(K.K_RETURN, "press_cursor", mode="play"),
    Binding(K.K_KP_ENTER, "press_cursor", mode="play"),
    Binding(K.K_SPACE, "press_cursor", mode="play"),
    # the game
    Binding(K.K_z, "undo", ctrl=True, shift=False, tip="board.tip.undo"),
    Binding(K.K_BACKSPACE, "undo", ctrl=None),
    Binding(K.K_y, "redo", ctrl=True, tip="board.tip.redo"),
    Binding(K.K_z, "redo", ctrl=True, shift=True),
    Binding(K.K_n, "new_game", ctrl=True, tip="board.tip.new"),
    Binding(K.K_f, "flip", tip="board.tip.flip"),
    Binding(K.K_h, "toggle_hints", tip="board.tip.hints"),
    Binding(K.K_n, "toggle_numbers", needs="numbered", tip="board.tip.numbers"),
    Binding(K.K_d, "offer_draw", tip="board.tip.draw"),
    Binding(K.K_a, "ask_hint", tip="board.tip.advice"),
    Binding(K.K_r, "resign", tip="board.tip.resign"),
)

#: tooltip key -> the key it names
TIP_KEYS: dict[str, int] = {b.tip: b.key for b in BINDINGS if b.tip is not None}


def handle_key(event: pygame.event.Event, actions: Mapping[str, Callable[..., None]],
               review: bool, allowed: Callable[[str], bool]) -> bool:
    """Run the action bound to this key press (``actions`` by name; ``allowed`` says whether
    a binding's ``needs`` holds now); False if no binding takes it."""
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    shift = bool(event.mod & pygame.KMOD_SHIFT)
    for binding in BINDINGS:
        if binding.matches(event.key, ctrl, shift, review) and \
                (binding.needs is None or allowed(binding.needs)):
            actions[binding.action](*binding.args)
            return True
    return False


class KeyboardCursor:
    """The keyboard's square on the board (``state.hand.cursor``): the arrows move it, Enter
    or Space does what a click on it does (``click``)."""

    def __init__(self, state: BoardState, click: Callable[[int], None]) -> None:
        self.state = state
        self.click = click

    def move(self, dx: int, dy: int) -> None:
        """Move the keyboard's square one step on the screen (right, up, ...): along a row to
        the next playable square, or to the next row's playable square nearest the column."""
        hand = self.state.hand
        if hand.cursor is None:
            hand.cursor = self._start()
            return
        hand.cursor = cursor_step(self.state.game.geometry, hand.cursor, dx, dy,
                                  self.state.view.flipped)

    def _start(self) -> int:
        """Where the cursor appears: on the piece picked up, or one that can move."""
        state = self.state
        if state.hand.selected is not None:
            return state.hand.selected
        starts = sorted({m.start for m in state.legal},
                        key=lambda s: state.view.centre(s)[::-1])
        if starts:
            return starts[-1]
        return state.game.geometry.squares[0]

    def press(self) -> None:
        """Enter or Space: what a click on the cursor's square does."""
        hand = self.state.hand
        if hand.cursor is None:
            hand.cursor = self._start()
            return
        self.click(hand.cursor)
        hand.press = None  # a key is not held like a mouse button: nothing to drag or drop


class BoardKeys:
    """A key pressed at the board: the binding it matches runs its action, which one of the
    parts does (the commands, the review, the advice, the end shown, the cursor, which this
    part keeps). ``click``: what a click on a square does (the cursor's Enter)."""

    def __init__(self, state: BoardState, click: Callable[[int], None], *, commands: Commands,
                 review: Review, advice: BoardAdvice, reports: Reports) -> None:
        self.state = state
        self.cursor = KeyboardCursor(state, click)
        self.commands = commands
        self.review = review
        self.advice = advice
        self.reports = reports

    def actions(self) -> dict[str, Callable[..., None]]:
        """The board's actions by the names the key table uses."""
        commands = self.commands
        return {
            "save_as": commands.save_as, "export_pdn": commands.export_pdn,
            "copy_fen": commands.copy_fen, "copy_game": commands.copy_game,
            "paste": commands.paste, "play_from_here": commands.play_from_here,
            **self.review.actions(),
            "show_result": self.reports.show_result,
            "move_cursor": self.cursor.move, "press_cursor": self.cursor.press,
            "undo": commands.undo, "redo": commands.redo, "new_game": commands.new_game,
            "flip": commands.flip, "toggle_hints": commands.toggle_hints,
            "toggle_numbers": commands.toggle_numbers, "offer_draw": commands.offer_draw,
            "ask_hint": self.advice.ask, "resign": commands.resign,
        }

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A key press: whether a binding took it (no other event is a key's)."""
        if event.type != pygame.KEYDOWN:
            return False
        numbered = self.state.game.numbered_squares
        return handle_key(event, self.actions(), self.state.review is not None,
                          lambda needs: needs == "numbered" and numbered)
