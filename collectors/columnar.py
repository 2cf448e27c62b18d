"""The archive's rows on disk: one Parquet file per (feed, day), columnar and zstd-compressed.

Layout (collectors/archive.py keeps the run log beside it):

    <root>/<feed>/<YYYY-MM-DD>.parquet
        entity  string   the row's key; rows sorted by it (code point order, as SQLite's ORDER BY)
        data    binary   the row exactly as served (orjson bytes): the truth, never rewritten
        <name>  float64 | string   the feed's typed columns (`FeedInfo.columns`, collectors/models.py),
                                   derived from `data` when the day is written
    file metadata `feeds.columns`: the signatures (`name:kind:version`) of the typed columns it holds
    file metadata `feeds.checksum`: `checksum` of the day's rows (the snapshot's content hash), so a reader
                                    names the snapshot from the footer without reading a row

Why one file per day: re-collecting a day replaces exactly one file, written to `<name>.tmp-<pid>`,
fsynced and renamed over the old one (then the directory is fsynced), so a reader sees the old day or
the new one, and a crash mid-write leaves the previous file. A year is 6 x 365 files; the largest
(15,000 repositories) is about 1.3 MB. A month in one file sorted by (entity, day) would be about 7
times smaller (an entity's row barely changes from one day to the next: 5.3 MiB instead of 36.9 MiB for
30 days of repositories), but every nightly collection would read and rewrite its month; at 0.54 GiB
a year, per-day files are well within budget.

A typed value that does not fit its column (a string where a number belongs) drops that column from
that one file; readers then decode that file's `data` with the same `extract`, so no value is ever
approximated.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import orjson
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from collectors.models import FEEDS, ArchiveColumn

SUFFIX = ".parquet"
COLUMNS_KEY = b"feeds.columns"
CHECKSUM_KEY = b"feeds.checksum"
COMPRESSION = "zstd"
COMPRESSION_LEVEL = 6
"""zstd level. A day of 15,000 repositories (8.7 MB of JSON) is 1.37 MB at level 1, 1.29 MB at 6 and
1.10 MB at 9, which writes twice as slowly; a year of the bench archive is 0.54 GiB at 6."""
DAY_NAME = re.compile(r"^\d{4}-\d{2}-\d{2}\.parquet$")
FEED_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
KINDS = {"number": pa.float64(), "text": pa.string()}

Rows = Sequence[tuple[str, bytes]]


def typed_columns(feed: str) -> tuple[ArchiveColumn, ...]:
    info = FEEDS.get(feed)
    return info.columns if info is not None else ()


def _typed_array(column: ArchiveColumn, values: list[Any]) -> pa.Array | None:
    """The column's Arrow array, or None when a value does not fit (the file then goes without it)."""
    try:
        if column.kind == "number":
            return pa.array([None if v is None else float(v) for v in values], pa.float64())
        if any(v is not None and not isinstance(v, str) for v in values):
            return None
        return pa.array(values, pa.string())
    except (TypeError, ValueError, OverflowError, pa.ArrowException):
        return None


def day_table(feed: str, rows: Rows) -> pa.Table:
    """The Arrow table of one day: rows sorted by entity, plus the feed's typed columns."""
    ordered = sorted(rows, key=lambda pair: pair[0])
    for (a, _), (b, _) in itertools.pairwise(ordered):
        if a == b:
            raise ValueError(f"{feed}: entity {a!r} twice in one day")
    arrays: dict[str, pa.Array] = {
        "entity": pa.array([entity for entity, _ in ordered], pa.string()),
        "data": pa.array([bytes(data) for _, data in ordered], pa.binary()),
    }
    signatures = []
    columns = typed_columns(feed)
    if columns:
        decoded = [orjson.loads(data) for _, data in ordered]
        for column in columns:
            array = _typed_array(column, [column.extract(row) for row in decoded])
            if array is not None:
                arrays[column.name] = array
                signatures.append(column.signature)
    table = pa.table(arrays)
    return table.replace_schema_metadata({COLUMNS_KEY: orjson.dumps(signatures), CHECKSUM_KEY: checksum(ordered)})


def checksum(rows: Iterable[tuple[str, bytes]]) -> str:
    """SHA-256 over the rows sorted by entity, each as length-prefixed entity and data: equal for the
    same day whatever stores it (what `feeds archive migrate` and `verify` compare)."""
    digest = hashlib.sha256()
    for entity, data in sorted(rows, key=lambda pair: pair[0]):  # timsort: linear on rows already in order
        key = entity.encode()
        digest.update(len(key).to_bytes(4, "big") + key + len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def fsync_path(path: Path) -> None:
    """fsync a file or a directory (a rename is durable only once its directory is synced)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class DayFiles:
    """The Parquet files under `root`: write a day atomically, list days, read columns of a day."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def feed_dir(self, feed: str) -> Path:
        if not FEED_NAME.match(feed):
            raise ValueError(f"not a feed name: {feed!r}")
        return self.root / feed

    def path(self, feed: str, day: str) -> Path:
        if not DAY_NAME.match(day + SUFFIX):
            raise ValueError(f"not a day: {day!r}")
        return self.feed_dir(feed) / f"{day}{SUFFIX}"

    def feeds(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if p.is_dir() and FEED_NAME.match(p.name))

    def days(self, feed: str) -> list[str]:
        """Days with a file, oldest first (temporary files of a write in progress are not days)."""
        try:
            names = os.listdir(self.feed_dir(feed))
        except FileNotFoundError:
            return []
        return sorted(name[: -len(SUFFIX)] for name in names if DAY_NAME.match(name))

    def write(self, feed: str, day: str, table: pa.Table) -> int:
        """Replace the day's file with `table` (or remove it when empty): temporary name, fsync, rename,
        fsync of the directory. Anything raised before the rename leaves the previous file."""
        final = self.path(feed, day)
        final.parent.mkdir(parents=True, exist_ok=True)
        if table.num_rows == 0:
            with contextlib.suppress(FileNotFoundError):
                final.unlink()
                fsync_path(final.parent)
            return 0
        temporary = final.with_name(f"{final.name}.tmp-{os.getpid()}")
        try:
            pq.write_table(
                table,
                temporary,
                compression=COMPRESSION,
                compression_level=COMPRESSION_LEVEL,
                use_dictionary=[name for name in table.column_names if name not in ("entity", "data")],
                write_statistics=["entity"],
            )
            fd = os.open(temporary, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, final)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                temporary.unlink()
            raise
        fsync_path(final.parent)
        return int(table.num_rows)

    def exists(self, feed: str, day: str) -> bool:
        return self.path(feed, day).is_file()

    def num_rows(self, feed: str, day: str) -> int:
        """Rows of a day, from the file's footer (no data read); 0 when the day has no file."""
        try:
            return int(pq.read_metadata(self.path(feed, day)).num_rows)
        except FileNotFoundError:
            return 0

    def read(self, feed: str, day: str, columns: Sequence[str]) -> pa.Table:
        """These columns of a day (those the file holds; see `signatures`)."""
        file = pq.ParquetFile(self.path(feed, day))
        present = set(file.schema_arrow.names)
        return file.read(columns=[c for c in columns if c in present], use_threads=False)

    def signatures(self, feed: str, day: str) -> set[str]:
        """The typed columns a day's file holds (`name:kind:version`)."""
        schema = pq.read_schema(self.path(feed, day))
        listed = orjson.loads((schema.metadata or {}).get(COLUMNS_KEY, b"[]"))
        return {signature for signature in listed if signature.split(":")[0] in schema.names}

    def stored_checksum(self, feed: str, day: str) -> str | None:
        """The day's `checksum` as written in its footer; None for a file written before it was kept there
        (`feeds archive migrate` rewrites those)."""
        metadata = pq.read_schema(self.path(feed, day)).metadata or {}
        value = metadata.get(CHECKSUM_KEY)
        return value.decode() if value else None

    def find(self, feed: str, day: str, entity: str) -> tuple[bytes, int] | None:
        """One entity's row of a day (the bytes as served) and the day's row count; None when the day does not
        hold it. Reads the entity column, and `data` only when the entity is there."""
        file = pq.ParquetFile(self.path(feed, day))
        names = file.read(columns=["entity"], use_threads=False).column("entity")
        index = pc.index(names, pa.scalar(entity, pa.string())).as_py()
        if index < 0:
            return None
        data = file.read(columns=["data"], use_threads=False).column("data")[index].as_py()
        return bytes(data), int(file.metadata.num_rows)

    def pairs(self, feed: str, day: str) -> list[tuple[str, bytes]]:
        """(entity, data) of a day in entity order; [] when the day has no file."""
        try:
            table = self.read(feed, day, ("entity", "data"))
        except FileNotFoundError:
            return []
        return list(zip(table.column("entity").to_pylist(), table.column("data").to_pylist(), strict=True))
