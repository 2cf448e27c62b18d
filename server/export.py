"""Bulk export of the archive (the data licence): what can be downloaded, and building one download.

No web framework here: server/export_routes.py authenticates, counts and streams; this module reads the
archive's day files (`<data dir>/archive/<feed>/<YYYY-MM-DD>.parquet`, collectors/columnar.py) directly
with pyarrow, and writes built exports under `<data dir>/exports/`.

Listing. Each day file's size, row count and SHA-256 are computed once per file version (path, size,
mtime, inode) and kept in memory and in `exports/digests/<feed>.json`, so a listing never hashes a year:
only files new since the last listing are read (a nightly collection adds six).

One download = one file on disk. An export of (feed, days, format) is built once into
`exports/<feed>/<key>.<ext>` (temporary name, then an atomic rename), where `key` hashes the format
version, the feed, the format and each included day with its file's SHA-256: the same days give the
same bytes, so the ETag is the key, a `Range` resumes exactly where a broken download stopped, and a
re-collected day gives a new key (a new ETag). `from`/`to` are normalised to the days present, so any
two ranges covering the same days share one build. Builds stream: one batch of rows in memory at a
time, whatever the range. The least recently served exports are deleted when the directory holds
more than FEEDS_EXPORT_CACHE_MB.

Parquet: columns `day` (string, `YYYY-MM-DD`), `entity` (string), `data` (string: the row exactly as
served, JSON) and the feed's typed columns (collectors/models.py `FeedInfo.columns`; taken from the
day file when it holds the current version of the column, else derived from `data` the same way, null
where a value does not fit the type). Rows are in day order, then entity order; zstd.
CSV (gzip): a header row, then `day` and one column per top-level field of the rows (the union over
the exported days, in the order first seen), nested values (objects, lists) as JSON text, numbers and
booleans as JSON writes them, null and missing fields as empty cells.
"""

from __future__ import annotations

import contextlib
import csv
import gzip
import hashlib
import io
import os
import re
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from collectors.archive import rows_dir_for
from collectors.models import FEED_NAMES, FEEDS, ArchiveColumn
from feeds.settings import Settings

EXPORT_VERSION = 1
"""Bump when the bytes an export is built into change (columns, compression): every key changes with it."""
BATCH_ROWS = 8192
"""Rows read, converted and written at a time (one Parquet row group each): the memory a build holds."""
HASH_CHUNK = 1024 * 1024
STALE_TEMPORARY_SECONDS = 6 * 3600
"""A temporary build file this old (not written for that long) was left by a process that died: deleted."""
DAY_FILE = re.compile(r"^(\d{4}-\d{2}-\d{2})\.parquet$")
COLUMNS_KEY = b"feeds.columns"
"""The day file's metadata listing the typed columns it holds (`name:kind:version`; collectors/columnar.py)."""
MEDIA_TYPES = {"parquet": "application/vnd.apache.parquet", "csv": "application/gzip"}
SUFFIXES = {"parquet": ".parquet", "csv": ".csv.gz"}
KINDS = {"number": pa.float64(), "text": pa.string()}


@dataclass(frozen=True)
class DayFile:
    day: str
    path: Path
    bytes: int
    rows: int
    sha256: str


@dataclass(frozen=True)
class Export:
    """One download: the days it holds, its key (the ETag) and where its built file lives."""

    feed: str
    format: str
    files: tuple[DayFile, ...]
    key: str
    path: Path

    @property
    def first(self) -> str:
        return self.files[0].day

    @property
    def last(self) -> str:
        return self.files[-1].day

    @property
    def filename(self) -> str:
        return f"{self.feed}_{self.first}_{self.last}{SUFFIXES[self.format]}"

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.format]


def archive_root(settings: Settings) -> Path:
    return rows_dir_for(settings.archive_path)


def exports_root(settings: Settings) -> Path:
    return Path(settings.feeds_data_dir) / "exports"


# -- the listing: size, rows and SHA-256 of each day file, computed once -------------------------------


_Stamp = tuple[int, int, int]
"""(size, mtime_ns, inode): a day file is replaced by a rename, which changes at least the inode."""


class Digests:
    """Per-file facts cached in memory and on disk (`exports/digests/<feed>.json`), shared by threads."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lock = threading.Lock()
        self._by_feed: dict[str, dict[str, dict[str, Any]]] = {}

    def files(self, archive: Path, feed: str) -> list[DayFile]:
        """The feed's day files, oldest first, each with its size, rows and SHA-256."""
        folder = archive / feed
        try:
            names = sorted(os.listdir(folder))
        except FileNotFoundError:
            return []
        with self._lock:
            known = self._by_feed.get(feed)
            if known is None:
                known = self._load(feed)
                self._by_feed[feed] = known
            known = dict(known)
        out: list[DayFile] = []
        changed = False
        for name in names:
            match = DAY_FILE.match(name)
            if match is None:
                continue
            path = folder / name
            try:
                st = path.stat()
            except FileNotFoundError:  # replaced or removed while listing
                continue
            stamp = [st.st_size, st.st_mtime_ns, st.st_ino]
            entry = known.get(name)
            if entry is None or entry.get("stamp") != stamp:
                try:
                    digest, rows = _digest(path)
                except FileNotFoundError:
                    continue
                entry = {"stamp": stamp, "sha256": digest, "rows": rows}
                known[name] = entry
                changed = True
            out.append(DayFile(match.group(1), path, st.st_size, int(entry["rows"]), str(entry["sha256"])))
        if changed:
            present = {name for name in names if DAY_FILE.match(name)}
            kept = {name: entry for name, entry in known.items() if name in present}
            with self._lock:
                self._by_feed[feed] = kept
            self._save(feed, kept)
        return out

    def _load(self, feed: str) -> dict[str, dict[str, Any]]:
        try:
            loaded = orjson.loads((self.root / f"{feed}.json").read_bytes())
        except (FileNotFoundError, orjson.JSONDecodeError):
            return {}
        return loaded if isinstance(loaded, dict) else {}

    def _save(self, feed: str, entries: dict[str, dict[str, Any]]) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        final = self.root / f"{feed}.json"
        temporary = final.with_name(f"{final.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
        try:
            temporary.write_bytes(orjson.dumps(entries, option=orjson.OPT_SORT_KEYS))
            os.replace(temporary, final)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink()


def _digest(path: Path) -> tuple[str, int]:
    """SHA-256 of the file's bytes and its row count (from the Parquet footer), reading one open file."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while chunk := file.read(HASH_CHUNK):
            digest.update(chunk)
        file.seek(0)
        rows = int(pq.ParquetFile(file).metadata.num_rows)
    return digest.hexdigest(), rows


_digests: dict[Path, Digests] = {}
_digests_lock = threading.Lock()


def digests_for(settings: Settings) -> Digests:
    root = exports_root(settings) / "digests"
    with _digests_lock:
        found = _digests.get(root)
        if found is None:
            found = _digests[root] = Digests(root)
        return found


def listing(settings: Settings) -> dict[str, Any]:
    """Every feed with its days: the body of `GET /api/v1/export` (schema `ExportList`)."""
    archive = archive_root(settings)
    digests = digests_for(settings)
    feeds = []
    for feed in FEED_NAMES:
        files = digests.files(archive, feed)
        feeds.append(
            {
                "feed": feed,
                "days": len(files),
                "from": files[0].day if files else None,
                "to": files[-1].day if files else None,
                "bytes": sum(f.bytes for f in files),
                "rows": sum(f.rows for f in files),
                "files": [
                    {
                        "day": f.day,
                        "file": f"{feed}/{f.path.name}",
                        "bytes": f.bytes,
                        "rows": f.rows,
                        "sha256": f.sha256,
                    }
                    for f in files
                ],
            }
        )
    return {"formats": list(SUFFIXES), "feeds": feeds}


# -- one export -----------------------------------------------------------------------------------------


def plan_export(settings: Settings, feed: str, start: str | None, end: str | None, fmt: str) -> Export | None:
    """The export of `feed`'s days from `start` to `end` (inclusive; None: open), or None without any day."""
    files = tuple(
        f
        for f in digests_for(settings).files(archive_root(settings), feed)
        if (start is None or f.day >= start) and (end is None or f.day <= end)
    )
    if not files:
        return None
    digest = hashlib.sha256(f"{EXPORT_VERSION}|{feed}|{fmt}".encode())
    for f in files:
        digest.update(f"|{f.day}:{f.sha256}".encode())
    key = digest.hexdigest()[:40]
    path = exports_root(settings) / feed / f"{key}{SUFFIXES[fmt]}"
    return Export(feed, fmt, files, key, path)


_building: dict[Path, threading.Lock] = {}
_building_lock = threading.Lock()
_builds: dict[Path, Future[int]] = {}
_builder = ThreadPoolExecutor(max_workers=2, thread_name_prefix="export-build")
"""Builds run here, not in the request: a build longer than the server's response timeout (a year as CSV
takes minutes) goes on after the request that started it has been answered, and the next request finds it."""


def build(export: Export, cache_bytes: int) -> Future[int]:
    """The running or a new build of the export's file (its size when done); at most one per file and process."""
    with _building_lock:
        running = _builds.get(export.path)
        if running is not None and not running.done():
            return running
        future = _builder.submit(ensure_built, export, cache_bytes)
        _builds[export.path] = future
        future.add_done_callback(lambda done: _forget(export.path, done))
        return future


def _forget(path: Path, done: Future[int]) -> None:
    with _building_lock:
        if _builds.get(path) is done:
            del _builds[path]


def ensure_built(export: Export, cache_bytes: int) -> int:
    """Build the export's file unless it exists (one build per file at a time in this process); its size."""
    with _building_lock:
        lock = _building.setdefault(export.path, threading.Lock())
    with lock:
        try:
            size = export.path.stat().st_size
            os.utime(export.path)  # served now: the last to be evicted
            return size
        except FileNotFoundError:
            pass
        export.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = export.path.with_name(f"{export.path.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
        try:
            if export.format == "parquet":
                _write_parquet(export, temporary)
            else:
                _write_csv(export, temporary)
            os.replace(temporary, export.path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
            raise
        size = export.path.stat().st_size
    evict(export.path.parent.parent, cache_bytes, keep=export.path)
    return size


def evict(root: Path, budget: int, keep: Path) -> None:
    """Delete the least recently served exports until the built ones fit `budget` bytes (never `keep`)."""
    built = []
    for feed in FEED_NAMES:
        with contextlib.suppress(FileNotFoundError):
            for entry in os.scandir(root / feed):
                with contextlib.suppress(FileNotFoundError):
                    st = entry.stat()
                    if ".tmp-" not in entry.name:
                        built.append((st.st_mtime_ns, st.st_size, Path(entry.path)))
                    elif st.st_mtime < time.time() - STALE_TEMPORARY_SECONDS:
                        os.unlink(entry.path)  # left by a process that died mid-build
    total = sum(size for _, size, _ in built)
    for _, size, path in sorted(built):
        if total <= budget:
            break
        if path == keep:
            continue
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # a download already streaming it keeps its open file
        total -= size


# -- building -------------------------------------------------------------------------------------------


def _file_columns(file: pq.ParquetFile) -> set[str]:
    """Typed columns the day file holds in their current version (collectors/columnar.py `signatures`)."""
    metadata = file.schema_arrow.metadata or {}
    try:
        listed = orjson.loads(metadata.get(COLUMNS_KEY, b"[]"))
    except orjson.JSONDecodeError:
        return set()
    return {s for s in listed if isinstance(s, str) and s.split(":")[0] in file.schema_arrow.names}


def _derived(column: ArchiveColumn, rows: list[Any]) -> pa.Array:
    """The typed column from decoded rows, value by value: null where a value does not fit the type."""
    values: list[Any] = []
    for row in rows:
        try:
            value = column.extract(row) if isinstance(row, dict) else None
        except Exception:  # a row the extractor cannot read has no value
            value = None
        if column.kind == "number":
            try:
                value = None if value is None or isinstance(value, str) else float(value)
            except (TypeError, ValueError, OverflowError):
                value = None
        elif not isinstance(value, str):
            value = None
        values.append(value)
    return pa.array(values, KINDS[column.kind])


def _batches(day: DayFile, columns: list[str]) -> Iterator[pa.RecordBatch]:
    file = pq.ParquetFile(day.path)
    present = set(file.schema_arrow.names)
    yield from file.iter_batches(batch_size=BATCH_ROWS, columns=[c for c in columns if c in present], use_threads=False)


def parquet_schema(feed: str) -> pa.Schema:
    typed = FEEDS[feed].columns
    fields = [pa.field("day", pa.string()), pa.field("entity", pa.string()), pa.field("data", pa.string())]
    fields += [pa.field(c.name, KINDS[c.kind]) for c in typed]
    return pa.schema(fields)


def _write_parquet(export: Export, target: Path) -> None:
    typed = FEEDS[export.feed].columns
    schema = parquet_schema(export.feed)
    with pq.ParquetWriter(target, schema, compression="zstd", compression_level=3) as writer:
        for day in export.files:
            usable = {c.name for c in typed if c.signature in _file_columns(pq.ParquetFile(day.path))}
            for batch in _batches(day, ["entity", "data", *sorted(usable)]):
                n = batch.num_rows
                data = batch.column(batch.schema.get_field_index("data"))
                decoded: list[Any] | None = None
                arrays: list[pa.Array] = [
                    pa.array([day.day] * n, pa.string()),
                    batch.column(batch.schema.get_field_index("entity")),
                    pc.cast(data, pa.string()),
                ]
                for column in typed:
                    if column.name in usable:
                        arrays.append(batch.column(batch.schema.get_field_index(column.name)))
                        continue
                    if decoded is None:
                        decoded = [orjson.loads(blob) for blob in data.to_pylist()]
                    arrays.append(_derived(column, decoded))
                writer.write_batch(pa.RecordBatch.from_arrays(arrays, schema=schema))


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return orjson.dumps(value).decode()


def _rows(export: Export) -> Iterator[tuple[str, list[Any]]]:
    """(day, decoded rows of one batch), the export's days in order."""
    for day in export.files:
        for batch in _batches(day, ["data"]):
            yield day.day, [orjson.loads(blob) for blob in batch.column(0).to_pylist()]


def csv_fields(export: Export) -> list[str]:
    """Top-level fields of the rows, the union over the export's days, in the order first seen."""
    seen: dict[str, None] = {}
    for _, rows in _rows(export):
        for row in rows:
            if isinstance(row, dict):
                for name in row:
                    if name not in seen:
                        seen[name] = None
    return list(seen)


def csv_header(fields: list[str]) -> list[str]:
    """`day` (the archive day), then the fields; a row field that is itself named `day` is headed `day_field`."""
    return ["day", *["day_field" if name == "day" else name for name in fields]]


def _write_csv(export: Export, target: Path) -> None:
    fields = csv_fields(export)  # first pass: the columns
    # mtime=0 and no file name in the gzip header: the same days give the same bytes (the ETag and Range rely on it).
    with (
        open(target, "wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=6, mtime=0) as packed,
        io.TextIOWrapper(packed, encoding="utf-8", newline="") as text,
    ):
        writer = csv.writer(text)
        writer.writerow(csv_header(fields))
        for day, rows in _rows(export):  # second pass: the rows
            writer.writerows(
                [day, *(_cell(row.get(name)) for name in fields)] if isinstance(row, dict) else [day] for row in rows
            )


def csv_bytes(fields: list[str], rows: list[dict[str, Any]]) -> bytes:
    """A small CSV (history pages): a header of `fields`, one line per row, nested values as JSON."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(fields)
    writer.writerows([_cell(row.get(name)) for name in fields] for row in rows)
    return out.getvalue().encode()
