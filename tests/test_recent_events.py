"""Each entity's last events, found as byte ranges of the day files, against the plain way of keeping them."""

from __future__ import annotations

import random
from collections import defaultdict, deque

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
