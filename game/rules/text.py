"""The one cleaning step for text from outside the program.

Whatever a stranger can put in front of the player — a name or a chat line from the other
computer, a game announced on the local network, a DXP or Hub engine's name, a PDN file's
tags and comments, a file's name, the clipboard — passes :func:`clean` before it is kept or
drawn. What it takes out cannot be shown or would change how the rest is shown:

- control characters (NUL, ESC, BEL, DEL, the C1 range): removed; in text of several lines a
  line break is kept and a tab is a space;
- the invisible characters that reorder or hide text (bidi embeddings, overrides, isolates
  and marks, the zero-width space and word joiner, the byte-order mark, interlinear
  annotations, the non-characters U+FFFE and U+FFFF): removed (a name of nothing else is
  empty);
- a lone surrogate (a broken UTF-16 pair, which no font or file can hold): U+FFFD, the
  replacement character, so that the player sees that something was there;
- the line and paragraph separators: a line break (several lines) or a space (one line).

Text of one line has its runs of white space made one space and is stripped. The length is
capped (in characters) after the cleaning, so a stranger cannot make a line longer by
padding it with what is removed. Pure: no I/O, no pygame.

Public API: ``clean(value, limit, *, lines=False) -> str``; ``is_clean(value, lines=False)``.
"""
from __future__ import annotations

import re

#: characters taken out wherever they are: controls (but tab, line feed and carriage
#: return, dealt with below), DEL and C1, the bidi controls and marks (ALM, LRM, RLM,
#: LRE..RLO, LRI..PDI), the invisible spaces and joiners that only hide (zero-width space,
#: word joiner, invisible operators, Mongolian vowel separator; the zero-width joiner and
#: non-joiner stay: scripts and emoji need them), the byte-order mark / zero-width no-break
#: space, the interlinear annotation marks and the two non-characters at the end of the
#: basic plane
_REMOVED = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u180e\u200b\u200e\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb\ufffe\uffff]")
#: a lone surrogate: half of a UTF-16 pair that Python keeps as a code point of its own
_SURROGATE = re.compile("[\ud800-\udfff]")
#: what breaks a line: carriage return with or without line feed, the Unicode separators
_BREAK = re.compile("\r\n?|[\u2028\u2029\x85]")
#: how many characters of a long text are looked at, per character kept (what is removed
#: may shorten it; a megabyte of controls is not walked whole for a name of 40)
_LOOK_AHEAD = 8


def clean(value: object, limit: int, *, lines: bool = False) -> str:
    """``value`` as text that is safe to keep and to draw, at most ``limit`` characters
    ("" if it is not a string at all). ``lines``: line breaks are kept (a comment, a chat
    block); else the text is one line, its white space made single spaces."""
    if not isinstance(value, str) or limit <= 0:
        return ""
    text = value[:limit * _LOOK_AHEAD + 64]
    text = _BREAK.sub("\n", text)
    text = _REMOVED.sub("", text)
    text = _SURROGATE.sub("\ufffd", text)
    if lines:
        text = "\n".join(" ".join(line.split()) for line in text.split("\n")).strip("\n")
    else:
        text = " ".join(text.split())
    return text[:limit].rstrip() if len(text) > limit else text


def is_clean(value: str, *, lines: bool = False) -> bool:
    """Whether ``value`` holds nothing :func:`clean` would take out or change (its length
    aside)."""
    return clean(value, max(1, len(value)), lines=lines) == value
