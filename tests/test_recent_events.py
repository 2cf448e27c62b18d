"""Each entity's last events, found as byte ranges of the day files, against the plain way of keeping them."""

from __future__ import annotations

import random
from collections import defaultdict, deque
from datetime import date

import orjson

from build.recent_events import RecentEvents
from build.trends_files import events_file


def test_the_last_events_of_each_entity_are_those_a_bounded_queue_keeps() -> None:
    rng = random.Random(7)
    entities = [f"owner/repo-{n}" for n in range(40)] + ['we"ird\\name', "名前/ユニコード"]
    index = {entity: n for n, entity in enumerate(entities)}
    recent = RecentEvents(entities, index, keep=3)
    expected: dict[str, deque[bytes]] = defaultdict(lambda: deque(maxlen=3))
    files: dict[int, bytes] = {}
    for day in range(30):
        chosen = [rng.choice(entities) for _ in range(rng.randrange(0, 12))]  # an entity may recur in a day
        lines = [
            orjson.dumps({"entity": e, "day": day, "n": n, "text": "x" * rng.randrange(50)})
            for n, e in enumerate(chosen)
        ]
        files[day] = events_file(lines)
        recent.add_day(day, chosen, lines)
        for entity, line in zip(chosen, lines, strict=True):
            expected[entity].append(line)
    got = recent.collect(files.__getitem__)
    assert got == {entity: list(lines) for entity, lines in expected.items()}
    assert any(len(lines) == 3 for lines in got.values()) and "名前/ユニコード" in got


def test_no_events_gives_no_entities() -> None:
    recent = RecentEvents(["a"], {"a": 0}, keep=20)
    recent.add_day(0, [], [])
    assert recent.collect(lambda day: b"[]") == {}


def test_starting_from_a_stored_state_gives_what_reading_every_day_gives() -> None:
    """The state of the days before a cut, stored as JSON and seeded into a fresh pass that then adds
    only the later days, keeps each entity's same last events as one pass over every day."""
    rng = random.Random(11)
    entities = [f"e{n}" for n in range(25)]
    days = [f"2026-10-{n:02d}" for n in range(1, 31)]
    index = {entity: n for n, entity in enumerate(entities)}
    plain, first = RecentEvents(entities, index, keep=4), RecentEvents(entities, index, keep=4)
    files: dict[int, bytes] = {}
    chosen_of: dict[int, tuple[list[str], list[bytes]]] = {}
    for day in range(len(days)):
        chosen = [rng.choice(entities) for _ in range(rng.randrange(0, 9))]
        lines = [orjson.dumps({"entity": e, "day": day, "n": n}) for n, e in enumerate(chosen)]
        files[day], chosen_of[day] = events_file(lines), (chosen, lines)
        plain.add_day(day, chosen, lines)
        first.add_day(day, chosen, lines)
    cut = 20
    state = orjson.loads(orjson.dumps(first.state(cut, days), option=orjson.OPT_SERIALIZE_NUMPY))
    assert state["before"] == days[cut] and max(state["days"]) < date.fromisoformat(days[cut]).toordinal()
    # the next build's series: one more day, and its entities in another order
    shuffled = entities[::-1]
    later = RecentEvents(shuffled, {entity: n for n, entity in enumerate(shuffled)}, keep=4)
    assert later.seed(state, days)
    for day in range(cut, len(days)):
        later.add_day(day, *chosen_of[day])
    assert later.collect(files.__getitem__) == plain.collect(files.__getitem__)


def test_a_state_that_does_not_fit_the_series_is_not_used() -> None:
    recent = RecentEvents(["a", "b"], {"a": 0, "b": 1}, keep=2)
    recent.add_day(0, ["a", "b"], [b'{"entity":"a"}', b'{"entity":"b"}'])
    state = orjson.loads(orjson.dumps(recent.state(1, ["2026-10-01", "2026-10-02"]), option=orjson.OPT_SERIALIZE_NUMPY))
    assert not RecentEvents(["a"], {"a": 0}, keep=2).seed(state, ["2026-10-01", "2026-10-02"])  # "b" is gone
    assert not RecentEvents(["a", "b"], {"a": 0, "b": 1}, keep=2).seed(state, ["2026-10-02"])  # its day is gone
    assert not RecentEvents(["a", "b"], {"a": 0, "b": 1}, keep=3).seed(state, ["2026-10-01", "2026-10-02"])
    assert RecentEvents(["a", "b"], {"a": 0, "b": 1}, keep=2).seed(state, ["2026-10-01", "2026-10-02"])
