"""Compile the engine's hot modules (game/native.py's list) with mypyc out of the source tree,
for a checkout: the compiled files and their manifest go to a folder of their own (by default
``build/native/``), never beside the sources, and the checkout runs them only when asked:

    python tools/build_native.py
    SHASHKI_NATIVE_DIR=build/native python benchmarks/perft.py

The finder (game/native.py) uses the build while the sources it was made from are unchanged;
after an edit it runs the source and says so, until this is run again (a rebuild compiles
again only what changed). Needs mypy (``pip install -e ".[test]"`` has it) and a C compiler;
it is the same build as ``pip install .`` (setup.py's build_ext).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "build" / "native"


def build(out: Path, *, quiet: bool = True) -> tuple[bool, str]:
    """Compile into ``out``; (whether it compiled, the build's last line about it)."""
    out = out.resolve()
    if out == ROOT or ROOT / "game" in (out, *out.parents):
        raise ValueError(f"{out}: a build beside the sources would shadow them")
    temp = out.parent / f"{out.name}-temp"
    command = [sys.executable, "setup.py", *(["-q"] if quiet else []), "build_ext",
               "--build-lib", str(out), "--build-temp", str(temp)]
    env = {k: v for k, v in os.environ.items() if k != "SHASHKI_PURE"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    said = [line for line in (done.stdout + done.stderr).splitlines()
            if line.startswith("shashki:")]
    if done.returncode != 0 or not said:
        return False, (done.stdout + done.stderr).strip()
    return "is compiled" in said[-1], said[-1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT,
                        help=f"where the compiled build goes (default {DEFAULT.relative_to(ROOT)})")
    parser.add_argument("--verbose", action="store_true", help="show the compiler's lines")
    args = parser.parse_args()
    began = time.monotonic()
    compiled, said = build(args.out, quiet=not args.verbose)
    print(said)
    print(f"({time.monotonic() - began:.0f} s)")
    if not compiled:
        return 1
    env = dict(os.environ, SHASHKI_NATIVE_DIR=str(args.out.resolve()))
    env.pop("SHASHKI_PURE", None)
    check = subprocess.run([sys.executable, "-c", "from game.native import engine_line; "
                            "print(engine_line())"], cwd=ROOT, env=env, capture_output=True,
                           text=True)
    print(check.stdout.strip() or check.stderr.strip())
    print(f"run with it: SHASHKI_NATIVE_DIR={args.out} python ...")
    return 0 if check.stdout.startswith("engine: compiled") else 1


if __name__ == "__main__":
    sys.exit(main())
