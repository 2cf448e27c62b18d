"""The Hacker News Algolia search API as the replay serves it: `/api/v1/search_by_date` and `/search`.

A one-word query matches that word, case-insensitively, as a whole word of the title (the real
engine also does prefixes and typos; a collector cannot rely on either). `tags` are ANDed with
comma and ORed in parentheses; `numericFilters` work on created_at_i, points and num_comments.
Pagination is 0-based pages with `nbPages`, and only the first 1,000 hits of a query can be
paged to: a page past them is a 200 with no hits and a `message`, as upstream.
`_highlightResult` is left out: it only echoes the query.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import httpx
import orjson

from collectors.replay.world import DAY, DayState, Post, iso_seconds

HIT_CAP = 1000
LOOKBACK_DAYS = 180  # how far an unbounded query reaches back; the simulated forum has no older past worth paging
CAP_MESSAGE = (
    "you can only fetch the 1000 hits for this query. You can extend the number of hits returned via the "
    "paginationLimitedTo index parameter or use the browse method. You can read our FAQ for more details "
    "about browse: https://www.algolia.com/doc/guides/sending-and-managing-data/manage-indices-and-apps/"
    "manage-indices/how-to/browse-an-index/"
)
_NUMERIC = re.compile(r"^\s*(created_at_i|points|num_comments)\s*(<=|>=|!=|<|>|=)\s*(-?\d+)\s*$")
_OPS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "=": operator.eq,
    "!=": operator.ne,
}


class BadRequest(ValueError):
    pass


def split_top(text: str) -> list[str]:
    """Split on commas outside parentheses."""
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def parse_tags(text: str) -> list[set[str]]:
    """AND of OR-groups: `story,(show_hn,ask_hn)` -> [{story}, {show_hn, ask_hn}]."""
    return [{t.strip() for t in part.strip("()").split(",") if t.strip()} for part in split_top(text)]


def parse_numeric(text: str) -> list[tuple[str, Callable[[int, int], bool], int]]:
    filters = []
    for part in split_top(text):
        match = _NUMERIC.match(part)
        if not match:
            raise BadRequest(f"invalid numericFilters {part!r}")
        filters.append((match[1], _OPS[match[2]], int(match[3])))
    return filters


class Forum:
    """The forum's search index at one instant."""

    def __init__(self, day: DayState) -> None:
        self.day = day
        self._hits: dict[int, dict[str, Any]] = {}
        self._windows: dict[tuple[int, int], list[Post]] = {}

    def hit(self, post: Post) -> dict[str, Any]:
        cached = self._hits.get(post.id)
        if cached is None:
            now = self.day.now
            points, comments = post.points_at(now), post.comments_at(now)
            tags = ["story", f"author_{post.author}", f"story_{post.id}"]
            if post.kind in ("show_hn", "ask_hn"):
                tags.append(post.kind)
            if points >= 100:
                tags.append("front_page")
            text = None
            if post.url is None:
                text = f"<p>{post.title.split(':', 1)[-1].strip()}</p><p>Curious what others think.</p>"
            cached = self._hits[post.id] = {
                "_tags": tags,
                "author": post.author,
                "children": [post.id + i for i in range(1, min(comments, 9) + 1)],
                "created_at": iso_seconds(post.created),
                "created_at_i": post.created,
                "num_comments": comments,
                "objectID": str(post.id),
                "points": points,
                "story_id": post.id,
                "story_text": text,
                "title": post.title,
                "updated_at": iso_seconds(min(now, post.created + 3 * post.tau_comments * 3600)),
                "url": post.url,
            }
        return cached

    def _window(self, start: int, end: int) -> list[Post]:
        key = (start, end)
        if key not in self._windows:
            self._windows[key] = self.day.posts_between(start, end)
        return self._windows[key]

    def search(self, request: httpx.Request, by_date: bool) -> httpx.Response:
        params = request.url.params
        try:
            hits_per_page = min(HIT_CAP, max(1, int(params.get("hitsPerPage", "20"))))
            page = max(0, int(params.get("page", "0")))
            numeric = parse_numeric(params.get("numericFilters", ""))
        except (ValueError, BadRequest) as exc:
            error = {"message": str(exc), "status": 400}
            return httpx.Response(400, headers={"content-type": "application/json"}, content=orjson.dumps(error))
        query = params.get("query", "")
        start = int(self.day.now - LOOKBACK_DAYS * DAY)
        end = int(self.day.now) + 1
        for field, op, value in numeric:
            if field == "created_at_i":  # narrow the scan; the filter itself is applied below as well
                if op in (operator.ge, operator.gt, operator.eq):
                    start = max(start, value)
                if op in (operator.lt, operator.le, operator.eq):
                    end = min(end, value + 1)
        found = self.matching(self._window(start, end), query, parse_tags(params.get("tags", "")), numeric)
        if not by_date:
            found.sort(key=lambda h: (-h["points"], -h["num_comments"]))
        body: dict[str, Any] = {
            "exhaustive": {"nbHits": True, "typo": True},
            "exhaustiveNbHits": True,
            "exhaustiveTypo": True,
            "hits": [],
            "hitsPerPage": hits_per_page,
            "nbHits": len(found),
            "nbPages": math.ceil(min(len(found), HIT_CAP) / hits_per_page),
            "page": page,
            "params": "advancedSyntax=true&analytics=true&analyticsTags=backend&"
            + urlencode(sorted(params.multi_items())),
            "processingTimeMS": 1 + len(found) % 7,
            "query": query,
            "serverTimeMS": 2 + len(found) % 7,
        }
        if page * hits_per_page >= HIT_CAP:
            body.update(nbHits=0, nbPages=0, message=CAP_MESSAGE)
        else:
            body["hits"] = found[page * hits_per_page : min((page + 1) * hits_per_page, HIT_CAP)]
        return httpx.Response(
            200, headers={"content-type": "application/json; charset=utf-8"}, content=orjson.dumps(body)
        )

    def matching(
        self,
        posts: list[Post],
        query: str,
        tags: list[set[str]],
        numeric: list[tuple[str, Callable[[int, int], bool], int]],
    ) -> list[dict[str, Any]]:
        terms = [w.lower() for w in re.split(r"\W+", query) if w]
        found = []
        for post in posts:
            if any(term not in post.words for term in terms):
                continue
            hit = self.hit(post)
            if tags and not all(group & set(hit["_tags"]) for group in tags):
                continue
            if all(op(hit[field], value) for field, op, value in numeric):
                found.append(hit)
        return found
