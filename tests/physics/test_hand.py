"""A person's hand (physics.hand): a hard or hasty flick goes wider than a slow moderate one,
the error is drawn once and then is part of the shot, and a steady hand never errs."""
from __future__ import annotations

import math
import random
import statistics

from physics import PERSON, STEADY
from physics.hand import haste_after, sway_phases


def _angles(strength: float, haste: float, n: int = 600) -> list[float]:
    rng = random.Random(7)
    out = []
    for _ in range(n):
        (dx, dy), _ = PERSON.flick(rng, (0.0, 1.0), strength, haste)
        out.append(math.degrees(math.atan2(dx, dy)))
    return out


def test_a_hard_hasty_flick_goes_wider_than_a_slow_moderate_one() -> None:
    hard = statistics.pstdev(_angles(1.0, 1.0))
    slow_hard = statistics.pstdev(_angles(1.0, 0.0))
    moderate = statistics.pstdev(_angles(0.5, 0.0))
    assert hard > 1.2 * slow_hard > 1.2 * moderate
    assert 4.5 < hard < 8.0 and 0.8 < moderate < 3.5
    # a hand never flicks at random: the sway's swing and the release's bounded error
    assert max(abs(a) for a in _angles(1.0, 1.0)) < 3.2 * PERSON.spread(1.0, 1.0)


def test_the_error_is_drawn_once_and_a_steady_hand_has_none() -> None:
    one = PERSON.flick(random.Random(3), (1.0, 0.5), 0.8, 0.4)
    assert one == PERSON.flick(random.Random(3), (1.0, 0.5), 0.8, 0.4)
    assert one != PERSON.flick(random.Random(4), (1.0, 0.5), 0.8, 0.4)
    (dx, dy), power = STEADY.flick(random.Random(3), (1.0, 0.5), 0.8, 0.4)
    assert (dx, dy) == (1.0, 0.5) and power == 0.8


def test_the_sway_grows_with_the_pull_and_a_still_hand_calms_down() -> None:
    phases = sway_phases(random.Random(1))
    gentle = max(abs(PERSON.sway(0.2, 0.0, t / 50, phases)) for t in range(200))
    full = max(abs(PERSON.sway(1.0, 1.0, t / 50, phases)) for t in range(200))
    assert full > 2.5 * gentle > 0.0
    speed = haste_after(0.0, 3.3, 0.2, PERSON.haste_time)  # a full pull in a fifth of a second
    assert speed > PERSON.haste_speed  # a snatch
    for _ in range(60):  # then held still half a second
        speed = haste_after(speed, 0.0, 1 / 120, PERSON.haste_time)
    assert speed < 0.2 * PERSON.haste_speed


def test_a_match_saved_before_the_hand_replays_exactly() -> None:
    import json
    from pathlib import Path

    from game.play.chapaev_play import ChapaevPlay
    from game.play.records import play_from_record
    from physics import Shot

    record = json.loads((Path(__file__).parent / "chapaev_old_match.json").read_text())
    play = play_from_record(record, with_seats=False)
    assert isinstance(play, ChapaevPlay) and len(play.shots) == 64
    shots = [play.shots[k].shot for k in range(64)]
    assert all(isinstance(shot, Shot) and shot.aim is None for shot in shots)
    assert all(play.replay(k).same for k in (0, 1, 2, 31, 63))


def test_a_match_names_its_table_and_is_replayed_on_it() -> None:
    import json
    from pathlib import Path

    import pytest

    from game.play.chapaev_play import ChapaevPlay
    from game.play.chapaev_record import record_of_chapaev
    from game.play.record_format import RecordError
    from game.play.records import play_from_record
    from game.rules.core import Color
    from physics import DEFAULT_CONFIG, Shot
    from physics.config import TABLES

    W = Color.WHITE

    old = json.loads((Path(__file__).parent / "chapaev_old_match.json").read_text())
    assert "table_version" not in old["chapaev"]
    play = play_from_record(old, with_seats=False)
    assert isinstance(play, ChapaevPlay) and play.config == TABLES[1]
    assert record_of_chapaev(play)["chapaev"].get("table_version") is None  # saved as it was
    # a match of this build names table 2 and opens on it: its shots end as they did
    new = ChapaevPlay()
    new.act(Shot((W, 3), (0.0, 1.0), 1.0))
    new.finish_shot()
    record = json.loads(json.dumps(record_of_chapaev(new)))
    assert record["chapaev"]["table_version"] == 2
    again = play_from_record(record, with_seats=False)
    assert isinstance(again, ChapaevPlay) and again.config == DEFAULT_CONFIG
    assert again.replay(0).same
    # on table 1 the same full-strength shot would not have ended the same way
    on_table_1 = play_from_record(dict(record, chapaev={
        k: v for k, v in record["chapaev"].items() if k != "table_version"}),
        with_seats=False)
    assert isinstance(on_table_1, ChapaevPlay)
    assert not on_table_1.replay(0).same
    for bad in (99, "2", 2.0, None, True):
        broken = dict(record, chapaev=dict(record["chapaev"], table_version=bad))
        with pytest.raises(RecordError):
            play_from_record(broken, with_seats=False)
