"""The servers of play with a friend anywhere (route "net-servers", issue 52): a mailbox
server's address and a transit relay's, kept in the settings; empty, the public ones of
magic-wormhole. A club or a school runs its own (README: how) and types them here."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.net.wormhole_meeting import mailbox_ok, relay_ok
from game.scenes.network.fields import TextField
from game.scenes.network.form import ConnectForm
from game.ui import theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app_like import AppLike


def _url_char(c: str) -> bool:
    return c.isascii() and c.isprintable() and c != " "


class ServersScene(ConnectForm):
    """The two addresses, Save, Public ones (both emptied) and Back."""

    key = "net-servers"
    title_key = "net.servers.title"
    subtitle_key = "net.servers.subtitle"
    go_key = "net.servers.save"
    hint_key = "net.servers.hint"

    def __init__(self, app: AppLike) -> None:
        settings = app.settings
        self.mailbox = TextField("net.servers.mailbox", settings.wormhole_mailbox, limit=300,
                                 allowed=_url_char)
        self.relay = TextField("net.servers.relay", settings.wormhole_relay, limit=300,
                               allowed=_url_char)
        super().__init__(app, [self.mailbox, self.relay], 0)

    def lay_out(self, px: int) -> None:
        s = self.scale
        for i, field in enumerate(self.fields):
            field.rect = pygame.Rect(*self._at(400, 200 + i * 90), round(780 * s),
                                     round(60 * s))
            field.px = px
        self.public = Button(tr("net.servers.public"), self.use_public, px=px)
        self.public.rect = pygame.Rect(*self._at(400, 380), round(300 * s), round(56 * s))
        self.public.px = theme.fit(self.public.label, px,
                                   self.public.rect.width - round(16 * s))[1]

    def choices(self) -> list[Button]:
        return [self.public]

    def draw_fields(self, surface: pygame.Surface) -> None:
        super().draw_fields(surface)
        self.public.draw(surface)
        s = self.scale
        px = max(theme.MIN_PX, round(20 * s))
        for field, shown in ((self.mailbox, "ws://relay.magic-wormhole.io:4000/v1"),
                             (self.relay, "tcp:transit.magic-wormhole.io:4001")):
            if not field.text.strip():  # what empty means
                text = theme.text(shown, px, theme.TEXT_MUTED)
                surface.blit(text, text.get_rect(
                    midright=(field.rect.right - round(14 * s), field.rect.centery)))

    @property
    def busy(self) -> bool:
        return False

    def connecting_text(self) -> str:
        return ""

    def stop(self) -> None:
        pass

    def start(self) -> None:
        """Keep the addresses typed (each checked: ws://host:port/v1 and tcp:host:port)."""
        mailbox, relay = self.mailbox.text.strip(), self.relay.text.strip()
        if mailbox and not mailbox_ok(mailbox):
            self.error, self.typing = tr("net.servers.bad_mailbox"), 0
        elif relay and not relay_ok(relay):
            self.error, self.typing = tr("net.servers.bad_relay"), 1
        else:
            self.error = None
            self.app.change_settings(self.app.settings.with_(wormhole_mailbox=mailbox,
                                                             wormhole_relay=relay))
            self.app.notify(tr("net.servers.saved"))
            self.app.scenes.pop()
            return
        self._focus_field()
        self.app.redraw()

    def use_public(self) -> None:
        """Both emptied: the public servers (kept when saved)."""
        self.mailbox.text = self.relay.text = ""
        self.error = None
        self.app.redraw()
