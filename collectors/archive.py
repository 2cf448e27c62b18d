"""The daily archive: one normalised row per (feed, entity, day), one Parquet file per (feed, day).

Rows live in `<data dir>/archive/<feed>/<YYYY-MM-DD>.parquet` (collectors/columnar.py): the row as
served (`data`, orjson bytes) and typed columns of the values the build reads (`FeedInfo.columns`),
so a build reads a year of numbers without decoding a row. A day of a feed is replaced by writing a
new file under a temporary name and renaming it over the old one, so re-collecting is idempotent and
a crash mid-write leaves the previous content of that day. A failed collection writes only its
run-log line: earlier days are never touched.

Why Parquet (read and written with pyarrow): a year is ~0.5 GB instead of 5.7 GB of SQLite (zstd,
columnar), and a column is read without the rest of the row; pyarrow hands columns to numpy directly
and needs no server or extension. The run log stays in SQLite (the `runs` table of `archive.sqlite`,
beside the `archive/` directory): small, appended to, queried by feed.

An archive written before (rows in the `rows` table of `archive.sqlite`) is converted, verified and
kept aside by `feeds archive migrate`; until then `Archive` refuses to open it (`LegacyArchiveError`).

Schema of the run log (also in the README):

    runs(id INTEGER PRIMARY KEY, feed, day, status 'ok'|'failed', rows, new, changed, warnings,
         started_at, duration_s, error, items, skipped, new_fields)
         -- items: upstream items validated; skipped: those that failed; new_fields: unknown
         -- upstream fields with counts (`name(3), ...`), the early warning of a format change
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import orjson

from collectors.columnar import DayFiles, day_table

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id         INTEGER PRIMARY KEY,
    feed       TEXT NOT NULL,
    day        TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
    rows       INTEGER NOT NULL DEFAULT 0,
    new        INTEGER NOT NULL DEFAULT 0,
    changed    INTEGER NOT NULL DEFAULT 0,
    warnings   INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,
    duration_s REAL NOT NULL,
    error      TEXT,
    items      INTEGER NOT NULL DEFAULT 0,
    skipped    INTEGER NOT NULL DEFAULT 0,
    new_fields TEXT
);
CREATE INDEX IF NOT EXISTS runs_by_feed ON runs (feed, day);
"""

RUN_COUNT_COLUMNS = (
    ("items", "INTEGER NOT NULL DEFAULT 0"),
    ("skipped", "INTEGER NOT NULL DEFAULT 0"),
    ("new_fields", "TEXT"),
)
RUN_COLUMNS = (
    "feed, day, status, rows, new, changed, warnings, started_at, duration_s, error, items, skipped, new_fields"
)


@dataclass(frozen=True)
class RunRecord:
    feed: str
    day: str
    status: str
    rows: int
    new: int
    changed: int
    warnings: int
    started_at: str
    duration_s: float
    error: str | None = None
    items: int = 0
    skipped: int = 0
    new_fields: str | None = None

    def summary(self) -> str:
        counts = f"skipped={self.skipped}/{self.items}" + (f" new_fields={self.new_fields}" if self.new_fields else "")
        if self.status == "ok":
            return (
                f"{self.feed:<18} {self.day}  ok      rows={self.rows:<6} new={self.new:<5} "
                f"changed={self.changed:<5} warnings={self.warnings:<3} {counts} {self.duration_s:.1f}s"
            )
        return (
            f"{self.feed:<18} {self.day}  FAILED  {self.error}  ({counts}; {self.duration_s:.1f}s; earlier days kept)"
        )


class LegacyArchiveError(RuntimeError):
    """`archive.sqlite` still holds its rows in the old `rows` table: run `feeds archive migrate`."""


def rows_dir_for(path: Path) -> Path:
    """Where the Parquet files of the archive whose run log is `path` live: `archive.sqlite` ->
    `archive/`, beside it."""
    return path.with_suffix("") if path.suffix else path.with_name(f"{path.name}-rows")


def legacy_row_count(db: sqlite3.Connection) -> int:
    """Whether the run-log database still holds rows of the old layout (0 when not; 1 when it does)."""
    if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'rows'").fetchone() is None:
        return 0
    return 1 if db.execute("SELECT 1 FROM rows LIMIT 1").fetchone() else 0


class Archive:
    def __init__(self, path: Path | str, rows_dir: Path | str | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.files = DayFiles(Path(rows_dir) if rows_dir is not None else rows_dir_for(self.path))
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            if legacy_row_count(self.db):
                raise LegacyArchiveError(
                    f"{self.path} holds the archive in the old SQLite layout: run `feeds archive migrate` "
                    f"(converts it to {self.files.root}/<feed>/<day>.parquet and verifies every day)"
                )
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
            self._upgrade_runs()
        except BaseException:
            self.db.close()
            raise

    def _upgrade_runs(self) -> None:
        """Add the item counts to a run log written before they existed (idempotent)."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(runs)")}
        for column, kind in RUN_COUNT_COLUMNS:
            if column not in have:
                self.db.execute(f"ALTER TABLE runs ADD COLUMN {column} {kind}")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------

    def replace_day(self, feed: str, day: date | str, rows: Iterable[tuple[str, bytes]]) -> int:
        """Replace everything of `feed` on `day` with `rows` (entity, JSON bytes), atomically: nothing
        changes unless every row was read and the new file is complete on disk."""
        day_s = str(day)
        return self.files.write(feed, day_s, day_table(feed, list(rows)))

    def log_run(self, run: RunRecord) -> None:
        self.db.execute(
            f"INSERT INTO runs ({RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run.feed,
                run.day,
                run.status,
                run.rows,
                run.new,
                run.changed,
                run.warnings,
                run.started_at,
                run.duration_s,
                run.error,
                run.items,
                run.skipped,
                run.new_fields,
            ),
        )

    # -- reading -------------------------------------------------------------------------------

    def days(self, feed: str) -> list[str]:
        """Days that hold rows for `feed`, oldest first."""
        return self.files.days(feed)

    def latest_day(self, feed: str, before: date | str | None = None) -> str | None:
        """Most recent day with rows for `feed`, strictly before `before` when given."""
        days = self.files.days(feed)
        if before is not None:
            days = [day for day in days if day < str(before)]
        return days[-1] if days else None

    def rows_on(self, feed: str, day: date | str) -> dict[str, dict[str, Any]]:
        return {entity: orjson.loads(data) for entity, data in self.files.pairs(feed, str(day))}

    def raw_rows_on(self, feed: str, day: date | str) -> Iterator[tuple[str, bytes]]:
        yield from self.files.pairs(feed, str(day))

    def latest_rows(self, feed: str, before: date | str, entities: Iterable[str]) -> dict[str, dict[str, Any]]:
        """Each of `entities`' most recent row of `feed` strictly before `before`, whatever day it is from.

        Unlike `rows_on(feed, latest_day(feed, before))`, an entity missing from the latest day (a page
        that failed to fetch that day) still gets its last snapshot. Entities never archived before
        `before` are absent. Walks the days backwards reading the entity column, and `data` only of the
        days that hold a wanted entity; stops as soon as every entity is found.
        """
        wanted = set(entities)
        found: dict[str, dict[str, Any]] = {}
        for day in reversed(self.days(feed)):
            if not wanted:
                break
            if day >= str(before):
                continue
            names = self.files.read(feed, day, ("entity",)).column("entity").to_pylist()
            hits = [i for i, entity in enumerate(names) if entity in wanted]
            if not hits:
                continue
            data = self.files.read(feed, day, ("data",)).column("data").take(hits).to_pylist()
            for i, blob in zip(hits, data, strict=True):
                found[names[i]] = orjson.loads(blob)
                wanted.discard(names[i])
        return found

    def entity_series(self, feed: str, entity: str) -> list[tuple[str, dict[str, Any]]]:
        """Every archived row of one entity, oldest first (reads the entity column of every day)."""
        series = []
        for day in self.days(feed):
            names = self.files.read(feed, day, ("entity",)).column("entity").to_pylist()
            if entity in names:
                data = self.files.read(feed, day, ("data",)).column("data")[names.index(entity)].as_py()
                series.append((day, orjson.loads(data)))
        return series

    def count(self, feed: str | None = None, day: date | str | None = None) -> int:
        feeds = [feed] if feed is not None else self.files.feeds()
        total = 0
        for name in feeds:
            days = [str(day)] if day is not None else self.files.days(name)
            total += sum(self.files.num_rows(name, d) for d in days)
        return total

    def runs(self, feed: str | None = None, limit: int = 50) -> list[RunRecord]:
        sql = f"SELECT {RUN_COLUMNS} FROM runs"
        args: list[Any] = []
        if feed is not None:
            sql += " WHERE feed = ?"
            args.append(feed)
        sql += " ORDER BY id DESC LIMIT ?"
        args.append(limit)
        return [RunRecord(*r) for r in self.db.execute(sql, args)]

    def last_success(self, feed: str) -> RunRecord | None:
        """The latest successful collection of `feed`: what `updatedAt` of the feed reports."""
        row = self.db.execute(
            f"SELECT {RUN_COLUMNS} FROM runs WHERE feed = ? AND status = 'ok' ORDER BY day DESC, id DESC LIMIT 1",
            (feed,),
        ).fetchone()
        return RunRecord(*row) if row else None
