"""An outside engine chosen by the player (Scan, or any program that speaks Hub): its command
checked, and the engine asked who it is and which games it plays before it is kept.

:func:`engine_command` turns what the player typed (``/opt/scan/scan hub``) into a program
and its arguments, or says plainly why not (no such file, not a program that can run, an
unclosed quote). :func:`probe` starts the engine, says ``hub``, reads its ``id`` and its
``param name=variant ... values="..."`` up to ``wait``, and quits it: its name and the Hub
variants it declares. Both raise :class:`EngineProblem` (an i18n key and its values: the
screen words it).
"""
from __future__ import annotations

import os
import queue
import shlex
import shutil
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.rules import VARIANTS, find_variant
from game.rules.text import clean

#: seconds an engine has to say who it is
PROBE_SECONDS = 10.0
#: the longest command kept (characters)
MAX_COMMAND = 400
#: the most characters of a program's name a message shows (a longer path loses its front)
SHOWN = 80
#: the Hub variant an engine plays when it declares none (the protocol's default)
DEFAULT_VARIANT = "normal"


class EngineProblem(ValueError):
    """What is wrong with an outside engine, as an i18n key and its values."""

    def __init__(self, key: str, **values: object) -> None:
        self.key = key
        self.values = values
        super().__init__(f"{key} {values}")


@dataclass(frozen=True, slots=True)
class EngineInfo:
    """What an engine said of itself: its name (with its version) and the Hub variants it
    plays."""

    name: str
    variants: tuple[str, ...]


def hub_variant(variant: str) -> str | None:
    """The Hub protocol's name of one of our games (``normal``: International), None for a
    game Hub does not name. A game's own class says it (``Game.hub_variant``), not one it
    derives from: Frisian draughts is no International game to an engine."""
    try:
        cls = find_variant(variant)
    except ValueError:  # no board game of ours (Chapaev)
        return None
    named = vars(cls).get("hub_variant")
    return named if isinstance(named, str) else None


def games_played(variants: Sequence[str]) -> tuple[str, ...]:
    """Our games (registry keys, in the registry's order) that an engine declaring the Hub
    ``variants`` plays."""
    return tuple(key for key in VARIANTS if hub_variant(key) in variants)


def plays(variants: Sequence[str] | None, variant: str) -> bool:
    """Whether an engine that declared the Hub ``variants`` plays our game ``variant``."""
    return variants is not None and hub_variant(variant) in variants


def engine_command(text: str) -> list[str]:
    """The program and arguments of a typed command; raises EngineProblem when the program
    is not there or cannot be run."""
    text = text.strip()
    if not text:
        raise EngineProblem("hub.problem.empty")
    if len(text) > MAX_COMMAND:
        raise EngineProblem("hub.problem.too_long", most=MAX_COMMAND)
    try:
        words = shlex.split(text, posix=os.name == "posix")
    except ValueError:
        raise EngineProblem("hub.problem.quote") from None
    if not words:
        raise EngineProblem("hub.problem.empty")
    program = words[0]
    shown = shown_program(program)
    if os.sep in program or (os.altsep and os.altsep in program):
        path = Path(program).expanduser()
        if not path.exists():
            raise EngineProblem("hub.problem.missing", path=shown)
        if path.is_dir():
            raise EngineProblem("hub.problem.folder", path=shown)
        if not os.access(path, os.X_OK):
            raise EngineProblem("hub.problem.not_executable", path=shown)
        words[0] = str(path)
    else:
        found = shutil.which(program)
        if found is None:
            raise EngineProblem("hub.problem.not_found", name=shown)
    return words


def shown_program(program: str) -> str:
    """A program's name or path as a message shows it: clean, and a long one cut at its
    front, so that the file's own name (what a player recognises) stays whole."""
    text = clean(program, MAX_COMMAND)
    return text if len(text) <= SHOWN else "…" + text[len(text) - SHOWN + 1:]


def _value(words: list[str], name: str) -> str:
    """A ``name=value`` of a Hub line split into words (quotes kept out)."""
    for word in words:
        if word.startswith(name + "="):
            return word[len(name) + 1:].strip('"')
    return ""


def read_id(line: str) -> str:
    """The name an ``id`` line gives (``id name=Scan version=3.1`` -> ``Scan 3.1``)."""
    try:
        words = shlex.split(line)
    except ValueError:
        words = line.split()
    name, version = _value(words, "name"), _value(words, "version")
    return clean(f"{name} {version}".strip(), 40)


def read_variants(line: str) -> tuple[str, ...] | None:
    """The variants a ``param`` line declares, if it is the ``variant`` parameter."""
    try:
        words = shlex.split(line)
    except ValueError:
        return None
    if _value(words, "name") != "variant":
        return None
    values = _value(words, "values").split() or [_value(words, "value")]
    return tuple(clean(v, 20) for v in values if v)


def probe(command: Sequence[str], seconds: float | None = None) -> EngineInfo:
    """Start the engine, ask who it is and what it plays (within ``seconds``, by default
    :data:`PROBE_SECONDS`), and quit it. Raises EngineProblem when it does not start, does
    not answer as a Hub engine, or plays none of our games."""
    seconds = PROBE_SECONDS if seconds is None else seconds
    try:
        process = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, bufsize=1,
                                   errors="replace")
    except OSError as error:
        raise EngineProblem("hub.problem.cannot_start", detail=clean(str(error), 120)) from None
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in iter(lambda: process.stdout.readline(4096) if process.stdout else "", ""):
            lines.put(line.rstrip("\r\n"))
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    name, variants, said = "", None, ""
    try:
        assert process.stdin is not None
        process.stdin.write("hub\n")
        process.stdin.flush()
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                if said:  # it spoke, but not as a Hub engine does
                    raise EngineProblem("hub.problem.not_hub", said=clean(said, 60))
                raise EngineProblem("hub.problem.silent", seconds=round(seconds))
            try:
                line = lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise EngineProblem("hub.problem.ended", said=clean(said, 60))
            words = line.split()
            if not words:
                continue
            said = said or line
            if words[0] == "id":
                name = read_id(line)
            elif words[0] == "param":
                variants = read_variants(line) or variants
            elif words[0] == "wait":
                break
    except (OSError, ValueError) as error:
        if isinstance(error, EngineProblem):
            raise
        raise EngineProblem("hub.problem.ended", said=clean(said, 60)) from None
    finally:
        quit_engine(process)
    declared = variants or (DEFAULT_VARIANT,)
    if not games_played(declared):
        raise EngineProblem("hub.problem.no_game", variants=clean(", ".join(declared), 60))
    return EngineInfo(name or clean(Path(command[0]).name, 40), declared)


def quit_engine(process: subprocess.Popen[str]) -> None:
    """Ask a Hub engine to quit; a second later it is killed."""
    try:
        if process.stdin is not None:
            process.stdin.write("quit\n")
            process.stdin.close()
    except (OSError, ValueError):
        pass
    try:
        process.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
