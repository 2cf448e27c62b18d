"""Per-entity daily history rows, written as monthly parts (build/history_parts.py): one
`{date, ...metrics, rank}` object per line.

JSON Lines because the server slices by date without parsing: every line starts with
`{"date":"YYYY-MM-DD"`, so it finds a range by looking at bytes 9..19 of each line and joins the
chosen lines with commas. A year of a repository is about 365 x 60 bytes.

Metrics per feed come from build/feedspec.py (plus `releases` and `version` for MCP servers);
`rank` is the entity's 1-based rank that day by the feed's rank metric, or null. Days on which the
entity has no row (a failed collection, or not in the feed that day) are simply absent.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import orjson

from build.history_parts import build_index, entity_key, index_path, month_of, part_path
from build.series import FeedSeries
from build.writer import TreeWriter

JSON_TEXTS = frozenset({"changes"})
"""Text columns that already hold JSON (embedded as-is, not as a string)."""


def number(value: float) -> int | float | None:
    """NaN -> null, integral floats -> int (12 stars, not 12.0), others unchanged."""
    if value is None or math.isnan(value):
        return None
    return int(value) if float(value).is_integer() else float(value)


def entity_history(series: FeedSeries, i: int, lo: int = 0, hi: int | None = None) -> list[dict[str, Any]]:
    """The history rows of entity `i` on day columns lo..hi-1 (the same rows the parts hold), oldest first."""
    days = np.flatnonzero(series.seen[i, lo:hi]) + lo
    metric_values = {name: matrix[i, days].tolist() for name, matrix in series.metrics.items()}
    text_values = {name: matrix[i, days].tolist() for name, matrix in series.texts.items()}
    ranks = series.rank[i, days].tolist()
    rows = []
    for k, j in enumerate(days.tolist()):
        row: dict[str, Any] = {"date": series.days[j]}
        for name, values in metric_values.items():
            row[name] = number(values[k])
        for name, values in text_values.items():
            value = values[k]
            row[name] = orjson.Fragment(value) if name in JSON_TEXTS and value is not None else value
        row["rank"] = number(ranks[k])
        rows.append(row)
    return rows


def month_columns(days: list[str]) -> dict[str, tuple[int, int]]:
    """Month (`YYYY-MM`) -> the range of day columns of that month, in day order."""
    ranges: dict[str, tuple[int, int]] = {}
    for j, day in enumerate(days):
        month = month_of(day)
        lo, _ = ranges.get(month, (j, j))
        ranges[month] = (lo, j + 1)
    return ranges


def write_month(writer: TreeWriter, series: FeedSeries, month: str, lo: int, hi: int) -> int:
    """The part and index of one month: every entity with a row on columns lo..hi-1; returns the entities."""
    series.require(lo)
    rows = np.flatnonzero(series.seen[:, lo:hi].any(axis=1))
    keyed = sorted((entity_key(series.entities[i]), i) for i in rows.tolist())
    entries = []
    with writer.open_stream(part_path(series.feed, month)) as fh:
        offset = 0
        for key, i in keyed:
            data = b"\n".join(orjson.dumps(row) for row in entity_history(series, i, lo, hi)) + b"\n"
            fh.write(data)
            entries.append((key, offset, offset + len(data)))
            offset += len(data)
    with writer.open_stream(index_path(series.feed, month)) as fh:
        np.save(fh, build_index(entries), allow_pickle=False)
    return len(keyed)


def write_history(
    writer: TreeWriter,
    series: FeedSeries,
    reuse: Callable[[str], bool] | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[str]:
    """Write the monthly parts of the feed, except those `reuse` took from the previous tree (it links
    them and returns True); returns the months written."""
    written = []
    for month, (lo, hi) in month_columns(series.days).items():
        if reuse is not None and reuse(month):
            continue
        entities = write_month(writer, series, month, lo, hi)
        written.append(month)
        if progress is not None:
            progress(f"{series.feed}: history {month} ({entities:,} entities)")
    return written
