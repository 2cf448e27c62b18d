"""Atom feeds of change events, read with a real feed parser from a real server.

Each feed's public `/feeds/<feed>/changes.atom` (written by the build) must list the very events /trends
lists, with the same ids; an account's notification feed lives at a secret address that can be created,
rotated and revoked, and is never stored by a shared cache. Webhook bodies embed the same envelope.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import feedparser
import pytest

from build.atom import ID_PREFIX
from build.changes import ChangeEvent
from collectors.models import FEED_NAMES, FEEDS
from server import schemas
from server.contract import PUBLIC_CACHE
from server.notifications import notify_build
from tests.live import LiveServer, live_server_fixture

API = "/api/v1"
ATOM = "application/atom+xml"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    yield from live_server_fixture(tmp_path_factory.mktemp("changes"), {"FEEDS_BASE_URL": "https://feeds.example"})


def _parse(body: bytes) -> Any:
    parsed = feedparser.parse(body)
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    return parsed


def test_every_feed_publishes_its_week_of_changes_as_atom(live: LiveServer) -> None:
    key = live.key("pro")
    with live.client() as public, live.client(key) as keyed:
        for feed in FEED_NAMES:
            response = public.get(f"/feeds/{feed}/changes.atom")
            assert response.status_code == 200, feed
            assert response.headers["content-type"] == ATOM
            assert response.headers["cache-control"] == PUBLIC_CACHE
            assert "authorization" not in response.headers.get("vary", "").lower()
            parsed = _parse(response.content)
            assert parsed.feed.id == f"{ID_PREFIX}changes:{feed}"
            assert parsed.feed.title == f"{FEEDS[feed].title}: changes"
            assert parsed.feed.updated
            assert any(
                link.rel == "self" and link.href == f"https://feeds.example/feeds/{feed}/changes.atom"
                for link in parsed.feed.links
            )
            # The tiny archive is four days old: the 7d trends document lists every event of the week.
            trends = keyed.get(f"{API}/trends", params={"feed": feed, "window": "7d"}).json()
            events = {ID_PREFIX + e["id"]: e for e in trends["events"]}
            assert {entry.id for entry in parsed.entries} == set(events), feed
            for entry in parsed.entries:
                event = events[entry.id]
                assert entry.title == event["title"]
                assert entry.summary == event["summary"]
                assert entry.link == "https://feeds.example" + event["page"]
                assert entry.updated.startswith(event["date"])
                assert [tag.term for tag in entry.tags] == [event["type"]]
            dates = [entry.updated for entry in parsed.entries]
            assert dates == sorted(dates, reverse=True)  # newest first
        assert public.get("/feeds/no-such-feed/changes.atom").status_code == 404


def test_a_price_change_entry_says_what_changed(live: LiveServer) -> None:
    with live.client() as public:
        parsed = _parse(public.get("/feeds/ai-pricing/changes.atom").content)
    [entry] = [e for e in parsed.entries if e.tags[0].term == "price_change" and e.updated.startswith("2026-11-04")]
    assert entry.title == "https://example.com/pricing: price change"
    assert entry.summary == "Pro price $20.00 -> $16.00 (-20%)"


def _notification_feed(http: Any) -> str:
    created = http.post(f"{API}/watches/events-feed")
    assert created.status_code == 201, created.text
    body = schemas.EventsFeed.model_validate_json(created.content)
    assert body.active and body.url is not None and body.createdAt is not None
    assert created.headers["cache-control"] == "no-store"
    return body.url


def test_notifications_are_an_atom_feed_at_a_secret_revocable_address(live: LiveServer) -> None:
    key = live.key("starter")
    with live.client(key) as http:
        assert http.get(f"{API}/watches/events-feed").json() == {"active": False, "createdAt": None, "url": None}
        assert http.post(f"{API}/watches", json={"entity": "/pricing/example.com/pricing"}).status_code == 201
        notify_build(live.settings, Path(live.settings.feeds_site_dir), deliver=False)
        listed = http.get(f"{API}/watches/events").json()["data"]
        trends = http.get(f"{API}/trends", params={"feed": "ai-pricing", "window": "1d"}).json()
        url = _notification_feed(http)
        shown = http.get(f"{API}/watches/events-feed").json()
        assert shown["active"] is True and shown["url"] is None  # the token is shown once only
    parts = urlsplit(url)
    assert parts.path == f"{API}/watches/events.atom" and parts.query.startswith("token=fft_")
    token = parts.query.removeprefix("token=")
    path = f"{parts.path}?{parts.query}"

    with live.client() as reader:  # a feed reader: no Authorization header
        response = reader.get(path)
        assert response.status_code == 200, response.text
        assert response.headers["content-type"] == ATOM
        assert response.headers["cache-control"] == "private, no-store"
        assert "etag" not in response.headers
        parsed = _parse(response.content)
    [price] = [n for n in listed if n["type"] == "price_change"]
    [entry] = [e for e in parsed.entries if e.id == ID_PREFIX + price["id"]]
    assert entry.summary == price["event"]["summary"] == "Pro price $20.00 -> $16.00 (-20%)"
    assert entry.link == "https://feeds.example/pricing/example.com/pricing"
    assert price["event"] in trends["events"]  # the notification embeds the change event /trends lists
    ChangeEvent.model_validate(price["event"])
    assert len(parsed.entries) == len(listed)

    # Only a hash of the token is stored.
    with sqlite3.connect(live.settings.state_path) as db:
        dump = "\n".join(db.iterdump())
    assert token not in dump

    with live.client(key) as http:
        rotated = _notification_feed(http)
        with live.client() as reader:
            gone = reader.get(path)
            assert gone.status_code == 404 and gone.json()["code"] == "unknown_feed_token"
            assert gone.headers["content-type"] == "application/problem+json"
            new = urlsplit(rotated)
            assert reader.get(f"{new.path}?{new.query}").status_code == 200
            revoked = http.delete(f"{API}/watches/events-feed")
            assert revoked.status_code == 200 and revoked.json()["active"] is False
            assert reader.get(f"{new.path}?{new.query}").json()["code"] == "unknown_feed_token"
            assert http.delete(f"{API}/watches/events-feed").json()["code"] == "not_found"
            for query in ("", "?token=", "?token=fft_short", "?token=" + "x" * 5000):
                missing = reader.get(f"{API}/watches/events.atom{query}")
                assert missing.status_code == 404 and missing.json()["code"] == "unknown_feed_token", query
    with live.client() as anonymous:
        for method in ("GET", "POST", "DELETE"):
            assert anonymous.request(method, f"{API}/watches/events-feed").status_code == 401


def test_one_account_cannot_read_another_accounts_notifications(live: LiveServer) -> None:
    owner, other = live.key("pro"), live.key("pro")
    with live.client(owner) as http:
        assert http.post(f"{API}/watches", json={"entity": "/llm/lab/big-model", "type": "price_change"}).status_code
        notify_build(live.settings, Path(live.settings.feeds_site_dir), deliver=False)
    with live.client(other) as http:
        url = urlsplit(_notification_feed(http))
    with live.client() as reader:
        parsed = _parse(reader.get(f"{url.path}?{url.query}").content)
    assert parsed.entries == []


def test_pages_announce_their_feeds_changes_to_feed_readers(live: LiveServer) -> None:
    """A feed reader given a feed page or an entity page finds the feed's Atom by autodiscovery."""
    with live.client() as public:
        for path in ("/feeds/mcp-servers", "/mcp/io.github.example/weather"):
            page = public.get(path)
            assert page.status_code == 200, path
            links = re.findall(
                r'<link rel="alternate" type="application/atom\+xml" title="([^"]+)" href="([^"]+)">', page.text
            )
            assert links == [(f"{FEEDS['mcp-servers'].title}: changes", "/feeds/mcp-servers/changes.atom")], path
            atom = public.get(links[0][1])
            assert atom.headers["content-type"].startswith("application/atom+xml")
            assert _parse(atom.content).feed.title
        assert "alternate" not in public.get("/").text  # the home page spans every feed: no one feed is its own
