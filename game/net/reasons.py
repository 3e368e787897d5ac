"""Why a link, a join or a message was refused or ended: codes on the wire, words on the
screen.

What one computer tells the other of a refusal or a farewell (``refuse``, ``bye``,
``refused``) is a :class:`Why` code and, at most, a detail (an address, a move, the error of
the system or of the wire, in the words of whoever made it). The screen of the player who
reads it chooses the sentence in the player's language from the code (the key
``net.why.<code>``; :func:`game.scenes.common.network.reason_text`). A code this version
does not know, from a newer one, is read as :attr:`Why.OTHER` with its detail.

The states of a session (:class:`State`) are codes too: the game layer and the screens ask
them, never a sentence.

Public API: ``Why`` (``Why.read(text)``), ``State``.
"""
from __future__ import annotations

import enum


class Why(str, enum.Enum):
    """A reason, as it goes on the wire (its value) and as the screen looks up its words."""

    # the host's refusals of a connection
    VERSION = "version"  # the other side runs another version
    WRONG_CODE = "wrong_code"
    BLOCKED = "blocked"  # too many wrong codes from the address: a minute's wait
    UNKNOWN_GUEST = "unknown_guest"  # a resume token the host does not know
    SEAT_TAKEN = "seat_taken"
    NO_HELLO = "no_hello"  # said nothing in time
    HELLO_FIRST = "hello_first"  # the first message was not hello
    TOO_MANY = "too_many"  # too many connections at once from one address
    # farewells
    HOST_CLOSED = "host_closed"
    GUEST_CLOSED = "guest_closed"
    RETURNED = "returned"  # the guest came back on another connection
    # how a link ends by itself
    LEFT = "left"  # the other side said bye
    DROPPED = "dropped"  # the connection broke or ended
    SILENT = "silent"  # nothing heard for seconds
    FLOOD = "flood"  # too many messages or bytes in a second
    NOT_READING = "not_reading"  # the other side stopped reading
    BAD_MESSAGE = "bad_message"  # not a message of the schema (detail: the wire's words)
    # a join that did not happen
    BAD_ADDRESS = "bad_address"  # not an address or host name (detail: what was typed)
    BAD_PORT = "bad_port"
    NOT_KNOWN = "not_known"  # the name does not resolve (detail: the system's words)
    UNREACHABLE = "unreachable"  # could not connect (detail: the system's words)
    NO_ANSWER = "no_answer"  # connected, but no welcome in time
    GAVE_UP = "gave_up"  # the other side did not come back in 10 minutes
    # a meeting through the wormhole (play a friend anywhere) that did not happen
    BAD_CODE = "bad_code"  # not a code: a number, a dash and words
    NO_SUCH_CODE = "no_such_code"  # nobody waits under the code (used already, mistyped)
    CODE_IN_USE = "code_in_use"  # two others are meeting under the code now
    NO_SERVER = "no_server"  # the mailbox server cannot be reached (detail: its URL)
    NO_CONNECTION = "no_connection"  # found, but no way through, direct nor relayed
    # the game's refusals of what the other side sent (the ``refused`` message)
    OUT_OF_TURN = "out_of_turn"
    ILLEGAL = "illegal"  # not a legal move (detail: the move's text)
    WRONG_KIND = "wrong_kind"  # a shot in a board game, a move in Chapaev
    CANNOT_SHOOT = "cannot_shoot"  # that piece cannot shoot now
    BUSY = "busy"  # too many messages waiting at once
    NOT_A_RECORD = "not_a_record"  # the game sent is not a saved-game record
    BAD_RECORD = "bad_record"  # the record sent cannot be read (detail: why)
    ANOTHER_GAME = "another_game"  # a record of another game than the one in play
    NOT_SENT = "not_sent"  # a message of ours too big to send (detail: the wire's words)
    CROSSED = "crossed"  # a request that crossed something (detail: the game's words)
    # a code of a newer version
    OTHER = "other"

    @classmethod
    def read(cls, text: object) -> Why:
        """The code ``text`` names; :attr:`OTHER` for one this version does not know."""
        try:
            return cls(text)
        except ValueError:
            return cls.OTHER

    def __str__(self) -> str:
        return self.value


#: every code as the wire carries it (the schema's choices are left open: a newer
#: version's code is read as OTHER, not refused)
CODES: tuple[str, ...] = tuple(why.value for why in Why)


class State(str, enum.Enum):
    """Where a session is: a host waits for a guest, plays, waits for it to come back; a
    guest connects, plays, reconnects; either ends (closed, or refused)."""

    WAITING = "waiting"
    CONNECTING = "connecting"
    PLAYING = "playing"
    AWAY = "away"
    RECONNECTING = "reconnecting"
    REFUSED = "refused"
    CLOSED = "closed"

    def __str__(self) -> str:
        return self.value
