"""A small engine of another program's that speaks Hub, for tests: it plays a legal move
chosen by the position alone (the same move in the same position, every time), in the Hub
variants it declares, and can be told to misbehave after some moves of its own.

    python tests/play/fake_hub_engine.py [--name NAME] [--variants "normal frisian"]
        [--crash-after N] [--illegal-after N] [--garbage-after N] [--silent-after N]
        [--not-hub] [--no-info] [--log FILE]

``--crash-after N``: after N moves it exits at the next ``go``; ``--illegal-after``: answers
``done move=`` with a move that is not legal; ``--garbage-after``: answers with a line that
is no move at all; ``--silent-after``: never answers; ``--not-hub``: greets ``hub`` with
nonsense and never says ``wait``. Before each move it says ``info`` with its lead in men as
the score (``--no-info``: it does not). ``--log``: every line received is written there.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.rules import Color, Piece, PieceKind, find_variant  # noqa: E402
from game.rules.core import Game  # noqa: E402
from game.rules.draughts import DraughtsGame  # noqa: E402

#: Hub variant -> our game
GAMES = {"normal": "international", "frisian": "frisian", "losing": "international_giveaway"}
KINDS = {"w": Piece(Color.WHITE), "b": Piece(Color.BLACK),
         "W": Piece(Color.WHITE, PieceKind.KING), "B": Piece(Color.BLACK, PieceKind.KING)}


def read_position(variant: str, text: str) -> Game:
    pieces = {square: KINDS[c] for square, c in enumerate(text[1:], start=1) if c in KINDS}
    cls = find_variant(GAMES[variant])
    assert issubclass(cls, DraughtsGame)
    return cls.from_squares(Color.WHITE if text[0] == "W" else Color.BLACK, pieces)


def value(words: list[str], name: str) -> str:
    for word in words:
        if word.startswith(name + "="):
            return word[len(name) + 1:].strip('"')
    return ""


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", default="Fake")
    parser.add_argument("--variants", default="normal")
    for option in ("crash", "illegal", "garbage", "silent"):
        parser.add_argument(f"--{option}-after", type=int, default=-1)
    parser.add_argument("--not-hub", action="store_true")
    parser.add_argument("--no-info", action="store_true")
    parser.add_argument("--log", default="")
    args = parser.parse_args()
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    variant, game, played = "normal", None, 0

    def say(line: str) -> None:
        print(line, flush=True)

    for line in sys.stdin:
        line = line.strip()
        if log is not None:
            log.write(line + "\n")
            log.flush()
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "hub":
            if args.not_hub:
                say("Hello! Type HELP for help.")
                continue
            say(f"id name={args.name} version=1.0 author=tests")
            say(f'param name=variant value=normal type=enum values="{args.variants}"')
            say("wait")
        elif command == "set-param" and value(words, "name") == "variant":
            variant = value(words, "value")
        elif command == "init":
            say("ready")
        elif command == "pos":
            game = read_position(variant, value(words, "pos"))
        elif command == "go":
            if game is None:
                say('error message="no position"')
                continue
            if played == args.crash_after:
                return 3
            if played == args.silent_after:
                continue
            moves = sorted(game.perft_moves(), key=game.hub_text)
            if played == args.garbage_after:
                say("done move=banana")
            elif played == args.illegal_after:
                say("done move=1-2")
            elif moves:
                # the position chooses: the same move in the same position, every time
                index = sum(s * (2 if p.color is Color.WHITE else 3) for s, p in game.pieces())
                move = moves[index % len(moves)]
                if not args.no_info:  # its score: the men it has more than the other side
                    lead = sum(1 if p.color is game.turn else -1 for _, p in game.pieces())
                    say(f'info depth=3 score={lead:.2f} nodes=42 pv="{game.hub_text(move)}"')
                say(f"done move={game.hub_text(move)}")
            else:
                say("done")
            played += 1
        elif command == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
