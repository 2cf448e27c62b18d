"""The archive as dense per-feed matrices: entity x day, one per history metric.

Everything the build computes (history, ranks, momentum, trends) is a column or row operation
on these matrices, so they are read once, streaming the archive in (entity, day) order: one
`orjson.loads` per archived row and nothing kept of it but its numbers, a few text values and
each entity's latest row. A year of 15,000 repositories is three 15,000 x 365 float arrays.

Derived metric: `releases` (MCP servers) counts the versions seen so far, so release cadence is a
difference like any other growth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import orjson

from build.feedspec import FEED_SPECS
from collectors.archive import Archive


@dataclass
class FeedSeries:
    feed: str
    days: list[str]
    """Every archived day of the feed, ascending (`YYYY-MM-DD`). Columns of every matrix."""
    entities: list[str]
    """Every entity ever archived for the feed, sorted. Rows of every matrix."""
    metrics: dict[str, np.ndarray]
    """name -> float64 [entities x days]; NaN where the entity has no row that day (or no value)."""
    texts: dict[str, np.ndarray]
    """name -> object [entities x days]; None where absent."""
    rank: np.ndarray
    """float64 [entities x days]: 1-based daily rank by the feed's rank metric; NaN when unranked."""
    activity: np.ndarray
    """float64 [entities x days]: latest push/update/release (epoch seconds) as seen that day; NaN if unknown."""
    latest: list[dict[str, Any]]
    """Each entity's most recent archived row."""
    first_seen: np.ndarray
    """int [entities]: day index of the first row."""
    last_seen: np.ndarray
    """int [entities]: day index of the latest row."""
    seen: np.ndarray
    """bool [entities x days]: the entity has a row that day."""
    index: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {entity: i for i, entity in enumerate(self.entities)}

    @property
    def current_day(self) -> str | None:
        """The feed's latest archived day: its current rows (a failed collection adds no day)."""
        return self.days[-1] if self.days else None

    def present(self, day_index: int = -1) -> np.ndarray:
        """bool [entities]: which entities have a row on that day (default: the current day)."""
        if not self.days:
            return np.zeros(len(self.entities), dtype=bool)
        return self.seen[:, day_index]


def _daily_rank(values: np.ndarray, ascending: bool) -> np.ndarray:
    """1-based competition rank per column ("1224"), ignoring NaN; ties share the better rank."""
    ranks = np.full(values.shape, np.nan)
    for col in range(values.shape[1]):
        column = values[:, col]
        valid = ~np.isnan(column)
        if not valid.any():
            continue
        keys = column[valid] if ascending else -column[valid]
        order = np.sort(keys)
        ranks[valid, col] = np.searchsorted(order, keys, side="left") + 1
    return ranks


def _releases(versions: np.ndarray) -> np.ndarray:
    """Cumulative count of distinct versions seen per entity up to each day (NaN where absent)."""
    out = np.full(versions.shape, np.nan)
    for i in range(versions.shape[0]):
        seen = 0
        last: object = None
        for j in range(versions.shape[1]):
            version = versions[i, j]
            if version is None:
                continue
            if version != last:
                seen += 1
                last = version
            out[i, j] = seen
    return out


def load_series(
    archive: Archive, feed: str, progress: Callable[[str], None] | None = None
) -> FeedSeries:
    spec = FEED_SPECS[feed]
    days = archive.days(feed)
    day_index = {day: j for j, day in enumerate(days)}
    n_entities = int(
        archive.db.execute("SELECT COUNT(DISTINCT entity) FROM rows WHERE feed = ?", (feed,)).fetchone()[0]
    )
    shape = (n_entities, len(days))
    metrics = {name: np.full(shape, np.nan) for name in spec.metrics}
    texts = {name: np.full(shape, None, dtype=object) for name in spec.texts}
    present = np.zeros(shape, dtype=bool)
    activity = np.full(shape, np.nan)
    activity_of = spec.activity
    entities: list[str] = []
    latest: list[dict[str, Any]] = []
    first_seen = np.zeros(n_entities, dtype=np.int64)
    last_seen = np.zeros(n_entities, dtype=np.int64)
    metric_items = list(spec.metrics.items())
    text_items = list(spec.texts.items())

    i = -1
    current: str | None = None
    row: dict[str, Any] = {}
    for count, (entity, day, data) in enumerate(archive.iter_feed(feed)):
        j = day_index[day]
        if entity != current:
            if current is not None:
                latest.append(row)
            i += 1
            current = entity
            entities.append(entity)
            first_seen[i] = j
        row = orjson.loads(data)
        last_seen[i] = j
        present[i, j] = True
        for name, extract in metric_items:
            value = extract(row)
            if value is not None:
                metrics[name][i, j] = value
        for name, extract in text_items:
            texts[name][i, j] = extract(row)
        if activity_of is not None:
            when = activity_of(row)
            if when is not None:
                activity[i, j] = when
        if progress is not None and count % 100_000 == 0 and count:
            progress(f"{feed}: {count:,} rows read")
    if current is not None:
        latest.append(row)

    if "version" in texts:
        metrics["releases"] = _releases(texts["version"])
    rank = (
        _daily_rank(metrics[spec.rank_metric], spec.rank_ascending)
        if spec.rank_metric is not None
        else np.full(shape, np.nan)
    )
    return FeedSeries(
        feed=feed,
        days=days,
        entities=entities,
        metrics=metrics,
        texts=texts,
        rank=rank,
        activity=activity,
        latest=latest,
        first_seen=first_seen,
        last_seen=last_seen,
        seen=present,
    )
