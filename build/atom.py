"""Atom (RFC 4287) documents of change events: each feed's public `changes.atom`, written at build time,
and an account's watch notifications (server/atom_routes.py), rendered from the same entries.

Written with feedgen (lxml underneath): it escapes text, formats RFC 3339 dates and checks the elements
the RFC requires (id, title, updated), which a hand-written template would have to get right by itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from feedgen.feed import FeedGenerator

from build.paths import changes_feed_url
from collectors.models import FEEDS

GENERATOR = "ai-feeds"
AUTHOR = "AI ecosystem data feeds"
CHANGES_DAYS = 7
"""A feed's changes.atom lists the events of the seven calendar days ending on its latest archived day."""
CHANGES_MAX_ENTRIES = 1000
"""At most this many entries, newest first: a reader polls daily, and a week of a busy feed stays well below."""
ID_PREFIX = "urn:ai-feeds:"
"""Entry and feed ids are URNs of the event's own id, not URLs: they stay the same when the public address
of the service changes, which RFC 4287 asks of an id."""


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    summary: str
    updated: str
    """RFC 3339 / ISO 8601 date-time (UTC, `Z`)."""
    link: str
    category: str


def _time(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00")).astimezone(UTC)


def event_entry(
    event: dict[str, Any], site_url: str, *, entry_id: str | None = None, updated: str | None = None
) -> Entry:
    """One change event (build/changes.py) as an entry: its title, its summary as the text, its page as link."""
    return Entry(
        id=ID_PREFIX + (entry_id or event["id"]),
        title=event["title"],
        summary=event["summary"],
        updated=updated or f"{event['date']}T00:00:00Z",
        link=site_url.rstrip("/") + event["page"],
        category=event["type"],
    )


def atom_document(
    *, feed_id: str, title: str, subtitle: str, self_url: str, site_url: str, updated: str, entries: Iterable[Entry]
) -> bytes:
    """The Atom document, entries in the order given (newest first by convention)."""
    fg = FeedGenerator()
    fg.id(ID_PREFIX + feed_id)
    fg.title(title)
    fg.subtitle(subtitle)
    fg.author({"name": AUTHOR})
    fg.link(href=site_url.rstrip("/") + "/", rel="alternate", type="text/html")
    fg.link(href=self_url, rel="self", type="application/atom+xml")
    fg.generator(GENERATOR)
    fg.updated(_time(updated))
    for entry in entries:
        fe = fg.add_entry(order="append")
        fe.id(entry.id)
        fe.title(entry.title)
        fe.updated(_time(entry.updated))
        fe.link(href=entry.link, rel="alternate", type="text/html")
        fe.summary(entry.summary)
        fe.category(term=entry.category)
    data: bytes = fg.atom_str(pretty=True)
    return data


def changes_feed(feed: str, day: str | None, events: Iterable[dict[str, Any]], site_url: str, updated: str) -> bytes:
    """The public Atom feed of one feed's change events: the CHANGES_DAYS days ending on `day`."""
    recent: list[dict[str, Any]] = []
    if day is not None:
        first = str(date.fromisoformat(day) - timedelta(days=CHANGES_DAYS - 1))
        recent = [e for e in events if first <= e["date"] <= day]
    # newest day first; within a day the trends order (type, entity)
    recent.sort(key=lambda e: (e["type"], e["entity"]))
    recent.sort(key=lambda e: e["date"], reverse=True)
    title = FEEDS[feed].title
    return atom_document(
        feed_id=f"changes:{feed}",
        title=f"{title}: changes",
        subtitle=f"New entries, price changes, version bumps and other changes of {title}, last {CHANGES_DAYS} days.",
        self_url=site_url.rstrip("/") + changes_feed_url(feed),
        site_url=site_url,
        updated=updated,
        entries=[event_entry(e, site_url) for e in recent[:CHANGES_MAX_ENTRIES]],
    )
