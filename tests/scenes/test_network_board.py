"""A board game between two windows over 127.0.0.1, as two people would play it: hosted from
the menu with clicks, found on the (loopback) network and joined with the code, moves made
by clicks on each side and seen on the other, the other player away and back, a wrong code,
and a takeback asked across and answered no, then yes."""
from __future__ import annotations

import pygame

from game.i18n import tr
from game.net.session import Guest
from game.play.board_play import BoardPlay
from game.rules.core import Color
from game.scenes.board.scene import BoardScene
from game.scenes.common import network
from game.scenes.common.dialog import ConfirmDialog
from game.scenes.network.join import JoinScene
from tests.scenes.board_helpers import at, click_at
from tests.scenes.helpers import click, key, step, top
from tests.scenes.network_helpers import host, join_found, lan, new_app, run, type_text

__all__ = ["lan"]  # the fixture, used by name


def board_of(scene: object) -> BoardScene:
    assert isinstance(scene, BoardScene)
    return scene


def view_of(board: BoardScene) -> network.NetView:
    """The board's game over the network (a friend's, not a DXP program's)."""
    assert isinstance(board.net, network.NetView)
    return board.net


def play_of(board: BoardScene) -> BoardPlay:
    return board.play


def start(lan: network.Lan, found: bool = False) -> tuple:  # type: ignore[type-arg]
    """Host from the menu; join from the games found (``found``, a second's wait for the
    announcement) or by the address typed."""
    host_app = new_app()
    hosting = board_of(host(host_app, "russian"))
    assert hosting.net is not None and hosting.net.state == "waiting"
    address, port, code = view_of(hosting).invitation()
    assert address == "127.0.0.1" and port > 0 and len(code) == 6
    guest_app = new_app()
    if found:
        form = join_found(guest_app, (host_app,), code.lower())  # the code in any case
    else:
        guest_app.routes.push("join", address=address, port=port)
        step(guest_app)
        typed = top(guest_app)
        assert isinstance(typed, JoinScene)
        form = typed
        type_text(guest_app, code.lower())
    assert form.port.text == str(port)
    click(guest_app, form.go.rect.center)
    assert run((host_app, guest_app), lambda: isinstance(top(guest_app), BoardScene)), \
        form.error
    joined = board_of(top(guest_app))
    assert run((host_app, guest_app), lambda: hosting.net is not None
               and hosting.net.state == "playing" and joined.net is not None
               and joined.net.state == "playing")
    return host_app, hosting, guest_app, joined


def moved(apps: tuple, board: BoardScene, ply: int) -> bool:  # type: ignore[type-arg]
    return run(apps, lambda: board.play.ply == ply and board.glides.glide is None)


def test_a_game_hosted_from_the_menu_is_joined_and_played_by_clicks_on_both_sides(
        lan: network.Lan) -> None:
    host_app, hosting, guest_app, joined = start(lan, found=True)
    apps = (host_app, guest_app)
    # the host plays White at the bottom; the guest Black, its board turned to it
    assert hosting.play.seats[Color.WHITE].at_window
    assert not joined.play.seats[Color.WHITE].at_window and joined.view.flipped
    assert hosting.panel_view.players.who is not None
    assert hosting.panel_view.players.who(Color.WHITE) == tr("net.you")
    assert joined.panel_view.players.who is not None
    assert joined.panel_view.players.who(Color.BLACK) == tr("net.you")
    assert joined.panel_view.players.who(Color.WHITE).endswith(tr("net.friend", name="")[2:])
    # a click on the guest's board out of turn moves nothing
    click_at(guest_app, joined, "f6", "e5")
    assert joined.play.ply == 0
    for mover, app, frm, to in ((hosting, host_app, "c3", "d4"), (joined, guest_app, "f6", "e5"),
                                (hosting, host_app, "d4", "f6")):
        ply = mover.play.ply + 1
        click_at(app, mover, frm, to)
        assert mover.play.ply == ply, (frm, to)
        for board in (hosting, joined):
            assert moved(apps, board, ply), (frm, to)
        assert joined.play.notation == hosting.play.notation
    assert joined.play.notation == ["c3-d4", "f6-e5", "d4:f6"]
    # the friend's turn is said as theirs, not as "the computer is thinking"
    line = hosting.panel_view.status_line(hosting.status())
    assert line is not None and line[0] == tr("net.panel.friend_move")
    assert hosting.thinking() is None
    # the PDN tags say where it was played
    assert hosting.play.tags.get("Site") == tr("net.site")
    # T: a line of chat, typed and sent; it shows on the other window. The system sends the
    # letter of the key as text after the key itself (here in the next frame, when the box
    # is open): the box it opens does not take it
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t",
                                         scancode=0))
    step(guest_app)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="t"))
    step(guest_app)
    type_text(guest_app, "good move <b>" + "!" * 400)
    key(guest_app, pygame.K_RETURN)
    assert isinstance(top(guest_app), BoardScene)
    heard = "good move <b>" + "!" * 287  # plain text, 300 characters at most
    assert run(apps, lambda: any(n.message.endswith(": " + heard) for n in host_app.toasts))
    for board in (hosting, joined):
        board.close()


def test_the_away_panel_shows_while_the_guest_is_gone_and_goes_when_it_comes_back(
        lan: network.Lan) -> None:
    host_app, hosting, guest_app, joined = start(lan)
    apps = (host_app, guest_app)
    assert hosting.net is not None and joined.net is not None
    guest_session = joined.net.session
    link = guest_session._link  # the guest's connection, cut as a cable pulled out would
    assert link is not None
    link._sock.close()
    assert run(apps, lambda: hosting.net is not None and hosting.net.state == "away")
    assert hosting.net.blocking and hosting.net.panel_lines()[0][0] == tr("net.away.title")
    # while away, the host's clicks move nothing (the game waits)
    click_at(host_app, hosting, "c3", "d4")
    assert hosting.play.ply == 0
    assert run(apps, lambda: hosting.net is not None and hosting.net.state == "playing"
               and joined.net is not None and joined.net.state == "playing", timeout=8.0)
    assert not hosting.net.blocking and hosting.net.panel_lines() == []
    click_at(host_app, hosting, "c3", "d4")
    assert moved(apps, joined, 1)
    for board in (hosting, joined):
        board.close()


def test_a_wrong_code_is_said_and_the_form_stays_filled(lan: network.Lan) -> None:
    host_app = new_app()
    hosting = board_of(host(host_app, "russian"))
    assert hosting.net is not None
    _, port, code = view_of(hosting).invitation()
    wrong = "".join("A" if c != "A" else "B" for c in code)
    guest_app = new_app()
    form = join_found(guest_app, (host_app,), wrong)
    click(guest_app, form.go.rect.center)
    assert run((host_app, guest_app), lambda: form.error is not None)
    assert form.error == tr("net.error.refused", reason=tr("net.why.wrong_code"))
    assert isinstance(top(guest_app), JoinScene) and form.guest is None
    assert (form.address.text, form.port.text, form.code.text) == ("127.0.0.1", str(port),
                                                                    wrong)
    assert hosting.net.state == "waiting"
    # a code too short is said before anything is sent
    key(guest_app, pygame.K_BACKSPACE)
    click(guest_app, form.go.rect.center)
    assert form.error == tr("net.error.code") and form.guest is None
    hosting.close()


def test_a_takeback_asked_from_the_other_window_is_answered_no_then_yes(
        lan: network.Lan) -> None:
    host_app, hosting, guest_app, joined = start(lan)
    apps = (host_app, guest_app)
    click_at(host_app, hosting, "c3", "d4")
    assert moved(apps, joined, 1)
    click_at(guest_app, joined, "f6", "e5")
    assert moved(apps, hosting, 2)
    # the guest asks to take its move back: the host is asked
    click(guest_app, joined.panel_view.button("board.undo").rect.center)
    assert joined.state.feedback.message == tr("net.takeback.asked")
    assert run(apps, lambda: isinstance(top(host_app), ConfirmDialog))
    dialog = top(host_app)
    assert isinstance(dialog, ConfirmDialog) and dialog.question_key == "net.ask.takeback"
    click(host_app, dialog.buttons.buttons[1].rect.center)  # No
    assert run(apps, lambda: joined.state.feedback.message == tr("net.takeback.declined"))
    assert hosting.play.ply == joined.play.ply == 2
    # asked again: yes; the move goes on both boards
    click(guest_app, joined.panel_view.button("board.undo").rect.center)
    assert run(apps, lambda: isinstance(top(host_app), ConfirmDialog))
    dialog = top(host_app)
    assert isinstance(dialog, ConfirmDialog)
    click(host_app, dialog.buttons.buttons[0].rect.center)  # Allow
    assert run(apps, lambda: hosting.play.ply == 1 and joined.play.ply == 1)
    assert joined.play.notation == hosting.play.notation == ["c3-d4"]
    # redo is refused over the network, with the reason said
    key(guest_app, pygame.K_y, pygame.KMOD_CTRL)
    assert joined.state.feedback.message == tr("net.not_here")
    assert joined.play.ply == 1
    for board in (hosting, joined):
        board.close()


def test_a_game_left_is_kept_and_continued_later_as_a_local_game(lan: network.Lan) -> None:
    host_app = new_app(kept=True)
    hosting = board_of(host(host_app, "russian"))
    assert hosting.net is not None
    _, _, code = view_of(hosting).invitation()
    guest_app = new_app(kept=True)
    form = join_found(guest_app, (host_app,), code)
    click(guest_app, form.go.rect.center)
    apps = (host_app, guest_app)
    assert run(apps, lambda: isinstance(top(guest_app), BoardScene))
    joined = board_of(top(guest_app))
    assert run(apps, lambda: hosting.net is not None and hosting.net.state == "playing")
    click_at(host_app, hosting, "c3", "d4")
    assert moved(apps, joined, 1)
    # the guest leaves: asked first; the host hears it and plays on alone, as a local game
    click(guest_app, joined.panel_view.button("board.menu").rect.center)
    dialog = top(guest_app)
    assert isinstance(dialog, ConfirmDialog) and dialog.question_key == "net.ask.leave"
    click(guest_app, dialog.buttons.buttons[0].rect.center)
    assert run(apps, lambda: hosting.net is not None and hosting.net.state == "ended")
    assert hosting.play.seats[Color.BLACK].at_window
    click(host_app, hosting.panel_view.button("board.menu").rect.center)
    click(host_app, top(host_app).buttons.buttons[0].rect.center)  # type: ignore[attr-defined]
    # both games are in the library, saying where they were played and who played
    assert host_app.saves is not None
    entries = host_app.saves.entries()
    records = [host_app.saves.load_game(e.id) for e in entries]
    assert len(records) == 2 and all(r["tags"]["Site"] == tr("net.site") for r in records)
    names = {r["tags"].get("White") for r in records} | {r["tags"].get("Black") for r in records}
    assert network.player_name() in names
    # opened later, it goes on at this window: Black's reply by a click
    host_app.routes.push("open", game_id=entries[0].id)
    step(host_app, 2)
    later = board_of(top(host_app))
    assert later.net is None and later.play.notation == ["c3-d4"]
    click_at(host_app, later, "f6", "e5")
    assert later.play.notation == ["c3-d4", "f6-e5"]
    later.close()


def test_a_third_window_is_told_the_seat_is_taken(lan: network.Lan) -> None:
    host_app, hosting, guest_app, joined = start(lan)
    assert hosting.net is not None
    _, port, code = view_of(hosting).invitation()
    third = new_app()
    third.routes.push("join", address="127.0.0.1", port=port, code=code)
    step(third)
    form = top(third)
    assert isinstance(form, JoinScene)
    click(third, form.go.rect.center)
    assert run((host_app, guest_app, third), lambda: form.error is not None)
    assert form.error == tr("net.error.refused", reason=tr("net.why.seat_taken"))
    assert hosting.net.state == "playing"
    for board in (hosting, joined):
        board.close()


def test_a_guest_out_of_step_takes_the_hosts_game_at_once(lan: network.Lan) -> None:
    host_app, hosting, guest_app, joined = start(lan)
    apps = (host_app, guest_app)
    click_at(host_app, hosting, "c3", "d4")
    assert moved(apps, joined, 1)
    # the guest's copy loses the move (as a fault would), and it asks for the host's game
    joined.play.game.pop()
    joined.play.notation.pop()
    joined.changed()
    assert joined.net is not None
    joined.net.session.send("outofstep", n=0)
    assert run(apps, lambda: joined.play.notation == ["c3-d4"])
    assert joined.glides.glide is None, "the host's game is shown as it is, not played"
    assert joined.state.shown.fen() == hosting.state.shown.fen()
    click_at(guest_app, joined, "f6", "e5")
    assert moved(apps, hosting, 2)
    for board in (hosting, joined):
        board.close()


def test_after_ten_minutes_away_the_game_goes_on_here_as_a_local_game(
        lan: network.Lan) -> None:
    import time

    host_app, hosting, guest_app, joined = start(lan)
    apps = (host_app, guest_app)
    assert hosting.net is not None and joined.net is not None
    session = view_of(joined).net.session
    assert isinstance(session, Guest) and session._link is not None
    assert session._link._sock is not None
    session._link._sock.close()
    joined.close()  # and the guest's window is gone for good
    assert run((host_app,), lambda: hosting.net is not None and hosting.net.state == "away")
    assert hosting.net.panel_lines()[-1][0] == tr("net.away.time", time="0:00")
    later = time.monotonic() + 601.0  # the host's clock, ten minutes on
    hosting.net.clock = lambda: later
    assert run(apps, lambda: hosting.net is not None and hosting.net.state == "ended")
    assert any(tr("net.why.gave_up") in n.message for n in host_app.toasts)
    assert not hosting.net.blocking and hosting.play.seats[Color.BLACK].at_window
    click_at(host_app, hosting, "c3", "d4", "f6", "e5")  # both sides now played here
    assert hosting.play.notation == ["c3-d4", "f6-e5"]
    hosting.close()


def test_a_guest_whose_window_closed_joins_again_with_the_code_where_the_game_is(
        lan: network.Lan) -> None:
    host_app, hosting, guest_app, joined = start(lan)
    apps = (host_app, guest_app)
    assert hosting.net is not None and joined.net is not None
    click_at(host_app, hosting, "c3", "d4")
    assert moved(apps, joined, 1)
    address, port, code = view_of(hosting).invitation()
    # the guest's window goes (its token with it): no goodbye, the host waits for it
    link = joined.net.session._link
    assert link is not None
    link._sock.close()
    assert run(apps, lambda: hosting.net is not None and hosting.net.state == "away")
    again_app = new_app()
    again_app.routes.push("join", address=address, port=port)
    step(again_app)
    form = top(again_app)
    assert isinstance(form, JoinScene)
    type_text(again_app, code)
    click(again_app, form.go.rect.center)
    both = (host_app, again_app)
    assert run(both, lambda: isinstance(top(again_app), BoardScene))
    again = board_of(top(again_app))
    # it opens where the host's game is, and the game goes on from there
    assert run(both, lambda: again.play.ply == 1 and hosting.net is not None
               and hosting.net.state == "playing")
    click_at(again_app, again, "f6", "g5")
    assert moved(both, hosting, 2)
    for board in (hosting, joined, again):
        board.close()
