"""Text from outside passes one cleaning step on every path, and drawing never raises.

Every way a stranger's words reach the window — a LAN announcement, a guest's name, a chat
line and a refusal from the other computer, a DXP program's name and chat, a Hub engine's
``id`` line, a PDN file's tags, a saved record's tags, a file's name in a message — is fed
generated text holding every control character, the bidi controls and lone surrogates. What
is kept is clean (:func:`game.rules.text.is_clean`), and the drawing path takes any string.
(A NUL in any of the first three took a window down.)"""
from __future__ import annotations

import json
import os
import time
import unicodedata
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.i18n import set_language, tr
from game.net import dxp
from game.net.discovery import Finder
from game.net.netplay import NetGame, guest_play, record_of
from game.net.session import GuestJoined, Host
from game.play import BoardPlay
from game.play.board_record import _tags
from game.play.hub_seat import HubEngineSeat
from game.rules.core import Color
from game.rules.pdn import read_pdn
from game.rules.text import clean, is_clean
from game.saves.files import SaveError
from game.ui import theme
from tests.net.helpers import LOOPBACK, RawPeer, until
from tests.net.pair import pair

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

#: the characters a stranger uses to break a screen: every C0 and C1 control and DEL, the
#: bidi controls and marks, the byte-order mark, the separators, the non-characters, and
#: lone surrogates (high and low)
HOSTILE = ([chr(c) for c in range(0x20)] + [chr(c) for c in range(0x7F, 0xA0)]
           + list("\u061c\u200b\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067"
                  "\u2068\u2069\u2028\u2029\ufeff\ufff9\ufffa\ufffb\ufffe\uffff")
           + ["\ud800", "\udbff", "\udc00", "\udfff"])
_any_char = st.characters(exclude_categories=())  # surrogates too
text = st.lists(st.one_of(st.sampled_from(HOSTILE), _any_char, st.sampled_from("ab ")),
                max_size=80).map("".join)
#: what DXP can carry (ASCII 1-127): its codec refuses the rest before any cleaning
ascii_text = st.lists(st.one_of(st.sampled_from([chr(c) for c in range(1, 32)] + ["\x7f"]),
                                st.characters(min_codepoint=32, max_codepoint=126)),
                      min_size=1, max_size=60).map("".join)
#: what a PDN tag's quotes may hold (no quote, backslash or line break)
tag_text = text.map(lambda s: "".join(c for c in s if c not in '"\\\n\r'))

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def kept(value: str, *, lines: bool = False) -> bool:
    """Clean, and holding none of the characters that break a screen."""
    allowed = ("\u200d", "\n") if lines else ("\u200d",)
    return is_clean(value, lines=lines) and not any(
        c in value for c in HOSTILE if c not in allowed)


def shows(sentence: str) -> bool:
    """A sentence made of our words and a stranger's holds none of those characters."""
    return not any(c in sentence for c in HOSTILE if c != "\u200d")


@pytest.fixture(scope="module", autouse=True)
def window() -> Iterator[None]:
    pygame.init()
    pygame.display.set_mode((320, 200))
    set_language("en")
    yield


# --- the cleaning step itself -------------------------------------------------------------
@SETTINGS
@given(text, st.integers(1, 100), st.booleans())
def test_clean_text_is_clean_short_and_stays_as_it_is(value: str, limit: int,
                                                      lines: bool) -> None:
    out = clean(value, limit, lines=lines)
    assert len(out) <= limit and kept(out, lines=lines)
    assert clean(out, limit, lines=lines) == out
    assert lines or "\n" not in out
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in out if c != "\n")


def test_clean_keeps_the_words_and_marks_what_was_broken() -> None:
    assert clean("Маша\x00 из\u202e Хабаровска\x1b[31m", 40) == "Маша из Хабаровска[31m"
    assert clean("half a pair \ud83d", 40) == "half a pair \ufffd"
    assert clean("two\r\nlines\u2028three", 40, lines=True) == "two\nlines\nthree"
    assert clean(None, 10) == "" and clean(b"bytes", 10) == ""


# --- drawing never raises --------------------------------------------------------------------
@SETTINGS
@given(text)
def test_the_drawing_path_takes_any_string(value: str) -> None:
    theme.text(value, 20)
    theme.text(value * 50, 14, bold=True)
    theme.wrap(value, 20, 120)
    theme.wrap_lines(value, 20, 120, 2)
    theme.fit(value, 30, 100)
    theme.cut(value, 20, 60)
    theme.cut_left(value, 20, 60)
    from game.scenes.common.network import draw_panel
    draw_panel(pygame.Surface((300, 200)), pygame.Rect(0, 0, 300, 200), 0.5,
               [(value, 30, True), (value, 20, False)])


# --- the network ------------------------------------------------------------------------------
@SETTINGS
@given(text, text)
def test_a_lan_announcement_is_listed_clean(game: str, host: str) -> None:
    datagram = json.dumps({"shashki": 1, "port": 27530, "game": game, "host": host}).encode()
    found = Finder._read(datagram, "127.0.0.1", 0.0)
    assert found is not None and kept(found.game) and kept(found.host)
    assert len(found.host) <= 40 and len(found.game) <= 60


@settings(max_examples=15, deadline=None)
@given(text)
def test_a_guests_name_is_kept_clean_by_the_host(name: str) -> None:
    host = Host({"variant": "russian"}, bind=LOOPBACK, code="KXR7PQ")
    peer = RawPeer(host.port)
    try:
        # as a stranger's program sends it: JSON with \\u escapes (a lone surrogate too)
        body = json.dumps({"t": "hello", "version": 2, "code": "KXR7PQ", "name": name[:40]})
        peer.raw(len(body).to_bytes(4, "big") + body.encode())
        events: list[object] = []
        assert until(lambda: bool(events), host.poll, lambda: events.extend(host.events()))
        joined = [e for e in events if isinstance(e, GuestJoined)]
        if joined:  # a name with a lone surrogate is no message at all: refused
            assert kept(joined[0].name) and kept(host.guest_name)
    finally:
        peer.close()
        host.close()


def _games() -> tuple[NetGame, NetGame]:
    a, b = pair()
    host_play = BoardPlay("russian")
    host = NetGame(host_play, a, Color.BLACK, host=True)
    play, color = guest_play(record_of(host_play), "black")
    return host, NetGame(play, b, color, host=False)


@SETTINGS
@given(text, text, text)
def test_chat_and_refusals_from_the_other_computer_are_kept_clean(line: str, why: str,
                                                                  detail: str) -> None:
    host, guest = _games()
    guest._receive("chat", {"text": line})
    guest._receive("refused", {"why": why, "detail": detail})
    assert all(kept(said) for _, said in guest.chat)
    notice = guest.remote.notice
    assert notice is not None and shows(tr(notice.key, **notice.values))
    host.say(line)
    assert all(kept(said) for _, said in host.chat)


@SETTINGS
@given(ascii_text)
def test_a_dxp_programs_name_and_chat_are_kept_clean(value: str) -> None:
    try:
        chat = dxp.parse("C" + value)
    except dxp.DxpError:
        pass
    else:
        assert isinstance(chat, dxp.Chat) and kept(chat.text)
    name = (value + " " * 32)[:32]
    accept = dxp.parse("A" + name + "0")
    assert isinstance(accept, dxp.GameAccept) and kept(accept.follower)


@SETTINGS
@given(text)
def test_a_hub_engines_name_is_kept_clean(value: str) -> None:
    seat = HubEngineSeat(["no-such-engine"])
    seat._state = "hello"
    seat._take("id name=" + value.replace(" ", "_"))
    assert kept(seat.name) and len(seat.name) <= 40


# --- files --------------------------------------------------------------------------------
@SETTINGS
@given(tag_text, tag_text)
def test_a_pdn_files_tags_are_kept_clean(event: str, white: str) -> None:
    games = read_pdn(f'[Event "{event}"]\n[White "{white}"]\n1. c3-d4 *\n', "russian")
    assert games and all(kept(value) for value in games[0].tags.values())


@SETTINGS
@given(text, text)
def test_a_saved_records_tags_are_kept_clean(name: str, value: str) -> None:
    tags = _tags({"tags": {"White": value, name[:40] or "x": value}})
    assert all(kept(k) and kept(v) for k, v in tags.items())


@SETTINGS
@given(text)
def test_a_files_name_in_a_message_is_clean(name: str) -> None:
    message = SaveError("saves.why.binary", name=name).message()
    assert shows(message)


def test_a_nul_in_each_of_the_three_reported_paths_takes_no_window_down() -> None:
    """The three crashes of the report, through the real window's panel and notices."""
    datagram = json.dumps({"shashki": 1, "port": 1, "game": "x\u0000", "host": "\u0000"})
    found = Finder._read(datagram.encode(), "127.0.0.1", time.monotonic())
    assert found is not None and "\x00" not in found.host + found.game
    host, guest = _games()
    guest._receive("chat", {"text": "hi\u0000there"})
    assert guest.chat == [("them", "hithere")]
    theme.text(f"{found.host}: {guest.chat[0][1]}\x00", 20)
