"""The archive as dense per-feed matrices: entity x day, one per history metric.

Everything the build computes (history, ranks, momentum, trends) is a column or row operation
on these matrices, so they are read once, from the archive's typed columns (collectors/columnar.py):
each day's entity column, then its numbers and texts, decoding only each entity's latest row. A
year of 15,000 repositories is three 15,000 x 365 float arrays.

Derived metric: `releases` (MCP servers) counts the versions seen so far, so release cadence is a
difference like any other growth.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.compute as pc

from build.feedspec import FEED_SPECS
from collectors.archive import Archive
from collectors.models import ACTIVITY, FEEDS


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


def _read_entities(archive: Archive, feed: str, days: list[str]) -> tuple[list[str], list[np.ndarray]]:
    """Every entity of the feed, sorted, and per day the row index (into that list) of each row of
    the day's file. Reads only the entity column of each day."""
    known = pa.array([], pa.string())
    positions: list[np.ndarray] = []
    for day in days:
        names = archive.files.read(feed, day, ("entity",)).column("entity").combine_chunks()
        if len(known):
            fresh = names.filter(pc.is_null(pc.index_in(names, value_set=known)))
            if len(fresh):
                known = pa.concat_arrays([known, fresh])
        else:
            known = names
        positions.append(pc.index_in(names, value_set=known).to_numpy().astype(np.int32))
    found = known.to_pylist()
    order = sorted(range(len(found)), key=found.__getitem__)  # code point order, as SQL's ORDER BY was
    rank_of = np.empty(len(found), dtype=np.int32)
    rank_of[order] = np.arange(len(found), dtype=np.int32)
    return [found[k] for k in order], [rank_of[p] for p in positions]


def load_series(archive: Archive, feed: str, progress: Callable[[str], None] | None = None) -> FeedSeries:
    """Read the feed's matrices from the archive's typed columns (collectors/columnar.py): the entity
    column of each day first (which rows exist), then each day's typed columns, then `data` only of
    the day that holds each entity's latest row. A day file without a current typed column (written
    before the column existed or changed) is read from its rows with the same extractors."""
    spec = FEED_SPECS[feed]
    info = FEEDS[feed]
    days = archive.days(feed)
    entities, rows_of_day = _read_entities(archive, feed, days)
    n_entities = len(entities)
    shape = (n_entities, len(days))
    metrics = {name: np.full(shape, np.nan) for name in spec.metrics}
    texts = {name: np.full(shape, None, dtype=object) for name in spec.texts}
    present = np.zeros(shape, dtype=bool)
    activity = np.full(shape, np.nan)
    numbers = [(name, metrics[name], spec.metrics[name]) for name in spec.metrics]
    if spec.activity is not None:
        numbers.append((ACTIVITY, activity, spec.activity))
    text_items = [(name, texts[name], spec.texts[name]) for name in spec.texts]
    wanted = [name for name, _, _ in numbers] + [name for name, _, _ in text_items]
    current = {info.column(name).signature for name in wanted}

    count = 0
    for j, day in enumerate(days):
        rows = rows_of_day[j]
        present[rows, j] = True
        if current <= archive.files.signatures(feed, day):
            table = archive.files.read(feed, day, wanted)
            for name, matrix, _ in numbers:
                matrix[rows, j] = table.column(name).to_numpy()
            for name, matrix, _ in text_items:
                matrix[rows, j] = table.column(name).to_numpy(zero_copy_only=False)
        else:  # typed columns missing or stale in this file: its rows, decoded
            data = archive.files.read(feed, day, ("data",)).column("data").to_pylist()
            for i, blob in zip(rows.tolist(), data, strict=True):
                row = orjson.loads(blob)
                for _, matrix, extract in numbers:
                    value = extract(row)
                    if value is not None:
                        matrix[i, j] = value
                for _, matrix, extract in text_items:
                    matrix[i, j] = extract(row)
        count += len(rows)
        if progress is not None and j % 30 == 29:
            progress(f"{feed}: {count:,} rows read")

    first_seen = np.argmax(present, axis=1).astype(np.int64) if days else np.zeros(n_entities, dtype=np.int64)
    last_seen = (
        (len(days) - 1 - np.argmax(present[:, ::-1], axis=1)).astype(np.int64)
        if days
        else np.zeros(n_entities, dtype=np.int64)
    )
    latest: list[dict[str, Any]] = [{}] * n_entities
    for j in np.unique(last_seen).tolist() if n_entities else []:
        rows = rows_of_day[j]
        take = np.flatnonzero(last_seen[rows] == j)
        blobs = archive.files.read(feed, days[j], ("data",)).column("data").take(pa.array(take)).to_pylist()
        for i, blob in zip(rows[take].tolist(), blobs, strict=True):
            latest[i] = orjson.loads(blob)

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
