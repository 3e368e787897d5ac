"""A table that played its way to a position and one rebuilt there from its state (a copy, a
table set from a saved game or from the other computer's message) shoot alike, bit for bit:
the pymunk bodies a table keeps from shot to shot carry nothing of their last shot."""
from __future__ import annotations

import random

import pymunk

from physics import Shot, Side, Table, TableState, random_table
from physics.space import forget_bias

W, B = Side.WHITE, Side.BLACK

#: a position of a real match (two pieces left pressed together by the first shot below)
BEFORE = TableState(discs=(
    ((W, 2), 5.071529810770325, 1.2129508420914095, 0.0),
    ((W, 3), 3.5, 6.5, 0.0),
    ((W, 4), 5.02863663187232, 6.882117783303624, -0.257095759648689),
    ((W, 5), 5.8403482433175, 6.499918221882496, -0.1858840091497717),
    ((W, 6), 6.807231448034132, 6.4713928898020825, 0.03694966792320447),
    ((B, 2), 2.8596370707949936, 7.926777714726486, -0.07179232553481893),
    ((B, 3), 3.6900794305889177, 7.453253427796963, -0.05213390562979283),
    ((B, 4), 4.95253021650066, 7.853456809791423, 0.04750098593048279),
    ((B, 5), 5.750771098811683, 7.7661613673752585, 0.014281494673001823),
    ((B, 6), 6.507654253005431, 7.49795082973044, 0.0),
    ((B, 7), 7.5, 7.5, 0.0)))
FIRST = Shot((B, 7), (-0.9840371246704649, -0.17796330315625197), 0.39078801953772424)
SECOND = Shot((W, 4), (-0.9987692370395588, 0.04959849940691327), 0.3054108175047275)


def test_the_next_shot_is_the_same_from_a_table_rebuilt_where_the_last_one_left() -> None:
    played = Table.from_state(BEFORE)
    played.act(FIRST)
    played.run_to_rest()
    here = played.state()
    rebuilt, copied = Table.from_state(here), played.copy()
    for table in (played, rebuilt, copied):
        table.act(SECOND)
        table.run_to_rest()
    assert rebuilt.state() == copied.state()
    assert played.state() == rebuilt.state(), "the played table's bodies kept their last shot"


def test_tables_played_through_agree_with_tables_rebuilt_before_every_shot() -> None:
    rng = random.Random(5)
    for _ in range(4):
        played = random_table(rng)
        for _ in range(12):
            discs = played.discs
            if len(discs) < 2:
                break
            angle = rng.uniform(-1.0, 1.0)
            shot = Shot(rng.choice(discs), (angle, 1.0 - abs(angle)), rng.uniform(0.3, 1.0))
            rebuilt = Table.from_state(played.state())
            for table in (played, rebuilt):
                table.act(shot)
                table.run_to_rest()
            assert played.state() == rebuilt.state()


def pressed_pair() -> list[pymunk.Body]:
    """Two discs of a space overlapping far past the slop, stepped once (the solver pushes them
    apart with bias velocities), then taken out of it at rest."""
    space = pymunk.Space()
    bodies = []
    for x in (0.0, 0.5):
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0.0, 0.4))
        body.position = (x, 0.0)
        space.add(body, pymunk.Circle(body, 0.4))
        bodies.append(body)
    space.step(1 / 480)
    for body in bodies:
        space.remove(body, *body.shapes)
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
    return bodies


def first_step(body: pymunk.Body) -> tuple[float, float]:
    """Where ``body``, at rest, is after one step alone in a new space."""
    space = pymunk.Space()
    space.add(body)
    start = body.position
    space.step(1 / 480)
    return (body.position.x - start.x, body.position.y - start.y)


def test_a_body_taken_from_a_space_keeps_its_push_until_it_is_forgotten() -> None:
    kept, forgot = pressed_pair()[0], pressed_pair()[0]
    place, angle = forgot.position, forgot.angle
    forget_bias(forgot)
    assert (forgot.position, forgot.angle) == (place, angle)  # forgetting moves nothing
    assert first_step(forgot) == (0.0, 0.0)
    assert first_step(kept) != (0.0, 0.0), "pymunk no longer keeps it: forget_bias can go"
