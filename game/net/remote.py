"""The seat of a person at another computer: what the game here does is told to the other
side, and what comes from there is answered through the seat protocol.

A :class:`RemoteSeat` hears every event of the game (:mod:`game.play.events`). What this
side did (a move or shot of the seat at this window, a draw offer, a takeback request, an
answer, a resignation) becomes a message to the other computer; what the other side did
comes back as a message and is given to the game as this seat's move or shot (``poll``) or
request (``requests``). Nothing received is trusted: a move is parsed by the rules and played
only if it is legal at the ply it names, a shot only if its piece may shoot; whatever is
refused is told back. The seat is told nothing of sockets: it sends through a function and is
given what arrived (:meth:`RemoteSeat.receive`); :class:`game.net.netplay.NetGame` wires it
to a session.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from game.play.chapaev_kinds import KINDS
from game.play.chapaev_table import ChapaevPosition, shot_direction
from game.play.events import (DrawDeclined, DrawOffered, EndWithdrawn, GameOver, MovePlayed,
                              MovesTakenBack, Notice, PlayEvent, Refused, ShotStarted,
                              TakebackAsked, TakebackDeclined)
from game.play.positions import TableProblem, check_table
from game.play.seats import (Answer, AnswerDraw, AnswerTakeback, AskTakeback, OfferDraw,
                             Position, Request, Resign, Seat)
from game.net.reasons import Why
from game.rules.core import Color, Game, RulesError, Termination
from game.rules.text import clean
from physics import Press, Shot, TableState

#: what a message may hold of a side
SIDE_NAMES: dict[Color, str] = {Color.WHITE: "white", Color.BLACK: "black"}
SIDES: dict[str, Color] = {name: color for color, name in SIDE_NAMES.items()}
#: messages from the other side kept until the game takes them (more are refused)
MAX_WAITING = 8
#: the messages that answer a turn
_ANSWERS = ("move", "shot")

Send = Callable[..., None]


class Facts(Protocol):
    """What the seat asks of the game it sits in: a part of the
    :class:`~game.play.protocol.Play` protocol, which every game in play keeps."""

    @property
    def played(self) -> int:
        """Plies played (a board game) or shots played (Chapaev)."""

    @property
    def resigned(self) -> bool:
        """Whether the game (the match) ended by a resignation."""

    @property
    def to_move(self) -> Color | None:
        """The side to move or shoot now (None: nobody, the game is over)."""


def table_json(state: TableState) -> list[dict[str, Any]]:
    """The pieces of a table at rest as the ``rest`` message carries them."""
    under = {top: below for top, below in state.stacks}
    index = {disc: i for i, (disc, *_rest) in enumerate(state.discs)}
    out: list[dict[str, Any]] = []
    for disc, x, y, angle in state.discs:
        item: dict[str, Any] = {"side": SIDE_NAMES[disc[0]], "index": disc[1],
                                "x": x, "y": y, "angle": angle}
        if disc in under and under[disc] in index:
            item["over"] = index[under[disc]]
        out.append(item)
    return out


def table_from_json(items: Any, like: TableState) -> TableState:
    """A table at rest from a ``rest`` message, with ``like``'s troops, swamp and sides;
    ValueError if it names a piece twice or a side that is not one, or is no table a match
    can stand on: a piece off the board, two on top of each other (the check a saved
    match's tables pass: a forged table set here would make the game kept here one that no
    longer opens)."""
    if not isinstance(items, list):
        raise ValueError("the table is not a list of pieces")
    discs: list[tuple[tuple[Color, int], float, float, float]] = []
    overs: list[tuple[int, int]] = []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise ValueError("a piece of the table is not an object")
        side, index = SIDES.get(str(item.get("side"))), item.get("index")
        if side is None or type(index) is not int:
            raise ValueError("a piece of the table names no side or number")
        x, y, angle = (item.get(k) for k in ("x", "y", "angle"))
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                   for v in (x, y, angle)):
            raise ValueError("a piece of the table has no place")
        assert isinstance(x, (int, float)) and isinstance(y, (int, float)) \
            and isinstance(angle, (int, float))
        discs.append(((side, index), float(x), float(y), float(angle)))
        over = item.get("over")
        if type(over) is int:
            overs.append((i, over))
    if len({d for d, *_ in discs}) != len(discs):
        raise ValueError("the table names a piece twice")
    stacks = []
    for top, below in overs:
        if not 0 <= below < len(discs) or below == top:
            raise ValueError("a piece lies over a piece that is not on the table")
        stacks.append((discs[top][0], discs[below][0]))
    troops = {kind: troop for troop, kind in KINDS.items()}
    try:
        check_table([[f"{d[0].value}{d[1]}", x, y, a] for d, x, y, a in discs],
                    troops=(troops[like.troop(Color.WHITE)], troops[like.troop(Color.BLACK)]),
                    swamp=like.swamp if isinstance(like.swamp, Color) else None,
                    stacks=stacks)
    except (TableProblem, KeyError) as problem:
        raise ValueError(f"the table cannot be: {problem}") from None
    return TableState(tuple(discs), like.troops, like.swamp, tuple(stacks), like.sides)


class RemoteSeat(Seat):
    """A person at another computer. ``send(t, **fields)`` sends a message to it; what it
    sends is given to :meth:`receive`. ``link_up`` says whether it is there."""

    is_person = True
    at_window = False
    kind = "remote"
    keeps_own_game = True

    def __init__(self, send: Send, facts: Facts, *, name: str = "",
                 address: str = "") -> None:
        self._send = send
        self._facts = facts
        self.name = name
        self.address = address
        self.link_up = False
        self._position: Position | None = None
        #: what the other side sent, in order: a move or shot waits there for its turn, and
        #: what came after it waits behind it
        self._inbox: list[Mapping[str, Any]] = []
        self._last_offer: Color | None = None
        self._last_takeback: Color | None = None
        #: set when the other side fell out of step with this one (a refused move, a digest
        #: that differs): the host answers with its whole game
        self.out_of_step = False
        #: the other side's messages refused, for the benchmarks and the panel
        self.refused = 0
        self.reasons: list[str] = []  # the last few reasons why
        self.notice: Notice | None = None

    # --- the protocol ---------------------------------------------------------------------
    @property
    def present(self) -> bool:
        return self.link_up

    def describe(self) -> dict[str, object]:
        return {"kind": self.kind, "name": self.name[:40], "address": self.address[:60]}

    def begin(self, position: Position) -> None:
        self._position = position

    def cancel(self) -> None:
        self._position = None

    def poll(self) -> Answer | None:
        position = self._position
        if position is None or not self._inbox or self._inbox[0]["t"] not in _ANSWERS:
            return None
        answer = self._answer(position, self._inbox.pop(0))
        if answer is not None:
            self._position = None
        return answer

    def requests(self) -> list[Request]:
        """The other side's requests, in the order they came, up to a move or shot that
        waits for its turn; a move or shot that is not for now is refused."""
        out: list[Request] = []
        while self._inbox:
            message = self._inbox[0]
            if message["t"] in _ANSWERS:
                count = message.get("ply" if message["t"] == "move" else "n")
                if self._facts.to_move is self.color and count == self._facts.played:
                    break  # its turn: it waits for poll, and what came after it waits too
                self._inbox.pop(0)
                if not (type(count) is int and count < self._facts.played):
                    self.refuse(Why.OUT_OF_TURN, str(message["t"]))
                # else: a move the game here already has (a whole game came since)
                continue
            self._inbox.pop(0)
            if message["t"] in ("takeback", "draw_offer") and \
                    message.get("ply", self._facts.played) != self._facts.played:
                # asked about a position that has passed (a move crossed it): no
                self._send("takeback_answer" if message["t"] == "takeback" else "draw_answer",
                           accept=False)
                continue
            out.append(_REQUESTS[message["t"]](message))
        return out

    def accepts_draw(self, game: Game, color: Color) -> bool | None:
        return None  # the answer comes over the link

    def grants_takeback(self, game: Position, by: Color) -> bool | None:
        return None

    @property
    def waiting(self) -> int:
        """Messages of the other side not taken yet (a move waiting for its turn...)."""
        return len(self._inbox)

    # --- what comes from the other computer ----------------------------------------------
    def receive(self, t: str, fields: Mapping[str, Any]) -> None:
        """A message of the other side (already checked against its schema by the wire)."""
        if t not in _ANSWERS and t not in _REQUESTS:
            return
        if len(self._inbox) >= MAX_WAITING:
            self.refuse(Why.BUSY)
            return
        self._inbox.append({**fields, "t": t})

    def refuse(self, reason: Why, detail: str = "", *, out_of_step: bool = True) -> None:
        """Tell the other side that what it sent was refused (a code, and a detail such as
        the move); a move or shot refused means the two games differ (``out_of_step``: the
        host then sends its whole game)."""
        detail = clean(detail, 200)
        self.refused += 1
        self.reasons.append(f"{reason.value}: {detail}"[:80] if detail else reason.value)
        del self.reasons[:-10]
        self.out_of_step = self.out_of_step or out_of_step
        if detail:
            self._send("refused", why=reason.value, detail=detail)
        else:
            self._send("refused", why=reason.value)

    def _answer(self, position: Position, message: Mapping[str, Any]) -> Answer | None:
        """The move or shot ``message`` names, if it can be played in ``position``; else it
        is refused (and None)."""
        if isinstance(position, Game):
            if message["t"] != "move":
                self.refuse(Why.WRONG_KIND)
                return None
            if message.get("ply") != len(position.move_stack):
                self.refuse(Why.OUT_OF_TURN, "move")
                return None
            try:
                return position.parse_move(str(message.get("text", "")))
            except (RulesError, ValueError) as error:
                self.refuse(Why.ILLEGAL, str(message.get("text", "")))
                return None
        return self._shot(position, message)

    def _shot(self, position: ChapaevPosition, message: Mapping[str, Any]) -> Answer | None:
        if message["t"] != "shot":
            self.refuse(Why.WRONG_KIND)
            return None
        side = SIDES.get(str(message.get("side")))
        index = message.get("index")
        disc = (side, index)
        if side is not position.shooter or type(index) is int and disc not in position.discs \
                or type(index) is not int:
            self.refuse(Why.CANNOT_SHOOT)
            return None
        assert side is not None and isinstance(index, int)
        strength = float(message.get("strength", 0.0))
        if message.get("press"):
            return Press((side, index), strength)
        aim = None  # the pull the hand meant there, when told (its error is in dx, dy)
        told = [message.get(k) for k in ("aim_dx", "aim_dy", "aim_strength")]
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in told):
            aim = (float(told[0]), float(told[1]), float(told[2]))  # type: ignore[arg-type]
        return Shot((side, index), (float(message.get("dx", 0.0)),
                                    float(message.get("dy", 0.0))), strength, aim)

    # --- what happens here ---------------------------------------------------------------
    def hear(self, event: PlayEvent) -> None:
        """Tell the other computer what this side did (never what it did itself)."""
        mine = self.color
        if isinstance(event, MovePlayed):
            if event.piece.color is not mine:
                self._send("move", ply=event.ply - 1, text=event.text[:200])
        elif isinstance(event, ShotStarted):
            if event.shooter is not mine:
                # a flick's direction exactly as the table here simulated it (its one form,
                # which the other side's play keeps as it is); a press's is only told
                dx, dy = (shot_direction(event.direction) if not event.press
                          else (_unit(event.direction[0]), _unit(event.direction[1])))
                aim = {} if event.aim is None else {  # the hand's error drawn here is in
                    "aim_dx": event.aim[0], "aim_dy": event.aim[1],  # dx, dy: the pull meant
                    "aim_strength": event.aim[2]}  # goes with it, told, never simulated
                self._send("shot", n=self._facts.played, side=SIDE_NAMES[event.disc[0]],
                           index=event.disc[1], dx=dx, dy=dy,
                           strength=max(0.0, min(1.0, event.strength)), press=event.press,
                           **aim)
        elif isinstance(event, DrawOffered):
            self._last_offer = event.by
            if event.by is not mine:
                self._send("draw_offer", ply=self._facts.played)
        elif isinstance(event, DrawDeclined):
            if event.by is not mine:
                self._send("draw_answer", accept=False)
        elif isinstance(event, TakebackAsked):
            self._last_takeback = event.by
            if event.by is not mine:
                self._send("takeback", ply=self._facts.played)
        elif isinstance(event, TakebackDeclined):
            if event.by is not mine:
                self._send("takeback_answer", accept=False)
        elif isinstance(event, (MovesTakenBack, EndWithdrawn)):
            if self._last_takeback is mine:  # this side granted what the other asked
                self._send("takeback_answer", accept=True)
            self._last_takeback = None
        elif isinstance(event, GameOver):
            self._game_over(event)
        elif isinstance(event, Refused) and event.color is mine:
            # a request that crossed something (an answer to an offer already gone): told,
            # but the games agree (a move refused is found out of step by _answer)
            self.refuse(Why.CROSSED, event.reason, out_of_step=False)

    def _game_over(self, event: GameOver) -> None:
        outcome = event.outcome
        if outcome is None:  # a Chapaev match: given up here, or ended by a shot
            if event.winner is self.color and self._facts.resigned:
                self._send("resign")
            return
        if outcome.termination is Termination.RESIGNATION and outcome.winner is self.color:
            self._send("resign")
        elif outcome.termination is Termination.AGREEMENT and self._last_offer is self.color:
            self._send("draw_answer", accept=True)


def _unit(value: float) -> float:
    return max(-1.0, min(1.0, float(value)))


_REQUESTS: dict[str, Callable[[Mapping[str, Any]], Request]] = {
    "resign": lambda fields: Resign(),
    "draw_offer": lambda fields: OfferDraw(),
    "draw_answer": lambda fields: AnswerDraw(bool(fields.get("accept"))),
    "takeback": lambda fields: AskTakeback(),
    "takeback_answer": lambda fields: AnswerTakeback(bool(fields.get("accept"))),
}
