"""One source, two ways, the same answers: the compiled engine and the interpreted one give
identical perft counts (every board game), identical fixed-depth searches (move, score,
depth, nodes, line) and identical Hub sessions.

The probe (tests/native/probe.py) runs twice in processes of its own: as this run's ``game``
runs (compiled) and with ``SHASHKI_PURE=1`` (the same installation, interpreted), and the
answers are compared whole. Without a compiled build the comparison is skipped, unless
``SHASHKI_REQUIRE_COMPILED`` is set (CI's compiled step), where it fails. A compiled build
for a checkout: ``python tools/build_native.py``, then ``SHASHKI_NATIVE_DIR=build/native``.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.native import PURE_VARIABLE, engine_report
from game.rules import VARIANTS

PROBE = Path(__file__).resolve().parent / "probe.py"
#: published perft counts from the start, (variant, options, depth) -> leaves: International
#: (damforum.nl, as tests/rules/test_international.py), Russian and the giveaways (the
#: spec's, tests/rules/test_russian.py), English (Aart Bik 2009), Brazilian (Rein Halbersma
#: 2010), Уголки (tests/rules/ugolki_perft.json, two generators agreeing)
PUBLISHED = {
    ("international", 3): 658, ("international", 5): 27117,
    ("russian", 3): 302, ("russian", 6): 37986,
    ("english", 3): 302, ("english", 6): 36768,
    ("brazilian", 3): 302, ("brazilian", 6): 37628,
    ("russian_giveaway", 3): 302, ("russian_giveaway", 5): 7482,
    ("international_giveaway", 3): 658, ("international_giveaway", 4): 4265,
}


def _probe(*args: str, pure: bool) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != PURE_VARIABLE}
    env["PYTHONHASHSEED"] = "0"
    if pure:
        env[PURE_VARIABLE] = "1"
    done = subprocess.run([sys.executable, str(PROBE), *args], env=env, capture_output=True,
                          text=True, timeout=900, cwd=PROBE.parents[2])
    assert done.returncode == 0, done.stderr[-3000:]
    answers: dict[str, Any] = json.loads(done.stdout)
    return answers


def _published(answers: dict[str, Any]) -> None:
    starts = {(entry["variant"], entry["depth"]): entry["perft"] for entry in answers["perft"]
              if entry["fen"] in _starts()}
    checked = {key: starts[key] for key in PUBLISHED if key in starts}
    assert checked and all(PUBLISHED[key] == count for key, count in checked.items()), checked


def _starts() -> set[str]:
    from game.rules import find_variant

    return {find_variant(name).new().fen() for name, _ in PUBLISHED}


def test_the_probe_runs_and_counts_what_is_published() -> None:
    # the probe itself, small and interpreted (the comparison below runs it whole)
    answers = _probe("--quick", pure=True)
    assert answers["engine"] == f"engine: interpreted ({PURE_VARIABLE} is set)"
    _published(answers)
    assert {entry["variant"] for entry in answers["search"]} >= set(VARIANTS)
    hub = answers["hub"]
    assert hub[0] == f"engine of the Hub process: {answers['engine']}"
    assert sum(line.startswith("done move=") for line in hub) == 5 and hub[-1] == "exit 0"


def test_compiled_and_interpreted_give_the_same_perft_searches_and_hub_answers() -> None:
    report = engine_report()
    if not report.all_compiled:
        if os.environ.get("SHASHKI_REQUIRE_COMPILED"):
            pytest.fail(f"a compiled build was required: {report.line()}")
        pytest.skip(f"no compiled build here ({report.line()}); CI's compiled step runs it, "
                    f"and a checkout with tools/build_native.py and SHASHKI_NATIVE_DIR")
    compiled = _probe(pure=False)
    interpreted = _probe(pure=True)
    assert compiled["engine"] == report.line()
    assert interpreted["engine"] == f"engine: interpreted ({PURE_VARIABLE} is set)"
    assert compiled["hub"][0] == f"engine of the Hub process: {report.line()}"
    assert interpreted["hub"][0] == f"engine of the Hub process: {interpreted['engine']}"
    _published(compiled)
    assert compiled["perft"] == interpreted["perft"]
    for ours, theirs in zip(compiled["search"], interpreted["search"], strict=True):
        assert ours == theirs
    assert compiled["hub"][1:] == interpreted["hub"][1:]
    print(f"probe: compiled {compiled['seconds']} s, interpreted {interpreted['seconds']} s")
