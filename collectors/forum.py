"""`forum-launch-ai`: AI-related stories from Hacker News, via the Algolia HN Search API.

One `search_by_date` query per term of FORUM_TERMS over the last FEEDS_FORUM_DAYS days. Algolia
returns at most 1,000 hits per query, so a window that holds more is split in halves until each
half fits (or is one hour long, where we keep what there is and say so). Algolia also matches
loosely (prefixes, typos: "ai" finds "said"), so every title is re-checked for a whole-word term.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from collectors.models import FORUM_TERMS, ForumRow, iso, parse_time
from collectors.protocol import BaseCollector, CollectContext
from collectors.validation import validate, validate_items

SEARCH_URL = "https://hn.algolia.com/api/v1/search_by_date"
ITEM_URL = "https://news.ycombinator.com/item?id={}"
HITS_PER_PAGE = 1000
HIT_CAP = 1000
"""Algolia's `paginationLimitedTo`: no query can page past this many hits."""
MIN_WINDOW_S = 3600
"""Smallest window we split down to; below this a capped window is kept as is, with a warning."""
Kind = Literal["story", "show_hn", "ask_hn", "launch_hn"]
KINDS: tuple[Kind, ...] = ("show_hn", "ask_hn")
"""The kinds Algolia tags."""

_TERM_PATTERNS = {term: re.compile(rf"\b{re.escape(term)}\b", re.IGNORECASE) for term in FORUM_TERMS}


class Hit(BaseModel):
    """The fields of a story hit we use; Algolia sends many more."""

    model_config = ConfigDict(populate_by_name=True)
    UPSTREAM_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {
            "story_text",
            "comment_text",
            "story_id",
            "story_title",
            "story_url",
            "parent_id",
            "created_at",
            "updated_at",
            "children",
            "_highlightResult",
            "_snippetResult",
            "_rankingInfo",
            "relevancy_score",
        }
    )

    objectID: str = Field(min_length=1)
    title: str
    url: str | None = None
    author: str
    points: int | None = None
    num_comments: int | None = None
    created_at_i: int
    tags: list[str] = Field(default_factory=list, alias="_tags")


class SearchPage(BaseModel):
    """Envelope of one search page. `hits` items are validated one by one (a bad hit is skipped)."""

    hits: list[Any]
    nbHits: int = 0
    nbPages: int = 0
    page: int = 0
    message: str | None = None


def matched_terms(title: str) -> list[str]:
    """Terms present in `title` as whole words, in FORUM_TERMS order ("AI" never matches "said")."""
    return [term for term, pattern in _TERM_PATTERNS.items() if pattern.search(title)]


TITLE_KINDS: tuple[tuple[str, Kind], ...] = (
    ("launch hn:", "launch_hn"),
    ("show hn:", "show_hn"),
    ("ask hn:", "ask_hn"),
)
"""Algolia tags Show and Ask HN but has no tag for launches: "Launch HN:" is known by its title alone."""


def kind_of(tags: list[str], title: str = "") -> Kind:
    lowered = title.lstrip().lower()
    for prefix, kind in TITLE_KINDS:
        if lowered.startswith(prefix):
            return kind
    return next((kind for kind in KINDS if kind in tags), "story")


def to_row(hit: Hit, terms: list[str]) -> ForumRow:
    return ForumRow(
        entity=hit.objectID,
        id=hit.objectID,
        title=hit.title,
        url=hit.url or None,
        discussion_url=ITEM_URL.format(hit.objectID),
        author=hit.author,
        points=hit.points or 0,
        comments=hit.num_comments or 0,
        kind=kind_of(hit.tags, hit.title),
        matched_terms=terms,
        created_at=iso(parse_time(hit.created_at_i)),
    )


def transform(hits: list[Hit]) -> list[ForumRow]:
    """Re-check, dedupe by id and order newest first (then by id, for a stable order)."""
    rows: dict[str, ForumRow] = {}
    for hit in hits:
        if hit.objectID in rows:
            continue
        terms = matched_terms(hit.title)
        if terms:
            rows[hit.objectID] = to_row(hit, terms)
    ordered = sorted(rows.values(), key=lambda r: r.id)
    return sorted(ordered, key=lambda r: r.created_at, reverse=True)


class ForumCollector(BaseCollector):
    feed = "forum-launch-ai"

    async def collect(self, ctx: CollectContext) -> list[ForumRow]:
        end = int(ctx.now.timestamp())
        start = int((ctx.now - timedelta(days=ctx.settings.feeds_forum_days)).timestamp())
        hits: list[Hit] = []
        for term in FORUM_TERMS:
            hits.extend(await self._window(ctx, term, start, end))
        return transform(hits)

    async def _page(self, ctx: CollectContext, term: str, start: int, end: int, page: int) -> SearchPage:
        params = {
            "query": term,
            "tags": "story",
            "numericFilters": f"created_at_i>={start},created_at_i<{end}",
            "hitsPerPage": str(HITS_PER_PAGE),
            "page": str(page),
        }
        ctx.progress.update(f"{term!r} {iso(parse_time(start))}..{iso(parse_time(end))} page {page}")
        data, _ = await ctx.http.get_json(SEARCH_URL, params=params)
        return validate(SearchPage, data, f"search {term!r} page {page}")

    async def _window(self, ctx: CollectContext, term: str, start: int, end: int) -> list[Hit]:
        """All hits of `term` in [start, end), splitting the window while it holds more than the cap."""
        first = await self._page(ctx, term, start, end, 0)
        if first.nbHits > HIT_CAP:
            if end - start > MIN_WINDOW_S:
                middle = (start + end) // 2
                return await self._window(ctx, term, start, middle) + await self._window(ctx, term, middle, end)
            ctx.warn(
                f"search {term!r}: {first.nbHits} hits in the hour from {iso(parse_time(start))}, "
                f"more than the {HIT_CAP} Algolia returns; kept the newest {HIT_CAP}"
            )
        what = f"search {term!r}"
        hits = validate_items(Hit, first.hits, what, ctx.tally)
        page, current = 0, first
        # A page past the cap is a 200 with empty hits and a `message`: the empty hits end the loop.
        while current.hits and page < current.nbPages - 1:
            page += 1
            current = await self._page(ctx, term, start, end, page)
            hits.extend(validate_items(Hit, current.hits, what, ctx.tally))
        return hits
