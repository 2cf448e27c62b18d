"""forum-launch-ai against a stand-in for Algolia's `search_by_date` that honours query, window and page cap."""

from __future__ import annotations

import copy
import math
import re
from datetime import timedelta
from typing import Any

import httpx
import orjson
import pytest

from collectors.forum import ForumCollector, Hit, matched_terms, transform
from collectors.models import FORUM_TERMS
from feeds.settings import Settings
from tests.conftest import DAY, Env, fixture_bytes

FEED = "forum-launch-ai"
START = 1794571200  # DAY 12:00 UTC minus 7 days
END = 1795176000  # DAY 12:00 UTC
_FILTERS = re.compile(r"^created_at_i>=(\d+),created_at_i<(\d+)$")


def fixture_hits() -> list[dict[str, Any]]:
    return orjson.loads(fixture_bytes("forum", "search_by_date.json"))["hits"]


class FakeAlgolia:
    """Matches loosely like Algolia (substring, so "ai" finds "said"), filters the window, caps at `cap` hits."""

    def __init__(self, hits: list[dict[str, Any]], page_size: int | None = None, cap: int = 1000) -> None:
        self.hits = hits
        self.page_size = page_size
        self.cap = cap
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        params = request.url.params
        assert request.url.host == "hn.algolia.com" and request.url.path == "/api/v1/search_by_date"
        assert params["tags"] == "story"
        match = _FILTERS.match(params["numericFilters"])
        assert match, params["numericFilters"]
        start, end = int(match.group(1)), int(match.group(2))
        query, page = params["query"].lower(), int(params["page"])
        size = self.page_size or int(params["hitsPerPage"])
        found = sorted(
            (h for h in self.hits if query in h["title"].lower() and start <= h["created_at_i"] < end),
            key=lambda h: -h["created_at_i"],
        )
        body: dict[str, Any] = {"hitsPerPage": size, "page": page, "query": params["query"], "processingTimeMS": 1}
        if page * size >= self.cap:
            body.update(orjson.loads(fixture_bytes("forum", "past_cap.json")), page=page)
            return httpx.Response(200, json=body)
        body.update(
            hits=found[page * size : (page + 1) * size],
            nbHits=len(found),
            nbPages=math.ceil(len(found) / size),
            exhaustiveNbHits=True,
        )
        return httpx.Response(200, json=body)

    def calls(self, term: str) -> list[tuple[str, str]]:
        """(numericFilters, page) of every request for `term`."""
        params = [r.url.params for r in self.requests]
        return [(p["numericFilters"], p["page"]) for p in params if p["query"] == term]


def synthetic(count: int, start: int, span: int, title: str = "AI tool {n}") -> list[dict[str, Any]]:
    template = fixture_hits()[0]
    hits = []
    for n in range(count):
        hit = copy.deepcopy(template)
        hit.update(objectID=str(47000000 + n), title=title.format(n=n), created_at_i=start + (n * span) // count)
        hits.append(hit)
    return hits


async def test_typical_rows_requests_and_recheck(env: Env) -> None:
    fake = FakeAlgolia(fixture_hits())
    record = await env.collect(FEED, fake)

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    # "Thai ... said" and "Embeddings" are loose Algolia matches, not whole-word terms.
    assert sorted(rows) == ["46100001", "46100002", "46100004", "46100005", "46100007"]
    assert rows["46100002"] == {
        "entity": "46100002",
        "id": "46100002",
        "title": "Ask HN: Are Claude agents ready for production AI work?",
        "url": None,
        "discussion_url": "https://news.ycombinator.com/item?id=46100002",
        "author": "mkowalski",
        "points": 54,
        "comments": 61,
        "kind": "ask_hn",
        "matched_terms": ["AI", "agents", "Claude"],
        "created_at": "2026-11-18T11:06:40Z",
    }
    assert rows["46100001"]["kind"] == "show_hn"
    assert rows["46100001"]["url"] == "https://example.com/homelab-mcp"
    assert rows["46100004"]["kind"] == "launch_hn"
    assert (rows["46100004"]["points"], rows["46100004"]["comments"]) == (0, 0)
    assert rows["46100005"]["kind"] == "story"
    assert rows["46100005"]["matched_terms"] == ["GPT", "OpenAI"]
    assert record.rows == 5 and record.new == 5 and record.warnings == 0

    # One query per term, over [now - 7 days, now), exactly the documented parameter shapes.
    first_pages = [r for r in fake.requests if r.url.params["page"] == "0"]
    assert [r.url.params["query"] for r in first_pages] == list(FORUM_TERMS)
    assert dict(first_pages[0].url.params) == {
        "query": "AI",
        "tags": "story",
        "numericFilters": f"created_at_i>={START},created_at_i<{END}",
        "hitsPerPage": "1000",
        "page": "0",
    }


async def test_forum_days_setting_sets_the_window(env: Env) -> None:
    fake = FakeAlgolia(fixture_hits())
    settings = Settings(env={"FEEDS_DATA_DIR": str(env.settings.feeds_data_dir), "FEEDS_FORUM_DAYS": "2"})
    await Env(settings, env.archive, env.state).collect(FEED, fake)
    assert fake.calls("AI")[0][0] == f"created_at_i>={END - 2 * 86400},created_at_i<{END}"
    assert sorted(env.archive.rows_on(FEED, DAY)) == ["46100001"]


async def test_rows_are_newest_first_then_by_id() -> None:
    hits = [Hit.model_validate(h) for h in fixture_hits()]
    ids = [row.id for row in transform(list(reversed(hits)))]
    assert ids == ["46100001", "46100002", "46100004", "46100005", "46100007"]


async def test_pagination_to_the_end_without_loss_or_duplicates(env: Env) -> None:
    fake = FakeAlgolia(synthetic(7, START + 3600, 5 * 86400), page_size=3)
    record = await env.collect(FEED, fake)

    assert record.status == "ok", record.error
    assert sorted(env.archive.rows_on(FEED, DAY)) == [str(47000000 + n) for n in range(7)]
    assert [page for _, page in fake.calls("AI")] == ["0", "1", "2"]  # nbPages = 3, then stop
    assert record.rows == 7


async def test_window_over_the_cap_is_split_in_halves(env: Env) -> None:
    fake = FakeAlgolia(synthetic(2500, START, END - START))
    record = await env.collect(FEED, fake)

    assert record.status == "ok", record.error
    assert record.rows == 2500 and record.warnings == 0
    middle = (START + END) // 2
    windows = [f for f, _ in fake.calls("AI")]
    assert windows[0] == f"created_at_i>={START},created_at_i<{END}"
    assert f"created_at_i>={START},created_at_i<{middle}" in windows
    assert f"created_at_i>={middle},created_at_i<{END}" in windows
    assert all(page == "0" for _, page in fake.calls("AI"))  # every leaf window fits one page


async def test_crowded_hour_keeps_the_cap_with_a_warning(env: Env) -> None:
    fake = FakeAlgolia(synthetic(1500, END - 4000, 60))
    record = await env.collect(FEED, fake)

    assert record.status == "ok", record.error
    assert record.rows == 1000
    assert record.warnings == 1
    # Split down to an hour at most; there the page past the cap came back empty with a `message`.
    past_cap = [window for window, page in fake.calls("AI") if page != "0"]
    assert len(past_cap) == 1
    low, high = map(int, _FILTERS.match(past_cap[0]).groups())  # type: ignore[union-attr]
    assert 1800 < high - low <= 3600
    assert low <= END - 4000 and high >= END - 3940


async def test_rate_limited_then_ok_waits_as_asked(env: Env) -> None:
    fake = FakeAlgolia(fixture_hits())
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        if calls == 1:
            return httpx.Response(429, headers={"retry-after": "7"}, json={"message": "Too many requests"})
        return fake(request)

    record = await env.collect(FEED, handler)
    assert record.status == "ok", record.error
    assert env.sleeps == [7.0]
    assert record.rows == 5


async def test_server_error_then_ok_backs_off(env: Env) -> None:
    fake = FakeAlgolia(fixture_hits())
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        if calls == 1:
            return httpx.Response(502, text="<html><body>502 Bad Gateway</body></html>")
        return fake(request)

    record = await env.collect(FEED, handler)
    assert record.status == "ok", record.error
    assert env.sleeps == [0.5]
    assert record.rows == 5


@pytest.mark.parametrize(
    "body",
    [b"<html><head><title>Maintenance</title></head></html>", b'{"hits": [', b'{"nbHits": 3, "page": 0}'],
    ids=["html", "truncated", "no-hits"],
)
async def test_malformed_fails_and_keeps_earlier_days(env: Env, body: bytes) -> None:
    earlier = DAY - timedelta(days=1)
    assert (await env.collect(FEED, FakeAlgolia(fixture_hits()), day=earlier)).status == "ok"
    before = env.archive.rows_on(FEED, earlier)

    record = await env.collect(FEED, lambda request: httpx.Response(200, content=body))
    assert record.status == "failed"
    assert "invalid response" in (record.error or "")
    assert env.archive.rows_on(FEED, DAY) == {}
    assert env.archive.rows_on(FEED, earlier) == before and len(before) == 5


async def test_hit_missing_fields_is_skipped_with_a_warning(env: Env) -> None:
    hits = fixture_hits()
    del hits[0]["author"]
    hits[0]["points"] = "lots"
    record = await env.collect(FEED, FakeAlgolia(hits))

    assert record.status == "ok", record.error
    assert record.warnings >= 1
    assert sorted(env.archive.rows_on(FEED, DAY)) == ["46100002", "46100004", "46100005", "46100007"]


async def test_network_off_fails_and_keeps_earlier_days(env: Env) -> None:
    await env.check_network_off(FEED, FakeAlgolia(fixture_hits()))


async def test_recollect_is_idempotent_and_counts_new_and_changed(env: Env) -> None:
    hits = fixture_hits()
    first = await env.collect(FEED, FakeAlgolia(hits))
    stored = env.archive.rows_on(FEED, DAY)
    again = await env.collect(FEED, FakeAlgolia(hits))
    assert env.archive.rows_on(FEED, DAY) == stored
    assert (first.rows, again.rows) == (5, 5)

    next_day = DAY + timedelta(days=1)
    later = fixture_hits()
    later[0]["points"] = 301
    later.append(
        {
            **later[1],
            "objectID": "46100099",
            "title": "Gemini agentic coding, a week in",
            "created_at_i": END + 3600,
            "_tags": ["story", "author_mkowalski", "story_46100099"],
        }
    )
    record = await env.collect(FEED, FakeAlgolia(later), day=next_day)
    assert record.status == "ok", record.error
    assert (record.rows, record.new, record.changed) == (6, 1, 1)
    assert env.archive.rows_on(FEED, next_day)["46100001"]["points"] == 301
    assert env.archive.rows_on(FEED, next_day)["46100099"]["matched_terms"] == ["agentic", "Gemini"]


@pytest.mark.parametrize(
    ("title", "terms"),
    [
        ("Thai restaurant said no", []),
        ("AI-powered espresso", ["AI"]),
        ("OpenAI's new model", ["OpenAI"]),
        ("Building RAG with Llama 3 and an embedding cache", ["RAG", "Llama", "embedding"]),
        ("Agents, agentic and an agent walk into a bar", ["agent", "agents", "agentic"]),
        ("The leverage of garage startups", []),
        ("Copilot vs. GPT-4o vs. Claude: an LLM bake-off (MCP edition)", ["LLM", "GPT", "MCP", "Claude", "copilot"]),
    ],
)
def test_matched_terms_are_whole_words_in_term_order(title: str, terms: list[str]) -> None:
    assert matched_terms(title) == terms


def test_collector_is_registered_under_its_feed() -> None:
    from collectors.registry import get_collector

    assert isinstance(get_collector(FEED), ForumCollector)
