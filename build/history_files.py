"""Per-entity daily history: `api/history/<feed>/<hash>.jsonl`, one `{date, ...metrics, rank}` per line.

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

from build.paths import history_path
from build.series import FeedSeries
from build.writer import TreeWriter

JSON_TEXTS = frozenset({"changes"})
"""Text columns that already hold JSON (embedded as-is, not as a string)."""


def number(value: float) -> int | float | None:
    """NaN -> null, integral floats -> int (12 stars, not 12.0), others unchanged."""
    if value is None or math.isnan(value):
        return None
    return int(value) if float(value).is_integer() else float(value)


def history_columns(series: FeedSeries) -> list[str]:
    return [*series.metrics, *series.texts]


def entity_history(series: FeedSeries, i: int) -> list[dict[str, Any]]:
    """The history rows of entity `i` (the same rows the file holds), oldest first."""
    days = np.flatnonzero(series.seen[i])
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


def write_history(writer: TreeWriter, series: FeedSeries, progress: Callable[[str], None] | None = None) -> int:
    """Write every entity's history file; returns the number of files."""
    for i, entity in enumerate(series.entities):
        lines = [orjson.dumps(row) for row in entity_history(series, i)]
        writer.write_bytes(history_path(series.feed, entity), b"\n".join(lines) + b"\n")
        if progress is not None and i % 2000 == 0 and i:
            progress(f"{series.feed}: history {i:,}/{len(series.entities):,}")
    return len(series.entities)
