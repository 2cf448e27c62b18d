"""The archive as dense per-feed matrices: entity x day, one per history metric.

Everything the build computes (history, ranks, momentum, trends) is a column or row operation
on these matrices, so they are read once, from the archive's typed columns (collectors/columnar.py):
each day's entity column, then its numbers and texts, decoding only each entity's latest row. A
year of 15,000 repositories is three 15,000 x 365 float arrays.

Derived metric: `releases` (MCP servers) counts the versions seen so far, so release cadence is a
difference like any other growth.

A nightly build holds some matrices for its recent days only (`FeedSeries.start`, the feed's
`windowed` in build/feedspec.py): a day's rank, an entity's forks or a post's comments are read at
most a trends window before a day the build computes, while filling every archived day of them cost
most of the series' time and memory (a three-year archive: 1.5 GB of repository matrices).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import orjson
import pyarrow as pa
import pyarrow.compute as pc

from build.feedspec import FEED_SPECS
from collectors.archive import Archive
from collectors.models import ACTIVITY, FEEDS

PRE_WINDOW_FILL: float | None = None
"""What a windowed matrix holds before `FeedSeries.start`: nothing is written there (never read, never
touched, so never allocated); tests fill it with an absurd value to prove no output reads it."""


class SeriesWindowError(RuntimeError):
    """An output needed a windowed matrix before the series' `start`: the build starts again, full
    (build/pipeline.py `run_build`). Only a previous tree that lacks a file it should hold leads here."""


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
    start: int = 0
    """The first day column the `windowed` matrices hold; before it they hold nothing meaningful. Every
    other matrix holds every day. 0 for a full build."""
    windowed: frozenset[str] = frozenset()
    """The matrices held from `start` on (`rank`, `activity`, metric names); empty when `start` is 0."""
    index: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {entity: i for i, entity in enumerate(self.entities)}

    @property
    def current_day(self) -> str | None:
        """The feed's latest archived day: its current rows (a failed collection adds no day)."""
        return self.days[-1] if self.days else None

    def require(self, column: int) -> None:
        """Say that an output is about to read the windowed matrices at day column `column` (and later):
        SeriesWindowError when they do not hold it."""
        if self.windowed and column < self.start:
            raise SeriesWindowError(
                f"{self.feed}: day {self.days[max(column, 0)]} is before the series' window ({self.days[self.start]})"
            )

    def present(self, day_index: int = -1) -> np.ndarray:
        """bool [entities]: which entities have a row on that day (default: the current day)."""
        if not self.days:
            return np.zeros(len(self.entities), dtype=bool)
        return self.seen[:, day_index]


class CellValues(Protocol):
    def __call__(self, name: str, since: int = 0) -> np.ndarray | list[Any]:
        """The cells' values of one matrix, in the cells' order, from the first cell of day `since` on."""
        ...


@dataclass
class Prior:
    """The series of a feed's first days as an earlier build read it (build/series_cache.py), as cells:
    `load_series` fills them in and reads only the days after `days` from the archive."""

    days: list[str]
    entities: list[str]
    """Sorted; every one has a cell on one of `days`."""
    rows: np.ndarray
    cols: np.ndarray
    """int32 [cells]: each cell's entity (into `entities`) and day (into `days`), day by day."""
    values: CellValues
    """The cells' values of one matrix (`metric.<name>`, `text.<name>`, `rank`, `activity`), in the
    cells' order, from a day on: read one at a time, so only one is held beside the matrices being filled."""
    latest: list[dict[str, Any] | None]
    """Each entity's latest row on `days`; None when it must be read again (its day was re-archived)."""


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


def _releases(versions: np.ndarray, start: int = 0, prior: np.ndarray | None = None) -> np.ndarray:
    """Cumulative count of distinct versions seen per entity up to each day (NaN where absent).
    `start`, `prior`: columns before `start` are already counted in `prior` (copied), and counting
    goes on from them."""
    out = np.full(versions.shape, np.nan)
    if start:
        assert prior is not None
        out[:, :start] = prior[:, :start]
    for i in range(versions.shape[0]):
        seen = 0
        last: object = None
        if start:
            done = np.flatnonzero(~np.isnan(out[i, :start]))
            if done.size:
                seen, last = int(out[i, done[-1]]), versions[i, done[-1]]
        for j in range(start, versions.shape[1]):
            version = versions[i, j]
            if version is None:
                continue
            if version != last:
                seen += 1
                last = version
            out[i, j] = seen
    return out


def _read_entities(
    archive: Archive, feed: str, days: list[str], before: list[str]
) -> tuple[list[str], list[np.ndarray], np.ndarray]:
    """Every entity of the feed (`before` and those of `days`), sorted; per day the row index (into that
    list) of each row of the day's file; and the new row of each entity of `before`. Reads only the
    entity column of each day."""
    known = pa.array(before, pa.string())
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
    return [found[k] for k in order], [rank_of[p] for p in positions], rank_of[: len(before)]


def _day_rows(archive: Archive, feed: str, day: str, entities: list[str]) -> np.ndarray:
    """The row index (into the sorted `entities`) of each row of the day's file."""
    names = archive.files.read(feed, day, ("entity",)).column("entity").combine_chunks()
    rows: np.ndarray = pc.index_in(names, value_set=pa.array(entities, pa.string())).to_numpy().astype(np.int64)
    return rows


def load_series(
    archive: Archive,
    feed: str,
    progress: Callable[[str], None] | None = None,
    prior: Prior | None = None,
    start: int = 0,
) -> FeedSeries:
    """Read the feed's matrices from the archive's typed columns (collectors/columnar.py): the entity
    column of each day first (which rows exist), then each day's typed columns, then `data` only of
    the day that holds each entity's latest row. A day file without a current typed column (written
    before the column existed or changed) is read from its rows with the same extractors.

    `prior`: the series of the feed's first days as already read (build/series_cache.py); only the
    days after them are read, and the result is the same. `start` (with `prior` only; build/pipeline.py
    `series_window`): the feed's windowed matrices are filled from that day column on, from the prior's
    cells of those days; the columns before it are left unwritten (`FeedSeries.start`)."""
    spec = FEED_SPECS[feed]
    info = FEEDS[feed]
    days = archive.days(feed)
    if prior is not None and prior.days != days[: len(prior.days)]:
        prior = None
    k = len(prior.days) if prior is not None else 0
    entities, rows_of_new_day, moved = _read_entities(
        archive, feed, days[k:], prior.entities if prior is not None else []
    )
    rows_of_day: list[np.ndarray | None] = [None] * k + list(rows_of_new_day)
    n_entities = len(entities)
    shape = (n_entities, len(days))
    start = min(start, k) if spec.windowed else 0
    windowed = spec.windowed if start else frozenset()

    def allocate(name: str) -> np.ndarray:
        if name not in windowed:
            return np.full(shape, np.nan)
        # day-major, so the window's columns are one block and the days before it are never touched
        held = np.empty(shape, order="F")
        held[:, start:] = np.nan
        if PRE_WINDOW_FILL is not None:
            held[:, :start] = PRE_WINDOW_FILL
        return held

    metrics = {name: allocate(name) for name in spec.metrics}
    texts = {name: np.full(shape, None, dtype=object) for name in spec.texts}
    present = np.zeros(shape, dtype=bool)
    activity = allocate("activity")
    rank = allocate("rank")
    if prior is not None:
        rows, cols = moved[prior.rows], prior.cols
        present[rows, cols] = True
        cut = int(np.searchsorted(cols, start))  # the cells are day by day: those of the window are a suffix
        for name, key, held in [("activity", "activity", activity), ("rank", "rank", rank)] + [
            (name, f"metric.{name}", metrics[name]) for name in spec.metrics
        ]:
            if name in windowed:
                held[rows[cut:], cols[cut:]] = prior.values(key, start)
            else:
                held[rows, cols] = prior.values(key)
        for name in spec.texts:
            texts[name][rows, cols] = prior.values(f"text.{name}")
    numbers = [(name, metrics[name], spec.metrics[name]) for name in spec.metrics]
    if spec.activity is not None:
        numbers.append((ACTIVITY, activity, spec.activity))
    text_items = [(name, texts[name], spec.texts[name]) for name in spec.texts]
    wanted = [name for name, _, _ in numbers] + [name for name, _, _ in text_items]
    current = {info.column(name).signature for name in wanted}

    count = 0
    for j in range(k, len(days)):
        day = days[j]
        rows = rows_of_day[j]
        assert rows is not None
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
    read_again = np.ones(n_entities, dtype=bool)
    if prior is not None:
        for old, new in enumerate(moved.tolist()):
            row = prior.latest[old]
            if last_seen[new] < k and row is not None:
                latest[new] = row
                read_again[new] = False
    for j in np.unique(last_seen[read_again]).tolist() if n_entities else []:
        rows = rows_of_day[j]
        if rows is None:  # a day of the prior: its entity column, read now for these rows only
            rows = _day_rows(archive, feed, days[j], entities)
        take = np.flatnonzero((last_seen[rows] == j) & read_again[rows])
        blobs = archive.files.read(feed, days[j], ("data",)).column("data").take(pa.array(take)).to_pylist()
        for i, blob in zip(rows[take].tolist(), blobs, strict=True):
            latest[i] = orjson.loads(blob)

    if "version" in texts:
        before = np.full(shape, np.nan)
        if prior is not None:
            before[moved[prior.rows], prior.cols] = prior.values("metric.releases")
        metrics["releases"] = _releases(texts["version"], k, before)
    if spec.rank_metric is not None:
        rank[:, k:] = _daily_rank(metrics[spec.rank_metric][:, k:], spec.rank_ascending)
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
        start=start,
        windowed=windowed,
    )
