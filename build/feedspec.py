"""What the build tracks of each feed: history metrics, the main metric, rank order, text fields.

This table is the one place that says, per feed, which numbers form an entity's daily history
(and so the `/history` rows), which metric trends rank movers by, how the daily `rank` is
ordered, and which text fields are kept per day for change events (versions, price changes).
The README documents it; every other build module reads it from here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from collectors.models import ACTIVITY, FEEDS


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
    top_list: int | None = None
    """The feed is a top-N list (this N) whose membership changes daily: an entity seen before that comes
    back is a `trending_enter` event, one that drops out a `trending_exit`. None: absence is no event."""
    windowed: frozenset[str] = frozenset()
    """Matrices (`rank`, `activity`, metric names) no output reads more than a trends window before a day
    it computes: a nightly build holds them for its recent days only (build/series.py `FeedSeries.start`).
    The others are read over every archived day: the main metric (charts, momentum), the texts (version
    history), an MCP server's activity (its creation time) and the small feeds' prices (an event compares
    with the entity's previous day, however long ago)."""


def _typed(feed: str, *names: str) -> dict[str, Callable[[dict[str, Any]], Any]]:
    """The feed's typed archive columns of these names (collectors/models.py `FeedInfo.columns`), as
    extractors: the archive stores each value when a day is written, and the build reads it from there."""
    info = FEEDS[feed]
    return {name: info.column(name).extract for name in names}


def _spec(
    feed: str,
    metrics: tuple[str, ...],
    main_metric: str,
    rank_metric: str | None,
    rank_ascending: bool = False,
    texts: tuple[str, ...] = (),
    activity: bool = False,
    top_list: int | None = None,
    windowed: tuple[str, ...] = (),
) -> FeedSpec:
    return FeedSpec(
        feed,
        _typed(feed, *metrics),
        main_metric,
        rank_metric,
        rank_ascending,
        _typed(feed, *texts),
        FEEDS[feed].column(ACTIVITY).extract if activity else None,
        top_list,
        frozenset(windowed),
    )


FEED_SPECS: dict[str, FeedSpec] = {
    s.feed: s
    for s in (
        _spec(
            "codehost-ai-repos",
            ("stars", "forks", "open_issues"),
            main_metric="stars",
            rank_metric="stars",
            activity=True,
            windowed=("forks", "open_issues", "rank", "activity"),
        ),
        _spec(
            "forum-launch-ai",
            ("points", "comments"),
            main_metric="points",
            rank_metric="points",
            activity=True,
            windowed=("comments", "rank", "activity"),
        ),
        _spec(
            "mcp-servers",
            ("remotes", "packages"),
            main_metric="releases",
            rank_metric="releases",
            texts=("version",),
            activity=True,
            windowed=("remotes", "packages", "rank"),
        ),
        _spec(
            "ai-pricing",
            ("plans", "min_price", "max_price"),
            main_metric="min_price",
            rank_metric=None,
            texts=("changes",),
        ),
        _spec(
            "llm-pricing",
            ("price_input_per_1m", "price_output_per_1m", "context_length"),
            main_metric="price_input_per_1m",
            rank_metric="context_length",
            activity=True,
        ),
        _spec(
            "modelhub-trending",
            ("likes", "downloads", "trending_score"),
            main_metric="likes",
            rank_metric="trending_score",
            activity=True,
            top_list=100,
            windowed=("downloads", "trending_score", "rank", "activity"),
        ),
    )
}
