"""Feed output: everything the server needs to answer any feed request without parsing a row.

Per feed, in `api/feeds/<feed>/`:

- `rows.jsonl`: the current rows, serialised once, one per line, newest first by the feed's
  `since` field (SPEC §4.1); rows without that field last. `since` is then a prefix of the file.
- `index.json`: `{"since": [...]}`, the sortable `since` key of each row (same order; "" if none).
- `search.txt`: one lowercase line per row holding every field value, for `q`, and its
  suffix-array index (`search.*.npy`, build/search_index.py), so `q` is a lookup, never a scan.
- `meta.json`: feed, title, source, updatedAt (the last successful collection), day, stale, total.
- `page1.json`: the complete default response (offset 0, limit 100), ready to send.

`page_bytes` assembles a response from pre-serialised rows; the server uses the same function, so
the two can never disagree on the shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import orjson

from build.paths import feed_dir, sample_path
from build.search_index import build_index
from build.writer import TreeWriter
from collectors.archive import Archive
from collectors.models import FEEDS

DEFAULT_LIMIT = 100
SAMPLE_SIZE = 5


def search_text(row: Any) -> str:
    """All field values of a row, lowercased, separated so a match cannot straddle two fields."""
    parts: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif value is not None:
            parts.append(str(value).lower() if not isinstance(value, bool) else ("true" if value else "false"))

    walk(row)
    return "\x1f".join(parts).replace("\n", " ").replace("\r", " ")


def page_bytes(meta: dict[str, Any], total: int, offset: int, limit: int, rows: Sequence[bytes]) -> bytes:
    """The feed response of SPEC §2.1 from pre-serialised rows: no row is parsed or re-encoded."""
    head = orjson.dumps(
        {
            "feed": meta["feed"],
            "title": meta["title"],
            "source": meta["source"],
            "updatedAt": meta["updatedAt"],
            "total": total,
            "offset": offset,
            "limit": limit,
            "count": len(rows),
        }
    )
    if len(rows) < 2:
        return head[:-1] + b',"data":[' + b"".join(rows) + b"]}"
    # one copy of the (up to ~60 KB) rows rather than a join and then a concatenation
    return b",".join([head[:-1] + b',"data":[' + rows[0], *rows[1:-1], rows[-1] + b"]}"])


@dataclass
class FeedOutput:
    meta: dict[str, Any]
    sample: list[bytes]
    rows: int


def feed_meta(archive: Archive, feed: str, day: str | None, total: int) -> dict[str, Any]:
    info = FEEDS[feed]
    last_ok = archive.last_success(feed)
    latest = archive.runs(feed, 1)
    stale = bool(latest and latest[0].status != "ok")
    meta: dict[str, Any] = {
        "feed": feed,
        "title": info.title,
        "source": info.source,
        "updatedAt": last_ok.started_at if last_ok else None,
        "day": day,
        "total": total,
        "sinceField": info.since_field,
        "stale": stale,
    }
    if stale:
        meta["lastError"] = latest[0].error
        meta["lastAttemptAt"] = latest[0].started_at
    return meta


def _sorted_rows(archive: Archive, feed: str, day: str) -> list[tuple[str, bytes, dict[str, Any]]]:
    since_field = FEEDS[feed].since_field
    rows = []
    for _entity, data in archive.raw_rows_on(feed, day):
        row = orjson.loads(data)
        rows.append((row.get(since_field) or "", data, row))
    # newest first; rows without the field last; entity breaks ties so output is deterministic
    rows.sort(key=lambda r: r[2]["entity"])
    rows.sort(key=lambda r: r[0], reverse=True)
    return rows


def write_feed(writer: TreeWriter, archive: Archive, feed: str, day: str | None) -> FeedOutput:
    rows = _sorted_rows(archive, feed, day) if day else []
    base = feed_dir(feed)
    meta = feed_meta(archive, feed, day, len(rows))
    with writer.open_stream(f"{base}/rows.jsonl") as fh:
        for _, data, _ in rows:
            fh.write(data)
            fh.write(b"\n")
    blob = b"".join(search_text(row).encode() + b"\n" for _, _, row in rows)
    with writer.open_stream(f"{base}/search.txt") as fh:
        fh.write(blob)
    for name, array in build_index(blob).files():
        with writer.open_stream(f"{base}/{name}") as fh:
            np.save(fh, array, allow_pickle=False)
    writer.write_json(f"{base}/index.json", {"since": [key for key, _, _ in rows]})
    writer.write_json(f"{base}/meta.json", meta)
    first = [data for _, data, _ in rows[:DEFAULT_LIMIT]]
    writer.write_bytes(f"{base}/page1.json", page_bytes(meta, len(rows), 0, DEFAULT_LIMIT, first))
    sample = first[:SAMPLE_SIZE]
    writer.write_bytes(sample_path(feed), page_bytes(meta, len(sample), 0, SAMPLE_SIZE, sample))
    return FeedOutput(meta=meta, sample=sample, rows=len(rows))


def write_sample_index(writer: TreeWriter, outputs: Iterable[FeedOutput], path: str) -> None:
    """All feeds' samples in one document: {"feeds": [<sample of each feed>]}."""
    parts = [page_bytes(o.meta, len(o.sample), 0, SAMPLE_SIZE, o.sample) for o in outputs]
    writer.write_bytes(path, b'{"feeds":[' + b",".join(parts) + b"]}")
