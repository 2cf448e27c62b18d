"""forum-launch-ai against REAL Algolia HN Search payloads recorded by others (tests/fixtures/forum/real/).

Provenance of every payload is in tests/fixtures/forum/real/PROVENANCE.md. The expected rows below were
written by hand from those files; none was produced by running the collector.

The stand-in upstream (`RecordedAlgolia`) answers every `search_by_date` request from ONE recorded page:
the recorded envelope, with the recorded hits a real index would give for that request (the title holds
the query as a substring, case-insensitively, like Algolia's loose prefix/typo matching, and
`created_at_i` lies inside the request's window), newest first. Only `hits`, `nbHits`, `nbPages`, `page`
and `hitsPerPage` are rewritten to fit the request; every hit is served exactly as recorded.
"""

from __future__ import annotations

import json
import math
import re
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from collectors.forum import Hit, SearchPage, to_row
from tests.conftest import DAY, FIXTURES, Env

FEED = "forum-launch-ai"
REAL = FIXTURES / "forum" / "real"
_WINDOW = re.compile(r"^created_at_i>=(\d+),created_at_i<(\d+)$")

SHOW_HN_2023 = "show_hn_by_date_yanmsh_2023-01-20.json"
FRONT_PAGE_2023 = "front_page_yanmsh_2023-01-20.json"
FRONT_PAGE_2025 = "front_page_swapnildhiman19_2025-07-21.json"
ASK_HN_2014 = "ask_hn_by_date_fraction_2014-06-20.json"
EMPTY_2021 = "empty_window_algolia_issue215_2021-09-03.json"

# Just after the newest hit of each recording, so its hits fall in the 7-day window (FEEDS_FORUM_DAYS).
DAY_2023 = date(2023, 1, 20)
NOW_2023 = datetime(2023, 1, 20, 12, 0, tzinfo=UTC)
DAY_2025 = date(2025, 7, 21)
NOW_2025 = datetime(2025, 7, 21, 13, 30, tzinfo=UTC)


def payload(name: str) -> dict[str, Any]:
    return json.loads((REAL / name).read_bytes())


def hit(name: str, object_id: str) -> dict[str, Any]:
    return next(h for h in payload(name)["hits"] if h["objectID"] == object_id)


class RecordedAlgolia:
    """Serves one recorded page, narrowed to each request's query and window (see the module docstring)."""

    def __init__(self, recorded: dict[str, Any]) -> None:
        self.recorded = recorded
        self.requests: list[httpx.Request] = []
        self.served: set[str] = set()

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        assert (request.url.host, request.url.path) == ("hn.algolia.com", "/api/v1/search_by_date")
        params = request.url.params
        assert params["tags"] == "story"
        window = _WINDOW.match(params["numericFilters"])
        assert window, params["numericFilters"]
        start, end = int(window.group(1)), int(window.group(2))
        query, page, size = params["query"].lower(), int(params["page"]), int(params["hitsPerPage"])
        found = sorted(
            (
                h
                for h in self.recorded["hits"]
                if query in (h.get("title") or "").lower() and start <= h["created_at_i"] < end
            ),
            key=lambda h: -h["created_at_i"],
        )
        hits = found[page * size : (page + 1) * size]
        self.served.update(h["objectID"] for h in hits)
        body = {
            **self.recorded,
            "hits": hits,
            "nbHits": len(found),
            "nbPages": math.ceil(len(found) / size),
            "page": page,
            "hitsPerPage": size,
        }
        return httpx.Response(200, json=body)


def item_url(object_id: str) -> str:
    return f"https://news.ycombinator.com/item?id={object_id}"


# -- whole rows, written by hand from the payloads -----------------------------------------------------

SHOW_HN_2023_ROWS: dict[str, dict[str, Any]] = {
    "34450367": {
        "entity": "34450367",
        "id": "34450367",
        "title": "Show HN: Hot Reach AI – Personalized first lines for cold outreach at scale",
        "url": "https://hotreachai.com/",
        "discussion_url": item_url("34450367"),
        "author": "edrick_dch",
        "points": 1,
        "comments": 0,
        "kind": "show_hn",
        "matched_terms": ["AI"],
        "created_at": "2023-01-20T08:15:31Z",
    },
    "34448334": {
        "entity": "34448334",
        "id": "34448334",
        "title": "Show HN: Music Audio Search Engine Using OpenAI's Embeddings on GPT Descriptions",
        "url": "https://muzic-sage.vercel.app/",
        "discussion_url": item_url("34448334"),
        "author": "jmiran15",
        "points": 42,
        "comments": 14,
        "kind": "show_hn",
        # "OpenAI's" holds OpenAI but not the word AI; "Embeddings" is not the word "embedding".
        "matched_terms": ["GPT", "OpenAI"],
        "created_at": "2023-01-20T02:07:59Z",
    },
    "34445297": {
        "entity": "34445297",
        "id": "34445297",
        "title": "Show HN: Fully LLM powered code repair – fix and explain your code in seconds",
        "url": "http://www.useadrenaline.com",
        "discussion_url": item_url("34445297"),
        "author": "mdrabla",
        "points": 12,
        "comments": 5,
        "kind": "show_hn",
        "matched_terms": ["LLM"],
        "created_at": "2023-01-19T20:39:20Z",
    },
    "34442359": {
        "entity": "34442359",
        "id": "34442359",
        "title": "Show HN: Live Editing React with Plain English Using OpenAI Edit GPT and Emacs",
        "url": "https://twitter.com/beguene/status/1615733823278284801",
        "discussion_url": item_url("34442359"),
        "author": "ulugh",
        "points": 2,
        "comments": 0,
        "kind": "show_hn",
        "matched_terms": ["GPT", "OpenAI"],
        "created_at": "2023-01-19T16:44:50Z",
    },
    "34438884": {
        "entity": "34438884",
        "id": "34438884",
        "title": "Show HN: TweetMe – GPT-3 model fine-tuned on your own tweets",
        "url": "https://no-code-ai-model-builder.com/tweet-like/naval",
        "discussion_url": item_url("34438884"),
        "author": "michaeljheap",
        "points": 2,
        "comments": 0,
        "kind": "show_hn",
        "matched_terms": ["GPT"],
        "created_at": "2023-01-19T10:44:48Z",
    },
}

FRONT_PAGE_2025_ROWS: dict[str, dict[str, Any]] = {
    "44594584": {
        "entity": "44594584",
        "id": "44594584",
        "title": "Show HN: Conductor, a Mac app that lets you run a bunch of Claude Codes at once",
        "url": "https://conductor.build/",
        "discussion_url": item_url("44594584"),
        "author": "Charlieholtz",
        "points": 206,
        "comments": 88,
        "kind": "show_hn",
        "matched_terms": ["Claude"],
        "created_at": "2025-07-17T15:43:04Z",
    },
    "44630724": {
        "entity": "44630724",
        "id": "44630724",
        "title": "Agents built from alloys",
        "url": "https://xbow.com/blog/alloy-agents/",
        "discussion_url": item_url("44630724"),
        "author": "summarity",
        "points": 135,
        "comments": 66,
        "kind": "story",
        # "Agents" is the word "agents", not the word "agent".
        "matched_terms": ["agents"],
        "created_at": "2025-07-21T00:33:04Z",
    },
}


async def test_show_hn_page_2023_gives_exactly_the_hand_written_rows(env: Env) -> None:
    upstream = RecordedAlgolia(payload(SHOW_HN_2023))

    run = await env.collect(FEED, upstream, day=DAY_2023, now=NOW_2023)

    assert run.status == "ok", run.error
    assert (run.rows, run.warnings, run.skipped) == (5, 0, 0)
    assert env.archive.rows_on(FEED, DAY_2023) == SHOW_HN_2023_ROWS


async def test_front_page_2025_gives_exactly_the_hand_written_rows(env: Env) -> None:
    upstream = RecordedAlgolia(payload(FRONT_PAGE_2025))

    run = await env.collect(FEED, upstream, day=DAY_2025, now=NOW_2025)

    assert run.status == "ok", run.error
    assert (run.rows, run.warnings, run.skipped) == (2, 0, 0)
    assert env.archive.rows_on(FEED, DAY_2025) == FRONT_PAGE_2025_ROWS


async def test_front_page_2023_keeps_only_the_show_hn_with_a_term(env: Env) -> None:
    upstream = RecordedAlgolia(payload(FRONT_PAGE_2023))

    run = await env.collect(FEED, upstream, day=DAY_2023, now=NOW_2023)

    assert run.status == "ok", run.error
    # The same story as in the show_hn recording, fetched in another request: 36 points here, 42 there.
    assert env.archive.rows_on(FEED, DAY_2023) == {"34448334": {**SHOW_HN_2023_ROWS["34448334"], "points": 36}}


# -- what the real data teaches ------------------------------------------------------------------------


async def test_loose_algolia_matches_are_served_but_rechecked_out(env: Env) -> None:
    """Algolia finds "GPT" inside "ChatGPT" and "LLM" inside "LLMs": such hits reach the collector and
    are dropped by the whole-word re-check, so a plural ("LLMs", "Claude Codes") counts only when
    FORUM_TERMS has that form ("agents" does, "LLMs" does not)."""
    show = RecordedAlgolia(payload(SHOW_HN_2023))
    await env.collect(FEED, show, day=DAY_2023, now=NOW_2023)
    assert "34443455" in show.served  # "Show HN: Alternative to ChatGPT with ..."
    assert "34443455" not in env.archive.rows_on(FEED, DAY_2023)

    front = RecordedAlgolia(payload(FRONT_PAGE_2025))
    await env.collect(FEED, front, day=DAY_2025, now=NOW_2025)
    assert "44623953" in front.served  # "Coding with LLMs in the summer of 2025 – an update"
    assert "44623953" not in env.archive.rows_on(FEED, DAY_2025)
    # The URL of this one says "ai-generated"; only the title counts.
    assert "44633562" not in env.archive.rows_on(FEED, DAY_2025)


async def test_a_stale_front_page_tag_does_not_pull_an_old_story_into_the_window(env: Env) -> None:
    """The real 2023 front_page page still carried stories from November 2022 (algolia/hn-search#224);
    the collector's own created_at_i window keeps them out whatever their tags say."""
    stale = hit(FRONT_PAGE_2023, "33765735")
    assert "front_page" in stale["_tags"] and stale["created_at"].startswith("2022-11-27")
    upstream = RecordedAlgolia(payload(FRONT_PAGE_2023))

    await env.collect(FEED, upstream, day=DAY_2023, now=NOW_2023)

    assert "33765735" not in upstream.served


def test_launch_hn_has_no_tag_and_is_known_by_its_title() -> None:
    """Algolia has no launch_hn tag: the real Launch HN hit is tagged like any story, and has no url."""
    raw = hit(FRONT_PAGE_2023, "34442603")
    assert raw["_tags"] == ["story", "author_edenfed", "story_34442603", "front_page"]

    row = to_row(Hit.model_validate(raw), [])

    assert row.model_dump(mode="json") == {
        "entity": "34442603",
        "id": "34442603",
        "title": "Launch HN: Odigos (YC W23) – Instant distributed tracing for Kubernetes clusters",
        "url": None,
        "discussion_url": item_url("34442603"),
        "author": "edenfed",
        "points": 137,
        "comments": 39,
        "kind": "launch_hn",
        "matched_terms": [],
        "created_at": "2023-01-19T16:59:52Z",
    }


@pytest.mark.parametrize(
    ("name", "object_id", "expected"),
    [
        pytest.param(
            FRONT_PAGE_2023,
            "34450096",
            {
                "entity": "34450096",
                "id": "34450096",
                "title": "Ask HN: Where Are All the Parties?",
                "url": None,  # upstream null
                "discussion_url": item_url("34450096"),
                "author": "throwaway_party",
                "points": 29,
                "comments": 29,
                "kind": "ask_hn",
                "matched_terms": [],
                "created_at": "2023-01-20T07:24:06Z",
            },
            id="ask-hn-2023-url-null",
        ),
        pytest.param(
            ASK_HN_2014,
            "7915384",
            {
                "entity": "7915384",
                "id": "7915384",
                "title": "Ask HN: How can I get Swag from Startups?",
                "url": None,  # upstream "" in the 2014 shape
                "discussion_url": item_url("7915384"),
                "author": "techidse",
                "points": 1,
                "comments": 3,
                "kind": "ask_hn",
                "matched_terms": [],
                "created_at": "2014-06-19T09:53:30Z",  # from created_at_i; created_at had milliseconds then
            },
            id="ask-hn-2014-url-empty",
        ),
    ],
)
def test_text_posts_map_to_a_null_url(name: str, object_id: str, expected: dict[str, Any]) -> None:
    """Real Ask HN hits carry no link (null in 2023, "" in 2014): the row has url null and the item page.
    These have no AI term, so the collector never makes rows of them; `to_row` shows the mapping."""
    assert to_row(Hit.model_validate(hit(name, object_id)), []).model_dump(mode="json") == expected


@pytest.mark.parametrize("name", [SHOW_HN_2023, FRONT_PAGE_2023, FRONT_PAGE_2025, ASK_HN_2014, EMPTY_2021])
def test_every_recorded_envelope_and_hit_validates(name: str) -> None:
    """Old (2014: no `exhaustive*`, `created_at` with milliseconds) and new (2025: `children`, `updated_at`,
    `processingTimingsMS`) shapes alike: nothing real is refused by the models."""
    page = SearchPage.model_validate(payload(name))
    hits = [Hit.model_validate(h) for h in page.hits]
    assert len(hits) == len(payload(name)["hits"])


async def test_a_real_empty_page_everywhere_fails_as_no_rows_not_as_a_bad_payload(env: Env) -> None:
    """The empty reply quoted in algolia/hn-search#215 (an outage) for every term: the envelope validates,
    and the run fails only because an empty day is never archived as ok."""
    empty = payload(EMPTY_2021)

    run = await env.collect(FEED, lambda request: httpx.Response(200, json=empty))

    assert run.status == "failed"
    assert "no rows" in (run.error or "")
    assert "invalid response" not in (run.error or "")
    assert env.archive.rows_on(FEED, DAY) == {}


def test_provenance_lists_every_payload() -> None:
    provenance = (REAL / "PROVENANCE.md").read_text()
    names = sorted(p.name for p in Path(REAL).glob("*.json"))
    assert names == sorted([SHOW_HN_2023, FRONT_PAGE_2023, FRONT_PAGE_2025, ASK_HN_2014, EMPTY_2021])
    for name in names:
        assert f"`{name}`" in provenance, name
