"""What the build tracks of each feed: history metrics, the main metric, rank order, text fields.

This table is the one place that says, per feed, which numbers form an entity's daily history
(and so the `/history` rows), which metric trends rank movers by, how the daily `rank` is
ordered, and which text fields are kept per day for change events (versions, price changes).
The README documents it; every other build module reads it from here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from collectors.models import parse_time


def _min_price(row: dict[str, Any]) -> float | None:
    """Lowest positive price of a pricing page: what a 'price cut' of the page is measured on."""
    amounts = [p["amount"] for p in row.get("plans", ()) if p.get("amount")]
    return min(amounts) if amounts else None


def _max_price(row: dict[str, Any]) -> float | None:
    amounts = [p["amount"] for p in row.get("plans", ()) if p.get("amount") is not None]
    return max(amounts) if amounts else None


def _count(name: str) -> Callable[[dict[str, Any]], float]:
    return lambda row: float(len(row.get(name) or ()))


def _field(name: str) -> Callable[[dict[str, Any]], Any]:
    return lambda row: row.get(name)


@functools.lru_cache(maxsize=1 << 16)
def _seconds(value: str) -> float:
    """Epoch seconds of a timestamp string. Memoised: the build reads every archived row (7 million
    for a year) in entity-then-day order, and an entity's timestamp repeats day after day."""
    return parse_time(value).timestamp()


def _epoch(*names: str) -> Callable[[dict[str, Any]], float | None]:
    """First present timestamp field of a row, as epoch seconds."""

    def extract(row: dict[str, Any]) -> float | None:
        for name in names:
            value = row.get(name)
            if value:
                return _seconds(value) if isinstance(value, str) else parse_time(value).timestamp()
        return None

    return extract


def _price_changes(row: dict[str, Any]) -> str | None:
    """A pricing page's own change list of that day (JSON), when it has one."""
    changes = row.get("changes")
    return orjson.dumps(changes).decode() if changes else None


@dataclass(frozen=True)
class FeedSpec:
    feed: str
    metrics: dict[str, Callable[[dict[str, Any]], Any]]
    """History metrics, in output order: name -> extractor from an archived row (None = missing)."""
    main_metric: str
    """What movers are ranked by (absolute and relative change over the window)."""
    rank_metric: str | None
    """The daily `rank`: 1 = highest value of this metric that day; None = the feed has no order."""
    rank_ascending: bool = False
    texts: dict[str, Callable[[dict[str, Any]], str | None]] = field(default_factory=dict)
    """Text values kept per day for change events: name -> extractor (e.g. the version)."""
    activity: Callable[[dict[str, Any]], float | None] | None = None
    """Latest push, update or release as epoch seconds: what momentum's recency decays from."""


FEED_SPECS: dict[str, FeedSpec] = {
    s.feed: s
    for s in (
        FeedSpec(
            "codehost-ai-repos",
            {"stars": _field("stars"), "forks": _field("forks"), "open_issues": _field("open_issues")},
            main_metric="stars",
            rank_metric="stars",
            activity=_epoch("pushed_at", "updated_at", "created_at"),
        ),
        FeedSpec(
            "forum-launch-ai",
            {"points": _field("points"), "comments": _field("comments")},
            main_metric="points",
            rank_metric="points",
            activity=_epoch("created_at"),
        ),
        FeedSpec(
            "mcp-servers",
            {"remotes": _count("remotes"), "packages": _count("packages")},
            main_metric="releases",
            rank_metric="releases",
            texts={"version": _field("version")},
            activity=_epoch("updatedAt", "publishedAt"),
        ),
        FeedSpec(
            "ai-pricing",
            {"plans": _count("plans"), "min_price": _min_price, "max_price": _max_price},
            main_metric="min_price",
            rank_metric=None,
            texts={"changes": _price_changes},
        ),
        FeedSpec(
            "llm-pricing",
            {
                "price_input_per_1m": _field("price_input_per_1m"),
                "price_output_per_1m": _field("price_output_per_1m"),
                "context_length": _field("context_length"),
            },
            main_metric="price_input_per_1m",
            rank_metric="context_length",
            activity=_epoch("created"),
        ),
        FeedSpec(
            "modelhub-trending",
            {
                "likes": _field("likes"),
                "downloads": _field("downloads"),
                "trending_score": _field("trending_score"),
            },
            main_metric="likes",
            rank_metric="trending_score",
            activity=_epoch("lastModified", "createdAt"),
        ),
    )
}
