"""Dated trends documents as stored: each day's events once, each window's movers apart.

A 30-day document lists the change events of 30 days, so storing whole documents copied every event
into 38 of them (1d, 7d, 30d): on a one-year archive with hundreds of momentum jumps a day that was
5.8 GB of a 7.2 GB tree, and a nightly build wrote the copies again. Instead a day's events are one
file (`trends_events_path`) and a dated document is stored as its head (`trends_path`): the document
with an empty `events` list last. Whoever serves it splices the events of the days in the head's
`(from, date]` into that list, as bytes: no JSON is parsed per request.

The events file is a JSON array with one event per line (`[e1,\\ne2]`): orjson's compact output never
holds a raw newline, so a reader splits it into events without parsing them either.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, timedelta
from typing import Any

import orjson

SEPARATOR = b",\n"
EMPTY_EVENTS = b'"events":[]}'
_FROM = b'"from":"'
_DATE = b'"date":"'


class TrendsFileError(ValueError):
    """A head or events file not in the format this module writes."""


def events_file(events: Iterable[bytes]) -> bytes:
    """The day's events file from its events, each already serialized."""
    return b"[" + SEPARATOR.join(events) + b"]"


def events_of(body: bytes) -> list[bytes]:
    """The serialized events of an events file, in order."""
    inner = body[1:-1]
    return inner.split(SEPARATOR) if inner else []


_PAGE = b'","page":"'


def entity_of(event: bytes) -> str:
    """The `entity` of a serialized event without parsing the rest of it.

    build/changes.py `envelope` writes `page` right after `entity`, and a raw `","page":"` cannot occur
    inside a JSON string (its quotes would be escaped), so the entity's string ends at the first one
    after `"entity":"`; only that string is decoded. Anything else is parsed whole."""
    start = event.find(b'"entity":"')
    end = event.find(_PAGE, start)
    if start < 0 or end < 0:
        entity: str = orjson.loads(event)["entity"]
        return entity
    decoded: str = orjson.loads(event[start + 9 : end + 1])
    return decoded


def head(document: dict[str, Any]) -> bytes:
    """A dated document's head: `document` without its events, then `"events": []` as the last key."""
    body = orjson.dumps({**{k: v for k, v in document.items() if k != "events"}, "events": []})
    assert body.endswith(EMPTY_EVENTS)
    return body


def _day_after(body: bytes, key: bytes) -> str:
    at = body.find(key)
    if at < 0:
        raise TrendsFileError(f"no {key.decode()!r} in the trends head")
    return body[at + len(key) : at + len(key) + 10].decode()


def window_days(body: bytes) -> list[str]:
    """The calendar days in the head's `(from, date]`: those whose events the document lists (a day with
    no events file was not archived). `from` and `date` are the head's first two dates, found as bytes."""
    first = date.fromisoformat(_day_after(body, _FROM))
    last = date.fromisoformat(_day_after(body, _DATE))
    return [str(first + timedelta(days=n)) for n in range(1, (last - first).days + 1)]


def is_head(body: bytes) -> bool:
    """Whether a stored dated document is a head (a tree written before heads existed holds whole ones)."""
    return body.endswith(EMPTY_EVENTS)


def compose(body: bytes, events_file_of: Callable[[str], bytes | None]) -> bytes:
    """The whole document: the head with the events of each day of its window spliced in, oldest first.
    `events_file_of(day)` is that day's events file, None for a day with none."""
    if not is_head(body):
        raise TrendsFileError("not a trends head: it must end with an empty events list")
    parts = []
    for day in window_days(body):
        events = events_file_of(day)
        if events is not None and len(events) > 2:
            parts.append(events[1:-1])
    return body[:-2] + SEPARATOR.join(parts) + b"]}"
