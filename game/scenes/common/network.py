"""The network's part of a game screen (board or Chapaev) and the start of a hosted game.

:func:`host_game` turns a new play object into a game over the network: a
:class:`~game.net.session.Host` on :data:`HOST_PORT` (any free port if that one is busy, said
so), an :class:`~game.net.discovery.Announcer` for the local network and a
:class:`~game.net.netplay.NetGame`; then the game's screen opens with them.

:class:`NetView` is what a game screen holds of it: it polls the game over the link once an
update (before the play object's own update), keeps the link's story (the friend joined, went
away, came back, left), draws the waiting and away panels over the board and copies the
address with Ctrl+C. A link that ends for good leaves the game here as a local one: the
remote seat becomes a person at this window.
"""
from __future__ import annotations

import getpass
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import tr
from game.net.discovery import BROADCAST, DISCOVERY_PORT, Announcer
from game.net.dxp import PORT as DXP_PORT
from game.net.netplay import NetGame, WelcomeReader, record_fault, record_of
from game.net.reasons import Why
from game.net.remote import SIDE_NAMES
from game.net.session import GaveUp, Guest, GuestJoined, GuestLost, Host, Lost, Refused
from game.net.wire import Message, WireError
from game.net.wormhole_session import WormholeHost
from game.notices import Kind
from game.rules.core import Color
from game.rules.text import clean
from game.scenes.common import anywhere
from game.ui import theme
from game.ui.clipboard import copy_text

if TYPE_CHECKING:
    from game.app_like import AppLike
    from game.play.protocol import Play

#: the port a hosted game listens on first (open it on the router to play across the Internet)
HOST_PORT = 27530


@dataclass(frozen=True, slots=True)
class Lan:
    """Where a hosted game listens and is announced, and where the network screen listens
    for games: the real network's by default; the tests set loopback and free ports."""

    bind: str = ""  # "" all interfaces
    port: int = HOST_PORT
    announce: str = BROADCAST
    discovery_port: int = DISCOVERY_PORT
    finder_bind: str = ""
    dxp_port: int = DXP_PORT  # where the window waits for a DXP program


#: the network's places for this run (tests replace it)
LAN = Lan()

def reason_text(reason: Why, detail: str = "") -> str:
    """A session's reason (a code, from the other side or the link) as the player reads it,
    in the current language; the detail (an address, the system's words) where the words
    have a place for it, cleaned and never longer than 200 characters."""
    return tr(f"net.why.{Why.read(reason).value}", detail=clean(detail, 200) or "…")


def welcome_game(reader: WelcomeReader, welcome: Message | None,
                 failed: Callable[[str], None]) -> tuple[Play, Color] | None:
    """A joining form's poll of the host's welcome (read off the frame loop by ``reader``):
    the host's game and colour once read, None meanwhile or when the welcome cannot be played;
    then ``failed`` is told why, in the player's words (the host's own text never reaches
    them)."""
    try:
        return reader.poll(welcome)
    except ValueError as error:  # a RecordError: the welcome is a stranger's
        failed(tr("net.error.game", reason=record_fault(error)))
        return None


#: the name the player typed on the network screen in this run (None: not typed)
_chosen: list[str] = []


def choose_name(name: str) -> None:
    """The name this window's player typed: shown to the friend from now on (this run)."""
    _chosen[:] = [" ".join(name.split())[:40]]


def player_name() -> str:
    """The name this computer's player is shown by: the one typed, else the system's user
    name, else nothing."""
    if _chosen:
        return _chosen[0]
    try:
        name = getpass.getuser()
    except (OSError, KeyError, ImportError):  # no user name to be found: nameless
        return ""
    return " ".join(name.split())[:40]


def side_tag(color: Color) -> str:
    return "White" if color is Color.WHITE else "Black"


def host_game(app: AppLike, play: Play, own: Color, route: str,
              **args: Any) -> bool:
    """Host ``play`` (this window plays ``own``) and open its screen ``route`` with the game
    over the network; False, said in a message, if no port can be listened on."""
    name = player_name()
    play.tags["Site"] = tr("net.site")
    if name:
        play.tags[side_tag(own)] = name
    guest = own.other
    record = record_of(play)
    if anywhere.chosen():  # a code for a friend anywhere: no port, nothing announced here
        wormhole = anywhere.host_session(app, record, SIDE_NAMES[guest], name)
        if wormhole is None:
            play.close()
            return False
        net = NetGame(play, wormhole, guest, host=True, name="")
        app.routes.replace(route, play=play, net=NetView(app, net), **args)
        return True
    busy = False
    try:
        try:
            host = Host(record, port=LAN.port, bind=LAN.bind, seat=SIDE_NAMES[guest], name=name)
        except OSError:
            if LAN.port == 0:
                raise
            busy = True  # another program (another game hosted here) has the port
            host = Host(record, port=0, bind=LAN.bind, seat=SIDE_NAMES[guest], name=name)
    except (OSError, WireError) as error:
        play.close()
        app.notify(tr("net.cannot_host", reason=str(error)[:200]), Kind.ERROR)
        return False
    if busy:
        app.notify(tr("net.port_busy", wanted=LAN.port, port=host.port))
    announcer = Announcer({"port": host.port, "game": tr(f"game.{play.game_key}"),
                           "host": name or "?"}, address=LAN.announce, port=LAN.discovery_port)
    net = NetGame(play, host, guest, host=True, name="")
    app.routes.replace(route, play=play, net=NetView(app, net, announcer), **args)
    return True


def waited_text(seconds: float) -> str:
    """A time waited as m:ss."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def chat_key(event: pygame.event.Event) -> bool:
    """T typed (without Ctrl or Alt): a line of chat to the other end."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_t
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT))


def draw_panel(surface: pygame.Surface, area: pygame.Rect, scale: float,
               lines: list[tuple[str, int, bool]]) -> pygame.Rect | None:
    """A panel of ``lines`` (text, size in the 1280×800 design, bold) over ``area`` (the
    board or the table), the area shaded; its box, or None when there are no lines."""
    if not lines:
        return None
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, area)
    width = area.width - round(60 * scale)
    rendered: list[pygame.Surface] = []
    for text, px, bold in lines:
        size = max(theme.MIN_PX + 2, round(px * scale))
        for line in theme.wrap(text, size, width, bold):
            words, fitted = theme.fit(line, size, width, bold)
            rendered.append(theme.text(words, fitted, theme.ACCENT if bold else theme.TEXT,
                                       bold))
    if not rendered:  # every line empty (a name from outside that was all white space)
        return None
    gap = round(12 * scale)
    height = sum(r.get_height() for r in rendered) + gap * (len(rendered) - 1)
    box = pygame.Rect(0, 0, min(area.width - round(20 * scale),
                                max(r.get_width() for r in rendered) + round(60 * scale)),
                      height + round(60 * scale))
    box.center = area.center
    radius = round(16 * scale)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT, box, width=max(1, round(2 * scale)),
                     border_radius=radius)
    y = box.top + round(30 * scale)
    for r in rendered:
        surface.blit(r, r.get_rect(midtop=(box.centerx, y)))
        y += r.get_height() + gap
    return box


class NetView:
    """A game screen's side of the game over the network: ``poll`` once an update before
    the play object's own; ``blocking`` while a panel covers the board (waiting for the
    friend, the friend away); ``draw_over(surface, area)`` draws it."""

    def __init__(self, app: AppLike, net: NetGame, announcer: Announcer | None = None, *,
                 friend: str = "", clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.net = net
        self.announcer = announcer
        self.clock = clock
        session = net.session
        assert isinstance(session, (Host, Guest))
        self.session: Host | Guest = session
        #: the friend's name (the guest's from its hello; the host's from the game's tags)
        self.friend: str = friend
        if isinstance(session, Guest):
            self.friend = clean(net.play.tags.get(side_tag(net.remote_color), friend), 40)
        self.away_since: float | None = None
        #: why the game over the network ended (None: it goes on)
        self.ended: str | None = None
        #: lines for the screen's notice line, drained by the screen
        self.lines: list[str] = []
        #: where the waiting or away panel was last drawn (for the tests of its fit)
        self.last_box: pygame.Rect | None = None
        #: the last line of the chat already said here (each line is its own object)
        self._chat_last: tuple[str, str] | None = None
        self._progress: tuple[object, ...] | None = None  # a meeting's, as last drawn

    @property
    def play(self) -> Play:
        return self.net.play

    @property
    def hosting(self) -> bool:
        return self.net.host

    @property
    def state(self) -> str:
        """"waiting" (no friend yet), "playing", "away", or "ended" (a local game now)."""
        return "ended" if self.ended is not None else self.net.state

    @property
    def blocking(self) -> bool:
        """A panel covers the board: the friend has not come yet, or is away."""
        return self.state in ("waiting", "away")

    def waited(self) -> float:
        return 0.0 if self.away_since is None else self.clock() - self.away_since

    # --- the frame ------------------------------------------------------------------------
    @staticmethod
    def of(app: AppLike, net: NetGame | NetView | None) -> NetView | None:
        """What a game screen is given as its ``net`` (a bare NetGame is wrapped)."""
        return NetView(app, net) if isinstance(net, NetGame) else net

    def poll(self, say: Callable[[str], None] | None = None) -> None:
        """Read the link, pass on what came, and follow its story; what is to be said in a
        line (the friend joined, came back) goes to ``say``. Never blocks."""
        if say is not None:
            for line in self.take_lines():
                say(line)
        if self.ended is not None:
            return
        now = self.clock()
        before, shown = self.state, int(self.waited())
        self.net.poll(now)
        if self.announcer is not None:
            if self.net.state == "waiting":
                self.announcer.poll(now)
            else:  # the seat is taken: nobody else is to find the game
                self.announcer.close()
                self.announcer = None
        for event in self.session.events():
            self._hear(event)
        self._hear_chat()
        state = self.net.state
        if state == "away":
            if self.away_since is None:
                self.away_since = now
        elif self.away_since is not None:
            self.away_since = None
            if state == "playing":
                self.lines.append(tr("net.back"))
        if state == "closed" and self.ended is None:
            self._end(tr("net.why.host_closed" if not self.hosting else
                         "net.why.guest_closed"))
        progress = anywhere.progress(self.session)
        if self.state != before or int(self.waited()) != shown or progress != self._progress:
            self._progress = progress
            self.app.redraw()  # the panel came, went, counts another second or a meeting moved
        if say is not None:
            for line in self.take_lines():
                say(line)

    def _hear(self, event: object) -> None:
        if isinstance(event, GuestJoined):
            self.friend = clean(event.name, 40)
            if self.friend:
                self.play.tags[side_tag(self.net.remote_color)] = self.friend
            self.lines.append(tr("net.joined", name=self.friend or tr("net.friend.unnamed")))
        elif isinstance(event, (GuestLost, Lost)) and event.final:
            self._end(reason_text(event.reason, event.detail))
        elif isinstance(event, GaveUp):  # the game had begun: the other side never came back
            self._end(tr("net.why.gave_up"))
        elif isinstance(event, Refused) and isinstance(self.session, Guest):
            self._end(reason_text(event.reason, event.detail))

    def _hear_chat(self) -> None:
        """The other side's new lines of chat, said here (the chat keeps its last lines
        only, so what is new is what follows the last line seen)."""
        chat = self.net.chat
        start = next((i + 1 for i in range(len(chat) - 1, -1, -1)
                      if chat[i] is self._chat_last), 0)
        if chat:
            self._chat_last = chat[-1]
        for who, text in chat[start:]:
            if who == "them":
                line = f"{self.friend or tr('net.friend.unnamed')}: {text}"
                self.lines.append(line)
                self.app.notify(line)

    def talk(self, opened_by: str = "") -> None:
        """A line of chat to type (300 characters at most), sent when typed; ``opened_by``:
        the letter the key that opened it types (not typed into the line)."""
        self.app.routes.push("name", question=tr("net.chat.ask"), text="",
                             on_done=self.net.say, limit=300, opened_by=opened_by)

    def _end(self, reason: str) -> None:
        """The link ended for good: the game stays here, a local game from now on."""
        self.ended = reason
        self.away_since = None
        self.close()
        self.app.notify(f"{tr('net.closed.title')}: {reason}. {tr('net.closed.local')}")
        self.lines.append(tr("net.closed.local"))

    def take_lines(self) -> list[str]:
        out, self.lines = self.lines, []
        return out

    def close(self) -> None:
        """Leave the game over the network (the game stays here); the port closes."""
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        self.net.close()

    # --- what the screen shows -------------------------------------------------------------
    def who(self, color: Color) -> str:
        """Who plays ``color``: "you" at this window, else the friend over the network."""
        if self.play.seats[color].at_window and (self.ended is None or
                                                 color is not self.net.remote_color):
            return tr("net.you")
        return tr("net.friend", name=self.friend) if self.friend else tr("net.friend.unnamed")

    def invitation(self) -> tuple[str, int, str]:
        """The address, port and code a friend joins with (the host's)."""
        assert isinstance(self.session, Host)
        address, port = self.session.address()
        return address, port, self.session.code

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Ctrl+C while the host waits: the address, port and code to the clipboard; T
        while the friend is there: a line of chat."""
        if chat_key(event) and self.state == "playing":
            self.talk(getattr(event, "unicode", ""))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c \
                and event.mod & pygame.KMOD_CTRL and isinstance(self.session, WormholeHost) \
                and self.state in ("waiting", "away"):
            return anywhere.copy_code(self.app, self.session)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c \
                and event.mod & pygame.KMOD_CTRL and self.state == "waiting" and self.hosting:
            address, port, code = self.invitation()
            copy_text(self.app, tr("net.copy_text", address=address, port=port, code=code),
                      "net.copied")
            return True
        return False

    def panel_lines(self) -> list[tuple[str, int, bool]]:
        """The panel's lines now: (text, size in design pixels, bold)."""
        state = self.state
        if isinstance(self.session, WormholeHost) and state in ("waiting", "away"):
            return anywhere.panel_lines(self.session, state, waited_text(self.waited()))
        if state == "waiting" and self.hosting:
            address, port, code = self.invitation()
            return [(tr("net.waiting.title"), 44, True),
                    (tr("net.waiting.address", address=address), 40, False),
                    (tr("net.waiting.port", port=port), 40, False),
                    (tr("net.waiting.code", code=code), 56, True),
                    (tr("net.waiting.how"), 22, False)]
        if state == "waiting":
            return [(tr("net.waiting.guest"), 36, True)]
        if state == "away":
            return [(tr("net.away.title"), 40, True), (tr("net.away.body"), 24, False),
                    (tr("net.away.time", time=waited_text(self.waited())), 30, False)]
        return []

    def draw_over(self, surface: pygame.Surface, area: pygame.Rect, scale: float) -> None:
        """The waiting or away panel over ``area`` (the board or the table), if any."""
        box = draw_panel(surface, area, scale, self.panel_lines())
        if box is not None:
            self.last_box = box
